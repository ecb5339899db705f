package exec_test

import (
	"github.com/stretchr/testify/require"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// runWgLaunch runs src as runWg does (one warpgroup) and returns the
// launch (its warnings) and D.
func runWgLaunch(t *testing.T, src string, buf []uint32, strict bool) (*exec.Launch, []uint32, error) {
	t.Helper()
	l, out, err := runWgWith(t, src, 128, buf, func(l *exec.Launch) { l.StrictHazards = strict })
	return l, out[wgDWords : wgDWords+512], err
}

// An accumulator written after wgmma.fence and before the first wgmma (as
// nvcc places C++ initialisation after an inline-asm fence) is a warning:
// the run goes on, with the written value as C; StrictHazards makes it
// the error it was.
func TestWgmmaFenceWriteWarning(t *testing.T) {
	buf, _ := wgInputs(t)
	src := wgKernelSrc("wgmma.fence.sync.aligned;\n\tmov.f32 %f2, 0f00000000;\n\tmov.f32 %f3, 0f00000000;", "")
	l, d, err := runWgLaunch(t, src, buf, false)
	require.NoError(t, err)
	ws := l.Warnings.List()
	require.Len(t, ws, 1)
	w := ws[0]
	assert.Equal(t, exec.RuleWgmmaFenceWrite, w.Rule)
	assert.Equal(t, int64(4), w.Count, "once per warp of the warpgroup")
	assert.Regexp(t, `^wgmma.mma_async uses %f2, written by an ordinary instruction at line \d+ after the last wgmma.fence$`, w.Message)
	// The movs took effect: D = A x B + C with C's elements 1 and 2 zero.
	buf2 := append([]uint32(nil), buf...)
	for th := 0; th < 128; th++ {
		buf2[wgCWords+4*th+1], buf2[wgCWords+4*th+2] = 0, 0
	}
	_, want := runWgLaunchNoMov(t, buf2)
	assert.Equal(t, want, d)

	_, _, err = runWgLaunch(t, src, buf, true)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "(warning wgmma-register-write-after-fence, an error under --strict)")
}

// runWgLaunchNoMov runs the plain kernel on buf and returns its D.
func runWgLaunchNoMov(t *testing.T, buf []uint32) (*exec.Launch, []uint32) {
	l, d, err := runWgLaunch(t, wgKernelSrc("wgmma.fence.sync.aligned;", ""), buf, true)
	require.NoError(t, err)
	assert.Equal(t, 0, l.Warnings.Len())
	return l, d
}
