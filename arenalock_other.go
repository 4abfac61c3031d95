//go:build !unix

package main

import (
	"context"
	"io"
	"os"
)

// lockResults takes no lock where the system has no POSIX locks: one
// writer per results file is then the user's care (docs/results.md).
func lockResults(ctx context.Context, f *os.File, name string, wait bool, said io.Writer) error {
	return nil
}
