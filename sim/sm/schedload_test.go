package sm

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/ptx"
)

const schedHeader = `.version 8.0
.target sm_90a
.address_size 64
`

// issuedOrder compiles src's kernel k and returns the instructions'
// text (with their first register) in the order the timed run issues
// them, and the same for the PTX order the kernel keeps.
func issuedOrder(t *testing.T, src string) (issued, program []string) {
	t.Helper()
	_, k, l := lowered(t, src)
	f := k.Entry()
	text := func(in *ptx.Inst) string {
		s := in.Text
		for _, o := range in.Ops {
			if o.Kind == ptx.OpdReg || o.Kind == ptx.OpdAddr {
				return s + " " + f.Regs[o.Reg].Name
			}
		}
		return s
	}
	var o []int32
	if io := l.issueOrder(); io != nil {
		o = io[k.Infos()[0].Func]
	}
	for pc := range f.Insts {
		program = append(program, text(&f.Insts[pc]))
		if o != nil {
			issued = append(issued, text(&f.Insts[o[pc]]))
		} else {
			issued = append(issued, text(&f.Insts[pc]))
		}
	}
	return issued, program
}

// TestLoadsAheadLikePtxas: gls.cu's 128-bit loads each folded right after
// it in the PTX issue as ptxas orders them (SASS of gls_ld128, ptxas 13.0
// sm_90a: the second LDG.E.128 issues before the first load's LOP3/SHL
// fold; at most four 128-bit loads, 16 registers, wait at once,
// gls2_ld128_s512: LDG R8, R16, R12, R4, then a fold before the fifth).
// The kernel's program keeps the PTX order (the functional run).
func TestLoadsAheadLikePtxas(t *testing.T) {
	var b strings.Builder
	b.WriteString(schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<64>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r60, 0;
`)
	for i := 0; i < 6; i++ {
		r := 4 * i
		reg := func(j int) string { return "%r" + strconv.Itoa(j) }
		b.WriteString("\tadd.s64 %rd" + strconv.Itoa(2+i) + ", %rd1, " + strconv.Itoa(512*i) + ";\n")
		b.WriteString("\tld.global.v4.u32 {" + reg(r) + ", " + reg(r+1) + ", " + reg(r+2) + ", " + reg(r+3) + "}, [%rd" + strconv.Itoa(2+i) + "];\n")
		b.WriteString("\txor.b32 %r60, %r60, " + reg(r) + ";\n")
	}
	b.WriteString("\tst.global.u32 [%rd1], %r60;\n\tret;\n}\n")
	got, prog := issuedOrder(t, b.String())
	seq := func(s []string) string {
		var out []string
		for _, x := range s {
			switch {
			case strings.HasPrefix(x, "ld.global"):
				out = append(out, "L")
			case strings.HasPrefix(x, "xor"):
				out = append(out, "x")
			}
		}
		return strings.Join(out, "")
	}
	// four loads, then a fold frees a load's registers for the next
	assert.Equal(t, "LLLLxLxLxxxx", seq(got))
	assert.Equal(t, "LxLxLxLxLxLx", seq(prog), "the program keeps the PTX order")
	assert.Equal(t, "st.global.u32 %rd1", got[len(got)-2], "nothing passes the store")
}

// TestLongWideLoadRunInFlight: a straight-line block of sixteen 128-bit
// loads, each folded right after it in the PTX, keeps six in flight
// (24 registers, loadCapWide) where the six-load block above keeps four:
// the SASS of coldpace_n16_b16 and coldpace_n32_b16 (provenance
// sass_ldg_order, ptxas 13.0 -O3: six LDG.E.128 waiting after the first
// fold; validation/timing/cold33.md).
func TestLongWideLoadRunInFlight(t *testing.T) {
	var b strings.Builder
	b.WriteString(schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<80>;
	.reg .b64 %rd<24>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r79, 0;
`)
	for i := 0; i < 16; i++ {
		r := 4 * i
		reg := func(j int) string { return "%r" + strconv.Itoa(j) }
		b.WriteString("\tadd.s64 %rd" + strconv.Itoa(2+i) + ", %rd1, " + strconv.Itoa(512*i) + ";\n")
		b.WriteString("\tld.global.v4.u32 {" + reg(r) + ", " + reg(r+1) + ", " + reg(r+2) + ", " + reg(r+3) + "}, [%rd" + strconv.Itoa(2+i) + "];\n")
		b.WriteString("\txor.b32 %r79, %r79, " + reg(r) + ";\n")
	}
	b.WriteString("\tst.global.u32 [%rd1], %r79;\n\tret;\n}\n")
	got, _ := issuedOrder(t, b.String())
	var out []string
	for _, x := range got {
		switch {
		case strings.HasPrefix(x, "ld.global"):
			out = append(out, "L")
		case strings.HasPrefix(x, "xor"):
			out = append(out, "x")
		}
	}
	assert.Equal(t, "LLLLLL"+strings.Repeat("xL", 10)+"xxxxxx", strings.Join(out, ""))
}

// TestLoadsKeepDependences: a load whose address comes from another load
// stays after it and after what it waits for; loads never pass a store or
// %clock64. Pass 1 puts `mov %r5` (it waits for no load) ahead of the
// chain that computes the second load's address; pass 2 then
// list-schedules that run of arithmetic (mov, add, mul.wide, add; the
// load ends it): the add heads the longest path to the run's end (4 + 8 +
// 4 cycles), the mov has no SASS (a free move, path 0), so the add issues
// first and the mov after it.
func TestLoadsKeepDependences(t *testing.T) {
	src := schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<16>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	ld.global.u32 %r1, [%rd1];
	add.s32 %r2, %r1, 1;
	mul.wide.u32 %rd2, %r2, 4;
	add.s64 %rd3, %rd1, %rd2;
	ld.global.u32 %r3, [%rd3];
	add.s32 %r4, %r3, 2;
	mov.u32 %r5, 7;
	st.global.u32 [%rd1+4], %r5;
	ld.global.u32 %r6, [%rd1+8];
	mov.u64 %rd4, %clock64;
	ld.global.u32 %r7, [%rd1+12];
	add.s32 %r8, %r7, %r4;
	add.s32 %r9, %r6, %r8;
	st.global.u32 [%rd1+16], %r9;
	ret;
}`
	got, _ := issuedOrder(t, src)
	assert.Equal(t, []string{
		"ld.param.u64 %rd1", "cvta.to.global.u64 %rd1", "ld.global.u32 %r1",
		"add.s32 %r2",
		"mov.u32 %r5", // does not wait for a load: ahead of the chain
		"mul.wide.u32 %rd2", "add.s64 %rd3", "ld.global.u32 %r3", "add.s32 %r4",
		"st.global.u32 %rd1", "ld.global.u32 %r6", "mov.u64 %rd4", "ld.global.u32 %r7",
		"add.s32 %r8", "add.s32 %r9", "st.global.u32 %rd1", "ret",
	}, got)
}

// TestLoadsInFlightUnderPressure: where the values live into a block
// exceed 48 registers (liveInTight), ptxas keeps about 8 registers
// of loads in flight (gls.cu's loop, 52 live values: six 32-bit loads in
// flight before the first destination register is reused,
// tools/microbench/gls_sass_ldg.txt); with few live values all 12 one-
// register loads go first (coldpace_n16_b4: 16 loads in flight). Derived
// by hand: 12 loads, then 12 folds in the PTX; with 25 64-bit values (50
// registers) live across the block the schedule issues 8 loads, then each
// fold frees one register for the next load.
func TestLoadsInFlightUnderPressure(t *testing.T) {
	build := func(held int) string {
		var b strings.Builder
		b.WriteString(schedHeader + `
.visible .entry k(.param .u64 buf)
{
	.reg .b32 %r<64>;
	.reg .b64 %rd<64>;
	ld.param.u64 %rd1, [buf];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r60, 0;
`)
		for i := 0; i < held; i++ {
			b.WriteString("\tadd.s64 %rd" + strconv.Itoa(20+i) + ", %rd1, " + strconv.Itoa(8*i) + ";\n")
		}
		b.WriteString("\tbar.sync 0;\n")
		for i := 0; i < 12; i++ {
			b.WriteString("\tld.global.u32 %r" + strconv.Itoa(i) + ", [%rd1+" + strconv.Itoa(128*i) + "];\n")
		}
		for i := 0; i < 12; i++ {
			b.WriteString("\txor.b32 %r60, %r60, %r" + strconv.Itoa(i) + ";\n")
		}
		b.WriteString("\tst.global.u32 [%rd1], %r60;\n")
		for i := 0; i < held; i++ {
			b.WriteString("\tst.global.u64 [%rd" + strconv.Itoa(20+i) + "], %rd1;\n")
		}
		b.WriteString("\tret;\n}\n")
		return b.String()
	}
	seq := func(s []string) string {
		var out []string
		for _, x := range s {
			switch {
			case strings.HasPrefix(x, "ld.global"):
				out = append(out, "L")
			case strings.HasPrefix(x, "xor"):
				out = append(out, "x")
			}
		}
		return strings.Join(out, "")
	}
	got, _ := issuedOrder(t, build(25))
	assert.Equal(t, "LLLLLLLLxLxLxLxLxxxxxxx", seq(got)[:23], "50 registers held: 8 loads in flight")
	got, _ = issuedOrder(t, build(17))
	assert.Equal(t, "LLLLLLLLLLLLxxxxxxxxxxxx", seq(got), "34 registers held (l2bw_ld's 36): every load first")
	got, _ = issuedOrder(t, build(2))
	assert.Equal(t, "LLLLLLLLLLLLxxxxxxxxxxxx", seq(got), "few registers held: every load first")
}

// TestLoopBodyLoadsInFlight: a block that is a whole loop body keeps
// fewer loads in flight than a straight-line block, as ptxas orders
// gls2.cu's inner loop (validation/timing/gls21_sass.ctrl.txt.gz: nine
// 32-bit LDG.E, six LDG.E.64, four LDG.E.128 before the first fold that
// waits for a load; then a load as a fold frees registers). The same 16
// loads outside a loop all go first (coldpace_n16_b4's SASS: 16 in flight).
// Hand-derived from the rule: 32-bit loads count 1 + 2 registers against
// 27 (9 fit), 64-bit 2 + 2 (6), 128-bit 4 + 2 (4).
// loadLoopEntry: the entry both load-schedule tests start with (loadsb_test.go too).
const loadLoopEntry = `.visible .entry k(.param .u64 buf, .param .u32 n)
{
	.reg .pred %p<4>;
	.reg .b32 %r<128>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [buf];
	ld.param.u32 %r120, [n];
	cvta.to.global.u64 %rd1, %rd1;
	mov.u32 %r100, 0;
	mov.u32 %r101, 0;
	bar.sync 0;
`

func TestLoopBodyLoadsInFlight(t *testing.T) {
	build := func(vec int, loop bool) string {
		var b strings.Builder
		b.WriteString(schedHeader + loadLoopEntry)
		if loop {
			b.WriteString("$L_top:\n")
		}
		reg := func(j int) string { return "%r" + strconv.Itoa(j) }
		for i := 0; i < 16; i++ {
			r := vec * i
			var dst []string
			for j := 0; j < vec; j++ {
				dst = append(dst, reg(r+j))
			}
			switch vec {
			case 1:
				b.WriteString("\tld.global.u32 " + dst[0])
			default:
				b.WriteString("\tld.global.v" + strconv.Itoa(vec) + ".u32 {" + strings.Join(dst, ", ") + "}")
			}
			b.WriteString(", [%rd1+" + strconv.Itoa(512*i) + "];\n")
		}
		for i := 0; i < 16; i++ {
			for j := 0; j < vec; j++ {
				b.WriteString("\txor.b32 %r100, %r100, " + reg(vec*i+j) + ";\n")
			}
		}
		if loop {
			b.WriteString("\tadd.s32 %r101, %r101, 1;\n\tsetp.lt.s32 %p1, %r101, %r120;\n\t@%p1 bra $L_top;\n")
		}
		b.WriteString("\tst.global.u32 [%rd1], %r100;\n\tret;\n}\n")
		return b.String()
	}
	first := func(s []string) int { // loads issued before the first fold
		n := 0
		for _, x := range s {
			if strings.HasPrefix(x, "xor") {
				return n
			}
			if strings.HasPrefix(x, "ld.global") {
				n++
			}
		}
		return n
	}
	for _, c := range []struct{ vec, want int }{{1, 9}, {2, 6}, {4, 4}} {
		got, _ := issuedOrder(t, build(c.vec, true))
		assert.Equal(t, c.want, first(got), "loop body, %d registers a load", c.vec)
	}
	got, _ := issuedOrder(t, build(1, false))
	assert.Equal(t, 16, first(got), "straight-line block: every 32-bit load first")
	got, _ = issuedOrder(t, build(2, false))
	assert.Equal(t, 8, first(got), "straight-line block: 16 registers of 64-bit loads")
}
