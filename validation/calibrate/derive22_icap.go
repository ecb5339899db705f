package calibrate

import "fmt"

// Family icap (tools/microbench/gen22_icap.py, session 22, helper icap):
// one warp runs K KiB of straight-line FFMA three times (icap_k36..k60), or
// 32 KiB in two halves around a 16 / 32 KiB pad it jumps over
// (icap_k32_p16 / p32). The figures come from the launches ncu profiled with
// its cache flush (clock_ncu.json, as the simulated run, which starts with
// empty caches): cycles_cold = clk rep 0 (the code from memory),
// cycles_warm = clk rep 2 (the code where rep 1 left it), and the launch
// under ncu. The formulas are summarize.py's.
func init() {
	clockFileOf["icap"] = "clock_ncu"
	registerFamily("icap", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "cycles_cold", "cycles_warm"} },
		derive: func(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
			cl := rows(o["clk"], 3)
			if len(cl) == 0 {
				return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 3 per CTA", b.Name, len(o["clk"]))
			}
			return map[string]float64{NCUFigure: cycles, "cycles_cold": maxCol(cl, 0), "cycles_warm": maxCol(cl, 2)}, nil
		}})
}
