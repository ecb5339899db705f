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
// warp's clk[w][1] over its accesses. Stores also compare the launch's ncu
// cycles (the drain of the last stores to L2 included).

// figuresGLS names the compared figures of the gen6 family.
func figuresGLS(b *Bench) []string {
	if b.Meta["store"] == true {
		return []string{"cycles_per_access", NCUFigure}
	}
	return []string{"cycles_per_access"}
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
		per[i] = maxCol(cl[i*nw:(i+1)*nw], 1)
	}
	out := map[string]float64{"cycles_per_access": median(per) / b.meta("accesses_per_warp")}
	if b.Meta["store"] == true {
		out[NCUFigure] = cycles
	}
	return out, nil
}
