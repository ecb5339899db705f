package calibrate

import (
	"fmt"
	"math"
)

// The family of tools/microbench/gen11_atom.py (issue 15, helper atom):
// warppipe (warp11.cu): independent SHFL.BFLY / IDX / UP and ISETP + VOTE
// by warps (warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w
// clk[w][1]), SHFL + ATOMS and SHFL + VOTE pairs, and one warp's dependent
// VOTE and scan-step chains (cycles_per_op = clk[0][1] / warp_ops_per_warp);
// its atom11_* directories are family atom (atom7.cu's figures).
func init() {
	registerFamily("warppipe", family{
		figures: func(b *Bench) []string {
			if b.Kind == "latency" {
				return []string{"cycles_per_op"}
			}
			return []string{"warp_inst_per_sm_cycle"}
		},
		derive: func(b *Bench, o Outputs, _ float64) (map[string]float64, error) {
			cl := rows(o["clk"], 2)
			if len(cl) == 0 {
				return nil, fmt.Errorf("%s: output clk has %d values, the derivation needs 2 per warp", b.Name, len(o["clk"]))
			}
			if b.Kind == "latency" {
				return map[string]float64{"cycles_per_op": maxCol(cl, 1) / b.meta("warp_ops_per_warp")}, nil
			}
			return map[string]float64{"warp_inst_per_sm_cycle": b.meta("warps") * b.meta("warp_ops_per_warp") / maxCol(cl, 1)}, nil
		}})
	Groups = append(Groups, groups11Atom...)
}

// groups11Atom fits the warp pipe's and shared atomics' parameters
// (sim/sm/warppipe.go, atomscan.go, atomserial.go):
//
//   - shfl_interval_cycles: 4 sub-partitions / warp11_bfly_w32's warps
//     per SM-cycle (independent SHFL.BFLY at 8 warps per scheduler);
//   - warp_interval_cycles: the same of warp11_vote_w32 (ISETP + VOTE:
//     VOTE is not on the shuffles' pipe, warp11_shfl_vote_*);
//   - vote_latency_cycles: warp11_vote_chain (ISETP + VOTE) minus
//     chain_add_s32 (the ALU's latency);
//   - shfl_pred_extra_cycles: warp11_scan_chain (SHFL.UP P0 + @P0 IADD)
//     minus chain_shfl_bfly and chain_add_s32;
//   - smem_atom_interval_cycles: atomics on 32 distinct words
//     (atom11_lanes_dead_w1, _w32) and SHFL + ATOMS pairs at 32 warps
//     (warp11_shfl_atom_w32; at one warp the simulator issues the PTX's
//     shfl-then-atom pairs in order, where ptxas batches the 16 SHFLs:
//     compared, not fitted);
//   - redux_interval_cycles: 4 sub-partitions / redux13_tput_w32's
//     warps per SM-cycle (independent REDUX.SUM + its IMAD.U32 back from
//     the uniform register at 8 warps per scheduler; REDUX holds the MIO
//     issue, warppipe.go: atom15_mixr_*, redux15_tput_w8 compared);
//   - redux_warp_interval_cycles: 1 / redux13_tput_w1's rate (one warp,
//     16 independent REDUX: one per 10.9 cycles);
//   - redux_latency_cycles: redux13_chain's cycles a dependent step;
//   - s2r_interval_cycles: the S2R SR_LANEID of ptxas's warp scan (one an
//     atomic: atom7_const_used_w32, _param_used_w32) and of a warp-reduced
//     stretch of 32 (one an iteration: atom7_const_dead_w32, _param_dead_w32,
//     atom11_dist_dead_w32) on the MIO pipe at 32 warps (atomserial.go
//     s2rStretchAtoms; no benchmark isolates S2R: atom15_mixs's was hoisted);
//   - atom_reduce_cycles: one warp's warp-reduced atomics, 32 a stretch
//     behind one REDUX.SUM (atom7_const_dead_w1, atom7_param_dead_w1, on
//     both GPUs; atom15_red32 and _red128, 32 or 128 a stretch at 1, 8 and
//     32 warps, are compared, not fitted; atom15_red8, whose lane S2R
//     ptxas hoists, fits atom_reduce_nolane_cycles: groups23_i64.go).
var groups11Atom = []Group{
	{Name: "shfl_interval", Params: []string{"shfl_interval_cycles"},
		Benches: []string{"warp11_bfly_w*", "warp11_idx_w*", "warp11_up_w*"},
		Direct:  perSubPartition("warp11_bfly_w32", "independent SHFL.BFLY, 32 warps")},
	{Name: "warp_interval", Params: []string{"warp_interval_cycles"},
		Benches: []string{"warp11_vote_w*"},
		Direct:  perSubPartition("warp11_vote_w32", "independent ISETP + VOTE.ANY, 32 warps")},
	{Name: "vote_latency", Params: []string{"vote_latency_cycles"}, Benches: []string{"warp11_vote_chain"},
		Direct: chainDiff("warp11_vote_chain", " (dependent ISETP + VOTE.ANY)", "chain_add_s32", " (the ISETP: the ALU's latency)")},
	{Name: "shfl_pred_extra", Params: []string{"shfl_pred_extra_cycles"}, Benches: []string{"warp11_scan_chain"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var v [3]float64
			for i, n := range []string{"warp11_scan_chain", "chain_shfl_bfly", "chain_add_s32"} {
				x, err := figure(rec, n, "cycles_per_op")
				if err != nil {
					return 0, "", err
				}
				v[i] = x
			}
			return math.Max(0, math.Round(v[0]-v[1]-v[2])), fmt.Sprintf("fit: closed form, warp11_scan_chain cycles_per_op %.4g (dependent SHFL.UP P0 + @P0 IADD) - chain_shfl_bfly %.4g - chain_add_s32 %.4g", v[0], v[1], v[2]), nil
		}},
	{Name: "smem_atom_interval", Params: []string{"smem_atom_interval_cycles"},
		Benches: []string{"atom11_lanes_dead_w1", "atom11_lanes_dead_w32", "warp11_shfl_atom_w32"},
		Start:   []float64{4}, Lo: []float64{1}, Hi: []float64{12}},
	{Name: "redux_interval", Params: []string{"redux_interval_cycles"},
		Benches: []string{"redux13_tput_w32", "redux15_tput_w8", "atom15_mixr_*"},
		Direct:  perSubPartition("redux13_tput_w32", "independent REDUX.SUM + IMAD.U32, 32 warps")},
	{Name: "redux_warp_interval", Params: []string{"redux_warp_interval_cycles"},
		Benches: []string{"redux13_tput_w1"},
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			v, err := figure(rec, "redux13_tput_w1", "warp_inst_per_sm_cycle")
			if err != nil {
				return 0, "", err
			}
			return math.Round(1 / v), fmt.Sprintf("fit: closed form, 1 / redux13_tput_w1 warp_inst_per_sm_cycle %.4g (one warp, 16 independent REDUX.SUM)", v), nil
		}},
	{Name: "redux_latency", Params: []string{"redux_latency_cycles"}, Benches: []string{"redux13_chain"},
		Direct: directFigure("redux13_chain", "cycles_per_op", "dependent REDUX.SUM + IMAD.U32 from the uniform register")},
	{Name: "s2r_interval", Params: []string{"s2r_interval_cycles"},
		Benches: []string{"atom7_const_used_w32", "atom7_param_used_w32", "atom7_const_dead_w32", "atom7_param_dead_w32", "atom11_dist_dead_w32"},
		Start:   []float64{6}, Lo: []float64{1}, Hi: []float64{16}},
	{Name: "atom_reduce", Params: []string{"atom_reduce_cycles"},
		Benches: []string{"atom7_const_dead_w1", "atom7_param_dead_w1"},
		Start:   []float64{60}, Lo: []float64{0}, Hi: []float64{300}},
}

// perSubPartition reads 4 sub-partitions / a throughput benchmark's warp
// instructions per SM-cycle, rounded: a sub-partition's interval.
func perSubPartition(bench, what string) func(map[string]*Bench) (float64, string, error) {
	return func(rec map[string]*Bench) (float64, string, error) {
		v, err := figure(rec, bench, "warp_inst_per_sm_cycle")
		if err != nil {
			return 0, "", err
		}
		return math.Round(4 / v), fmt.Sprintf("fit: closed form, 4 sub-partitions / %s warp_inst_per_sm_cycle %.4g (%s)", bench, v, what), nil
	}
}
