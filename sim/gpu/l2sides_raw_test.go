package gpu

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gopkg.in/yaml.v3"
)

// side31Line is one line of tools/microbench/side31's output: SM t's cold
// and warm chain cycles over the rep's blocks.
type side31Line struct {
	Rep, T, SMID int
	Cold, Warm   []int
}

// farBlocks splits one SM's cold chains at the widest gap between the
// middle three quarters of its sorted values: true for the slow (far) ones.
func farBlocks(cold []int) []bool {
	s := slices.Clone(cold)
	sort.Ints(s)
	best, thr := -1, 0
	for i := len(s) / 8; i+1 < len(s)-len(s)/8; i++ {
		if g := s[i+1] - s[i]; g > best {
			best, thr = g, s[i]
		}
	}
	far := make([]bool, len(cold))
	for i, v := range cold {
		far[i] = v > thr
	}
	return far
}

// TestL2SidesMatchRawOutput redoes the H200 L2 side map (gpcs.go,
// h200L2Sides; calibration/h200.yaml l2_sides) from the probe's raw
// output: in every repetition each SM splits the cold blocks as SM 0 does
// (its side) or as the complement, the same way in all repetitions; whole
// GPCs share a side; a far block costs 100-200 cycles a load more.
func TestL2SidesMatchRawOutput(t *testing.T) {
	f, err := os.Open("../../tools/microbench/side31/h200/side31.jsonl.gz")
	require.NoError(t, err)
	defer f.Close()
	gz, err := gzip.NewReader(f)
	require.NoError(t, err)
	by := map[[2]int]side31Line{}
	sc := bufio.NewScanner(gz)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	reps := 0
	for sc.Scan() {
		var l side31Line
		require.NoError(t, json.Unmarshal(sc.Bytes(), &l))
		require.Equal(t, l.T, l.SMID, "the probe ran on its target SM")
		by[[2]int{l.Rep, l.T}] = l
		reps = max(reps, l.Rep+1)
	}
	require.NoError(t, sc.Err())
	require.Equal(t, 5*132, len(by))
	side := make([]int, 132)
	var nearSum, farSum, nNear, nFar int
	for r := 0; r < reps; r++ {
		ref := farBlocks(by[[2]int{r, 0}].Cold)
		for sm := 0; sm < 132; sm++ {
			l := by[[2]int{r, sm}]
			far := farBlocks(l.Cold)
			agree := 0
			for b := range far {
				if far[b] == ref[b] {
					agree++
				}
				if far[b] {
					farSum, nFar = farSum+l.Cold[b], nFar+1
				} else {
					nearSum, nNear = nearSum+l.Cold[b], nNear+1
				}
			}
			s := 0
			if 2*agree < len(far) {
				s = 1
			}
			assert.NotEqual(t, len(far), 2*agree, "rep %d SM %d undecided", r, sm)
			if r == 0 {
				side[sm] = s
			} else {
				assert.Equal(t, side[sm], s, "rep %d SM %d changes side", r, sm)
			}
		}
	}
	got := [][]int{{}, {}}
	for sm, s := range side {
		got[s] = append(got[s], sm)
	}
	assert.Equal(t, DefaultL2Sides(), got)
	for gi, g := range DefaultGPCs() {
		for _, sm := range g {
			assert.Equal(t, side[g[0]], side[sm], "GPC %d", gi)
		}
	}
	extra := (float64(farSum)/float64(nFar) - float64(nearSum)/float64(nNear)) / 8
	assert.True(t, extra > 100 && extra < 200, "far extra %.0f cycles a load", extra)
	b, err := os.ReadFile("../../calibration/h200.yaml")
	require.NoError(t, err)
	var prof struct {
		Sides [][]int `yaml:"l2_sides"`
	}
	require.NoError(t, yaml.Unmarshal(b, &prof))
	assert.Equal(t, DefaultL2Sides(), prof.Sides)
	require.NoError(t, validateL2Sides(prof.Sides))
}
