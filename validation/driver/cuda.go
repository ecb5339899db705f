//go:build cgo

package driver

/*
#cgo LDFLAGS: -ldl
#include "smcu.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"unsafe"
)

// Device is the primary context of one GPU, current on a dedicated OS
// thread that runs every driver call.
type Device struct {
	calls    chan func()
	cu       *C.smCU
	dev      C.CUdevice
	closed   bool
	hasCtx   bool
	evs      [2]C.CUevent
	hasEvent bool
}

// Module is a loaded PTX module.
type Module struct {
	d   *Device
	mod C.CUmodule
	// InfoLog is the JIT compiler's info log (register use, spills...).
	InfoLog string
}

// Function is one .entry of a module.
type Function struct {
	d    *Device
	fn   C.CUfunction
	Name string
}

// do runs f on the device's locked OS thread and waits for it.
func (d *Device) do(f func()) {
	done := make(chan struct{})
	d.calls <- func() {
		defer close(done)
		f()
	}
	<-done
}

// Open loads the driver library (lib, or libcuda.so.1 when ""), initialises
// it and makes the primary context of device ordinal current on the
// device's thread. A missing library, a failing cuInit or no such device
// give a *NoDeviceError.
func Open(lib string, ordinal int) (*Device, error) {
	if lib == "" {
		lib = DefaultLibrary
	}
	d := &Device{calls: make(chan func())}
	go func() {
		// The thread stays locked: it ends with the goroutine, so no other
		// goroutine ever runs on a thread with this context current.
		runtime.LockOSThread()
		for f := range d.calls {
			f()
		}
	}()
	var err error
	d.do(func() { err = d.open(lib, ordinal) })
	if err != nil {
		d.Close()
		return nil, err
	}
	return d, nil
}

func (d *Device) open(lib string, ordinal int) error {
	clib := C.CString(lib)
	defer C.free(unsafe.Pointer(clib))
	var msg [1024]C.char
	d.cu = C.smLoad(clib, &msg[0], C.size_t(len(msg)))
	if d.cu == nil {
		return &NoDeviceError{Reason: "no CUDA driver found: " + C.GoString(&msg[0])}
	}
	if r := C.smInit(d.cu); r != 0 {
		return &NoDeviceError{Reason: "no CUDA driver found: " + d.err("cuInit", r).Error()}
	}
	var n C.int
	if r := C.smDeviceCount(d.cu, &n); r != 0 {
		return &NoDeviceError{Reason: "no CUDA device found: " + d.err("cuDeviceGetCount", r).Error()}
	}
	if ordinal < 0 || ordinal >= int(n) {
		return &NoDeviceError{Reason: fmt.Sprintf("no CUDA device found: device %d asked for, the driver sees %d", ordinal, n)}
	}
	if r := C.smDeviceGet(d.cu, &d.dev, C.int(ordinal)); r != 0 {
		return d.err("cuDeviceGet", r)
	}
	var ctx C.CUcontext
	if r := C.smCtxRetain(d.cu, &ctx, d.dev); r != 0 {
		return d.err("cuDevicePrimaryCtxRetain", r)
	}
	d.hasCtx = true
	if r := C.smCtxSetCurrent(d.cu, ctx); r != 0 {
		return d.err("cuCtxSetCurrent", r)
	}
	return nil
}

// err turns a CUresult into an *Error with the driver's name and text.
func (d *Device) err(call string, r C.CUresult) *Error {
	return &Error{Call: call, Code: int(r),
		Name: C.GoString(C.smErrorName(d.cu, r)), Detail: C.GoString(C.smErrorString(d.cu, r))}
}

// Close releases the events and the primary context and stops the thread.
// After a kernel fault the context is unusable; Close then ignores the
// driver's errors.
func (d *Device) Close() {
	if d.closed {
		return
	}
	d.closed = true
	d.do(func() {
		if d.cu == nil {
			return
		}
		if d.hasEvent {
			C.smEventDestroy(d.cu, d.evs[0])
			C.smEventDestroy(d.cu, d.evs[1])
		}
		if d.hasCtx {
			C.smCtxRelease(d.cu, d.dev)
		}
		// The library stays loaded: drivers do not like being unloaded.
		C.free(unsafe.Pointer(d.cu))
		d.cu = nil
	})
	close(d.calls)
}

// Info reads the device's name, the driver's API version and attributes.
func (d *Device) Info() (*Info, error) {
	info := &Info{Attributes: map[string]int{}}
	var err error
	d.do(func() {
		var name [256]C.char
		if r := C.smDeviceName(d.cu, &name[0], C.int(len(name)), d.dev); r != 0 {
			err = d.err("cuDeviceGetName", r)
			return
		}
		info.Name = C.GoString(&name[0])
		var v C.int
		if r := C.smDriverVersion(d.cu, &v); r != 0 {
			err = d.err("cuDriverGetVersion", r)
			return
		}
		info.DriverVersion = int(v)
		for _, a := range deviceAttributes {
			if C.smDeviceAttr(d.cu, &v, C.int(a.code), d.dev) == 0 {
				info.Attributes[a.name] = int(v)
			}
		}
	})
	return info, err
}

// jitLogBytes is the size of each JIT log buffer.
const jitLogBytes = 64 << 10

// LoadModule JIT-compiles PTX (cuModuleLoadDataEx). On failure the error
// carries the JIT error log (and the info log when that is all there is).
func (d *Device) LoadModule(ptx []byte) (*Module, error) {
	m := &Module{d: d}
	var err error
	d.do(func() {
		src := C.CString(string(ptx))
		defer C.free(unsafe.Pointer(src))
		info := (*C.char)(C.malloc(jitLogBytes))
		errlog := (*C.char)(C.malloc(jitLogBytes))
		defer C.free(unsafe.Pointer(info))
		defer C.free(unsafe.Pointer(errlog))
		r := C.smModuleLoad(d.cu, &m.mod, src, info, errlog, jitLogBytes)
		m.InfoLog = C.GoString(info)
		if r != 0 {
			e := d.err("cuModuleLoadDataEx", r)
			e.Log = C.GoString(errlog)
			if e.Log == "" {
				e.Log = m.InfoLog
			}
			err = e
		}
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// Unload unloads the module.
func (m *Module) Unload() error {
	var err error
	m.d.do(func() {
		if r := C.smModuleUnload(m.d.cu, m.mod); r != 0 {
			err = m.d.err("cuModuleUnload", r)
		}
	})
	return err
}

// Function looks up an .entry by name.
func (m *Module) Function(name string) (*Function, error) {
	f := &Function{d: m.d, Name: name}
	var err error
	m.d.do(func() {
		cname := C.CString(name)
		defer C.free(unsafe.Pointer(cname))
		if r := C.smModuleFunction(m.d.cu, &f.fn, m.mod, cname); r != 0 {
			err = m.d.err("cuModuleGetFunction "+name, r)
		}
	})
	if err != nil {
		return nil, err
	}
	return f, nil
}

// Attributes reads the function's attributes (registers, static shared
// and local memory, PTX and binary versions...).
func (f *Function) Attributes() map[string]int {
	out := map[string]int{}
	f.d.do(func() {
		for _, a := range functionAttributes {
			var v C.int
			if C.smFuncGetAttr(f.d.cu, &v, C.int(a.code), f.fn) == 0 {
				out[a.name] = int(v)
			}
		}
	})
	return out
}
