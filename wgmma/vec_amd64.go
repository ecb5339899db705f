//go:build amd64 && !purego

package wgmma

func cpuid(leaf, sub uint32) (a, b, c, d uint32)
func xgetbv0() uint32

//go:noescape
func maxCodesAVX2(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int)

//go:noescape
func rowKernelAVX2(p *vecKernel)

//go:noescape
func rowKernelAVX512(p *vecKernel)

//go:noescape
func rowKernelAVX512x16(p *vecKernel)

//go:noescape
func maxCodesAVX512(acode *uint16, bc *uint16, k, stride, chunks int, out *uint16, rows int)

//go:noescape
func decodeAVX2(raw *uint32, n int, vals *float64, codes *uint16, p *decConst) bool

// haveVec: the CPU and OS support AVX2 (the vector kernel).
var haveVec = detectAVX2()

// haveVec512: the CPU and OS support AVX-512F (rowKernelAVX512, the same
// kernel with the float64 work in ZMM registers). Tests switch it off to
// run rowKernelAVX2 too.
var haveVec512 = haveVec && detectAVX512()

// haveVec512x16: also AVX-512 BW, DQ and VL (rowKernelAVX512x16, sixteen
// elements at a time, for N a multiple of 16). Tests switch it off.
var haveVec512x16 = haveVec512 && detectAVX512x16()

// haveF16C: the CPU has the f16 conversions (the kernel's f16 accumulators).
var haveF16C = func() bool { _, _, c, _ := cpuid(1, 0); return c&(1<<29) != 0 }()

func detectAVX2() bool {
	max, _, _, _ := cpuid(0, 0)
	if max < 7 {
		return false
	}
	_, _, c, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if c&osxsave == 0 || c&avx == 0 || xgetbv0()&6 != 6 {
		return false
	}
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<5) != 0
}

// detectAVX512 reports AVX-512F with the OS saving the ZMM state (opmask,
// upper halves of ZMM0-15, ZMM16-31).
func detectAVX512() bool {
	_, b, _, _ := cpuid(7, 0)
	return b&(1<<16) != 0 && xgetbv0()&0xe6 == 0xe6
}

//go:noescape
func accMoveF32(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int)

//go:noescape
func accMoveF16(regs *uint64, tab *int32, steps int, buf *uint32, rowBytes, store int)

// detectAVX512x16 reports AVX-512 DQ, BW and VL.
func detectAVX512x16() bool {
	_, b, _, _ := cpuid(7, 0)
	const dq, bw, vl = 1 << 17, 1 << 30, 1 << 31
	return b&dq != 0 && b&bw != 0 && b&vl != 0
}
