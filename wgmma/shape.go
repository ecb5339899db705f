package wgmma

import "fmt"

// M is the row count of every wgmma shape.
const M = 64

// Shape is one m64nNkK wgmma shape.
type Shape struct {
	N, K int
}

func (s Shape) String() string { return fmt.Sprintf("m64n%dk%d", s.N, s.K) }

// KFor is the K of a wgmma whose A/B element type is t: 16 (f16, bf16),
// 8 (tf32), 32 (e4m3, e5m2, s8, u8), 256 (b1); 0 for other types.
func KFor(t Type) int {
	switch t {
	case F16, BF16:
		return 16
	case TF32:
		return 8
	case E4M3, E5M2, S8, U8:
		return 32
	case B1:
		return 256
	}
	return 0
}

// ValidN reports whether N is legal for A/B type t: every multiple of 8 from
// 8 to 256 for the float types; 8, 16, 24, 32 and then multiples of 16 up
// to 256 for s8/u8/b1 (ptx-facts §1.2).
func ValidN(t Type, n int) bool {
	if n < 8 || n > 256 || n%8 != 0 {
		return false
	}
	if t == S8 || t == U8 || t == B1 {
		return n <= 32 || n%16 == 0
	}
	return true
}

// Form is a fully typed wgmma: D type, A and B types and N. Sparse is
// wgmma.mma_async.sp: A is 2:4 (tf32 1:2) structured sparse and K is twice
// the dense K (sparse.go).
type Form struct {
	D, A, B Type
	N       int
	Sparse  bool
}

// K is the form's K: KFor(A), doubled for the sparse forms.
func (f Form) K() int {
	if f.Sparse {
		return 2 * KFor(f.A)
	}
	return KFor(f.A)
}

// Shape is the form's m64nNkK shape.
func (f Form) Shape() Shape { return Shape{N: f.N, K: f.K()} }

// Check reports what is wrong with f: type combinations follow the PTX
// syntax table (ptx-facts §1.2).
func (f Form) Check() error {
	ok := false
	switch f.A {
	case F16:
		ok = f.B == F16 && (f.D == F32 || f.D == F16)
	case BF16:
		ok = f.B == BF16 && f.D == F32
	case TF32:
		ok = f.B == TF32 && f.D == F32
	case E4M3, E5M2:
		ok = (f.B == E4M3 || f.B == E5M2) && (f.D == F32 || f.D == F16)
	case S8, U8:
		ok = (f.B == S8 || f.B == U8) && f.D == S32
	case B1:
		ok = f.B == B1 && f.D == S32
	}
	if !ok || (f.Sparse && f.A == B1) {
		return fmt.Errorf("wgmma: no form .%s.%s.%s%s", f.D, f.A, f.B, map[bool]string{true: " (sparse)"}[f.Sparse])
	}
	if !ValidN(f.A, f.N) {
		return fmt.Errorf("wgmma: n%d is not a legal N for .%s inputs", f.N, f.A)
	}
	return nil
}

// DRegs is the number of 32-bit accumulator registers per thread: N/2 for
// f32/s32, N/4 for f16 (two elements per register).
func (f Form) DRegs() int {
	if f.D == F16 {
		return f.N / 4
	}
	return f.N / 2
}

// ARegs is the number of 32-bit A-fragment registers per thread in the RS
// form (always 4).
const ARegs = 4

// Transposable reports whether imm-trans-a/b (MN-major smem operands) are
// legal for A/B type t: only f16 and bf16.
func Transposable(t Type) bool { return t == F16 || t == BF16 }

// Flops is 2*M*N*K, the arithmetic of one wgmma (for rates).
func (f Form) Flops() int { return 2 * M * f.N * f.K() }
