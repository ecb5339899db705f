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
// inflight is one SM's requests in flight, a min-heap by finish cycle:
// admit pops the finished ones and waits for the earliest, without
// scanning every request in flight (up to the limit) on each request.
type inflight struct {
	reqs []flightReq
	n    int
}

// flightReq: one request in flight, when it finishes and its lines.
type flightReq struct {
	done  engine.Cycle
	lines int
}

// admit returns the cycle from which a request of n lines at cycle at can
// leave: at, or the finish of the earliest requests that must end first.
// Finished requests are dropped. Requests reach admit in the SM's issue
// order, which their cycles need not follow (an L1 queue); a request
// waits only for requests that finish after its own cycle.
func (f *inflight) admit(at engine.Cycle, n, limit int) engine.Cycle {
	for {
		for len(f.reqs) > 0 && f.reqs[0].done <= at {
			f.n -= f.reqs[0].lines
			f.pop()
		}
		if f.n+n <= limit || len(f.reqs) == 0 {
			return at
		}
		at = f.reqs[0].done
	}
}

// add records a request of n lines that finishes at done.
func (f *inflight) add(done engine.Cycle, n int) {
	f.reqs = append(f.reqs, flightReq{done, n})
	for i := len(f.reqs) - 1; i > 0; {
		p := (i - 1) / 2
		if f.reqs[p].done <= f.reqs[i].done {
			break
		}
		f.reqs[p], f.reqs[i] = f.reqs[i], f.reqs[p]
		i = p
	}
	f.n += n
}

// pop removes the earliest request.
func (f *inflight) pop() {
	last := len(f.reqs) - 1
	f.reqs[0] = f.reqs[last]
	f.reqs = f.reqs[:last]
	for i := 0; ; {
		c := 2*i + 1
		if c >= last {
			return
		}
		if c+1 < last && f.reqs[c+1].done < f.reqs[c].done {
			c++
		}
		if f.reqs[i].done <= f.reqs[c].done {
			return
		}
		f.reqs[i], f.reqs[c] = f.reqs[c], f.reqs[i]
		i = c
	}
}
