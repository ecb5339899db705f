package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The warp pipe and the shared-memory (MIO) pipe of a sub-partition, as
// microbenchmarks warp11_* and atom11_* show them (H200 and H100 alike):
//
//   - SHFL (bfly, idx, up) passes one per 4.35 cycles for one warp and
//     one per 1.01 SM-cycles from 8 warps on (4 sub-partitions x 4
//     cycles), with mio_throttle stalls: shfl_interval_cycles on the
//     sub-partition's shared-memory pipe, not the warp pipe;
//   - a shared atomic of 32 lanes on 32 distinct words passes one per 4.46
//     cycles for one warp (atom11_lanes_dead_w1), where a load passes one
//     a cycle: smem_atom_interval_cycles on the same pipe;
//   - SHFL.BFLY + ATOMS pairs take 8.2 cycles (warp11_shfl_atom_w1, 2.08
//     SM-cycles at 32 warps): they share the pipe; SHFL.BFLY + ISETP +
//     VOTE pairs take 5.6 (warp11_shfl_vote_w1, 1.17 at 32 warps): VOTE
//     is not on it. VOTE stays on the warp pipe (warp_interval_cycles:
//     4.1 cycles a vote per sub-partition at 32 warps, warp11_vote_w32)
//     with its own latency (vote_latency_cycles: warp11_vote_chain, an
//     ISETP + VOTE chain, 17.4 cycles a step);
//   - a SHFL whose predicate output is read (ptxas's scan step, SHFL.UP
//     P0 + @P0 IADD: 35.7 cycles a step, warp11_scan_chain) delivers it
//     shfl_pred_extra_cycles after the value.
//
// ncu counts each SHFL as a shared-memory wavefront
// (l1tex__data_pipe_lsu_wavefronts_mem_shared: 2051 for the 2048 SHFLs of
// warp11_bfly_w1, 3 for warp11_vote_w1's 2048 VOTEs): a SHFL takes one
// cycle of the SM's shared-memory port as well (portWavefront), its result
// its latency after that.
//
// REDUX, MATCH and activemask stay on the warp pipe, unmeasured.

// portWavefront takes one wavefront of the SM's shared-memory port from
// now on for sub-partition sp and returns when it starts.
func (s *SM) portWavefront(sp *subPart, now engine.Cycle) engine.Cycle {
	start := max(now, s.smemFree)
	wf := engine.Cycle(s.cfg.SmemWavefrontCycle)
	s.smemFree = start + wf
	s.Stats.SmemBusy += int64(wf)
	sp.mioEnter(s.cfg.MioQueueInsts, start) // mioqueue.go
	return start
}

// shflBusy is how long a SHFL holds the shared-memory pipe.
func (s *SM) shflBusy() engine.Cycle { return engine.Cycle(max(s.cfg.ShflIntervalCycles, 1)) }

// atomBusy is how long a shared atomic holds the shared-memory pipe.
func (s *SM) atomBusy() engine.Cycle {
	return engine.Cycle(max(s.cfg.SmemAtomIntervalCycles, s.cfg.Pipes[ptx.PipeShared].IntervalCycles, 1))
}

// voteLatency is VOTE's latency (lat: the warp pipe's).
func (s *SM) voteLatency(lat engine.Cycle) engine.Cycle {
	if s.cfg.VoteLatencyCycles > 0 {
		return engine.Cycle(s.cfg.VoteLatencyCycles)
	}
	return lat
}

// mioPipe is the pipe an instruction issues to and how long it holds it
// (busy 0: the pipe's interval, as before).
func (s *SM) mioPipe(info *exec.InstInfo, pipe ptx.Pipe) (ptx.Pipe, engine.Cycle) {
	if s.cfg.ShflIntervalCycles <= 0 {
		return pipe, 0
	}
	switch info.Op {
	case ptx.OpShfl:
		return ptx.PipeShared, s.shflBusy()
	case ptx.OpAtom, ptx.OpRed:
		if pipe == ptx.PipeShared && s.cfg.SmemAtomIntervalCycles > 0 {
			return pipe, s.atomBusy()
		}
	}
	return pipe, 0
}

// warpPipeLatency refines the warp pipe's latency: VOTE's own, and a SHFL
// with a predicate output (shfl.sync ... d|p) its predicate's.
func (s *SM) warpPipeLatency(info *exec.InstInfo, lat engine.Cycle) engine.Cycle {
	switch info.Op {
	case ptx.OpVote, ptx.OpActivemask:
		return s.voteLatency(lat)
	case ptx.OpShfl:
		if len(info.Defs) > 1 {
			lat += engine.Cycle(s.cfg.ShflPredExtraCycles)
		}
	}
	return lat
}
