package wgmma

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
