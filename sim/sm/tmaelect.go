package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// ptxas wraps a TMA tensor load (UTMALDG) in an ELECT loop (PLOP3, ELECT,
// UMOV, UTMALDG, two PLOP3, BRA.U.ANY: once per active lane) unless it
// knows that only the elect.sync lane of the warp executes it. From the
// SASS (ptxas 13.0, sm_90a; tools/microbench/device14_tmahold.sh):
//
//   - tmai.cu, tmah.cu and gemm_wgmma under `if (threadIdx.x == 0)`: every
//     UTMALDG in its own loop, uniform operands or not (tmah: 238 UTMALDG,
//     238 BRA.U.ANY);
//   - the CuTe tutorial GEMM (cute_wgmma_tma_nt/_tn: `lane_predicate =
//     elect_one_sync()`, then `if (warp_idx == 0 && lane_predicate)`: PTX
//     elect.sync, `mov r, 0; @px mov r, 1`, setp.ne, and.pred, not.pred and
//     a branch over the producer's block): 128 UTMALDG, no BRA.U.ANY; the
//     same in CUTLASS's warp-specialized GEMMs, Triton's TMA matmul (a load
//     guarded by and.pred of the elect predicate), mbar_pipeline (selp,
//     setp.eq, a branch over the producer's loop) and tmah.cu's _elect
//     kernels (the block reached by a taken `@p bra` on the elect
//     predicate too);
//   - elect.sync inside `if (warp_idx == 0)` (nvcc's short-circuit of
//     `warp_idx == 0 && elect_one_sync()`), the predicate a join of
//     `false` and the elect's: the loops stay (tmah.cu's first _elect
//     kernels, session 11).
//
// electedLoads marks, per PC, the bulk loads only an elect.sync lane
// reaches. A predicate or register is "pos" when true (non-zero) implies
// the elected lane and "neg" when false (zero) does, through every
// definition: elect.sync's predicate; selp with a zero arm; a zero
// followed in its basic block by a guarded move (ptxas's SEL; not across a
// join); setp.ne/eq against zero; and.pred (pos if either is), or.pred
// (neg if either is), not.pred, mov. A load is elected when its guard is,
// or every path into it passes an edge of a branch on such a predicate in
// the elected direction. The warp's hold (tma_hold.go) checks at run time
// that one lane issued the load.
func electedLoads(f *ptx.Function, infos []*exec.InstInfo) []bool {
	n := len(infos)
	out := make([]bool, n)
	hasElect, hasLoad := false, false
	for pc := range f.Insts {
		hasElect = hasElect || f.Insts[pc].Op == ptx.OpElect
		hasLoad = hasLoad || infos[pc].Async == exec.AsyncBulkLoad
	}
	if !hasElect || !hasLoad {
		return out
	}
	sign := electSigns(f, infos)
	// edge: the elected lane alone takes this edge of branch pc (taken:
	// the guard holds)
	edge := func(pc int, taken bool) bool {
		in := &f.Insts[pc]
		if in.Guard < 0 || int(in.Guard) >= len(sign) {
			return false
		}
		v := taken != in.GuardNeg // the value of the guard register on this edge
		s := sign[in.Guard]
		return s == signPos && v || s == signNeg && !v
	}
	// preds: per PC, its incoming edges (from, taken)
	type in struct {
		from  int
		taken bool
	}
	preds := make([][]in, n)
	for pc := range f.Insts {
		op := f.Insts[pc].Op
		if op == ptx.OpBra {
			if t := branchTarget(&f.Insts[pc], n); t >= 0 {
				preds[t] = append(preds[t], in{pc, true})
			}
			if f.Insts[pc].Guard < 0 {
				continue
			}
		}
		if op == ptx.OpRet || op == ptx.OpExit || pc+1 >= n {
			continue
		}
		preds[pc+1] = append(preds[pc+1], in{pc, false})
	}
	// a must-forward analysis from the optimistic start (loops inside an
	// elected region stay elected)
	el := make([]bool, n)
	for pc := 1; pc < n; pc++ {
		el[pc] = len(preds[pc]) > 0
	}
	for changed := true; changed; {
		changed = false
		for pc := 1; pc < n; pc++ {
			if !el[pc] {
				continue
			}
			for _, p := range preds[pc] {
				if !el[p.from] && !(f.Insts[p.from].Op == ptx.OpBra && edge(p.from, p.taken)) {
					el[pc] = false
					changed = true
					break
				}
			}
		}
	}
	for pc := range f.Insts {
		if infos[pc].Async != exec.AsyncBulkLoad {
			continue
		}
		in := &f.Insts[pc]
		g := in.Guard >= 0 && int(in.Guard) < len(sign) &&
			(sign[in.Guard] == signPos && !in.GuardNeg || sign[in.Guard] == signNeg && in.GuardNeg)
		out[pc] = el[pc] || g
	}
	return out
}

const (
	signNone int8 = iota
	signPos       // true / non-zero implies the elected lane
	signNeg       // false / zero implies the elected lane
	signZero      // a zero (mov r, 0): counts only with a guarded move after it
)

// electSigns is the sign of every register (electedLoads).
func electSigns(f *ptx.Function, infos []*exec.InstInfo) []int8 {
	n := len(infos)
	nregs := len(f.Regs)
	block := basicBlocks(f, n)
	defs := make([][]int, nregs)
	for pc := range f.Insts {
		for _, d := range infos[pc].Defs {
			if int(d) < nregs {
				defs[d] = append(defs[d], pc)
			}
		}
	}
	sign := make([]int8, nregs)
	for changed := true; changed; {
		changed = false
		for r := range defs {
			if sign[r] != signNone || len(defs[r]) == 0 {
				continue
			}
			s := signNone
			for i, d := range defs[r] {
				ds := defSign(f, infos, block, defs, d, int32(r), sign)
				if ds == signZero {
					// a select: a later guarded def in the same block
					ds = signNone
					for _, d2 := range defs[r][i+1:] {
						if block[d2] == block[d] && f.Insts[d2].Guard >= 0 {
							ds = defSign(f, infos, block, defs, d2, int32(r), sign)
							break
						}
					}
				}
				if ds == signNone || s != signNone && ds != s {
					s = signNone
					break
				}
				s = ds
			}
			if s != signNone {
				sign[r] = s
				changed = true
			}
		}
	}
	return sign
}

// defSign is the sign of register r as instruction pc defines it.
func defSign(f *ptx.Function, infos []*exec.InstInfo, block []int, defs [][]int, pc int, r int32, sign []int8) int8 {
	in := &f.Insts[pc]
	of := func(o *ptx.Operand) int8 {
		if o.Kind != ptx.OpdReg || o.Reg < 0 || int(o.Reg) >= len(sign) {
			return signNone
		}
		s := sign[o.Reg]
		if o.Neg {
			return flip(s)
		}
		return s
	}
	zero := func(o *ptx.Operand) bool {
		if o.Kind == ptx.OpdImm {
			return o.Imm == 0
		}
		// a register last set to zero earlier in the block (CuTe's
		// `mov r161, 0; ...; mov r162, r161`)
		if o.Kind != ptx.OpdReg || o.Reg < 0 {
			return false
		}
		isZero := func(q int) bool {
			x := &f.Insts[q]
			return x.Op == ptx.OpMov && x.Guard < 0 && len(x.Ops) == 2 && x.Ops[1].Kind == ptx.OpdImm && x.Ops[1].Imm == 0
		}
		for q := pc - 1; q >= 0 && block[q] == block[pc]; q-- {
			for _, d := range infos[q].Defs {
				if d == o.Reg {
					return isZero(q)
				}
			}
		}
		// or a register whose one definition is a zero (CUTLASS's
		// `mov r890, 0` before its loop)
		if d := defs[o.Reg]; len(d) == 1 {
			return isZero(d[0])
		}
		return false
	}
	if in.Op == ptx.OpElect {
		// d|p: the predicate
		for i := range in.Ops {
			if o := &in.Ops[i]; o.Kind == ptx.OpdPair && len(o.Elems) == 2 && o.Elems[1].Reg == r {
				return signPos
			}
		}
		return signNone
	}
	if in.Guard >= 0 {
		// a guarded move of a non-zero value: non-zero only where the
		// guard holds
		if in.Op == ptx.OpMov && len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdImm && in.Ops[1].Imm != 0 {
			g := sign[in.Guard]
			if in.GuardNeg {
				g = flip(g)
			}
			if g == signPos {
				return signPos
			}
		}
		return signNone
	}
	ops := in.Ops
	switch in.Op {
	case ptx.OpMov:
		if len(ops) == 2 {
			if zero(&ops[1]) {
				return signZero
			}
			return of(&ops[1])
		}
	case ptx.OpSelp:
		if len(ops) == 4 {
			p := of(&ops[3])
			switch {
			case zero(&ops[2]) && p == signPos, zero(&ops[1]) && p == signNeg:
				return signPos
			}
		}
	case ptx.OpSetp:
		if len(ops) == 3 && in.Mods.Bool == 0 && ops[0].Kind == ptx.OpdReg && ops[0].Reg == r {
			var s int8
			switch {
			case zero(&ops[2]):
				s = of(&ops[1])
			case zero(&ops[1]):
				s = of(&ops[2])
			}
			if s != signPos {
				return signNone
			}
			switch in.Mods.Cmp {
			case ptx.CmpNe:
				return signPos
			case ptx.CmpEq:
				return signNeg
			}
		}
	case ptx.OpNot:
		if len(ops) == 2 && isPredReg(f, r) {
			return flip(of(&ops[1]))
		}
	case ptx.OpAnd, ptx.OpOr:
		if len(ops) == 3 && isPredReg(f, r) {
			a, b := of(&ops[1]), of(&ops[2])
			want := signPos
			if in.Op == ptx.OpOr {
				want = signNeg
			}
			if a == want || b == want {
				return want
			}
		}
	}
	return signNone
}

func flip(s int8) int8 {
	switch s {
	case signPos:
		return signNeg
	case signNeg:
		return signPos
	}
	return signNone
}

// isPredReg: register r is a .pred.
func isPredReg(f *ptx.Function, r int32) bool {
	return int(r) < len(f.Regs) && f.Regs[r].Type == ptx.Pred
}

// basicBlocks numbers the basic blocks of f: a new one at each label (a
// branch's or a jump table's target; ptx.Function.LabelTargets) and after
// each branch.
func basicBlocks(f *ptx.Function, n int) []int {
	target := f.LabelTargets()
	block := make([]int, n)
	id := 0
	for pc := range f.Insts {
		if pc > 0 && (target[pc] || f.Insts[pc-1].Op == ptx.OpBra) {
			id++
		}
		block[pc] = id
	}
	return block
}
