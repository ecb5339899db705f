package calibrate

import (
	"path/filepath"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/sim/sm"
)

// ctasPerSM is the CTAs of threads threads that fit an SM's 65536
// registers at regs per thread (allocated 256 a warp), 64 warps, 32 CTAs.
func ctasPerSM(regs, threads int) int {
	warps := (threads + 31) / 32
	perWarp := (regs*32 + 255) / 256 * 256
	return min(32, 64/warps, 65536/(perWarp*warps))
}

// The register estimate of every recorded development kernel with a
// 64-bit division (ptxas's subroutine) against the registers the
// driver's JIT gave it (provenance func_attributes.num_regs): the CTAs
// per SM agree for all but idivtput_u64s (a division by a divisor whose
// high word is zero at run time: 32 registers, 38 estimated), where the
// estimate without the subroutine's registers was 5 CTAs per SM short
// for the seven idivtput_u64 / _s64 launches (27 registers against 40).
func TestDivisionCallRegisters(t *testing.T) {
	p, ok := gpu.BuiltinProfileNamed("h200")
	require.True(t, ok)
	over := int(p.Params["registers_live_overhead"].Value)
	call := int(p.Params["registers_division_call"].Value)
	all, err := filepath.Glob("../microbench/*")
	require.NoError(t, err)
	var dirs []string
	for _, d := range all {
		// kernel.ptx in any stored form: plain, .gz, .link or in the
		// directory's bundle (tools/microbench/pack.py)
		if p := filepath.Join(d, "kernel.ptx"); gzfile.Exists(p) {
			dirs = append(dirs, p)
		}
	}
	sort.Strings(dirs)
	var n, agree int
	var wrong []string
	for _, path := range dirs {
		dir := filepath.Dir(path)
		src, err := gzfile.ReadFile(path)
		require.NoError(t, err)
		if !div64Re.Match(src) {
			continue
		}
		jit, err := JITRegisters(dir)
		if err != nil {
			continue
		}
		k, spec, err := dirKernel(dir, src)
		require.NoError(t, err, dir)
		if sm.DivisionCallLive(k) < 0 {
			continue
		}
		thr := spec.Block[0] * spec.Block[1] * spec.Block[2]
		est := sm.EstimateRegisters(k, over, call)
		n++
		if ctasPerSM(est, thr) == ctasPerSM(jit, thr) {
			agree++
		} else {
			wrong = append(wrong, filepath.Base(dir))
		}
	}
	assert.Equal(t, 51, n)
	assert.Equal(t, []string{"idivtput_u64s", "idivtput_u64s_w4"}, wrong)
}
