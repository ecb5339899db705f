package wgmma

// The vector decoder of f16, bf16 and tf32 operands (decvec_amd64.s, AVX2;
// f16 also needs F16C): four elements at a time, the value is formed as
// an f32 (VCVTPH2PS for f16; bf16 shifted into place; tf32 with its low 13
// bits cleared), widened exactly to float64 and negated by its sign bit;
// the exponent code is max(e, 1) - 1 + base; zeros, Inf and NaN (exponent
// all ones) give the value +0 and code 0, and Inf and NaN are reported. It produces the
// same values and codes as decoder.slow; TestDecodeVector compares them.

// decConst is the argument block of decodeAVX2; the assembly reads it by
// offset (checked in TestDecodeVector).
type decConst struct {
	f16    int64     // 0: nonzero for f16
	_      int64     // 8
	shl    [2]uint64 // 16: bf16: 16, tf32: 0 (shift to the f32 position)
	f32m   [4]uint32 // 32: f32 bits kept (tf32: 0xffffe000)
	lo16   [4]uint32 // 48: 0xffff
	neg    [4]uint64 // 64: 1<<63 when negated
	esh    [2]uint64 // 96: position of the exponent field
	emask  [4]uint32 // 112
	one    [4]int32  // 128
	baseM1 [4]int32  // 144: base - 1
	absM   [4]uint32 // 160: exponent and fraction bits (tf32: not the low 13)
}

// vecDecoder returns the constants for decoding type t (negated when neg,
// codes based at base), or nil when the vector decoder does not apply.
func vecDecoder(t Type, neg bool, base int32, c *decConst) *decConst {
	if !haveVec || (t == F16 && !haveF16C) {
		return nil
	}
	f := t.fmt()
	*c = decConst{lo16: splat(uint32(0xffff)), f32m: splat(^uint32(0)), one: splat(int32(1)),
		baseM1: splat(base - 1), emask: splat(uint32(1)<<f.expBits - 1)}
	switch t {
	case F16:
		c.f16, c.esh, c.absM = 1, [2]uint64{10}, splat(uint32(0x7fff))
	case BF16:
		c.shl, c.esh, c.absM = [2]uint64{16}, [2]uint64{7}, splat(uint32(0x7fff))
	case TF32:
		c.f32m, c.esh, c.absM = splat(uint32(0xffffe000)), [2]uint64{23}, splat(uint32(0x7fffe000))
	default:
		return nil
	}
	if neg {
		c.neg = splat(uint64(1) << 63)
	}
	return c
}

// runVec is decoder.run with the vector decoder (len(raw) a multiple of 4,
// at most 64).
func (d *decoder) runVec(raw []uint32, vals []float64, vs int, codes []uint16, cs int) bool {
	n := len(raw)
	if vs == 1 && cs == 1 {
		return decodeAVX2(&raw[0], n, &vals[:n][0], &codes[:n][0], d.vc)
	}
	var tv [64]float64
	var tc [64]uint16
	sp := decodeAVX2(&raw[0], n, &tv[0], &tc[0], d.vc)
	for i := range raw {
		vals[i*vs], codes[i*cs] = tv[i], tc[i]
	}
	return sp
}
