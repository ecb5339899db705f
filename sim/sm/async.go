package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// AsyncConfig times the asynchronous units: the TMA engine, the tensor
// pipe of wgmma and the completion of copies.
type AsyncConfig struct {
	// TMAIssueCycles: from a TMA/bulk instruction to its first request.
	TMAIssueCycles int `json:"tma_issue_cycles" yaml:"tma_issue_cycles"`
	// BulkIssueCycles: the same for a non-tensor bulk load
	// (cp.async.bulk global -> shared: no tensor map, no box to walk).
	BulkIssueCycles int `json:"bulk_issue_cycles" yaml:"bulk_issue_cycles"`
	// BulkLoneCopyCycles: a plain bulk copy that asks L2 for its lines
	// completes this much later than the memory model answers; a lane of
	// ptxas's lane loop copying lines an earlier lane brought back does
	// not (bulkhold.go; family bulk18).
	BulkLoneCopyCycles int `json:"bulk_lone_copy_cycles" yaml:"bulk_lone_copy_cycles"`
	// BulkCopySpreadCycles: such a copy of n 128-byte lines completes
	// with its slowest line, BulkCopySpreadCycles x (n-1)/(n+1) later than
	// a copy of one line (bulkhold.go bulkSpread; 0: no spread).
	BulkCopySpreadCycles int `json:"bulk_copy_spread_cycles" yaml:"bulk_copy_spread_cycles"`
	// TMABytesPerCycle: one SM's TMA engine throughput.
	TMABytesPerCycle int `json:"tma_bytes_per_cycle" yaml:"tma_bytes_per_cycle"`
	// TMALatencyCycles: from the data's arrival from L2/HBM and the
	// transfer to the mbarrier's complete_tx being visible.
	TMALatencyCycles int `json:"tma_latency_cycles" yaml:"tma_latency_cycles"`
	// TMARowCycles: the TMA engine's time per 128-byte piece of a row; TMARequestOverlapCycles:
	// the part of the request stream that overlaps the first data's
	// return (tma.go).
	TMARowCycles            int `json:"tma_row_cycles" yaml:"tma_row_cycles"`
	TMARequestOverlapCycles int `json:"tma_request_overlap_cycles" yaml:"tma_request_overlap_cycles"`
	// TMAFillBytesPerCycle: one box's fill rate of shared memory.
	TMAFillBytesPerCycle int `json:"tma_fill_bytes_per_cycle" yaml:"tma_fill_bytes_per_cycle"`
	// TMALandBytesPerCycle: the SM's rate of TMA tensor-load data landing
	// in shared memory, all boxes together: a box completes no sooner than
	// its bytes at this rate after the SM's previous one (tma.go; 0: no
	// limit).
	TMALandBytesPerCycle int `json:"tma_land_bytes_per_cycle" yaml:"tma_land_bytes_per_cycle"`
	// TMAFenceDrainCycles, TMAFenceDrainBytesPerCycle: a GPU-scope fence
	// (MEMBAR.ALL.GPU) ends no sooner than this long after the TMA engine
	// started the SM's last load, plus its bytes at this rate (none
	// without a byte rate; tma_fence.go).
	TMAFenceDrainCycles        int `json:"tma_fence_drain_cycles" yaml:"tma_fence_drain_cycles"`
	TMAFenceDrainBytesPerCycle int `json:"tma_fence_drain_bytes_per_cycle" yaml:"tma_fence_drain_bytes_per_cycle"`
	// TMADescGlobalCycles, TMADescStoreCycles: the fetch of a tensor
	// map's descriptor on first use (tma_desc.go).
	TMADescGlobalCycles int `json:"tma_desc_global_cycles" yaml:"tma_desc_global_cycles"`
	TMADescStoreCycles  int `json:"tma_desc_store_cycles" yaml:"tma_desc_store_cycles"`
	// TensormapIFetchHoldCycles: after a fence.proxy.tensormap acquire
	// (UTMACCTL.IV) on a map in global memory, no other SM of the fencing
	// SM's GPC starts an instruction fetch until the fencing SM has the
	// map's descriptor again, at most this many cycles after the fence
	// (tmafenceblock.go; validation/timing/tred32.md). 0: off.
	TensormapIFetchHoldCycles int `json:"tensormap_ifetch_hold_cycles" yaml:"tensormap_ifetch_hold_cycles"`
	// TMA stores and reductions (tma_store.go): from issue to the end of
	// the shared-memory read, less the read itself (TMAStoreLatencyCycles);
	// the read at TMAStoreCyclesPerKiB (reductions TMAReduceCyclesPerKiB);
	// the engine's time per instruction at least (TMAStoreMinCycles,
	// TMAReduceMinCycles) and per bulk commit_group after one
	// (TMABulkCommitCycles); from the read's end to wait_group's
	// (TMAStoreWriteCycles).
	TMAStoreLatencyCycles int `json:"tma_store_latency_cycles" yaml:"tma_store_latency_cycles"`
	TMAStoreCyclesPerKiB  int `json:"tma_store_cycles_per_kib" yaml:"tma_store_cycles_per_kib"`
	TMAReduceCyclesPerKiB int `json:"tma_reduce_cycles_per_kib" yaml:"tma_reduce_cycles_per_kib"`
	TMAStoreMinCycles     int `json:"tma_store_min_cycles" yaml:"tma_store_min_cycles"`
	TMAReduceMinCycles    int `json:"tma_reduce_min_cycles" yaml:"tma_reduce_min_cycles"`
	// BulkReduceMinCycles: the engine's floor per non-tensor bulk
	// reduction (UBLKRED; tensor reductions take TMAReduceMinCycles).
	BulkReduceMinCycles int `json:"bulk_reduce_min_cycles" yaml:"bulk_reduce_min_cycles"`
	TMAStoreWriteCycles int `json:"tma_store_write_cycles" yaml:"tma_store_write_cycles"`
	// Plain (non-tensor) bulk stores, SASS UBLKCP.G.S (bulkstore.go):
	// the engine takes a warp's store BulkStoreTakeCycles after its issue
	// and no sooner than BulkStoreIntervalCycles after the warp's previous
	// one, and only while fewer than BulkStoreQueueStores of the SM's
	// plain stores wait to finish their read; the warp's next such store
	// waits for the take, its next taken branch BulkStoreBranchCycles
	// more. BulkStoreMinCycles: the engine's floor per plain store (tensor
	// stores: TMAStoreMinCycles).
	BulkStoreTakeCycles     int `json:"bulk_store_take_cycles" yaml:"bulk_store_take_cycles"`
	BulkStoreIntervalCycles int `json:"bulk_store_interval_cycles" yaml:"bulk_store_interval_cycles"`
	BulkStoreQueueStores    int `json:"bulk_store_queue_stores" yaml:"bulk_store_queue_stores"`
	BulkStoreMinCycles      int `json:"bulk_store_min_cycles" yaml:"bulk_store_min_cycles"`
	BulkStoreBranchCycles   int `json:"bulk_store_branch_cycles" yaml:"bulk_store_branch_cycles"`
	// BulkAddressLatencyCycles: a uniform bulk store's or reduction's
	// 64-bit address add (one UIADD3.64) is read by the operation that
	// many cycles after its issue (bulkaddr.go; 0: the ALU's latency and
	// two slots, as any 64-bit add).
	BulkAddressLatencyCycles int `json:"bulk_address_latency_cycles" yaml:"bulk_address_latency_cycles"`
	TMABulkCommitCycles      int `json:"tma_bulk_commit_cycles" yaml:"tma_bulk_commit_cycles"`
	// TMAHBMExtraCycles: more latency for a TMA load that misses L2 than
	// for a load's miss (sim/gpu mem.go).
	TMAHBMExtraCycles int `json:"tma_hbm_extra_cycles" yaml:"tma_hbm_extra_cycles"`
	// TMAHBMPageCycles: more latency for a TMA load from HBM per 1 KiB
	// block of addresses (a DRAM page) it is the first of its partition to
	// reach there: a K-major GEMM operand's first box, 128 bytes of each of
	// 128 K-rows, opens 128 where a box of contiguous rows opens 16, and
	// the next k-tiles' boxes none (sim/gpu mem.go, family tmaq).
	TMAHBMPageCycles int `json:"tma_hbm_page_cycles" yaml:"tma_hbm_page_cycles"`
	// BulkHitSavingCycles: less latency for a plain (non-tensor) bulk
	// load whose lines are all in L2 than a load instruction's L2 hit.
	BulkHitSavingCycles int `json:"bulk_hit_saving_cycles" yaml:"bulk_hit_saving_cycles"`
	// CpAsyncCaBytesPerCycle: an SM's cp.async.ca (L1-allocating) fill
	// rate (cpasync_ca16_tput: 45.8 bytes per cycle with 32 warps, where
	// .cg reaches 75.6).
	CpAsyncCaBytesPerCycle int `json:"cp_async_ca_bytes_per_cycle" yaml:"cp_async_ca_bytes_per_cycle"`
	// CpAsyncCgBytesPerCycle: an SM's cp.async.cg (LDGSTS.BYPASS) fill
	// rate of shared memory, zero-filled bytes included (cpasync_cg16_tput
	// and _w16: 75.6 and 74.7 bytes per cycle with 32 and 16 warps, where
	// plain 16-B loads reach 110.6, l2bw_ld_c1; H200).
	CpAsyncCgBytesPerCycle int `json:"cp_async_cg_bytes_per_cycle" yaml:"cp_async_cg_bytes_per_cycle"`
	// CpAsyncZeroBytesPerCycle: the same fill's rate for zero-filled bytes
	// (src-size short of cp-size, ignore-src): copies of zeros only are
	// slower than copies of data (cpasync8_selp0_swz_tput: 55.5 bytes per
	// cycle against 75.9 for cpasync8_selp_swz_tput; the hardware counts 7
	// shared-memory wavefronts a copy against 3). 0: at the data rate.
	CpAsyncZeroBytesPerCycle int `json:"cp_async_zero_bytes_per_cycle" yaml:"cp_async_zero_bytes_per_cycle"`
	// CpAsyncCaHitCycles: more latency for a cp.async.ca whose lines are
	// all in L1 than a load's L1 hit (sim/gpu mem.go): the data still goes
	// from L1 into shared memory (cpasync_ca16_lat, cpasync_ca4_lat).
	CpAsyncCaHitCycles int `json:"cp_async_ca_hit_cycles" yaml:"cp_async_ca_hit_cycles"`
	// CpAsyncCaFillScvPct, CpAsyncCgFillScvPct: the squared coefficient
	// of variation of a copy's fill time, in percent (100: exponential, 0:
	// constant), in the mean-value analysis of the fill's queueing wait
	// (cpfill.go): the .ca fill's wait grows earlier (cpasync_ca16_tput_w6,
	// _w8) than the .cg fill's (cpasync29_cg16_w12, _tput_w16).
	CpAsyncCaFillScvPct int `json:"cp_async_ca_fill_scv_pct" yaml:"cp_async_ca_fill_scv_pct"`
	CpAsyncCgFillScvPct int `json:"cp_async_cg_fill_scv_pct" yaml:"cp_async_cg_fill_scv_pct"`
	// WgmmaSSTailCycles and WgmmaRSTailCycles: from the end of a wgmma's
	// tensor work to its results being visible to wait_group.
	WgmmaSSTailCycles int `json:"wgmma_ss_tail_cycles" yaml:"wgmma_ss_tail_cycles"`
	WgmmaRSTailCycles int `json:"wgmma_rs_tail_cycles" yaml:"wgmma_rs_tail_cycles"`
	// WgmmaSerialSSTailCycles, WgmmaSerialRSTailCycles: the same for a
	// wgmma that ptxas serialized (C7515: WARPGROUP.DEPBAR right after each
	// HGMMA), to its warpgroup's release; shorter than the wait_group
	// path's tails (wg11_n128_ss_w1_d1_ser: 124 cycles a wgmma, where
	// wgmma_f16_n128_ss's fence, wgmma, commit and wait_group 0 take 178).
	// 0: the SS/RS tail.
	WgmmaSerialSSTailCycles int `json:"wgmma_serial_ss_tail_cycles" yaml:"wgmma_serial_ss_tail_cycles"`
	WgmmaSerialRSTailCycles int `json:"wgmma_serial_rs_tail_cycles" yaml:"wgmma_serial_rs_tail_cycles"`
	// WgmmaFMAPerCycle is the SM's dense f16 FMA rate (2048 on SM90; the
	// other types scale with K so that full-K shapes take N/2 cycles).
	WgmmaFMAPerCycle int `json:"wgmma_fma_per_cycle" yaml:"wgmma_fma_per_cycle"`
	// WgmmaMinCycles is the shortest time a wgmma occupies the tensor pipe.
	WgmmaMinCycles int `json:"wgmma_min_cycles" yaml:"wgmma_min_cycles"`
	// WgmmaSmemBytesPerCycle is the operand read bandwidth from shared
	// memory (SS: A once, 2048 B at full K, and B once, broadcast).
	WgmmaSmemBytesPerCycle int `json:"wgmma_smem_bytes_per_cycle" yaml:"wgmma_smem_bytes_per_cycle"`
	// WgmmaRSABytesPerCycle: the rate at which an RS wgmma's A operand
	// comes from the registers (wgmmaCycles; 0: at WgmmaSmemBytesPerCycle,
	// as an SS wgmma's from shared memory).
	WgmmaRSABytesPerCycle int `json:"wgmma_rs_a_bytes_per_cycle" yaml:"wgmma_rs_a_bytes_per_cycle"`
	// WgmmaQueueCycles: how long before the tensor pipe is free a warp
	// may issue its part of a serialized wgmma (sim/sm/tensorarb.go);
	// until then it waits, and among waiting warps the older CTA's issue
	// first, then the one that waited longer. 0: no limit (every wgmma
	// takes the pipe in issue order, the model before).
	WgmmaQueueCycles int `json:"wgmma_queue_cycles" yaml:"wgmma_queue_cycles"`
	// WgmmaDescR2URCycles: how long after a wgmma's matrix descriptor is
	// computed the wgmma may issue when the descriptor is not warp-uniform
	// (uniformRegs: it depends on %tid, as a warpgroup's A offset
	// tid.x/128*bytes does). HGMMA reads its descriptors from uniform
	// registers (gdesc[UR]), so ptxas moves such a value with an R2UR
	// first; the R2UR's latency adds to the dependence (wgmmadesc.go).
	// A descriptor computed long before (hoisted out of the loop) costs
	// nothing. 0: no R2UR.
	WgmmaDescR2URCycles int `json:"wgmma_desc_r2ur_cycles" yaml:"wgmma_desc_r2ur_cycles"`
}

// wgmmaCycles is how long one wgmma occupies the SM's tensor pipe (the
// issue interval of back-to-back wgmmas: the tensor work, the operand
// reads from shared memory, a floor) and its tensor work alone.
func (s *SM) wgmmaCycles(info *exec.InstInfo) (occupy, work engine.Cycle) {
	a := &s.cfg.Async
	n, k, bits := int(info.MMAN), int(info.MMAK), int(info.MMABits)
	if n <= 0 || k <= 0 || bits <= 0 {
		return engine.Cycle(a.WgmmaMinCycles), 0
	}
	// FMAs scaled to f16 work: 64*N*K products of bits-wide inputs.
	fmas := 64 * n * k * bits / 16
	if info.MMASparse {
		fmas /= 2
	}
	c := (fmas + a.WgmmaFMAPerCycle - 1) / a.WgmmaFMAPerCycle
	// B read once and broadcast, and A: from shared memory (SS) or from
	// the registers (RS) at WgmmaRSABytesPerCycle (0: at the shared-memory
	// rate). The GPU's RS wgmma at N = 32 takes 23.8 cycles (f16, bf16,
	// tf32, e4m3; s8 23.3) against SS's 25.1, where B alone would take 8:
	// the registers' A costs most of what shared memory's does (m1433.md)
	bB, bA := n*k*bits/8, 64*k*bits/8
	sm := a.WgmmaSmemBytesPerCycle
	reads := (bB + bA + sm - 1) / sm
	if r := a.WgmmaRSABytesPerCycle; info.MMARS && r > 0 {
		reads = (bB*r + bA*sm + sm*r - 1) / (sm * r)
	}
	occ := max(c+1, reads, a.WgmmaMinCycles)
	return engine.Cycle(occ), engine.Cycle(c)
}

// asyncIssue applies the timing of an instruction's asynchronous work
// after it issued at cycle now with result readiness ready; it returns the
// (possibly later) readiness of its destination registers and records in
// s.done (zeroed by the caller) when each kind of the instruction's
// tickets completes (complete.go schedules them).
func (s *SM) asyncIssue(ws *warpState, e *exec.Effect, now, ready engine.Cycle) engine.Cycle {
	info := e.Info
	a := &s.cfg.Async
	switch info.Async {
	case exec.AsyncCopy:
		// the copy completes when its data has landed; .ca copies (through
		// L1) fill shared memory at most CpAsyncCaBytesPerCycle per SM,
		// .cg copies CpAsyncCgBytesPerCycle; each waits in front of its
		// fill what a closed loop of the SM's copies in flight waits on
		// average (cpfill.go)
		s.done.cp = ready
		if r := a.CpAsyncCaBytesPerCycle; r > 0 && !info.BypassL1 && e.GlobalBytes > 0 {
			d := engine.Cycle((e.GlobalBytes + r - 1) / r)
			st := max(now, s.cpCaFree)
			s.cpCaFree = st + d
			s.done.cp = max(s.cpCaLoad.done(float64(now), float64(ready), float64(d), a.CpAsyncCaFillScvPct), s.cpCaFree)
		}
		if r := a.CpAsyncCgBytesPerCycle; r > 0 && info.BypassL1 {
			if n := cpAsyncBytes(e); n > 0 {
				data := min(e.GlobalBytes, n)
				d := float64(data) / float64(r)
				if z := a.CpAsyncZeroBytesPerCycle; z > 0 {
					d += float64(n-data) / float64(z)
				} else {
					d += float64(n-data) / float64(r)
				}
				st := max(float64(now), s.cpCgFree)
				s.cpCgFree = st + d
				s.done.cp = max(s.cpCgLoad.done(float64(now), float64(ready), d, a.CpAsyncCgFillScvPct), engine.Cycle(math.Ceil(s.cpCgFree)))
			}
		}
	case exec.AsyncBulkCommit:
		s.tmaBulkCommit(ws, now)
	case exec.AsyncBulkLoad, exec.AsyncBulkStore, exec.AsyncPrefetch:
		if e.NumLands == 0 && e.NumLines == 0 && e.TMAWavefronts == 0 {
			break // guard false in every lane: nothing reaches the engine
		}
		done := s.tmaIssue(ws, e, now)
		s.done.tx, s.done.bulk = done, done
	case exec.AsyncMbarWait:
		// only remote arrives (cluster.go) still delay an mbarrier: a
		// copy's complete_tx and a deferred arrive happen when their
		// tickets complete, and try_wait fails until then
		if e.Outcome == exec.Issued {
			var t engine.Cycle
			for i := 0; i < min(e.NumMbars, len(e.Mbars)); i++ {
				t = max(t, s.host.MbarReady(e.Mbars[i]))
			}
			if t > now {
				ready = max(ready, t+engine.Cycle(s.cfg.MbarWakeCycles))
			}
			ready = s.waitLoopExit(info, ready) // mbarexit.go
		}
	case exec.AsyncWgmma:
		if !hasWgmmaTicket(e) {
			// a part of warps 0-2 of the warpgroup: queued (AsyncWgmmaQueue)
			if info.SerialWgmma {
				ws.wgHold = true // released when the MMA is done (below)
			}
			return 0
		}
		// the fourth part: the MMA runs on the tensor pipe
		start := max(now, s.tensorFree)
		d, work := s.wgmmaCycles(info)
		s.tensorFree = start + d
		s.Stats.TensorBusy += int64(d)
		if info.MMARS {
			s.tensorRS(start, start+d) // fp32tensor.go
		}
		tail := a.WgmmaSSTailCycles
		if info.MMARS {
			tail = a.WgmmaRSTailCycles
		}
		if info.SerialWgmma {
			st := a.WgmmaSerialSSTailCycles
			if info.MMARS {
				st = a.WgmmaSerialRSTailCycles
			}
			if st > 0 {
				tail = st
			}
		}
		done := start + work + engine.Cycle(tail)
		s.done.wg = done
		if s.Stats.TensorLast == 0 {
			s.Stats.TensorFirst = start
		}
		s.Stats.TensorLast = max(s.Stats.TensorLast, done)
		if info.SerialWgmma {
			// ptxas waits after every HGMMA of the function (C7515):
			// the warpgroup's warps go on when this MMA is done
			for _, x := range ws.cta.warps {
				if x.w.ID()/4 == ws.w.ID()/4 {
					x.wgHold = false
					x.setReady(done, StallTensor)
				}
			}
		}
		return 0 // accumulators: ordered by wait_group, not by the scoreboard
	}
	return ready
}

// hasWgmmaTicket reports whether the instruction ran a wgmma (its warp
// issued the last part of the warpgroup's oldest queued wgmma).
func hasWgmmaTicket(e *exec.Effect) bool {
	for _, op := range e.Async {
		if op.Kind == exec.TicketWgmma {
			return true
		}
	}
	return false
}

// cpAsyncBytes is the shared-memory bytes a cp.async writes, data and
// zero fill (its ticket's bytes: cp-size times the active lanes).
func cpAsyncBytes(e *exec.Effect) int {
	n := 0
	for _, op := range e.Async {
		if op.Kind == exec.TicketCpAsync {
			n += int(op.Bytes)
		}
	}
	return n
}
