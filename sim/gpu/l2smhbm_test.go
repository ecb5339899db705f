package gpu

import "testing"

// TestSMHBMWait: a miss waits for the SM's decayed HBM bytes over the
// per-SM rate (hand-derived: 12800 B at 100 B/cycle is 128 cycles; one
// HBM latency later e^-1 of it, 47.09; another SM waits nothing).
func TestSMHBMWait(t *testing.T) {
	g := &l2{dram: 686, smh: make([]decayed, 2), smHBMRate: 100}
	g.smHBMAdd(0, 1000, 6400)
	g.smHBMAdd(0, 1000, 6400)
	for _, c := range []struct {
		sm   int
		at   float64
		want int64
	}{{0, 1000, 128}, {0, 1686, 47}, {0, 500, 128}, {1, 1000, 0}} {
		if got := int64(g.smHBMWait(c.sm, c.at)); got != c.want {
			t.Errorf("sm %d at %g: wait %d, want %d", c.sm, c.at, got, c.want)
		}
	}
	off := &l2{dram: 686}
	off.smHBMAdd(0, 1000, 6400)
	if w := off.smHBMWait(0, 1000); w != 0 {
		t.Errorf("no per-SM term: wait %d, want 0", w)
	}
}
