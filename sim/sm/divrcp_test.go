package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// divMarks is divOwners's mark of each 32-bit integer div / rem of k's
// entry, in PC order.
func divMarks(k *exec.Kernel) []int32 {
	own := divOwners(k.Entry(), k.Infos())
	var out []int32
	for pc, inf := range k.Infos() {
		if inf != nil && (inf.Op == ptx.OpDiv || inf.Op == ptx.OpRem) && inf.Bits == 32 {
			if own == nil {
				out = append(out, -1)
			} else {
				out = append(out, own[pc])
			}
		}
	}
	return out
}

// tlbc's div.u32 (lap A/B/D's side of its loop's two-way branch; the
// divisor `pages` is loop-invariant): its SASS computes the reciprocal in
// the loop (I2F.U32.RP, MUFU.RCP, F2I at 0x1e0-0x260 of every build,
// validation/timing/hbm18.md), so it is no hoisted division.
func TestDivOwnRcpTLBC(t *testing.T) {
	k := microKernel(t, "tlbc_p16_s2m", "tlbc_kernel")
	assert.Equal(t, []int32{divOwnRcp}, divMarks(k))
}

// Hand-made shapes: the same loop with its division on every pass (no
// branch skips it: idivtput_u32's shape) is hoisted; a division that only
// a jump out of the loop passes (a rotated loop's exit, triton's
// persistent GEMM) is hoisted too.
func TestDivOwnRcpScope(t *testing.T) {
	_, k, _ := lowered(t, loopWaitScopePTX) // div.u32 on the fall-through of `@p bra SIDE`
	assert.Equal(t, []int32{divOwnRcp}, divMarks(k), "skipped by the loop's own branch")

	every := strings.Replace(loopWaitScopePTX, "\t@p bra SIDE;\n", "", 1)
	require.NotEqual(t, loopWaitScopePTX, every)
	_, k, _ = lowered(t, every)
	assert.Equal(t, []int32{divHoisted}, divMarks(k), "on every pass")

	exit := strings.Replace(every, "TOP:\n", "TOP:\n\tsetp.eq.u32 q, %r2, 7;\n\t@q bra OUT;\n", 1)
	_, k, _ = lowered(t, exit)
	assert.Equal(t, []int32{divHoisted}, divMarks(k), "only the loop's exit jumps past it")
}
