package fp

// format describes a binary floating-point encoding: 1 sign bit, exp exponent
// bits, frac fraction bits. Formats are constant table entries (no state).
type format struct {
	exp, frac int
	hasInf    bool   // false for e4m3 (OCP): the all-ones exponent still holds normals
	maxFinite uint64 // magnitude bits of the largest finite value
	nanBits   uint64 // NaN produced by the rounding core (see nan.go for op results)
}

func (f format) bias() int        { return 1<<(f.exp-1) - 1 }
func (f format) eminLSB() int     { return 1 - f.bias() - f.frac } // exponent of the smallest subnormal
func (f format) signBit() uint64  { return 1 << (f.exp + f.frac) }
func (f format) expMask() uint64  { return (1<<f.exp - 1) << f.frac }
func (f format) fracMask() uint64 { return 1<<f.frac - 1 }
func (f format) infBits() uint64  { return f.expMask() }

var (
	fmtF64  = format{exp: 11, frac: 52, hasInf: true, maxFinite: 0x7FEFFFFFFFFFFFFF, nanBits: DefaultNaNF64}
	fmtF32  = format{exp: 8, frac: 23, hasInf: true, maxFinite: 0x7F7FFFFF, nanBits: uint64(CanonicalNaNF32)}
	fmtF16  = format{exp: 5, frac: 10, hasInf: true, maxFinite: 0x7BFF, nanBits: uint64(CanonicalNaNF16)}
	fmtBF16 = format{exp: 8, frac: 7, hasInf: true, maxFinite: 0x7F7F, nanBits: uint64(CanonicalNaNBF16)}
	// tf32 is handled as a 19-bit format (1.8.10) and shifted into f32 position.
	fmtTF32 = format{exp: 8, frac: 10, hasInf: true, maxFinite: 0x3FBFF, nanBits: 0x3FFFF}
	fmtE4M3 = format{exp: 4, frac: 3, hasInf: false, maxFinite: 0x7E, nanBits: uint64(NaNE4M3)}
	fmtE5M2 = format{exp: 5, frac: 2, hasInf: true, maxFinite: 0x7B, nanBits: uint64(NaNE5M2)}
)

// isNaN reports whether bits (in the low exp+frac+1 bits) encode a NaN.
func (f format) isNaN(b uint64) bool {
	m := b &^ f.signBit()
	if !f.hasInf {
		return m == f.expMask()|f.fracMask()
	}
	return m > f.expMask()
}

// isInf reports whether bits encode an infinity.
func (f format) isInf(b uint64) bool { return f.hasInf && b&^f.signBit() == f.expMask() }

// isSub reports whether bits encode a nonzero subnormal.
func (f format) isSub(b uint64) bool { return b&f.expMask() == 0 && b&f.fracMask() != 0 }

// flush returns b with a subnormal replaced by the zero of the same sign.
func (f format) flush(b uint64) uint64 {
	if b&f.expMask() == 0 {
		return b & f.signBit()
	}
	return b
}

// toF64 returns the exact float64 value of finite or infinite bits (not NaN)
// for any format of at most 53 significant bits and f32-or-narrower range.
func (f format) decode(b uint64) (neg bool, m uint64, e int) {
	neg = b&f.signBit() != 0
	be := int((b & f.expMask()) >> f.frac)
	m = b & f.fracMask()
	if be == 0 {
		return neg, m, f.eminLSB()
	}
	return neg, m | 1<<f.frac, be - f.bias() - f.frac
}
