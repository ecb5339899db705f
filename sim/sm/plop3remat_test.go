package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// tmaq's SASS (tools/microbench/tmaq29_sass.txt): every stage's `onlyA`
// branch after its map-A load is `PLOP3.LUT P0, PT, PT, PT, UP1; @P0 BRA`
// (0x0830, 0x0b80, ...: six stages, six copies); the `mc` branches read P1,
// copied once for the barrier choice (0x0330), and tmaqx's `onlyA`
// branches follow their own ULOP3 (and.b32 + setp in the PTX, after the
// load): no copy of their own.
func TestPlop3RematsTmaq(t *testing.T) {
	for _, c := range []struct {
		dir, entry string
		want       int
	}{{"tmaq_s3", "tmaq", 6}, {"tmaqx_s3", "tmaqx", 0}} {
		f, l := recordedLowering(t, c.dir, c.entry)
		ent := l.sched.ent[l.sched.infos[0].Func]
		n, guards := 0, map[int32]bool{}
		for pc := range f.Insts {
			if !ent[pc].plop3 {
				continue
			}
			n++
			in, prev := &f.Insts[pc], &f.Insts[pc-1]
			assert.Equal(t, ptx.OpBra, in.Op, "%s pc %d", c.dir, pc)
			guards[in.Guard] = true
			// laid out after the mc arm's bra.uni to the join
			assert.True(t, prev.Op == ptx.OpBra && prev.Guard < 0, "%s pc %d", c.dir, pc)
		}
		if c.want > 0 {
			assert.Len(t, guards, 1, "one predicate: onlyA")
		}
		assert.Equal(t, c.want, n, c.dir)
	}
}
