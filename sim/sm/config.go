package sm

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx"
)

// PipeTiming is one pipe class's cost on a sub-partition: a warp
// instruction occupies the pipe for IntervalCycles (per SASS slot) and its
// result is ready LatencyCycles after issue.
type PipeTiming struct {
	IntervalCycles int `json:"interval_cycles" yaml:"interval_cycles"`
	LatencyCycles  int `json:"latency_cycles" yaml:"latency_cycles"`
}

// Policy is the warp scheduler's selection policy.
type Policy string

// Policies.
const (
	// GTO (greedy then oldest): keep issuing from the warp that issued last
	// while it can, else the oldest ready warp (lowest launch order).
	GTO Policy = "gto"
	// LRR (loose round-robin): the next ready warp after the one that
	// issued last.
	LRR Policy = "lrr"
)

// Config is one SM's timing parameters.
type Config struct {
	SubPartitions      int `json:"sub_partitions" yaml:"sub_partitions"`
	MaxWarps           int `json:"max_warps" yaml:"max_warps"`
	MaxCTAs            int `json:"max_ctas" yaml:"max_ctas"`
	MaxThreads         int `json:"max_threads" yaml:"max_threads"`
	Registers          int `json:"registers" yaml:"registers"`
	RegisterAllocUnit  int `json:"register_alloc_unit" yaml:"register_alloc_unit"`
	SharedBytes        int `json:"shared_bytes" yaml:"shared_bytes"`
	SharedReservedCTA  int `json:"shared_reserved_cta_bytes" yaml:"shared_reserved_cta_bytes"`
	Pipes              [ptx.NumPipes]PipeTiming
	SmemLatencyCycles  int `json:"smem_latency_cycles" yaml:"smem_latency_cycles"`
	SmemWavefrontCycle int `json:"smem_wavefront_cycles" yaml:"smem_wavefront_cycles"`
	// SmemQueueWavefronts is the backlog of the shared-memory port beyond
	// which shared instructions stall (MIO throttle).
	SmemQueueWavefronts int `json:"smem_queue_wavefronts" yaml:"smem_queue_wavefronts"`
	// MioQueueInsts: a sub-partition's MIO queue holds this many shared
	// instructions (and SHFL) issued and not yet started on the SM's
	// shared-memory port; the next waits to issue (mioqueue.go; 0: the
	// SM-wide SmemQueueWavefronts backlog throttles instead).
	MioQueueInsts int `json:"mio_queue_insts" yaml:"mio_queue_insts"`

	// MioWarpQueueInsts: a warp has at most this many shared loads (LDS,
	// LDSM) issued and not yet started on the shared-memory port; its next
	// waits to issue (mioqueue.go mioWarpReady; 0: no per-warp bound, only
	// 1 is modelled).
	MioWarpQueueInsts int `json:"mio_warp_queue_insts" yaml:"mio_warp_queue_insts"`

	BarrierReleaseCycles int `json:"barrier_release_cycles" yaml:"barrier_release_cycles"`
	MbarWakeCycles       int `json:"mbar_wake_cycles" yaml:"mbar_wake_cycles"`
	// MbarWaitExitCycles: a warp leaves an mbarrier wait loop (a
	// try_wait/test_wait whose predicate closes the loop back to it) whose
	// exit is a join (ptxas's BSYNC) this long after the wait succeeded, on
	// top of the wait's latency (mbarexit.go).
	MbarWaitExitCycles int `json:"mbar_wait_exit_cycles" yaml:"mbar_wait_exit_cycles"`
	// SetmaxnregDecCycles: a setmaxnreg.dec ends (frees its registers to
	// the CTA's pool, the warp issues again) this long after its issue;
	// SetmaxnregIncWaitCycles: the CTA pool grants an inc (the warp issues
	// again) at the earliest this long after the dec that completes its
	// registers ended, and a failed try is retried this often;
	// SetmaxnregPoolIntervalCycles: the pool grants one inc at a time,
	// this long apart (setmaxnregwait.go; 0: no wait, no interval).
	SetmaxnregDecCycles          int `json:"setmaxnreg_dec_cycles" yaml:"setmaxnreg_dec_cycles"`
	SetmaxnregIncWaitCycles      int `json:"setmaxnreg_inc_wait_cycles" yaml:"setmaxnreg_inc_wait_cycles"`
	SetmaxnregPoolIntervalCycles int `json:"setmaxnreg_pool_interval_cycles" yaml:"setmaxnreg_pool_interval_cycles"`
	// MbarWaitFastExitCycles: the same for a wait loop whose exit is no
	// join (ptxas's fast path, `TRYWAIT; @!P BRA retry`, no BSYNC).
	MbarWaitFastExitCycles int `json:"mbar_wait_fast_exit_cycles" yaml:"mbar_wait_fast_exit_cycles"`
	// SuspendCycles is how long a failed try_wait sleeps at most when no
	// mbarrier changes (the hardware's default suspend-time limit).
	SuspendCycles int `json:"suspend_cycles" yaml:"suspend_cycles"`
	// MbarTxPollCycles: a warp suspended in a failed try_wait does not
	// wake when a copy's complete_tx (TMA, bulk) changes an mbarrier; it
	// rechecks every MbarTxPollCycles from the start of its sleep
	// (mbarpoll.go). 0: it wakes at the complete_tx.
	MbarTxPollCycles int `json:"mbar_tx_poll_cycles" yaml:"mbar_tx_poll_cycles"`
	// MbarTxLandSpreadCycles: a tensor load's complete_tx lands up to
	// this much later than modelled, so one modelled that close before
	// a recheck misses it in part of the waits (mbarpoll.go recheckAt;
	// 0: never).
	MbarTxLandSpreadCycles int `json:"mbar_tx_land_spread_cycles" yaml:"mbar_tx_land_spread_cycles"`
	// MbarHintWakeCycles: a try_wait with a suspend-time hint operand
	// (ptxas: TRYWAIT, then @!P NANOSLEEP.SYNCS hint and @!P PHASECHK)
	// woken by its phase returns this much later than one without
	// (mbarhint.go; 0: the same).
	MbarHintWakeCycles int `json:"mbar_hint_wake_cycles" yaml:"mbar_hint_wake_cycles"`
	// FenceCycles is a CTA-scope fence's cost (MEMBAR.*.CTA);
	// FenceGPUCycles a cluster-, GPU- or system-scope one's (MEMBAR.*.GPU,
	// ERRBAR, CGAERRBAR, CCTL.IVALL; 0: FenceCycles). The proxy fences
	// take FenceCycles as a floor (their holds: tma_hold.go).
	FenceCycles    int `json:"fence_cycles" yaml:"fence_cycles"`
	FenceGPUCycles int `json:"fence_gpu_cycles" yaml:"fence_gpu_cycles"`
	// L1SectorsPerCycle is the SM's global/local data bandwidth in 32-byte
	// sectors per cycle.
	L1SectorsPerCycle int `json:"l1_sectors_per_cycle" yaml:"l1_sectors_per_cycle"`
	// L1HitCycles is a global load's latency when the SM's L1 holds it;
	// L1CacheBytes the L1's capacity for global data.
	L1HitCycles  int `json:"l1_hit_cycles" yaml:"l1_hit_cycles"`
	L1CacheBytes int `json:"l1_cache_bytes" yaml:"l1_cache_bytes"`
	// SmemLatencyPerWavefront is added to a shared load's latency per
	// wavefront beyond the first.
	SmemLatencyPerWavefront int `json:"smem_latency_per_wavefront_cycles" yaml:"smem_latency_per_wavefront_cycles"`
	// SmemWritebackCyclesPerReg is added to a shared load's latency per
	// 32-bit register it writes beyond the first (LDS.64, LDS.128: the
	// write-back of the wider result; smemwb.go), rounded to whole cycles.
	SmemWritebackCyclesPerReg float64 `json:"smem_writeback_cycles_per_reg" yaml:"smem_writeback_cycles_per_reg"`
	// BarrierArriveInterval: the SM's barrier unit takes one arrival per
	// this many cycles.
	BarrierArriveInterval int `json:"barrier_arrive_interval_cycles" yaml:"barrier_arrive_interval_cycles"`
	// StmatrixBaseCycles + StmatrixCyclesPerMatrix x matrices, at least
	// StmatrixMinIntervalCycles, is how long a warp's stmatrix keeps its
	// next stmatrix from issuing (other instructions issue in between:
	// stmatrix.go).
	StmatrixBaseCycles        int `json:"stmatrix_base_cycles" yaml:"stmatrix_base_cycles"`
	StmatrixCyclesPerMatrix   int `json:"stmatrix_cycles_per_matrix" yaml:"stmatrix_cycles_per_matrix"`
	StmatrixMinIntervalCycles int `json:"stmatrix_min_interval_cycles" yaml:"stmatrix_min_interval_cycles"`
	// PolicyLRR selects loose round-robin (1) instead of
	// greedy-then-oldest (0): the profile parameter scheduler_lrr.
	PolicyLRR int `json:"scheduler_lrr" yaml:"scheduler_lrr"`
	// SchedulerMathGTO (1): under loose round-robin, warps whose next
	// instruction is FP32 or a branch compete greedy-then-oldest, and a
	// warp whose next instruction goes to the async unit (TMA) issues
	// before them (schedpolicy.go; microbench fma_tput_w12..w32: two warps
	// of a sub-partition share the FMA pipe, the others wait for them;
	// tmah_ovl_n32_1k_elect: TMA issue is not held back by FFMA chains).
	SchedulerMathGTO int `json:"scheduler_math_gto" yaml:"scheduler_math_gto"`
	// SchedulerOldestHighWarp (1): a CTA's highest warp is its oldest (the
	// greedy-then-oldest order), the lowest its youngest; 0: launch order.
	SchedulerOldestHighWarp int `json:"scheduler_oldest_high_warp" yaml:"scheduler_oldest_high_warp"`
	// L1CyclesPerLine: the L1 handles one 128-byte line of a request per
	// this many cycles (uncoalesced accesses touch a line per lane).
	L1CyclesPerLine int `json:"l1_cycles_per_line" yaml:"l1_cycles_per_line"`
	// LGQueueCycles: a global/local memory instruction waits (LG throttle)
	// while the L1 has more than this many cycles of earlier requests
	// queued; stores are otherwise fire-and-forget.
	LGQueueCycles int `json:"lg_queue_cycles" yaml:"lg_queue_cycles"`
	// StoreQueueRequests: the SM's L1 holds this many global store
	// requests that it has not started yet; a store waits (LG throttle)
	// only until the one this many back has started (storequeue.go), not
	// for LGQueueCycles of L1 work. 0: stores throttle as loads do.
	StoreQueueRequests int `json:"store_queue_requests" yaml:"store_queue_requests"`
	// StoreQueueSMRequests: the store queue's depth over all the SM's
	// warps when it is more than StoreQueueRequests, which then bounds
	// each warp's own queued stores (storequeue.go); 0 or less: one depth.
	StoreQueueSMRequests int `json:"store_queue_sm_requests" yaml:"store_queue_sm_requests"`
	// SmemL1BacklogCycles: a shared-memory load starts no sooner than the
	// L1's queued global work is within this many L1 cycles of its end;
	// StoreDataCreditCycles: a global store's sectors take the
	// shared-memory port's idle cycles of up to this many cycles before
	// its issue (smembacklog.go; 0: both off).
	SmemL1BacklogCycles   int `json:"smem_l1_backlog_cycles" yaml:"smem_l1_backlog_cycles"`
	StoreDataCreditCycles int `json:"store_data_credit_cycles" yaml:"store_data_credit_cycles"`
	// ImadWideIntervalCycles: IMAD.WIDE and IMAD.HI (32-bit mul.wide,
	// mul.hi, mad.hi) take two passes of the IMAD pipe; ImadHiLatencyCycles
	// is IMAD.HI's latency (the high half comes from the second pass).
	ImadWideIntervalCycles int `json:"imad_wide_interval_cycles" yaml:"imad_wide_interval_cycles"`
	ImadHiLatencyCycles    int `json:"imad_hi_latency_cycles" yaml:"imad_hi_latency_cycles"`
	// ALUCarryLatencyCycles: a 64-bit integer add or sub is IADD3 and
	// IADD3.X; the high half reads the low half's carry this many cycles
	// after the low half issues, and a global load's address waits for the
	// high half (carry.go; 0: the halves back to back).
	ALUCarryLatencyCycles int `json:"alu_carry_latency_cycles" yaml:"alu_carry_latency_cycles"`
	// IdivCyclesPerSlot: integer division and remainder are dependent
	// chains through I2F, MUFU.RCP, F2I and multiplies; a result is ready
	// this many cycles per SASS instruction of its sequence after issue.
	IdivCyclesPerSlot float64 `json:"idiv_cycles_per_slot" yaml:"idiv_cycles_per_slot"`
	// IdivSharedCycles: a 32-bit division or remainder whose reciprocal is
	// computed elsewhere (exec.IntDivisionShared: one I2F, MUFU.RCP, F2I
	// for a divisor the loop does not write) has its result this many
	// cycles after issue, div and rem alike (the SASS step IMAD.HI,
	// IMAD.MOV, IMAD, ISETP, @P IADD3, @P VIADD, ISETP, @P VIADD, SEL:
	// idiv_div_u32 65.95 and idiv_rem_u32 65.78 cycles an op on both GPUs,
	// which slots x IdivCyclesPerSlot, 18 against 17, cannot give); a signed
	// one adds two ALU latencies (IntDivisionSignedPath). 0: slots x
	// IdivCyclesPerSlot.
	IdivSharedCycles int `json:"idiv_shared_cycles" yaml:"idiv_shared_cycles"`
	// FdivPathExtraCycles: a div.approx / div.full .f32 with its own
	// MUFU.RCP has its result this many cycles later than its pipe
	// latencies give (fdiv.go: ptxas's stall counts on the path, FSETP 5
	// after the quotient's FMUL and MUFU.RCP 6 after the divisor's @!P
	// FMUL, where an FP32 consumer reads at 4). 0: the pipe latencies.
	FdivPathExtraCycles int `json:"fdiv_path_extra_cycles" yaml:"fdiv_path_extra_cycles"`
	// IdivContentionCycles: each other division in progress on the
	// sub-partition adds this to the spacing of a division's steps (seq.go).
	IdivContentionCycles float64 `json:"idiv_contention_cycles" yaml:"idiv_contention_cycles"`
	// IdivPipeHold: a division subroutine's IMAD-class steps hold the FMA
	// pipe this many times their issue interval (seq.go): the pipe runs
	// ~75% busy at saturation under the subroutine's dependent chain.
	IdivPipeHold float64 `json:"idiv_pipe_hold" yaml:"idiv_pipe_hold"`
	// RegbankConflictCycles: the mean dispatch stall of a SASS instruction
	// reading three distinct R registers (regbank.go), in issue cycles.
	RegbankConflictCycles float64 `json:"regbank_conflict_cycles" yaml:"regbank_conflict_cycles"`
	// MufuTensorExtraCycles: a MUFU instruction issued while the SM's
	// tensor pipe runs a wgmma holds its sub-partition's MUFU this many
	// cycles longer than mufu_interval_cycles (mufutensor.go).
	MufuTensorExtraCycles float64 `json:"mufu_tensor_extra_cycles" yaml:"mufu_tensor_extra_cycles"`
	// Fp32TensorExtraCycles: an FP32-pipe instruction issued while the SM's
	// tensor pipe runs an SS wgmma gives its result this many cycles later
	// (fp32tensor.go); Fp32TensorRSExtraCycles while it runs an RS wgmma.
	Fp32TensorExtraCycles   float64 `json:"fp32_tensor_extra_cycles" yaml:"fp32_tensor_extra_cycles"`
	Fp32TensorRSExtraCycles float64 `json:"fp32_tensor_rs_extra_cycles" yaml:"fp32_tensor_rs_extra_cycles"`
	// BranchPredicateCycles: a branch reads a predicate this much later
	// than arithmetic may (the compare-to-branch latency beyond the
	// compare's pipe latency; ptxas puts ISETP 13 cycles before the BRA
	// that reads it: microbench brloop8_*, sched.go).
	BranchPredicateCycles int `json:"branch_predicate_cycles" yaml:"branch_predicate_cycles"`
	// BranchNotTakenCycles: a guarded branch that no lane takes holds its
	// warp this long instead of the branch pipe's latency (a taken one
	// refetches; microbench brnt8_nt*/nm*: a never-taken BRA after its
	// ISETP, 18 cycles a pair on both GPUs against 29 for a loop's
	// closing branch). 0: the pipe latency.
	BranchNotTakenCycles int `json:"branch_not_taken_cycles" yaml:"branch_not_taken_cycles"`
	// BranchChainHoistCompares: in a loop's check chain (compare-and-branch
	// pairs to one label on loop-invariant values) ptxas computes this many
	// compares before the loop, beyond the loop's first (predbranch.go):
	// their branches do not wait for the compare (chainhoist.go; cuobjdump of
	// brnt8_nt*: six, brnt8_nm*: four). 0: none.
	BranchChainHoistCompares int `json:"branch_chain_hoist_compares" yaml:"branch_chain_hoist_compares"`
	// BranchOrChainCycles: in ptxas's merged compare chains (ISETP.NE.AND
	// then ISETP.NE.OR reading the previous predicate, one BRA per seven
	// compares: brshape.go) each compare issues this long after the one
	// before it (microbench brnt8_na*: SASS stall 4).
	BranchOrChainCycles int `json:"branch_or_chain_cycles" yaml:"branch_or_chain_cycles"`
	// JumpTableCycles: ptxas's jump table for a run of equality tests
	// (jumptable.go) holds the warp this long after the index's compare:
	// IMAD.SHL, the indexed LDC c[0x2][R] (or ULDC), SHF and BRX's refetch,
	// whichever case is taken (microbench bulkred_*). 0: the branch pipe's
	// latency.
	JumpTableCycles int `json:"jump_table_cycles" yaml:"jump_table_cycles"`
	// JumpTableUniformCycles: the same for a table on the uniform datapath
	// (UISETP/USEL/USHF, ULDC c[0x2][UR], BRXU; microbench tmast9_sw8_s0,
	// tmast9_redsw8_s0). 0: the branch pipe's latency.
	JumpTableUniformCycles int `json:"jump_table_uniform_cycles" yaml:"jump_table_uniform_cycles"`
	// L1RequestCycles: a global load's address stage in the L1 (before
	// its per-line tag lookups), in cycles of the SM's L1, a fraction of
	// a cycle on average (lsu.go); L1StoreCyclesPerSector: a store's cost
	// per 32-byte sector written on top of its lines (l1Cycles).
	L1RequestCycles        float64 `json:"l1_request_cycles" yaml:"l1_request_cycles"`
	L1StoreCyclesPerSector int     `json:"l1_store_cycles_per_sector" yaml:"l1_store_cycles_per_sector"`
	// L1StorePartialCycles: a store's extra L1 cost per line with a partly
	// written sector (a byte-masked write); L1PortCyclesPerLine: a
	// warp's request passes its sub-partition's port into the L1 one line
	// per this many cycles, one request of the warp after another (lsu.go).
	L1StorePartialCycles int `json:"l1_store_partial_cycles" yaml:"l1_store_partial_cycles"`
	L1PortCyclesPerLine  int `json:"l1_port_cycles_per_line" yaml:"l1_port_cycles_per_line"`
	// L1StoreLinePairCycles: a store request of n lines keeps the L1 at
	// least n cycles plus this much per pair of its lines (n(n-1)/2 pairs):
	// the expected wait of a line whose L2 slice an earlier line of the
	// same request took (lsu.go, storeLineTime). 0: no such wait.
	L1StoreLinePairCycles float64 `json:"l1_store_line_pair_cycles" yaml:"l1_store_line_pair_cycles"`
	// L1StorePortRequestCycles, L1StorePortLineCycles: a global store of
	// n lines passes its sub-partition's port in min(n x
	// L1PortCyclesPerLine, L1StorePortRequestCycles + n x
	// L1StorePortLineCycles) cycles, rounded (lsu.go, storePortCycles): a
	// store's lines past about eight pass faster than a load's. 0 and 0:
	// a load's n x L1PortCyclesPerLine.
	L1StorePortRequestCycles float64 `json:"l1_store_port_request_cycles" yaml:"l1_store_port_request_cycles"`
	L1StorePortLineCycles    float64 `json:"l1_store_port_line_cycles" yaml:"l1_store_port_line_cycles"`
	// StoreCombineLines: a plain store of 32-bit or wider lanes spanning at
	// most this many lines holds its partly written lines in the L1 for the
	// warp's next store to complete; a completed line pays no
	// L1StorePartialCycles (storecombine.go). 0: no combining; at most 8.
	StoreCombineLines int `json:"store_combine_lines" yaml:"store_combine_lines"`
	// StoreMergeWindowCycles: a plain store's partly written line pays no
	// L1StorePartialCycles when another warp's plain store wrote part of
	// the same line at most this many cycles before it (storemerge.go).
	// 0: no merging.
	StoreMergeWindowCycles int `json:"store_merge_window_cycles" yaml:"store_merge_window_cycles"`
	// L1LoadHoldCycles: after a load through L1 of two or more lines the
	// warp issues nothing until this many cycles before its last line has
	// passed the port (lsu.go, loadLineHold); 0: no hold.
	L1LoadHoldCycles int `json:"l1_load_hold_cycles" yaml:"l1_load_hold_cycles"`
	// L1PortBytesPerCycle: the port carries a request's addresses (8 bytes
	// a lane) and a store's data at this rate (lsu.go).
	L1PortBytesPerCycle int `json:"l1_port_bytes_per_cycle" yaml:"l1_port_bytes_per_cycle"`
	// LdBypassIntervalCycles: a warp's loads that bypass L1 (.cg, .cv,
	// .volatile: LDG.E.STRONG.GPU) leave the L1 no closer together than
	// this (lsu.go).
	LdBypassIntervalCycles int `json:"ld_bypass_interval_cycles" yaml:"ld_bypass_interval_cycles"`
	// LSUWarpBytesPerCycle: one warp hands a global load's or store's
	// addresses (8 bytes a lane) and a store's data to the LSU at this rate:
	// the warp's next global memory instruction waits for it (lsuwarp.go;
	// 0: off).
	LSUWarpBytesPerCycle float64 `json:"lsu_warp_bytes_per_cycle" yaml:"lsu_warp_bytes_per_cycle"`
	// LSULoadBytesPerCycle: one warp's global load through L1 holds the
	// warp's LSU hand-off for the larger of its addresses (8 bytes a lane)
	// and its data at this rate (lsuwarp.go; 0: off).
	LSULoadBytesPerCycle float64 `json:"lsu_load_bytes_per_cycle" yaml:"lsu_load_bytes_per_cycle"`
	// CpAsyncLSULaneBytes: the bytes a lane of a cp.async hands to the
	// LSU at lsu_warp_bytes_per_cycle (its global address and its shared
	// one): the warp's next cp.async waits for that read-out (lsuwarp.go;
	// 0: a cp.async neither waits for nor is paced by it).
	CpAsyncLSULaneBytes int `json:"cp_async_lsu_lane_bytes" yaml:"cp_async_lsu_lane_bytes"`
	// LSUWideStoreHoldFraction: a vector global store whose next vector
	// store reuses one of its data registers at another position (ptxas
	// refills aligned tuples by copies: storerepack.go) holds its whole
	// warp, not only the warp's next global memory instruction, for this
	// fraction of its operand read-out at LSUWarpBytesPerCycle
	// (lsuwarp.go, wideStoreHold). Within [0, 1]; 0: no hold.
	LSUWideStoreHoldFraction float64 `json:"lsu_wide_store_hold_fraction" yaml:"lsu_wide_store_hold_fraction"`
	// ClusterBarrierCycles: barrier.cluster release after the last
	// arrival; ClusterFenceCycles: the fence of a default (.release)
	// arrive; DSMEMLatencyCycles: a shared::cluster access's latency.
	ClusterBarrierCycles int `json:"cluster_barrier_cycles" yaml:"cluster_barrier_cycles"`
	ClusterFenceCycles   int `json:"cluster_fence_cycles" yaml:"cluster_fence_cycles"`
	DSMEMLatencyCycles   int `json:"dsmem_latency_cycles" yaml:"dsmem_latency_cycles"`
	// DSMEMBytesPerCycle: the SM's port to the SM-to-SM network.
	DSMEMBytesPerCycle int `json:"dsmem_bytes_per_cycle" yaml:"dsmem_bytes_per_cycle"`
	// DSMEMLocalExtraCycles: a shared::cluster access of the CTA's own
	// shared memory takes this much longer than ld.shared.
	DSMEMLocalExtraCycles int `json:"dsmem_local_extra_cycles" yaml:"dsmem_local_extra_cycles"`
	// MbarAfterStoreCycles: an mbarrier operation's result is ready no
	// earlier than this many cycles after the SM's last global store
	// issued (mbarorder.go; 0: no such wait).
	MbarAfterStoreCycles int `json:"mbar_after_store_cycles" yaml:"mbar_after_store_cycles"`
	// BulkLaneCycles: a bulk copy executed by n lanes of a warp issues
	// its last lane's copy (n-1) x this later (ptxas's loop over the
	// lanes: bulklane.go).
	BulkLaneCycles int `json:"bulk_lane_cycles" yaml:"bulk_lane_cycles"`
	// SharedBaseCycles: the address of a shared variable read where ptxas
	// leaves its S2UR SR_CgaCtaId is ready this long after the mov
	// (sharedbase.go).
	SharedBaseCycles int `json:"shared_base_cycles" yaml:"shared_base_cycles"`
	// BulkStoreBaseCycles: where the first reader of such an address is a
	// bulk or tensor store (not a reduction) with uniform operands, the
	// store reads it this long after the mov instead (sharedbase.go
	// sharedBaseStores; 0: SharedBaseCycles).
	BulkStoreBaseCycles int `json:"bulk_store_base_cycles" yaml:"bulk_store_base_cycles"`
	// SmemAtomExtraCycles: a shared-memory atomic's result comes this much
	// later than a load of the same wavefronts.
	SmemAtomExtraCycles int `json:"smem_atom_extra_cycles" yaml:"smem_atom_extra_cycles"`
	// CallReturnCycles: a return from a called function (RET.REL.NODEC,
	// also ending ptxas's 64-bit division subroutine) lets the warp go on
	// this many cycles after it issues (microbench c6call_*).
	CallReturnCycles int `json:"call_return_cycles" yaml:"call_return_cycles"`
	// Latencies of SASS forms that differ from their pipe's (forms.go):
	// conversions with a 64-bit operand, f32 <-> f16/bf16 conversions
	// (0: the pipe's latency), and SHFL.IDX's extra cycles.
	ConvWideLatencyCycles int `json:"conv_wide_latency_cycles" yaml:"conv_wide_latency_cycles"`
	F16ConvLatencyCycles  int `json:"f16_conv_latency_cycles" yaml:"f16_conv_latency_cycles"`
	ShflIdxExtraCycles    int `json:"shfl_idx_extra_cycles" yaml:"shfl_idx_extra_cycles"`
	// The warp pipe and shared atomics (warppipe.go, atomscan.go):
	// ShflIntervalCycles: a SHFL holds its sub-partition's shared-memory
	// (MIO) pipe this long; SmemAtomIntervalCycles: a shared atomic holds
	// it this long; VoteLatencyCycles: VOTE's result latency (0: the warp
	// pipe's); ShflPredExtraCycles: a SHFL's predicate output comes this
	// much after its value (ptxas's scan step); AtomReduceCycles: the
	// REDUX.SUM chain before the first warp-reduced atomic of a stretch,
	// from the REDUX's issue.
	ShflIntervalCycles     int `json:"shfl_interval_cycles" yaml:"shfl_interval_cycles"`
	SmemAtomIntervalCycles int `json:"smem_atom_interval_cycles" yaml:"smem_atom_interval_cycles"`
	VoteLatencyCycles      int `json:"vote_latency_cycles" yaml:"vote_latency_cycles"`
	ShflPredExtraCycles    int `json:"shfl_pred_extra_cycles" yaml:"shfl_pred_extra_cycles"`
	AtomReduceCycles       int `json:"atom_reduce_cycles" yaml:"atom_reduce_cycles"`
	// AtomReduceNoLaneCycles: the same chain in a stretch whose S2R
	// SR_LANEID ptxas hoists out of the loop (fewer than s2rStretchAtoms
	// warp-reduced atomics: atom15_red8's SASS; atomserial.go), from the
	// REDUX's issue (0: AtomReduceCycles).
	AtomReduceNoLaneCycles int `json:"atom_reduce_nolane_cycles" yaml:"atom_reduce_nolane_cycles"`
	// REDUX (redux.sync, and the REDUX.SUM ptxas puts before a warp-reduced
	// shared atomic; warppipe.go): ReduxIntervalCycles: it holds its
	// sub-partition's shared-memory (MIO) pipe this long (0: REDUX stays on
	// the warp pipe); ReduxWarpIntervalCycles: a warp issues its next REDUX
	// no sooner than this after the last; ReduxLatencyCycles: its result
	// (moved back from the uniform register) this long after issue.
	ReduxIntervalCycles int `json:"redux_interval_cycles" yaml:"redux_interval_cycles"`
	// S2RIntervalCycles: an S2R SR_LANEID of ptxas's shared-atomic
	// expansions (the warp scan's, atomscan.go, and the one before a
	// warp-reduced stretch's REDUX.SUM, atomserial.go) holds its
	// sub-partition's shared-memory (MIO) pipe this long (0: 1 in the
	// scan, nothing before the REDUX).
	S2RIntervalCycles       int `json:"s2r_interval_cycles" yaml:"s2r_interval_cycles"`
	ReduxWarpIntervalCycles int `json:"redux_warp_interval_cycles" yaml:"redux_warp_interval_cycles"`
	ReduxLatencyCycles      int `json:"redux_latency_cycles" yaml:"redux_latency_cycles"`
	ICache                  ICacheConfig
	Const                   ConstCacheConfig // constcache.go
	Async                   AsyncConfig
	Hold                    HoldConfig // tma_hold.go

	// MmaForms: mma.sync's latency and sub-partition interval per form
	// (ptx.MmaFormNames, microbench mma28_*, mmaform.go); 0: the tensor
	// pipe's (Pipes[ptx.PipeTensor]).
	MmaForms [ptx.NumMmaForms]PipeTiming
	// MmaWarpIntervalRatio: a warp issues its next mma.sync of a form
	// (MmaForms) no sooner than this times the form's interval after its
	// last one began on the pipe (mmaform.go mmaWarpFree; 0: no such
	// limit, only the sub-partition's pipe).
	MmaWarpIntervalRatio float64 `json:"mma_warp_interval_ratio" yaml:"mma_warp_interval_ratio"`
	// MmaDispatchCycles: an HMMA or IMMA of ten operand registers
	// (f16_m16n8k16, tf32_m16n8k8, s8_m16n8k32 and each HMMA of the fp8
	// emulation) holds its sub-partition's issue this long, no
	// instruction of any warp issuing meanwhile (mmaform.go mmaDispatch;
	// at most 1: one issue cycle, as any instruction).
	MmaDispatchCycles float64 `json:"mma_dispatch_cycles" yaml:"mma_dispatch_cycles"`
}

// Validate checks the configuration.
func (c *Config) Validate() error {
	pos := []struct {
		name string
		v    int
	}{
		{"sub_partitions", c.SubPartitions}, {"max_warps", c.MaxWarps}, {"max_ctas", c.MaxCTAs},
		{"max_threads", c.MaxThreads}, {"registers", c.Registers}, {"register_alloc_unit", c.RegisterAllocUnit},
		{"shared_bytes", c.SharedBytes}, {"smem_wavefront_cycles", c.SmemWavefrontCycle},
		{"smem_queue_wavefronts", c.SmemQueueWavefronts}, {"l1_sectors_per_cycle", c.L1SectorsPerCycle},
		{"suspend_cycles", c.SuspendCycles},
	}
	for _, p := range pos {
		if p.v <= 0 {
			return fmt.Errorf("sm: %s must be positive, got %d", p.name, p.v)
		}
	}
	nonneg := []struct {
		name string
		v    int
	}{
		{"shared_reserved_cta_bytes", c.SharedReservedCTA}, {"smem_latency_cycles", c.SmemLatencyCycles},
		{"barrier_release_cycles", c.BarrierReleaseCycles}, {"mbar_wake_cycles", c.MbarWakeCycles},
		{"setmaxnreg_dec_cycles", c.SetmaxnregDecCycles}, {"setmaxnreg_inc_wait_cycles", c.SetmaxnregIncWaitCycles},
		{"setmaxnreg_pool_interval_cycles", c.SetmaxnregPoolIntervalCycles},
		{"mbar_wait_exit_cycles", c.MbarWaitExitCycles}, {"mbar_wait_fast_exit_cycles", c.MbarWaitFastExitCycles},
		{"fence_cycles", c.FenceCycles}, {"fence_gpu_cycles", c.FenceGPUCycles}, {"lg_queue_cycles", c.LGQueueCycles}, {"store_queue_sm_requests", c.StoreQueueSMRequests},
		{"imad_wide_interval_cycles", c.ImadWideIntervalCycles}, {"imad_hi_latency_cycles", c.ImadHiLatencyCycles},
		{"alu_carry_latency_cycles", c.ALUCarryLatencyCycles},
		{"l1_store_cycles_per_sector", c.L1StoreCyclesPerSector}, {"l1_store_partial_cycles", c.L1StorePartialCycles}, {"l1_port_cycles_per_line", c.L1PortCyclesPerLine}, {"l1_port_bytes_per_cycle", c.L1PortBytesPerCycle}, {"l1_load_hold_cycles", c.L1LoadHoldCycles},
		{"ld_bypass_interval_cycles", c.LdBypassIntervalCycles}, {"cp_async_lsu_lane_bytes", c.CpAsyncLSULaneBytes},
		{"mbar_after_store_cycles", c.MbarAfterStoreCycles}, {"bulk_lane_cycles", c.BulkLaneCycles}, {"shared_base_cycles", c.SharedBaseCycles}, {"bulk_store_base_cycles", c.BulkStoreBaseCycles},
		{"smem_atom_extra_cycles", c.SmemAtomExtraCycles}, {"call_return_cycles", c.CallReturnCycles},
		{"conv_wide_latency_cycles", c.ConvWideLatencyCycles}, {"f16_conv_latency_cycles", c.F16ConvLatencyCycles},
		{"shfl_idx_extra_cycles", c.ShflIdxExtraCycles},
		{"shfl_interval_cycles", c.ShflIntervalCycles}, {"smem_atom_interval_cycles", c.SmemAtomIntervalCycles},
		{"vote_latency_cycles", c.VoteLatencyCycles}, {"shfl_pred_extra_cycles", c.ShflPredExtraCycles},
		{"atom_reduce_cycles", c.AtomReduceCycles}, {"redux_interval_cycles", c.ReduxIntervalCycles},
		{"atom_reduce_nolane_cycles", c.AtomReduceNoLaneCycles},
		{"redux_warp_interval_cycles", c.ReduxWarpIntervalCycles}, {"redux_latency_cycles", c.ReduxLatencyCycles},
		{"s2r_interval_cycles", c.S2RIntervalCycles},
		{"smem_l1_backlog_cycles", c.SmemL1BacklogCycles}, {"store_data_credit_cycles", c.StoreDataCreditCycles},
		{"store_combine_lines", c.StoreCombineLines}, {"store_merge_window_cycles", c.StoreMergeWindowCycles},
		{"fdiv_path_extra_cycles", c.FdivPathExtraCycles},
	}
	for _, p := range nonneg {
		if p.v < 0 {
			return fmt.Errorf("sm: %s must not be negative, got %d", p.name, p.v)
		}
	}
	if c.L1RequestCycles < 0 {
		return fmt.Errorf("sm: l1_request_cycles must not be negative, got %g", c.L1RequestCycles)
	}
	if c.L1StoreLinePairCycles < 0 || c.L1StoreLinePairCycles > 1 {
		return fmt.Errorf("sm: l1_store_line_pair_cycles must be within [0, 1], got %g", c.L1StoreLinePairCycles)
	}
	if c.LSUWideStoreHoldFraction < 0 || c.LSUWideStoreHoldFraction > 1 {
		return fmt.Errorf("sm: lsu_wide_store_hold_fraction must be within [0, 1], got %g", c.LSUWideStoreHoldFraction)
	}
	if c.L1StorePortRequestCycles < 0 || c.L1StorePortLineCycles < 0 {
		return fmt.Errorf("sm: l1_store_port_request_cycles and l1_store_port_line_cycles must not be negative, got %g and %g", c.L1StorePortRequestCycles, c.L1StorePortLineCycles)
	}
	if c.StoreCombineLines > storeCombineMax {
		return fmt.Errorf("sm: store_combine_lines must be at most %d, got %d", storeCombineMax, c.StoreCombineLines)
	}
	if c.MmaWarpIntervalRatio < 0 || c.MmaDispatchCycles < 0 {
		return fmt.Errorf("sm: mma_warp_interval_ratio and mma_dispatch_cycles must not be negative, got %g and %g", c.MmaWarpIntervalRatio, c.MmaDispatchCycles)
	}
	for i, p := range c.MmaForms {
		if p.IntervalCycles < 0 || p.LatencyCycles < 0 {
			return fmt.Errorf("sm: mma_%s interval and latency must not be negative, got %d and %d",
				ptx.MmaFormNames[i], p.IntervalCycles, p.LatencyCycles)
		}
	}
	for i, p := range c.Pipes {
		if i == int(ptx.PipeNone) {
			continue
		}
		if p.IntervalCycles <= 0 || p.LatencyCycles < 0 {
			return fmt.Errorf("sm: pipe %s needs interval > 0 and latency >= 0, got %d and %d",
				ptx.Pipe(i), p.IntervalCycles, p.LatencyCycles)
		}
	}
	if c.PolicyLRR != 0 && c.PolicyLRR != 1 {
		return fmt.Errorf("sm: scheduler_lrr must be 0 (greedy then oldest) or 1 (loose round-robin), got %d", c.PolicyLRR)
	}
	if c.SchedulerMathGTO != 0 && c.SchedulerMathGTO != 1 {
		return fmt.Errorf("sm: scheduler_math_gto must be 0 or 1, got %d", c.SchedulerMathGTO)
	}
	if c.SchedulerOldestHighWarp != 0 && c.SchedulerOldestHighWarp != 1 {
		return fmt.Errorf("sm: scheduler_oldest_high_warp must be 0 or 1, got %d", c.SchedulerOldestHighWarp)
	}
	return nil
}
