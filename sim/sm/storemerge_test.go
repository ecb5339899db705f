package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestStoreMergeAcrossWarps prices the CuTe tutorial epilogue's stores
// (st.global.u16, 4 lines x 16 B a store: half of one sector in each) of 4
// warps through the L1's time with the fitted H200 values (a cycle a
// sector, a cycle a partly written line, store_merge_window_cycles 8),
// hand-derived, against the H200's cycles a store SM-wide
// (validation/timing/cute28.md). The warps issue round by round, a round
// every 5 cycles, in the kernel's order: stores 0 and 1 write the first
// halves of column sets A and B, stores 2 and 3 the second halves.
//   - The 4 warps on sectors 0-3 of the same lines (gls28_cute16_w4, 21.64
//     / 4 = 5.41): of a line's 8 partial writes, warp 0's first (nothing
//     before it) and warp 0's second (10 cycles after warp 3's first:
//     outside the window) pay, the 6 others merge: 4 + 4 x 2 / 8 = 5 a
//     store.
//   - Each warp on its own lines (gls28_cute16_own_w4, 32.8 / 4 = 8.2):
//     nothing to merge (a warp's own earlier write does not count): 8.
//   - The window at 0: 8 a store, as before.
func TestStoreMergeAcrossWarps(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1StoreCyclesPerSector: 1, L1StorePartialCycles: 1,
		StoreCombineLines: 5, StoreMergeWindowCycles: 8}}
	st := &exec.InstInfo{Op: ptx.OpSt}
	store := func(base uint64, sector int) *exec.Effect {
		e := &exec.Effect{GlobalStore: true, NumLines: 4, GuardTrue: 32, GlobalBytes: 64, NumSectors: 4, Info: st}
		for i := range 4 {
			e.GlobalLines[i] = base + uint64(i)*1024
			e.LineSectors[i] = 1 << sector
			e.LineBytes[i] = 16
		}
		return e
	}
	run := func(shared bool) float64 {
		s.merge = storeMergeRing{}
		ws := make([]*warpState, 4)
		for w := range ws {
			ws[w] = &warpState{}
		}
		total := 0.0
		for k := range 4 {
			for w := range 4 {
				base := uint64(k%2) * 512 // column set A or B
				sector := w
				if !shared {
					base += uint64(w) * 65536
					sector = 0
				}
				s.l1Now = engine.Cycle(5 * k)
				d, _ := s.l1Cycles(ws[w], store(base, sector))
				total += d
			}
		}
		return total / 16
	}
	assert.Equal(t, 5.0, run(true))
	assert.InEpsilon(t, 21.64/4, run(true), 0.1, "the 4 warps on the same lines (gls28_cute16_w4)")
	assert.Equal(t, 8.0, run(false))
	assert.InEpsilon(t, 32.8/4, run(false), 0.05, "each warp on its own lines (gls28_cute16_own_w4)")
	s.cfg.StoreMergeWindowCycles = 0
	assert.Equal(t, 8.0, run(true), "no merging at store_merge_window_cycles 0")
}
