package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

// The six shapes of tools/microbench/atom7.cu and what ptxas 13.0 made of
// them (sm_90a, the recordings' provenance.json sass_timed_regions): a
// shared symbol or symbol + parameter with the result unused is REDUX.SUM
// and one lane's ATOMS (reduced); a per-lane address (lane & zero), or a
// result that is read, keeps one ATOMS per lane group.
const atomPTX = `
.version 8.0
.target sm_90a
.address_size 64
.visible .entry k(.param .u64 p, .param .u32 off, .param .u32 zero)
{
	.reg .b32 %r<24>;
	.reg .b64 %rd<2>;
	.shared .align 4 .b8 s[256];
	ld.param.u64 %rd1, [p];
	ld.param.u32 %r1, [off];
	ld.param.u32 %r2, [zero];
	mov.u32 %r3, %tid.x;
	mov.u32 %r4, s;
	shl.b32 %r5, %r1, 2;
	add.s32 %r6, %r4, %r5;
	and.b32 %r7, %r3, %r2;
	shl.b32 %r8, %r7, 2;
	add.s32 %r9, %r4, %r8;
	atom.shared.add.u32 %r10, [%r4], %r3;
	atom.shared.add.u32 %r11, [%r6], %r3;
	atom.shared.add.u32 %r12, [%r9], %r3;
	atom.shared.add.u32 %r13, [%r4], %r3;
	atom.shared.add.u32 %r14, [%r9], %r3;
	red.shared.add.u32 [s+4], %r3;
	xor.b32 %r15, %r13, %r14;
	st.global.u32 [%rd1], %r15;
	ret;
}
`

func TestAtomReduced(t *testing.T) {
	_, k, l := lowered(t, atomPTX)
	var got []bool
	for _, info := range k.Infos() {
		if info.Op == ptx.OpAtom || info.Op == ptx.OpRed {
			got = append(got, l.warpReduced(info))
		}
	}
	// in order: symbol, result unused; symbol + 4 * parameter, unused;
	// per-lane address; result read; per-lane address and result read;
	// red on a symbol operand
	assert.Equal(t, []bool{true, true, false, false, false, true}, got)
}

// The lowering of each atomic in atomPTX (atomserial.go): the first
// reduced atomic of the stretch with operand %r3 is the REDUX.SUM head, the
// next (same operand, no redefinition) not; the used add at the symbol is
// ptxas's warp scan (SASS of atom7_const_used: VOTE.ANY, SHFL.UP x 5,
// one lane's ATOMS, SHFL.IDX); a per-lane address stays plain.
func TestAtomLoweringKinds(t *testing.T) {
	_, k, l := lowered(t, atomPTX)
	var got []uint8
	for _, info := range k.Infos() {
		if info.Op == ptx.OpAtom || info.Op == ptx.OpRed {
			got = append(got, l.at(info).atom)
		}
	}
	assert.Equal(t, []uint8{atomReduceHead, atomReduce, atomPlain, atomScan, atomPlain, atomReduce}, got)
}

// The expansion has the instruction counts of atom7_const_used's SASS per
// atomic (provenance.json: 32 VOTE.ANY, 192 SHFL.UP, 32 SHFL.IDX, 64 ATOMS
// for 32 atomics) and its data-dependent chain with the H200 profile's
// latencies: five scan steps of SHFL (24 + 7) + IADD 5, ATOMS 23 + 3,
// SHFL.IDX 26, IADD 5 (VOTE, ISETP and the BRA come before it in issue
// order, not by data).
func TestScanStepsShape(t *testing.T) {
	s := &SM{cfg: &Config{}}
	s.cfg.Pipes[ptx.PipeALU] = PipeTiming{IntervalCycles: 2, LatencyCycles: 5}
	s.cfg.Pipes[ptx.PipeWarp] = PipeTiming{IntervalCycles: 4, LatencyCycles: 24}
	s.cfg.Pipes[ptx.PipeShared] = PipeTiming{IntervalCycles: 1, LatencyCycles: 23}
	s.cfg.Pipes[ptx.PipeBranch] = PipeTiming{IntervalCycles: 1, LatencyCycles: 12}
	s.cfg.ShflIntervalCycles, s.cfg.SmemAtomIntervalCycles = 4, 4
	s.cfg.VoteLatencyCycles, s.cfg.ShflPredExtraCycles, s.cfg.ShflIdxExtraCycles = 12, 7, 2
	s.cfg.SmemLatencyCycles, s.cfg.SmemAtomExtraCycles = 23, 3
	st := s.scanSteps()
	var shfl, vote, atoms, port int
	for _, x := range st {
		switch {
		case x.pipe == ptx.PipeShared && x.smem:
			atoms++
		case x.pipe == ptx.PipeShared && x.lat >= 24:
			shfl++
		case x.pipe == ptx.PipeWarp:
			vote++
		}
		if x.port {
			port++
		}
	}
	assert.Equal(t, 7, shfl)
	assert.Equal(t, 1, vote)
	assert.Equal(t, 1, atoms)
	// ncu: 10 shared-memory wavefronts per atomic (5126 for 512)
	assert.Equal(t, 10, port)
	// the critical path: longest finish time with each step at its
	// dependencies' results (issue one a cycle ignored)
	done := make([]int, len(st))
	for i, x := range st {
		at := 0
		for _, d := range x.dep {
			if d >= 0 {
				at = max(at, done[d])
			}
		}
		done[i] = at + int(x.lat)
	}
	assert.Equal(t, 5*(24+7+5)+23+3+24+2+5, done[len(done)-1])
}

// Which stretches' S2R SR_LANEID ptxas keeps in the loop (s2rStretchAtoms):
// the recordings' provenance sass_timed_regions (ptxas 13.0, sm_90a) count
// one S2R in the loop of atom7_const_dead / atom7_param_dead /
// atom11_dist_dead / atom15_red32 / atom15_red128 (32 and 128 reduced
// atomics an iteration) and none in atom15_red8's (8: hoisted).
func TestReduceLaneHeadMatchesSASS(t *testing.T) {
	for _, c := range []struct {
		dir, entry string
		s2r        bool
	}{
		{"atom7_const_dead_w32", "atom7_const_dead", true},
		{"atom7_param_dead_w32", "atom7_param_dead", true},
		{"atom11_dist_dead_w32", "atom11_dist_dead", true},
		{"atom15_red32_w8", "atom15_red32", true},
		{"atom15_red128_w32", "atom15_red128", true},
		{"atom15_red8_w32", "atom15_red8", false},
	} {
		k := microKernel(t, c.dir, c.entry)
		l := NewLowering(k)
		heads, lane := 0, 0
		for _, info := range k.Infos() {
			if l.reduceHead(info) {
				heads++
			}
			if l.reduceLaneHead(info) {
				lane++
			}
		}
		assert.Equal(t, 1, heads, c.dir)
		want := 0
		if c.s2r {
			want = 1
		}
		assert.Equal(t, want, lane, c.dir)
	}
}
