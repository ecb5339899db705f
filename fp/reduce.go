package fp

// RedAddF64 is the f64 add of cp.reduce.async.bulk(.tensor) (old + src, old
// the global value a, src the shared value b), as an H200 does it
// (validation/testdata/tma_reduce_ops, 2026-11-25): round to nearest even,
// subnormals kept, and a NaN operand passes through unchanged - the
// source's first, then the old value's - with its sign and payload and
// without being quieted (0x7FF0000000000011 + 0 = 0x7FF0000000000011). Only
// inf + -inf makes a new NaN, the default 0xFFF8000000000000. Unlike
// add.f64 (AddF64), which quiets a signaling NaN.
func RedAddF64(a, b uint64) uint64 {
	switch {
	case isNaN64(b):
		return b
	case isNaN64(a):
		return a
	}
	return AddF64(a, b, RN)
}
