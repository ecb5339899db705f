package sm

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// TestLoadsShareScoreboards: in a loop body of nine 32-bit loads and
// their folds (gls2_ld32's loop: SASS LDGs on SB2 SB3 SB4 SB5 SB5 SB5 SB5
// SB5 SB5, validation/timing/gls21_sass.ctrl.txt.gz), the fold of the
// fourth load waits for the fourth to ninth loads, the folds of the first
// three for their own load only, and the later folds for nothing more (the
// fourth's wait freed the scoreboard). The same loads outside a loop keep
// per-register waits. Hand-derived from the rule (loadsb.go).
func TestLoadsShareScoreboards(t *testing.T) {
	build := func(loop bool) string {
		var b strings.Builder
		b.WriteString(schedHeader + loadLoopEntry)
		if loop {
			b.WriteString("$L_top:\n")
		}
		for i := 0; i < 9; i++ {
			b.WriteString("\tld.global.u32 %r" + strconv.Itoa(i) + ", [%rd1+" + strconv.Itoa(128*i) + "];\n")
		}
		for i := 0; i < 9; i++ {
			b.WriteString("\txor.b32 %r100, %r100, %r" + strconv.Itoa(i) + ";\n")
		}
		if loop {
			b.WriteString("\tadd.s32 %r101, %r101, 1;\n\tsetp.lt.s32 %p1, %r101, %r120;\n\t@%p1 bra $L_top;\n")
		}
		b.WriteString("\tst.global.u32 [%rd1], %r100;\n\tret;\n}\n")
		return b.String()
	}
	// the registers each fold waits for besides its own operands
	waits := func(src string) map[string][]string {
		_, k, l := lowered(t, src)
		require.NotNil(t, l.sched)
		f := k.Entry()
		out := map[string][]string{}
		for pc, regs := range l.sched.sbWait {
			key := f.Insts[pc].Text // the opcode and the last register it reads
			for _, o := range f.Insts[pc].Ops {
				if o.Kind == ptx.OpdReg {
					key = f.Insts[pc].Text + " " + f.Regs[o.Reg].Name
				}
			}
			for _, r := range regs {
				out[key] = append(out[key], f.Regs[r].Name)
			}
		}
		return out
	}
	got := waits(build(true))
	assert.Equal(t, map[string][]string{
		"xor.b32 %r3": {"%r4", "%r5", "%r6", "%r7", "%r8"},
	}, got, "the fourth scoreboard counts loads 4 to 9")
	assert.Empty(t, waits(build(false)), "a straight-line block: per-register waits")
}

// TestTightLoopLoadsShareScoreboards: the same rule in a loop body with
// more values live into it than liveInTight (gls.cu's loop, whose SASS
// gives its loads SB2 SB3 SB4 SB5 SB5 SB5 and then SB2 SB3 SB4 SB5 x7:
// validation/timing/gls21_sass.ctrl.txt.gz, gls29.md). loadCapTight lets
// eight 32-bit loads wait at once, so the fourth scoreboard counts loads 4
// to 8; the fold of the fourth load waits for them, the ninth load takes
// the scoreboard the first fold freed and its fold waits for nothing more.
// Hand-derived from the rule (loadsb.go).
func TestTightLoopLoadsShareScoreboards(t *testing.T) {
	var b strings.Builder
	b.WriteString(schedHeader + loadLoopEntry)
	for i := 30; i < 90; i++ {
		b.WriteString("\tmov.u32 %r" + strconv.Itoa(i) + ", " + strconv.Itoa(i) + ";\n")
	}
	b.WriteString("$L_top:\n")
	for i := 0; i < 9; i++ {
		b.WriteString("\tld.global.u32 %r" + strconv.Itoa(i) + ", [%rd1+" + strconv.Itoa(128*i) + "];\n")
	}
	for i := 0; i < 9; i++ {
		b.WriteString("\txor.b32 %r100, %r100, %r" + strconv.Itoa(i) + ";\n")
	}
	for i := 30; i < 90; i++ { // values live into the loop: past liveInTight
		b.WriteString("\tadd.s32 %r102, %r102, %r" + strconv.Itoa(i) + ";\n")
	}
	b.WriteString("\tadd.s32 %r101, %r101, 1;\n\tsetp.lt.s32 %p1, %r101, %r120;\n\t@%p1 bra $L_top;\n")
	b.WriteString("\tst.global.u32 [%rd1], %r100;\n\tst.global.u32 [%rd1+4], %r102;\n\tret;\n}\n")
	_, k, l := lowered(t, b.String())
	require.NotNil(t, l.sched)
	f := k.Entry()
	got := map[string][]string{}
	for pc, regs := range l.sched.sbWait {
		key := f.Insts[pc].Text
		for _, o := range f.Insts[pc].Ops {
			if o.Kind == ptx.OpdReg {
				key = f.Insts[pc].Text + " " + f.Regs[o.Reg].Name
			}
		}
		for _, r := range regs {
			got[key] = append(got[key], f.Regs[r].Name)
		}
	}
	assert.Equal(t, map[string][]string{
		"xor.b32 %r3": {"%r4", "%r5", "%r6", "%r7"},
	}, got, "the fourth scoreboard counts loads 4 to 8 (eight loads in flight)")
}
