package gpu

import "github.com/sm90sim/sm90sim/sim/engine"

// An SM's global requests outstanding at the L2 (hbmq28.md). Each SM
// keeps at most sm_inflight_lines 128-byte lines in flight between its
// LSU and the L2: a load's lines until its data are back, a store's until
// its slice takes them (TMA and bulk copies have their own unit and are
// not counted). A request that would exceed the limit leaves when enough
// earlier ones have finished.
//
// The H200 shows it two ways. The copy (gmem_copy_c33, 64 KiB of loads
// and 64 KiB of stores a 1024-thread CTA per round) slows by 8% at 33 SMs,
// where one warp's cold loads beside it (tools/microbench/hbmq28) take
// only ~300 cycles more than alone: with 64 KiB of loads in flight an SM
// would hide far more, so an SM keeps fewer; by Little's law the copy's
// ~22 B/cycle of loads a SM at ~990 cycles a load are ~22 KiB, its stores
// the rest. And one SM reading L2 (l2bw_ld_c1: 110.6 B/cycle at ~281
// cycles a line) has ~31 KiB of loads in flight: the two meet near 256
// lines (32 KiB).
//
// inflight is one SM's requests in flight: when each finishes and its lines.
type inflight struct {
	done  []engine.Cycle
	lines []int
	n     int
}

// admit returns the cycle from which a request of n lines at cycle at can
// leave: at, or the finish of the earliest requests that must end first.
// Finished requests are dropped. Requests reach admit in the SM's issue
// order, which their cycles need not follow (an L1 queue); a request
// waits only for requests that finish after its own cycle.
func (f *inflight) admit(at engine.Cycle, n, limit int) engine.Cycle {
	for {
		k := 0
		for i, d := range f.done {
			if d <= at {
				f.n -= f.lines[i]
				continue
			}
			f.done[k], f.lines[k] = d, f.lines[i]
			k++
		}
		f.done, f.lines = f.done[:k], f.lines[:k]
		if f.n+n <= limit || k == 0 {
			return at
		}
		first := f.done[0]
		for _, d := range f.done[1:] {
			first = min(first, d)
		}
		at = first
	}
}

// add records a request of n lines that finishes at done.
func (f *inflight) add(done engine.Cycle, n int) {
	f.done = append(f.done, done)
	f.lines = append(f.lines, n)
	f.n += n
}
