package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// Shared memory behind global stores (session 22, validation/timing/
// gmem22.md). H200 probe tools/microbench/gmem22 (%clock64 after each
// store): one warp's 16 st.global.u32 of a line per lane (32 sectors, 64
// L1 cycles each), each followed by a dependent ld.volatile.shared, run
// one store+load per 26 cycles for 11 stores, then one per 64 (the L1's
// pace); after coalesced stores 26 throughout (line_lds_w1, coal_lds_w1).
// Two rules:
//
//   - the store's sectors still take the shared-memory port (storedata.go,
//     smst2_c32_s42: they add to 256 conflicted wavefronts), but in the
//     port's idle cycles of up to store_data_credit_cycles before the
//     store's issue: 11 pairs at 26 cycles with 33 port cycles each leave
//     77 cycles of data behind the port without delaying the loads;
//   - a shared-memory load starts no sooner than the L1's queued work is
//     within smem_l1_backlog_cycles of its end: the 12th load waits, when
//     the L1 has ~450 cycles of the 32-line stores queued ahead of it
//     (stores alone run 22-24 requests, ~1500 L1 cycles, ahead:
//     store_queue_requests).

// smemBehindL1 is the earliest start of shared-memory access info: the
// L1's queued work within smem_l1_backlog_cycles of its end.
func (s *SM) smemBehindL1(info *exec.InstInfo) engine.Cycle {
	c := s.cfg.SmemL1BacklogCycles
	if c <= 0 || info.Op != ptx.OpLd {
		return 0
	}
	return s.l1Free - engine.Cycle(c)
}
