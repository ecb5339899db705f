package calibrate

import "fmt"

// The family of tools/microbench/gen16_coldpace.py (issue 14, session 13,
// helper coldld): one warp's (or 2-4 warps') N independent global loads
// of 1, 2 or 4 lines, consecutive or 64 KiB apart, the epilogue shape and
// a dependent chain; each warp's clk = {%smid, rep 0 (cold code and
// data), rep 1 (cold data, warm code), rep 2 (L1)}. The compared figure
// is the launch under ncu (caches flushed); cold_cycles (the largest rep
// 1 over the warps of the launches ncu profiled, clock_ncu.json) is
// derived for diagnosis and not compared: the rep's stamps depend on
// where ptxas put its loads' register reuse (the SASS in provenance's
// sass_timed_regions).
func init() {
	clockFileOf["coldpace"] = "clock_ncu"
	registerFamily("coldpace", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive:  deriveColdpace})
}

func deriveColdpace(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	cl := rows(o["clk"], 4)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 4 per warp", b.Name, len(o["clk"]))
	}
	return map[string]float64{NCUFigure: cycles, "cold_cycles": maxCol(cl, 2)}, nil
}
