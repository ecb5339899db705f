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
// REDUX.SUM goes to the ADU behind the same MIO issue (ncu on the H200:
// pipe_adu counts 65792 instructions for redux13_tput_w32's 65536 REDUX,
// with 21.7 mio_throttle stalls per issue; tools/microbench/
// atom15_sass.txt) and holds it: 32-lane
// ATOMS on distinct words with 4 independent REDUX.SUM an iteration of 32
// (atom15_mixr_w32) take 1.291 SM-cycles an atomic where the ATOMS alone
// take 1.032 (atom11_lanes_dead_w32): 8.3 sub-partition cycles a REDUX on
// top of the atomics', the REDUX's own rate at 8 and 32 warps (redux13_tput_w32,
// redux15_tput_w8: one per 8.05 / 8.16 cycles a sub-partition). So REDUX
// holds the sub-partition's shared-memory pipe redux_interval_cycles,
// takes no wavefront of the shared-memory port (ncu: 34 for 65536 REDUX),
// and one warp issues its next REDUX no sooner than
// redux_warp_interval_cycles after the last (redux13_tput_w1: one per
// 10.9 cycles with 16 independent); its result, moved back from the
// uniform register (REDUX.SUM UR + IMAD.U32 R, UR), comes
// redux_latency_cycles after issue (redux13_chain: 44.3 a dependent step).
// The REDUX.SUM ptxas puts before a warp-reduced shared atomic takes the
// same pipe (atomserial.go reduceReady).
//
// MATCH and activemask stay on the warp pipe, unmeasured.

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
	case ptx.OpRedux:
		if s.cfg.ReduxIntervalCycles > 0 {
			return ptx.PipeShared, engine.Cycle(s.cfg.ReduxIntervalCycles)
		}
	}
	return pipe, 0
}

// reduxFree is when warp ws may issue its next REDUX (0 for other
// instructions, or with no REDUX model).
func (s *SM) reduxFree(ws *warpState, info *exec.InstInfo) engine.Cycle {
	if info.Op != ptx.OpRedux || s.cfg.ReduxIntervalCycles <= 0 {
		return 0
	}
	return ws.reduxFree
}

// warpPipeLatency refines the warp pipe's latency: VOTE's own, and a SHFL
// with a predicate output (shfl.sync ... d|p) its predicate's.
func (s *SM) warpPipeLatency(info *exec.InstInfo, lat engine.Cycle) engine.Cycle {
	switch info.Op {
	case ptx.OpVote, ptx.OpActivemask:
		return s.voteLatency(lat)
	case ptx.OpRedux:
		if s.cfg.ReduxLatencyCycles > 0 {
			return engine.Cycle(s.cfg.ReduxLatencyCycles)
		}
	case ptx.OpShfl:
		if len(info.Defs) > 1 {
			lat += engine.Cycle(s.cfg.ShflPredExtraCycles)
		}
	}
	return lat
}
