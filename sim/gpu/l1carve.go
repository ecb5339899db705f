package gpu

// The L1 beside a shared-memory carveout (validation/timing/cpa35.md).
// cpa35's probe on the H200 (cpasync_k29's kernel, 64 KiB of static shared
// memory: carveout 196 KiB, 60 KiB left to the L1; family cpl1) re-reads a
// cyclic footprint of 32..80 KiB with cp.async.ca: one warp with one copy
// in flight hits every time up to 52 KiB and loses hits gradually beyond
// (56 KiB 0.83 of them, 60 0.55, 64 0.29, 72 0.06), and the windowed loops
// (1..8 warps, 1..4 groups in flight) lose them over the same range. The
// organisation of newL1Cache (sets of 8 lines by 512-byte granule, fitted
// without shared memory) keeps all of 60 KiB and 81% of 64; an LRU of few
// ways by line address loses a set's lines when more than its ways map
// there, which spreads the loss over the footprints the GPU spreads it
// (sets with ways+1 lines thrash, the rest keep theirs). The ways and the
// capacity it keeps are fitted on the cpl1 figures (calibrate group
// l1_carveout); an L1 that the carveout leaves whole (a kernel with little
// or no shared memory) keeps newL1Cache's organisation.
type l1Carve struct {
	ways, lostLines int
}

// l1CarveFor is the carveout organisation for an L1 of l1Bytes (after the
// carveout, carveout.go): none when the carveout left l1_cache_bytes whole
// or the profile has l1_carveout_ways 0.
func l1CarveFor(tc *TimedConfig, l1Bytes int) l1Carve {
	if tc.L1CarveoutWays <= 0 || l1Bytes >= tc.SM.L1CacheBytes {
		return l1Carve{}
	}
	return l1Carve{ways: tc.L1CarveoutWays, lostLines: tc.L1CarveoutLostBytes / 128}
}

// newL1 is the SM's L1, made at its first access.
func (m *memModel) newL1() *setCache {
	k := m.carve
	if k.ways <= 0 {
		return newL1Cache(m.l1Lines)
	}
	c := newSetCache(max(1, m.l1Lines-k.lostLines), k.ways)
	c.granule = 1 // set = line mod sets
	c.fills = true
	return c
}
