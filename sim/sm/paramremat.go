package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A kernel parameter reloaded in a loop (cuobjdump of chain_fma_f32,
// fma_tput, idivtput_s64 and icgap_kernel, H100 and H200: the same SASS):
// the PTX reads the trip count `iters` with one ld.param at the top, and
// ptxas issues `LDC Rn, c[0x0][0x220]` inside the rep loop, right before
// the zero-trip compare of the inner loop that `iters` bounds, every time
// the rep loop gets there (after the timed region's CS2R: chain_overhead's
// empty loop takes 49 cycles where the model issued 14); fma_tput even
// reloads it there after reading it once before the loop. The SASS of
// 25 more entries with that shape (atom7_*, atom11_*, atom15_*, atom_shared_add,
// redux13_*, warp11_*: cuobjdump of another helper's call, session 12)
// has the same `LDC Rn, c[0x0][0x220]` right before each zero-trip
// `ISETP.GE.AND P, PT, Rn, 0x1`; the rule marks each of them. Other
// in-loop uses were marked by the first rule (any parameter with at most
// two uses in a loop): uses ptxas can encode as a constant-bank operand
// (the second source of an ALU op or compare: gls_st32's `and` with the
// mask and `add.s64` of the base pointer, tma_st's stride `add`) and
// loop-invariant compares it hoists (predbranch.go: icgap_kernel's seed,
// tma_st's `setp.eq mode, 0`); with const_ldc_cycles 42 that moved
// tmast_* +35..+64%, tma_load_*_tput -28%, wgmma_*_rs and gls_st32_*_w1
// +50% (calibrate --group none), which the GPU figures, matched without
// an LDC, rule out (their SASS was not read). Left out, though the SASS
// shows them: a pointer parameter reloaded by LDC.64 as the base of an
// IMAD.WIDE address in a loop (tmah_*) and a flags parameter reloaded
// before a shift-and-mask test (sgp).
// So: an inner loop whose closing compare reads a parameter (its bound),
// nested in an outer loop that does not hold the ld.param, with a
// zero-trip test of that parameter against a constant in the outer loop
// (a guarded branch before the inner loop to past its end): the test stays
// an ISETP in the outer loop (sched.go keeps predbranch.go from hoisting
// it: the SASS has it after the LDC) and waits const_ldc_cycles after the
// warp's previous issue (the LDC, a constant-cache hit, is the warp's
// next instruction), each time the warp reaches it. Session 15 widened
// this to any compare of a parameter with a constant that a branch
// reads, in a loop that holds another loop (branchCompares below, after
// a survey of every kernel's SASS: validation/timing/paramldc.md).

// paramRemats marks, per PC of the entry f, the instructions ptxas puts
// a parameter's LDC in front of: the zero-trip test of an inner loop
// whose bound is a kernel parameter, inside an outer loop (see above).
func paramRemats(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	mark := make([]bool, n)
	type loop struct{ top, b int }
	var loops []loop
	for b := range f.Insts {
		if in := &f.Insts[b]; in.Op == ptx.OpBra {
			if t := branchTarget(in, n); t >= 0 && t < b {
				loops = append(loops, loop{t, b})
			}
		}
	}
	param := paramDefs(f, infos)
	wgmmaCompares(f, infos, param, mark)
	if len(loops) < 2 {
		return mark // no loop inside another
	}
	// guardSetp: the setp that defines the guard of the branch at pc, in
	// the stretch before it, or -1
	guardSetp := func(pc, lo int) int {
		in := &f.Insts[pc]
		if in.Guard < 0 {
			return -1
		}
		for j := pc - 1; j >= lo && infos[j] != nil && infos[j].Pipe != ptx.PipeBranch; j-- {
			if hasReg(infos[j].Defs, in.Guard) {
				if f.Insts[j].Op == ptx.OpSetp {
					return j
				}
				return -1
			}
		}
		return -1
	}
	for _, in := range loops {
		// the inner loop's bound: a parameter its closing compare reads
		c := guardSetp(in.b, in.top)
		if c < 0 {
			continue
		}
		// the innermost loop around it
		out := loop{-1, -1}
		for _, l := range loops {
			if l != in && l.top <= in.top && l.b >= in.b && (out.top < 0 || l.b-l.top < out.b-out.top) {
				out = l
			}
		}
		if out.top < 0 {
			continue
		}
		for _, r := range infos[c].Uses {
			d := param(r)
			if d < 0 || (d >= out.top && d <= out.b) {
				continue
			}
			// the zero-trip test: a branch before the inner loop, in the
			// outer one, past the inner loop's end, on a compare of the
			// parameter with a constant
			for g := in.top - 1; g >= out.top; g-- {
				br := &f.Insts[g]
				if br.Op != ptx.OpBra || br.Guard < 0 {
					continue
				}
				if t := branchTarget(br, n); t <= in.b {
					continue
				}
				s := guardSetp(g, out.top)
				if s >= 0 && hasReg(infos[s].Uses, r) && setpWithImm(&f.Insts[s]) {
					mark[s] = true
					break
				}
			}
		}
	}
	branchCompares(f, infos, param, mark)
	return mark
}

// paramDefs maps a register to the PC of its one definition when that is
// an ld.param of a scalar kernel parameter (-1 else).
func paramDefs(f *ptx.Function, infos []*exec.InstInfo) func(r int32) int {
	defs := map[int32]int{}
	for pc, inf := range infos {
		if inf == nil {
			continue
		}
		for _, r := range inf.Defs {
			if _, ok := defs[r]; ok {
				defs[r] = -1
			} else {
				defs[r] = pc
			}
		}
	}
	return func(r int32) int {
		d, ok := defs[r]
		if !ok || d < 0 {
			return -1
		}
		in := &f.Insts[d]
		if in.Op != ptx.OpLd || (in.Mods.Space != ptx.SpaceParam && in.Mods.Space != ptx.SpaceParamEntry) || in.Mods.Vec > 1 {
			return -1
		}
		return d
	}
}

// branchCompares marks the second shape (session 15, helper ldc; the
// survey of every microbenchmark's and evidence kernel's SASS,
// validation/timing/paramldc.md): a compare of a parameter with a
// constant whose predicate the next branch (within three instructions)
// reads, in the body
// of a loop that holds another loop and not the parameter's ld.param
// (mbwait's `mode` in the rep loop, ahead of its three wait loops; the
// zero-trip tests above are the same shape). ptxas reloads the parameter
// right before the ISETP, by `LDC Rn, c[0x0][..]` or `ULDC URn` (tma_st8),
// each time the loop gets there, and a second compare of it in the same
// straight stretch (no branch target between) reuses the register
// (mbwait's `setp.ne mode, 1`: `ISETP.NE P1, PT, R9, 0x1` on the same R9).
// Loops are natural loops (the instructions that reach a backward branch
// without passing its target, which must not reach the entry that way):
// a block nvcc lays out before the loop's head but inside it (tma_mcast's
// rotated loop) is in it, and t7_st's jump back to the epilogue's block
// is no loop; nor is an mbarrier wait's one-instruction retry loop
// (waitLoops: tma_mcast's rep loop holds one, and its `setp.eq mode, 0`
// is hoisted to a ULDC before the loop).
func branchCompares(f *ptx.Function, infos []*exec.InstInfo, param func(int32) int, mark []bool) {
	n := len(infos)
	target := make([]bool, n+1)
	preds := make([][]int32, n)
	for p := range f.Insts {
		in := &f.Insts[p]
		falls := true
		switch in.Op {
		case ptx.OpBra:
			if t := branchTarget(in, n); t >= 0 {
				target[t] = true
				preds[t] = append(preds[t], int32(p))
			}
			falls = in.Guard >= 0
		case ptx.OpRet, ptx.OpExit, ptx.OpTrap:
			falls = in.Guard >= 0
		}
		if falls && p+1 < n {
			preds[p+1] = append(preds[p+1], int32(p))
		}
	}
	type loop struct {
		top  int
		body []bool
		size int
	}
	var loops []loop
	wait := waitLoops(f, infos) // an mbarrier wait's retry loop is no loop here: ptxas keeps it out of line
	for b := range f.Insts {
		in := &f.Insts[b]
		t := -1
		if in.Op == ptx.OpBra {
			t = branchTarget(in, n)
		}
		if t < 0 || t > b {
			continue
		}
		body := make([]bool, n)
		body[t] = true
		stack, size, real := []int32{int32(b)}, 1, true
		for len(stack) > 0 && real {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if body[p] {
				continue
			}
			body[p] = true
			size++
			if p == 0 {
				real = false // reaches the entry without passing t: no loop
			}
			stack = append(stack, preds[p]...)
		}
		if real && !(wait[b-1] && b-t <= 1) {
			loops = append(loops, loop{t, body, size})
		}
	}
	for pc := 0; pc+1 < n; pc++ {
		in := &f.Insts[pc]
		if infos[pc] == nil || in.Op != ptx.OpSetp || in.Guard >= 0 || !setpWithImm(in) {
			continue
		}
		// the next branch, within three instructions, reads its predicate
		b := pc + 1
		for b < n && b <= pc+3 && f.Insts[b].Op != ptx.OpBra {
			b++
		}
		if b >= n || b > pc+3 {
			continue
		}
		if br := &f.Insts[b]; br.Guard < 0 || !hasReg(infos[pc].Defs, br.Guard) {
			continue
		}
		r, d := int32(-1), -1
		for _, u := range infos[pc].Uses {
			if d = param(u); d >= 0 {
				r = u
				break
			}
		}
		if d < 0 {
			continue
		}
		// the innermost loop around the compare that does not hold the ld.param
		in0 := -1
		for i, l := range loops {
			if l.body[pc] && !l.body[d] && (in0 < 0 || l.size < loops[in0].size) {
				in0 = i
			}
		}
		if in0 < 0 {
			continue
		}
		nested := false
		for i, l := range loops {
			if i != in0 && l.size < loops[in0].size && loops[in0].body[l.top] {
				nested = true
				break
			}
		}
		if !nested {
			continue // an innermost loop's compare: ptxas keeps it hoisted (predbranch.go)
		}
		first := true
		for j := pc - 1; j >= 0 && loops[in0].body[j] && !target[j+1]; j-- {
			if infos[j] != nil && f.Insts[j].Op == ptx.OpSetp && hasReg(infos[j].Uses, r) {
				first = false
				break
			}
		}
		if first {
			mark[pc] = true
		}
	}
}

// setpWithImm: a compare of one register with an integer constant.
func setpWithImm(in *ptx.Inst) bool {
	imm, reg := 0, 0
	for i := 1; i < len(in.Ops); i++ { // Ops[0] is the predicate
		switch in.Ops[i].Kind {
		case ptx.OpdImm:
			imm++
		case ptx.OpdReg:
			reg++
		}
	}
	return imm == 1 && reg == 1
}

// paramLDCReady: the use at en waits for the LDC ptxas puts in front of
// it (paramRemats), issued right after the warp's previous instruction.
func (s *SM) paramLDCReady(ws *warpState, en *schedEntry) engine.Cycle {
	if en.flags&schedParamLDC == 0 || s.cfg.Const.LDCCycles <= 0 {
		return 0
	}
	return ws.readyAt + engine.Cycle(1+s.cfg.Const.LDCCycles)
}

// wgmmaCompares marks the third shape (session 32, helper sgp;
// validation/timing/sgp32.md): a compare-and-branch on a kernel parameter
// outside every loop, after a wgmma.mma_async that comes between it and
// the parameter's previous read outside loops (its ld.param or an earlier
// use, PTX order; reads in a loop do not count: ptxas hoists those tests
// to predicates before the loop). ptxas does not keep the parameter's
// register across the accumulators: the SASS of sgp
// (tools/microbench/sgp29/sgp29_h200.sass.gz, ptxas 13.0 sm_90a) reads
// `flags` after the epilogue's CS2R by `LDC R16, c[0x0][0x398]; LOP3.LUT
// R8, R16, 0x1; ISETP.NE.U32 P0, PT, R8, 0x1; @P0 BRA`, the PTX's
// `and.b32 %r, flags, 1; setp.eq.b32 %p, %r, 1; ... @%p bra` on the
// register of the entry's ld.param, and after the k-loop by `LDC R12,
// c[0x0][0x398]; LOP3.LUT P1, R7, R12, 0x8`; the next tests of flags (no
// wgmma between: `LOP3.LUT P0, RZ, R16, 0x2`, `0x10`) reuse the register. The compare is a setp of the parameter, or of an `and` of it with
// a constant, with a constant, whose predicate (through pred moves and
// logic) a branch within four instructions reads; the first reader of the
// parameter (the `and`, else the setp) is marked.
func wgmmaCompares(f *ptx.Function, infos []*exec.InstInfo, param func(int32) int, mark []bool) {
	n := len(infos)
	var wg []int // the PCs of wgmma.mma_async, ascending
	for pc, inf := range infos {
		if inf != nil && f.Insts[pc].Op == ptx.OpWgmma && inf.Async == exec.AsyncWgmma {
			wg = append(wg, pc)
		}
	}
	if len(wg) == 0 {
		return
	}
	inLoop := make([]bool, n)
	for b := range f.Insts {
		if in := &f.Insts[b]; in.Op == ptx.OpBra {
			if t := branchTarget(in, n); t >= 0 && t < b {
				for p := t; p <= b; p++ {
					inLoop[p] = true
				}
			}
		}
	}
	for pc := 0; pc < n; pc++ {
		in := &f.Insts[pc]
		if infos[pc] == nil || inLoop[pc] || in.Op != ptx.OpSetp || in.Guard >= 0 || !setpWithImm(in) {
			continue
		}
		// a branch within four instructions reads the predicate
		preds := slices.Clone(infos[pc].Defs)
		branched := false
		for j := pc + 1; j < n && j <= pc+4 && !branched; j++ {
			bj := &f.Insts[j]
			if bj.Op == ptx.OpBra {
				branched = bj.Guard >= 0 && hasReg(preds, bj.Guard)
				break
			}
			if infos[j] != nil && slices.ContainsFunc(infos[j].Uses, func(u int32) bool { return hasReg(preds, u) }) {
				preds = append(preds, infos[j].Defs...)
			}
		}
		if !branched {
			continue
		}
		// the compared register: the parameter's, or an `and` of it with a constant
		use, r := -1, int32(-1)
		for _, u := range infos[pc].Uses {
			if param(u) >= 0 {
				use, r = pc, u
				break
			}
			for j := pc - 1; j >= 0 && j >= pc-3 && infos[j] != nil; j-- {
				a := &f.Insts[j]
				if !hasReg(infos[j].Defs, u) {
					continue
				}
				if a.Op == ptx.OpAnd && a.Guard < 0 && len(a.Ops) == 3 && a.Ops[1].Kind == ptx.OpdReg && a.Ops[2].Kind == ptx.OpdImm &&
					param(a.Ops[1].Reg) >= 0 {
					use, r = j, a.Ops[1].Reg
				}
				break
			}
			if use >= 0 {
				break
			}
		}
		if use < 0 {
			continue
		}
		// the parameter's previous read (or its ld.param), PTX order
		prev := param(r)
		for j := use - 1; j > prev; j-- {
			if infos[j] != nil && !inLoop[j] && hasReg(infos[j].Uses, r) {
				prev = j
				break
			}
		}
		if i, _ := slices.BinarySearch(wg, prev+1); i < len(wg) && wg[i] < use {
			mark[use] = true
		}
	}
}
