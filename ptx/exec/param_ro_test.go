package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The kernel parameter block is read-only (a constant bank on the GPU):
// a store or an atomic through a generic address into it faults.
func TestKernelParamsAreReadOnly(t *testing.T) {
	for _, op := range []string{"st.u32 [%rd2], %r1;", "atom.add.u32 %r2, [%rd2], %r1;"} {
		src := header + `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<3>;
	.reg .b64 %rd<3>;
	mov.u32 %r1, 7;
	mov.u64 %rd1, out;
	cvta.param.u64 %rd2, %rd1;
	` + op + `
	ret;
}`
		_, err := runPTX(t, src, [3]int{2, 1, 1}, [3]int{32, 1, 1}, 4, 0)
		require.Error(t, err, op)
		assert.Contains(t, err.Error(), "cta (0,0,0) thread (0,0,0)")
		assert.Contains(t, err.Error(), "kernel's parameter block at offset 0 (it is read-only)")
	}
}
