package calibrate

import (
	"fmt"
	"math"
	"strings"
)

// Helper big's groups (issue 14, session 7): the L2's near copies of far
// lines (sim/gpu/l2near.go), in closed form from one SM's pointer chase
// at stride 128 B over 16..64 MiB (gmem_chase_l2s_*, gen7_fit8.py, both
// GPUs). The chase shows three levels: near-slice hits (l2s_16m) up to
// half the L2, a middle level (l2s_36m, l2s_40m) where the near lines miss
// to HBM and the far ones cross the fabric, and HBM beyond the whole L2.
//
//   - l2_cache_bytes: twice the footprint where the chase crosses halfway
//     from the near level to the middle one (linear between the two
//     recorded footprints around it): one SM's near slice holds its whole
//     footprint, copies included, up to half the L2.
//   - l2_fabric_hit_cycles: on the middle level half the loads (the near
//     lines) go to HBM, at gmem_chase_1g's cycles_per_load, the other half
//     cross the fabric: 2 x middle - HBM.
var groupsBig = []Group{
	{Name: "big_l2_capacity", Params: []string{"l2_cache_bytes"}, Benches: bigL2SBenches, Direct: bigL2Capacity},
	{Name: "big_l2_fabric", Params: []string{"l2_fabric_hit_cycles"},
		Benches: append(append([]string(nil), bigL2SMiddle...), "gmem_chase_1g"), Direct: bigL2Fabric},
}

// bigL2SMiB are the chase footprints in MiB (gen7_fit8.py L2S_MIB up to
// the middle level), bigL2SMiddle the recordings on the middle level on
// both GPUs.
var (
	bigL2SMiB     = []int{16, 20, 24, 28, 32, 36, 40}
	bigL2SBenches = func() []string {
		var out []string
		for _, m := range bigL2SMiB {
			out = append(out, fmt.Sprintf("gmem_chase_l2s_%dm", m))
		}
		return out
	}()
	bigL2SMiddle = []string{"gmem_chase_l2s_36m", "gmem_chase_l2s_40m"}
)

// bigMiddle is the mean cycles_per_load of the middle-level recordings.
func bigMiddle(rec map[string]*Bench) (float64, error) {
	var sum float64
	for _, n := range bigL2SMiddle {
		v, err := figure(rec, n, "cycles_per_load")
		if err != nil {
			return 0, err
		}
		sum += v
	}
	return sum / float64(len(bigL2SMiddle)), nil
}

func bigL2Capacity(rec map[string]*Bench) (float64, string, error) {
	mid, err := bigMiddle(rec)
	if err != nil {
		return 0, "", err
	}
	figs := make([]float64, len(bigL2SBenches))
	for i, n := range bigL2SBenches {
		if figs[i], err = figure(rec, n, "cycles_per_load"); err != nil {
			return 0, "", err
		}
	}
	if mid <= figs[0] {
		return 0, "", fmt.Errorf("gmem_chase_l2s_*: no middle level above the near one (%.4g <= %.4g)", mid, figs[0])
	}
	half := (figs[0] + mid) / 2
	for i := 1; i < len(figs); i++ {
		if figs[i] <= half {
			continue
		}
		a, b := float64(bigL2SMiB[i-1]), float64(bigL2SMiB[i])
		mib := a + (b-a)*(half-figs[i-1])/(figs[i]-figs[i-1])
		v := math.Round(2*mib) * (1 << 20)
		var parts []string
		for j := range figs {
			parts = append(parts, fmt.Sprintf("%dm %.4g", bigL2SMiB[j], figs[j]))
		}
		return v, fmt.Sprintf("fit: closed form, gmem_chase_l2s_* cycles_per_load (%s; middle level: mean of 36m, 40m %.4g): "+
			"halfway %.4g crossed at %.3g MiB (linear between %gm and %gm), twice that rounded to MiB: one SM's near slice "+
			"holds its footprint with the far lines' copies up to half the L2 (l2near.go)",
			strings.Join(parts, ", "), mid, half, mib, a, b), nil
	}
	return 0, "", fmt.Errorf("gmem_chase_l2s_*: no footprint reaches halfway (%.4g) to the middle level", half)
}

func bigL2Fabric(rec map[string]*Bench) (float64, string, error) {
	mid, err := bigMiddle(rec)
	if err != nil {
		return 0, "", err
	}
	hbm, err := figure(rec, "gmem_chase_1g", "cycles_per_load")
	if err != nil {
		return 0, "", err
	}
	// the near lines' misses: HBM less half dram_far_extra_cycles (groups12_smallflush.go)
	farExtra, _, _, err := dramFarExtraValue(rec)
	if err != nil {
		return 0, "", err
	}
	v := math.Round(2*mid - (hbm - farExtra/2))
	return v, fmt.Sprintf("fit: closed form, 2 x gmem_chase_l2s_36m/40m middle level %.4g - (gmem_chase_1g %.4g - "+
		"dram_far_extra_cycles %.4g / 2) (HBM from the near partition): "+
		"half the loads of the middle level cross the fabric to the far slice, half go to HBM (l2near.go)", mid, hbm, farExtra), nil
}

// init puts the two groups right after l2_far (groups7_fit8.go puts that
// after l2_hit): every later group that simulates L2 traffic (the TMA
// loads among them) is then fitted with the copies and the capacity in
// place, whatever the base profile holds.
func init() {
	var out []Group
	placed := false
	for _, g := range Groups {
		out = append(out, g)
		if g.Name == "l2_far" {
			out = append(out, groupsBig...)
			placed = true
		}
	}
	if !placed {
		out = append(out, groupsBig...)
	}
	Groups = out
}
