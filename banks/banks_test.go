package banks

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func analyze(t *testing.T, s string) Result {
	t.Helper()
	sp, err := ParseSpec(s)
	require.NoError(t, err)
	return Analyze(sp)
}

// The done-when case: ldmatrix.x4 over a K-major f16 64x64 tile is 8-way
// per matrix unswizzled (rows 128 B apart hit the same 16-B bank group) and
// conflict-free with the 128B swizzle.
func TestLdmatrixX4KMajorF16(t *testing.T) {
	r := analyze(t, "dtype=f16 tile=64x64 major=k access=ldmatrix.x4")
	none, sw128 := r.Modes[0], r.Modes[3]
	assert.Equal(t, 16, none.Instructions)
	assert.Equal(t, 16*4*8, none.Wavefronts)
	assert.Equal(t, 64, none.Ideal)
	assert.Equal(t, 448, none.Conflicts)
	assert.Equal(t, 8, none.MaxWay)
	assert.Equal(t, 64, sw128.Wavefronts)
	assert.Equal(t, 0, sw128.Conflicts)
	assert.Equal(t, 1, sw128.MaxWay)
	for _, m := range r.Modes[1:3] { // 32B and 64B are canonical layouts too
		assert.Equal(t, 0, m.Conflicts, m.Mode)
	}
	assert.Len(t, none.Phases, 64)
	var buf bytes.Buffer
	require.NoError(t, WriteTable(&buf, &r))
	assert.Contains(t, buf.String(), "conflict-free: 32B swizzle, 64B swizzle, 128B swizzle; conflicts: unswizzled (8-way)")
}

func TestPatterns(t *testing.T) {
	for _, tc := range []struct {
		spec  string
		confl [4]int // -1: n/a
		way   [4]int
	}{
		// ldmatrix .trans reads the same addresses
		{"tile=64x64 access=ldmatrix.x4.trans", [4]int{448, 0, 0, 0}, [4]int{8, 1, 1, 1}},
		{"tile=64x64 access=stmatrix.x2", [4]int{448, 0, 0, 0}, [4]int{8, 1, 1, 1}},
		// 64-B lines: two lines share a 128-B line, 4-way unswizzled; 128B n/a
		{"tile=64x32 access=ldmatrix.x1", [4]int{96, 0, 0, -1}, [4]int{4, 1, 1, 0}},
		// f32 32x32 transpose: column reads are 32-way without swizzle;
		// swizzles move only 16-B chunks, so 4-B column reads stay 4-way
		{"dtype=f32 tile=32x32 access=ld32.col", [4]int{31 * 32, 3 * 32, 3 * 32, 3 * 32}, [4]int{32, 4, 4, 4}},
		{"dtype=f32 tile=32x32 access=ld32.col pad=4", [4]int{0, 3 * 32, 3 * 32, 3 * 32}, [4]int{1, 4, 4, 4}},
		// row reads of a 128-B line cut into 32-B (64-B) column blocks
		// 1024 B apart: the blocks share banks, 4-way (2-way)
		{"dtype=f32 tile=32x32 access=ld32.row", [4]int{0, 96, 32, 0}, [4]int{1, 4, 2, 1}},
		{"dtype=f32 tile=32x32 access=st128.row", [4]int{0, 96, 32, 0}, [4]int{1, 4, 2, 1}},
		// 128-bit column reads: 8 lanes x 16 B down the lines per phase
		{"dtype=f16 tile=64x64 access=ld128.col", [4]int{7 * 4 * 16, 0, 0, 0}, [4]int{8, 1, 1, 1}},
		{"dtype=f16 tile=64x64 major=k access=wgmma", [4]int{448, 0, 0, 0}, [4]int{8, 1, 1, 1}},
		{"dtype=f16 tile=64x64 major=mn access=wgmma", [4]int{448, 0, 0, 0}, [4]int{8, 1, 1, 1}},
		{"dtype=f16 tile=64x64 access=tma", [4]int{0, 0, 0, 0}, [4]int{1, 1, 1, 1}},
	} {
		t.Run(tc.spec, func(t *testing.T) {
			r := analyze(t, tc.spec)
			for i, m := range r.Modes {
				if tc.confl[i] < 0 {
					assert.False(t, m.Applies(), m.Mode)
					continue
				}
				require.True(t, m.Applies(), m.Mode)
				assert.Equal(t, tc.confl[i], m.Conflicts, "%s conflicts", m.Mode)
				assert.Equal(t, tc.way[i], m.MaxWay, "%s worst way", m.Mode)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	for _, s := range []string{
		"", "tile=64x64", "access=ldmatrix.x4", "tile=64 access=tma", "tile=64x64 access=ldmatrix.x3",
		"tile=64x64 access=ld48.row", "tile=64x64 access=tma dtype=f17", "tile=64x64 access=tma major=z",
		"tile=12x64 access=ldmatrix.x4", "tile=64x64 access=tma tile=32x32", "tile=64x64 access=tma foo=1",
		"tile=64x64 access=tma pad=3",
	} {
		_, err := ParseSpec(s)
		assert.Error(t, err, s)
	}
	sp, err := ParseSpec("dtype=bf16,tile=128x64,major=mn,access=stmatrix.x4.trans,base=128")
	require.NoError(t, err)
	assert.Equal(t, "dtype=bf16 tile=128x64 major=mn access=stmatrix.x4.trans base=128", sp.String())
	assert.Equal(t, 64, sp.Lines())
	assert.Equal(t, 256, sp.LineBytes())
}

func TestSVG(t *testing.T) {
	r := analyze(t, "tile=64x64 access=ldmatrix.x4")
	var buf bytes.Buffer
	require.NoError(t, WriteSVG(&buf, &r))
	s := buf.String()
	assert.Contains(t, s, "<svg")
	assert.Contains(t, s, "none: 512 wavefronts, 448 conflicts, worst 8-way")
	assert.Contains(t, s, "128B: 64 wavefronts, 0 conflicts, worst 1-way")
	// unswizzled: each phase asks 4 banks (one 16-B group) for 8 words;
	// swizzled: all 32 banks once
	assert.Equal(t, 64*4+3*64*32, bytes.Count(buf.Bytes(), []byte("<title>phase")))
}
