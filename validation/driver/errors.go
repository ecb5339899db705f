package driver

import (
	"errors"
	"fmt"
)

// DefaultLibrary is the driver library Open loads when given "".
const DefaultLibrary = "libcuda.so.1"

// ErrNoCgo is returned by Open in a binary built with CGO_ENABLED=0.
var ErrNoCgo = &NoDeviceError{Reason: "built without cgo: the GPU runner needs a cgo build (CGO_ENABLED=1)"}

// NoDeviceError says that no GPU can be used: the driver library is
// missing or unusable, it finds no device, or the binary has no cgo.
type NoDeviceError struct {
	Reason string
}

func (e *NoDeviceError) Error() string { return e.Reason }

// Error is a failing driver call.
type Error struct {
	Call   string // the API call (or what it was doing)
	Code   int    // CUresult
	Name   string // cuGetErrorName, e.g. CUDA_ERROR_ILLEGAL_ADDRESS
	Detail string // cuGetErrorString
	Log    string // the JIT error log, for module loads
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s: %s (%d): %s", e.Call, e.Name, e.Code, e.Detail)
	if e.Log != "" {
		s += "\nJIT log:\n" + e.Log
	}
	return s
}

// CUresult values the callers act on (cuda.h).
const (
	errInvalidImage        = 200
	errNoBinaryForGPU      = 209
	errInvalidPTX          = 218
	errUnsupportedPTX      = 222
	errJITCompilerNotFound = 221
	errIllegalAddress      = 700
	errLaunchFailed        = 719
)

// IsCompileError reports whether err is the driver rejecting the PTX
// (cuModuleLoadDataEx failing to JIT-compile it).
func IsCompileError(err error) bool {
	var e *Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.Code {
	case errInvalidImage, errNoBinaryForGPU, errInvalidPTX, errUnsupportedPTX, errJITCompilerNotFound:
		return true
	}
	return false
}

// IsNoDevice reports whether err says that no GPU can be used.
func IsNoDevice(err error) bool {
	var e *NoDeviceError
	return errors.As(err, &e)
}

// LaunchConfig is the geometry of one launch.
type LaunchConfig struct {
	Grid, Block [3]int
	// Cluster is used when ClusterGiven: the launch goes through
	// cuLaunchKernelEx with a cluster-dimension attribute.
	Cluster      [3]int
	ClusterGiven bool
	// NonPortableCluster sets CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED.
	NonPortableCluster bool
	SharedBytes        int // dynamic shared memory
}

// Params is a packed .entry parameter block with each parameter's offset.
// Every launch passes it through kernelParams: one pointer per parameter,
// into the block at its offset.
type Params struct {
	Block   []byte
	Offsets []int
}

// check rejects offsets outside the block (a bug in the caller's packing).
func (p Params) check() error {
	for i, o := range p.Offsets {
		if o < 0 || o >= len(p.Block) {
			return &Error{Call: "launch", Code: -1, Name: "BAD_PARAMS",
				Detail: fmt.Sprintf("parameter %d at offset %d lies outside the %d-byte block", i, o, len(p.Block))}
		}
	}
	return nil
}

// LaunchMode is how every launch passes its parameters (provenance's
// launch_mode, as tools/record/record.py names it).
const LaunchMode = "params"

// Info describes the device.
type Info struct {
	Name          string         `json:"name"`
	DriverVersion int            `json:"driver_version_int"` // cuDriverGetVersion, e.g. 13000
	Attributes    map[string]int `json:"attributes"`
}

// Device attributes Info reads (CUdevice_attribute values from cuda.h).
var deviceAttributes = []struct {
	name string
	code int
}{
	{"clock_rate_khz", 13},
	{"multiprocessor_count", 16},
	{"memory_clock_rate_khz", 36},
	{"global_memory_bus_width", 37},
	{"l2_cache_bytes", 38},
	{"compute_capability_major", 75},
	{"compute_capability_minor", 76},
	{"max_shared_memory_per_multiprocessor", 81},
	{"max_shared_memory_per_block_optin", 97},
}

// Function attributes Function.Attributes reads (CUfunction_attribute).
var functionAttributes = []struct {
	name string
	code int
}{
	{"max_threads_per_block", 0},
	{"shared_size_bytes", 1},
	{"const_size_bytes", 2},
	{"local_size_bytes", 3},
	{"num_regs", 4},
	{"ptx_version", 5},
	{"binary_version", 6},
	{"max_dynamic_shared_size_bytes", 8},
}

// CUfunction_attribute values Launch sets.
const (
	attrMaxDynamicShared   = 8
	attrNonPortableCluster = 14
)

// defaultDynamicShared is what a kernel may use without opting in.
const defaultDynamicShared = 48 * 1024
