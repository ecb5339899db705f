package calibrate

import (
	"fmt"
	"math"
)

// groups6Core fits the parameters of the core helper's gen6 work (issue 13,
// session 4), replacing the fit of idiv_cycles_per_slot:
//
//   - call_return_cycles: searched on c6call_w1 and c6call_w16 (dependent
//     calls of a __noinline__ function: CALL, moves, IADD3, RET).
//   - idiv_cycles_per_slot (the spacing of a division's SASS steps,
//     sim/sm/seq.go): searched on the dependent 64-bit chains
//     idiv_div/rem_u64/s64 (one warp: no contention); then
//     idiv_contention_cycles (the spacing's growth with the other
//     divisions in progress on the scheduler) on the throughput of
//     independent divisions at 1, 2 and 4 warps per scheduler
//     (idivtput_u64_w4, _w8, idivtput_u64, idivtput_s64_w4, idivtput_s64;
//     recorded on both GPUs). idivtput_u64s* (64-bit operands below 2^32: nvcc's branch to the
//     inline 32-bit sequence) are compared, not fitted. The 32-bit idiv_* and
//     idivtput_u32 loops divide by a loop-invariant divisor whose
//     reciprocal ptxas hoists out of the loop: compared, not fitted.
//   - conv_wide_latency_cycles, f16_conv_latency_cycles: closed form, half
//     the cycles per pair of chain_cvt_f32_f64_pair and
//     chain_cvt_f16_f32_pair; shfl_idx_extra_cycles: chain_shfl_idx minus
//     chain_shfl_bfly (sim/sm/forms.go).
var groups6Core = []Group{
	{Name: "conv_wide_latency", Params: []string{"conv_wide_latency_cycles"}, Benches: []string{"chain_cvt_f32_f64_pair"},
		Direct: halfPair("chain_cvt_f32_f64_pair", "F2F.F64.F32 + F2F.F32.F64")},
	{Name: "f16_conv_latency", Params: []string{"f16_conv_latency_cycles"}, Benches: []string{"chain_cvt_f16_f32_pair"},
		// the pair is F2FP (on the ALU with FFMA's latency: fpalu_f2fp_lat)
		// then HADD2.F32, whose latency this is
		Direct: chainDiff("chain_cvt_f16_f32_pair", " (dependent pairs F2FP.F16.F32.PACK_AB + HADD2.F32)",
			"chain_fma_f32", " (F2FP has FFMA's latency: fpalu_f2fp_lat)")},
	{Name: "shfl_idx", Params: []string{"shfl_idx_extra_cycles"}, Benches: []string{"chain_shfl_idx"},
		Direct: chainDiff("chain_shfl_idx", "", "chain_shfl_bfly", " (SHFL.IDX over SHFL.BFLY)")},
	{Name: "call_return", Params: []string{"call_return_cycles"}, Benches: []string{"c6call_w1", "c6call_w16"},
		Start: []float64{50}, Lo: []float64{0}, Hi: []float64{500}},
	{Name: "idiv", Params: []string{"idiv_cycles_per_slot"},
		Benches: []string{"idiv_div_u64", "idiv_rem_u64", "idiv_div_s64", "idiv_rem_s64"},
		Start:   []float64{3}, Lo: []float64{0.5}, Hi: []float64{20}},
	// a 32-bit division by a reciprocal computed elsewhere (session 33,
	// helper alu: validation/timing/alu33.md): div.u32, rem.u32 and div.s32
	// by a loop-invariant divisor
	{Name: "idiv_shared", Params: []string{"idiv_shared_cycles"},
		Benches: []string{"idiv_div_u32", "idiv_rem_u32", "idiv_div_s32"},
		Start:   []float64{64}, Lo: []float64{10}, Hi: []float64{200}},
	{Name: "idiv_contention", Params: []string{"idiv_contention_cycles"},
		Benches: []string{"idivtput_u64_w4", "idivtput_u64_w8", "idivtput_u64", "idivtput_s64_w4", "idivtput_s64"},
		Start:   []float64{1.5}, Lo: []float64{0}, Hi: []float64{20}},
}

// halfPair reads half the cycles per op of a chain of conversion pairs.
func halfPair(bench, what string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		v, err := figure(rec, bench, "cycles_per_op")
		if err != nil {
			return 0, "", err
		}
		return math.Round(v / 2), fmt.Sprintf("fit: closed form, %s cycles_per_op %.4g / 2 (dependent pairs %s)", bench, v, what), nil
	}
}

// chainDiff reads the cycles per op of chain a beyond chain b's (at least
// 0), rounded: the extra latency of a's form.
func chainDiff(a, aNote, b, bNote string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		x, err := figure(rec, a, "cycles_per_op")
		if err != nil {
			return 0, "", err
		}
		y, err := figure(rec, b, "cycles_per_op")
		if err != nil {
			return 0, "", err
		}
		return math.Max(0, math.Round(x-y)), fmt.Sprintf("fit: closed form, %s cycles_per_op %.4g%s - %s %.4g%s", a, x, aNote, b, y, bNote), nil
	}
}

// init puts call_return and the two-parameter idiv group where groups3's
// idiv group was (the return is part of a 64-bit division).
func init() {
	var out []Group
	for _, g := range Groups {
		if g.Name == "idiv" {
			out = append(out, groups6Core...)
			continue
		}
		out = append(out, g)
	}
	Groups = out
}
