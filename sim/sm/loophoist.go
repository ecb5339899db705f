package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A loop's counter and compare at the top of a body with memory
// instructions (timing only). ptxas puts a counted loop's increment and
// compare at the top of its body (UIADD3, ISETP) whatever the body holds;
// the closing BRA reads a predicate computed long before. cuobjdump of
// ptxas 13.0 sm_90a: the stsm_x1_1w loop is
//
//	STSM; UIADD3 UR4 (stall 3); STSM; ISETP.LE P1, R4, UR4; STSM x30; @!P1 BRA
//
// and every smem_ld128 / smem_ld64 loop likewise starts LDS; UIADD3; ISETP.
// sched.go moves the compare up only inside a run of register arithmetic,
// so a body with a shared store or load kept the PTX order: the add and
// setp after the last store, the branch waiting the compare's latency and
// branch_predicate_cycles (stsm_x1_1w: 30 cycles of loop overhead an
// iteration against about 15 on the GPU, whose per-store cost is the STSM
// stall count).
//
// Marked loops: a backward branch @p bra TOP closing a straight-line body
// (no other branch, no label inside), p from an unguarded setp in the body
// whose registers are loop-invariant or one counter written only by an
// add/sub of itself and an immediate, and a body whose instructions
// sched.go cannot move are shared-memory loads, stores, ldmatrix,
// stmatrix or atomics, at least one ahead of that add (else sched.go's
// schedule already hoists it). Only those loops' SASS was read; loops
// with TMA, bulk, mbarrier, barrier or global instructions keep the PTX
// order (the TMA-store holds of tma_hold.go were fitted with it: applying
// the rule there moved tmast7_*, t6tx_*, tmast9_* 10-20 points on the H100
// without SASS to say whether ptxas does the same there). For such a loop the counter's add and compare take their
// sources as ready when the body's first instruction issued plus ptxas's
// ALU latency, and the branch its predicate schedBranchLat after that
// first issue (ptxas's compare-to-branch distance), unless they are
// ready earlier anyway. Issue slots are unchanged.
//
// Grid-stride loops (session 8, microbench tphl_*: the fill and copy-out
// loops of the single-CTA TMA-load evidence kernels, `for (i = tid; i < N;
// i += blockDim.x)`): the counter may also step by a loop-invariant
// register, and the body may hold plain ld.global / st.global. ptxas
// hoists the counter's add above the STS (fill: IMAD; LOP3; IMAD.IADD;
// STS; ISETP; BRA) and add and compare above the STG (copy: IMAD;
// IMAD.WIDE; LDS; IMAD.IADD; ISETP; STG with stall 12; BRA), but the BRA
// still issues ptxas's 13 cycles after the compare's slot, and a late STG
// (waiting for its LDS) delays it with its stall count. So for these loops
// only the add and compare take the early sources; the branch keeps its
// wait on the compare (fill: 32.4 simulated cycles an iteration against
// 30.6-33 on the H200, where hoisting the branch too gives 25.4; copy
// 54.4 against 53.5-58).

// loopHoist is the analysis of one function: top[pc] = loop id + 1 at the
// first instruction of a marked loop's body, member[pc] = loop id + 1 at
// its add, setp and closing branch, branch[pc] true at the branch.
type loopHoist struct {
	top, member []int16
	branch      []bool
	loops       int
}

func findLoopHoists(f *ptx.Function, infos []*exec.InstInfo) *loopHoist {
	n := len(infos)
	h := &loopHoist{top: make([]int16, n), member: make([]int16, n), branch: make([]bool, n)}
	target := f.LabelTargets()
	for b := range f.Insts {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 {
			continue
		}
		top := branchTarget(in, n)
		if top < 0 || top >= b || h.top[top] != 0 {
			continue
		}
		if a, s, ok, dataOnly := countedLoop(f, infos, target, top, b); ok && h.loops < 1<<14 {
			h.loops++
			id := int16(h.loops)
			h.top[top] = id
			h.member[a], h.member[s] = id, id
			if !dataOnly {
				h.member[b] = id
				h.branch[b] = true
			}
		}
	}
	return h
}

// countedLoop finds the counter's add (a) and the compare (s) of the
// loop [top, b], if it is one findLoopHoists marks; dataOnly: a grid-stride
// loop (the counter steps by a register) or one with global loads or
// stores, whose branch keeps its wait on the compare.
func countedLoop(f *ptx.Function, infos []*exec.InstInfo, target []bool, top, b int) (a, s int, ok, dataOnly bool) {
	guard := f.Insts[b].Guard
	s = -1
	for j := top; j < b; j++ {
		if infos[j].Pipe == ptx.PipeBranch || (j > top && target[j]) {
			return 0, 0, false, false // not straight-line
		}
		if hasReg(infos[j].Defs, guard) {
			s = j
		}
	}
	if s < 0 || f.Insts[s].Op != ptx.OpSetp || f.Insts[s].Guard >= 0 {
		return 0, 0, false, false
	}
	a = -1
	regStep := false
	for _, u := range infos[s].Uses {
		var defs []int
		for j := top; j < b; j++ {
			if hasReg(infos[j].Defs, u) {
				defs = append(defs, j)
			}
		}
		switch {
		case len(defs) == 0: // loop-invariant
		case len(defs) == 1 && a < 0 && defs[0] < s && selfAdd(f, infos, top, b, defs[0], u):
			a = defs[0]
			if !selfAddImm(&f.Insts[a], infos[a], u) {
				regStep = true
			}
		default:
			return 0, 0, false, false
		}
	}
	if a < 0 {
		return 0, 0, false, false
	}
	mem, global := false, false
	for j := top; j < b; j++ {
		if movable(infos[j], &f.Insts[j]) || infos[j].Slots == 0 || j == a || j == s {
			continue
		}
		switch {
		case infos[j].Async != exec.AsyncNone:
			return 0, 0, false, false
		case infos[j].Pipe == ptx.PipeShared:
		case infos[j].Pipe == ptx.PipeGlobal && globalLoopOp(&f.Insts[j]):
			global = true
		default:
			return 0, 0, false, false // only the loops whose SASS was read
		}
		if j < a {
			mem = true // sched.go's run cannot reach the top
		}
	}
	return a, s, mem, global || regStep
}

// globalLoopOp: an ld.global or st.global (not an atomic or a reduction):
// the tphl_* copy loop's LDS -> STG body.
func globalLoopOp(in *ptx.Inst) bool {
	return (in.Op == ptx.OpLd || in.Op == ptx.OpSt) && in.Mods.Space == ptx.SpaceGlobal
}

// selfAdd: in (at pc) is `add r, r, imm`, `sub r, r, imm`, or `add r, r, q`
// with q written nowhere in the loop [top, b] (a grid-stride loop's
// i += blockDim.x: IMAD.IADD R5, R6, 0x1, R5 in tphl_*'s SASS), unguarded.
func selfAdd(f *ptx.Function, infos []*exec.InstInfo, top, b, pc int, r int32) bool {
	in, inf := &f.Insts[pc], infos[pc]
	if selfAddImm(in, inf, r) {
		return true
	}
	if in.Op != ptx.OpAdd || in.Guard >= 0 || len(inf.Defs) != 1 || inf.Defs[0] != r || len(inf.Uses) != 2 {
		return false
	}
	q := inf.Uses[0]
	if q == r {
		q = inf.Uses[1]
	} else if inf.Uses[1] != r {
		return false
	}
	for j := top; j < b; j++ {
		if hasReg(infos[j].Defs, q) {
			return false
		}
	}
	return true
}

// selfAddImm: in is `add r, r, imm` or `sub r, r, imm` (unguarded).
func selfAddImm(in *ptx.Inst, inf *exec.InstInfo, r int32) bool {
	if (in.Op != ptx.OpAdd && in.Op != ptx.OpSub) || in.Guard >= 0 {
		return false
	}
	return len(inf.Defs) == 1 && inf.Defs[0] == r && len(inf.Uses) == 1 && inf.Uses[0] == r
}

// loopTopIssued records the issue of a marked loop body's first instruction.
func (s *SM) loopTopIssued(ws *warpState, info *exec.InstInfo, now engine.Cycle) {
	h := s.code.low.loopHoists(info)
	if h == nil || info == nil {
		return
	}
	if id := h.top[info.PC]; id > 0 {
		if int(id) >= len(ws.loopTop) {
			t := make([]engine.Cycle, int(id)+1)
			copy(t, ws.loopTop)
			ws.loopTop = t
		}
		ws.loopTop[id] = now
	}
}

// loopHoistLimit is the latest cycle the sources of a marked add, setp or
// branch can be ready (engine.Never for other instructions).
func (s *SM) loopHoistLimit(ws *warpState, info *exec.InstInfo) engine.Cycle {
	h := s.code.low.loopHoists(info)
	if h == nil || info == nil {
		return engine.Never
	}
	id := h.member[info.PC]
	if id <= 0 || int(id) >= len(ws.loopTop) {
		return engine.Never
	}
	if h.branch[info.PC] {
		return ws.loopTop[id] + schedBranchLat
	}
	return ws.loopTop[id] + engine.Cycle(schedLat[ptx.PipeALU])
}

// loopHoists is the analysis of info's function (nil outside the analysed one).
func (l *Lowering) loopHoists(info *exec.InstInfo) *loopHoist {
	if l == nil || info == nil || int(info.Func) >= len(l.lhoist) {
		return nil
	}
	h := l.lhoist[info.Func]
	if h == nil || int(info.PC) >= len(h.top) {
		return nil
	}
	return h
}
