package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Hand-derived: a limit of 8 lines, requests of 4 lines.
func TestInflightAdmit(t *testing.T) {
	var f inflight
	assert.Equal(t, engine.Cycle(0), f.admit(0, 4, 8))
	f.add(700, 4) // a load whose data are back at 700
	assert.Equal(t, engine.Cycle(10), f.admit(10, 4, 8), "8 lines fit")
	f.add(300, 4) // a store its slice takes at 300
	assert.Equal(t, engine.Cycle(300), f.admit(20, 4, 8), "full: waits for the earliest to finish (the store)")
	f.add(1000, 4)
	assert.Equal(t, engine.Cycle(700), f.admit(400, 4, 8), "then the load at 700")
	f.add(1500, 4)
	assert.Equal(t, 8, f.n)
	assert.Equal(t, engine.Cycle(2000), f.admit(2000, 16, 8), "idle: a request above the limit leaves alone")
	assert.Equal(t, 0, f.n)
}

// gmem_copy's round on one SM with the profiles' limit: the 64 KiB of
// loads of a 1024-thread round (32 warps x 4 x 512 B) do not fit at once,
// and l2bw_ld_c1's ~31 KiB in flight (110.6 B/cycle at ~281 cycles a line,
// the H200) does.
func TestInflightLimitSize(t *testing.T) {
	for _, name := range []string{"h200", "h100-sxm"} {
		p, ok := BuiltinProfileNamed(name)
		require.True(t, ok)
		tc, err := p.Config()
		require.NoError(t, err)
		assert.Less(t, tc.SMInflightLines*128, 32*4*512, name)
		assert.GreaterOrEqual(t, float64(tc.SMInflightLines*128), 110.6*281*0.99, name)
	}
}
