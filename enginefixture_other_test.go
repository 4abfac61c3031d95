//go:build !unix

package main

import "syscall"

// setsid: sessions are a Unix notion.
func setsid() *syscall.SysProcAttr { return nil }

// openDescriptors: not asked outside Unix.
func openDescriptors() string { return "?" }
