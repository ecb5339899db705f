package calibrate

import (
	"fmt"
	"math"
	"slices"
)

// The family of tools/microbench/gen12_smallflush.py (issue 14, helper
// smallflush): the first global loads of a launch after ncu's cache flush
// (data in HBM only), by the 4 warps of 1, 62 or 132 CTAs at once, each
// thread copying n words of its CTA's rows into shared memory with
// tma_reduce_ops' prologue loop (one load in flight per warp), then
// optionally a bulk reduction or store of the tile, waited. Its clk
// figures come from the launches ncu profiled with caches flushed
// (clock_ncu.json), as flushj's do.
//
//   - ncu_cycles: the launch under ncu;
//   - load_cycles: the largest t1 - t0 over the warps (their loads and
//     shared stores);
//   - load_near_cycles, load_far_cycles (62 or more CTAs): the means of the
//     two groups the warps' t1 - t0 fall in (least-squares cut): warps
//     whose lines live in their SM's near L2 partition and those whose
//     lines live in the far one;
//   - bulk_cycles (bulk modes): CTA 0's t3 - t2, the bulk operation and
//     its wait_group 0.
func init() {
	clockFileOf["sfl"] = "clock_ncu"
	registerFamily("sfl", family{figures: sflFigures, derive: deriveSfl})
}

func sflFigures(b *Bench) []string {
	out := []string{NCUFigure, "load_cycles"}
	if metaFloat(b, "ctas") >= 62 {
		out = append(out, "load_near_cycles", "load_far_cycles")
	}
	if metaFloat(b, "mode") != 0 {
		out = append(out, "bulk_cycles")
	}
	return out
}

// metaFloat is a numeric meta entry of b (0 when missing).
func metaFloat(b *Bench, key string) float64 {
	if v, ok := b.Meta[key].(float64); ok {
		return v
	}
	return 0
}

func deriveSfl(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	cl := rows(o["clk"], 4)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4 per warp", b.Name, len(o["clk"]))
	}
	loads := make([]float64, len(cl))
	for i, r := range cl {
		loads[i] = r[1]
	}
	out := map[string]float64{NCUFigure: cycles, "load_cycles": slices.Max(loads)}
	if metaFloat(b, "ctas") >= 62 {
		out["load_near_cycles"], out["load_far_cycles"] = twoGroups(loads)
	}
	if metaFloat(b, "mode") != 0 {
		out["bulk_cycles"] = cl[0][3] - cl[0][2]
	}
	return out, nil
}

// twoGroups splits xs at the cut of least summed squared deviation from
// the two groups' means and returns the means (low, high); the first such
// cut on ties.
func twoGroups(xs []float64) (lo, hi float64) {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) < 2 {
		return s[0], s[0]
	}
	pre := make([]float64, len(s)+1)
	pre2 := make([]float64, len(s)+1)
	for i, x := range s {
		pre[i+1], pre2[i+1] = pre[i]+x, pre2[i]+x*x
	}
	sse := func(a, b int) float64 { // s[a:b]
		n := float64(b - a)
		sum := pre[b] - pre[a]
		return pre2[b] - pre2[a] - sum*sum/n
	}
	best, cut := math.Inf(1), 1
	for i := 1; i < len(s); i++ {
		if v := sse(0, i) + sse(i, len(s)); v < best-1e-9 {
			best, cut = v, i
		}
	}
	n := len(s)
	return (pre[cut] - pre[0]) / float64(cut), (pre[n] - pre[cut]) / float64(n-cut)
}

// groupDRAMFar fits dram_far_extra_cycles, how much longer a load that
// misses to HBM takes when its line's home L2 partition is the far one
// (sim/gpu/l2.go), in closed form: sfl_c62_n8's warps make 8 dependent
// cold loads each, all in one 4 KiB block, so their times fall in two
// groups (near and far block), 8 loads apart.
var groupDRAMFar = Group{Name: "dram_far", Params: []string{"dram_far_extra_cycles"},
	Benches: []string{dramFarBench}, Figures: []string{"load_near_cycles", "load_far_cycles"}, Direct: dramFarExtra}

const dramFarBench, dramFarLoads = "sfl_c62_n8", 8

// dramFarExtraValue is (far - near) / loads of sfl_c62_n8.
func dramFarExtraValue(rec map[string]*Bench) (v, near, far float64, err error) {
	if near, err = figure(rec, dramFarBench, "load_near_cycles"); err != nil {
		return
	}
	if far, err = figure(rec, dramFarBench, "load_far_cycles"); err != nil {
		return
	}
	return math.Round((far - near) / dramFarLoads), near, far, nil
}

func dramFarExtra(rec map[string]*Bench) (float64, string, error) {
	v, near, far, err := dramFarExtraValue(rec)
	if err != nil {
		return 0, "", err
	}
	return v, fmt.Sprintf("fit: closed form, (%s load_far_cycles %.5g - load_near_cycles %.5g) / %d dependent "+
		"cold loads a warp (the warps' two groups, least-squares cut: lines in the near or far L2 partition)",
		dramFarBench, far, near, dramFarLoads), nil
}

// init puts dram_far right after dram_latency: every later group that
// simulates HBM misses is fitted with it in place.
func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "dram_latency" {
			out = append(out, groupDRAMFar)
		}
	}
	Groups = out
}
