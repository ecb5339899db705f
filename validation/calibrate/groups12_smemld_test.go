package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The closed form of smem_writeback_cycles_per_reg on the H200
// recordings, against the value derived by hand from their figures
// (cycles_per_inst): LDS.128 over LDS.64 of the same wavefronts,
// 32.88 - 30.79, 40.88 - 38.78, 56.88 - 54.78, 88.88 - 86.78 (2.09, 2.10,
// 2.10, 2.10: mean 2.10), over two registers: 1.05.
func TestSmemWritebackClosedForm(t *testing.T) {
	v, src, err := smemWritebackPerReg(recordedH200(t))
	require.NoError(t, err)
	assert.InDelta(t, 1.05, v, 1e-9)
	assert.Contains(t, src, "smem_ld128_s1..s8_lat - smem_ld64_s2..s16_lat")
	i := -1
	for k, g := range Groups {
		if g.Name == "smem_writeback" {
			i = k
		}
	}
	require.GreaterOrEqual(t, i, 1)
	assert.Equal(t, "smem_wavefront_latency", Groups[i-1].Name, "the closed form runs right after the wavefront slope")
}
