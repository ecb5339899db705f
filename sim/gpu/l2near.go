package gpu

import "github.com/sm90sim/sm90sim/sim/engine"

// Near copies of far lines (issue 14, helper big, session 7). Each L2
// partition also caches the lines its own SMs read from the other
// partition (NVIDIA's A100 whitepaper: "each L2 cache partition localizes
// and caches data for memory accesses from SMs in the GPCs directly
// connected to the partition"; Hopper keeps the split). A load whose line
// lives in the far slice looks in its near slice first:
//
//   - the near copy is there: served by the near slice, at the far latency
//     the model always charged a far line (gmem_chase_hist_4m's two latency
//     groups, l2_far_extra_cycles, stay as they were fitted);
//   - no near copy, the far slice holds the line: it crosses the fabric
//     between the partitions, l2_fabric_hit_cycles, and leaves a copy in
//     the near slice;
//   - neither: HBM, as any miss, and a copy in both slices.
//
// So a footprint read from one side of the chip fills that side's slice
// with all of it: one SM's pointer chase (gmem_chase_l2s_*, both GPUs) hits
// its near slice up to half the L2, then the near lines miss to HBM while
// the far ones cross the fabric (the middle level, about 510-525 cycles a
// load), and only beyond the whole L2 does every load go to HBM. A GEMM
// whose tiles are read from both sides keeps two copies of them, so its
// reuse sees about half the L2 (gemm_wgmma_4096 and the persistent Triton
// matmul at 4096^3: ncu dram__bytes_read 309 and 307 MB on the H200, where
// the model without copies read about 266 and 188 MB).
//
// Stores go to the line's home slice only (a stale copy costs no time
// here). With l2_fabric_hit_cycles 0 the model has no copies.

// localKey is the key of line in slice s in an l2View's local set.
func localKey(s int, line uint64) uint64 { return line<<1 | uint64(s) }

// copies reports whether a request of SM sm for a line of slice s goes
// through the SM's near copy: a load of a far line with copies modelled.
func (g *l2) copies(sm, s int, store bool) bool {
	return g.fabric > 0 && !store && int(g.nearSlice[sm]) != s
}

// present reports whether slice s holds line for this view: committed, or
// requested by the partition in this window.
func (v *l2View) present(s int, line uint64) bool {
	if _, ok := v.local[localKey(s, line)]; ok {
		return true
	}
	return v.g.slices[s].has(line)
}

// copyMissLookup is what a far line's load costs its near slice when the
// near copy is missing: the slice looks the line up (and misses) before the
// far slice serves it over the fabric. ncu counts both lookups: on the H200
// lts__t_sectors is srcunit_tex + srcunit_ltcfabric (gmm13_l_n4096: 57.5 M
// against 49.3 + 8.8 M; gemm_wgmma_4096 65.2 against 54.3 + 10.4 M). A
// lookup that misses reads no data, so it costs its slice less than a hit:
// l2_lookup_bytes_per_l2_cycle (fitted on gmm13_l_n4096, a 4096^3 GEMM's
// TMA loads alone, bound by the L2's lookups) against l2_bytes_per_l2_cycle.
// With the rate 0 (a profile that has not measured it) there is no lookup:
// the far slice serves at once, as before the rate was modelled.
func (g *l2) copyMissLookup(sectors uint8) float64 {
	return float64(32*popc4(sectors)) / g.lookupPerCycle
}

// accessCopy is access for a load of a far line (slice s) with copies: the
// near slice serves a copy hit, the far slice a copy miss.
func (v *l2View) accessCopy(at engine.Cycle, sm int, line uint64, sectors uint8, s int, bytes float64) (ready, accepted engine.Cycle) {
	g := v.g
	n := int(g.nearSlice[sm])
	cnt := int64(popc4(sectors))
	ms, ws := v.missSectors, v.waitSectors
	serve := n
	copyHit := v.present(n, line)
	t := float64(at)
	if !copyHit {
		// the near slice looked the line up first (copyMissLookup),
		// then the far slice serves it
		serve = s
		if g.lookupPerCycle > 0 {
			t = v.sliceFree[n].take(t, g.copyMissLookup(sectors)/v.share)
		}
	}
	start := v.sliceFree[serve].take(t, g.cost(popc4(sectors), false)/v.share)
	nk, fk := localKey(n, line), localKey(s, line)
	switch {
	case copyHit: // the copy may still be on its way (l2fill.go)
		ready = v.waitFill(nk, engine.Cycle(start)+g.far, cnt)
		v.hitSectors += cnt
	case v.present(s, line):
		ready = v.waitFill(fk, engine.Cycle(start)+g.fabric, cnt)
		v.hitSectors += cnt
		v.farSectors += cnt
		v.filled(nk, ready)
	default:
		ds := v.dramFree.take(start, bytes*g.dramRdCost/v.share)
		ready = engine.Cycle(max(ds, start+float64(g.q.wait(float64(at))))) + g.dramFar
		v.missSectors += cnt
		v.farSectors += cnt
		v.filled(nk, ready)
		v.filled(fk, ready)
	}
	v.local[localKey(n, line)] = struct{}{}
	if !copyHit {
		v.local[localKey(s, line)] = struct{}{}
	}
	v.portBytes += bytes // through the GPC's port (l2port.go)
	v.opened(at, sm, line, sectors, ready, v.missSectors > ms || v.waitSectors > ws)
	v.bytes += bytes
	g.seq[sm]++
	v.reqs = append(v.reqs, l2Req{at: at, sm: int32(sm), seq: g.seq[sm], line: line, sectors: sectors, ready: ready})
	return ready, engine.Cycle(start)
}

// commitCopy applies a far-line load with copies to the committed state:
// the near slice takes the copy; on a copy miss the far slice serves it
// (from HBM when it lacks the line too).
func (g *l2) commitCopy(r *l2Req, s int, bytes float64) {
	n := int(g.nearSlice[r.sm])
	cost := g.cost(popc4(r.sectors), false)
	if g.slices[n].touch(r.line) {
		g.sliceFree[n].take(float64(r.at), cost)
		return
	}
	g.commitFill(localKey(n, r.line), r.ready) // l2fill.go
	at := float64(r.at)
	if g.lookupPerCycle > 0 {
		at = g.sliceFree[n].take(at, g.copyMissLookup(r.sectors))
	}
	start := g.sliceFree[s].take(at, cost)
	if !g.slices[s].touch(r.line) {
		g.dramFree.take(start, bytes*g.dramRdCost)
		g.q.add(float64(r.at), bytes*g.dramRdCost*g.dramPerCycle)
		g.smHBMAdd(int(r.sm), float64(r.at), bytes)
		g.commitFill(localKey(s, r.line), r.ready)
		g.dramRead += int64(bytes)
	}
}
