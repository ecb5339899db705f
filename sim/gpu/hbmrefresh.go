package gpu

import "github.com/sm90sim/sm90sim/sim/engine"

// HBM refresh (issues 14 and 15; validation/timing/coldspread.md).
//
// A DRAM bank cannot be read while it refreshes: HBM3 refreshes each
// channel once every tREFI (3.9 us in the JEDEC standard) for tRFC (a few
// hundred ns). A miss that reaches HBM while the memory holding its line
// refreshes waits for the refresh to end. The refreshes run on the memory's
// own clock, so a launch meets them at a phase that changes from launch to
// launch: on the GPU (H200 and H100, ncu's flushed launches) one warp's
// single cold load takes 570-630 cycles in most launches and 750-1060 in
// some (coldpace_n1_b4, _n2_b4, _n4_b4, _n8_b8, _dep_n2), all four warps
// of one CTA reading 1 KiB move together (sfl_c1_n2: +250 in one launch of
// three), and when 62-132 SMs miss at once the slowest warp is 350-700
// cycles above its group's mean (sfl_c62_n2, sfl_c132_n2, sfl_c62_n8),
// which is the launch's end (ncu cycles).
//
// The model gives each aligned 4 KiB block (the granule that moves
// together in sfl_c1_n2) a refresh phase from a hash of its address:
// the block refreshes during [phase + k*T, phase + k*T + R) of the
// launch's cycles, T = hbm_refresh_interval_ns, R = hbm_refresh_busy_ns.
// The wait is a function of the request's cycle at HBM and its line
// alone: no state, so it is the same in every partition and for any
// number of goroutines, and it only lengthens a latency (the windows'
// cross-partition bounds hold). dram_latency_ns stays the mean a pointer
// chase measures, refresh included: the miss latency without a refresh
// is dram_latency_ns less the mean wait R*R/(2T).

// hbmRefreshBlockShift: log2 of the lines of a refresh block (4 KiB).
const hbmRefreshBlockShift = 5

// hbmRefreshMean is the mean wait (cycles) of a miss at a uniformly random
// time: a fraction busy/interval of them wait busy/2 on average.
func hbmRefreshMean(busy, interval int64) int64 {
	if busy <= 0 || interval <= busy {
		return 0
	}
	return busy * busy / (2 * interval)
}

// refreshWait is how long a miss of line that reaches HBM at cycle at
// waits for its block's refresh to end (0 when it is not refreshing).
func (g *l2) refreshWait(at engine.Cycle, line uint64) engine.Cycle {
	if g.refBusy <= 0 {
		return 0
	}
	x := (line >> hbmRefreshBlockShift) + 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	x ^= x >> 31
	// the phase is the hash's fraction of the interval, so that a clock a
	// little different (the interval in cycles) moves each phase a little
	// instead of drawing new ones
	phase := int64((x >> 32) * uint64(g.refInterval) >> 32)
	t := (int64(at) - phase) % int64(g.refInterval)
	if t < 0 {
		t += int64(g.refInterval)
	}
	if t < int64(g.refBusy) {
		return g.refBusy - engine.Cycle(t)
	}
	return 0
}
