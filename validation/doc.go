// Package validation compares the simulator with hardware: output
// comparison (bitwise, ULP, relative error), the recorded-corpus format of
// validation/testdata, and (behind cgo) a runner for the CUDA driver API.
package validation
