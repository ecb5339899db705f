package calibrate

import (
	"fmt"
	"slices"
	"strings"
)

// The families of tools/microbench/gen11_tmald.py (issue 14, session 8,
// helper tmald): the single-CTA TMA-load evidence kernels phase by phase.
// The formulas are summarize.py's.
//
//   - tph: instrumented copies of tma_load_2d_none, _2d_shift,
//     tma_load_nd_r3 and tma_bulk (%clock64 stamps per warp, clk[w][k] =
//     stamp k - stamp 0): warp 0's fill loop, thread 0's issue block, the
//     waits, the copy-out loop (tph_bulk: the bulk stores), and the launch
//     under ncu.
//     tph_mbar_ops (tools/microbench/gen14_mbarops.py): the mbarrier
//     evidence kernel with stamps; only its launch under ncu is compared;
//     tph_stsm_none likewise (a stamp after each of stsm_none's 18
//     __syncthreads, 20 per warp); tph_tma_reduce_ops
//     (tools/microbench/gen15_reduceops.py) the 62-CTA bulk-reduction
//     evidence kernel (8 stamps per warp, every CTA).
//   - tphl: the fill loop (st.shared) and copy-out loop (ld.shared ->
//     st.global) of those kernels alone, 16 KiB, 32..256 threads: cycles
//     per iteration of warp 0, and the launch under ncu.
func init() {
	registerFamily("tph", family{figures: figuresTPH, derive: deriveTPH})
	registerFamily("tphl", family{
		figures: func(*Bench) []string { return []string{"fill_cycles_per_iter", "copy_cycles_per_iter", NCUFigure} },
		derive:  deriveTPHL})
}

// figuresTPH: the compared figures of tph. The issue, wait and store
// phases are derived too, but only for diagnosis: the runs without ncu
// find the constants, tensor maps and data in the L2 (and the constant
// cache), where a simulated launch starts cold; the loops do not depend on
// it, and the launch under ncu is cold on both sides.
func figuresTPH(b *Bench) []string {
	if b.Name == "tph_mbar_ops" || b.Name == "tph_stsm_none" || isReduceOpsTwin(b) || isCoopTwin(b) || isCuteTwin(b) || isFlashTwin(b) {
		return []string{NCUFigure} // gen14_mbarops.py, gen18_coop2x1.py, gen20_redops.py, gen23_cute.py, gen23_flash.py: the launch only
	}
	return []string{"fill_cycles", "copy_cycles", NCUFigure}
}

// tphStampLimit: a stamp a kernel never took holds 0 - t0 (a wrapped
// 64-bit value); real stamps are far below this.
const tphStampLimit = 1 << 40

func deriveTPH(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	if isReduceOpsTwin(b) {
		return deriveTPHReduceOps(b, o, cycles)
	}
	if isCoopTwin(b) {
		return deriveTPHCoop(b, o, cycles)
	}
	if isCuteTwin(b) {
		return deriveTPHCute(b, o, cycles)
	}
	if isFlashTwin(b) {
		return deriveTPHFlash(b, o, cycles) // groups23_flash.go
	}
	per := 16
	if b.Name == "tph_stsm_none" {
		per = 20 // TPH_N 20
	}
	cl := rows(o["clk"], per)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 16 per warp", b.Name, len(o["clk"]))
	}
	c := cl[0]
	if b.Name == "tph_mbar_ops" {
		// thread 0's phases (gen14_mbarops.py): diagnosis only
		return map[string]float64{NCUFigure: cycles, "hint_cycles": c[3] - c[2], "bulk_wait_cycles": c[6] - c[5],
			"lane_loop_cycles": c[10] - c[9], "lane_wait_cycles": c[11] - c[10]}, nil
	}
	if b.Name == "tph_stsm_none" {
		// warp 0's six variants (gen14_mbarops.py): fill, loads + stmatrix,
		// copy-out; diagnosis only
		if len(c) < 19 {
			return nil, fmt.Errorf("%s: %d stamps per warp, 19 needed", b.Name, len(c))
		}
		out := map[string]float64{NCUFigure: cycles}
		for v := 0; v < 6; v++ {
			out[fmt.Sprintf("load_stsm_cycles_v%d", v)] = c[3*v+2] - c[3*v+1]
		}
		return out, nil
	}
	out := map[string]float64{NCUFigure: cycles, "fill_cycles": c[1]}
	if b.Name == "tph_bulk" {
		out["wait_cycles"] = c[5] - c[3]
		out["copy_cycles"] = c[7] - c[6]
		out["store_cycles"] = c[9] - c[8]
		return out, nil
	}
	last := c[3]
	for _, v := range c[4:11] {
		if v < tphStampLimit {
			last = max(last, v)
		}
	}
	out["issue_cycles"] = c[3] - c[2]
	out["wait_cycles"] = last - c[3]
	out["copy_cycles"] = c[12] - c[11]
	return out, nil
}

func deriveTPHL(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	cl := rows(o["clk"], 4)
	it := b.meta("iterations")
	if len(cl) == 0 || it <= 0 {
		return nil, fmt.Errorf("%s: output clk has %d values (4 per warp needed), iterations %g", b.Name, len(o["clk"]), it)
	}
	c := cl[0]
	return map[string]float64{NCUFigure: cycles, "fill_cycles_per_iter": c[1] / it, "copy_cycles_per_iter": (c[3] - c[2]) / it}, nil
}

// deriveTPHReduceOps: tph_tma_reduce_ops (gen15_reduceops.py, summarize.py's
// formulas): warp 0 of every CTA the launch's mask runs (clk[cta][warp][k], 8
// stamps, meta warps per CTA; a CTA left out wrote zeros): the medians over those
// CTAs of its load, sync, issue, wait and flag phases, and the longest CTA's
// stamped span. Only the launch under ncu is compared; the phases are for
// diagnosis (%clock64 is per SM, so spans of different CTAs are not aligned).
func deriveTPHReduceOps(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	all, warps := rows(o["clk"], 8), int(b.meta("warps"))
	if warps < 1 {
		return nil, fmt.Errorf("%s: meta warps %d", b.Name, warps)
	}
	var load, sync, issue, wait, flag []float64
	span := 0.0
	for i := 0; i < len(all); i += warps {
		c := all[i]
		if c[1] == 0 {
			continue
		}
		load = append(load, c[1])
		sync = append(sync, c[2]-c[1])
		issue = append(issue, c[3]-c[2])
		wait = append(wait, c[4]-c[3])
		flag = append(flag, c[5]-c[4])
		span = max(span, c[5])
	}
	if len(load) == 0 {
		return nil, fmt.Errorf("%s: output clk has no stamped CTA (%d values, 8 per warp)", b.Name, len(o["clk"]))
	}
	return map[string]float64{NCUFigure: cycles, "load_cycles": median(load), "sync_cycles": median(sync),
		"issue_cycles": median(issue), "wait_cycles": median(wait), "flag_cycles": median(flag),
		"span_max_cycles": span}, nil
}

// isReduceOpsTwin: tph_tma_reduce_ops and its permutations tph_redops_rot
// (CTA v runs case (v + 31) % 62) and tph_redops_mrev (maps[] reversed),
// gen20_redops.py: the same stamps.
func isReduceOpsTwin(b *Bench) bool {
	return b.Name == "tph_tma_reduce_ops" || strings.HasPrefix(b.Name, "tph_redops_")
}

// isCoopTwin: tph_cutlass_coop_2x1 and its _spin sibling (gen18_coop2x1.py).
func isCoopTwin(b *Bench) bool { return strings.HasPrefix(b.Name, "tph_cutlass_coop_2x1") }

// deriveTPHCoop: the stamped twins of cutlass_gemm_ws_cooperative_2x1
// (gen18_coop2x1.py, summarize.py's formulas): raw %clock64 stamps,
// clk[cta][warp][32], 12 warps per CTA; warp 0 is the TMA producer, warps
// 4-11 the consumers. Per CTA (t0 = its earliest entry stamp): the
// prologue to the cluster barrier (slot 1, latest warp), the producer's
// path from the barrier to its first TMA issue (9 - 1), the first full
// barrier after that issue (latest consumer 17 - producer 9), the mainloop
// (latest 25 - latest 17), the epilogue's stores (latest 28 - latest 27);
// medians over the CTAs, and the longest stamped span. Only the launch
// under ncu is compared; the phases are diagnosis (%clock64 is per SM).
func deriveTPHCoop(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	const slots, warps = 32, 12
	all := rows(o["clk"], slots)
	if len(all) < warps || len(all)%warps != 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, %d per warp and %d warps per CTA needed", b.Name, len(o["clk"]), slots, warps)
	}
	var pro, prod, first, loop, epi []float64
	span := 0.0
	for i := 0; i < len(all); i += warps {
		c := all[i : i+warps]
		t0, bar := c[0][0], 0.0
		for _, w := range c {
			if w[0] > 0 {
				t0 = min(t0, w[0])
			}
			bar = max(bar, w[1])
		}
		latest := func(k int) float64 {
			v := 0.0
			for _, w := range c[4:] {
				v = max(v, w[k])
			}
			return v
		}
		pro = append(pro, bar-t0)
		prod = append(prod, c[0][9]-c[0][1])
		first = append(first, latest(17)-c[0][9])
		loop = append(loop, latest(25)-latest(17))
		epi = append(epi, latest(28)-latest(27))
		last := 0.0
		for _, w := range c {
			last = max(last, slices.Max(w))
		}
		span = max(span, last-t0)
	}
	return map[string]float64{NCUFigure: cycles, "prologue_cycles": median(pro), "producer_first_tma_cycles": median(prod),
		"first_full_cycles": median(first), "mainloop_cycles": median(loop), "epilogue_cycles": median(epi),
		"span_max_cycles": span}, nil
}
