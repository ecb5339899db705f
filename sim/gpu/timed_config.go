package gpu

import (
	"fmt"
	"sort"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// TimedConfig is the timing model's parameters for a whole GPU. Every
// field but the clocks and L2Sides is one named profile parameter (Params);
// DefaultTimedConfig is the built-in H200 profile (calibration/h200.yaml; a
// test keeps them equal).
type TimedConfig struct {
	SM sm.Config
	// L2Sides is the profile's l2_sides: the SMs near L2 slice 0 and those
	// near slice 1 (gpcs.go, h200L2Sides). nil, or a run of another SM
	// count: the GPCs of the map alternate between the sides (l2.go, newL2).
	L2Sides [][]int
	// SMClockMHz and MemClockMHz are the clocks the profile was measured
	// at: %globaltimer and time_us use the SM clock, memory latencies in
	// ns convert through it.
	SMClockMHz  float64
	MemClockMHz float64
	// L2HitCycles is a load's latency when L2 holds its lines (load to
	// use); DRAMLatencyNs when it goes to HBM. L2BytesPerL2Cycle (at the
	// L2's own clock, L2ClockMHz: L2BytesPerSMCycle converts) and
	// DRAMBytesPerNs are the GPU-wide bandwidths.
	L2HitCycles int
	// L2FarExtraCycles is how much longer a hit in the far L2 slice takes
	// than one in the near slice (l2.go): near = L2HitCycles -
	// L2FarExtraCycles/2, far = near + L2FarExtraCycles.
	L2FarExtraCycles int
	// L2FabricHitCycles is a load's latency when its line lives in the far
	// slice, the near slice has no copy of it and the far slice has the
	// line (l2near.go); 0: the slices keep no copies of far lines.
	L2FabricHitCycles int
	// L2PartitionBytes is the granule of addresses that lives in one L2
	// partition (slice): lines of the same aligned L2PartitionBytes block
	// share a slice (l2.go, slice); 128 interleaves single lines.
	L2PartitionBytes int
	// DRAMFarExtraCycles is how much longer a load that misses to HBM
	// takes when its line's home slice is the far one (l2.go): near =
	// DRAMLatencyNs - DRAMFarExtraCycles/2, far = near + DRAMFarExtraCycles,
	// so addresses spread over both slices average DRAMLatencyNs.
	DRAMFarExtraCycles int
	// L2MergeJoins: a load of a line another SM of the same GPC requested
	// joins that request while its data is on the way back, at most this
	// many loads a request (l2merge.go); 0: no merging.
	L2MergeJoins int
	// L2MergeForwardBytesPerCycle: each GPC forwards the data of the loads
	// that joined a request (l2merge.go) at this many bytes per SM cycle,
	// one joined load after another; 0: no limit.
	L2MergeForwardBytesPerCycle float64
	// L2PortBytesPerL2Cycle is the bandwidth of one GPC's port to the L2
	// (l2port.go) in bytes per L2 cycle: the loads of a GPC's SMs that go
	// to an L2 slice pass it one after another; 0: no port limit.
	L2PortBytesPerL2Cycle float64
	// L2Ways is the associativity of each L2 slice.
	L2Ways int
	// DSMEMSmallGPCLatencyCycles replaces SM.DSMEMLatencyCycles on the SMs
	// of a GPC of at most two SMs (calibration/probes dsmempr: 179-190
	// cycles there, 203-211 in the full GPCs); 0 keeps it.
	DSMEMSmallGPCLatencyCycles int
	L2CacheBytes               int
	// L2ClockMHz is the L2's clock (ncu lts__cycles_elapsed.avg.per_second:
	// 1.70 GHz on the H200 whatever the SM clock), L2BytesPerL2Cycle the
	// GPU-wide L2 bandwidth in bytes per L2 cycle (l2bw_* microbenchmarks).
	L2ClockMHz        float64
	L2BytesPerL2Cycle float64
	// L2LookupBytesPerL2Cycle is the GPU-wide rate (bytes per L2 cycle) at
	// which the slices look up lines they do not hold: a load of a far
	// line whose near copy is missing costs its near slice a lookup at
	// this rate before the far slice serves it (l2near.go: ncu counts it
	// in both, lts__t_sectors = srcunit_tex + srcunit_ltcfabric); 0: free.
	L2LookupBytesPerL2Cycle float64
	// L2StoreBytesPerL2Cycle and L2StoreLinesPerL2Cycle are what a store
	// costs an L2 slice instead (GPU-wide, per L2 cycle): a line of s
	// sectors takes 32s bytes at the first rate plus one line at the second
	// (gls_*_c132: 132 SMs storing whole lines reach 2590 B per SM cycle,
	// single sectors 1930, where loads reach 4840). 0 for both: a store
	// costs what a load of the same bytes costs.
	L2StoreBytesPerL2Cycle float64
	// L2TMAStoreBytesPerL2Cycle and L2TMAReduceBytesPerL2Cycle: the rates
	// (GPU-wide, per L2 cycle) at which the slices' write queues take the
	// lines of TMA/bulk stores and of TMA/bulk reductions (l2kind.go;
	// tailst_bulk_*, tailst_bred_*). 0: a TMA store costs what an LSU store
	// does, a reduction takes no place in the write queue.
	L2TMAStoreBytesPerL2Cycle  float64
	L2TMAReduceBytesPerL2Cycle float64
	L2StoreLinesPerL2Cycle     float64
	DRAMLatencyNs              float64
	DRAMBytesPerNs             float64
	// DRAMReadBytesPerNs: HBM's rate for reads alone (GB/s); a written
	// byte then costs 2/DRAMBytesPerNs - 1/DRAMReadBytesPerNs, so a copy
	// keeps DRAMBytesPerNs (l2.go dramCosts); 0: reads and writes both at
	// DRAMBytesPerNs.
	DRAMReadBytesPerNs float64
	// DRAMQueueCycles is HBM's queueing latency below its bandwidth limit
	// (l2queue.go): a load that misses to HBM waits DRAMQueueCycles x
	// rho/(1-rho) cycles more, rho the HBM's recent utilisation (bytes
	// read and written over the last dram latency, against
	// DRAMBytesPerNs; at most dramQueueRhoMax). 0: HBM is a pure rate.
	DRAMQueueCycles float64
	// SMInflightLines: each SM's global requests outstanding at the L2,
	// in 128-byte lines (an LSU load until its data are back, a store until
	// its slice takes it; not TMA or bulk copies); a request waits for
	// earlier ones to finish beyond it (meminflight.go). 0: no limit.
	SMInflightLines int
	// L1CarveoutWays, L1CarveoutLostBytes: the L1 beside a shared-memory
	// carveout that left it less than l1_cache_bytes (carveout.go) is
	// sets of L1CarveoutWays lines by line address, LRU, holding
	// L1CarveoutLostBytes less than the carveout leaves (l1carve.go,
	// validation/timing/cpa35.md). Ways 0: newL1Cache's organisation
	// (sets of 8 by 512-byte granule) and the whole capacity.
	L1CarveoutWays      int
	L1CarveoutLostBytes int
	// SMHBMBytesPerCycle: each SM's path for its own reads from HBM, bytes
	// per SM cycle: a miss waits for the SM's HBM bytes of the last HBM
	// latency to drain through it (l2smhbm.go). 0: no per-SM term.
	SMHBMBytesPerCycle float64
	// SMHBMBusyCycles: the step a miss pays more when its SM's HBM stream
	// is busy (its average HBM bytes of SMHBMBytesPerCycle's term well
	// above a lone request's; l2smhbm.go). Only with SMHBMBytesPerCycle >
	// 0; 0: no step.
	SMHBMBusyCycles float64
	// TMAHBMCyclesPerKiB: a TMA load that misses to HBM waits this many
	// cycles for each KiB of the same bytes, with no step (tmahbm.go).
	// 0: no such wait.
	TMAHBMCyclesPerKiB float64
	// LaunchCycles is the time from the start of a launch to its first
	// CTA's first instruction; TailCycles from the last CTA's end to the
	// launch's end (ncu's sm__cycles_elapsed.max covers both).
	LaunchCycles int
	TailCycles   int
	// TensorClockCapMHz is the SM clock, in MHz, an SM runs at while its
	// tensor pipe is active (tensorclock.go): from its first wgmma's start
	// to its last wgmma's end the SM's clock (%clock64, the timeline the
	// model runs in) is min(SMClockMHz, TensorClockCapMHz), while ncu's
	// sm__cycles_elapsed.max counts at SMClockMHz; 0: no cap.
	TensorClockCapMHz float64
	// TensorRestartNs is the time an SM loses when its tensor pipe starts
	// (its first wgmma) after running without it: the clock switches from
	// the full clock to the tensor clock (tensorclock.go); 0: none.
	TensorRestartNs float64
	// DispatchIntervalCycles is the GPU's CTA dispatch rate (one CTA per
	// this many cycles), DispatchLatencyCycles a dispatched CTA's delay
	// until its warps can issue.
	DispatchIntervalCycles float64
	DispatchLatencyCycles  int
	// RegistersPerThreadDefault is used when neither the spec nor the PTX
	// (.maxnreg) gives the registers per thread.
	RegistersPerThreadDefault int
	// RegistersLiveOverhead is what ptxas allocates beyond the PTX's peak
	// of live 32-bit values (sm.EstimateRegisters): the registers per
	// thread of a launch whose spec, .maxnreg and setmaxnreg say nothing.
	RegistersLiveOverhead int
	// RegistersDivisionCall is the registers ptxas's 64-bit division
	// subroutine needs beside the values live across its CALL
	// (sm.DivisionCallLive), for the same estimate.
	RegistersDivisionCall int
}

// Param is one named parameter of the timing profile.
type Param struct {
	Name   string // with its unit: fp32_latency_cycles, global_latency_ns
	Source string // where the default value comes from
	get    func(c *TimedConfig) float64
	set    func(c *TimedConfig, v float64)
}

func intParam(name, source string, f func(c *TimedConfig) *int) Param {
	return Param{Name: name, Source: source,
		get: func(c *TimedConfig) float64 { return float64(*f(c)) },
		set: func(c *TimedConfig, v float64) { *f(c) = int(v + 0.5) }}
}

func floatParam(name, source string, f func(c *TimedConfig) *float64) Param {
	return Param{Name: name, Source: source,
		get: func(c *TimedConfig) float64 { return *f(c) },
		set: func(c *TimedConfig, v float64) { *f(c) = v }}
}

// Get is the parameter's value in c.
func (p Param) Get(c *TimedConfig) float64 { return p.get(c) }

// Set sets the parameter in c (integers round to nearest).
func (p Param) Set(c *TimedConfig, v float64) { p.set(c, v) }

// Params lists every parameter of the timing model, sorted by name.
func Params() []Param {
	ps := []Param{
		intParam("l2_hit_cycles", "microbench", func(c *TimedConfig) *int { return &c.L2HitCycles }),
		intParam("l2_far_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.L2FarExtraCycles }),
		intParam("l2_fabric_hit_cycles", "microbench", func(c *TimedConfig) *int { return &c.L2FabricHitCycles }),
		intParam("l2_partition_bytes", "microbench", func(c *TimedConfig) *int { return &c.L2PartitionBytes }),
		intParam("dram_far_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.DRAMFarExtraCycles }),
		intParam("l2_merge_joins_count", "microbench", func(c *TimedConfig) *int { return &c.L2MergeJoins }),
		floatParam("l2_merge_forward_bytes_per_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2MergeForwardBytesPerCycle }),
		intParam("l2_ways_count", "estimate", func(c *TimedConfig) *int { return &c.L2Ways }),
		floatParam("l2_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2BytesPerL2Cycle }),
		floatParam("l2_port_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2PortBytesPerL2Cycle }),
		floatParam("l2_lookup_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2LookupBytesPerL2Cycle }),
		floatParam("l2_clock_mhz", "microbench", func(c *TimedConfig) *float64 { return &c.L2ClockMHz }),
		floatParam("l2_store_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2StoreBytesPerL2Cycle }),
		floatParam("l2_store_lines_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2StoreLinesPerL2Cycle }),
		floatParam("l2_tma_store_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2TMAStoreBytesPerL2Cycle }),
		floatParam("l2_tma_reduce_bytes_per_l2_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.L2TMAReduceBytesPerL2Cycle }),
		intParam("l2_cache_bytes", "microbench", func(c *TimedConfig) *int { return &c.L2CacheBytes }),
		intParam("l1_cache_bytes", "microbench", func(c *TimedConfig) *int { return &c.SM.L1CacheBytes }),
		floatParam("dram_latency_ns", "microbench", func(c *TimedConfig) *float64 { return &c.DRAMLatencyNs }),
		floatParam("dram_bytes_per_ns", "microbench", func(c *TimedConfig) *float64 { return &c.DRAMBytesPerNs }),
		floatParam("dram_read_bytes_per_ns", "microbench", func(c *TimedConfig) *float64 { return &c.DRAMReadBytesPerNs }),
		floatParam("dram_queue_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.DRAMQueueCycles }),
		intParam("sm_inflight_lines", "microbench", func(c *TimedConfig) *int { return &c.SMInflightLines }),
		intParam("l1_carveout_ways", "microbench", func(c *TimedConfig) *int { return &c.L1CarveoutWays }),
		intParam("l1_carveout_lost_bytes", "microbench", func(c *TimedConfig) *int { return &c.L1CarveoutLostBytes }),
		floatParam("sm_hbm_bytes_per_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.SMHBMBytesPerCycle }),
		floatParam("sm_hbm_busy_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SMHBMBusyCycles }),
		floatParam("tma_hbm_cycles_per_kib", "microbench", func(c *TimedConfig) *float64 { return &c.TMAHBMCyclesPerKiB }),
		intParam("l1_hit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.L1HitCycles }),
		intParam("smem_latency_per_wavefront_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemLatencyPerWavefront }),
		floatParam("smem_writeback_cycles_per_reg", "microbench", func(c *TimedConfig) *float64 { return &c.SM.SmemWritebackCyclesPerReg }),
		intParam("barrier_arrive_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BarrierArriveInterval }),
		intParam("stmatrix_base_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.StmatrixBaseCycles }),
		intParam("stmatrix_cycles_per_matrix", "microbench", func(c *TimedConfig) *int { return &c.SM.StmatrixCyclesPerMatrix }),
		intParam("stmatrix_min_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.StmatrixMinIntervalCycles }),
		intParam("l1_cycles_per_line", "corpus", func(c *TimedConfig) *int { return &c.SM.L1CyclesPerLine }),
		intParam("lg_queue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.LGQueueCycles }),
		intParam("store_queue_requests", "microbench", func(c *TimedConfig) *int { return &c.SM.StoreQueueRequests }),
		intParam("store_queue_sm_requests", "microbench", func(c *TimedConfig) *int { return &c.SM.StoreQueueSMRequests }),
		intParam("smem_l1_backlog_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemL1BacklogCycles }),
		intParam("store_data_credit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.StoreDataCreditCycles }),
		intParam("store_combine_lines", "microbench", func(c *TimedConfig) *int { return &c.SM.StoreCombineLines }),
		intParam("store_merge_window_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.StoreMergeWindowCycles }),
		intParam("imad_wide_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ImadWideIntervalCycles }),
		intParam("imad_hi_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ImadHiLatencyCycles }),
		intParam("alu_carry_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ALUCarryLatencyCycles }),
		floatParam("idiv_cycles_per_slot", "microbench", func(c *TimedConfig) *float64 { return &c.SM.IdivCyclesPerSlot }),
		intParam("idiv_shared_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.IdivSharedCycles }),
		intParam("fdiv_path_extra_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.FdivPathExtraCycles }),
		floatParam("idiv_contention_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.IdivContentionCycles }),
		floatParam("idiv_pipe_hold", "microbench", func(c *TimedConfig) *float64 { return &c.SM.IdivPipeHold }),
		floatParam("regbank_conflict_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.RegbankConflictCycles }),
		floatParam("mufu_tensor_extra_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.MufuTensorExtraCycles }),
		floatParam("fp32_tensor_extra_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.Fp32TensorExtraCycles }),
		floatParam("mma_dispatch_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.MmaDispatchCycles }),
		floatParam("mma_warp_interval_ratio", "microbench", func(c *TimedConfig) *float64 { return &c.SM.MmaWarpIntervalRatio }),
		floatParam("fp32_tensor_rs_extra_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.Fp32TensorRSExtraCycles }),
		intParam("branch_predicate_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BranchPredicateCycles }),
		intParam("branch_not_taken_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BranchNotTakenCycles }),
		intParam("branch_chain_hoist_compares", "microbench", func(c *TimedConfig) *int { return &c.SM.BranchChainHoistCompares }),
		intParam("branch_or_chain_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BranchOrChainCycles }),
		intParam("jump_table_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.JumpTableCycles }),
		intParam("jump_table_uniform_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.JumpTableUniformCycles }),
		floatParam("l1_request_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.L1RequestCycles }),
		intParam("l1_store_cycles_per_sector", "microbench", func(c *TimedConfig) *int { return &c.SM.L1StoreCyclesPerSector }),
		intParam("l1_store_partial_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.L1StorePartialCycles }),
		floatParam("l1_store_line_pair_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.L1StoreLinePairCycles }),
		floatParam("l1_store_port_request_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.L1StorePortRequestCycles }),
		floatParam("l1_store_port_line_cycles", "microbench", func(c *TimedConfig) *float64 { return &c.SM.L1StorePortLineCycles }),
		intParam("l1_port_cycles_per_line", "microbench", func(c *TimedConfig) *int { return &c.SM.L1PortCyclesPerLine }),
		intParam("l1_port_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.L1PortBytesPerCycle }),
		intParam("l1_load_hold_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.L1LoadHoldCycles }),
		intParam("ld_bypass_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.LdBypassIntervalCycles }),
		floatParam("lsu_warp_bytes_per_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.SM.LSUWarpBytesPerCycle }),
		intParam("cp_async_lsu_lane_bytes", "microbench", func(c *TimedConfig) *int { return &c.SM.CpAsyncLSULaneBytes }),
		floatParam("lsu_load_bytes_per_cycle", "microbench", func(c *TimedConfig) *float64 { return &c.SM.LSULoadBytesPerCycle }),
		floatParam("lsu_wide_store_hold_fraction", "microbench", func(c *TimedConfig) *float64 { return &c.SM.LSUWideStoreHoldFraction }),
		intParam("mbar_after_store_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarAfterStoreCycles }),
		intParam("bulk_lane_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BulkLaneCycles }),
		intParam("shared_base_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SharedBaseCycles }),
		intParam("bulk_store_base_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BulkStoreBaseCycles }),
		intParam("smem_atom_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemAtomExtraCycles }),
		intParam("call_return_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.CallReturnCycles }),
		intParam("conv_wide_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ConvWideLatencyCycles }),
		intParam("f16_conv_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.F16ConvLatencyCycles }),
		intParam("shfl_idx_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ShflIdxExtraCycles }),
		intParam("shfl_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ShflIntervalCycles }),
		intParam("smem_atom_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemAtomIntervalCycles }),
		intParam("vote_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.VoteLatencyCycles }),
		intParam("shfl_pred_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ShflPredExtraCycles }),
		intParam("atom_reduce_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.AtomReduceCycles }),
		intParam("atom_reduce_nolane_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.AtomReduceNoLaneCycles }),
		intParam("redux_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ReduxIntervalCycles }),
		intParam("redux_warp_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ReduxWarpIntervalCycles }),
		intParam("redux_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ReduxLatencyCycles }),
		intParam("s2r_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.S2RIntervalCycles }),
		intParam("cluster_barrier_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ClusterBarrierCycles }),
		intParam("cluster_fence_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.ClusterFenceCycles }),
		intParam("dsmem_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.DSMEMLatencyCycles }),
		intParam("dsmem_small_gpc_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.DSMEMSmallGPCLatencyCycles }),
		intParam("dsmem_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.DSMEMBytesPerCycle }),
		intParam("dsmem_local_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.DSMEMLocalExtraCycles }),
		intParam("scheduler_lrr", "microbench", func(c *TimedConfig) *int { return &c.SM.PolicyLRR }),
		intParam("scheduler_math_gto", "microbench", func(c *TimedConfig) *int { return &c.SM.SchedulerMathGTO }),
		intParam("scheduler_oldest_high_warp", "microbench", func(c *TimedConfig) *int { return &c.SM.SchedulerOldestHighWarp }),
		intParam("tma_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMALatencyCycles }),
		intParam("tma_fill_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAFillBytesPerCycle }),
		intParam("tma_land_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMALandBytesPerCycle }),
		intParam("tma_row_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMARowCycles }),
		intParam("tma_request_overlap_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMARequestOverlapCycles }),
		intParam("tma_fence_drain_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAFenceDrainCycles }),
		intParam("tma_fence_drain_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAFenceDrainBytesPerCycle }),
		intParam("tma_desc_global_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMADescGlobalCycles }),
		intParam("tma_desc_store_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMADescStoreCycles }),
		intParam("tensormap_ifetch_hold_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TensormapIFetchHoldCycles }),
		intParam("tma_store_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAStoreLatencyCycles }),
		intParam("tma_store_cycles_per_kib", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAStoreCyclesPerKiB }),
		intParam("tma_reduce_cycles_per_kib", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAReduceCyclesPerKiB }),
		intParam("tma_store_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAStoreMinCycles }),
		intParam("tma_reduce_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAReduceMinCycles }),
		intParam("bulk_reduce_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkReduceMinCycles }),
		intParam("bulk_store_take_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkStoreTakeCycles }),
		intParam("bulk_store_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkStoreIntervalCycles }),
		intParam("bulk_store_queue_stores", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkStoreQueueStores }),
		intParam("bulk_store_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkStoreMinCycles }),
		intParam("bulk_store_branch_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkStoreBranchCycles }),
		intParam("bulk_address_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkAddressLatencyCycles }),
		intParam("tma_store_write_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAStoreWriteCycles }),
		intParam("tma_bulk_commit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMABulkCommitCycles }),
		intParam("tensormap_replace_shared_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TensormapReplaceSharedCycles }),
		intParam("tensormap_replace_global_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TensormapReplaceGlobalCycles }),
		intParam("tensormap_cp_fenceproxy_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TensormapCpFenceCycles }),
		intParam("fence_tensormap_release_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.FenceTensormapReleaseCycles }),
		intParam("fence_tensormap_acquire_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.FenceTensormapAcquireCycles }),
		intParam("prefetch_tensormap_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.PrefetchTensormapCycles }),
		intParam("bulk_prefetch_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkPrefetchCycles }),
		intParam("fence_proxy_async_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.FenceProxyAsyncCycles }),
		intParam("fence_proxy_bar_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.FenceProxyBarIssueCycles }),
		intParam("fence_proxy_bar_release_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.FenceProxyBarReleaseCycles }),
		intParam("bulk_wait_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkWaitMinCycles }),
		intParam("bulk_branch_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkBranchCycles }),
		intParam("bulk_reduce_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkReduceIssueCycles }),
		intParam("bulk_reduce_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkReduceIntervalCycles }),
		intParam("bulk_reduce_setup_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkReduceSetupCycles }),
		intParam("bulk_store_setup_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkStoreSetupCycles }),
		intParam("bulk_store_inplace_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkStoreInPlaceCycles }),
		intParam("bulk_remat_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkRematCycles }),
		intParam("bulk_store_r2ur_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkStoreR2URCycles }),
		intParam("tma_load_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadIssueCycles }),
		intParam("bulk_load_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.BulkLoadIssueCycles }),
		intParam("tma_load_elected_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadElectedCycles }),
		intParam("tma_first_load_hold_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMAFirstLoadCycles }),
		intParam("tma_load_r2ur_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadR2URCycles }),
		intParam("tma_load_ur_spill_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadURSpillCycles }),
		intParam("tma_load_ur_serial_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadURSerialCycles }),
		intParam("tma_load_loop_slot_pct", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadLoopSlotPct }),
		intParam("tma_load_elected_slot_pct", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.TMALoadElectedSlotPct }),
		intParam("mbar_arrive_wait_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.MbarArriveWaitCycles }),
		intParam("mbar_arrive_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Hold.MbarArriveIntervalCycles }),
		intParam("tma_hbm_extra_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAHBMExtraCycles }),
		intParam("tma_hbm_page_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAHBMPageCycles }),
		intParam("cp_async_ca_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncCaBytesPerCycle }),
		intParam("cp_async_ca_hit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncCaHitCycles }),
		intParam("cp_async_cg_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncCgBytesPerCycle }),
		intParam("cp_async_zero_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncZeroBytesPerCycle }),
		intParam("cp_async_ca_fill_scv_pct", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncCaFillScvPct }),
		intParam("cp_async_cg_fill_scv_pct", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.CpAsyncCgFillScvPct }),
		intParam("wgmma_ss_tail_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaSSTailCycles }),
		intParam("wgmma_serial_ss_tail_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaSerialSSTailCycles }),
		intParam("wgmma_serial_rs_tail_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaSerialRSTailCycles }),
		intParam("wgmma_rs_tail_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaRSTailCycles }),
		intParam("launch_cycles", "empty kernel", func(c *TimedConfig) *int { return &c.LaunchCycles }),
		intParam("tail_cycles", "empty kernel", func(c *TimedConfig) *int { return &c.TailCycles }),
		floatParam("tensor_clock_cap_mhz", "microbench", func(c *TimedConfig) *float64 { return &c.TensorClockCapMHz }),
		floatParam("tensor_restart_ns", "microbench", func(c *TimedConfig) *float64 { return &c.TensorRestartNs }),
		floatParam("dispatch_interval_cycles", "empty kernel", func(c *TimedConfig) *float64 { return &c.DispatchIntervalCycles }),
		intParam("dispatch_latency_cycles", "empty kernel", func(c *TimedConfig) *int { return &c.DispatchLatencyCycles }),
		intParam("registers_per_thread_default", "estimate", func(c *TimedConfig) *int { return &c.RegistersPerThreadDefault }),
		intParam("registers_live_overhead", "microbench", func(c *TimedConfig) *int { return &c.RegistersLiveOverhead }),
		intParam("registers_division_call", "microbench", func(c *TimedConfig) *int { return &c.RegistersDivisionCall }),
		intParam("sub_partitions_count", "spec", func(c *TimedConfig) *int { return &c.SM.SubPartitions }),
		intParam("max_warps_per_sm_count", "spec", func(c *TimedConfig) *int { return &c.SM.MaxWarps }),
		intParam("max_ctas_per_sm_count", "spec", func(c *TimedConfig) *int { return &c.SM.MaxCTAs }),
		intParam("max_threads_per_sm_count", "spec", func(c *TimedConfig) *int { return &c.SM.MaxThreads }),
		intParam("registers_per_sm_count", "spec", func(c *TimedConfig) *int { return &c.SM.Registers }),
		intParam("register_alloc_unit_count", "spec", func(c *TimedConfig) *int { return &c.SM.RegisterAllocUnit }),
		intParam("shared_per_sm_bytes", "spec", func(c *TimedConfig) *int { return &c.SM.SharedBytes }),
		intParam("shared_reserved_per_cta_bytes", "spec", func(c *TimedConfig) *int { return &c.SM.SharedReservedCTA }),
		intParam("smem_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemLatencyCycles }),
		intParam("smem_wavefront_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemWavefrontCycle }),
		intParam("smem_queue_wavefronts", "microbench", func(c *TimedConfig) *int { return &c.SM.SmemQueueWavefronts }),
		intParam("mio_queue_insts", "microbench", func(c *TimedConfig) *int { return &c.SM.MioQueueInsts }),
		intParam("mio_warp_queue_insts", "microbench", func(c *TimedConfig) *int { return &c.SM.MioWarpQueueInsts }),
		intParam("barrier_release_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.BarrierReleaseCycles }),
		intParam("mbar_wake_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarWakeCycles }),
		intParam("mbar_wait_exit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarWaitExitCycles }),
		intParam("setmaxnreg_dec_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SetmaxnregDecCycles }),
		intParam("setmaxnreg_inc_wait_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SetmaxnregIncWaitCycles }),
		intParam("setmaxnreg_pool_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SetmaxnregPoolIntervalCycles }),
		intParam("mbar_wait_fast_exit_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarWaitFastExitCycles }),
		intParam("suspend_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.SuspendCycles }),
		intParam("mbar_tx_poll_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarTxPollCycles }),
		intParam("mbar_tx_land_spread_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarTxLandSpreadCycles }),
		intParam("mbar_hint_wake_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MbarHintWakeCycles }),
		intParam("fence_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.FenceCycles }),
		intParam("fence_gpu_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.FenceGPUCycles }),
		intParam("l1_sectors_per_cycle", "spec", func(c *TimedConfig) *int { return &c.SM.L1SectorsPerCycle }),
		intParam("icache_line_bytes", "estimate", func(c *TimedConfig) *int { return &c.SM.ICache.LineBytes }),
		intParam("tma_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMAIssueCycles }),
		intParam("bulk_issue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkIssueCycles }),
		intParam("bulk_lone_copy_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkLoneCopyCycles }),
		intParam("bulk_copy_spread_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkCopySpreadCycles }),
		intParam("bulk_hit_saving_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.BulkHitSavingCycles }),
		intParam("tma_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.TMABytesPerCycle }),
		intParam("wgmma_fma_per_cycle", "spec", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaFMAPerCycle }),
		intParam("wgmma_min_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaMinCycles }),
		intParam("wgmma_smem_bytes_per_cycle", "spec", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaSmemBytesPerCycle }),
		intParam("wgmma_rs_a_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaRSABytesPerCycle }),
		intParam("wgmma_queue_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaQueueCycles }),
		intParam("wgmma_desc_r2ur_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Async.WgmmaDescR2URCycles }),
		intParam("icache_miss_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.MissCycles }),
		intParam("const_miss_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.Const.MissCycles }),
		intParam("const_sector_interval_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.Const.SectorIntervalCycles }),
		intParam("const_ldc_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.Const.LDCCycles }),
		intParam("const_ldc_miss_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.Const.LDCMissCycles }),
		intParam("mbarrier_init_const_wait_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Const.InitWaitCycles }),
		intParam("mbarrier_init_bar_wait_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Const.InitBarWaitCycles }),
		intParam("icache_dram_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.DRAMCycles }),
		intParam("icache_prefetch_lines", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.PrefetchLines }),
		intParam("icache_line_interval_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.LineIntervalCycles }),
		intParam("icache_l2_prefetch_lines", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.L2PrefetchLines }),
		intParam("icache_capacity_bytes", "microbench", func(c *TimedConfig) *int { return &c.SM.ICache.CapacityBytes }),
		intParam("icache_ways", "microbench", func(c *TimedConfig) *int { return &c.SM.ICache.Ways }),
		intParam("icache_stream_restart_cycles", "fit", func(c *TimedConfig) *int { return &c.SM.ICache.StreamRestartCycles }),
		intParam("icache_gpc_bytes_per_cycle", "microbench", func(c *TimedConfig) *int { return &c.SM.ICache.GPCBytesPerCycle }),
	}
	for p := ptx.Pipe(1); int(p) < ptx.NumPipes; p++ {
		pp := p
		ps = append(ps,
			intParam(pp.String()+"_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Pipes[pp].IntervalCycles }),
			intParam(pp.String()+"_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.Pipes[pp].LatencyCycles }))
	}
	for i := range ptx.NumMmaForms {
		ii := i // mma.sync per form (sim/sm/mmaform.go)
		ps = append(ps,
			intParam("mma_"+ptx.MmaFormNames[ii]+"_interval_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MmaForms[ii].IntervalCycles }),
			intParam("mma_"+ptx.MmaFormNames[ii]+"_latency_cycles", "microbench", func(c *TimedConfig) *int { return &c.SM.MmaForms[ii].LatencyCycles }))
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Name < ps[j].Name })
	return ps
}

// ParamByName finds a parameter.
func ParamByName(name string) (Param, bool) {
	for _, p := range Params() {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// Validate checks the configuration.
func (c *TimedConfig) Validate() error {
	if c.SMClockMHz <= 0 || c.MemClockMHz <= 0 {
		return fmt.Errorf("timing: clocks must be positive (sm_clock_mhz %g, mem_clock_mhz %g)", c.SMClockMHz, c.MemClockMHz)
	}
	if c.L2CacheBytes < 128 || c.SM.L1CacheBytes < 128 {
		return fmt.Errorf("timing: l1_cache_bytes and l2_cache_bytes must hold at least one 128-byte line")
	}
	if c.L2HitCycles < 0 || c.DRAMLatencyNs < 0 || c.L2BytesPerL2Cycle <= 0 || c.L2ClockMHz <= 0 || c.DRAMBytesPerNs <= 0 {
		return fmt.Errorf("timing: l2_hit_cycles and dram_latency_ns must be >= 0, l2_bytes_per_l2_cycle, l2_clock_mhz and dram_bytes_per_ns > 0")
	}
	if c.L2StoreBytesPerL2Cycle < 0 || c.L2StoreLinesPerL2Cycle < 0 || (c.L2StoreBytesPerL2Cycle == 0) != (c.L2StoreLinesPerL2Cycle == 0) {
		return fmt.Errorf("timing: l2_store_bytes_per_l2_cycle and l2_store_lines_per_l2_cycle must both be > 0, or both 0 (stores cost the L2 what loads do)")
	}
	if c.L2TMAStoreBytesPerL2Cycle < 0 || c.L2TMAReduceBytesPerL2Cycle < 0 {
		return fmt.Errorf("timing: l2_tma_store_bytes_per_l2_cycle and l2_tma_reduce_bytes_per_l2_cycle must not be negative")
	}
	if c.TensorRestartNs < 0 {
		return fmt.Errorf("timing: tensor_restart_ns must be >= 0, got %g", c.TensorRestartNs)
	}
	if c.TensorClockCapMHz < 0 {
		return fmt.Errorf("timing: tensor_clock_cap_mhz must be >= 0 (0: no cap), got %g", c.TensorClockCapMHz)
	}
	if c.LaunchCycles < 0 || c.TailCycles < 0 || c.DispatchIntervalCycles < 0 || c.DispatchLatencyCycles < 0 {
		return fmt.Errorf("timing: launch, tail and dispatch cycles must not be negative")
	}
	if c.L2Ways < 1 {
		return fmt.Errorf("timing: l2_ways_count must be at least 1, got %d", c.L2Ways)
	}
	if c.L2FarExtraCycles < 0 || c.L2FarExtraCycles/2 >= c.L2HitCycles {
		return fmt.Errorf("timing: l2_far_extra_cycles must be in 0..2*l2_hit_cycles, got %d", c.L2FarExtraCycles)
	}
	if c.L2PartitionBytes != 0 && (c.L2PartitionBytes < 128 || c.L2PartitionBytes&(c.L2PartitionBytes-1) != 0) {
		return fmt.Errorf("timing: l2_partition_bytes must be a power of two of at least 128 (0: 128), got %d", c.L2PartitionBytes)
	}
	if c.DRAMFarExtraCycles < 0 || int64(c.DRAMFarExtraCycles/2) >= c.nsToCycles(c.DRAMLatencyNs) {
		return fmt.Errorf("timing: dram_far_extra_cycles must be in 0..2*dram latency, got %d", c.DRAMFarExtraCycles)
	}
	if c.DRAMQueueCycles < 0 {
		return fmt.Errorf("timing: dram_queue_cycles must not be negative (0: HBM is a pure rate), got %g", c.DRAMQueueCycles)
	}
	if c.SMHBMBusyCycles < 0 {
		return fmt.Errorf("timing: sm_hbm_busy_cycles must not be negative (0: no step), got %g", c.SMHBMBusyCycles)
	}
	if c.TMAHBMCyclesPerKiB < 0 {
		return fmt.Errorf("timing: tma_hbm_cycles_per_kib must not be negative (0: no such wait), got %g", c.TMAHBMCyclesPerKiB)
	}
	if c.SMHBMBytesPerCycle < 0 {
		return fmt.Errorf("timing: sm_hbm_bytes_per_cycle must not be negative (0: no per-SM term), got %g", c.SMHBMBytesPerCycle)
	}
	if c.SMInflightLines < 0 {
		return fmt.Errorf("timing: sm_inflight_lines must not be negative (0: no limit), got %d", c.SMInflightLines)
	}
	if c.L1CarveoutWays < 0 || c.L1CarveoutLostBytes < 0 {
		return fmt.Errorf("timing: l1_carveout_ways and l1_carveout_lost_bytes must not be negative (ways 0: off), got %d, %d", c.L1CarveoutWays, c.L1CarveoutLostBytes)
	}
	if c.L2FabricHitCycles < 0 {
		return fmt.Errorf("timing: l2_fabric_hit_cycles must not be negative (0: no near copies), got %d", c.L2FabricHitCycles)
	}
	if c.L2MergeForwardBytesPerCycle < 0 {
		return fmt.Errorf("timing: l2_merge_forward_bytes_per_cycle must not be negative (0: no limit), got %g", c.L2MergeForwardBytesPerCycle)
	}
	if c.DRAMReadBytesPerNs < 0 || (c.DRAMReadBytesPerNs > 0 && c.DRAMReadBytesPerNs < c.DRAMBytesPerNs/2) {
		return fmt.Errorf("timing: dram_read_bytes_per_ns must be 0 (reads at dram_bytes_per_ns) or at least half of dram_bytes_per_ns, got %g", c.DRAMReadBytesPerNs)
	}
	if c.L2LookupBytesPerL2Cycle < 0 {
		return fmt.Errorf("timing: l2_lookup_bytes_per_l2_cycle must not be negative (0: a copy miss's near lookup is free), got %g", c.L2LookupBytesPerL2Cycle)
	}
	if c.L2PortBytesPerL2Cycle < 0 {
		return fmt.Errorf("timing: l2_port_bytes_per_l2_cycle must not be negative (0: no port limit), got %g", c.L2PortBytesPerL2Cycle)
	}
	if c.L2MergeJoins < 0 || c.L2MergeJoins > 255 {
		return fmt.Errorf("timing: l2_merge_joins_count must be in 0..255, got %d", c.L2MergeJoins)
	}
	if c.Window() < 1 {
		return fmt.Errorf("timing: dispatch_latency_cycles (%d) and the near L2 hit latency (%d) must be at least 1 cycle: they bound the windows of a timed run",
			c.DispatchLatencyCycles, c.L2HitCycles-c.L2FarExtraCycles/2)
	}
	if c.RegistersPerThreadDefault <= 0 || c.RegistersPerThreadDefault > 255 {
		return fmt.Errorf("timing: registers_per_thread_default must be in 1..255, got %d", c.RegistersPerThreadDefault)
	}
	if c.RegistersDivisionCall < 0 || c.RegistersDivisionCall > 64 {
		return fmt.Errorf("timing: registers_division_call must be in 0..64, got %d", c.RegistersDivisionCall)
	}
	if c.RegistersLiveOverhead < -64 || c.RegistersLiveOverhead > 64 {
		return fmt.Errorf("timing: registers_live_overhead must be in -64..64, got %d", c.RegistersLiveOverhead)
	}
	return c.SM.Validate()
}

// Window is the longest window of a partitioned timed run (windows.go): the
// shortest latency by which one partition's SMs can affect another's, an L2
// hit in the near slice (a store seen by a load, a line brought in) or the
// dispatch latency (a finished CTA letting another start elsewhere).
func (c *TimedConfig) Window() int {
	return min(c.DispatchLatencyCycles, c.L2HitCycles-c.L2FarExtraCycles/2)
}

// L2BytesPerSMCycle is the GPU-wide L2 bandwidth in bytes per SM cycle:
// the L2 runs in its own clock domain (l2_clock_mhz), so a launch at a lower
// SM clock gets more bytes per SM cycle (l2bw_* on a hot H200: the same
// GB/s within 2% at an SM clock 10% lower).
func (c *TimedConfig) L2BytesPerSMCycle() float64 {
	return c.L2BytesPerL2Cycle * c.L2ClockMHz / c.SMClockMHz
}

// l2StoreSliceCycles gives what a store costs one of the two L2 slices in
// SM cycles at the launch's clock: per sector and per line (both 0 when the
// profile has no store rates: a store then costs what a load does).
func (c *TimedConfig) l2StoreSliceCycles() (perSector, perLine float64) {
	if c.L2StoreBytesPerL2Cycle <= 0 || c.L2StoreLinesPerL2Cycle <= 0 {
		return 0, 0
	}
	toSM := c.SMClockMHz / c.L2ClockMHz // SM cycles per L2 cycle
	return 2 * 32 / c.L2StoreBytesPerL2Cycle * toSM, 2 / c.L2StoreLinesPerL2Cycle * toSM
}

// l2TMAWriteSliceCycles gives what a sector of a TMA/bulk store and of a
// TMA/bulk reduction costs one of the two slices' write queues in SM
// cycles at the launch's clock (0 where the profile has no such rate).
func (c *TimedConfig) l2TMAWriteSliceCycles() (store, reduce float64) {
	toSM := c.SMClockMHz / c.L2ClockMHz
	if c.L2TMAStoreBytesPerL2Cycle > 0 {
		store = 2 * 32 / c.L2TMAStoreBytesPerL2Cycle * toSM
	}
	if c.L2TMAReduceBytesPerL2Cycle > 0 {
		reduce = 2 * 32 / c.L2TMAReduceBytesPerL2Cycle * toSM
	}
	return store, reduce
}

// nsToCycles converts a time in ns to SM cycles at the profile's clock.
func (c *TimedConfig) nsToCycles(ns float64) int64 {
	return int64(ns*c.SMClockMHz/1000 + 0.5)
}
