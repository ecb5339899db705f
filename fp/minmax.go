package fp

// PTX min/max (ISA 9.0, "Floating Point Instructions: min / max"):
//
//	if (.xorsign) { s = sign(a) ^ sign(b); if (.abs) { a = |a|; b = |b| } }
//	if (isNaN(a) && isNaN(b))               d = NaN;
//	else if (.NaN && (isNaN(a) || isNaN(b))) d = NaN;
//	else if (isNaN(a))                       d = b;
//	else if (isNaN(b))                       d = a;
//	else                                     d = a < b ? a : b;   (max: a > b)
//	if (.xorsign && !isNaN(d)) setSign(d, s);
//
// with -0.0 < +0.0, .ftz flushing subnormal inputs (results are inputs, so
// they are flushed too), and the NaN result being the canonical NaN of the
// format (f64: the NaN operand quieted, see nanF64). A non-NaN result is returned bit
// for bit (no canonicalisation needed).

// minMax implements min (isMax false) and max on encodings of format f.
func minMax(f format, a, b uint64, isMax, ftz, nanProp, xorsign, abs bool) uint64 {
	if ftz {
		a, b = f.flush(a), f.flush(b)
	}
	sb := f.signBit()
	s := (a ^ b) & sb
	if abs {
		a, b = a&^sb, b&^sb
	}
	an, bn := f.isNaN(a), f.isNaN(b)
	var d uint64
	switch {
	case (an && bn) || (nanProp && (an || bn)):
		return minMaxNaN(f, a, b)
	case an:
		d = b
	case bn:
		d = a
	default:
		ka, kb := orderKey(f, a), orderKey(f, b)
		if (ka < kb) != isMax {
			d = a
		} else {
			d = b
		}
	}
	if xorsign {
		d = d&^sb | s
	}
	return d
}

// orderKey maps a non-NaN encoding to an unsigned key whose order is the
// numeric order with -0 < +0.
func orderKey(f format, a uint64) uint64 {
	sb := f.signBit()
	if a&sb != 0 {
		return (sb<<1 - 1) &^ a // larger magnitude, smaller key
	}
	return a | sb
}

func minMaxNaN(f format, a, b uint64) uint64 {
	if f == fmtF64 {
		return nanF64(b, a)
	}
	return f.nanBits
}

// MinF32 is min{.ftz}{.NaN}{.xorsign.abs}.f32 (abs also usable alone).
func MinF32(a, b uint32, ftz, nanProp, xorsign, abs bool) uint32 {
	return uint32(minMax(fmtF32, uint64(a), uint64(b), false, ftz, nanProp, xorsign, abs))
}

// MaxF32 is max{.ftz}{.NaN}{.xorsign.abs}.f32.
func MaxF32(a, b uint32, ftz, nanProp, xorsign, abs bool) uint32 {
	return uint32(minMax(fmtF32, uint64(a), uint64(b), true, ftz, nanProp, xorsign, abs))
}

// MinF16 is min{.ftz}{.NaN}{.xorsign.abs}.f16.
func MinF16(a, b uint16, ftz, nanProp, xorsign, abs bool) uint16 {
	return uint16(minMax(fmtF16, uint64(a), uint64(b), false, ftz, nanProp, xorsign, abs))
}

// MaxF16 is max{.ftz}{.NaN}{.xorsign.abs}.f16.
func MaxF16(a, b uint16, ftz, nanProp, xorsign, abs bool) uint16 {
	return uint16(minMax(fmtF16, uint64(a), uint64(b), true, ftz, nanProp, xorsign, abs))
}

// MinBF16 is min{.NaN}{.xorsign.abs}.bf16.
func MinBF16(a, b uint16, nanProp, xorsign, abs bool) uint16 {
	return uint16(minMax(fmtBF16, uint64(a), uint64(b), false, false, nanProp, xorsign, abs))
}

// MaxBF16 is max{.NaN}{.xorsign.abs}.bf16.
func MaxBF16(a, b uint16, nanProp, xorsign, abs bool) uint16 {
	return uint16(minMax(fmtBF16, uint64(a), uint64(b), true, false, nanProp, xorsign, abs))
}
