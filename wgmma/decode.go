package wgmma

// Float operand decoding into the flat arrays the inner loop reads.

// zeroExp is the exponent given to zero values: far below any floor, so a
// zero never sets the alignment exponent (its significand is 0 anyway).
const zeroExp = -1 << 20

// Value classes.
const (
	clsFinite uint8 = iota
	clsInf
	clsNaN
)

// decodeFloat splits the raw bits v of a value of type t (tf32: the f32
// register, whose low 13 bits are ignored) into significand (with the
// implicit bit), unbiased exponent (subnormals at the minimum exponent),
// sign and class.
func decodeFloat(t Type, v uint32) (sig uint32, exp int32, neg bool, cls uint8) {
	if t == TF32 {
		v >>= 13
	}
	return t.fmt().decode(v)
}

func (f fmtInfo) decode(v uint32) (sig uint32, exp int32, neg bool, cls uint8) {
	neg = (v>>(f.expBits+f.fracBits))&1 != 0
	e := int32((v >> f.fracBits) & (1<<f.expBits - 1))
	frac := v & (1<<f.fracBits - 1)
	emax := int32(1<<f.expBits - 1)
	switch {
	case f.ieeeSpecials && e == emax:
		if frac == 0 {
			return 0, zeroExp, neg, clsInf
		}
		return 0, zeroExp, neg, clsNaN
	case !f.ieeeSpecials && e == emax && frac == 1<<f.fracBits-1:
		return 0, zeroExp, neg, clsNaN
	case e == 0:
		if frac == 0 {
			return 0, zeroExp, neg, clsFinite
		}
		return frac, 1 - int32(f.bias), neg, clsFinite
	}
	return frac | 1<<f.fracBits, e - int32(f.bias), neg, clsFinite
}

// fvec is a decoded operand: rows of K elements, flat.
type fvec struct {
	sig     []uint64 // significand, pre-shifted for the adder (A only)
	exp     []int32
	neg     []int64 // 0 or -1
	cls     []uint8
	special []bool // per row: holds an Inf or NaN
}

func (v *fvec) resize(rows, k int) {
	n := rows * k
	if cap(v.sig) < n {
		v.sig, v.exp, v.neg, v.cls = make([]uint64, n), make([]int32, n), make([]int64, n), make([]uint8, n)
	}
	v.sig, v.exp, v.neg, v.cls = v.sig[:n], v.exp[:n], v.neg[:n], v.cls[:n]
	if cap(v.special) < rows {
		v.special = make([]bool, rows)
	}
	v.special = v.special[:rows]
}

// load decodes rows x k raw values of type t, negated when neg, with
// significands shifted left by shift.
func (v *fvec) load(t Type, raw []uint32, rows, k int, neg bool, shift uint) {
	v.resize(rows, k)
	f := t.fmt()
	var pre uint
	if t == TF32 {
		pre = 13
	}
	for r := 0; r < rows; r++ {
		sp := false
		for i := r * k; i < (r+1)*k; i++ {
			s, e, n, c := f.decode(raw[i] >> pre)
			v.sig[i] = uint64(s) << shift
			v.exp[i] = e
			v.neg[i] = 0
			if n != neg {
				v.neg[i] = -1
			}
			v.cls[i] = c
			sp = sp || c != clsFinite
		}
		v.special[r] = sp
	}
}
