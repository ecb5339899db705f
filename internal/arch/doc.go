// Package arch holds the architecture test: the table of which project
// packages each package may not import (mirroring every doc.go), checked
// with `go list -deps`. It has no code of its own.
package arch
