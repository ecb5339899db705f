package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const transposeDir = "../../validation/testdata/transpose_smem/"

// The done-when case: the unpadded transpose names its conflicting lines
// (the four column reads of the tile) with 32-way conflicts, and the totals
// equal the run report's smem section (and ncu's recording: 65536 load
// wavefronts, 63488 conflicts).
func TestBanksTranspose(t *testing.T) {
	js := filepath.Join(t.TempDir(), "b.json")
	code, stdout, stderr := cli("banks", transposeDir+"kernel.ptx", "--spec", transposeDir+"launch.yaml", "--json", js, "--top", "5")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(stdout, "\n")
	require.GreaterOrEqual(t, len(lines), 4)
	// kernel.cu:18 is the tile's column read, out[...] = tile[threadIdx.x][threadIdx.y + j]
	// (the PTX was compiled with -lineinfo).
	assert.Regexp(t, `^\s+80\s+ld\s+512\s+16384\s+512\s+15872\s+32-way\s+kernel\.cu:18\s+ld\.shared\.f32\s+%f5, \[%r23\];`, lines[2])
	assert.Contains(t, stdout, "(3 more lines; --top 0 shows all)")
	assert.Regexp(t, `total\s+4096\s+67584\s+4096\s+63488\s+32-way`, stdout)

	var r bankReport
	b, err := os.ReadFile(js)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &r))
	require.Len(t, r.Lines, 8, "JSON holds every line whatever --top says")
	for i, l := range r.Lines {
		if i < 4 {
			assert.Equal(t, []int{80, 85, 90, 93}[i], l.Line)
			assert.Equal(t, 32, l.MaxWay)
			assert.Equal(t, "ld", l.Kind)
			assert.True(t, strings.HasSuffix(l.Source, "/transpose_smem/kernel.cu:18"), l.Source)
		} else {
			assert.Equal(t, uint64(0), l.Conflicts)
			assert.Equal(t, "st", l.Kind)
		}
	}
	s := r.Smem
	assert.Equal(t, s.LoadWavefronts+s.StoreWavefronts, r.Totals.Wavefronts)
	assert.Equal(t, s.LoadBankConflicts+s.StoreBankConflicts, r.Totals.Conflicts)
	assert.Equal(t, uint64(65536), s.LoadWavefronts)
	assert.Equal(t, uint64(63488), s.LoadBankConflicts)
}

// The padded transpose has no conflicting line.
func TestBanksTransposePadded(t *testing.T) {
	dir := "../../validation/testdata/transpose_smem_padded/"
	code, stdout, stderr := cli("banks", dir+"kernel.ptx", "--spec", dir+"launch.yaml")
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `total\s+\d+\s+\d+\s+\d+\s+0\s+1-way`, stdout)
}

// The done-when what-if: 128B swizzle removes the 8-way conflicts of an
// ldmatrix.x4 over a K-major f16 64x64 tile.
func TestBanksLayout(t *testing.T) {
	dir := t.TempDir()
	svg, js := filepath.Join(dir, "h.svg"), filepath.Join(dir, "w.json")
	code, stdout, stderr := cli("banks", "--layout", "dtype=f16 tile=64x64 major=k access=ldmatrix.x4", "--svg", svg, "--json", js)
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `none\s+32B\s+64B\s+128B`, stdout)
	assert.Regexp(t, `conflicts\s+448\s+0\s+0\s+0\n`, stdout)
	assert.Regexp(t, `worst n-way\s+8\s+1\s+1\s+1\n`, stdout)
	b, err := os.ReadFile(svg)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(b), "<svg"))
	b, err = os.ReadFile(js)
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, "ldsm", r["op"])
}

func TestBanksErrors(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
		code int
		msg  string
	}{
		{"no input", []string{"banks"}, 2, "--layout"},
		{"no spec", []string{"banks", transposeDir + "kernel.ptx"}, 2, "--spec"},
		{"layout and kernel", []string{"banks", transposeDir + "kernel.ptx", "--layout", "tile=64x64 access=tma"}, 2, "no kernel"},
		{"bad layout", []string{"banks", "--layout", "tile=64x64 access=ldmatrix.x3"}, 2, "unknown access"},
		{"svg without layout", []string{"banks", transposeDir + "kernel.ptx", "--spec", transposeDir + "launch.yaml", "--svg", "x.svg"}, 2, "--svg"},
		{"malformed PTX", []string{"banks", "testdata/malformed.ptx", "--spec", "testdata/ok.yaml"}, 2, "error"},
		{"kernel fault", []string{"banks", "testdata/oob.ptx", "--spec", "testdata/ok.yaml"}, 1, "out-of-bounds"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := cli(c.args...)
			assert.Equal(t, c.code, code, stderr)
			assert.Contains(t, stderr, c.msg)
		})
	}
}

// TMA writes are listed as modelled (kind tma*), outside the totals. The
// hand-derived costs: a box of 128-byte rows (f16 [64, 16], bf16 [64, 8])
// fills 16 and 8 whole 128-byte segments; rows narrower than the 128B
// swizzle span (f16 [32, 16]: 64 B, bf16 [16, 8]: 32 B) are written at a
// 128-byte pitch, so each row costs a segment: 16 for 1024 bytes (ideal 8)
// and 8 for 256 bytes (ideal 2).
func TestBanksTMAModelled(t *testing.T) {
	for _, tc := range []struct {
		dir         string
		wave, ideal []uint64
	}{
		{"tma_load_2d_sw128", []uint64{16, 16, 16, 16, 8, 8}, []uint64{16, 16, 16, 16, 8, 8}},
		{"tma_load_2d_sw128_narrow", []uint64{16, 16, 8, 8}, []uint64{8, 8, 2, 2}},
	} {
		t.Run(tc.dir, func(t *testing.T) {
			dir := "../../validation/testdata/" + tc.dir + "/"
			js := filepath.Join(t.TempDir(), "b.json")
			code, stdout, stderr := cli("banks", dir+"kernel.ptx", "--spec", dir+"launch.yaml", "--json", js, "--top", "0")
			require.Equal(t, 0, code, stderr)
			assert.Contains(t, stdout, "(modelled: TMA/bulk-copy writes, which no ncu counter measures; not in the total)")
			var r bankReport
			b, err := os.ReadFile(js)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(b, &r))
			var wave, ideal []uint64
			lines := append([]bankLine(nil), r.Lines...)
			sort.Slice(lines, func(i, j int) bool { return lines[i].Line < lines[j].Line })
			var measured uint64
			for _, l := range lines {
				if l.Kind != "tma" {
					assert.False(t, l.Modelled)
					measured += l.Wavefronts
					continue
				}
				assert.True(t, l.Modelled)
				assert.Equal(t, uint64(1), l.Executions)
				wave, ideal = append(wave, l.Wavefronts), append(ideal, l.Ideal)
			}
			assert.Equal(t, tc.wave, wave)
			assert.Equal(t, tc.ideal, ideal)
			assert.Equal(t, measured, r.Totals.Wavefronts)
			assert.Equal(t, r.Smem.LoadWavefronts+r.Smem.StoreWavefronts, r.Totals.Wavefronts)
			assert.Equal(t, r.Smem.ByOp.TMA.Wavefronts, r.TMA.Wavefronts)
		})
	}
}

// A wgmma kernel's table: rows stay short (the accumulator list becomes
// "{N regs}"), the columns line up under the header, and the per-kind
// footer adds up to the total row.
func TestBanksTableReadable(t *testing.T) {
	dir := "../../validation/testdata/wg_gmma_kk_128b"
	code, stdout, stderr := cli("banks", dir+"/kernel.ptx", "--spec", dir+"/launch.yaml")
	require.Equal(t, 0, code, stderr)
	lines := strings.Split(strings.TrimSpace(stdout), "\n")
	head := lines[1]
	col := strings.Index(head, "instruction")
	require.Greater(t, col, 0)
	var total string
	for _, l := range lines[1:] {
		assert.LessOrEqual(t, len([]rune(l)), 160, l)
		if strings.Contains(l, "wgmma.mma_async") {
			assert.Regexp(t, `\{(32|128) regs\}`, l)
			assert.Equal(t, col, strings.Index(l, "wgmma"), "instruction column aligned: %q", l)
		}
		if strings.HasPrefix(strings.TrimSpace(l), "total") {
			total = strings.Fields(l)[2] // wavefronts
		}
	}
	foot := lines[len(lines)-1]
	assert.Contains(t, foot, "gmma ")
	assert.True(t, strings.HasSuffix(foot, "total "+total), "footer %q, total row %s", foot, total)
}

func TestBanksJSONOnFailure(t *testing.T) {
	js := filepath.Join(t.TempDir(), "b.json")
	code, _, _ := cli("banks", "testdata/oob.ptx", "--spec", "testdata/ok.yaml", "--json", js, "--no-hazard-check")
	assert.Equal(t, 1, code)
	b, err := os.ReadFile(js)
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, "error", r["status"])
	assert.Contains(t, r["error"], "out-of-bounds global store")
	assert.NotNil(t, r["provenance"])
}
