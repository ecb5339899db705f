package calibrate

import (
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
)

// groupsTMALD (helper tmald, issues 14/15) fits the TMA load parameters of
// sim/sm/tma.go that were set by hand (and on the H100 copied from the
// H200), and the fence drain of sim/sm/tma_fence.go, each on the GPU's own
// recordings:
//
//   - mbar_tx_poll_cycles (sim/sm/mbarpoll.go): closed form, half the
//     step of the one-in-flight latency loop from 8 to 32 KiB boxes
//     (tma_load_none_32k_lat - _8k_lat cycles_per_load, / 2): the loop's
//     try_wait sees the load at its next recheck, so the loop grows by
//     whole periods (1..8 KiB flat, 16 KiB one period more, 32 KiB two;
//     tmai_*'s first-wait stamps: last issue + k x 150 + 24). Session 15
//     retired the completion slot (tma_min_cycles) that the 4-stage
//     tput loops' 185 cycles a load had been read as: it is this period
//     plus the loop (validation/timing/mbarpoll.md);
//   - tma_row_cycles: closed form, the cycles per load of the 256-row
//     tma_load_32b_8k_tput and _64b_16k_tput over 256 rows;
//   - tma_fill_bytes_per_cycle and tma_request_overlap_cycles: tma.go's
//     latency of one box alone above the flat latency of small boxes,
//     max(max(rows x tma_row_cycles, bytes / fill) - overlap, 0), fitted to
//     every tma_load_*_lat (rows = box bytes / the swizzle span; flat = the
//     median latency of the boxes of at most 64 rows) by the smallest
//     largest relative error over an integer grid (fill 16..256 B/cycle,
//     overlap 0..500 cycles; ties: the smaller sum of squares): an
//     equation, no simulation, so the fit is cheap and exact;
//   - tma_fence_drain_bytes_per_cycle: closed form, 12 KiB over the step
//     from t7mc_bar_4k to _16k (a load and a default .release cluster
//     barrier per iteration), 0 when the barrier costs no more after the
//     16 KiB load than after the 4 KiB one ((t7mc_bar - t7mc_nobar) equal:
//     the fence alone is longer than its drain, the H100);
//   - tma_fence_drain_cycles: a search on t7mc_bar_4k, _16k, t7mc_fence_4k
//     and tma_nomcast2_4k, _16k (the loops with a GPU-scope fence after
//     the load).
//
// The closed forms run before the group "tma" (tma_latency_cycles,
// tma_issue_cycles), whose latency benchmarks depend on them; the drain
// after every other group (its loops depend on the rest).
var groupsTMALD = []Group{
	{Name: "tma_row", Params: []string{"tma_row_cycles"}, Benches: []string{"tma_load_32b_8k_tput", "tma_load_64b_16k_tput"}, Direct: tmaldRowCycles},
	{Name: "tma_fill", Params: []string{"tma_fill_bytes_per_cycle"}, Benches: []string{"tma_load_*_lat"},
		Direct: func(rec map[string]*Bench) (float64, string, error) { return tmaldFill(rec, 0) }},
	{Name: "tma_overlap", Params: []string{"tma_request_overlap_cycles"}, Benches: []string{"tma_load_*_lat"},
		Direct: func(rec map[string]*Bench) (float64, string, error) { return tmaldFill(rec, 1) }},
}

// groupMbarTxPoll: mbar_tx_poll_cycles (see above), before every other
// group.
var groupMbarTxPoll = Group{Name: "mbar_tx_poll", Params: []string{"mbar_tx_poll_cycles"}, Benches: []string{"tma_load_none_8k_lat", "tma_load_none_32k_lat"}, Direct: tmaldPollCycles}

// groupsTMALDDrain fit the fence drain last, with every parameter of the
// loops around it (TMA latency and issue, cluster barrier and fence, the
// mbarrier wake) already fitted.
var groupsTMALDDrain = []Group{
	{Name: "tma_fence_drain_rate", Params: []string{"tma_fence_drain_bytes_per_cycle"},
		Benches: []string{"t7mc_bar_4k", "t7mc_bar_16k", "t7mc_nobar_4k", "t7mc_nobar_16k"}, Direct: tmaldDrainRate},
	{Name: "tma_fence_drain", Params: []string{"tma_fence_drain_cycles"},
		Benches: []string{"t7mc_bar_4k", "t7mc_bar_16k", "t7mc_fence_4k", "tma_nomcast2_4k", "tma_nomcast2_16k"},
		Start:   []float64{400}, Lo: []float64{0}, Hi: []float64{3000}, Scan: 30},
}

func init() {
	i := slices.IndexFunc(Groups, func(g Group) bool { return g.Name == "tma" })
	if i < 0 {
		panic("calibrate: group tma is missing")
	}
	Groups = slices.Insert(Groups, i, groupsTMALD...)
	// the recheck period first: every group before "tma" whose loops wait
	// on a TMA or bulk load (shared_base, mbarrier, tma_load_issue, ...)
	// then sees it, in the full refit as in the CI refit
	Groups = slices.Insert(Groups, 0, groupMbarTxPoll)
	Groups = append(Groups, groupsTMALDDrain...)
}

// tmaldBox is a tma_load_* recording's box: rows (one 128-byte line
// each) and bytes.
func tmaldBox(b *Bench) (rows, bytes int, err error) {
	bytes = int(b.meta("box_bytes"))
	span := map[string]int{"none": 128, "128B": 128, "64B": 64, "32B": 32}
	sw, _ := b.Meta["swizzle"].(string)
	s, ok := span[sw]
	if !ok || bytes <= 0 {
		return 0, 0, fmt.Errorf("recording %s: box_bytes %d, swizzle %q", b.Name, bytes, sw)
	}
	return bytes / s, bytes, nil
}

// tmaldMatch lists the recordings whose names match pattern, sorted.
func tmaldMatch(rec map[string]*Bench, pattern string) []*Bench {
	var out []*Bench
	for n, b := range rec {
		if ok, _ := path.Match(pattern, n); ok {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func tmaldPollCycles(rec map[string]*Bench) (float64, string, error) {
	a, err1 := figure(rec, "tma_load_none_8k_lat", "cycles_per_load")
	b, err2 := figure(rec, "tma_load_none_32k_lat", "cycles_per_load")
	if err1 != nil || err2 != nil || b <= a {
		return 0, "", fmt.Errorf("recordings tma_load_none_8k_lat, _32k_lat: need increasing cycles_per_load")
	}
	return math.Round((b - a) / 2), fmt.Sprintf("fit: closed form, (tma_load_none_32k_lat - _8k_lat cycles_per_load: %.4g - %.4g) / 2: a try_wait sleeping on a TMA load rechecks every that many cycles, the latency loop grows by whole periods (tmai_*: first-wait stamps at the last issue + k x 150 + 24)", b, a), nil
}

func tmaldRowCycles(rec map[string]*Bench) (float64, string, error) {
	a, err1 := figure(rec, "tma_load_32b_8k_tput", "cycles_per_load")
	b, err2 := figure(rec, "tma_load_64b_16k_tput", "cycles_per_load")
	if err1 != nil || err2 != nil {
		return 0, "", fmt.Errorf("recordings tma_load_32b_8k_tput, _64b_16k_tput: need cycles_per_load")
	}
	m := (a + b) / 2
	return max(1, math.Round(m/256)), fmt.Sprintf("fit: closed form, tma_load_32b_8k_tput / _64b_16k_tput cycles_per_load %.4g / %.4g for 256 rows, over 256", a, b), nil
}

// tmaldFillMemo keeps the last (fill, overlap) fit: the two groups ask for
// it one after the other with the same recordings.
var tmaldFillMemo struct {
	rec      map[string]*Bench
	fill, ov float64
	src      string
	err      error
}

// tmaldFill fits (fill, overlap) as the comment of groupsTMALD says and
// returns component k (0 fill, 1 overlap).
func tmaldFill(rec map[string]*Bench, k int) (float64, string, error) {
	m := &tmaldFillMemo
	if m.rec == nil || fmt.Sprintf("%p", m.rec) != fmt.Sprintf("%p", rec) || len(m.rec) != len(rec) {
		m.rec = rec
		m.fill, m.ov, m.src, m.err = tmaldFillFit(rec)
	}
	return []float64{m.fill, m.ov}[k], m.src, m.err
}

func tmaldFillFit(rec map[string]*Bench) (fill, ov float64, src string, _ error) {
	row, _, err := tmaldRowCycles(rec)
	if err != nil {
		return 0, 0, "", err
	}
	type pt struct{ rows, bytes, lat float64 }
	var pts []pt
	var small []float64
	for _, b := range tmaldMatch(rec, "tma_load_*_lat") {
		rows, bytes, err := tmaldBox(b)
		if err != nil {
			return 0, 0, "", err
		}
		v, ok := b.Measured["cycles_per_load"]
		if !ok || v <= 0 {
			continue
		}
		pts = append(pts, pt{float64(rows), float64(bytes), v})
		if rows <= 64 {
			small = append(small, v)
		}
	}
	if len(pts) == 0 || len(small) == 0 {
		return 0, 0, "", fmt.Errorf("no tma_load_*_lat recordings (with a box of at most 64 rows)")
	}
	flat := median(small)
	bestMax, bestSq, bestF, bestO := math.Inf(1), math.Inf(1), 0, 0
	for f := 16; f <= 256; f++ {
		for o := 0; o <= 500; o++ {
			mx, sq := 0.0, 0.0
			for _, p := range pts {
				fill := max(p.rows*row, math.Ceil(p.bytes/float64(f)))
				e := (flat+max(fill-float64(o), 0))/p.lat - 1
				mx, sq = max(mx, math.Abs(e)), sq+e*e
			}
			if mx < bestMax-1e-12 || (mx < bestMax+1e-12 && sq < bestSq-1e-12) {
				bestMax, bestSq, bestF, bestO = mx, sq, f, o
			}
		}
	}
	src = fmt.Sprintf("fit: closed form, one box alone above the flat latency %.4g (median of the tma_load_*_lat of at most 64 rows): max(max(rows x %g, bytes / fill) - overlap, 0), fill %d B/cycle and overlap %d cycles of the least largest relative error (%.1f%%) over the %d tma_load_*_lat", flat, row, bestF, bestO, 100*bestMax, len(pts))
	return float64(bestF), float64(bestO), src, nil
}

func tmaldDrainRate(rec map[string]*Bench) (float64, string, error) {
	var v [4]float64
	for i, n := range []string{"t7mc_bar_4k", "t7mc_nobar_4k", "t7mc_bar_16k", "t7mc_nobar_16k"} {
		x, err := figure(rec, n, "cycles_per_iteration")
		if err != nil {
			return 0, "", err
		}
		v[i] = x
	}
	what := fmt.Sprintf("12 KiB / (t7mc_bar_16k - t7mc_bar_4k cycles_per_iteration: %.4g - %.4g)", v[2], v[0])
	if (v[2]-v[3])-(v[0]-v[1]) < 12288.0/1000 {
		// the barrier costs no more after the larger box than after the
		// smaller ((bar - nobar) 16k vs 4k): the drain is not seen (the
		// fence alone is longer); 0 leaves the bytes out
		return 0, fmt.Sprintf("fit: closed form, 0 (no byte term: t7mc_bar - t7mc_nobar cycles_per_iteration is %.4g - %.4g after 16 KiB, %.4g - %.4g after 4 KiB)", v[2], v[3], v[0], v[1]), nil
	}
	return math.Round(12288 / (v[2] - v[0])), "fit: closed form, " + what, nil
}
