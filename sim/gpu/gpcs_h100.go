package gpu

// h100GPCs is the cluster placement map of the H100 80GB HBM3 that the
// device kind nvidia-h100-x1 lent on 2026-11-26 (PCI 00000000:00:06.0,
// driver 580.159.04, SM 1980 MHz, memory 2619 MHz), measured the way the
// H200's was (h200GPCs): tools/record/cluster_gpc.cu, raw output in
// calibration/h100_cluster_gpc.txt.gz, union-find over the SMs of each
// cluster's CTAs (11,592 CTAs of clusters of 1..16, co-resident and in
// waves; TestGPCMapsMatchRawOutput redoes it). The result is the same map
// as the H200's, SM for SM: one GPC of 8, five of 16, two of 18 and four
// pairs (124-131) that never share a cluster with another SM; the
// occupancy it reproduces is the H200's too (calibration/h100-sxm.yaml).
// %smid numbers the SMs that exist, so another chip's floorsweeping need
// not show here.
var h100GPCs = [][]int{
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

// H100GPCs returns a copy of the measured H100 GPC map.
func H100GPCs() [][]int { return copyGPCs(h100GPCs) }

func copyGPCs(gpcs [][]int) [][]int {
	out := make([][]int, len(gpcs))
	for i, g := range gpcs {
		out[i] = append([]int(nil), g...)
	}
	return out
}
