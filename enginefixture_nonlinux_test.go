//go:build !linux

package main

// limitFiles: the tests limit open files on Linux alone.
func limitFiles(string) {}
