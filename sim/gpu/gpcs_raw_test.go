package gpu

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// clusterGPCOutput is what tools/record/cluster_gpc.cu printed on a GPU.
type clusterGPCOutput struct {
	occBig, occSmall []int // cudaOccupancyMaxActiveClusters, sizes 1..16
	gpcs             [][]int
	ctas             int
	notResident      int // CTAs of a co-resident launch that did not see all arrive
}

// readClusterGPC joins the SMs that ran CTAs of one cluster (union-find
// over every launch) and returns the groups sorted by their first SM.
func readClusterGPC(t *testing.T, path string) clusterGPCOutput {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		gz, err := gzip.NewReader(f)
		require.NoError(t, err)
		r = gz
	}
	parent := map[int]int{}
	var find func(int) int
	find = func(x int) int {
		if p, ok := parent[x]; !ok {
			parent[x] = x
		} else if p != x {
			parent[x] = find(p)
		}
		return parent[x]
	}
	var out clusterGPCOutput
	first := map[string]int{} // launch/size/cluster -> its first SM
	grid := map[string]int{}  // launch/size -> CTAs
	type cta struct {
		key     string
		arrived int
	}
	var resident []cta
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		switch {
		case len(w) == 6 && w[0] == "occ":
			var size, n int
			_, err := fmt.Sscanf(w[3]+" "+w[5], "%d %d", &size, &n)
			require.NoError(t, err, sc.Text())
			if w[1] == "big" {
				out.occBig = append(out.occBig, n)
			} else {
				out.occSmall = append(out.occSmall, n)
			}
		case len(w) == 8 && w[0] == "cta":
			var size, b, sm, cid, rank, arrived int
			_, err := fmt.Sscanf(strings.Join(w[2:], " "), "%d %d %d %d %d %d", &size, &b, &sm, &cid, &rank, &arrived)
			require.NoError(t, err, sc.Text())
			launch := w[1] + "/" + w[2]
			grid[launch]++
			out.ctas++
			key := launch + "/" + w[5]
			if s0, ok := first[key]; ok {
				parent[find(sm)] = find(s0)
			} else {
				first[key] = sm
				find(sm)
			}
			if w[1] == "resident" {
				resident = append(resident, cta{launch, arrived})
			}
		}
	}
	require.NoError(t, sc.Err())
	for _, c := range resident {
		if c.arrived != grid[c.key] {
			out.notResident++
		}
	}
	groups := map[int][]int{}
	for sm := range parent {
		groups[find(sm)] = append(groups[find(sm)], sm)
	}
	for _, g := range groups {
		sort.Ints(g)
		out.gpcs = append(out.gpcs, g)
	}
	sort.Slice(out.gpcs, func(i, j int) bool { return out.gpcs[i][0] < out.gpcs[j][0] })
	return out
}

// TestGPCMapsMatchRawOutput redoes the union-find on each GPU's raw
// cluster_gpc output: the compiled-in map is what the GPU showed, every
// co-resident launch was co-resident, and the occupancy the profile file
// states is what the GPU reported (and what the map gives).
func TestGPCMapsMatchRawOutput(t *testing.T) {
	for _, c := range []struct {
		raw, profile string
		gpcs         [][]int
	}{
		{"../../calibration/h200_cluster_gpc.txt.gz", "../../calibration/h200.yaml", DefaultGPCs()},
		{"../../calibration/h100_cluster_gpc.txt.gz", "../../calibration/h100-sxm.yaml", H100GPCs()},
	} {
		got := readClusterGPC(t, c.raw)
		assert.Equal(t, 11592, got.ctas, c.raw)
		assert.Zero(t, got.notResident, c.raw)
		assert.Equal(t, c.gpcs, got.gpcs, c.raw)
		b, err := os.ReadFile(c.profile)
		require.NoError(t, err)
		var prof struct {
			GPCs     [][]int `yaml:"gpcs"`
			MaxBig   []int   `yaml:"max_active_clusters_one_cta_per_sm"`
			MaxSmall []int   `yaml:"max_active_clusters_small_ctas"`
		}
		require.NoError(t, yaml.Unmarshal(b, &prof))
		assert.Equal(t, got.occBig, prof.MaxBig, c.profile)
		assert.Equal(t, got.occSmall, prof.MaxSmall, c.profile)
		assert.Equal(t, c.gpcs, prof.GPCs, c.profile)
		for s := 1; s <= 16; s++ {
			assert.Equal(t, got.occBig[s-1], MaxActiveClusters(c.gpcs, s), "%s: cluster size %d", c.raw, s)
		}
	}
}
