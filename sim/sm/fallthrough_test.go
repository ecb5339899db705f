package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// tmaq's kernel (every tmaq_* runs it): ptxas lays each of the six stages'
// `if (mc) A; else if (!onlyA) B;` out as `B...; BRA J; A...` falling into
// J (tools/microbench/tmaq29_sass.txt: `BRA 0x9e0` after stage 0's second
// UTMALDG): six BRAs the PTX does not have (after each stage's
// non-multicast load of map B), six `bra.uni J` with no SASS. The barrier
// choice (`@!P1 BAR.SYNC; @!P1 BRA 0x450`) is left out: no BRA after a
// barrier (fallthroughJoins).
func TestFallthroughJoinsTmaq(t *testing.T) {
	f, l := recordedLowering(t, "tmaq_s3", "tmaq")
	moved := fallthroughBras(f, l.sched.infos)
	merged, armBra := fallthroughJoins(f, l.sched.infos, moved)
	var bar, loads, nMerged int
	for pc := range f.Insts {
		in := &f.Insts[pc]
		if merged[pc] {
			nMerged++
			require.Equal(t, ptx.OpBra, in.Op)
			require.Less(t, in.Guard, int32(0), "a bra.uni")
		}
		if armBra[pc] {
			inf := l.sched.infos[pc]
			assert.True(t, l.armBra(inf), "pc %d", pc)
			switch {
			case in.Op == ptx.OpBar:
				bar++
			case strings.HasPrefix(in.Text, "cp.async.bulk.tensor") && !strings.Contains(in.Text, "multicast"):
				loads++
			default:
				t.Errorf("pc %d: %s ends a moved arm", pc, in.Text)
			}
		}
	}
	assert.Equal(t, 0, bar, "the bar.sync's arm")
	assert.Equal(t, 6, loads, "the stages' map-B loads")
	assert.Equal(t, 6, nMerged, "the other arms' bra.uni")

}

// When the join is a ret, ptxas ends the moved code with its own EXIT: no
// BRA, and the other arm keeps its jump; when the other arm is a few
// register instructions ptxas predicates them (smst's `v = mad` arm
// beside st.shared / bar.sync / ld.shared / bar.sync): no BRA either; nor
// after a barrier ending the moved code. With a store in the other arm the
// moved code ends with one.
func TestFallthroughJoinsKept(t *testing.T) {
	src := func(join, arm, tail string) string {
		return `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u32 n, .param .u64 out)
{
	.reg .pred %p<3>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<4>;
	ld.param.u32 %r1, [n];
	ld.param.u64 %rd1, [out];
	setp.eq.s32 %p1, %r1, 1;
	@%p1 bra A;
	bra.uni E;
A:
	` + arm + `
	bra.uni J;
E:
	add.s32 %r2, %r1, 2;
	` + tail + `
J:
	` + join + `
	ret;
}
`
	}
	const st, add, bar = "st.global.u32 [%rd1], %r2;", "add.s32 %r3, %r1, 5;", "bar.sync 0;"
	for _, c := range []struct {
		join, arm, tail string
		bra             bool
	}{
		{"", "add.s32 %r2, %r1, 3;", add, false},       // J is the ret
		{st, "mad.lo.s32 %r2, %r1, 3, 7;", add, false}, // predicated arm
		{st, "st.global.u32 [%rd1+4], %r1;", bar, false},
		{st, "st.global.u32 [%rd1+4], %r1;", add, true},
	} {
		p, _, l := lowered(t, src(c.join, c.arm, c.tail))
		f := p.Funcs[0]
		infos := l.sched.infos
		require.Len(t, infos, len(f.Insts))
		moved := fallthroughBras(f, infos)
		require.Contains(t, moved, true, "E moves")
		_, armBra := fallthroughJoins(f, infos, moved)
		n := 0
		for pc := range armBra {
			if armBra[pc] {
				n++
				assert.Equal(t, "add.s32", f.Insts[pc].Text, c.arm)
			}
		}
		assert.Equal(t, c.bra, n == 1, c.arm+" / "+c.tail)
	}
}
