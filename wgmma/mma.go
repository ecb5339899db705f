package wgmma

import "fmt"

// BitOp is the b1 product: AND (.and.popc) or XOR (.xor.popc).
type BitOp uint8

// b1 operations.
const (
	BitAnd BitOp = iota
	BitXor
)

// MMA is one functional wgmma.mma_async: D = A*B + C (or A*B without
// ScaleD), with A 64xK, B KxN, C and D 64xN.
type MMA struct {
	Form
	NegA, NegB bool // imm-scale-a/b = -1 (float forms only)
	ScaleD     bool // scale-d: false ignores C
	SatFinite  bool // .satfinite (integer forms)
	BitOp      BitOp
	// Params is the float model; nil means DefaultFloatParams(A).
	Params *FloatParams
}

func (x *MMA) params() FloatParams {
	if x.Params != nil {
		return *x.Params
	}
	p := DefaultFloatParams(x.A)
	if x.Sparse {
		p.GroupSize = x.K() // one group over the sparse K (sparse_doc.go)
	}
	return p
}

// Check reports an illegal form or parameter set.
func (x *MMA) Check() error {
	if err := x.Form.Check(); err != nil {
		return err
	}
	if (x.NegA || x.NegB) && !x.A.IsFloat() {
		return fmt.Errorf("wgmma: imm-scale -1 needs float inputs")
	}
	if x.SatFinite && x.D != S32 {
		return fmt.Errorf("wgmma: .satfinite needs an s32 accumulator")
	}
	if x.A.IsFloat() {
		return x.params().validate(x.A, x.B, x.K())
	}
	return nil
}

// Workspace holds the decoded operands between calls (no allocation per
// call once it has grown). The zero value is ready; one per goroutine.
type Workspace struct {
	fa, fb fvec
	fo     fastOps
	io     intOps
}

// Operand sizes (in uint32 elements) of Run for form f.
func (f Form) ALen() int {
	if f.A == B1 {
		return M * b1Words
	}
	return M * f.K()
}

// BLen is the length of Run's b argument.
func (f Form) BLen() int {
	if f.B == B1 {
		return f.N * b1Words
	}
	return f.N * f.K()
}

// CLen is the length of Run's c and d arguments (64*N).
func (f Form) CLen() int { return M * f.N }

// Run computes d from a, b and c. Every element is its raw bits in one
// uint32 (f16/bf16 in the low 16 bits, fp8/s8/u8 in the low 8, tf32 as its
// f32 register), row-major: a[m*K+k], b[n*K+k] (B stored by columns, the
// K-major view), c[m*N+n], d[m*N+n]. b1 rows are 8 words, bit j of word w
// being k = 32w+j. c may alias d. Call Check once first.
func (x *MMA) Run(ws *Workspace, a, b, c, d []uint32) error {
	return x.RunRows(ws, M, a, b, c, d)
}

// RunRows is Run for the first rows rows of A, C and D only (1 <= rows <=
// M; a, c and d may hold just those rows): rows are independent, so they
// get the bits Run gives them. mma.sync uses it for its 16 (or 8) rows.
func (x *MMA) RunRows(ws *Workspace, rows int, a, b, c, d []uint32) error {
	alen, clen := rows*x.K(), rows*x.N
	if x.A == B1 {
		alen = rows * b1Words
	}
	if rows < 1 || rows > M {
		return fmt.Errorf("wgmma: %d rows outside [1, %d]", rows, M)
	}
	if len(a) < alen || len(b) < x.BLen() || len(d) < clen || (x.ScaleD && len(c) < clen) {
		return fmt.Errorf("wgmma: operand slices too short for %v", x.Form)
	}
	switch x.A {
	case S8, U8:
		if x.N%2 == 0 && x.K() <= 64 {
			x.runInt8Fast(&ws.io, rows, a, b, c, d)
		} else {
			x.runInt8(rows, a, b, c, d)
		}
	case B1:
		x.runB1(rows, a, b, c, d)
	default:
		x.runFloat(ws, rows, a, b, c, d)
	}
	return nil
}
