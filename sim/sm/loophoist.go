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
// schedrun.go moves the compare up only inside a run of register arithmetic,
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
// schedrun.go cannot move are shared-memory loads, stores, ldmatrix,
// stmatrix or atomics, at least one ahead of that add (else schedrun.go's
// schedule already hoists it). Session 19 read the SASS of tmast7's store
// loops: a TMA tile store or plain bulk store with uniform operands (with
// or without commit_group / wait_group after it) has the counter's add and
// compare above it too (hoistsAboveStore); a reduction's ELECT loop does
// not. Loops with other TMA, bulk, mbarrier, barrier or global
// instructions keep the PTX order (no SASS read for them; session 12 tried
// the rule on all TMA loops and moved tmast7_*, t6tx_*, tmast9_* 10-20
// points on the H100). For such a loop the counter's add and compare take their
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

// markLoopHoists marks f's counted loops in its schedule entries (ent, by
// PC; order: the PC issued at each slot; elect: the stores ptxas wraps
// in an ELECT loop, bulkelect.go): the instruction issued at the
// first slot of a marked loop's body (schedLoopTop, top), its add and setp
// (schedLoopMember) and its closing branch (schedLoopBranch), with the
// loop's id.
// sreg: the moves read before the loop (sregHoists, computed once by
// newSchedule).
func markLoopHoists(f *ptx.Function, infos []*exec.InstInfo, target, elect, sreg []bool, ent []schedEntry, order []int32) {
	n := len(infos)
	loops := 0
	topped := make([]bool, n)
	joined := ifConvJoins(f, ent) // if-converted branches and their labels: straight-line in SASS (ifconvmem.go)
	for b := range f.Insts {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 {
			continue
		}
		top := branchTarget(in, n)
		if top < 0 || top >= b || topped[top] {
			continue
		}
		if a, s, ok, dataOnly := countedLoop(f, infos, target, elect, sreg, joined, top, b); ok && loops < 1<<14 {
			loops++
			id := int16(loops)
			topped[top] = true
			t := &ent[order[top]]
			t.top, t.flags = id, t.flags|schedLoopTop
			for _, pc := range []int{a, s} {
				ent[pc].loop, ent[pc].flags = id, ent[pc].flags|schedLoopMember
			}
			if !dataOnly {
				ent[b].loop, ent[b].flags = id, ent[b].flags|schedLoopBranch
			}
		}
	}
}

// countedLoop finds the counter's add (a) and the compare (s) of the
// loop [top, b], if it is one markLoopHoists marks; dataOnly: a grid-stride
// loop (the counter steps by a register) or one with global loads or
// stores, whose branch keeps its wait on the compare.
func countedLoop(f *ptx.Function, infos []*exec.InstInfo, target, elect, sreg []bool, joined []uint8, top, b int) (a, s int, ok, dataOnly bool) {
	guard := f.Insts[b].Guard
	s = -1
	for j := top; j < b; j++ {
		if joined != nil && joined[j]&joinConvBra != 0 {
			continue
		}
		if infos[j].Pipe == ptx.PipeBranch || (j > top && target[j] && (joined == nil || joined[j]&joinLabel == 0)) {
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
	bulk := 0 // 1: a bulk-group instruction, 2: a bulk store (hoistsAboveStore)
	for j := top; j < b; j++ {
		if movable(infos[j], &f.Insts[j]) || infos[j].Slots == 0 || j == a || j == s || (sreg != nil && sreg[j]) ||
			(joined != nil && joined[j]&joinConvBra != 0) {
			continue
		}
		switch {
		case hoistsAboveStore(infos[j], elect, j):
			bulk |= 1
			if infos[j].Async == exec.AsyncBulkStore {
				bulk |= 2
			}
		case infos[j].Async != exec.AsyncNone:
			return 0, 0, false, false
		case infos[j].Pipe == ptx.PipeShared:
		case infos[j].Pipe == ptx.PipeTensor:
			// mma.sync: every mma28 loop's SASS (session 28) is HMMA (IMMA,
			// DMMA); UIADD3; ISETP.LE; HMMA x31; BRA (validation/timing/mma28.md)
		case clockRead(&f.Insts[j]):
			continue // a CS2R of the clock: gmem_chase_hist_16k's VIADD and ISETP issue after it, above the STG (ifconvmem.go)
		case infos[j].Op == ptx.OpRedux:
			// REDUX.SUM beside the atomics: atom15_mixr's SASS has UIADD3
			// and ISETP.LE among its first ATOMS and REDUXes (i64_23.md)
			continue
		case infos[j].Pipe == ptx.PipeGlobal && globalLoopOp(&f.Insts[j]):
			global = true
		default:
			return 0, 0, false, false // only the loops whose SASS was read
		}
		if j < a {
			mem = true // schedrun.go's run cannot reach the top
		}
	}
	if bulk == 1 {
		return 0, 0, false, false // a commit or wait without the store whose SASS was read
	}
	return a, s, mem, global || regStep
}

// hoistsAboveStore: the bulk-group instructions of a loop whose counter
// ptxas still computes at the top. cuobjdump of tmast7's t7_st (ptxas 13.0
// sm_90a, every kind and mode): a TMA tile store or a plain bulk store
// (cp.async.bulk.global.shared::cta) with uniform operands, alone or with
// commit_group and wait_group(.read) 0 after it, is
//
//	UIMAD; UIADD3 UR4 (counter); ULOP3; ISETP.LE P0 (S5); UTMASTG (S8); @!P0 BRA
//	... ISETP.LE P0; UIADD3.64; UBLKCP.G.S; @!P0 BRA
//	... ISETP.LE P0; UTMASTG; UTMACMDFLUSH; DEPBAR.LE SB0, 0x0; @!P0 BRA
//
// while a reduction's ELECT loop (UTMAREDG, UBLKRED) keeps the counter's
// UIADD3 and ISETP after it, and so does a store in an ELECT loop (elect).
func hoistsAboveStore(info *exec.InstInfo, elect []bool, pc int) bool {
	switch info.Async {
	case exec.AsyncBulkStore:
		return info.Form != ptx.FormBulkReduce && pc < len(elect) && !elect[pc]
	case exec.AsyncBulkCommit, exec.AsyncBulkWait:
		return true // with such a store in the same loop (countedLoop checks)
	}
	return false
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

// loopTopIssued records the issue of a marked loop body's first slot.
func (s *SM) loopTopIssued(ws *warpState, en *schedEntry, now engine.Cycle) {
	if en.flags&schedLoopTop == 0 {
		return
	}
	if id := int(en.top); id >= len(ws.loopTop) {
		t := make([]engine.Cycle, id+1)
		copy(t, ws.loopTop)
		ws.loopTop = t
	}
	ws.loopTop[en.top] = now
}

// loopHoistLimit is the latest cycle the sources of a marked add, setp or
// branch can be ready (engine.Never for other instructions).
func (s *SM) loopHoistLimit(ws *warpState, en *schedEntry) engine.Cycle {
	if en.flags&(schedLoopMember|schedLoopBranch) == 0 || int(en.loop) >= len(ws.loopTop) {
		return engine.Never
	}
	if en.flags&schedLoopBranch != 0 {
		return ws.loopTop[en.loop] + schedBranchLat
	}
	return ws.loopTop[en.loop] + engine.Cycle(schedLat[ptx.PipeALU])
}
