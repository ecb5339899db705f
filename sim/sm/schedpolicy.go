package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The warp scheduler's selection order (scheduler_lrr,
// scheduler_math_gto, scheduler_oldest_high_warp).
//
// The GPU's per-warp finish stamps of fma_tput (independent FFMAs, ILP 8;
// wfin: each warp's end of rep 1, H200 and H100 alike, 5 runs each) show
// that a sub-partition feeds its FMA pipe from two warps at a time and
// lets the others wait: with 3 warps per sub-partition (w12) two finish
// at 9270-9520 cycles and the third at 14200 (alone it takes 4920); with
// 4, 6 and 8 (w16, w24, w32) the warps finish in pairs at about 9400,
// 18000, 26800 and 35500. Two warps saturate the pipe, so a scheduler
// that keeps the last warp while it can issue and otherwise takes the
// oldest ready one (greedy then oldest) never gets to the third. Which
// warps run first is fixed: the highest warps of the CTA (w24: warps 20
// and 16 of sub-partition 0 first, then 12 and 8, then 4 and 0; in every
// run of both GPUs), so the oldest warp is the CTA's highest
// (scheduler_oldest_high_warp).
//
// Under shared-memory, atomic, division, integer and global-memory load
// the recordings show no such starvation: at 32 warps every warp of
// smem_ld*_tput, ldsm/stsm_*_tput and atom7_* takes about the whole run
// (the figure's slowest warp is within 1-5% of the median one), and the
// integer throughput kernels' warps finish within a few percent of each
// other (itput_add, itput64_add_w32, idivtput_u32). Those warps wait on a
// queued unit (the MIO queue, the LSU, a half-rate pipe, a division's
// chain) that the simulator arbitrates with parameters fitted under loose
// round-robin; greedy-then-oldest for every instruction starves the young
// warps there (atom7_const_dead_w32 +26%, smem_ld128_s1_tput +19%,
// idivtput_u32 -42%, shflq12_alu_w32 +678%: sched helper, session 13). So
// with scheduler_math_gto 1 the loose round-robin scheduler keeps
// greedy-then-oldest for FP32 and branches only (gtoClass): the warp
// that issued last keeps issuing while its next instruction is such; else
// the oldest ready warp issues when its next instruction is such; else
// the next ready warp after the last among those whose next instruction
// is not (loose round-robin among them); a ready warp whose next
// instruction goes to the async unit (TMA) issues before all of them
// (gtoYield). Measured (calibrate --group none, whole suite, against
// scheduler_math_gto 0; calibrate's first simulated column, which a
// second simulation of one profile moves by up to ~1 point on l2bw_ld_*
// and cpasync8_*): H200 871 -> 871 of 1380 figures within 5% (in:
// fma_tput_w12 +6.9 -> +2.5%, l2bw_ld_c2 +7.2 -> +4.7%; out:
// cpasync8_nosz_swz_tput -4.5 -> -5.5%, cpasync8_reg_swz_tput -4.6 ->
// -5.4%); H100 852 -> 856 of 1363 (in: fma_tput_w12, l2bw_ld_c1 and _c4,
// itmix_imad_lop2_w32, sgp_k512_c16 and _nost first_cycles; out:
// c6call_w16 +3.7 -> +5.3%, idivtput_u64_w32 -4.4 -> -5.3%). Without
// the async yield tmah_ovl_n32_1k_elect's done_cycles went +3.5 -> +27.0%
// on both GPUs (sched helper); with it +3.5% (sched2 helper, session 13).
// scheduler_math_gto 0 gives the model before exactly.

// gtoClass: warp ws's next instruction info is one SASS instruction of
// the FP32 or branch pipe (full rate: issue interval 1), what the
// FMA-bound warps of fma_tput issue besides free moves. Everything else
// is arbitrated round-robin: the half-rate integer pipes (ALU, IMAD,
// FP64), conversions, MUFU, shared memory, SHFL, global memory, the
// multi-instruction forms (divisions, 64-bit arithmetic, warp scans) and
// the async and barrier units: the integer throughput benchmarks' warps
// finish within a few percent of each other on the GPU (itput_add,
// itput64_add_w32, idivtput_u32, itmix_imad_lop_w32), and a warp's SHFL
// chain beside 31 warps of ALU chains is as fast as alone within 8%
// (shflq12_alu_w32), which greedy-then-oldest over the ALU would starve
// (+678% in the model). Free moves (no SASS) are round-robin too and do
// not take the greedy warp's place (Tick): a young warp passing one must
// not become the greedy warp (fma_tput's FFMAs, fpalu_add_tput's FADDs
// follow free moves).
func (s *SM) gtoClass(ws *warpState, info *exec.InstInfo) bool {
	if info == nil || len(ws.seq.steps) > 0 || ws.scan != nil {
		return false
	}
	// ws.gto: the entry's flags eligible read for info this cycle
	return ws.gto&schedGTOMath != 0 && s.cfg.Pipes[info.Pipe].IntervalCycles == 1
}

// gtoFlags classifies instruction info of lowering kind kind for
// scheduler_math_gto (computed once, when the code is lowered): its
// schedGTOMath (gtoClass, less the pipe's issue interval, a setting) and
// schedGTOAsync (gtoYield) flags.
func gtoFlags(info *exec.InstInfo, kind uint8) uint16 {
	if info == nil || kind == lowFused {
		return 0
	}
	var f uint16
	if info.Slots == 1 && (info.Pipe == ptx.PipeFP32 || info.Pipe == ptx.PipeBranch) {
		f |= schedGTOMath
	}
	if info.Slots != 0 && info.Pipe == ptx.PipeAsync {
		f |= schedGTOAsync
	}
	return f
}

// mathGTO picks a sub-partition's warp: yield (the next ready warp after
// the last among those whose next instruction goes to the async unit:
// TMA, bulk copies, cp.async, mbarrier operations) when there is one;
// else last (the warp that issued last, when ready; else nil) while its
// next instruction is FP32 or a branch (greedy); else the oldest ready
// warp when its next instruction is; else queued: the next ready warp
// after the last among those whose next instruction is not (loose
// round-robin among them).
func (s *SM) mathGTO(last, oldest, queued, yield *warpState) *warpState {
	if yield != nil {
		return yield
	}
	if last != nil && s.gtoClass(last, last.info) {
		return last
	}
	if s.gtoClass(oldest, oldest.info) {
		return oldest
	}
	return queued
}

// warpAge is the age rank (lower: older) of the i-th of a CTA's nw warps
// when the CTA's ranks start at base.
func (s *SM) warpAge(base, nw, i uint64) uint64 {
	if s.cfg.SchedulerOldestHighWarp != 0 {
		return base + nw - 1 - i
	}
	return base + i
}

// gtoYield: warp ws's next instruction info is one SASS instruction of
// the async unit (TMA, bulk copies, cp.async, mbarrier operations). Such
// a warp issues before the greedy warp: in tmah_ovl_n32_1k_elect warp 0
// issues its 32 TMA loads while warp 4 of its sub-partition runs 4 FFMA
// chains, and the GPU does not hold them back (H200 and H100: issue_cycles
// 465, done_cycles 792; greedy warp 4 first: +11.8% / +27.0%; async
// first: -24.1% / +3.5%, as the round-robin model's -28.4% / +3.5%).
// The other queued units (global and shared memory, barriers) do not
// yield: yielding to them too moved shflq12_lds_w32
// +0.2 -> +3.8% and sgp_k512_c1_nost's epilogue -36 -> -49% (sched2
// helper, session 13).
func (s *SM) gtoYield(ws *warpState, info *exec.InstInfo) bool {
	if info == nil || len(ws.seq.steps) > 0 || ws.scan != nil {
		return false
	}
	return ws.gto&schedGTOAsync != 0
}

// ctaEpochAge: the age (warpState.age) a CTA-wide barrier adds to its
// warps, above any launch order (warpAge) an SM reaches (2^32 warps);
// 2^32 such barriers of one CTA before it wraps.
const ctaEpochAge = 1 << 32

// reageCTA: warp ws's bar.sync completed a barrier; when it is a barrier
// of the whole CTA (every other live warp of the CTA waits at one), the
// CTA's warps become younger than every warp of a CTA that has passed
// fewer such barriers: the age order is the CTA-wide barriers a warp's
// CTA has passed, then the launch order (within a CTA unchanged).
// Microbench fma_tput_w48 (two CTAs of 24 FMA-bound warps per SM, a
// warm-up pass and a measured pass, each after a __syncthreads; H200 and
// H100, 660 SM-runs each): a CTA's measured pass never ends before the
// other CTA's warm-up pass does (660 of 660: its warps wait behind the
// other CTA's warm-up warps although their CTA is older); thread 0's
// reduction between the passes waits behind the other CTA's warm-up
// warps but not behind its measured-pass warps; and of two measured
// passes the older CTA's ends first (631 and 614 of 660). With launch
// order alone the older CTA ran both passes before the younger's warm-up
// ended (the figure -30%, issue13.md).
func (s *SM) reageCTA(ws *warpState) {
	cs := ws.cta
	for _, o := range cs.warps {
		if o != ws && !o.done && !o.inBarrier {
			return
		}
	}
	for _, o := range cs.warps {
		o.age += ctaEpochAge
	}
}
