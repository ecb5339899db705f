package gpu

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// TestGPCMapMatchesMeasurement checks the constant table against the
// machine profile and the occupancy the H200 reported.
func TestGPCMapMatchesMeasurement(t *testing.T) {
	b, err := os.ReadFile("../../calibration/h200.yaml")
	require.NoError(t, err)
	var prof struct {
		GPCs [][]int `yaml:"gpcs"`
		Max  []int   `yaml:"max_active_clusters_one_cta_per_sm"`
	}
	require.NoError(t, yaml.Unmarshal(b, &prof))
	assert.Equal(t, prof.GPCs, DefaultGPCs())
	require.NoError(t, validateGPCs(DefaultGPCs(), 132))
	n := 0
	for _, g := range DefaultGPCs() {
		n += len(g)
	}
	assert.Equal(t, 132, n)
	require.Len(t, prof.Max, 16)
	for s := 1; s <= 16; s++ {
		assert.Equal(t, prof.Max[s-1], MaxActiveClusters(DefaultGPCs(), s), "cluster size %d", s)
		slots, err := ClusterSlots(DefaultGPCs(), s)
		require.NoError(t, err)
		assert.Len(t, slots, prof.Max[s-1], "cluster size %d", s)
	}
	_, err = ClusterSlots(DefaultGPCs(), 19)
	assert.ErrorContains(t, err, "fits in no GPC")
}

func TestClusterSlotsKeepClustersInOneGPC(t *testing.T) {
	gpcs := DefaultGPCs()
	gpcOf := map[int]int{}
	for i, g := range gpcs {
		for _, sm := range g {
			gpcOf[sm] = i
		}
	}
	slots, err := ClusterSlots(gpcs, 4)
	require.NoError(t, err)
	used := map[int]bool{}
	for _, s := range slots {
		require.Len(t, s, 4)
		for _, sm := range s {
			assert.Equal(t, gpcOf[s[0]], gpcOf[sm])
			assert.False(t, used[sm], "SM %d in two slots", sm)
			used[sm] = true
		}
	}
	// the first round visits every GPC that has room before reusing one
	assert.Equal(t, 0, gpcOf[slots[0][0]])
	assert.Equal(t, 1, gpcOf[slots[1][0]])
}

// The hardware's first clusters of 2 go to the 2-SM GPCs (H200 probe,
// calibration/probes/dsmempr.h200.txt: clusters 0-3 of a launch of 16 on
// SMs 124, 126, 128, 130); larger clusters keep the map order. Those SMs
// get dsmem_small_gpc_latency_cycles, the others dsmem_latency_cycles.
func TestClusterSlotsSmallGPCsFirst(t *testing.T) {
	slots, err := ClusterSlots(DefaultGPCs(), 2)
	require.NoError(t, err)
	assert.Equal(t, [][]int{{124, 125}, {126, 127}, {128, 129}, {130, 131}, {0, 1}}, slots[:5])
	slots, err = ClusterSlots(DefaultGPCs(), 4)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 1, 16, 17}, slots[0])
	assert.Equal(t, []int{2, 3, 18, 19}, slots[1])

	m := &machine{cfg: Config{GPCs: DefaultGPCs()}, tc: DefaultTimedConfig()}
	m.tc.SM.DSMEMLatencyCycles, m.tc.DSMEMSmallGPCLatencyCycles = 208, 187
	assert.Equal(t, 187, m.smConfig(124).DSMEMLatencyCycles)
	assert.Equal(t, 187, m.smConfig(131).DSMEMLatencyCycles)
	assert.Equal(t, 208, m.smConfig(0).DSMEMLatencyCycles)
	assert.Same(t, &m.tc.SM, m.smConfig(0))
}
