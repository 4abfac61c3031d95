//go:build !linux

package main

// hugePages does nothing where the system has no such advice.
func hugePages[E any]([]E) {}
