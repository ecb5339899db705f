// Package driver is a thin runner for the CUDA driver API. It opens
// libcuda.so.1 with dlopen at run time, so the package (and every binary
// that imports it) builds and its tests run on a machine without CUDA; only
// the few driver types and enum values it needs are declared here, taken
// from cuda.h.
//
// Every driver call runs on one goroutine locked to its OS thread (CUDA
// contexts are per thread); every failing call becomes an *Error carrying
// the driver's cuGetErrorName/cuGetErrorString. A missing library, a driver
// that cannot initialise or no device give a *NoDeviceError. Built without
// cgo, Open returns ErrNoCgo.
//
// It must not import the simulator's packages: it moves bytes, encodes tensor
// maps (cuTensorMapEncodeTiled), loads PTX and launches (always through
// kernelParams); internal/launch and validation decide what to move.
package driver
