package calibrate

import "fmt"

// The family of tools/microbench/gen13_icache.py (issue 13, helper
// icache): forward jumps over code that never runs. icgap_g<G>: one warp
// runs 8 one-line landings of FFMA, each after a jump over a pad of G
// 128-byte lines (0: straight-line code), timed twice; CTA 1 (another SM)
// runs the same code 40000 cycles later, from the L2 CTA 0 filled. Its
// %clock64 figures come from the launches ncu profiled with caches
// flushed (clock_ncu.json; summarize.py's formulas):
//
//   - cold_cycles: CTA 0's rep 0 (every line from device memory);
//   - l2_cycles: CTA 1's rep 0 (every line in the L2);
//   - warm_cycles: CTA 0's rep 1 (every line in the SM's cache).
func init() {
	clockFileOf["icgap"] = "clock_ncu"
	registerFamily("icgap", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "cold_cycles", "l2_cycles", "warm_cycles"} },
		derive: func(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
			cl := rows(o["clk"], 4)
			if len(cl) < 2 {
				return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4 per CTA for 2 CTAs", b.Name, len(o["clk"]))
			}
			return map[string]float64{NCUFigure: cycles, "cold_cycles": cl[0][1], "l2_cycles": cl[1][1], "warm_cycles": cl[0][2]}, nil
		}})
}

// groupICacheFetch fits the instruction fetch's miss path
// (sim/sm/icache.go, icl2prefetch.go) on icgap_*: icache_miss_cycles, a
// miss on a line in the L2 (l2_cycles: CTA 1 after CTA 0 brought the code
// in), icache_dram_cycles, what a line from device memory adds, and
// icache_l2_prefetch_lines, how far beyond the SM's own prefetch a miss
// brings code into the L2 (cold_cycles: CTA 0 after ncu's flush; pads of
// 1 to 64 lines), and on flushj_n0/n4/n8's far jumps (jumps_cycles). It
// runs after icache_dram (flushj_* alone) and is skipped where icgap is
// not recorded (the H200).
var groupICacheFetch = Group{Name: "icache_fetch",
	Params:  []string{"icache_miss_cycles", "icache_dram_cycles", "icache_l2_prefetch_lines"},
	Benches: []string{"icgap_*", "flushj_n0", "flushj_n4", "flushj_n8"}, Figures: []string{"cold_cycles", "l2_cycles", "jumps_cycles"},
	Needs: []string{"icgap_*"},
	Start: []float64{100, 400, 32}, Lo: []float64{0, 0, 0}, Hi: []float64{1000, 3000, 512}}

func init() {
	var out []Group
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "icache_dram" {
			out = append(out, groupICacheFetch)
		}
	}
	Groups = out
}

// groupParamLDC fits const_ldc_cycles (sim/sm/paramremat.go: the LDC
// ptxas puts in front of an inner loop's zero-trip test of its
// parameter bound, each time the outer loop gets there) on chain_overhead
// (clk_rep1: two %clock64 reads around that test with iters 0, 49 cycles
// on both GPUs; the rest of that path, CS2R, ISETP and BRA, comes from
// other groups). The first rule (any parameter with at most two uses in a
// loop) also marked uses ptxas encodes as a c[0x0][..] operand and
// compares it hoists, and the full refit with it dropped from 702 to 603
// of 1013 H200 figures within 5% (tma_load_*_tput, tmast_*, wgmma_*_rs,
// gls_st32_*_w1); with the zero-trip rule the whole suite gains 1 figure
// on the H200 and 2 on the H100 (validation/timing/paramremat.md).
//
// Session 17 (helper const): a closed form on the family ldclat instead,
// which times one LDC hit against the same region without it
// (groups20_ldclat.go: 24 on both GPUs; chain_overhead's fit gave 23).
var groupParamLDC = Group{Name: "param_ldc",
	Params:  []string{"const_ldc_cycles"},
	Benches: ldclatCal, Figures: []string{"ldc_cycles"},
	Direct: ldclatLDC}

func init() { Groups = append(Groups, groupParamLDC) }
