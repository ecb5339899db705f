package wgmma

import "sync"

// Register fragments of the warpgroup's 128 threads (t = 32*warp + lane
// within the warpgroup). ptx-facts §1.4 (accumulator, verified against CuTe
// CLayout_64xN) and §1.5 (RS A operand, CuTe ALayout_64xK).

// AccPos is the (row, column) of accumulator element i of thread t, for
// i < N/2. For f32/s32 element i is register i; for f16 it is half i%2 of
// register i/2.
func AccPos(t, i int) (row, col int) {
	w, l := t/32, t%32
	row = 16*w + l/4 + 8*((i>>1)&1)
	col = 8*(i>>2) + 2*(l%4) + (i & 1)
	return
}

// AccElems is the number of accumulator elements per thread (N/2).
func AccElems(n int) int { return n / 2 }

// AElems is the number of A elements per thread in the RS form for A type
// t: 8 (f16/bf16), 4 (tf32), 16 (8-bit), 128 (b1).
func AElems(t Type) int { return ARegs * 32 / t.Bits() }

// APos is the (row m, column k) of RS A-fragment element i of thread t for
// A type t. Element i sits in register i/(32/bits), at bit (i%per)*bits
// (the lowest index in the lowest bits). The b1 layout is UNCONFIRMED (by
// analogy with mma.m16n8k256).
func APos(ty Type, t, i int) (row, k int) {
	w, l := t/32, t%32
	base := 16*w + l/4
	switch ty {
	case F16, BF16:
		return base + 8*((i>>1)&1), 8*(i>>2) + 2*(l%4) + (i & 1)
	case TF32:
		return base + 8*(i&1), 4*(i>>1) + l%4
	case E4M3, E5M2, S8, U8:
		return base + 8*((i>>2)&1), 16*(i>>3) + 4*(l%4) + (i & 3)
	case B1:
		reg, bit := i/32, i%32
		return base + 8*(reg&1), 128*(reg>>1) + 32*(l%4) + bit
	}
	return 0, 0
}

// UnpackA stores the RS-form A operand of type ty held in the warpgroup's
// fragment registers (regs[t][r]: register r of thread t) in a in Run's
// layout (M*K elements; b1: 8 words per row). It is APos applied to every
// element, through a per-type index table.
func UnpackA(ty Type, regs *[128][ARegs]uint32, a []uint32) {
	if ty == B1 {
		// Register r of thread t is one whole 32-bit word of row
		// 16w + l/4 + 8(r&1): k = 128(r>>1) + 32(l%4) + bit.
		a = a[:M*b1Words]
		for t := range regs {
			w, l := t/32, t%32
			for r, v := range regs[t] {
				a[(16*w+l/4+8*(r&1))*b1Words+4*(r>>1)+l%4] = v
			}
		}
		return
	}
	tab := aIndex(ty)
	a = a[:M*KFor(ty)]
	for t := range regs {
		idx, rg := &tab[t], &regs[t]
		switch ty.Bits() {
		case 16:
			for r, v := range rg {
				a[idx[2*r]], a[idx[2*r+1]] = v&0xffff, v>>16
			}
		case 8:
			for r, v := range rg {
				a[idx[4*r]], a[idx[4*r+1]] = v&0xff, v>>8&0xff
				a[idx[4*r+2]], a[idx[4*r+3]] = v>>16&0xff, v>>24
			}
		default:
			for r, v := range rg {
				a[idx[r]] = v
			}
		}
	}
}

// aTables holds, per input type, the Run index row*K+k of each RS fragment
// element i of thread t (at most 16 per thread).
var aTables [B1 + 1]struct {
	once sync.Once
	idx  [128][16]uint16
}

func aIndex(ty Type) *[128][16]uint16 {
	tb := &aTables[ty]
	tb.once.Do(func() {
		k := KFor(ty)
		for t := range tb.idx {
			for i := 0; i < AElems(ty); i++ {
				row, kk := APos(ty, t, i)
				tb.idx[t][i] = uint16(row*k + kk)
			}
		}
	})
	return &tb.idx
}
