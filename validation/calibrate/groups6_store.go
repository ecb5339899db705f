package calibrate

import "fmt"

// groupsGLS fits the sub-partition's port into the L1 (sim/sm/lsu.go),
// after the SM-wide L1 groups l1_load and l1_store (groups3.go):
//
//   - l1_port_cycles_per_line: searched on one warp's loads of 16 and 32
//     lines (gld_line_w1, gls_ld32_l16_w1, gls_ld32_l32_w1, gls2_ld32_l32_w1)
//     and stores of 8 lines (gls2_st64_epi_w1).
//   - l1_port_bytes_per_cycle: fitted with the warp's operand read-out in
//     group lsu_warp (groups12_gls.go).
var groupsGLS = []Group{
	{Name: "l1_port", Params: []string{"l1_port_cycles_per_line"},
		Benches: []string{"gld_line_w1", "gls_ld32_l16_w1", "gls_ld32_l32_w1", "gls2_ld32_l32_w1", "gls2_st64_epi_w1"},
		Figures: []string{"cycles_per_load", "cycles_per_access"},
		Start:   []float64{2}, Lo: []float64{0}, Hi: []float64{16}},
}

func init() {
	Groups = append(Groups, groupsGLS...)
	registerFamily("gls", family{figuresGLS, deriveGLS})
}

// The family gls of tools/microbench/gen6_store.py (issues 14 and 15): the
// L1 request path of global loads and stores by access width, lines and
// sectors per warp-access, warps and burst length; a load latency chain by
// lines per load; .cg loads; stores from every SM. The formula is
// summarize.py's: cycles_per_access = median over CTAs of the slowest
// warp's rep 1 from the barrier's release (rep1FromRelease) over its
// accesses. Every benchmark also compares the launch's ncu cycles: for
// stores the drain of the last stores to L2 included, for loads rep 0
// from HBM (ncu flushes the caches; the clk figure's rep 1 is L1-warm):
// 8-27% short on the H200 at session 13, mostly ptxas's loads in flight
// in gls.cu (RATIONALE: no per-warp pace of cold misses), which the issue
// schedule keeps since session 14 (sim/sm/schedload.go, blockPressure).

// figuresGLS names the compared figures of the gen6 family.
func figuresGLS(b *Bench) []string {
	return []string{"cycles_per_access", NCUFigure}
}

// deriveGLS derives the gls figures.
func deriveGLS(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	if b.Family != "gls" {
		return nil, fmt.Errorf("%s: no derivation for family %s", b.Name, b.Family)
	}
	nw, ctas := max(1, b.Block[0]/32), max(1, b.Grid[0])
	cl := rows(o["clk"], 2)
	if len(cl) < nw*ctas {
		return nil, fmt.Errorf("%s: output clk has %d rows, the derivation needs %d (CTAs x warps)", b.Name, len(cl), nw*ctas)
	}
	per := make([]float64, ctas)
	for i := range per {
		per[i] = rep1FromRelease(cl[i*nw : (i+1)*nw])
	}
	return map[string]float64{"cycles_per_access": median(per) / b.meta("accesses_per_warp"), NCUFigure: cycles}, nil
}

// rep1FromRelease is the slowest warp's timed rep 1 of one CTA, counted
// from the release of the __syncthreads that starts it (summarize.py's
// rep1_from_release): rows are the warps' {rep 0, rep 1} %clock64 spans,
// each starting at a bar.sync. A %clock64 read right after bar.sync reads
// the cycle its warp arrived (BAR.SYNC.DEFER_BLOCKING; sim/sm/barclock.go),
// so a warp's rep-1 span also holds its wait for the CTA's slowest rep 0,
// the L1-cold pass: on the H200 gls2_ld32_coal_w4's warps spend 1016, 1158,
// 1354, 1348 cycles in rep 0 and 697, 549, 353, 355 in rep 1, each warp
// 349-359 cycles from the release (one warp alone: 348). The recordings'
// rep 0 finds its lines in a warm L2 (inputs just copied in) where the
// timed run starts cold, so the wait is no part of an L1-warm figure. The
// warps reach the first barrier together: warp w waited max(rep 0) -
// rep0[w].
func rep1FromRelease(rs [][]float64) float64 {
	m0 := maxCol(rs, 0)
	out := rs[0][1] - (m0 - rs[0][0])
	for _, r := range rs {
		out = max(out, r[1]-(m0-r[0]))
	}
	return out
}
