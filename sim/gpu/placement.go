package gpu

import (
	"cmp"
	"slices"
)

// firstWaveOrder is the order in which the first CTAs of a plain launch of
// n CTAs take the SMs (one each; the breadth-first dispatcher then goes
// round the same order again). Measured by %smid in the l2bw recordings
// (tools/microbench/l2bw.cu, l2bw_sh.cu; the same on the H100 and the
// H200): the GPCs of at most two SMs are filled first (l2bw_ld_c2: SMs 124
// and 126, _c8: 124..131); the other CTAs are dealt to the larger GPCs one
// TPC (the two SMs map-adjacent in a GPC) per GPC per round, a TPC's second
// SM only after every TPC has one (l2bw_ld_c16: SMs 0, 2, .., 14, one per
// GPC; _c33: 4 in the GPC of 8 SMs, 3 in the others; _c66: 4, then 8 each
// and 7 in the two GPCs of 18); and consecutive CTAs go to the same GPC
// (GPC by GPC, smaller GPCs first, each GPC's SMs in map order: with 132
// CTAs, CTAs 8..15 run on SMs 0, 1, 16, 17, 32, 33, 48, 49). A whole GPC
// therefore runs a run of consecutive CTAs, which is what makes CTAs that
// read the same tiles share a GPC (l2merge.go). SMs of no GPC come last.
func firstWaveOrder(gpcs [][]int, numSMs, n int) []int {
	gs := slices.Clone(gpcs)
	slices.SortStableFunc(gs, func(a, b []int) int { return cmp.Compare(len(a), len(b)) })
	chosen := make([]bool, numSMs)
	left := min(n, numSMs)
	take := func(s int) bool {
		if left == 0 || chosen[s] {
			return false
		}
		chosen[s] = true
		left--
		return true
	}
	// small GPCs: one SM each per round
	for r := 0; r < 2; r++ {
		for _, g := range gs {
			if len(g) <= 2 && r < len(g) {
				take(g[r])
			}
		}
	}
	// larger GPCs: TPC by TPC, first SMs then second SMs
	for half := 0; half < 2; half++ {
		for t := 0; ; t++ {
			more := false
			for _, g := range gs {
				if len(g) > 2 && 2*t+half < len(g) {
					more = true
					take(g[2*t+half])
				}
			}
			if !more {
				break
			}
		}
	}
	order := make([]int, 0, numSMs)
	in := make([]bool, numSMs)
	for _, g := range gs {
		for _, s := range g {
			if chosen[s] {
				order = append(order, s)
				in[s] = true
			}
		}
	}
	for _, g := range gs {
		for _, s := range g {
			if !in[s] {
				order = append(order, s)
				in[s] = true
			}
		}
	}
	for s := range numSMs {
		if !in[s] {
			order = append(order, s)
		}
	}
	return order
}
