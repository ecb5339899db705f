package exec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Shared memory written by st.shared and read by wgmma (the async proxy)
// needs fence.proxy.async by the writer (PTX ISA, "wgmma.mma_async":
// "the shared memory accesses by wgmma.mma_async are performed through the
// async proxy"; ptx-facts §5.3), ordered before the wgmma.
func TestWgmmaProxyHazard(t *testing.T) {
	buf, want := wgInputs(t)
	buf = append(buf, make([]uint32, 1024)...) // C and D of a second warpgroup
	const fence = "fence.proxy.async.shared::cta;\n\tbar.sync 0;"
	for _, tc := range []struct {
		name, repl string
		block      int
		want       string // "" = runs and gives the product
	}{
		{"fence then barrier", fence, 128, ""},
		{"fence then barrier, two warpgroups", fence, 256, ""},
		{"no fence", "bar.sync 0;", 128,
			`async proxy hazard: wgmma.mma_async reads its A operand from shared \[0x400, 0x410\), written through the generic proxy by warp 0 at line \d+ with no fence.proxy.async after the write.*\(warps 0, 1, 2, 3\)`},
		// The writers are the warpgroup itself: its collective wgmma
		// follows each warp's own fence, no barrier needed.
		{"own warpgroup, fence, no barrier", "fence.proxy.async.shared::cta;", 128, ""},
		// Warpgroup 0's stores reach warpgroup 1's operands with no
		// barrier between their fence and warpgroup 1's wgmma; and
		// warpgroup 1's stores overwrite warpgroup 0's operands with no
		// barrier after its wgmma.wait_group (hazard_wgread.go). Which
		// one the checker meets first depends on the warp order.
		{"other warpgroup, fence, no barrier", "fence.proxy.async.shared::cta;", 256,
			`async proxy hazard: wgmma.mma_async reads its [AB] operand from shared \[0x[0-9a-f]+, 0x[0-9a-f]+\), written by warp [0-3] at line \d+, whose fence.proxy.async is not ordered before the wgmma.*\(warps 4, 5, 6, 7\)|` +
				`wgmma hazard: warp [4-7] \(st.shared.u32 at line \d+\) overwrites shared \[0x[0-9a-f]+, 0x[0-9a-f]+\), the [AB] operand of the wgmma.mma_async at line \d+ of warpgroup 0 \(warps 0..3\)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(wgKernelSrc("wgmma.fence.sync.aligned;", ""), fence, tc.repl, 1)
			out, err := runWg(t, src, tc.block, buf, false)
			if tc.want != "" {
				require.Error(t, err)
				assert.Regexp(t, tc.want, err.Error())
				// With checks off the program runs.
				out, err = runWg(t, src, tc.block, buf, true)
			}
			require.NoError(t, err)
			assert.Equal(t, want, out[wgDWords:wgDWords+512]) // warpgroup 0's D
		})
	}
}
