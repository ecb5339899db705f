//go:build !amd64 || purego

package wgmma

// haveVec: no vector kernel on this platform.
var haveVec = false

func maxCodesAVX2(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16) {
	panic("wgmma: no vector kernel")
}

func rowKernelAVX2(p *vecKernel) { panic("wgmma: no vector kernel") }
