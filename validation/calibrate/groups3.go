package calibrate

import (
	"fmt"
	"math"
)

// groups3 fits the parameters the gen3 microbenchmarks measure (appended
// to Groups; they depend on no later group):
//
//   - l1_request_cycles, l1_cycles_per_line: searched on gld_line_w4,
//     gld_s64_w4, gld_coal_w4 (L1-warm loads of 32, 16 and 1 lines), the
//     gls loads of several warps (gen6_store.py; their rep 1 from the
//     barrier's release: rep1FromRelease) and l2bw_ld_c1 (one SM's 32
//     warps streaming 4-line ld.global.cg.v4 from L2: the L1's pace, 110.6
//     bytes a cycle on the H200); l1_request_cycles is fractional (a
//     fraction of a cycle a request on average: 16 warps' one-line loads
//     take 1.44 cycles each on the SM, 32-line loads 1.05 a line);
//     l1_store_cycles_per_sector, l1_store_partial_cycles on gst_line_w4,
//     gst_sector_w4, gst_row96_w4, gst_coal_w4 (stores of 32 lines x 1
//     partial sector, 8 x 4 partial, 32 x 1, 1 x 4 whole) and the gls
//     stores of several warps; lg_queue_cycles (how far a sub-partition's
//     global requests run ahead of its port and the L1: sim/sm/lsu.go
//     lgThrottle, storequeue.go) from a grid of 17 points over [0, 256] on
//     the figures it moves there (validation/timing/prov25.md): two warps
//     of one sub-partition storing (gls2_st32/64_coal_p04: a shallower
//     queue is slower) and 8-16 warps' loads (gls2_ld32_coal_w8/w16,
//     gls_ld32_coal_w16: below ~48 slower). Its earlier benchmarks
//     (gst_line_w1/w4, gls_st32_coal_w4_i1, gls2_st32_coal_w1_i1) move
//     only below 16 (the store queue holds them). Left out: l2bw_ld_c4 and
//     c16, which move only above ~128, through collisions at L2 that would
//     make the queue's depth stand in for the L2's bandwidth (the H100's
//     are 7-10% fast at any depth up to 128). The sub-partition's port:
//     groups6_store.go.
//   - imad_wide_interval_cycles: 4 sub-partitions over itput_mul_hi's
//     warp-instructions per SM-cycle (IMAD.HI); imad_hi_latency_cycles:
//     xchain_mul_hi's cycles per op.
//   - idiv_cycles_per_slot: searched on idiv_div_u64, rem_u64, div_s64,
//     rem_s64 (the 32-bit idiv_* hoist the reciprocal out of the loop:
//     they are compared, not fitted).
//   - icache_line_interval_cycles: searched on icache_ffma_w1, w4 (the
//     launch's ncu cycles: 32 KiB of straight-line code from memory).
//   - async_latency_cycles (the result latency of mbarrier operations,
//     the only async-class instructions with register results): searched
//     on xchain_mbar_arrive, xchain_mbar_test, xchain_mbar_arrive_test,
//     before mbar_wake_cycles (the last entry: init puts it there).
var groups3 = []Group{
	{Name: "l1_load", Params: []string{"l1_request_cycles", "l1_cycles_per_line"},
		Benches: []string{"gld_line_w4", "gld_s64_w4", "gld_coal_w4", "gls2_ld32_coal_w16", "gls_ld32_l4_w4", "gls_ld32_l8_w4",
			"l2bw_ld_c1"},
		Figures: []string{"cycles_per_load", "cycles_per_access", "bytes_per_sm_cycle"},
		Start:   []float64{1, 1}, Lo: []float64{0, 0}, Hi: []float64{16, 16}},
	{Name: "l1_store", Params: []string{"l1_store_cycles_per_sector", "l1_store_partial_cycles"},
		Benches: []string{"gst_line_w4", "gst_sector_w4", "gst_row96_w4", "gst_coal_w4", "gls_st32_coal_w16",
			"gls_st64_epi_w8", "gls_st64_r8g8_w4", "gls_st32_r8g4_w4", "gls_st128_coal_w4", "gls_st128_r16g2_w4"},
		Figures: []string{"cycles_per_store", "cycles_per_access"},
		Start:   []float64{1, 1}, Lo: []float64{0, 0}, Hi: []float64{16, 16}},
	{Name: "lg_queue", Params: []string{"lg_queue_cycles"},
		Benches: []string{"gls2_st32_coal_p04", "gls2_st64_coal_p04", "gls2_ld32_coal_w8", "gls2_ld32_coal_w16",
			"gls_ld32_coal_w16"},
		Figures: []string{"cycles_per_access"},
		Start:   []float64{64}, Lo: []float64{0}, Hi: []float64{256}, Scan: 16},
	{Name: "imad_wide", Params: []string{"imad_wide_interval_cycles"}, Benches: []string{"itput_mul_hi"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			v, err := figure(rec, "itput_mul_hi", "warp_inst_per_sm_cycle")
			if err != nil {
				return 0, "", err
			}
			return math.Round(4 / v), fmt.Sprintf("fit: closed form, 4 sub-partitions / itput_mul_hi warp_inst_per_sm_cycle %.4g (independent IMAD.HI)", v), nil
		}},
	{Name: "imad_hi_latency", Params: []string{"imad_hi_latency_cycles"}, Benches: []string{"xchain_mul_hi"},
		Direct: directFigure("xchain_mul_hi", "cycles_per_op", "dependent IMAD.HI chain")},
	{Name: "idiv", Params: []string{"idiv_cycles_per_slot"},
		Benches: []string{"idiv_div_u64", "idiv_rem_u64", "idiv_div_s64", "idiv_rem_s64"},
		Start:   []float64{4}, Lo: []float64{0.5}, Hi: []float64{20}},
	{Name: "icache_stream", Params: []string{"icache_line_interval_cycles"}, Benches: []string{"icache_ffma_w1", "icache_ffma_w4"},
		Start: []float64{8}, Lo: []float64{0}, Hi: []float64{64}},
	// the latency of a prefetcher's line after its trigger: what a stream
	// restarted behind a returning warp costs (coldj_k64_s1: 64 calls in
	// code order from the L2; sim/sm/icache.go, validation/timing/icode30.md)
	{Name: "icache_restart", Params: []string{"icache_stream_restart_cycles"}, Benches: []string{"coldj_k64_s1"},
		Start: []float64{34}, Lo: []float64{1}, Hi: []float64{80}},
	{Name: "mbarrier_ops", Params: []string{"async_latency_cycles"},
		Benches: []string{"xchain_mbar_arrive", "xchain_mbar_test", "xchain_mbar_arrive_test"},
		Start:   []float64{16}, Lo: []float64{0}, Hi: []float64{200}},
}

// init appends groups3 to Groups, the mbarrier operations' latency before
// the group "mbarrier" (mbar_wake_cycles), whose ping-pong includes it.
func init() {
	var out []Group
	for _, g := range Groups {
		if g.Name == "mbarrier" {
			out = append(out, groups3[len(groups3)-1])
		}
		out = append(out, g)
	}
	Groups = append(out, groups3[:len(groups3)-1]...)
}
