package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// storeEffect is a warp-store of n lines with the given sectors (mask) and
// bytes written in each.
func storeEffect(n int, sectors uint8, bytes uint16, lanes, data int) *exec.Effect {
	e := &exec.Effect{GlobalStore: true, NumLines: n, GuardTrue: lanes, GlobalBytes: data}
	for i := range n {
		e.GlobalLines[i] = uint64(i * 32)
		e.LineSectors[i] = sectors
		e.LineBytes[i] = bytes
		for b := sectors; b != 0; b &= b - 1 {
			e.NumSectors++
		}
	}
	return e
}

// TestL1StoreCycles compares the SM's L1 time of warp-store shapes, with
// the fitted H200 values (a cycle a sector, a cycle a partly written
// line), to what 4 or more warps storing them took on the H200
// (validation/microbench gls_*_w4/_w8/_w16 and gst_sector_w4, cycles per
// store on the SM); the lines of a request of one sector a line wait for
// their L2 slices (l1_store_line_pair_cycles, 0.0178 a pair: 8 lines 8.5,
// 16 lines 18.1 cycles, where a cycle a sector gives 8 and 16).
func TestL1StoreCycles(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1StoreCyclesPerSector: 1, L1StorePartialCycles: 1,
		L1StoreLinePairCycles: 0.0178}}
	for _, c := range []struct {
		name string
		e    *exec.Effect
		gpu  float64
	}{
		{"coalesced u32 (gls_st32_coal_w16: 64.48 / 16)", storeEffect(1, 0xf, 128, 32, 128), 64.48 / 16},
		{"coalesced v4 (gls_st128_coal_w16: 255.3 / 16)", storeEffect(4, 0xf, 128, 32, 512), 255.3 / 16},
		{"v2 epilogue, 8 rows x 32 B (gls_st64_epi_w8: 69.7 / 8)", storeEffect(8, 1, 32, 32, 256), 69.7 / 8},
		{"u32, 8 rows x 16 B (gls_st32_r8g4_w4: 61.38 / 4)", storeEffect(8, 1, 16, 32, 128), 61.38 / 4},
		{"u32, a line per lane (gls_st32_r32g1_w4: 255.1 / 4)", storeEffect(32, 1, 4, 32, 128), 255.1 / 4},
		{"u32, a sector per lane (gst_sector_w4: 159.3 / 4)", storeEffect(8, 0xf, 16, 32, 128), 159.3 / 4},
		{"v4, 16 rows x 32 B (gls_st128_r16g2_w4: 74.5 / 4)", storeEffect(16, 1, 32, 32, 512), 74.5 / 4},
		{"v2 epilogue, rows 1024 B apart (gls8_st64_epi_r1024_w8: 68.63 / 8)", storeEffect(8, 1, 32, 32, 256), 68.63 / 8},
	} {
		d, _ := s.l1Cycles(nil, c.e)
		assert.InEpsilon(t, c.gpu, float64(d), 0.1, c.name)
	}
}

// TestL1PortPacesOneWarp: a sub-partition's port passes a warp's request
// at 2 cycles a line or 64 bytes of addresses and store data a cycle,
// whichever is longer; one warp's stores with nothing else in its loop
// took 7.55 (u32 coalesced), 9.53 (v2 coalesced, L1 7.9) and 15.57 (v2
// of 8 rows) cycles each on the H200 (gls2_*_w1), two warps of one
// sub-partition 12.8 each (gls2_st32_coal_p04: 6.4 a store), and its v4
// stores of 16 rows 27.70 (gls2_st128_r16g2_w1: a store's port time
// min(2 x 16, 3.48 + 1.516 x 16) = 28 cycles, storePortCycles). The u32
// case is the model's known residual (6 against 7.55: the tolerance says
// so).
func TestL1PortPacesOneWarp(t *testing.T) {
	cfg := &Config{L1SectorsPerCycle: 4, L1StoreCyclesPerSector: 1, L1StorePartialCycles: 1,
		L1PortCyclesPerLine: 2, L1PortBytesPerCycle: 64, L1StorePortRequestCycles: 3.48, L1StorePortLineCycles: 1.516}
	for _, c := range []struct {
		name  string
		e     *exec.Effect
		warps int
		gpu   float64
		tol   float64
	}{
		{"u32 coalesced: 384 bytes", storeEffect(1, 0xf, 128, 32, 128), 1, 7.55, 0.25},
		{"v2 coalesced: 512 bytes", storeEffect(2, 0xf, 128, 32, 256), 1, 9.53, 0.2},
		{"v2, 8 rows: 8 lines", storeEffect(8, 1, 32, 32, 256), 1, 15.57, 0.1},
		{"v4, 16 rows: 16 lines", storeEffect(16, 1, 32, 32, 512), 1, 27.70, 0.05},
		{"u32 coalesced, two warps of one sub-partition", storeEffect(1, 0xf, 128, 32, 128), 2, 12.8 / 2, 0.1},
	} {
		s := &SM{cfg: cfg}
		sp := &subPart{}
		ws := make([]warpState, c.warps)
		for range 16 {
			for w := range ws {
				s.l1Request(sp, &ws[w], c.e, 0)
			}
		}
		end := sp.lsuFree
		for w := range ws {
			end = max(end, ws[w].linesFree)
		}
		assert.InEpsilon(t, c.gpu, float64(end)/float64(16*c.warps), c.tol, c.name)
	}
}

// TestL1PortLinesPerWarp: the 2 cycles a line are the warp's pace, not
// the port's: warps 0 and 4 (one sub-partition) loading 32 lines each,
// 16 loads a loop, took 2280 and 2602 cycles for 32 loads in the L1-warm
// rep on the H200 (gls2_ld32_l32_p04's clk), one warp alone 2250
// (gls2_ld32_l32_w1: 70.31 a load): the second warp's lines do not queue
// behind the first's. Its 32 lanes' addresses (256 bytes) still share the
// port.
func TestL1PortLinesPerWarp(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1RequestCycles: 1, L1CyclesPerLine: 1,
		L1PortCyclesPerLine: 2, L1PortBytesPerCycle: 64, L1StorePortRequestCycles: 3.48, L1StorePortLineCycles: 1.516}}
	sp := &subPart{}
	var a, b warpState
	e := &exec.Effect{NumLines: 32, NumSectors: 32, GuardTrue: 32, GlobalBytes: 128}
	var lastA, lastB engine.Cycle
	for range 16 {
		lastA, _ = s.l1Request(sp, &a, e, 0)
		lastB, _ = s.l1Request(sp, &b, e, 0)
	}
	assert.Equal(t, engine.Cycle(16*64), a.linesFree, "warp a: its 16 requests' lines one after another")
	assert.Equal(t, engine.Cycle(16*64), b.linesFree, "warp b: not behind warp a's lines")
	assert.Equal(t, engine.Cycle(15*64+2*4), sp.lsuFree, "the port: the last two requests' 256 bytes of addresses after their lines start")
	// the SM's L1 (33 cycles a request) serves both
	assert.Equal(t, engine.Cycle(31*33), lastB)
	assert.Less(t, lastA, lastB)
}

// TestBypassLoadSpacing: one warp's ld.cg leave the L1 ld_bypass_interval
// apart (30 on the H200: 16 one-line loads, ready together, start at 0,
// 30, ..., 450, so the last returns the L2 latency + 450 after the first:
// gls_ldcg_coal_w1's 48.4 cycles a load = (281 + 450 + the fold) / 16), a
// request that reaches the L1 later starts then, and another warp has its
// own spacing.
func TestBypassLoadSpacing(t *testing.T) {
	s := &SM{cfg: &Config{LdBypassIntervalCycles: 30}}
	a, b := &warpState{}, &warpState{}
	var last int64
	for range 16 {
		last = int64(s.bypassLoadStart(a, 0))
	}
	assert.Equal(t, int64(450), last)
	assert.Equal(t, int64(1000), int64(s.bypassLoadStart(a, 1000)), "a late request is not held")
	assert.Equal(t, int64(0), int64(s.bypassLoadStart(b, 0)), "the spacing is per warp")
}

// TestLSULoadHandOff: a load through L1 holds its warp's LSU hand-off for
// the larger of its addresses (8 bytes a lane) and its data at
// lsu_load_bytes_per_cycle; a store, an ld.cg and a load of few lanes
// keep the stores' read-out (lsu_warp_bytes_per_cycle). With 43 and 84.86:
// a coalesced u32 load 256 / 43 = 5.95 cycles (gls2_ld32_coal_w1: 348
// cycles for 32 loads and two folds on the H200), a v4 load 512 / 43.
func TestLSULoadHandOff(t *testing.T) {
	s := &SM{cfg: &Config{LSUWarpBytesPerCycle: 84.86, LSULoadBytesPerCycle: 43}}
	ld := &exec.InstInfo{Op: ptx.OpLd}
	cg := &exec.InstInfo{Op: ptx.OpLd, BypassL1: true}
	st := &exec.InstInfo{Op: ptx.OpSt}
	for _, c := range []struct {
		name string
		e    *exec.Effect
		want float64
	}{
		{"u32 load, 32 lanes", &exec.Effect{Info: ld, GuardTrue: 32, GlobalBytes: 128}, 256 / 43.0},
		{"v4 load, 32 lanes", &exec.Effect{Info: ld, GuardTrue: 32, GlobalBytes: 512}, 512 / 43.0},
		{"u32 load, 1 lane", &exec.Effect{Info: ld, GuardTrue: 1, GlobalBytes: 4}, 8 / 43.0},
		{"ld.cg u32", &exec.Effect{Info: cg, GuardTrue: 32, GlobalBytes: 128}, 256 / 84.86},
		{"u32 store", &exec.Effect{Info: st, GuardTrue: 32, GlobalBytes: 128, GlobalStore: true}, 384 / 84.86},
	} {
		ws := &warpState{}
		s.lsuWarpTake(ws, c.e, 0)
		assert.InDelta(t, c.want, ws.lsuNext, 1e-9, c.name)
	}
}

// TestCpAsyncLSUHandOff: a cp.async hands the LSU cp_async_lsu_lane_bytes
// a lane (its global and shared address: 12), 384 bytes for 32 lanes, 4.84
// cycles at 79.27 bytes a cycle: one warp's next cp.async waits for it
// (the H200's LDGSTS issue probe, cpa33/cpa34: 32 copies of one warp in
// 156 cycles, 4.9 a copy, from L2 and HBM alike): the first issues at 0,
// the second at 5 (4.84 rounded up to the cycle), the third at 10 (5 +
// 4.84); with 0 a cp.async keeps the loads' 8 bytes a lane and does not
// wait (the model before).
func TestCpAsyncLSUHandOff(t *testing.T) {
	cp := &exec.Effect{Info: &exec.InstInfo{Op: ptx.OpCp, Async: exec.AsyncCopy, BypassL1: true}, GuardTrue: 32, GlobalBytes: 512}
	s := &SM{cfg: &Config{LSUWarpBytesPerCycle: 79.27, CpAsyncLSULaneBytes: 12}}
	ws := &warpState{}
	for range 2 {
		s.lsuWarpTake(ws, cp, s.cpAsyncWarpReady(ws))
	}
	assert.InDelta(t, 5+384/79.27, ws.lsuNext, 1e-9)
	assert.Equal(t, engine.Cycle(10), s.cpAsyncWarpReady(ws), "the third copy waits for two read-outs")
	off := &SM{cfg: &Config{LSUWarpBytesPerCycle: 79.27}}
	wo := &warpState{}
	off.lsuWarpTake(wo, cp, 0)
	assert.InDelta(t, 256/79.27, wo.lsuNext, 1e-9)
	assert.Equal(t, engine.Cycle(0), off.cpAsyncWarpReady(wo))
}

// TestL1FractionalRequest: the L1's address stage is a fraction of a
// cycle on average, kept to the fraction between requests while each
// request starts at a whole cycle. Hand-derived with 0.4: five one-line
// loads ready at 0 start at 0, 1.4 -> 2, 2.8 -> 3, 4.2 -> 5, 5.6 -> 6 and
// leave the L1 free at 7 (7.0), each adding no latency (its single line);
// a 32-line load after them starts at 7 and frees it at 39.4 -> 40 with 31
// lines of latency. Against the H200 (rep 1 from the barrier's release):
// 16 warps' coalesced one-line loads took 1.44 cycles each on the SM
// (gls2_ld32_coal_w16: 23.09 a load per warp / 16), 4 warps' 32-line loads
// 1.05 a line (gld_line_w4: 134.56 / 4 / 32), one SM's 4-line ld.cg 4.63
// cycles a request (l2bw_ld_c1: 110.6 bytes a cycle): the fitted H200
// stage, 0.27 + 1 a line, is within 10% of the last two and 1.27 against
// 1.44 for the first (whose span also holds the warps' first loads and
// last folds: the whole benchmark simulates within 10%).
func TestL1FractionalRequest(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1RequestCycles: 0.4, L1CyclesPerLine: 1}}
	sp, ws := &subPart{}, &warpState{}
	one := &exec.Effect{NumLines: 1, NumSectors: 4, GuardTrue: 32, GlobalBytes: 128}
	var starts []engine.Cycle
	for range 5 {
		st, lat := s.l1Request(sp, ws, one, 0)
		starts = append(starts, st)
		assert.Equal(t, engine.Cycle(0), lat)
	}
	assert.Equal(t, []engine.Cycle{0, 2, 3, 5, 6}, starts)
	assert.Equal(t, engine.Cycle(7), s.l1Free)
	wide := &exec.Effect{NumLines: 32, NumSectors: 32, GuardTrue: 32, GlobalBytes: 128}
	st, lat := s.l1Request(sp, ws, wide, 0)
	assert.Equal(t, engine.Cycle(7), st)
	assert.Equal(t, engine.Cycle(31), lat)
	assert.Equal(t, engine.Cycle(40), s.l1Free)
	assert.Equal(t, int64(39), s.Stats.L1Busy, "5 x 1.4 + 32.4 busy cycles, rounded")
	for _, c := range []struct {
		name  string
		lines int
		gpu   float64
		tol   float64
	}{
		{"one-line loads, 16 warps (gls2_ld32_coal_w16)", 1, 23.09 / 16, 0.15},
		{"32-line loads, 4 warps (gld_line_w4)", 32, 134.56 / 4, 0.1},
		{"4-line ld.cg, 32 warps (l2bw_ld_c1)", 4, 512 / 110.6, 0.1},
	} {
		h200 := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1RequestCycles: 0.27, L1CyclesPerLine: 1}}
		d, _ := h200.l1Cycles(nil, &exec.Effect{NumLines: c.lines, NumSectors: 4 * c.lines})
		assert.InEpsilon(t, c.gpu, d, c.tol, c.name)
	}
}

// TestLoadsPassQueuedStores: a load reaches the L1 ahead of the queued
// stores that have not started, and those stores' sector writes wait its
// time (copy26.md). Hand-derived with the H200's L1 costs: 4 queued
// coalesced v4 stores (16 sectors each: 64 L1 cycles) issued at 0, then a
// 4-line load at 0 starts at 0 (not at 64) and the L1's end moves to
// 64 + 4.26; a second load follows the first (4.26, rounded up to 5), not
// the stores. One SM copying 16-byte lanes (gmem_copy_c1: 128 such loads
// and 128 such stores an iteration of 32 warps) then is L1-bound at
// 128 x (4.26 + 16) = 2593 cycles for 128 KiB read + written, 50.5 bytes
// a cycle, where the H200 took 48.89 (the recording's
// bytes_per_cycle_per_sm); loads queued behind the stores left the model
// at 42.5 in steady state.
func TestLoadsPassQueuedStores(t *testing.T) {
	s := &SM{cfg: &Config{L1SectorsPerCycle: 4, L1StoreCyclesPerSector: 1, L1RequestCycles: 0.26,
		L1CyclesPerLine: 1, StoreQueueRequests: 24}}
	sp, ws := &subPart{}, &warpState{}
	st := storeEffect(4, 0xf, 128, 32, 512)
	st.Info = &exec.InstInfo{Op: ptx.OpSt}
	for i := range 4 {
		start, _ := s.l1Request(sp, ws, st, 0)
		assert.Equal(t, engine.Cycle(16*i), start, "store %d", i)
	}
	ld := &exec.Effect{NumLines: 4, NumSectors: 16, GuardTrue: 32, GlobalBytes: 512, Info: &exec.InstInfo{Op: ptx.OpLd}}
	start, _ := s.l1Request(sp, ws, ld, 0)
	assert.Equal(t, engine.Cycle(0), start, "the load passes the queued stores")
	assert.Equal(t, engine.Cycle(69), s.l1Free, "64 + 4.26, rounded up")
	assert.Equal(t, engine.Cycle(5), sp.l1Done, "the load throttle counts the load only")
	start, _ = s.l1Request(sp, ws, ld, 0)
	assert.Equal(t, engine.Cycle(5), start, "4.26, rounded up")
	perIter := 128 * ((0.26 + 4) + 16)
	assert.InEpsilon(t, 48.89, 2*65536/perIter, 0.05, "L1 bound of one SM's copy against gmem_copy_c1")
}
