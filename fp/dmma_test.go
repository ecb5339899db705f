package fp

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Cases read off the H200 recording validation/testdata/mma_f64 (output
// words and their operands regenerated from the kernel's hash), replayed as
// a chain of DMMA steps in ascending K from C.
func TestDmmaStepNaNPriority(t *testing.T) {
	const (
		q   = uint64(0x7FF8000000000000) // quiet NaN operand
		s   = uint64(0x7FF0000000000123) // signalling NaN with payload 0x123
		sq  = uint64(0x7FF8000000000123) // s quieted
		one = uint64(0x3FF0000000000000)
		inf = uint64(0x7FF0000000000000)
	)
	type step struct{ a, b uint64 }
	chain := func(c uint64, steps ...step) uint64 {
		for _, st := range steps {
			c = DmmaStepF64(st.a, st.b, c, RN)
		}
		return c
	}
	// word 111104 (m8n8k4): B NaNs at k0 (q) and k1 (s): the later B wins.
	require.Equal(t, sq, chain(one, step{one, q}, step{one, s}))
	// word 1428992 (m16n8k8): A sNaN at k0, B qNaN at k5: B beats the accumulator.
	require.Equal(t, q, chain(one, step{s, one}, step{one, q}))
	// word 1152000: B qNaN at k2, A sNaN at k6: the accumulator beats A.
	require.Equal(t, q, chain(one, step{one, q}, step{s, one}))
	// word 1694720 (m16n8k16): A sNaN at k9, A qNaN at k13: the first A NaN stays.
	require.Equal(t, sq, chain(one, step{s, one}, step{inf, one}, step{q, one}))
	// word 2073600: B qNaN at k0, A sNaN at k13, inf*0 at k14: the NaN accumulator survives.
	require.Equal(t, q, chain(one, step{one, q}, step{s, one}, step{inf, 0}))
	// No NaN operand: an invalid product gives the default NaN, like fma.f64.
	require.Equal(t, DefaultNaNF64, chain(one, step{inf, 0}))
	// Finite values round like fma.f64.
	require.Equal(t, FmaF64(0x3FF0000000000001, 0x3FF0000000000001, one, RN),
		DmmaStepF64(0x3FF0000000000001, 0x3FF0000000000001, one, RN))
}
