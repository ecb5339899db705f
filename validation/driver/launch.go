//go:build cgo

package driver

/*
#include "smcu.h"
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// Alloc allocates n bytes of device memory (cuMemAlloc: 256-byte aligned).
func (d *Device) Alloc(n int) (uint64, error) {
	var p C.CUdeviceptr
	var err error
	d.do(func() {
		if r := C.smMemAlloc(d.cu, &p, C.size_t(max(n, 1))); r != 0 {
			err = d.err(fmt.Sprintf("cuMemAlloc(%d bytes)", n), r)
		}
	})
	return uint64(p), err
}

// Free frees device memory from Alloc.
func (d *Device) Free(p uint64) error {
	var err error
	d.do(func() {
		if r := C.smMemFree(d.cu, C.CUdeviceptr(p)); r != 0 {
			err = d.err("cuMemFree", r)
		}
	})
	return err
}

// CopyIn copies b to device address p.
func (d *Device) CopyIn(p uint64, b []byte) error {
	if len(b) == 0 {
		return nil
	}
	var err error
	d.do(func() {
		if r := C.smHtoD(d.cu, C.CUdeviceptr(p), unsafe.Pointer(&b[0]), C.size_t(len(b))); r != 0 {
			err = d.err("cuMemcpyHtoD", r)
		}
	})
	return err
}

// CopyOut copies len(b) bytes from device address p to b.
func (d *Device) CopyOut(b []byte, p uint64) error {
	if len(b) == 0 {
		return nil
	}
	var err error
	d.do(func() {
		if r := C.smDtoH(d.cu, unsafe.Pointer(&b[0]), C.CUdeviceptr(p), C.size_t(len(b))); r != 0 {
			err = d.err("cuMemcpyDtoH", r)
		}
	})
	return err
}

// Synchronize waits for the device (cuCtxSynchronize); a fault inside a
// kernel surfaces here.
func (d *Device) Synchronize() error {
	var err error
	d.do(func() { err = d.sync() })
	return err
}

func (d *Device) sync() error {
	if r := C.smCtxSynchronize(d.cu); r != 0 {
		return d.err("kernel execution (cuCtxSynchronize)", r)
	}
	return nil
}

// Prepare sets the function attributes a launch needs: the dynamic shared
// memory limit when the launch asks for more than the default 48 KiB
// (static plus dynamic), and the non-portable cluster size when asked.
func (f *Function) Prepare(cfg LaunchConfig) error {
	var err error
	d := f.d
	d.do(func() {
		var static C.int
		if r := C.smFuncGetAttr(d.cu, &static, 1, f.fn); r != 0 {
			err = d.err("cuFuncGetAttribute(SHARED_SIZE_BYTES)", r)
			return
		}
		if cfg.SharedBytes > 0 && int(static)+cfg.SharedBytes > defaultDynamicShared {
			if r := C.smFuncSetAttr(d.cu, f.fn, attrMaxDynamicShared, C.int(cfg.SharedBytes)); r != 0 {
				err = d.err(fmt.Sprintf("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, %d)", cfg.SharedBytes), r)
				return
			}
		}
		if cfg.NonPortableCluster {
			if r := C.smFuncSetAttr(d.cu, f.fn, attrNonPortableCluster, 1); r != 0 {
				err = d.err("cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)", r)
			}
		}
	})
	return err
}

// Launch launches f asynchronously on the default stream (call Prepare
// first), always through kernelParams: one pointer per parameter into the
// packed block at its offset. Without a cluster it calls cuLaunchKernel;
// with one, cuLaunchKernelEx with a cluster-dimension attribute.
func (f *Function) Launch(cfg LaunchConfig, p Params) error {
	var err error
	f.d.do(func() { err = f.launch(cfg, p) })
	return err
}

func (f *Function) launch(cfg LaunchConfig, p Params) error {
	d := f.d
	if err := p.check(); err != nil {
		return err
	}
	var g, b, cl [3]C.uint
	for i := 0; i < 3; i++ {
		g[i], b[i], cl[i] = C.uint(cfg.Grid[i]), C.uint(cfg.Block[i]), C.uint(cfg.Cluster[i])
	}
	cluster, call := C.int(0), "cuLaunchKernel(kernelParams)"
	if cfg.ClusterGiven {
		if C.smHasLaunchEx(d.cu) == 0 {
			return &Error{Call: "cuLaunchKernelEx", Code: -1, Name: "MISSING_SYMBOL",
				Detail: "this driver has no cuLaunchKernelEx, which cluster launches need"}
		}
		cluster, call = 1, fmt.Sprintf("cuLaunchKernelEx(kernelParams, cluster %v)", cfg.Cluster)
	}
	// The block and offsets live in C memory for the call; smLaunch copies
	// the block to 128-byte aligned memory and points into it.
	var params unsafe.Pointer
	if len(p.Block) > 0 {
		params = C.CBytes(p.Block)
		defer C.free(params)
	}
	offs := make([]C.size_t, max(len(p.Offsets), 1))
	for i, o := range p.Offsets {
		offs[i] = C.size_t(o)
	}
	r := C.smLaunch(d.cu, f.fn, &g[0], &b[0], C.uint(cfg.SharedBytes), cluster, &cl[0],
		params, C.size_t(len(p.Block)), C.int(len(p.Offsets)), &offs[0])
	if r != 0 {
		return d.err(call, r)
	}
	return nil
}

// Run launches f and waits for it to finish.
func (f *Function) Run(cfg LaunchConfig, p Params) error {
	var err error
	f.d.do(func() {
		if err = f.launch(cfg, p); err == nil {
			err = f.d.sync()
		}
	})
	return err
}

// TimedRun launches f between two events and returns the elapsed time in
// milliseconds (cuEventElapsedTime) once it has finished.
func (f *Function) TimedRun(cfg LaunchConfig, p Params) (float64, error) {
	var ms C.float
	var err error
	d := f.d
	d.do(func() {
		if !d.hasEvent {
			for i := range d.evs {
				if r := C.smEventCreate(d.cu, &d.evs[i]); r != 0 {
					err = d.err("cuEventCreate", r)
					return
				}
			}
			d.hasEvent = true
		}
		if r := C.smEventRecord(d.cu, d.evs[0]); r != 0 {
			err = d.err("cuEventRecord", r)
			return
		}
		if err = f.launch(cfg, p); err != nil {
			return
		}
		if r := C.smEventRecord(d.cu, d.evs[1]); r != 0 {
			err = d.err("cuEventRecord", r)
			return
		}
		if r := C.smEventSync(d.cu, d.evs[1]); r != 0 {
			err = d.err("kernel execution (cuEventSynchronize)", r)
			return
		}
		if r := C.smEventElapsed(d.cu, &ms, d.evs[0], d.evs[1]); r != 0 {
			err = d.err("cuEventElapsedTime", r)
		}
	})
	return float64(ms), err
}
