package gpu

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// memModel is one partition's view of the global-memory hierarchy of a
// timed run: the L1 data caches of its SMs, as sets of the 128-byte lines
// they hold (cold at the start of a launch: ncu flushes caches before each
// measured launch), and its view of the GPU's L2 and HBM (l2.go).
// Requests carry line addresses and sector counts, never values.
//
// Capacity: set-associative caches with least-recently-used eviction in
// each set (setcache.go: the L1 of l1_cache_bytes per SM, 8 ways, sets by
// 512-byte granule; l2_cache_bytes in two hashed slices), the L1 shrunk by
// the kernel's shared-memory carveout (carveout.go). Not modelled: TLBs
// (no TLB-miss cost up to 4 GiB of 2 MiB pages: tlbc_*,
// validation/timing/tlb.md), HBM bank conflicts (none measurable in tlbc:
// validation/timing/hbm18.md), L1 write policy details.
type memModel struct {
	l2      *l2View
	l1      []*setCache // by SM id; nil for SMs of other partitions
	l1Lines int
	l1Hit   engine.Cycle
	// tmaMiss: more latency for a TMA request that misses L2 (tmacold_*)
	tmaMiss engine.Cycle
	// tmaPage: more again per DRAM page (1 KiB) it opens (tmaq_*), and
	// the pages the partition's TMA loads from HBM reached so far, each
	// with the mask of its 8 lines they fetched: a fetched line that
	// misses again was evicted from L2, and its page opens again
	tmaPage  engine.Cycle
	tmaPages pageMasks // 0: a page not reached
	// tmaOpen: per page, when the TMA load that last opened it has its
	// data; a later TMA load's line from HBM in that page is served
	// behind the opening, no sooner (family tmaq: stage s+1's boxes read
	// the next 128 bytes of stage s's K-rows and complete after it)
	tmaOpen map[uint64]engine.Cycle
	// bulkHit: less latency for a plain bulk load that hits L2 (bulkl_*)
	bulkHit engine.Cycle
	// cpHit: more latency for a cp.async.ca that hits L1 (cpasync_ca16_lat)
	cpHit engine.Cycle
	// l1HitSectors counts sectors served by L1.
	l1HitSectors int64
	// flight: each SM's requests in flight at the L2, at most inflightMax
	// lines (meminflight.go; 0: no limit)
	flight      []inflight
	inflightMax int
	// carve: the L1's organisation beside a shared-memory carveout (l1carve.go)
	carve l1Carve
}

// l1Bytes is each L1's capacity for global data (carveout.go).
func newMemModel(tc *TimedConfig, sms int, g *l2, l1Bytes int) *memModel {
	return &memModel{l2: newL2View(g), l1: make([]*setCache, sms), l1Lines: l1Bytes / 128,
		l1Hit: engine.Cycle(tc.SM.L1HitCycles), tmaMiss: engine.Cycle(tc.SM.Async.TMAHBMExtraCycles),
		tmaPage: engine.Cycle(tc.SM.Async.TMAHBMPageCycles),
		bulkHit: engine.Cycle(tc.SM.Async.BulkHitSavingCycles),
		cpHit:   engine.Cycle(tc.SM.Async.CpAsyncCaHitCycles), flight: make([]inflight, sms), inflightMax: tc.SMInflightLines}
}

// access times the global lines of e leaving SM sm at cycle at: an L1 hit
// when useL1 and every line is in the SM's L1, else each line through its
// L2 slice, with the HBM latency and queue for lines L2 does not hold. It
// returns when the data is back (for stores: when L2 has taken them).
func (m *memModel) access(at engine.Cycle, sm int, e *exec.Effect, useL1 bool) (ready, accepted engine.Cycle) {
	n := min(e.NumLines, len(e.GlobalLines))
	lines := e.GlobalLines[:n]
	l1 := m.l1[sm]
	if l1 == nil {
		l1 = m.newL1()
		m.l1[sm] = l1
	}
	if useL1 && !e.GlobalStore && n > 0 && n == e.NumLines {
		// a hit needs every sector the request reads in L1 (a sector of a
		// present line that was never fetched misses), and its data no
		// sooner than those sectors arrive (a fill still on its way)
		hit, fill := true, uint64(0)
		for i, ln := range lines {
			f := l1.fillsOf(ln)
			if f == nil {
				hit = false
				break
			}
			r, ok := sectorsReady(f, e.LineSectors[i])
			if !ok {
				hit = false
				break
			}
			fill = max(fill, r)
		}
		if hit {
			for _, ln := range lines {
				l1.touch(ln)
			}
			m.l1HitSectors += int64(e.NumSectors)
			if e.Info != nil && e.Info.Async == exec.AsyncCopy {
				// a cp.async.ca still writes shared memory (cpasync_ca16_lat:
				// 93.7 cycles a step against a load's 32-cycle hit)
				return max(at+m.l1Hit, engine.Cycle(fill)) + m.cpHit, at
			}
			return max(at+m.l1Hit, engine.Cycle(fill)), at
		}
	}
	var fl *inflight // the SM's requests in flight (meminflight.go)
	if m.inflightMax > 0 && !e.GlobalTMA && n > 0 && (e.Info == nil || e.Info.Async != exec.AsyncCopy) {
		fl = &m.flight[sm]
		at = fl.admit(at, n, m.inflightMax)
	}
	ready, accepted = at, at
	miss, wait, joinHBM := m.l2.missSectors, m.l2.waitSectors, m.l2.joinHBMSectors
	pb := m.l2.portBytes
	kind := kindOf(e)
	tmaLoad := e.GlobalTMA && !e.GlobalStore
	opened, last := 0, ^uint64(0)
	var behind engine.Cycle // the latest opening by another request this one's lines wait behind
	var opens []uint64      // the pages this request opens
	for i, ln := range lines {
		ms, ws := m.l2.missSectors, m.l2.waitSectors
		r, a := m.l2.access(at, sm, ln, e.LineSectors[i], partialSectors(e, i, kind), kind)
		if tmaLoad && m.tmaPage > 0 {
			// a line from HBM: the first in its 1 KiB block opens the
			// page, and so does a line fetched before (it was evicted
			// from L2 since: the page's mask starts again); a line that
			// waits for another request's fill (l2fill.go) waits for the
			// opening too (one that joins a request from HBM, l2merge.go,
			// does not: tmaq_s3_c8, sgp_k1024_c4 and _k512_c16 are 2-7%
			// later with it, validation/timing/tmab35.md)
			// (an L2 hit that waited for nothing needs no lookup: the
			// common case of a warm GEMM, and the map is a hot spot)
			if missed, waited := m.l2.missSectors > ms, m.l2.waitSectors > ws; missed || waited {
				pg, bit := ln>>3, uint8(1)<<(ln&7)
				mask := m.tmaPages.get(pg)
				ok := mask != 0 // a stored mask has its line's bit
				if missed {
					if !ok || mask&bit != 0 {
						mask = 0
						if pg != last {
							opened++
							last = pg
							opens = append(opens, pg)
						}
					} else {
						behind = max(behind, m.tmaOpen[pg])
					}
					*m.tmaPages.at(pg, true) = mask | bit
				} else if ok && pg != last {
					opened++
					last = pg
					opens = append(opens, pg)
				}
			}
		}
		ready, accepted = max(ready, r), max(accepted, a)
		if useL1 && !e.GlobalStore {
			f, _ := l1.touchFills(ln)
			setSectors(f, e.LineSectors[i], uint64(max(r, 0)))
		}
	}
	if d := m.l2.portBytes - pb; d > 0 {
		// the request's turn at its GPC's port (l2port.go). The port is the
		// data's way back: a request whose lines missed to HBM or wait for
		// another request's fill (l2fill.go) takes its turn when its data
		// leaves the slice (its ready less a near hit's return), not when it
		// was sent, so the burst of a wave's first requests does not delay
		// data that comes a HBM round trip later (validation/timing/tcp32.md:
		// the GPU's GPCs run a 132-CTA GEMM evenly, the model's did not)
		pt := at
		if m.l2.missSectors > miss || m.l2.waitSectors > wait {
			pt = max(at, ready-m.l2.g.near)
		}
		if st := engine.Cycle(m.l2.portPass(pt, sm, d)); st > pt {
			ready += st - pt
		}
	}
	if !e.GlobalTMA && !e.GlobalStore && m.l2.missSectors > miss {
		// a load or cp.async that missed to HBM waits for its SM's own
		// stream from HBM (l2smhbm.go); a TMA load's misses have their own
		// terms below, fitted on tmacold_* with this growth in them
		ready += m.l2.g.smHBMWait(sm, float64(at))
	}
	if e.GlobalTMA && !e.GlobalStore && (m.l2.missSectors > miss || m.l2.waitSectors > wait || m.l2.joinHBMSectors > joinHBM) {
		// a TMA load from HBM takes longer than a load's miss (tmacold_*:
		// about 1080 and 1160 cycles for 4 and 16 KiB boxes against 495 and
		// 643 from L2, where gmem_chase's miss adds 404); a box that waited
		// for another request's fill (l2fill.go), or joined a request whose
		// data comes from HBM (l2merge.go), comes from HBM as well; its own
		// misses also wait for the SM's recent HBM stream (tmahbm.go)
		if m.l2.missSectors > miss {
			ready += m.l2.g.tmaHBMWait(sm, float64(at))
		}
		ready = max(ready+m.tmaMiss+m.tmaPage*engine.Cycle(opened), behind)
		if len(opens) > 0 {
			if m.tmaOpen == nil {
				m.tmaOpen = map[uint64]engine.Cycle{}
			}
			for _, pg := range opens {
				m.tmaOpen[pg] = ready
			}
		}
	} else if m.bulkHit > 0 && n > 0 && e.GlobalTMA && !e.GlobalStore && e.TMAMap == 0 && e.Info != nil && e.Info.Async == exec.AsyncBulkLoad {
		// a plain bulk load (no tensor map; not the TMA unit's descriptor
		// fetch, tma_desc.go) whose lines are all in L2
		// completes sooner than a load's hit (bulkl_*: warm 16-byte to
		// 4 KiB copies complete about 200 cycles after their issue,
		// validation/timing/constblock.md; cold ones as the tensor loads'
		// misses, tailtm_bulk against tailtm_p1)
		ready = max(ready-m.bulkHit, at+1)
	}
	// sectors beyond the listed lines (exec lists 256): bandwidth only
	if e.NumLines > n && n > 0 {
		m.l2.charge(lines[n-1], float64(32*(e.NumLines-n)*4))
	}
	if fl != nil {
		if e.GlobalStore {
			fl.add(accepted, n)
		} else {
			fl.add(ready, n)
		}
	}
	return ready, accepted
}

func popc4(b uint8) int {
	return int(b&1) + int(b>>1&1) + int(b>>2&1) + int(b>>3&1)
}

// MemoryStats counts global-memory sectors by where the timing model
// served them (timing.memory in the report).
type MemoryStats struct {
	// L1HitSectors: loads served by the SM's L1.
	L1HitSectors int64 `json:"l1_hit_sectors"`
	// L2HitSectors: loads that found their line in L2 (a GEMM's reuse of
	// A and B across CTAs shows here); L2MissSectors went on to HBM.
	L2HitSectors  int64 `json:"l2_hit_sectors"`
	L2MissSectors int64 `json:"l2_miss_sectors"`
	// L2FarSectors: loads and stores whose line lives in the L2 slice
	// across the chip from the SM.
	L2FarSectors int64 `json:"l2_far_sectors"`
	// L2MergedSectors: loads that joined another SM's request for the same
	// line in their GPC (l2merge.go) and never reached an L2 slice.
	L2MergedSectors int64 `json:"l2_merged_sectors"`
	// L2FillWaitSectors: of L2HitSectors, loads whose line was still on its
	// way from HBM for another request (l2fill.go): with L2MissSectors what
	// Nsight Compute counts as lookup misses
	// (lts__t_sectors_srcunit_tex_lookup_miss).
	L2FillWaitSectors int64 `json:"l2_fill_wait_sectors"`
	// L2StoreSectors: sectors of stores and reductions that reached a slice.
	L2StoreSectors int64 `json:"l2_store_sectors"`
	// DRAMReadBytes, DRAMWriteBytes: the bytes charged to HBM (the L2
	// commit's order, all timed CTAs): load fills, and the write-backs of
	// lines that stores allocated (ncu dram__bytes_read.sum,
	// dram__bytes_write.sum).
	DRAMReadBytes  int64 `json:"dram_read_bytes"`
	DRAMWriteBytes int64 `json:"dram_write_bytes"`
}

func (s *MemoryStats) add(m *memModel) {
	s.L1HitSectors += m.l1HitSectors
	s.L2HitSectors += m.l2.hitSectors
	s.L2MissSectors += m.l2.missSectors
	s.L2FarSectors += m.l2.farSectors
	s.L2MergedSectors += m.l2.mergedSectors
	s.L2FillWaitSectors += m.l2.waitSectors
	s.L2StoreSectors += m.l2.storeSectors
}
