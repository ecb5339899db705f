package gpu

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The L1 model against the H100's measured L1 hit fraction by footprint
// (calibration/probes/cachepr.h100.txt: a single-thread pointer chase,
// stride 128 B, 2 passes of warm-up then 4 timed, 128 KiB to 512 KiB), an
// independent reference: the calibrate fit reads only gmem_chase_256k. The
// model's hit fraction for the same chase, on the H100 profile's
// l1_cache_bytes, is within 0.13 of the GPU's at every footprint (RMS below
// 0.07); a fully associative LRU of the same capacity misses every load
// beyond it.
func TestL1ModelMatchesH100Probe(t *testing.T) {
	prof, ok := BuiltinProfileNamed("h100-sxm")
	require.True(t, ok)
	lines := int(prof.Params["l1_cache_bytes"].Value) / 128
	probe := readProbe(t, "../../calibration/probes/cachepr.h100.txt")
	require.GreaterOrEqual(t, len(probe), 20)
	var sq float64
	for _, p := range probe {
		n := p.kib * 1024 / 128
		sim := chaseHits(newL1Cache(lines), n, 2, 4)
		d := sim - p.hit
		sq += d * d
		t.Logf("%4d KiB: GPU %.3f model %.3f", p.kib, p.hit, sim)
		assert.InDelta(t, p.hit, sim, 0.13, "%d KiB", p.kib)
	}
	rms := math.Sqrt(sq / float64(len(probe)))
	t.Logf("RMS %.3f over %d footprints (l1_cache_bytes %d)", rms, len(probe), lines*128)
	assert.Less(t, rms, 0.07)
}

// Hand-derived: 16 lines = 2 sets of 8; granules (4 lines) 0, 2, 4 share
// set 0 and 1, 3 set 1. A cyclic chase over 5 granules (20 lines) keeps
// set 1's 8 lines and misses set 0's 12 every pass.
func TestL1CacheGranuleSets(t *testing.T) {
	assert.InDelta(t, 8.0/20, chaseHits(newL1Cache(16), 20, 1, 3), 1e-9)
	assert.InDelta(t, 1.0, chaseHits(newL1Cache(16), 16, 1, 3), 1e-9)
}

// chaseHits: the hit fraction of timed passes over lines 0..n-1 after warm ones.
func chaseHits(c *setCache, n, warm, timed int) float64 {
	hits := 0
	for p := 0; p < warm+timed; p++ {
		for l := 0; l < n; l++ {
			if c.touch(uint64(l)) && p >= warm {
				hits++
			}
		}
	}
	return float64(hits) / float64(n*timed)
}

type probePoint struct {
	kib int
	hit float64
}

// readProbe reads the L1 lines of the probe (threshold 100 cycles, block
// 1024, 2 warm passes).
func readProbe(t *testing.T, path string) []probePoint {
	f, err := os.Open(path)
	require.NoError(t, err)
	defer f.Close()
	var out []probePoint
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		w := strings.Fields(sc.Text())
		kv := map[string]string{}
		for i := 3; i+1 < len(w); i += 2 { // "F <KiB> K n ..."
			kv[w[i]] = w[i+1]
		}
		if len(w) < 2 || w[0] != "F" || kv["thr"] != "100" || kv["block"] != "1024" || kv["warm_passes"] != "2" {
			continue
		}
		kib, err1 := strconv.Atoi(w[1])
		hit, err2 := strconv.ParseFloat(kv["hitfrac"], 64)
		require.NoError(t, err1)
		require.NoError(t, err2)
		out = append(out, probePoint{kib, hit})
	}
	require.NoError(t, sc.Err())
	return out
}
