//go:build cgo

package driver

/*
#include "smcu.h"
*/
import "C"

// EncodeTensorMap encodes a tensor map with the driver's
// cuTensorMapEncodeTiled (or cuTensorMapEncodeIm2col when a.Im2col is set)
// and returns its 128 bytes.
func (d *Device) EncodeTensorMap(a TensorMapArgs) ([TensorMapBytes]byte, error) {
	var out [TensorMapBytes]byte
	if err := a.check(); err != nil {
		return out, err
	}
	var err error
	d.do(func() {
		have := C.smHasEncodeTiled(d.cu)
		if a.Im2col != nil {
			have = C.smHasEncodeIm2col(d.cu)
		}
		if have == 0 {
			err = &Error{Call: a.Call(), Code: -1, Name: "MISSING_SYMBOL",
				Detail: "this driver has no " + a.Call() + " (CUDA 12 or newer has it)"}
			return
		}
		r := len(a.Dims)
		dims := make([]C.uint64_t, r)
		strides := make([]C.uint64_t, max(r-1, 1))
		box := make([]C.uint32_t, r)
		es := make([]C.uint32_t, r)
		for i := 0; i < r; i++ {
			dims[i], es[i] = C.uint64_t(a.Dims[i]), C.uint32_t(a.ElementStrides[i])
			if a.Im2col == nil {
				box[i] = C.uint32_t(a.Box[i])
			}
			if i > 0 {
				strides[i-1] = C.uint64_t(a.Strides[i-1])
			}
		}
		var buf [TensorMapBytes]C.uchar
		var res C.CUresult
		if m := a.Im2col; m != nil {
			lo := make([]C.int, max(r-2, 1))
			hi := make([]C.int, max(r-2, 1))
			for i := 0; i < r-2; i++ {
				lo[i], hi[i] = C.int(m.PixelBoxLower[i]), C.int(m.PixelBoxUpper[i])
			}
			res = C.smEncodeIm2col(d.cu, &buf[0], C.int(a.DType), C.uint(r), C.CUdeviceptr(a.GlobalAddress),
				&dims[0], &strides[0], &lo[0], &hi[0], C.uint(m.ChannelsPerPixel), C.uint(m.PixelsPerColumn),
				&es[0], C.int(a.Interleave), C.int(a.Swizzle), C.int(a.L2Promotion), C.int(a.OOBFill))
		} else {
			res = C.smEncodeTiled(d.cu, &buf[0], C.int(a.DType), C.uint(r), C.CUdeviceptr(a.GlobalAddress),
				&dims[0], &strides[0], &box[0], &es[0],
				C.int(a.Interleave), C.int(a.Swizzle), C.int(a.L2Promotion), C.int(a.OOBFill))
		}
		if res != 0 {
			err = d.err(a.Call(), res)
			return
		}
		for i := range buf {
			out[i] = byte(buf[i])
		}
	})
	return out, err
}
