package calibrate

import "fmt"

// The family of tools/microbench/gen9_tail.py (issue 14, helper tail):
// global stores right before a launch's warps exit.
//
//   - tailst (K KiB of a 128-row f32 tile written by 8 warps with scalar,
//     v2, v4 or bulk stores, then exit): the launch under ncu
//     (sm__cycles_elapsed.max) and issue_cycles, the largest over the warps
//     of %clock64 from before the first store to after the last one issued
//     (clk[.][0], runs without ncu).
//   - tailsk (CTAs that spin 6000 cycles, 1-132, CUTLASS's shape with
//     clusters of 2): the launch under ncu.
//   - tailtm (4 waited 1 KiB TMA loads on one or four parameter maps, a
//     global map, or bulk loads without a map, under ncu): the launch.
//   - tailld (a launch's first reads from memory, chained ld.global.cg or
//     cp.async.bulk, under ncu, which flushes the caches): the launch.
func init() {
	registerFamily("tailst", family{
		figures: func(*Bench) []string { return []string{NCUFigure, "issue_cycles"} },
		derive:  tailDeriveIssue})
	registerFamily("tailsk", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive: func(_ *Bench, _ Outputs, cycles float64) (map[string]float64, error) {
			return map[string]float64{NCUFigure: cycles}, nil
		}})
	registerFamily("tailtm", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive: func(_ *Bench, _ Outputs, cycles float64) (map[string]float64, error) {
			return map[string]float64{NCUFigure: cycles}, nil
		}})
	registerFamily("tailld", family{
		figures: func(*Bench) []string { return []string{NCUFigure} },
		derive: func(_ *Bench, _ Outputs, cycles float64) (map[string]float64, error) {
			return map[string]float64{NCUFigure: cycles}, nil
		}})
}

// tailDeriveIssue: clk holds {t1 - t0, t2 - t0} per warp; issue_cycles is
// the largest t1 - t0.
func tailDeriveIssue(b *Bench, o Outputs, cycles float64) (map[string]float64, error) {
	cl := rows(o["clk"], 2)
	if len(cl) == 0 {
		return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warp", b.Name, len(o["clk"]))
	}
	return map[string]float64{NCUFigure: cycles, "issue_cycles": maxCol(cl, 0)}, nil
}
