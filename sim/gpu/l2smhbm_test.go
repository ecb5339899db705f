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

// TestSMHBMBusyStep: with sm_hbm_busy_cycles the wait adds the step
// busy x (1 - e^(-b / 4096)), b the SM's decayed HBM bytes (hand-derived,
// rate 100, step 200: 12800 B -> 128 + 200 x 0.9561 = 319.2; one HBM
// latency later b = 4708.9 -> 47.1 + 200 x 0.6832 = 183.7; a lone 512 B
// miss -> 5.12 + 200 x 0.1175 = 28.6; another SM 0).
func TestSMHBMBusyStep(t *testing.T) {
	g := &l2{dram: 686, smh: make([]decayed, 3), smHBMRate: 100, smHBMBusy: 200}
	g.smHBMAdd(0, 1000, 12800)
	g.smHBMAdd(2, 1000, 512)
	for _, c := range []struct {
		sm   int
		at   float64
		want int64
	}{{0, 1000, 319}, {0, 1686, 184}, {2, 1000, 29}, {1, 1000, 0}} {
		if got := int64(g.smHBMWait(c.sm, c.at)); got != c.want {
			t.Errorf("sm %d at %g: wait %d, want %d", c.sm, c.at, got, c.want)
		}
	}
}
