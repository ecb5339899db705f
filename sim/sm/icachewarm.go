package sm

import (
	"slices"
)

// A warm run (gpu.TimedOptions.Warm) follows a launch of the same kernel
// on the same SMs: its code is in each SM's instruction cache and in L2
// before the first fetch. The recordings' warm runs show it (flushs_k8,
// H200 and H100, clock_runs.json: the first pass over 8 KiB of
// straight-line code takes 1111 cycles in run 0 and 513 in runs 1-4, as
// the second pass of every run; the launches ncu profiled, caches flushed
// or not, 1091-1117: other kernels ran between them). mwake's modes, whose
// warp 0 jumps after its 1000-cycle spin to code it has not run before,
// stamp the arrive of m1..m3 161..184 cycles after the spin's end on the
// H200, where the cold model fetched two lines from L2 on the way
// (validation/timing/mwake28.md).

// WarmCode puts every code line of the kernel in the SM's instruction
// cache (up to its capacity, in address order: the last lines stay) and in
// the L2, ready at cycle 0.
func (s *SM) WarmCode() {
	ic := &s.cfg.ICache
	if ic.LineBytes <= 0 || s.code == nil || s.code.kern == nil {
		return
	}
	lb := uint64(ic.LineBytes)
	var lines []uint64
	prog := s.code.kern.Program()
	for j := range prog.Funcs {
		for _, info := range s.code.kern.FuncInfos(j) {
			lines = append(lines, s.code.low.at(info).addr/lb)
		}
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	capLines := 0
	if ic.CapacityBytes > 0 {
		capLines = max(ic.CapacityBytes/ic.LineBytes, ic.PrefetchLines+1)
	}
	for _, l := range lines {
		s.ic.fill(l, 0, 0, capLines)
		if _, ok := s.code.inL2[l]; !ok {
			s.code.inL2[l] = 0
		}
	}
	s.ic.evicted = nil // a line the warm-up itself evicted was never fetched by this run
}
