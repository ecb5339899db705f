package fp

// Packed .f16x2 / .bf16x2 forms: element 0 is the low 16 bits, element 1 the
// high 16 bits; each element is computed independently.

func lo(a uint32) uint16      { return uint16(a) }
func hi(a uint32) uint16      { return uint16(a >> 16) }
func pack(l, h uint16) uint32 { return uint32(h)<<16 | uint32(l) }
func map2(a, b uint32, fn func(x, y uint16) uint16) uint32 {
	return pack(fn(lo(a), lo(b)), fn(hi(a), hi(b)))
}
func map3(a, b, c uint32, fn func(x, y, z uint16) uint16) uint32 {
	return pack(fn(lo(a), lo(b), lo(c)), fn(hi(a), hi(b), hi(c)))
}

// AddF16x2 is add{.rnd}{.ftz}{.sat}.f16x2.
func AddF16x2(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return AddF16(x, y, rm, ftz, sat) })
}

// SubF16x2 is sub{.rnd}{.ftz}{.sat}.f16x2.
func SubF16x2(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return SubF16(x, y, rm, ftz, sat) })
}

// MulF16x2 is mul{.rnd}{.ftz}{.sat}.f16x2.
func MulF16x2(a, b uint32, rm Rounding, ftz, sat bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MulF16(x, y, rm, ftz, sat) })
}

// FmaF16x2 is fma.rnd{.ftz}{.sat}.f16x2.
func FmaF16x2(a, b, c uint32, rm Rounding, ftz, sat bool) uint32 {
	return map3(a, b, c, func(x, y, z uint16) uint16 { return FmaF16(x, y, z, rm, ftz, sat) })
}

// FmaReluF16x2 is fma.rnd{.ftz}.relu.f16x2.
func FmaReluF16x2(a, b, c uint32, rm Rounding, ftz bool) uint32 {
	return map3(a, b, c, func(x, y, z uint16) uint16 { return FmaReluF16(x, y, z, rm, ftz) })
}

// MinF16x2 is min{.ftz}{.NaN}{.xorsign.abs}.f16x2.
func MinF16x2(a, b uint32, ftz, nanProp, xorsign, abs bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MinF16(x, y, ftz, nanProp, xorsign, abs) })
}

// MaxF16x2 is max{.ftz}{.NaN}{.xorsign.abs}.f16x2.
func MaxF16x2(a, b uint32, ftz, nanProp, xorsign, abs bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MaxF16(x, y, ftz, nanProp, xorsign, abs) })
}

// AddBF16x2 is add{.rnd}.bf16x2.
func AddBF16x2(a, b uint32, rm Rounding) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return AddBF16(x, y, rm) })
}

// SubBF16x2 is sub{.rnd}.bf16x2.
func SubBF16x2(a, b uint32, rm Rounding) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return SubBF16(x, y, rm) })
}

// MulBF16x2 is mul{.rnd}.bf16x2.
func MulBF16x2(a, b uint32, rm Rounding) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MulBF16(x, y, rm) })
}

// FmaBF16x2 is fma.rnd{.relu}.bf16x2.
func FmaBF16x2(a, b, c uint32, rm Rounding, relu bool) uint32 {
	return map3(a, b, c, func(x, y, z uint16) uint16 { return FmaBF16(x, y, z, rm, relu) })
}

// MinBF16x2 is min{.NaN}{.xorsign.abs}.bf16x2.
func MinBF16x2(a, b uint32, nanProp, xorsign, abs bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MinBF16(x, y, nanProp, xorsign, abs) })
}

// MaxBF16x2 is max{.NaN}{.xorsign.abs}.bf16x2.
func MaxBF16x2(a, b uint32, nanProp, xorsign, abs bool) uint32 {
	return map2(a, b, func(x, y uint16) uint16 { return MaxBF16(x, y, nanProp, xorsign, abs) })
}
