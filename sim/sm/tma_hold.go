package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The code ptxas emits around TMA, tensor-map and mbarrier instructions
// holds the warp longer than one PTX instruction's issue (family tma6,
// tools/microbench/gen6_tma.py, H200; each figure one op per loop
// iteration, lane 0):
//
//   - tensormap.replace .shared::cta 190 cycles a replace, .global 171 (a
//     read-modify-write of the map's word: LDG, merge, STG);
//     tensormap.cp_fenceproxy 276 (per lane LDS + ATOMG.EXCH.STRONG.GPU);
//     fence.proxy.tensormap::generic.release 419 (MEMBAR.ALL.GPU, ERRBAR,
//     CGAERRBAR), .acquire 169 (DEPBAR, UTMACCTL.IV); prefetch.tensormap
//     166 (UTMACCTL.PF); cp.async.bulk.prefetch.tensor 179 (UTMAPF);
//     fence.proxy.async.shared::cta 97 (MEMBAR.ALL.CTA, FENCE.VIEW.ASYNC.S):
//     the warp issues nothing else for HoldCycles of its kind
//     (t6rep_*); FenceCycles still applies to every fence as a floor;
//   - cp.async.bulk.wait_group (not .read) with nothing in flight still
//     takes 36 cycles (DEPBAR.LE SB0 then CCTL.IVALL; t6red_none's phase):
//     BulkWaitMinCycles, for a wait with no store or reduction of the
//     warp since its last wait;
//   - a taken branch after a TMA/bulk store or reduction waits until
//     BulkBranchCycles after that instruction's issue (t6st_*: a 256-byte
//     store costs 18 cycles unrolled without branches (tmast8_store_256b),
//     87 to 122 with one or two taken branches per store; a commit_group
//     in between moves the wait later, tma_store.go);
//   - after a reduction (cp.reduce.async.bulk, tensor or not), and after a
//     store with an operand that is not uniform (bulkelect.go), the warp
//     issues nothing else for BulkReduceIssueCycles: ptxas's ELECT loop
//     around UTMAREDG / UBLKRED (ELECT, two PLOP3, a not-taken BRA.U.ANY;
//     tmast7_{add,bred}_*_group and _tput: 78 to 82 cycles an operation
//     in a loop where the stores take 36 to 43);
//   - a TMA tensor load (UTMALDG) holds the warp for TMALoadIssueCycles:
//     ptxas wraps it in an ELECT loop (PLOP3, ELECT, UMOV, UTMALDG, two
//     PLOP3, a not-taken BRA.U.ANY), even with uniform operands and a
//     single active thread (tmai.cu's 44 UTMALDG, ptxas 13.0 sm_90a); one
//     thread issuing loads back to back stamps them 46 cycles apart on the
//     H200 (family tmai, tools/microbench/gen13_tmaissue.py: every N, box
//     size, swizzle and .multicast::cluster), where each would otherwise
//     issue in a few cycles. A load only an elect.sync lane reaches (the
//     CuTe, CUTLASS and Triton producers) has no loop (tmaelect.go) and
//     holds the warp for TMALoadElectedCycles: 32 such loads take 357
//     cycles on the H200 against 1873 from thread 0 (family tmah,
//     tools/microbench/gen14_tmahold.py, no stamps between the loads);
//   - mbarrier.test_wait / try_wait on the mbarrier the warp last arrived
//     on (arrive, complete_tx) sees the arrive no earlier than
//     MbarArriveWaitCycles after it (t6tx_twctx_u4: complete_tx +
//     test_wait pairs, 80 cycles a pair, unrolled 4x as ptxas does);
//   - the SM takes one mbarrier arrive or complete_tx per
//     MbarArriveIntervalCycles (t6tx_ctx_u4: 10.4 cycles a complete_tx,
//     4 per loop iteration; mbtput_arrive: 10.2 an arrive); a warp's
//     arrive waits for the unit.
type HoldConfig struct {
	TensormapReplaceSharedCycles int `json:"tensormap_replace_shared_cycles" yaml:"tensormap_replace_shared_cycles"`
	TensormapReplaceGlobalCycles int `json:"tensormap_replace_global_cycles" yaml:"tensormap_replace_global_cycles"`
	TensormapCpFenceCycles       int `json:"tensormap_cp_fenceproxy_cycles" yaml:"tensormap_cp_fenceproxy_cycles"`
	FenceTensormapReleaseCycles  int `json:"fence_tensormap_release_cycles" yaml:"fence_tensormap_release_cycles"`
	FenceTensormapAcquireCycles  int `json:"fence_tensormap_acquire_cycles" yaml:"fence_tensormap_acquire_cycles"`
	PrefetchTensormapCycles      int `json:"prefetch_tensormap_cycles" yaml:"prefetch_tensormap_cycles"`
	BulkPrefetchCycles           int `json:"bulk_prefetch_cycles" yaml:"bulk_prefetch_cycles"`
	FenceProxyAsyncCycles        int `json:"fence_proxy_async_cycles" yaml:"fence_proxy_async_cycles"`
	FenceProxyBarIssueCycles     int `json:"fence_proxy_bar_issue_cycles" yaml:"fence_proxy_bar_issue_cycles"`     // proxybar.go
	FenceProxyBarReleaseCycles   int `json:"fence_proxy_bar_release_cycles" yaml:"fence_proxy_bar_release_cycles"` // proxybar.go
	BulkWaitMinCycles            int `json:"bulk_wait_min_cycles" yaml:"bulk_wait_min_cycles"`
	BulkBranchCycles             int `json:"bulk_branch_cycles" yaml:"bulk_branch_cycles"`
	BulkReduceIssueCycles        int `json:"bulk_reduce_issue_cycles" yaml:"bulk_reduce_issue_cycles"`
	BulkReduceIntervalCycles     int `json:"bulk_reduce_interval_cycles" yaml:"bulk_reduce_interval_cycles"` // bulkinterval.go
	BulkReduceSetupCycles        int `json:"bulk_reduce_setup_cycles" yaml:"bulk_reduce_setup_cycles"`       // bulkinterval.go
	BulkStoreSetupCycles         int `json:"bulk_store_setup_cycles" yaml:"bulk_store_setup_cycles"`         // bulkinterval.go
	BulkStoreInPlaceCycles       int `json:"bulk_store_inplace_cycles" yaml:"bulk_store_inplace_cycles"`     // bulkstore.go
	BulkRematCycles              int `json:"bulk_remat_cycles" yaml:"bulk_remat_cycles"`                     // bulkremat.go
	BulkStoreR2URCycles          int `json:"bulk_store_r2ur_cycles" yaml:"bulk_store_r2ur_cycles"`           // bulkelect.go
	TMALoadIssueCycles           int `json:"tma_load_issue_cycles" yaml:"tma_load_issue_cycles"`
	BulkLoadIssueCycles          int `json:"bulk_load_issue_cycles" yaml:"bulk_load_issue_cycles"` // bulkhold.go
	TMALoadElectedCycles         int `json:"tma_load_elected_issue_cycles" yaml:"tma_load_elected_issue_cycles"`
	TMAFirstLoadCycles           int `json:"tma_first_load_hold_cycles" yaml:"tma_first_load_hold_cycles"` // tma_first.go
	TMALoadR2URCycles            int `json:"tma_load_r2ur_cycles" yaml:"tma_load_r2ur_cycles"`             // tmar2ur.go
	TMALoadURSpillCycles         int `json:"tma_load_ur_spill_cycles" yaml:"tma_load_ur_spill_cycles"`     // tmaurspill.go
	TMALoadURSerialCycles        int `json:"tma_load_ur_serial_cycles" yaml:"tma_load_ur_serial_cycles"`   // tmaurspill.go
	TMALoadLoopSlotPct           int `json:"tma_load_loop_slot_pct" yaml:"tma_load_loop_slot_pct"`         // tmaloopslots.go
	TMALoadElectedSlotPct        int `json:"tma_load_elected_slot_pct" yaml:"tma_load_elected_slot_pct"`   // tmaloopslots.go
	MbarArriveWaitCycles         int `json:"mbar_arrive_wait_cycles" yaml:"mbar_arrive_wait_cycles"`
	MbarArriveIntervalCycles     int `json:"mbar_arrive_interval_cycles" yaml:"mbar_arrive_interval_cycles"`
}

// holdKind classifies an instruction for tmaHold.
type holdKind uint8

const (
	holdNone holdKind = iota
	holdReplaceShared
	holdReplaceGlobal
	holdCpFence
	holdFenceRelease
	holdFenceAcquire
	holdFenceAsync
	holdPrefetchMap
	holdBulkPrefetch
	holdBulkWait
)

func classifyHold(info *exec.InstInfo) holdKind {
	switch info.Form { // decided at decode (ptx.FormOf)
	case ptx.FormTensormapCpFence:
		return holdCpFence
	case ptx.FormTensormapReplaceShared:
		return holdReplaceShared
	case ptx.FormTensormapReplaceGlobal:
		return holdReplaceGlobal
	case ptx.FormFenceTensormapRelease:
		return holdFenceRelease
	case ptx.FormFenceTensormapAcquire:
		return holdFenceAcquire
	case ptx.FormFenceProxyAsync:
		return holdFenceAsync
	case ptx.FormPrefetchTensormap:
		return holdPrefetchMap
	}
	switch info.Async {
	case exec.AsyncPrefetch:
		return holdBulkPrefetch
	case exec.AsyncBulkWait:
		if info.Form != ptx.FormBulkWaitRead {
			return holdBulkWait
		}
	}
	return holdNone
}

// holdCycles is the hold of kind k.
func (h *HoldConfig) holdCycles(k holdKind) int {
	switch k {
	case holdReplaceShared:
		return h.TensormapReplaceSharedCycles
	case holdReplaceGlobal:
		return h.TensormapReplaceGlobalCycles
	case holdCpFence:
		return h.TensormapCpFenceCycles
	case holdFenceRelease:
		return h.FenceTensormapReleaseCycles
	case holdFenceAcquire:
		return h.FenceTensormapAcquireCycles
	case holdFenceAsync:
		return h.FenceProxyAsyncCycles
	case holdPrefetchMap:
		return h.PrefetchTensormapCycles
	case holdBulkPrefetch:
		return h.BulkPrefetchCycles
	case holdBulkWait:
		return h.BulkWaitMinCycles
	}
	return 0
}

// bulkBranchWait: a taken branch after a TMA/bulk store or reduction waits
// until BulkBranchCycles after ws.bulkIssued (a PTX branch here, or the BRA
// ptxas ends an if / else-if arm with: armlayout.go).
func (s *SM) bulkBranchWait(ws *warpState) {
	if c := s.cfg.Hold.BulkBranchCycles; c > 0 && ws.bulkIssued > 0 {
		ws.setReady(ws.bulkIssued+engine.Cycle(c), StallMIOThrottle)
		ws.bulkIssued = 0
	}
}

// tmaHold applies the holds above to warp ws after it issued info at
// cycle now (warp.go calls it once per timed instruction).
func (s *SM) tmaHold(ws *warpState, info *exec.InstInfo, e *exec.Effect, now engine.Cycle) {
	h := &s.cfg.Hold
	switch {
	case info.Op == ptx.OpCvta:
		s.paramAddrRead(info, now) // tma_first.go
		return
	case info.Op == ptx.OpBra:
		if e.GuardTrue > 0 {
			s.bulkBranchWait(ws)
		}
		return
	case info.Async == exec.AsyncBulkStore:
		ws.bulkIssued, ws.bulkPending = now, true
		if queuedBulk(info, e) && ws.storeTaken > now && e.GuardTrue > 0 {
			// the next taken branch waits for the engine's take and
			// BulkStoreBranchCycles more (bulkstore.go)
			b := s.cfg.Async.BulkStoreBranchCycles - h.BulkBranchCycles
			if plainStore(info, e) {
				// a plain store: the take alone (the issue-based wait is
				// the tensor operations', armlayout.go)
				ws.bulkIssued = max(1, ws.storeTaken+engine.Cycle(b))
			} else {
				ws.bulkIssued = max(now, ws.storeTaken+engine.Cycle(b))
			}
		}
		if info.Form == ptx.FormBulkReduce && e.GuardTrue > 0 {
			// the interval to the next reduction follows a
			// non-tensor one only (bulkinterval.go)
			ws.lastRed = 0
			if e.TMAMap == 0 {
				ws.lastRed = now
			}
		}
		r2ur := s.code.low.electStore(info)
		elect := info.Form == ptx.FormBulkReduce || r2ur
		c := h.BulkReduceIssueCycles
		if r2ur && e.TMAMap == 0 && h.BulkStoreR2URCycles > 0 {
			// a plain store's or reduction's R2UR loop (bulkelect.go:
			// family tbulk)
			c = h.BulkStoreR2URCycles
		}
		if c > 0 && elect && e.GuardTrue > 0 {
			// ptxas's ELECT loop around the reduction, or the R2UR loop
			// around a store with an operand that is not uniform
			// (bulkelect.go)
			ws.setReady(now+engine.Cycle(c), StallMIOThrottle)
		}
		return
	case info.Async == exec.AsyncBulkLoad && e.TMAMap != 0:
		c := h.TMALoadIssueCycles
		ur := s.code.low.at(info).ur // tmaurspill.go
		ws.tmaURGate = 0
		if e.GuardTrue == 1 && s.code.low.electedLoad(info) {
			c = h.TMALoadElectedCycles                       // no ELECT loop (tmaelect.go)
			s.tmaLoopStart(ws, h.TMALoadElectedSlotPct, now) // tmaloopslots.go
			if ur&urSerial != 0 && h.TMALoadURSerialCycles > 0 {
				ws.tmaURGate = now + engine.Cycle(h.TMALoadURSerialCycles)
			}
		} else {
			if ur&urSpill != 0 {
				c += h.TMALoadURSpillCycles
			}
			if e.GuardTrue > 0 {
				s.tmaLoopStart(ws, h.TMALoadLoopSlotPct, now) // tmaloopslots.go
			}
		}
		c += s.tmaFirstLoad(now) // tma_first.go
		if c > 0 && e.GuardTrue > 0 {
			// ptxas's ELECT loop around UTMALDG (after the lane loop, if
			// several lanes issue: bulklane.go)
			ws.setReady(now+s.bulkLaneLoop(info, e)+engine.Cycle(c), StallMIOThrottle)
		}
		return
	case info.Async == exec.AsyncBulkLoad:
		s.bulkLoadHold(ws, info, e, now) // bulkhold.go
		return
	case info.Async == exec.AsyncMbarOther:
		if e.NumMbars > 0 && isArrive(info) {
			at := now
			if c := h.MbarArriveIntervalCycles; c > 0 {
				at = max(now, s.arriveFree)
				s.arriveFree = at + engine.Cycle(c)
				if at > now {
					ws.setReady(at+1, StallMIOThrottle)
				}
			}
			ws.arriveBar, ws.arriveAt = e.Mbars[0], at
		}
		return
	}
	k := classifyHold(info)
	if k == holdNone {
		return
	}
	if k == holdFenceAsync {
		s.proxyFenced(ws, now) // proxybar.go
	}
	if info.Async == exec.AsyncBulkWait {
		// only a wait with none of the warp's stores or reductions since
		// its last wait: after them, their completion (tma_store.go) is
		// what it waits for
		pending := ws.bulkPending
		ws.bulkPending = false
		if pending {
			return
		}
	}
	c := h.holdCycles(k)
	if k == holdPrefetchMap && s.tmaDesc.firstPF {
		s.tmaDesc.firstPF = false
		c += s.firstLoadHold(now) // tma_first.go: the prefetch reads c[0x0][0x198] first
	}
	if c > 0 {
		why := StallMembar
		if k == holdBulkWait || k == holdBulkPrefetch || k == holdPrefetchMap {
			why = StallMIOThrottle
		}
		ws.setReady(now+engine.Cycle(c), why)
	}
}

// isArrive: an mbarrier arrive (with or without expect_tx) or complete_tx.
func isArrive(info *exec.InstInfo) bool {
	return info.Form == ptx.FormMbarArrive
}

// mbarArriveWait is the earliest result cycle of an mbarrier wait e by
// warp ws: after the warp's own last arrive on the same mbarrier.
func (s *SM) mbarArriveWait(ws *warpState, e *exec.Effect) engine.Cycle {
	c := s.cfg.Hold.MbarArriveWaitCycles
	if c <= 0 || ws.arriveAt == 0 || e.NumMbars == 0 || e.Mbars[0] != ws.arriveBar {
		return 0
	}
	return ws.arriveAt + engine.Cycle(c)
}
