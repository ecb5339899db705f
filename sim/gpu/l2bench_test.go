package gpu

import (
	"math/rand/v2"
	"testing"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// BenchmarkL2Windows drives the L2 model as a 4096^3 GEMM's timed run
// does: 8 GPC views of the H200 map, each of 16 SMs loading lines of a
// 192 MiB working set (operand tiles that the SMs of a GPC share: merged
// requests, HBM misses and fills), 67-cycle windows, the serial commit
// after each (issue 14: the merge table, the fill table, the request sort
// and the commit were 25 of the 215 CPU seconds of
// cutlass_gemm_ws_cooperative_4096). Reports nanoseconds per request.
func BenchmarkL2Windows(b *testing.B) {
	tc := DefaultTimedConfig()
	const gpcs, per = 8, 16
	var groups [][]int
	for g := range gpcs {
		var sms []int
		for s := range per {
			sms = append(sms, g*per+s)
		}
		groups = append(groups, sms)
	}
	l := newL2(&tc, gpcs*per, groups)
	views := make([]*l2View, gpcs)
	for i := range views {
		views[i] = newL2View(l)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	const lines = 192 << 20 / 128
	const window = 67
	reqs := 0
	b.ResetTimer()
	for w := 0; reqs < b.N; w++ {
		at0 := engine.Cycle(w * window)
		for gi, v := range views {
			// each GPC walks its tile region; its SMs read the same lines
			base := uint64(gi*4096+w*32) % lines
			for c := range window {
				for s := range 2 {
					sm := gi*per + (c+s*7)%per
					ln := (base + uint64(rng.IntN(256))) % lines
					v.access(at0+engine.Cycle(c), sm, ln, 0xf, 0, l2Load)
					reqs++
				}
			}
		}
		l.commit(views, 0)
	}
}
