package fp

// DmmaStepF64 is one step of the f64 tensor-core (DMMA) accumulation chain
// that mma.sync .f64 runs: acc' = fma(a, b, acc) rounded with rm, exactly
// like fma.f64 for every non-NaN result. NaN results differ from fma.f64
// (which prefers c, then b, then a): the DMMA prefers the B element, then
// the accumulator, then the A element, and an invalid product (0 * inf)
// meeting a NaN accumulator keeps the accumulator's NaN. MEASURED on the
// H200 (validation/testdata/mma_f64: every form m8n8k4, m16n8k4/k8/k16
// with qNaN, sNaN, inf and zero operands, 2,097,152 result words bit-exact):
// with NaNs in several K steps the last B NaN wins, else the C NaN, else
// the first A NaN, each quieted with its payload kept.
func DmmaStepF64(a, b, acc uint64, rm Rounding) uint64 {
	if isNaN64(a) || isNaN64(b) || isNaN64(acc) {
		return nanF64(b, acc, a)
	}
	return FmaF64(a, b, acc, rm)
}
