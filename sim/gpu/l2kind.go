package gpu

import "github.com/sm90sim/sm90sim/ptx/exec"

// l2Kind is what one line of a request does at its L2 slice.
//
// A store overwrites its sectors; a load and a reduction read the line (from
// HBM when the slice lacks it). Writes also take a place in the slice's
// write queue (l2.storeFree), and that place is when the slice took the
// line in: the back-pressure on the SM (an LSU store's LG throttle,
// warp.go; the TMA engine's hand-off, sim/sm tma_store.go).
//
// TMA/bulk stores and reductions cost that queue more than LSU stores of
// the same bytes (microbenchmark family tailst, helper bulkred, session
// 11, H200): 132 SMs each writing 64 KiB right before exit take, to the
// last warp's wait_group.read, 3200 cycles with st.global.v4 (tailst_v4:
// the LSU store rates, gls_*, fit it), 4600 with 512-byte cp.async.bulk
// stores and 5800 with cp.reduce.async.bulk .add.u32 reductions of the
// same rows, while one SM alone takes 2400 / 2900 (the TMA engine's own
// read rate: tma_store.go). The destination's lines being in L2 or not
// hardly matters (tailst_bred_k64_c132 after ncu's flush 6450, with the
// lines read into L2 first 7000 / median 5200 and 4900): the reduction's
// cost is the slice's, not HBM's. l2_tma_store_bytes_per_l2_cycle and
// l2_tma_reduce_bytes_per_l2_cycle are those write rates, GPU-wide, per
// L2 cycle; 0: a TMA store costs what an LSU store does, and a reduction
// takes no place in the write queue.
type l2Kind uint8

const (
	l2Load     l2Kind = iota
	l2Store           // an LSU store (st.global, red.global's data)
	l2TMAStore        // a TMA tensor or bulk store (its lines are written whole or in sectors)
	l2Reduce          // a TMA tensor or bulk reduction: reads the line, then writes it
)

// overwrites reports whether the request writes its sectors without
// reading the line.
func (k l2Kind) overwrites() bool { return k == l2Store || k == l2TMAStore }

// kindOf classifies an effect's global lines.
func kindOf(e *exec.Effect) l2Kind {
	switch {
	case e.GlobalStore && e.GlobalTMA:
		return l2TMAStore
	case e.GlobalStore:
		return l2Store
	case e.GlobalTMA && e.Info != nil && e.Info.Async == exec.AsyncBulkStore:
		// a bulk-store effect that reads its lines: a reduction (exec bulk.go, tma.go)
		return l2Reduce
	}
	return l2Load
}

// writeCost is what sectors of a request of kind k cost its slice's write
// queue, in SM cycles (0: the request takes no place there).
func (g *l2) writeCost(sectors int, k l2Kind) float64 {
	switch k {
	case l2Store:
		return g.cost(sectors, true)
	case l2TMAStore:
		if g.tmaStoreSector > 0 {
			return float64(sectors) * g.tmaStoreSector
		}
		return g.cost(sectors, true)
	case l2Reduce:
		return float64(sectors) * g.reduceSector
	}
	return 0
}

// partialSectors is how many of the sectors of line i of e an LSU store
// writes only in part (at least the bytes it leaves out of its sectors,
// 32 a sector, rounded up). The slice merges such a sector into the one
// it holds, a read and a write of the sector where a whole one is written
// once (the L2's ECC is per sector): each costs the slice a second
// sector. Microbenchmark tailst_f32_k64_c132 (gen9_tail.py, both GPUs):
// 132 SMs each storing 64 KiB with st.global.u32 in the m64nNk8
// accumulator layout (16 of a sector's 32 bytes a request) take 15700
// cycles to issue on the H200 (34 requests a cycle GPU-wide), the same
// bytes in whole sectors with st.global.v2.f32 (tailst_f64_k64_c132, the
// same number of line requests a sector) 4900: a half-written sector costs
// about what two whole ones do (l2_store_*: 0.0143 L2 cycles a one-sector
// line, 0.0237 with the second sector against 0.0249 measured).
func partialSectors(e *exec.Effect, i int, k l2Kind) uint8 {
	if k != l2Store || i >= len(e.LineBytes) {
		return 0
	}
	n := popc4(e.LineSectors[i])
	miss := 32*n - int(e.LineBytes[i])
	if miss <= 0 {
		return 0
	}
	return uint8(min(n, (miss+31)/32))
}
