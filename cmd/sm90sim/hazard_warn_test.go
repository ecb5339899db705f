package main

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/npy"
)

// The wgmma_*.ptx kernels multiply all-ones tiles: every accumulator
// (output d, 512 f32) ends at 16 per k-tile.

// runReport runs `sm90sim run` with extra flags and returns the exit code,
// stderr, the report's warnings and the output d (nil when not written).
func runReport(t *testing.T, ptxPath, spec string, flags ...string) (int, string, []map[string]any, []float32) {
	t.Helper()
	dir := t.TempDir()
	rep := filepath.Join(dir, "report.json")
	code, _, stderr := cli(append([]string{"run", ptxPath, "--spec", spec, "--out", dir, "--report", rep}, flags...)...)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	var r struct {
		Warnings []map[string]any `json:"warnings"`
	}
	require.NoError(t, json.Unmarshal(b, &r))
	var d []float32
	if _, _, data, err := npy.Read(filepath.Join(dir, "d.npy")); err == nil {
		for i := 0; i+4 <= len(data); i += 4 {
			d = append(d, math.Float32frombits(binary.LittleEndian.Uint32(data[i:])))
		}
	}
	return code, stderr, r.Warnings, d
}

func allEqual(t *testing.T, d []float32, want float32) {
	t.Helper()
	require.Len(t, d, 512)
	for i, v := range d {
		require.Equal(t, want, v, "d[%d]", i)
	}
}

// variant writes src with old replaced by new (exactly once) to a
// temporary file and returns its path.
func variant(t *testing.T, src, old, new string) string {
	t.Helper()
	b, err := os.ReadFile(src)
	require.NoError(t, err)
	require.Equal(t, 1, strings.Count(string(b), old), "%s in %s", old, src)
	p := filepath.Join(t.TempDir(), filepath.Base(src))
	require.NoError(t, os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644))
	return p
}

// Triton's cp.async pipeline reads cp.async data with wgmma and no
// fence.proxy.async: exit 0, the right product, one warning line on
// stderr and in the report; --strict makes it exit 1 (run and banks).
func TestWarningCpAsyncWgmma(t *testing.T) {
	code, stderr, ws, d := runReport(t, "testdata/wgmma_cpasync.ptx", "testdata/wgmma.yaml")
	require.Equal(t, 0, code, stderr)
	allEqual(t, d, 64)
	assert.Regexp(t, `^testdata/wgmma_cpasync.ptx:65: warning: wgmma.mma_async reads its A operand from shared \[0x400, 0x410\), `+
		`written by the cp.async of warp 0 at line 45 \(generic proxy\) with no fence.proxy.async after the copy \(warps 0, 1, 2, 3\) `+
		`\[cp.async-wgmma-no-proxy-fence\]; fix: execute fence.proxy.async.shared::cta .*\(first cta \(0,0,0\) warp 0, 4 times; --strict makes it an error\)\n$`, stderr)
	require.Len(t, ws, 1)
	assert.Equal(t, "cp.async-wgmma-no-proxy-fence", ws[0]["rule"])
	assert.EqualValues(t, 65, ws[0]["line"])
	assert.EqualValues(t, 4, ws[0]["count"]) // one per wgmma (4 k-tiles)
	assert.Equal(t, map[string]any{"cta": []any{0.0, 0.0, 0.0}, "warp": 0.0}, ws[0]["first"])
	assert.Contains(t, ws[0]["fix"], "fence.proxy.async.shared::cta")
	assert.Equal(t, "", ws[0]["source"])

	code, stderr, ws, d = runReport(t, "testdata/wgmma_cpasync.ptx", "testdata/wgmma.yaml", "--strict")
	assert.Equal(t, 1, code)
	assert.Nil(t, d)
	assert.Empty(t, ws)
	assert.Regexp(t, `^kernel wg_cpasync cta \(0,0,0\) thread \(0,0,0\) line 65: wgmma.mma_async reads its A operand .*written by the cp.async of warp 0 at line 45.*`+
		`\(warning cp.async-wgmma-no-proxy-fence, an error under --strict\)`, stderr)
	code, _, stderr = cli("banks", "testdata/wgmma_cpasync.ptx", "--spec", "testdata/wgmma.yaml", "--strict")
	assert.Equal(t, 1, code, stderr)
	code, _, stderr = cli("banks", "testdata/wgmma_cpasync.ptx", "--spec", "testdata/wgmma.yaml")
	assert.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, "testdata/wgmma_cpasync.ptx:65: warning:")
	// The flag is there on validate too (which needs a GPU to go further).
	code, _, stderr = cli("validate", "--help")
	assert.Equal(t, 0, code, stderr)
}

// nvcc's accumulator movs between wgmma.fence and the first wgmma: exit 0
// with a warning (once per warp); --strict exit 1.
func TestWarningAccumulatorInit(t *testing.T) {
	code, stderr, ws, d := runReport(t, "testdata/wgmma_accinit.ptx", "testdata/wgmma.yaml")
	require.Equal(t, 0, code, stderr)
	allEqual(t, d, 16)
	assert.Regexp(t, `^testdata/wgmma_accinit.ptx:57: warning: wgmma.mma_async uses %f1, written by an ordinary instruction at line 53 after the last wgmma.fence `+
		`\[wgmma-register-write-after-fence\]; fix: .*, 4 times; --strict makes it an error\)\n$`, stderr)
	require.Len(t, ws, 1)
	assert.Equal(t, "wgmma-register-write-after-fence", ws[0]["rule"])
	assert.EqualValues(t, 57, ws[0]["line"])
	assert.EqualValues(t, 4, ws[0]["count"])

	code, _, _, d = runReport(t, "testdata/wgmma_accinit.ptx", "testdata/wgmma.yaml", "--strict")
	assert.Equal(t, 1, code)
	assert.Nil(t, d)
	// Moved before the fence, the movs are fine.
	p := variant(t, "testdata/wgmma_accinit.ptx", "\twgmma.fence.sync.aligned;\n", "")
	p = variant(t, p, "\twgmma.mma_async", "\twgmma.fence.sync.aligned;\n\twgmma.mma_async")
	code, stderr, ws, d = runReport(t, p, "testdata/wgmma.yaml", "--strict")
	require.Equal(t, 0, code, stderr)
	assert.Empty(t, ws)
	allEqual(t, d, 16)
}

// Warnings merge in serial CTA order: the same report, stderr and outputs
// for any --jobs. Here CTA 0 skips the movs after the fence, so the first
// warning is CTA 1's.
func TestWarningsJobsIdentical(t *testing.T) {
	p := variant(t, "testdata/wgmma_accinit.ptx", "\tmov.f32 %f1, 0f00000000;\n",
		"\tmov.u32 %r6, %ctaid.x;\n\tsetp.eq.u32 %p1, %r6, 0;\n\t@%p1 bra SKIP;\n\tmov.f32 %f1, 0f00000000;\n")
	p = variant(t, p, "\twgmma.mma_async", "SKIP:\n\twgmma.mma_async")
	spec := filepath.Join(t.TempDir(), "grid.yaml")
	b, err := os.ReadFile("testdata/wgmma.yaml")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(spec, []byte(strings.Replace(string(b), "grid: [1, 1, 1]", "grid: [6, 1, 1]", 1)), 0o644))
	code1, out1, err1, rep1, files1 := runJobs(t, p, spec, "1")
	code4, out4, err4, rep4, files4 := runJobs(t, p, spec, "4")
	require.Equal(t, 0, code1, err1)
	assert.Equal(t, code1, code4)
	assert.Equal(t, out1, out4)
	assert.Equal(t, err1, err4)
	assert.Equal(t, rep1, rep4)
	assert.Equal(t, files1, files4)
	ws, _ := rep1["warnings"].([]any)
	require.Len(t, ws, 1)
	w := ws[0].(map[string]any)
	assert.Equal(t, map[string]any{"cta": []any{1.0, 0.0, 0.0}, "warp": w["first"].(map[string]any)["warp"]}, w["first"])
	assert.EqualValues(t, 5*4, w["count"])
	assert.Equal(t, 1, strings.Count(err1, "\n"), err1)
}

// A wgmma's shared operands may be overwritten only after a
// wgmma.wait_group retiring it (ordered before the write by the warp
// itself, bar.sync or an mbarrier chain). The stage-release patterns pass;
// a write one group too early stops the run naming the write's line and
// the wgmma's.
func TestWgmmaOperandOverwrite(t *testing.T) {
	for _, c := range []struct {
		name, ptx, spec string
		want            float32 // the product when the run passes
		err             string  // the error when it fails
	}{
		{"cp.async after wait_group 1 (Triton)", "testdata/wgmma_cpasync.ptx", "testdata/wgmma.yaml", 64, ""},
		{"mbarrier release after wait_group 1 (CUTLASS)", "testdata/wgmma_release.ptx", "testdata/wgmma_ws.yaml", 64, ""},
		{"bar.sync, 3 stages", "testdata/wgmma_barsync.ptx", "testdata/wgmma_ws.yaml", 64, ""},
		{"multicast, remote mbarrier release after wait_group 1 (CUTLASS 2x1 cluster)", "testdata/wgmma_release_cluster.ptx", "testdata/wgmma_cluster.yaml", 64, ""},
		{"mbarrier release before the retiring wait", "testdata/wgmma_release_early.ptx", "testdata/wgmma_ws.yaml", 0,
			`^kernel wg_release_early cta \(0,0,0\) thread \(128,0,0\) line 66: wgmma hazard: warp 4 \(bulk copy at line 66\) overwrites shared \[0x400, 0x410\), ` +
				`the A operand of the wgmma.mma_async at line 95 of warpgroup 0 \(warps 0..3\), which may still be reading it: ` +
				`the wgmma.wait_group at line 97 of warp \d that retires it is not ordered before this write`},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stderr, ws, d := runReport(t, c.ptx, c.spec, "--jobs", "1")
			if c.err == "" {
				require.Equal(t, 0, code, stderr)
				allEqual(t, d, c.want)
				for _, w := range ws {
					assert.Equal(t, "cp.async-wgmma-no-proxy-fence", w["rule"])
				}
				return
			}
			require.Equal(t, 1, code)
			assert.Regexp(t, c.err, stderr)
			code, stderr, _, _ = runReport(t, c.ptx, c.spec, "--no-hazard-check")
			require.Equal(t, 0, code, stderr)
		})
	}
	// One group too early: wait_group 2 keeps wgmma i-1 in flight while
	// its stage is refilled; 2 stages behind one bar.sync refill the stage
	// of wgmma i-2 before its retiring wait is ordered.
	early := variant(t, "testdata/wgmma_cpasync.ptx", "wgmma.wait_group.sync.aligned 1;", "wgmma.wait_group.sync.aligned 2;")
	code, stderr, _, _ := runReport(t, early, "testdata/wgmma.yaml")
	require.Equal(t, 1, code)
	assert.Regexp(t, `line 77: wgmma hazard: warp 0 \(cp.async at line 77\) overwrites shared \[0x400, 0x410\), the A operand of the wgmma.mma_async at line 65 `+
		`of warpgroup 0 \(warps 0..3\), which may still be reading it: no warp of the warpgroup has executed a wgmma.wait_group retiring its group`, stderr)
	// The remote release one group too early: the peer CTA's multicast
	// overwrites this CTA's operand.
	remote := variant(t, "testdata/wgmma_release_cluster.ptx", "\tsetp.eq.u32 %p6, %r10, 0;\n\tor.pred %p6, %p6, %p1;\n\t@%p6 bra NOREL;\n",
		"\t@%p1 bra NOREL;\n\tand.b32 %r23, %r10, 1;\n\tshl.b32 %r23, %r23, 3;\n\tadd.u32 %r23, %r4, %r23;\n\tmapa.shared::cluster.u32 %r23, %r23, %r6;\n"+
			"\tmbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r23];\n\tsetp.eq.u32 %p6, %r10, 0;\n\t@%p6 bra NOREL;\n")
	remote = variant(t, remote, "\tmapa.shared::cluster.u32 %r22, %r21, %r6;\n\tmbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r22];\n", "")
	code, stderr, _, _ = runReport(t, remote, "testdata/wgmma_cluster.yaml")
	require.Equal(t, 1, code)
	assert.Regexp(t, `line 86: wgmma hazard: warp 4 of cluster rank 1 \(bulk copy at line 86\) overwrites shared \[0xc80, 0xc90\) of cluster rank 0, `+
		`the B operand of the wgmma.mma_async at line 114 of warpgroup 0 \(warps 0..3\)`, stderr)
	code, stderr, _, _ = runReport(t, remote, "testdata/wgmma_cluster.yaml", "--no-hazard-check")
	require.Equal(t, 0, code, stderr)
	two := variant(t, "testdata/wgmma_barsync.ptx", "rem.u32 %r11, %r10, 3;", "rem.u32 %r11, %r10, 2;")
	code, stderr, _, _ = runReport(t, two, "testdata/wgmma_ws.yaml")
	require.Equal(t, 1, code)
	assert.Regexp(t, `line 62: wgmma hazard: warp 4 \(st.shared.v4.u32 at line 62\) overwrites shared \[0x400, 0x410\), the A operand of the wgmma.mma_async at line 78 `, stderr)
}

// A wgmma reading cp.async data that no warp of its warpgroup has waited
// for is an error (not the proxy warning).
func TestWgmmaReadsIncompleteCopy(t *testing.T) {
	p := variant(t, "testdata/wgmma_cpasync.ptx", "\tcp.async.wait_group 1;\n", "")
	code, stderr, _, _ := runReport(t, p, "testdata/wgmma.yaml")
	require.Equal(t, 1, code)
	assert.Regexp(t, `line 64: async hazard: wgmma.mma_async reads its A operand from shared \[0x400, 0x410\), written by the cp.async of warp 0 at line 45, `+
		`whose completion no warp of the warpgroup has observed`, stderr)
}
