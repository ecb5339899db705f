package sm

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// TestCarrySpillsMatchSASS: itput64_add's loop (8 chains of 16 add.u64,
// fused to 8 IADD3 + IADD3.X pairs each) spills 9 carry predicates: the
// SASS of the recorded PTX (ptxas 13.0 sm_90a, validation/timing/
// i64_23_sass.txt.gz) has 9 P2R and 9 ISETP.NE beside 64 IADD3 and 64
// IADD3.X in the timed loop (also the recording's provenance.json
// sass_timed_regions). The other entries of the file (mul.lo, mul.hi) have
// no carry pairs.
func TestCarrySpillsMatchSASS(t *testing.T) {
	src, err := gzfile.ReadFile(filepath.Join("..", "..", "validation", "microbench", "itput64_add", "kernel.ptx"))
	require.NoError(t, err)
	p, err := ptx.Load("kernel.ptx", src)
	require.NoError(t, err)
	for _, c := range []struct {
		entry       string
		pairs, want int
	}{{"itput64_add", 64, 9}, {"itput64_mul_lo", 0, 0}, {"itput64_mul_hi", 0, 0}} {
		k, err := exec.Compile(p, c.entry, exec.DefaultLayout())
		require.NoError(t, err)
		l := NewLowering(k)
		pairs, spilled := 0, 0
		for _, info := range k.Infos() {
			e := l.at(info)
			if e.kind == lowAbsorb && isCarryAdd(info) {
				pairs++
			}
			if e.spill > 0 {
				spilled++
				assert.Equal(t, uint8(carrySpillSlots), e.spill)
			}
		}
		assert.Equal(t, c.pairs, pairs, c.entry)
		assert.Equal(t, c.want, spilled, c.entry)
	}
}
