package calibrate

import "fmt"

// The family gls of tools/microbench/gen6_store.py (issues 14 and 15): the
// L1 request path of global loads and stores by access width, lines and
// sectors per warp-access, warps and burst length; a load latency chain by
// lines per load; .cg loads; stores from every SM. The formula is
// summarize.py's: cycles_per_access = median over CTAs of the slowest
// warp's clk[w][1] over its accesses. Stores also compare the launch's ncu
// cycles (the drain of the last stores to L2 included).

// figures6 names the compared figures of the gen6 family.
func figures6(b *Bench) []string {
	if b.Family != "gls" {
		return nil
	}
	if b.Meta["store"] == true {
		return []string{"cycles_per_access", NCUFigure}
	}
	return []string{"cycles_per_access"}
}

// derive6 derives the gls figures.
func derive6(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
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
