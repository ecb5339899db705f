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
//   - l2_merge_forward_bytes_per_cycle: with every CTA reading one region
//     (l2bw_sh_ld_g1, l2bw_sh_tma_g1: one CTA per SM, 64 KiB in flight
//     each) the SMs move less than alone (82.7 and 64.6 against 110.6 and
//     83.2 bytes per cycle on the H200), though the slices see a third of
//     the sectors; yet 2 or 4 CTAs of a GPC loading the same 4 or 16 KiB
//     box at the same moment take no longer than one (tma_nomcast* =
//     tma_mcast*, t7mc_rlx - t7mc_nobar = the relaxed barrier alone, both
//     GPUs), which a fixed delay of the joined data (the former
//     l2_merge_forward_cycles, 200 / 253 cycles) contradicts. So the GPC
//     forwards the joined data at a rate: with joins_count joins a request,
//     joins / (joins + 1) of the bytes are joined, and a GPC of 16 SMs (5
//     of 16, 2 of 18 and one of 8 on both maps) forwards 16 x that share
//     of each SM's measured rate; the mean over the ld.cg and TMA launch.
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
	{Name: "l2_merge_forward", Params: []string{"l2_merge_forward_bytes_per_cycle"}, Benches: l2MergeForward,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var sum float64
			var parts []string
			for i := 0; i < len(l2MergeForward); i += 2 {
				sh, pr := l2MergeForward[i], l2MergeForward[i+1]
				a, err := figure(rec, sh, "bytes_per_sm_cycle")
				if err != nil {
					return 0, "", err
				}
				a /= float64(rec[sh].Grid[0]) // one CTA per SM
				ss, err := figure(rec, sh, "ncu_lts_tex_sectors")
				if err != nil {
					return 0, "", err
				}
				ps, err := figure(rec, pr, "ncu_lts_tex_sectors")
				if err != nil {
					return 0, "", err
				}
				joined := 1 - ss/ps
				x := l2MergeGPCSMs * joined * a
				sum += x
				parts = append(parts, fmt.Sprintf("%d x (1 - %s %.4g / %s %.4g) x %s %.4g = %.0f", l2MergeGPCSMs, sh, ss, pr, ps, sh, a, x))
			}
			v := sum / float64(len(l2MergeForward)/2)
			return math.Round(v), fmt.Sprintf("fit: closed form, mean over every CTA reading one region of SMs in a GPC x joined share of the sectors (1 - sectors the slices see / those with private regions, ncu lts__t_sectors_srcunit_tex) x bytes per SM cycle: %s",
				strings.Join(parts, "; ")), nil
		}},
}

// l2MergeForward are (shared, private) recordings with one CTA per SM and
// 64 KiB in flight each; l2MergeGPCSMs the SMs of most GPCs.
var l2MergeForward = []string{"l2bw_sh_ld_g1", "l2bw_sh_ld_g132", "l2bw_sh_tma_g1", "l2bw_sh_tma_g132"}

const l2MergeGPCSMs = 16

// l2MergePairs are (shared, private) recordings of the same launch shape.
var l2MergePairs = []string{
	"l2bw_sh_ld_g1", "l2bw_sh_ld_g132",
	"l2bw_sh_ld_g1_x2", "l2bw_sh_ld_g264_x2",
	"l2bw_sh_tma_g1", "l2bw_sh_tma_g132",
	"l2bw_sh_tma_g1_x2", "l2bw_sh_tma_g264_x2",
}

func init() { Groups = append(Groups, groupsL2Merge...) }
