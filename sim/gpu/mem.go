package gpu

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// memModel is the global-memory hierarchy of a timed run: per-SM L1 data
// caches and the GPU's L2, as sets of the 128-byte lines they hold (cold at
// the start of a launch: ncu flushes caches before each measured launch),
// an L2 bandwidth queue and an HBM bandwidth queue. Requests carry line
// addresses and sector counts, never values.
//
// Capacity: least-recently-used eviction in each cache (l1_cache_bytes
// per SM, l2_cache_bytes). Not modelled yet: the two L2 partitions'
// near/far latencies, set associativity, TLBs (the microbenchmarks saw no
// TLB-miss cost up to 1 GiB with 2 MiB pages), L1 write policy details.
type memModel struct {
	l2             *lru
	l1             []*lru
	l2Free         float64
	dramFree       float64
	l2PerCycle     float64 // bytes per cycle
	dramPerCycle   float64
	l1Hit, l2Hit   engine.Cycle
	dram           engine.Cycle
	l1Hits, l2Hit_ int64
	misses         int64
}

func newMemModel(tc *TimedConfig, sms int) *memModel {
	m := &memModel{l2: newLRU(tc.L2CacheBytes / 128), l1: make([]*lru, sms),
		l2PerCycle: float64(tc.L2BytesPerCycle), dramPerCycle: tc.DRAMBytesPerNs * 1000 / tc.SMClockMHz,
		l1Hit: engine.Cycle(tc.SM.L1HitCycles), l2Hit: engine.Cycle(tc.L2HitCycles),
		dram: engine.Cycle(tc.nsToCycles(tc.DRAMLatencyNs))}
	for i := range m.l1 {
		m.l1[i] = newLRU(tc.SM.L1CacheBytes / 128)
	}
	return m
}

// access times the global lines of e leaving SM sm at cycle at: an L1 hit
// when useL1 and every line is in the SM's L1, else through the L2 queue,
// with the HBM latency and queue for lines L2 does not hold. It returns
// when the data is back (for stores: when L2 has taken them).
func (m *memModel) access(at engine.Cycle, sm int, e *exec.Effect, useL1 bool) engine.Cycle {
	n := min(e.NumLines, len(e.GlobalLines))
	lines := e.GlobalLines[:n]
	l1 := m.l1[sm]
	inL1, inL2 := useL1 && !e.GlobalStore, true
	missSectors := 0
	for i, ln := range lines {
		if !l1.has(ln) {
			inL1 = false
		}
		if !m.l2.has(ln) {
			inL2 = false
			if !e.GlobalStore {
				missSectors += popc4(e.LineSectors[i])
			}
		}
	}
	if inL1 && n > 0 {
		for _, ln := range lines {
			l1.touch(ln)
		}
		return at + m.l1Hit
	}
	bytes := float64(e.NumSectors * 32)
	start := max(float64(at), m.l2Free)
	m.l2Free = start + bytes/m.l2PerCycle
	ready := engine.Cycle(start) + m.l2Hit
	if !inL2 && missSectors > 0 {
		ds := max(start, m.dramFree)
		m.dramFree = ds + float64(missSectors*32)/m.dramPerCycle
		ready = engine.Cycle(ds) + m.dram
	}
	for _, ln := range lines {
		m.l2.touch(ln)
		if useL1 && !e.GlobalStore {
			l1.touch(ln)
		}
	}
	return ready
}

func popc4(b uint8) int {
	return int(b&1) + int(b>>1&1) + int(b>>2&1) + int(b>>3&1)
}
