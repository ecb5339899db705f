package gpu

import (
	"fmt"
	"math"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// L2 request merging (issue 14; microbench l2bw_sh_*, tools/microbench/
// l2bw_sh.cu). When many SMs read the same lines, the GPU moves 2.2-2.4x
// the private-data L2 bandwidth and the L2 slices see only 36-43% of the
// requested sectors (ncu lts__t_sectors_srcunit_tex); with the sharers in
// different GPCs (l2bw_sh_*_g33: CTAs c, c+33, c+66, c+99 land in four
// GPCs; _g16: each GPC's 16 consecutive CTAs read 16 different regions)
// the slices see every sector and nothing is gained. So requests are
// merged per GPC (its L2 port, below), before the L2: a load of a line
// that another SM of the same merge domain requested and whose data is
// still on its way back takes no slice bandwidth and returns with that
// request's data.
//
// A request is joined by at most l2_merge_joins_count others; the next one
// goes to the L2 itself and can be joined in turn. calibrate reads it from
// ncu's counters (groups7_l2.go): with 16 sharers in each GPC the slices
// see one sector in 2.4-3.1 of those requested (l2bw_sh_*_g1, _g1_x2).
// 0 turns merging off. The domain forwards the joined loads' data one after
// another at l2_merge_forward_bytes_per_cycle (SM cycles; 0: no limit),
// from the head's data back (validation/timing/mcast27.md): with every CTA
// reading one region each SM moves less than alone (ld.cg 82.7 against
// 110.6 bytes per cycle on the H200, 64 KiB in flight), though the slices
// are far from busy, while 2-4 CTAs of a cluster loading the same box at
// once take no longer than one (tma_nomcast* = tma_mcast*, t7mc_rlx -
// t7mc_nobar = the relaxed barrier alone, both GPUs). The fixed delay this
// replaced (l2_merge_forward_cycles, 200 / 253 cycles a joined line, from
// the first) put those +28..+44% off. The rate is searched on the sharing
// launches l2bw_sh_* (--heavy; groups7_l2.go).
//
// The merging point is the GPC's L2 port (l2port.go): the four 2-SM GPCs
// (SMs 124-131), which share the port of the GPC of 8, merge with its SMs
// and with each other (tmab_col_*, H200: every 11th CTA reads one region,
// CTAs 0-15 on that port group; ncu lts__t_sectors_srcunit_tex over the
// sectors asked 0.670 / 0.658 / 0.668 for col_k1 / k4 / k8, where merging
// per port group gives 0.667 and per GPC 0.705; tmaq_s3_c8, 8 CTAs on SMs
// 124-131 sharing B boxes across the pairs: stages 2 and 3 +14 / +18%
// per GPC, within 1% per port group: validation/timing/tmab35.md). A
// launch of clusters merges per GPC as before: its recordings disagree
// (tmab_mcol: 0.504, no merging across clusters at all; tmaq_s4_mc's two
// clusters on two pairs complete as if not merged), and the cluster GEMMs
// of the evidence need the merging within a GPC (tmab35.md: open). The
// state is per domain and lives in the partition's view (a partition is
// one or more whole port groups, windows.go), so a run with any --jobs
// merges the same requests. The window is the head request's flight: from its issue until
// its data is back.

// mergeEntry is the request a later one of the merge domain can join.
type mergeEntry struct {
	sm      int32
	sectors uint8
	joins   uint8        // requests that joined it
	ready   engine.Cycle // the head's data back
	// hbm: the head's data comes from HBM (it missed, or waited for
	// another request's fill: l2fill.go), and so does its joiners'
	hbm bool
}

// mergeMaxEntries is the smallest table size at which stale entries are
// dropped.
const mergeMaxEntries = 1 << 14

// mergeKey is the merge table's key of a line requested in a merge domain.
// Lines are global addresses / 128 (below 2^41: the launch maps global
// memory below 2^48) and domain numbers below len(gpcs) + SMs.
func mergeKey(line uint64, dom int32) uint64 {
	if line >= 1<<55 || dom < 0 || dom >= 1<<8 {
		panic(fmt.Sprintf("l2 merge key out of range: line %#x, domain %d", line, dom))
	}
	return line<<8 | uint64(dom)
}

// mergeRoom is the table size at which the next pruning comes when one
// left kept entries.
func mergeRoom(kept int) int { return max(mergeMaxEntries, 2*kept) }

// merged reports whether SM sm's load of sectors of line at cycle at joins
// an earlier request of its merge domain, and when its data is back.
func (v *l2View) merged(at engine.Cycle, sm int, line uint64, sectors uint8) (engine.Cycle, bool) {
	if v.merge == nil {
		return 0, false
	}
	e := v.merge.get(mergeKey(line, v.g.smMerge[sm]))
	if e == nil || int(e.sm) == sm || at >= e.ready || sectors&^e.sectors != 0 || int(e.joins) >= v.g.mergeJoins {
		return 0, false
	}
	e.joins++
	v.mergedSectors += int64(popc4(sectors))
	if e.hbm {
		v.joinHBMSectors += int64(popc4(sectors))
	}
	if v.g.mergeForward <= 0 {
		return e.ready, true
	}
	// the domain forwards the joined data one load after another
	gi := v.g.smMerge[sm]
	end := max(float64(e.ready), v.fwdFree[gi]) + float64(32*popc4(sectors))/v.g.mergeForward
	v.fwdFree[gi] = end
	return engine.Cycle(math.Ceil(end)), true
}

// opened records SM sm's load that went to the L2 as one later loads of its
// merge domain can join until its data is back.
func (v *l2View) opened(at engine.Cycle, sm int, line uint64, sectors uint8, ready engine.Cycle, hbm bool) {
	if v.merge == nil {
		return
	}
	if v.merge.len() >= v.mergePrune {
		// drop what no request from now on can join
		kept := v.merge.prune(func(e *mergeEntry) bool { return e.ready > at }, mergeRoom)
		v.mergePrune = mergeRoom(kept)
	}
	v.merge.put(mergeKey(line, v.g.smMerge[sm]), mergeEntry{sm: int32(sm), sectors: sectors, ready: ready, hbm: hbm})
}

// mergePerGPC makes the SMs of each GPC, not of each port group, one merge
// domain: a launch of clusters (windows.go; see above).
func (g *l2) mergePerGPC() { g.smMerge = g.smGPC }
