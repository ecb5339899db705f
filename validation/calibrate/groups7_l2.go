package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// groupsL2Merge fits the L2 request merging (sim/gpu/l2merge.go, issue 14)
// in closed form from ncu's counters of the l2bw_sh family (tools/
// microbench/gen6_l2.py register_sh, SIM_SKIP: read here, not simulated):
//
//   - l2_merge_joins_count: with every CTA reading the same region
//     (l2bw_sh_ld_g1, _g1_x2, l2bw_sh_tma_g1, _g1_x2: 16 or 18 sharers in
//     each GPC) the L2 slices see fewer sectors from the SMs (ncu
//     lts__t_sectors_srcunit_tex) than the same launch with private
//     regions (_g132, _g264_x2) by a factor r: each request that reaches a
//     slice carried r - 1 others. The median r over the four, less one,
//     rounded.
//   - l2_merge_forward_bytes_per_cycle (group l2_merge_forward, below):
//     searched, not read.
var groupsL2Merge = []Group{
	{Name: "l2_merge", Params: []string{"l2_merge_joins_count"}, Benches: l2MergePairs,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var xs []float64
			var parts []string
			for i := 0; i < len(l2MergePairs); i += 2 {
				sh, pr := l2MergePairs[i], l2MergePairs[i+1]
				a, err := figure(rec, sh, "ncu_lts_tex_sectors")
				if err != nil {
					return 0, "", err
				}
				b, err := figure(rec, pr, "ncu_lts_tex_sectors")
				if err != nil {
					return 0, "", err
				}
				xs = append(xs, b/a)
				parts = append(parts, fmt.Sprintf("%s %.4g / %s %.4g = %.3g", pr, b, sh, a, b/a))
			}
			r := median(xs)
			return math.Round(r - 1), fmt.Sprintf("fit: closed form, median %.3g - 1 of the L2 sectors from the SMs (ncu lts__t_sectors_srcunit_tex) with private regions over those with every CTA reading one region: %s",
				r, strings.Join(parts, "; ")), nil
		}},
}

// groupL2MergeForward searches l2_merge_forward_bytes_per_cycle (sim/gpu/
// l2merge.go, validation/timing/mcast27.md): the rate at which a GPC
// forwards the data of the loads that joined another's request. With every
// CTA reading one region (l2bw_sh_*_g1, _g2, _g4, _g1_x2: 16-18 sharers in
// each GPC, 64 KiB in flight per SM) the SMs move less than alone (ld.cg
// 82.7 against 110.6 bytes per cycle on the H200), though the slices see a
// third of the sectors; yet 2 or 4 CTAs of a GPC loading the same 4 or 16
// KiB box at the same moment take no longer than one (tma_nomcast* =
// tma_mcast*, t7mc_rlx - t7mc_nobar = the relaxed barrier alone, both
// GPUs), which the fixed delay of the joined data it replaces
// (l2_merge_forward_cycles, 200 / 253) put at +28..+44%. The sharing
// recordings are SIM_SKIP: the group runs with --heavy only (each point
// simulates the seven, about 75 s), a grid of 9 points over 300..2000 then
// Nelder-Mead; without --heavy the profile's value stays.
var groupL2MergeForward = Group{Name: "l2_merge_forward", Params: []string{"l2_merge_forward_bytes_per_cycle"},
	Benches: []string{"l2bw_sh_ld_g1", "l2bw_sh_ld_g1_x2", "l2bw_sh_ld_g2", "l2bw_sh_ld_g4",
		"l2bw_sh_tma_g1", "l2bw_sh_tma_g1_x2", "l2bw_sh_tma_g4"},
	Start: []float64{1000}, Lo: []float64{300}, Hi: []float64{2000}, Scan: 8}

// l2MergePairs are (shared, private) recordings of the same launch shape.
var l2MergePairs = []string{
	"l2bw_sh_ld_g1", "l2bw_sh_ld_g132",
	"l2bw_sh_ld_g1_x2", "l2bw_sh_ld_g264_x2",
	"l2bw_sh_tma_g1", "l2bw_sh_tma_g132",
	"l2bw_sh_tma_g1_x2", "l2bw_sh_tma_g264_x2",
}

func init() { Groups = append(Groups, append(groupsL2Merge, groupL2MergeForward)...) }
