package mufuref

// Input generators shared by tools/mufu/dump.cu (which must stay in step),
// the recordings and the tests.

// Mix32 is the integer hash of dump.cu.
func Mix32(x uint32) uint32 {
	x ^= x >> 16
	x *= 0x7feb352d
	x ^= x >> 15
	x *= 0x846ca68b
	x ^= x >> 16
	return x
}

// StratCount is the number of stratified f32 inputs.
const StratCount = 2 * 256 * 256

// Strat is the i-th stratified f32 input: for sign s, biased exponent e and
// k in 0..255, the mantissa (k << 15) | (Mix32(s<<16|e<<8|k) & 0x7FFF), with
// k = 0 giving mantissa 0 and k = 255 mantissa 0x7FFFFF: every binade of
// both signs (zeros, subnormals, infinities and NaNs included).
func Strat(i int) uint32 {
	s, e, k := uint32(i>>16&1), uint32(i>>8&0xFF), uint32(i&0xFF)
	m := k<<15 | Mix32(s<<16|e<<8|k)&0x7FFF
	switch k {
	case 0:
		m = 0
	case 255:
		m = 0x7FFFFF
	}
	return s<<31 | e<<23 | m
}

// DivStrat is the i-th division sample of dump.cu: divisor Strat(i),
// dividend Mix32(i ^ 0xA5A5A5A5).
func DivStrat(i int) (a, b uint32) { return Mix32(uint32(i) ^ 0xA5A5A5A5), Strat(i) }

// DivPair is the j-th (dividend, divisor) pair of the full division sweep
// of tools/mufu/stream.cu (j < 2^30): every divisor mantissa, exponents
// {0 (subnormal), 1, 2, 60, 127, 200, 253, 254}, both signs, 8 dividends
// each; dividends have exponents 64..191 except for j>>26 >= 12 (raw bits).
func DivPair(j uint32) (a, b uint32) {
	cls := [8]uint32{0, 1, 2, 60, 127, 200, 253, 254}
	m, c, d := j&0x7FFFFF, j>>23&7, j>>26
	b = (d&1)<<31 | cls[c]<<23 | m
	h := Mix32(j ^ 0x9E3779B9)
	if d >= 12 {
		return h, b
	}
	return h&0x807FFFFF | (64+(h>>23&0x7F))<<23, b
}

// F64Count is the number of f64 inputs of dump.cu's op (0 rcp.approx.ftz,
// 1 rsqrt.approx.ftz, 2 rsqrt.approx): every 20-bit high fraction of [1,2)
// ([1,4) for op 1), then 64 x 4096 inputs of random exponents and signs.
func F64Count(op int) int {
	if op == 1 {
		return 2<<20 + 64*4096
	}
	return 1<<20 + 64*4096
}

// F64Input is dump.cu's i-th f64 input of op.
func F64Input(op, i int) uint64 {
	nb := F64Count(op) - 64*4096
	if i < nb {
		return uint64(0x3FF00000+uint32(i))<<32 | uint64(Mix32(uint32(i+op)))
	}
	j := uint32(i - nb)
	e := (j>>12)*32 + Mix32(j>>12)&31
	hi := (j>>11&1)<<31 | (e&0x7FF)<<20 | Mix32(j*7+uint32(op))&0xFFFFF
	return uint64(hi)<<32 | uint64(Mix32(j))
}
