package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// The family mwake of tools/microbench/gen22_mwake.py (helper tmaq,
// session 20): which warps an mbarrier change wakes. Warp A sleeps in a
// try_wait loop on X (released by a thread arrive at t0 + 4500, or at t0 +
// D in mode m3), warp B on Y (released by a bulk copy's complete_tx issued
// at t0 + 2600); at t0 + D the third warp makes one change elsewhere (mode:
// an arrive on another barrier, a non-completing arrive on the waiter's own
// barrier, an expect_tx, a complete_tx, a remote arrive in a 2-CTA
// cluster). Per CTA clk = {smid, t0, cS, cY, cZ, cE, nA, nB, a0..a11,
// b0..b11, cYd, 0 x7}; figures from CTA 0, each run's, medians over the 5
// warm runs (clock_runs.json).
func init() {
	registerFamily("mwake", family{figures: mwakeFigures, derive: deriveMwake})
	// mwaket: the same kernel with Y released by a 1 KiB TMA tensor load
	registerFamily("mwaket", family{figures: mwakeFigures, derive: deriveMwake})
	// The clock figures come from a warm run (families.go warmRun):
	// bdone_cycles times the first read of the uploaded src (mwaket: tensor
	// t), which the warm launches find in L2 (B returns ~368 cycles after
	// the copy's issue, a second copy of the same src 250-305 after its
	// own; validation/timing/mwake28.md)
}

const mwakeCols = 40

func mwakeFigures(b *Bench) []string {
	return []string{NCUFigure, "adone_cycles", "bdone_cycles", "a_returns", "b_returns"}
}

// deriveMwake: adone_cycles and bdone_cycles = each waiter's last try_wait
// return - t0; a_returns, b_returns = how many times its try_wait returned
// (1: it never returned false before its phase completed).
func deriveMwake(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	clk := o["clk"]
	ctas := int(b.meta("ctas"))
	if ctas < 1 || len(clk) != mwakeCols*ctas {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs %d per CTA (%d)", b.Name, len(clk), mwakeCols, ctas)
	}
	r := clk[:mwakeCols]
	nA, nB := int(r[6]), int(r[7])
	if nA < 1 || nB < 1 || nA > 12 || nB > 12 {
		return nil, fmt.Errorf("%s: waiter returns %d, %d (1..12 stamped)", b.Name, nA, nB)
	}
	return map[string]float64{NCUFigure: cycles, "adone_cycles": r[8+nA-1] - r[1], "bdone_cycles": r[20+nB-1] - r[1],
		"a_returns": float64(nA), "b_returns": float64(nB)}, nil
}

// mwakeHintPairs: the mwake recordings with the suspend-time hint and
// their twins without it (the same mode and D).
var mwakeHintPairs = [][2]string{
	{"mwake_m0_d1000_h", "mwake_m0_d1000"}, {"mwake_m1_d1000_h", "mwake_m1_d1000"},
	{"mwake_m1_d1075_h", "mwake_m1_d1075"}, {"mwake_m5_d1000_h", "mwake_m5_d1000"},
}

// groupMbarHintWake: mbar_hint_wake_cycles (sim/sm/mbarhint.go), closed
// form: the lower median, over the four pairs and both waiters (adone,
// bdone), of the hinted recording's return minus its twin's: the GPU's
// cost of the hinted form. In the model the two forms otherwise differ
// only by the cold fetch of the hinted path's code (+21 cycles: the model
// gives 51 for the GPU's 30; a warm run has the code cold in the model,
// not on the GPU: validation/timing/mwake28.md), which a search would fold
// into this parameter. The H100 has no mwake
// recording: the group does not run there (its profile says why).
var groupMbarHintWake = Group{Name: "mbar_hint_wake", Params: []string{"mbar_hint_wake_cycles"},
	Benches: []string{"mwake_m0_d1000_h", "mwake_m1_d1000_h", "mwake_m1_d1075_h", "mwake_m5_d1000_h"}, Direct: mwakeHintWake}

func mwakeHintWake(rec map[string]*Bench) (float64, string, error) {
	var keys []string
	for _, p := range mwakeHintPairs {
		for _, fig := range []string{"adone_cycles", "bdone_cycles"} {
			keys = append(keys, p[0]+" "+fig)
		}
	}
	v, names, vals, err := lowerMedianOf(keys, func(k string) (float64, error) {
		name, fig, _ := strings.Cut(k, " ")
		h, err := figure(rec, name, fig)
		if err != nil {
			return 0, err
		}
		twin := strings.TrimSuffix(name, "_h")
		p, err := figure(rec, twin, fig)
		if err != nil {
			return 0, err
		}
		return h - p, nil
	})
	if err != nil {
		return 0, "", err
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%s %+.0f", strings.Replace(n, "_cycles", "", 1), vals[i])
	}
	return math.Round(v), fmt.Sprintf("fit: closed form, lower median of a hinted try_wait's return minus its twin's without the hint (%s): "+
		"ptxas's NANOSLEEP.SYNCS + PHASECHK after the TRYWAIT (sim/sm/mbarhint.go)", strings.Join(parts, ", ")), nil
}

func init() { Groups = append(Groups, groupMbarHintWake) }
