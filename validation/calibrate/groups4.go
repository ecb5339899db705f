package calibrate

import (
	"fmt"
	"math"
)

// groups4 fits the parameters the tmax microbenchmarks measure (appended
// to Groups; the TMA load groups come first, the descriptor latency sits on
// top of their load latency):
//
//   - tma_store_cycles_per_kib, tma_reduce_cycles_per_kib: the step of
//     cycles_per_op from the 4 KiB to the 16 KiB box with wait_group.read
//     after each (tmast_{store,add}_{4k,16k}_read) over 12 KiB;
//   - tma_store_min_cycles (searched, groups6_tmastore.go), tma_reduce_min_cycles: tmast8_{store,add}_256b
//     (256-byte boxes, 8 unrolled per loop iteration, in one bulk group:
//     one per engine slot; the one-per-iteration loops of tmast_*_group
//     and tmast4_* take 112 / 144 cycles per operation on the GPU, their
//     uniform-datapath SASS (S2UR, ULEA, three taken branches) costing what
//     the PTX model does not charge);
//     tma_bulk_commit_cycles: tmast_store_256b_tput - _group (a
//     commit_group after each);
//   - tma_store_latency_cycles: searched on tmast_*_write (the completion
//     wait_group sees; tma_store_write_cycles, read -> write, is read
//     directly from the 4 KiB pair);
//   - tma_desc_store_cycles: tmadesc4_store first - next;
//     tma_desc_global_cycles: searched on tmadesc_global's first load and
//     tmadesc_global_two's first two (maps in global memory, their lines
//     in L2);
//   - cp_async_ca_bytes_per_cycle: searched on cpasync_ca16_tput and
//     _w16 (32 and 16 warps of cp.async.ca 16 B, 4 groups in flight each:
//     45.8 and 45.4 bytes per cycle where .cg reaches 75.6 and 74.7; _w4
//     and _w8 miss in L1 on the GPU but hit in the simulator's, a gap of
//     the L1 model);
//   - tma_hbm_extra_cycles: searched on tmacold_16k_s1, _16k_s4, _4k_s4
//     (TMA loads of rows not read before: from HBM).
var groups4 = []Group{
	{Name: "tma_store_read", Params: []string{"tma_store_cycles_per_kib"}, Benches: []string{"tmast_store_4k_read", "tmast_store_16k_read"},
		Direct: kibStep("tmast_store_4k_read", "tmast_store_16k_read")},
	{Name: "tma_reduce_read", Params: []string{"tma_reduce_cycles_per_kib"}, Benches: []string{"tmast_add_4k_read", "tmast_add_16k_read"},
		Direct: kibStep("tmast_add_4k_read", "tmast_add_16k_read")},
	// tma_store_slot: groups6_tmastore.go (after bulk_branch, which its benchmark reads)
	{Name: "tma_reduce_slot", Params: []string{"tma_reduce_min_cycles"}, Benches: []string{"tmast8_add_256b"},
		Direct: directFigure("tmast8_add_256b", "cycles_per_op", "256 B TMA .add reductions, 8 unrolled per loop iteration (SASS: ELECT around each UTMAREDG), in one bulk group")},
	{Name: "tma_bulk_commit", Params: []string{"tma_bulk_commit_cycles"}, Benches: []string{"tmast_store_256b_tput", "tmast_store_256b_group"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			t, err1 := figure(rec, "tmast_store_256b_tput", "cycles_per_op")
			g, err2 := figure(rec, "tmast_store_256b_group", "cycles_per_op")
			if err1 != nil || err2 != nil || t < g {
				return 0, "", fmt.Errorf("recordings tmast_store_256b_tput, _group: need tput >= group cycles_per_op")
			}
			return math.Round(t - g), fmt.Sprintf("fit: closed form, tmast_store_256b_tput - _group cycles_per_op %.4g - %.4g (a commit_group after each)", t, g), nil
		}},
	{Name: "tma_store_write", Params: []string{"tma_store_write_cycles"}, Benches: []string{"tmast_store_4k_write", "tmast_store_4k_read"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			w, err1 := figure(rec, "tmast_store_4k_write", "cycles_per_op")
			r, err2 := figure(rec, "tmast_store_4k_read", "cycles_per_op")
			if err1 != nil || err2 != nil || w < r {
				return 0, "", fmt.Errorf("recordings tmast_store_4k_write, _read: need write >= read cycles_per_op")
			}
			return math.Round(w - r), fmt.Sprintf("fit: closed form, tmast_store_4k_write - _read cycles_per_op %.4g - %.4g", w, r), nil
		}},
	{Name: "tma_store_latency", Params: []string{"tma_store_latency_cycles"},
		Benches: []string{"tmast_store_1k_write", "tmast_store_4k_write", "tmast_store_16k_write",
			"tmast_add_1k_write", "tmast_add_4k_write", "tmast_add_16k_write"},
		Start: []float64{100}, Lo: []float64{0}, Hi: []float64{1000}},
	{Name: "tma_desc_store", Params: []string{"tma_desc_store_cycles"}, Benches: []string{"tmadesc4_store"},
		Direct: firstMinusNext("tmadesc4_store", "a store on a parameter map new to the SM")},
	{Name: "tma_desc_global", Params: []string{"tma_desc_global_cycles"}, Benches: []string{"tmadesc_global", "tmadesc_global_two"},
		Figures: []string{"first_cycles", "second_cycles"},
		Start:   []float64{150}, Lo: []float64{0}, Hi: []float64{2000}, Scan: 40},
	{Name: "cp_async_ca", Params: []string{"cp_async_ca_bytes_per_cycle"}, Benches: []string{"cpasync_ca16_tput", "cpasync_ca16_tput_w16"},
		Start: []float64{46}, Lo: []float64{8}, Hi: []float64{256}},
	// tma_hbm: a TMA load from HBM (tmacold_*: boxes of contiguous rows,
	// 4 in flight) and the first stages of a small GEMM after ncu's flush
	// (family tmaq, gen16_tmaq.py: gemm_wgmma's producer alone, each
	// stage's completion stamped, K-major boxes, 128 bytes of each 1 KiB
	// K-row, against contiguous ones (_ct); the twins sgp_k512_c1_one_nost
	// (K-major) and sgp_k64_c1 (contiguous), recorded on both GPUs), whose
	// first boxes open a DRAM page per line (tma_hbm_page_cycles, mem.go);
	// and (session 35, m1435.md) the wait for the SM's recent HBM bytes
	// (tma_hbm_cycles_per_kib, sim/gpu/tmahbm.go: tmacold_4k_s4 against
	// _16k_s4), with tailtm_p1, _p4 and _g1 (whole launches around four
	// waited 1 KiB boxes, ncu_cycles) for the lone box. The waits meet the
	// try_wait's 149-cycle recheck (mbarpoll.go), so the cost is a
	// staircase: the search starts from the best of a 7 x 7 x 7 grid (Scan).
	{Name: "tma_hbm", Params: []string{"tma_hbm_extra_cycles", "tma_hbm_page_cycles", "tma_hbm_cycles_per_kib"},
		Benches: []string{"tmacold_16k_s1", "tmacold_16k_s4", "tmacold_4k_s4", "sgp_k512_c1_one_nost", "sgp_k64_c1",
			"tmaq_s1", "tmaq_s1_ct", "tmaq_s3", "tmaq_s3_ct", "tmaq_s6", "tailtm_p1", "tailtm_p4", "tailtm_g1"},
		// the first stage only: the later stages of contiguous boxes
		// (tmaq_s3_ct done1: 2235 GPU, 1783 simulated) lag by more than
		// their pages (not modelled)
		Figures: []string{"cycles_per_load", "bytes_per_cycle_per_sm", "first_cycles", "done0_cycles", "ncu_cycles"},
		Start:   []float64{150, 2, 0}, Lo: []float64{0, 0, 0}, Hi: []float64{300, 6, 12}, Scan: 6},
}

// kibStep: cycles per KiB from the 4 KiB box to the 16 KiB one.
func kibStep(b4, b16 string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		a, err1 := figure(rec, b4, "cycles_per_op")
		b, err2 := figure(rec, b16, "cycles_per_op")
		if err1 != nil || err2 != nil || b <= a {
			return 0, "", fmt.Errorf("recordings %s, %s: need increasing cycles_per_op", b4, b16)
		}
		return math.Round((b - a) / 12), fmt.Sprintf("fit: closed form, (%s - %s cycles_per_op) / 12 KiB: (%.4g - %.4g) / 12", b16, b4, b, a), nil
	}
}

// firstMinusNext: a tmadesc benchmark's first use less a warm use.
func firstMinusNext(bench, what string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		f, err1 := figure(rec, bench, "first_cycles")
		n, err2 := figure(rec, bench, "next_cycles")
		if err1 != nil || err2 != nil || f < n {
			return 0, "", fmt.Errorf("recording %s: need first_cycles >= next_cycles", bench)
		}
		return math.Round(f - n), fmt.Sprintf("fit: closed form, %s first_cycles - next_cycles %.4g - %.4g (%s)", bench, f, n, what), nil
	}
}

func init() { Groups = append(Groups, groups4...) }
