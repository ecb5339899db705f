package gpu

import "testing"

// TestTMAHBMWait: a TMA load's miss waits for its SM's decayed HBM bytes at
// tma_hbm_cycles_per_kib (hand-derived, 2 cycles a KiB: 12800 B -> 25; one
// HBM latency later 12800 e^-1 = 4708.9 B -> 9.2; another SM 0), with no
// step; with no per-SM cp.async term (sm_hbm_bytes_per_cycle 0, the H100)
// the bytes are still counted and cp.async waits nothing; 0: no wait.
func TestTMAHBMWait(t *testing.T) {
	g := &l2{dram: 686, smh: make([]decayed, 2), tmaHBMPerKiB: 2}
	g.smHBMAdd(0, 1000, 12800)
	for _, c := range []struct {
		sm   int
		at   float64
		want int64
	}{{0, 1000, 25}, {0, 1686, 9}, {1, 1000, 0}} {
		if got := int64(g.tmaHBMWait(c.sm, c.at)); got != c.want {
			t.Errorf("sm %d at %g: wait %d, want %d", c.sm, c.at, got, c.want)
		}
	}
	if w := g.smHBMWait(0, 1000); w != 0 {
		t.Errorf("no per-SM cp.async term: wait %d, want 0", w)
	}
	off := &l2{dram: 686}
	off.smHBMAdd(0, 1000, 12800)
	if w := off.tmaHBMWait(0, 1000); w != 0 {
		t.Errorf("tma_hbm_cycles_per_kib 0: wait %d, want 0", w)
	}
}
