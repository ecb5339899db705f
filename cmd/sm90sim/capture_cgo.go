//go:build cgo

package main

// captureAvailable: a cgo build can replay captures on the GPU.
func captureAvailable() error { return nil }
