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
//   - l2_merge_forward_cycles: with every CTA reading one region each SM
//     moves less than one SM alone (l2bw_sh_ld_g1 against l2bw_ld_c1; 64
//     KiB in flight per SM in both), though the slices are far from busy:
//     the round trip of the 64 KiB grows from 65536 / (alone's bytes per
//     cycle) to 65536 / (shared's per SM); every warp's loads hold joined
//     lines, so the growth is the joined data's delay. (One TMA box alone
//     is not latency-bound in the model, so the TMA pair does not read its
//     delay this way: l2_merge_tma_forward_cycles, groups8_l2q.go.)
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
	{Name: "l2_merge_forward", Params: []string{"l2_merge_forward_cycles"}, Benches: l2MergeAlone,
		Direct: func(rec map[string]*Bench) (float64, string, error) {
			var sum float64
			var parts []string
			for i := 0; i < len(l2MergeAlone); i += 2 {
				sh, al := l2MergeAlone[i], l2MergeAlone[i+1]
				a, err := figure(rec, sh, "bytes_per_sm_cycle")
				if err != nil {
					return 0, "", err
				}
				a /= float64(rec[sh].Grid[0]) // one CTA per SM
				b, err := figure(rec, al, "bytes_per_sm_cycle")
				if err != nil {
					return 0, "", err
				}
				x := 65536/a - 65536/b
				sum += x
				parts = append(parts, fmt.Sprintf("65536 / %s %.4g - 65536 / %s %.4g = %.0f", sh, a, al, b, x))
			}
			v := sum / float64(len(l2MergeAlone)/2)
			return math.Round(v), fmt.Sprintf("fit: closed form, mean round-trip growth of 64 KiB in flight per SM, every CTA reading one region against one SM alone (bytes per SM cycle): %s",
				strings.Join(parts, "; ")), nil
		}},
}

// l2MergeAlone are (shared, one SM alone) ld.cg recordings with 64 KiB in
// flight per SM.
var l2MergeAlone = []string{"l2bw_sh_ld_g1", "l2bw_ld_c1"}

// l2MergePairs are (shared, private) recordings of the same launch shape.
var l2MergePairs = []string{
	"l2bw_sh_ld_g1", "l2bw_sh_ld_g132",
	"l2bw_sh_ld_g1_x2", "l2bw_sh_ld_g264_x2",
	"l2bw_sh_tma_g1", "l2bw_sh_tma_g132",
	"l2bw_sh_tma_g1_x2", "l2bw_sh_tma_g264_x2",
}

func init() { Groups = append(Groups, groupsL2Merge...) }
