//go:build cgo

package driver

/*
#include "smcu.h"
*/
import "C"

// EncodeTensorMap encodes a tiled tensor map with the driver's
// cuTensorMapEncodeTiled and returns its 128 bytes.
func (d *Device) EncodeTensorMap(a TensorMapArgs) ([TensorMapBytes]byte, error) {
	var out [TensorMapBytes]byte
	if err := a.check(); err != nil {
		return out, err
	}
	var err error
	d.do(func() {
		if C.smHasEncodeTiled(d.cu) == 0 {
			err = &Error{Call: "cuTensorMapEncodeTiled", Code: -1, Name: "MISSING_SYMBOL",
				Detail: "this driver has no cuTensorMapEncodeTiled (CUDA 12 or newer has it)"}
			return
		}
		r := len(a.Dims)
		dims := make([]C.uint64_t, r)
		strides := make([]C.uint64_t, max(r-1, 1))
		box := make([]C.uint32_t, r)
		es := make([]C.uint32_t, r)
		for i := 0; i < r; i++ {
			dims[i], box[i], es[i] = C.uint64_t(a.Dims[i]), C.uint32_t(a.Box[i]), C.uint32_t(a.ElementStrides[i])
			if i > 0 {
				strides[i-1] = C.uint64_t(a.Strides[i-1])
			}
		}
		var buf [TensorMapBytes]C.uchar
		res := C.smEncodeTiled(d.cu, &buf[0], C.int(a.DType), C.uint(r), C.CUdeviceptr(a.GlobalAddress),
			&dims[0], &strides[0], &box[0], &es[0],
			C.int(a.Interleave), C.int(a.Swizzle), C.int(a.L2Promotion), C.int(a.OOBFill))
		if res != 0 {
			err = d.err("cuTensorMapEncodeTiled", res)
			return
		}
		for i := range buf {
			out[i] = byte(buf[i])
		}
	})
	return out, err
}
