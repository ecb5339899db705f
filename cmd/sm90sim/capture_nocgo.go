//go:build !cgo

package main

import "errors"

// captureAvailable: without cgo there is no driver to replay on (exit 3).
func captureAvailable() error {
	return errors.New("sm90sim capture: built without cgo; rebuild with CGO_ENABLED=1 on the machine with the GPU")
}
