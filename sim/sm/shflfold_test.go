package sm

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// Triton's warp-index shuffle (triton_matmul_4096's K loop, `.reqntid
// 256`): ptxas emits no SHFL for it (cuobjdump, ptxas 13.0 sm_90a: the
// loop's SASS is LDGSTS, DEPBAR, BAR, HGMMA and branches only). A
// shuffle of a lane-dependent value, of %tid.x shifted by less than 5, in
// a CTA that is not declared one-dimensional, with a partial mask or with
// a predicate output keeps its SHFL.
func TestShflFolds(t *testing.T) {
	src := func(ntid string) string {
		return fmt.Sprintf(`
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p) %s
{
	.reg .pred %%p<4>;
	.reg .b32 %%r<16>;
	mov.u32 %%r1, %%tid.x;
	shr.u32 %%r2, %%r1, 5;
	shr.u32 %%r3, %%r1, 4;
	shfl.sync.idx.b32 %%r4, %%r2, 0, 31, -1;
	shfl.sync.idx.b32 %%r5, %%r1, 0, 31, -1;
	shfl.sync.idx.b32 %%r6, %%r3, 0, 31, -1;
	shfl.sync.idx.b32 %%r7, %%r2, 0, 31, 65535;
	shfl.sync.bfly.b32 %%r8|%%p1, %%r2, 1, 31, -1;
	ret;
}
`, ntid)
	}
	folds := func(ntid string) map[string]bool {
		p, k, l := lowered(t, src(ntid))
		f := p.Funcs[0]
		out := map[string]bool{}
		for pc, info := range k.Infos() {
			if in := &f.Insts[pc]; in.Op == ptx.OpShfl {
				d := in.Ops[0]
				if d.Kind == ptx.OpdPair {
					d = d.Elems[0]
				}
				out[f.Regs[d.Reg].Name] = l.at(info).kind == lowFused
			}
		}
		return out
	}
	assert.Equal(t, map[string]bool{"%r4": true, "%r5": false, "%r6": false, "%r7": false, "%r8": false}, folds(".reqntid 256"))
	assert.Equal(t, map[string]bool{"%r4": true, "%r5": false, "%r6": false, "%r7": false, "%r8": false}, folds(".maxntid 128, 1, 1"))
	assert.Equal(t, map[string]bool{"%r4": false, "%r5": false, "%r6": false, "%r7": false, "%r8": false}, folds(".maxntid 32, 4, 1"))
	assert.Equal(t, map[string]bool{"%r4": false, "%r5": false, "%r6": false, "%r7": false, "%r8": false}, folds(""))
}
