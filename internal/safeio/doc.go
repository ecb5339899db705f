// Package safeio keeps the CLI from destroying its own inputs: it refuses a
// write target that is the same file as an input (CheckWrites), and it
// removes the temporary files that staged writes leave behind when the
// process is interrupted (Track, CleanOnSignal).
//
// It imports only the standard library, so internal/npy, internal/report
// and every command can use it. The temp-file registry is process-wide by
// nature (a signal ends the whole process); it is the one global here.
package safeio
