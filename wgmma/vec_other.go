//go:build !amd64 || purego

package wgmma

// haveVec: no vector kernel on this platform.
var haveVec = false

// haveVec512: no AVX-512 kernel on this platform.
var haveVec512 = false

// haveVec512x16: no AVX-512 kernel on this platform.
var haveVec512x16 = false

// haveF16C: no vector kernel on this platform.
var haveF16C = false

func maxCodesAVX2(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int) {
	panic("wgmma: no vector kernel")
}

func rowKernelAVX2(p *vecKernel) { panic("wgmma: no vector kernel") }

func rowKernelAVX512(p *vecKernel) { panic("wgmma: no vector kernel") }

func rowKernelAVX512x16(p *vecKernel) { panic("wgmma: no vector kernel") }

func maxCodesAVX512(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int) {
	panic("wgmma: no vector kernel")
}

func decodeAVX2(raw *uint32, n int, vals *float64, codes *uint16, p *decConst) bool {
	panic("wgmma: no vector kernel")
}

func accMoveF32(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int) {
	panic("wgmma: no vector kernel")
}

func accMoveF16(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int) {
	panic("wgmma: no vector kernel")
}
