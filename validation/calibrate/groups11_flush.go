package calibrate

import "fmt"

// The families of tools/microbench/gen11_flush.py (issues 13/14, helper
// flush): instruction fetch after ncu's cache flush (the code in device
// memory only, every SM's instruction cache empty). Their clk figures come
// from the launches ncu profiled with caches flushed (clock_ncu.json;
// summarize.py): the runs without ncu find the code in the SM's
// instruction cache.
//
//   - flushj (n + 1 far jumps over 16 KiB pads to code no SM has fetched,
//     1 CTA, or 132 at once, or 132 whose CTAs but 0 first wait 30000
//     cycles): the launch under ncu and jumps_cycles, CTA 0's %clock64 from
//     before the first jump to after the last landing (clk[9]).
//   - flushs (8 or 64 KiB of straight-line FFMA from memory, 1 or 132
//     CTAs, timed twice): the launch under ncu, cycles_cold and cycles_warm
//     (the largest rep 0 and rep 1 over the CTAs).
//
// clockFileOf names, by family, the file (without .json) whose runs hold
// a family's %clock64 figures when it is not clock_runs.json.
var clockFileOf = map[string]string{"flushj": "clock_ncu", "flushs": "clock_ncu"}

func init() {
	registerFamily("flushj", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "jumps_cycles"} },
		derive: func(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
			cl := o["clk"]
			if len(cl) < 10 {
				return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 10 per CTA", b.Name, len(cl))
			}
			return map[string]float64{NCUFigure: cycles, "jumps_cycles": cl[9]}, nil
		}})
	registerFamily("flushs", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "cycles_cold", "cycles_warm"} },
		derive:  deriveColdRep1})
}

// groupICacheDRAM fits icache_dram_cycles, what an instruction-cache miss
// pays beyond an L2 hit when no SM has fetched the line since ncu's flush,
// on flushj_n0/n4/n8's jumps_cycles (1, 5 and 9 far jumps, each landing in
// a line beyond the prefetcher's reach): the launch's constant is not in
// the figure. It goes before the launch group, whose empty launches hold
// one such miss (the kernel's first line).
var groupICacheDRAM = Group{Name: "icache_dram", Params: []string{"icache_dram_cycles"},
	Benches: []string{"flushj_n0", "flushj_n4", "flushj_n8"}, Figures: []string{"jumps_cycles"},
	Start: []float64{300}, Lo: []float64{0}, Hi: []float64{3000}}

func init() {
	var out []Group
	for _, g := range Groups {
		if g.Name == "launch" {
			out = append(out, groupICacheDRAM)
		}
		out = append(out, g)
	}
	Groups = out
}
