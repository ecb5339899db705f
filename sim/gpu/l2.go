package gpu

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// l2 is the GPU's L2 as committed at the window boundaries of a timed run
// (windows.go): two slices (the hardware's two L2 partitions), each a
// least-recently-used set of 128-byte lines holding half the capacity,
// with its own request port (half the L2 bandwidth, a queue of requests;
// the bandwidth is set in L2 cycles and converted at the launch's SM clock),
// and the HBM queue behind them. A line lives in one slice, chosen by a
// hash of its address; an SM reaches the slice on its side of the chip
// (its near slice) at l2_hit_cycles - l2_far_extra_cycles/2 and the other
// one at l2_hit_cycles + l2_far_extra_cycles/2, so that addresses spread
// over both slices average l2_hit_cycles (what a pointer chase measures).
//
// During a window each partition of SMs sees this state as committed at
// the window start plus its own requests (l2View); at the boundary, with
// every partition stopped, all requests of the window apply in (cycle, SM,
// sequence) order: lines are inserted and aged, the queues advance. The
// slices are read concurrently during a window and written only then.
type l2 struct {
	slices    [2]*setCache
	sliceFree [2]budget // each slice's port (l2budget.go)
	// storeFree: next free cycle of each slice's write queue, which only
	// stores advance (at the store rates): a store's back-pressure on the
	// SM (its accepted cycle) comes from stores alone, never from a load
	// backlog (only stores-only launches, gls_*_c132, measured it)
	storeFree     [2]float64
	dramFree      budget
	slicePerCycle float64 // bytes per cycle of one slice
	// storeSector, storeLine: a store's cost on its slice in cycles per
	// sector and per line (0: a store costs what a load does)
	storeSector, storeLine float64
	// tmaStoreSector, reduceSector: what a sector of a TMA/bulk store and
	// of a TMA/bulk reduction costs the slice's write queue (l2kind.go)
	tmaStoreSector, reduceSector float64
	dramPerCycle                 float64
	near, far                    engine.Cycle
	dram                         engine.Cycle
	// dramNear, dramFar: a miss's latency when its line's home slice is
	// the requesting SM's near or far one (dram_far_extra_cycles split
	// around dram); partShift: log2 of l2_partition_bytes / 128
	dramNear, dramFar engine.Cycle
	partShift         uint
	// nearSlice is each SM's near slice; seq each SM's request count.
	nearSlice []uint8
	seq       []uint32
	reqs      []l2Req // merge buffer
	heads     []int   // mergeReqs's place in each view (l2seal.go)
	// floors: scratch of floorShares (l2share_floor.go)
	floors []float64
	// smGPC is each SM's GPC (the tensor-map fence's hold, windows.go);
	// smMerge each SM's merge domain (l2merge.go: its L2 port group, smPort,
	// or in a launch of clusters its GPC); mergeJoins how many requests can
	// join one (0: no merging)
	smGPC      []int32
	smMerge    []int32
	mergeJoins int
	// mergeForward: the bytes per SM cycle that a port group forwards to
	// the loads that joined a request (l2merge.go); 0: no limit
	mergeForward float64
	// fabric: a load's latency when its line's near copy is missing and
	// the far slice holds it (l2near.go); 0: no near copies
	fabric engine.Cycle
	// smPort is each SM's L2 port (l2port.go), nPorts how many;
	// portPerCycle a port's bytes per SM cycle (0: no port limit)
	smPort       []int32
	nPorts       int
	portPerCycle float64
	// lookupPerCycle: a slice's bytes per SM cycle looking up lines it
	// does not hold (l2_lookup_bytes_per_l2_cycle / 2; 0: free; l2near.go)
	lookupPerCycle float64
	// fill: when each line missed in earlier windows is in its slice
	// (localKey; l2fill.go), pruned at fillPrune entries
	fill      hashTab[engine.Cycle]
	fillPrune int
	// q: HBM's recent utilisation, for the queueing latency (l2queue.go)
	q dramQueue
	// smh: each SM's recent reads from HBM, smHBMRate the per-SM path's
	// bytes per SM cycle (l2smhbm.go; 0: no per-SM term)
	smh       []decayed
	smHBMRate float64
	// smHBMBusy: the step of an SM whose HBM stream is busy
	// (sm_hbm_busy_cycles, l2smhbm.go)
	smHBMBusy float64
	// tmaHBMPerKiB: a TMA load's cycles per KiB of the same bytes
	// (tma_hbm_cycles_per_kib, tmahbm.go; 0: no such wait)
	tmaHBMPerKiB float64
	// dramRead, dramWrite: the bytes the commit charged to HBM for load
	// fills and for allocating stores' write-backs (the report's
	// timing.memory dram_read_bytes, dram_write_bytes)
	dramRead, dramWrite int64
	// dramRdCost, dramWrCost: HBM time per byte read / written back, SM
	// cycles (dramCosts)
	dramRdCost, dramWrCost float64
	// shareTau: the time constant of the views' decayed demand (demands),
	// l2_hit_cycles
	shareTau float64
}

// l2Req is one line of a request of one SM.
type l2Req struct {
	at      engine.Cycle
	sm      int32
	seq     uint32
	line    uint64
	sectors uint8
	// partial counts the sectors an LSU store writes only in part
	// (l2kind.go: each costs its slice a second sector)
	partial uint8
	kind    l2Kind
	ready   engine.Cycle // the view's data-back cycle (a miss's fill)
}

func newL2(tc *TimedConfig, numSMs int, gpcs [][]int) *l2 {
	g := &l2{slicePerCycle: tc.L2BytesPerSMCycle() / 2, dramPerCycle: tc.DRAMBytesPerNs * 1000 / tc.SMClockMHz,
		dram: engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs)), nearSlice: make([]uint8, numSMs), seq: make([]uint32, numSMs)}
	g.storeSector, g.storeLine = tc.l2StoreSliceCycles()
	g.tmaStoreSector, g.reduceSector = tc.l2TMAWriteSliceCycles()
	half := tc.L2FarExtraCycles / 2
	g.near = engine.Cycle(tc.L2HitCycles - half)
	g.far = g.near + engine.Cycle(tc.L2FarExtraCycles)
	g.dramNear = g.dram - engine.Cycle(tc.DRAMFarExtraCycles/2)
	g.dramFar = g.dramNear + engine.Cycle(tc.DRAMFarExtraCycles)
	if tc.L2PartitionBytes > 128 {
		g.partShift = uint(bits.TrailingZeros(uint(tc.L2PartitionBytes / 128)))
	}
	for i := range g.slices {
		g.slices[i] = newSetCache(tc.L2CacheBytes/128/2, tc.L2Ways)
		g.slices[i].dirty = true
	}
	// each SM's near slice: the profile's measured side map (l2_sides;
	// gpcs.go, h200L2Sides) when it lists as many SMs as the run has (it
	// is a whole chip's: a smaller machine, as the unit tests build, keeps
	// the alternation), else GPCs alternate between the two sides (the
	// H100, not measured: it splits the SMs 62/70)
	g.smGPC = make([]int32, numSMs)
	for s := range g.smGPC {
		g.smGPC[s] = int32(len(gpcs) + s) // an SM of no GPC merges alone
	}
	for gi, gpc := range gpcs {
		for _, s := range gpc {
			g.nearSlice[s] = uint8(gi % 2)
			g.smGPC[s] = int32(gi)
		}
	}
	if len(tc.L2Sides) == 2 && len(tc.L2Sides[0])+len(tc.L2Sides[1]) == numSMs {
		for side, sms := range tc.L2Sides {
			for _, s := range sms {
				if s < numSMs {
					g.nearSlice[s] = uint8(side)
				}
			}
		}
	}
	g.smPort, g.nPorts = portOf(gpcs, numSMs)
	g.smMerge = g.smPort
	g.portPerCycle = tc.L2PortBytesPerL2Cycle * tc.L2ClockMHz / tc.SMClockMHz
	if tc.L2LookupBytesPerL2Cycle > 0 {
		g.lookupPerCycle = tc.L2LookupBytesPerL2Cycle * tc.L2ClockMHz / tc.SMClockMHz / 2
	}
	g.mergeJoins = tc.L2MergeJoins
	g.fabric = engine.Cycle(tc.L2FabricHitCycles)
	g.mergeForward = tc.L2MergeForwardBytesPerCycle
	g.fillPrune = mergeMaxEntries
	g.shareTau = float64(tc.L2HitCycles)
	g.dramRdCost, g.dramWrCost = dramCosts(tc)
	g.q = newDRAMQueue(tc.DRAMQueueCycles, float64(g.dram), g.dramPerCycle)
	if tc.SMHBMBytesPerCycle > 0 {
		g.smHBMRate, g.smHBMBusy = tc.SMHBMBytesPerCycle, tc.SMHBMBusyCycles
	}
	if g.tmaHBMPerKiB = tc.TMAHBMCyclesPerKiB; g.smHBMRate > 0 || g.tmaHBMPerKiB > 0 {
		g.smh = make([]decayed, numSMs)
	}
	return g
}

// dramCosts returns HBM's time per byte read and per byte written, in SM
// cycles. dram_bytes_per_ns is the rate of a copy (as many bytes written as
// read: gmem_copy_c132); reads alone stream faster, dram_read_bytes_per_ns
// (the l2rr30 probe's all-miss points: 4.59 TB/s on the H200, where the
// copy reaches 4.0), so a written byte costs what the copy leaves:
// 2 / dram_bytes_per_ns - 1 / dram_read_bytes_per_ns (a read/write
// turnaround charged to the writes). 0 (no read rate): both at the copy's.
func dramCosts(tc *TimedConfig) (rd, wr float64) {
	mixed := tc.SMClockMHz / (tc.DRAMBytesPerNs * 1000)
	if tc.DRAMReadBytesPerNs <= 0 {
		return mixed, mixed
	}
	rd = tc.SMClockMHz / (tc.DRAMReadBytesPerNs * 1000)
	return rd, max(2*mixed-rd, 0)
}

// slice is the L2 slice holding line: a parity hash of the address of its
// l2_partition_bytes block, as the hardware's address hashes interleave
// blocks over partitions (sfl_c62_n8, both GPUs: the 32 lines of each 4 KiB
// block answer one SM at one latency, consecutive blocks at two).
func (g *l2) slice(line uint64) int { return bits.OnesCount64((line>>g.partShift)&0xfffffff) & 1 }

// dramLatency is the latency of a load of SM sm that misses to HBM, its
// line's home slice being s: a far line crosses the fabric as well.
func (g *l2) dramLatency(sm, s int) engine.Cycle {
	if int(g.nearSlice[sm]) == s {
		return g.dramNear
	}
	return g.dramFar
}

// cost is the time a request of sectors sectors (a store or not) holds its
// slice's port, in cycles.
func (g *l2) cost(sectors int, store bool) float64 {
	if store && g.storeSector > 0 {
		return float64(sectors)*g.storeSector + g.storeLine
	}
	return float64(32*sectors) / g.slicePerCycle
}

// latency is the hit latency of line for SM sm.
func (g *l2) latency(sm int, s int) engine.Cycle {
	if int(g.nearSlice[sm]) == s {
		return g.near
	}
	return g.far
}

// commit applies the window's requests of every view in (cycle, SM,
// sequence) order and starts the views' next window.
func (g *l2) commit(views []*l2View, end engine.Cycle) {
	g.mergeReqs(views) // sorted (l2seal.go)
	total := g.demands(views, end)
	var last engine.Cycle
	for i := range g.reqs {
		r := &g.reqs[i]
		last = r.at
		s := g.slice(r.line)
		bytes := float64(32 * popc4(r.sectors))
		if g.copies(int(r.sm), s, r.kind != l2Load) {
			g.commitCopy(r, s, bytes) // l2near.go
			continue
		}
		start := g.sliceFree[s].take(float64(r.at), g.cost(popc4(r.sectors)+int(r.partial), r.kind.overwrites()))
		if w := g.writeCost(popc4(r.sectors)+int(r.partial), r.kind); w > 0 {
			g.storeFree[s] = max(float64(r.at), g.storeFree[s]) + w
		}
		if r.kind.overwrites() {
			// a store's sectors are written back once evicted dirty: each
			// sector the line had not yet had written since it came in
			// takes HBM bandwidth (dram_bytes_per_ns is read + write), so
			// a line filled by several partial stores (a GEMM's f32 C
			// tile) is charged all its sectors, not only the first store's
			if _, newly := g.slices[s].touchDirty(r.line, r.sectors); newly != 0 {
				wb := float64(32 * popc4(newly))
				g.dramFree.take(start, wb*g.dramWrCost)
				g.q.add(float64(r.at), wb*g.dramWrCost*g.dramPerCycle)
				g.dramWrite += int64(wb)
			}
		} else if !g.slices[s].touch(r.line) {
			// a load miss reads the line from HBM
			g.dramFree.take(start, bytes*g.dramRdCost)
			g.q.add(float64(r.at), bytes*g.dramRdCost*g.dramPerCycle)
			g.smHBMAdd(int(r.sm), float64(r.at), bytes)
			g.commitFill(localKey(s, r.line), r.ready) // l2fill.go
			g.dramRead += int64(bytes)
		}
	}
	g.pruneFills(last)
	floors := g.floorShares(views) // l2share_floor.go
	for i, v := range views {
		v.share = 1
		if total > 0 {
			v.share = max(v.demandAt/total, floors[i])
		}
		v.next()
	}
}

// demands sets each view's recent demand on the L2 (demandAt), the bytes it
// requested decayed over l2_hit_cycles (an L2 round trip: the span over
// which requests share the slices), at the window's end, and returns their
// sum. A view's share of the slices in the next window is its part of that
// sum (commit). The share was the bytes of the last window alone: in a
// lock-step burst (132 SMs issuing TMA boxes within cycles of each other,
// tmab_*, a GEMM's prologue) a window shorter than one SM's issue interval
// saw some views send a box and others none, so a view's share swung
// between 0.016 and 1 from one window to the next, and a box that fell into
// a window after a quiet one was charged 60 times its cost (l2b34.md:
// tmab_col_k8's slowest SM 3x the GPU's; a 2-cycle shift moved a CUTLASS
// launch by 5%). With shareTau 0: the last window's bytes, as before.
func (g *l2) demands(views []*l2View, end engine.Cycle) float64 {
	var total float64
	for _, v := range views {
		v.demandAt = v.bytes
		if g.shareTau > 0 {
			v.demand.add(float64(end), v.bytes, g.shareTau)
			v.demandAt = v.demand.bytes(float64(end), g.shareTau)
		}
		total += v.demandAt
	}
	return total
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// l2View is one partition's L2 during a window: the committed slices plus
// the lines the partition requested in this window, and its own copy of
// the queues, which advance at its share of the bandwidth (its share of the
// bytes of the previous window, at least an equal share).
type l2View struct {
	g *l2
	// local: the lines this partition requested in this window, by slice
	// (localKey: a far line's near copy is a line of the near slice)
	local     map[uint64]struct{}
	fill      map[uint64]engine.Cycle // the window's misses' fills (l2fill.go)
	sliceFree [2]budget
	storeFree [2]float64
	dramFree  budget
	share     float64
	bytes     float64 // requested in this window
	// demand: the bytes the view requested, decayed (l2.go demands);
	// demandAt its value at the last commit
	demand   decayed
	demandAt float64
	reqs     []l2Req
	// merge: the requests of the view's port groups later loads can join
	// (l2merge.go); kept across windows (only this partition's SMs use it)
	merge *hashTab[mergeEntry]
	// mergePrune is the table size at which stale entries are dropped next
	// (l2merge.go: twice what the last pruning left, so pruning stays
	// amortised O(1) a request when many requests are in flight)
	mergePrune int
	// ports: each GPC's L2 port calendar (l2port.go); kept across windows
	// (a partition holds whole port groups, and only its own SMs use their
	// ports)
	ports []portCal
	// fwdFree: when each merge domain's forwarding of joined data is free
	// (l2merge.go; indexed by smMerge), kept across windows like ports
	fwdFree []float64
	// portBytes counts the load bytes that went to a slice (the port's
	// share of a request: memModel.access)
	portBytes float64
	// sectors by outcome (the report's timing.memory)
	hitSectors, farSectors, missSectors, mergedSectors int64
	// joinHBMSectors: of mergedSectors, those that joined a request whose
	// data comes from HBM (l2merge.go; mem.go times a TMA box's as a miss)
	joinHBMSectors int64
	// waitSectors: hits that waited for a line's fill from HBM (l2fill.go)
	waitSectors int64
	// storeSectors: sectors of stores and reductions that reached a slice
	storeSectors int64
	// sealed: the window is over (l2seal.go); smCount: the SMs that sent
	// its requests (smSeen: scratch)
	sealed  bool
	smCount int
	smSeen  []bool
}

func newL2View(g *l2) *l2View {
	v := &l2View{g: g, local: map[uint64]struct{}{}, fill: map[uint64]engine.Cycle{}, share: 1, ports: make([]portCal, g.nPorts)}
	if g.mergeJoins > 0 {
		v.merge = &hashTab[mergeEntry]{}
		n := 0
		for _, d := range g.smMerge {
			n = max(n, int(d)+1)
		}
		v.fwdFree = make([]float64, n)
		v.mergePrune = mergeMaxEntries
	}
	v.next()
	return v
}

// next starts a window from the committed state.
func (v *l2View) next() {
	if !v.sealed {
		clear(v.local)
		clear(v.fill)
	}
	v.sealed = false
	v.sliceFree, v.storeFree, v.dramFree = v.g.sliceFree, v.g.storeFree, v.g.dramFree
	v.bytes = 0
	v.reqs = v.reqs[:0]
}

// access times one line of sectors requested by SM sm at cycle at: it
// returns when the data is back (for stores: when the slice holds them)
// and when the slice took the request in (a store or reduction: its place
// in the slice's write queue, which only writes fill; l2kind.go). partial
// of the sectors are written only in part (an LSU store: l2kind.go).
func (v *l2View) access(at engine.Cycle, sm int, line uint64, sectors, partial uint8, kind l2Kind) (ready, accepted engine.Cycle) {
	g := v.g
	store := kind.overwrites()
	if kind == l2Load {
		if r, ok := v.merged(at, sm, line, sectors); ok {
			return r, at
		}
	}
	s := g.slice(line)
	bytes := float64(32 * popc4(sectors))
	if g.copies(sm, s, kind != l2Load) {
		return v.accessCopy(at, sm, line, sectors, s, bytes) // l2near.go
	}
	ms, ws := v.missSectors, v.waitSectors
	start := v.sliceFree[s].take(float64(at), g.cost(popc4(sectors)+int(partial), store)/v.share)
	ready = engine.Cycle(start) + g.latency(sm, s)
	n := int64(popc4(sectors))
	if ready-engine.Cycle(start) == g.far {
		v.farSectors += n
	}
	key := localKey(s, line)
	_, mine := v.local[key]
	if !mine && !g.slices[s].has(line) {
		// a load's fill from HBM, or an allocating store's later
		// write-back: both take HBM bandwidth (commit charges the same)
		c := g.dramRdCost
		if store {
			c = g.dramWrCost
		}
		ds := v.dramFree.take(start, bytes*c/v.share)
		if !store {
			ready = engine.Cycle(max(ds, start+float64(g.q.wait(float64(at))))) + g.dramLatency(sm, s)
			v.missSectors += n
			v.filled(key, ready) // l2fill.go
		}
	} else if !store {
		ready = v.waitFill(key, ready, n) // a line still in flight from HBM
		v.hitSectors += n
	}
	if !mine {
		v.local[key] = struct{}{}
	}
	if kind != l2Load {
		v.storeSectors += n
	}
	if kind == l2Load {
		v.portBytes += bytes // through the GPC's port (l2port.go)
		v.opened(at, sm, line, sectors, ready, v.missSectors > ms || v.waitSectors > ws)
	}
	v.bytes += bytes
	g.seq[sm]++
	v.reqs = append(v.reqs, l2Req{at: at, sm: int32(sm), seq: g.seq[sm], line: line, sectors: sectors, partial: partial, kind: kind, ready: ready})
	accepted = engine.Cycle(start)
	if w := g.writeCost(popc4(sectors)+int(partial), kind); w > 0 {
		ws := max(float64(at), v.storeFree[s])
		v.storeFree[s] = ws + w/v.share
		accepted = engine.Cycle(ws)
	}
	return ready, accepted
}

// charge queues bytes on line's slice without a cache lookup.
func (v *l2View) charge(line uint64, bytes float64) {
	s := v.g.slice(line)
	v.sliceFree[s].free += bytes / (v.g.slicePerCycle * v.share)
}
