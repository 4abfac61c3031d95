//go:build !(linux || darwin || freebsd || netbsd || openbsd)

package main

import "os"

// terminalWidth is 0 (unknown) where the program does not ask the system:
// text then wraps to 80 columns.
func terminalWidth(*os.File) int { return 0 }
