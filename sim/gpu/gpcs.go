package gpu

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/sm90sim/sm90sim/sim/sm"
)

// h200GPCs is the cluster placement map of the H200 measured by
// tools/record/cluster_gpc.cu (calibration/h200.yaml, raw output in
// calibration/h200_cluster_gpc.txt.gz): the SMs (%smid) of each GPC, where a
// GPC is a set of SMs that the hardware places the CTAs of one cluster in.
// SMs that ran CTAs of one cluster were joined (union-find over 11,592 CTAs
// of clusters of 1..16, co-resident and in waves). 132 SMs: one GPC of 8,
// five of 16, two of 18, and four pairs (SMs 124-131) that never shared a
// cluster with any other SM and hold clusters of at most 2. The map
// reproduces cuOccupancyMaxActiveClusters for every size 1..16 with one
// CTA per SM (132 66 39 30 22 17 15 15 9 7 7 7 7 7 7 7): the sum over GPCs
// of floor(SMs / size). Floorsweeping differs from chip to chip, so
// another H100/H200 may differ in which SMs are missing.
var h200GPCs = [][]int{
	{0, 1, 16, 17, 32, 33, 48, 49},
	{2, 3, 18, 19, 34, 35, 50, 51, 64, 65, 78, 79, 92, 93, 106, 107},
	{4, 5, 20, 21, 36, 37, 52, 53, 66, 67, 80, 81, 94, 95, 108, 109},
	{6, 7, 22, 23, 38, 39, 54, 55, 68, 69, 82, 83, 96, 97, 110, 111},
	{8, 9, 24, 25, 40, 41, 56, 57, 70, 71, 84, 85, 98, 99, 112, 113},
	{10, 11, 26, 27, 42, 43, 58, 59, 72, 73, 86, 87, 100, 101, 114, 115},
	{12, 13, 28, 29, 44, 45, 60, 61, 74, 75, 88, 89, 102, 103, 116, 117, 120, 121},
	{14, 15, 30, 31, 46, 47, 62, 63, 76, 77, 90, 91, 104, 105, 118, 119, 122, 123},
	{124, 125},
	{126, 127},
	{128, 129},
	{130, 131},
}

// h200L2Sides is which L2 partition (side of the chip) is near each SM of
// the H200, measured on cold lines by tools/microbench/side31 (session 31,
// lane side; raw output tools/microbench/side31/h200/side31.jsonl.gz): for
// each SM in turn, flushed before each, one thread times a chain of 8
// dependent ld.global.cg over each of 96 cold 4 KiB blocks; a block whose
// partition is far costs ~150 cycles a load more (1218 a chain). Every SM
// splits the blocks into the same two sets, or into their complement, in
// each of 5 repetitions: 66 SMs agree with SM 0, 66 are the complement.
// Whole GPCs share a side: GPCs 0, 4, 5, 6 and the four 2-SM GPCs
// (SMs 124-131) with SM 0, GPCs 1, 2, 3 and 7 on the other side (not the
// alternation the model assumed before). Side 0 is SM 0's: the model's
// slice numbering is its own address hash, not the hardware's.
var h200L2Sides = [][]int{
	{0, 1, 8, 9, 10, 11, 12, 13, 16, 17, 24, 25, 26, 27, 28, 29, 32, 33, 40, 41, 42, 43, 44, 45, 48, 49, 56, 57, 58, 59, 60, 61, 70, 71, 72, 73, 74, 75, 84, 85, 86, 87, 88, 89, 98, 99, 100, 101, 102, 103, 112, 113, 114, 115, 116, 117, 120, 121, 124, 125, 126, 127, 128, 129, 130, 131},
	{2, 3, 4, 5, 6, 7, 14, 15, 18, 19, 20, 21, 22, 23, 30, 31, 34, 35, 36, 37, 38, 39, 46, 47, 50, 51, 52, 53, 54, 55, 62, 63, 64, 65, 66, 67, 68, 69, 76, 77, 78, 79, 80, 81, 82, 83, 90, 91, 92, 93, 94, 95, 96, 97, 104, 105, 106, 107, 108, 109, 110, 111, 118, 119, 122, 123},
}

// DefaultL2Sides returns a copy of the measured H200 L2 side map: the SMs
// near L2 slice 0 and those near slice 1 (TimedConfig.L2Sides).
func DefaultL2Sides() [][]int { return copyGPCs(h200L2Sides) }

// DefaultGPCs returns a copy of the measured H200 GPC map.
func DefaultGPCs() [][]int { return copyGPCs(h200GPCs) }

// validateGPCs checks that every SM appears in at most one GPC and is below
// numSMs.
func validateGPCs(gpcs [][]int, numSMs int) error {
	seen := make([]bool, numSMs)
	for i, g := range gpcs {
		if len(g) == 0 {
			return fmt.Errorf("gpcs[%d] is empty", i)
		}
		for _, sm := range g {
			if sm < 0 || sm >= numSMs {
				return fmt.Errorf("gpcs[%d]: SM %d is outside 0..%d", i, sm, numSMs-1)
			}
			if seen[sm] {
				return fmt.Errorf("gpcs[%d]: SM %d is in two GPCs", i, sm)
			}
			seen[sm] = true
		}
	}
	return nil
}

// validateL2Sides checks an l2_sides map: two lists of SMs, none in both
// or listed twice.
func validateL2Sides(sides [][]int) error {
	if len(sides) != 2 {
		return fmt.Errorf("l2_sides has %d lists, want 2 (the SMs near each L2 partition)", len(sides))
	}
	seen := map[int]bool{}
	for _, l := range sides {
		for _, s := range l {
			if s < 0 || seen[s] {
				return fmt.Errorf("l2_sides: SM %d is negative or listed twice", s)
			}
			seen[s] = true
		}
	}
	return nil
}

// MaxActiveClusters is how many clusters of size CTAs (one CTA per SM) fit
// at once: per GPC, floor(SMs / size) (cuOccupancyMaxActiveClusters).
func MaxActiveClusters(gpcs [][]int, size int) int {
	n := 0
	for _, g := range gpcs {
		n += len(g) / size
	}
	return n
}

// ClusterSlots lists where co-resident clusters of size CTAs go, in the
// order the simulator fills them: GPC by GPC, one cluster each per round
// (the hardware also spreads a launch's first clusters over the GPCs), each
// slot a cluster's SMs by rank. All of a cluster's CTAs are in one GPC.
// The GPCs that hold the fewest such clusters come first (stable in map
// order): the H200 puts its first clusters of 2 on the 2-SM GPCs (SMs
// 124-131, calibration/probes dsmempr.h200.txt); for the other sizes of the
// measured maps this is the map order.
func ClusterSlots(gpcs [][]int, size int) ([][]int, error) {
	if size <= 0 {
		return nil, fmt.Errorf("cluster size %d must be positive", size)
	}
	gpcs = slices.Clone(gpcs)
	slices.SortStableFunc(gpcs, func(a, b []int) int { return cmp.Compare(len(a)/size, len(b)/size) })
	var slots [][]int
	for round := 0; ; round++ {
		added := false
		for _, g := range gpcs {
			if (round+1)*size <= len(g) {
				slots = append(slots, g[round*size:(round+1)*size])
				added = true
			}
		}
		if !added {
			break
		}
	}
	if len(slots) == 0 {
		return nil, fmt.Errorf("a cluster of %d CTAs fits in no GPC (the largest has %d SMs)", size, largest(gpcs))
	}
	return slots, nil
}

func largest(gpcs [][]int) int {
	m := 0
	for _, g := range gpcs {
		m = max(m, len(g))
	}
	return m
}

// smConfig is SM i's configuration: the profile's, with the DSMEM latency of
// a small GPC (dsmem_small_gpc_latency_cycles) on the SMs of a GPC of at
// most two SMs.
func (m *machine) smConfig(i int) *sm.Config {
	if m.tc.DSMEMSmallGPCLatencyCycles <= 0 {
		return &m.tc.SM
	}
	for _, g := range m.cfg.GPCs {
		if len(g) <= 2 && slices.Contains(g, i) {
			c := m.tc.SM
			c.DSMEMLatencyCycles = m.tc.DSMEMSmallGPCLatencyCycles
			return &c
		}
	}
	return &m.tc.SM
}
