package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// What ptxas makes of short compare-and-branch code (timing only; the
// functional run executes every PTX branch). Read from the SASS of the
// brnt8_* microbenchmarks (ptxas 13.0 -arch=sm_90a, cuobjdump on the H200
// and the H100, tools/microbench/gen8_brnt.py), whose %clock64 times equal
// the sum of the SASS stall counts within 1%:
//
//   - A never-taken `setp; @p bra FAIL` (brnt8_nt*, brnt8_nm*) is ISETP
//     (stall 1), one instruction of stall 12 and BRA (stall 5): the
//     compare sits 13 cycles ahead of the branch (branch_predicate_cycles
//     on top of the compare's latency, as in a loop's closing branch:
//     brloop8_*), and a BRA no lane takes holds the warp
//     branch_not_taken_cycles (a taken one refetches:
//     branch_latency_cycles).
//   - Merged compares (brnt8_na*): pairs that follow each other with
//     nothing in between and branch to the same label become one chain
//     `ISETP.NE.AND P6; ISETP.NE.OR P6, ..., P6` (each stall 4) and one BRA
//     per orGroup compares: the branches inside a group have no SASS, and
//     each compare after a group's first waits for the previous one's
//     predicate (branch_or_chain_cycles after it is ready).
//   - If-conversion (brnt8_tk*): a forward branch over at most ifConvMax
//     register-arithmetic instructions (or a plain mbarrier.arrive:
//     plainArrive) becomes predicated instructions, no
//     BRA (`ISETP; @!P IADD3`, stall 2 each). The branch has no SASS; when
//     every lane takes it, the warp still issues the skipped instructions
//     (predicated off): it is held for their issue intervals.
//
// Not modelled: ptxas also moves up to six compares of such a chain ahead
// of the chain (into free predicate registers; brnt8_nt16 has six of its 16
// compares before the clock read, brnt8_nm* four, their branches then
// cost MOV + BRA, 7 cycles).

const (
	// orGroup: compares per BRA in ptxas's ISETP.NE.OR chains (brnt8_na64:
	// nine groups of seven).
	orGroup = 7
	// ifConvMax: the longest block seen if-converted (brnt8_tk*: two adds,
	// which ptxas folds into one IADD3).
	ifConvMax = 4
)

// Branch shapes per PC (brShapes).
const (
	brPlain        uint8 = iota
	brMerged             // a branch inside an ISETP.OR group: no SASS
	brIfConv             // an if-converted branch: no SASS, holds when taken
	brOrSetp             // a compare that ORs the previous one's predicate in
	brLastBra            // the BRA that closes an ISETP.OR group
	brTable              // a jump table's BRX (jumptable.go): holds jump_table_cycles
	brTableUniform       // a jump table's BRXU: holds jump_table_uniform_cycles
)

// brShapeInfo is brShapes' result for one function.
type brShapeInfo struct {
	shape []uint8
	// prevPred: for brOrSetp, the predicate register of the previous
	// compare of its chain
	prevPred []int32
	// skipped: for brIfConv, the skipped instructions (PC range)
	skipLo, skipHi []int32
}

// brShapes finds the merged compare chains and if-converted branches of f.
func brShapes(f *ptx.Function, infos []*exec.InstInfo) brShapeInfo {
	n := len(infos)
	out := brShapeInfo{shape: make([]uint8, n), prevPred: make([]int32, n),
		skipLo: make([]int32, n), skipHi: make([]int32, n)}
	target := f.LabelTargets()
	// pair: setp at i, `@p bra T` at i+1 on its predicate, nothing else
	pairAt := func(i int) (tgt int, neg bool, pred int32, ok bool) {
		if i+1 >= n || target[i+1] {
			return 0, false, 0, false
		}
		s, b := &f.Insts[i], &f.Insts[i+1]
		if s.Op != ptx.OpSetp || s.Guard >= 0 || len(s.Ops) != 3 || len(infos[i].Defs) != 1 ||
			b.Op != ptx.OpBra || b.Guard != infos[i].Defs[0] {
			return 0, false, 0, false
		}
		t := branchTarget(b, n+1)
		if t < 0 {
			return 0, false, 0, false
		}
		return t, b.GuardNeg, b.Guard, true
	}
	for i := 0; i < n; {
		t, neg, _, ok := pairAt(i)
		if !ok {
			i++
			continue
		}
		// the run of pairs to the same label
		run := []int{i}
		for j := i + 2; j < n && !target[j]; j += 2 {
			t2, neg2, _, ok2 := pairAt(j)
			if !ok2 || t2 != t || neg2 != neg {
				break
			}
			run = append(run, j)
		}
		if len(run) > 1 {
			for k := 0; k < len(run); k += orGroup {
				g := run[k:min(k+orGroup, len(run))]
				for m, s := range g {
					if m > 0 {
						out.shape[s] = brOrSetp
						out.prevPred[s] = infos[g[m-1]].Defs[0]
					}
					if m < len(g)-1 {
						out.shape[s+1] = brMerged
					} else if len(g) > 1 {
						out.shape[s+1] = brLastBra
					}
				}
			}
		}
		i = run[len(run)-1] + 2
	}
	for b := 0; b < n; b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 || out.shape[b] != brPlain {
			continue
		}
		t := branchTarget(in, n+1)
		if t <= b+1 || t-b-1 > ifConvMax {
			continue
		}
		ok := true
		for j := b + 1; j < t && ok; j++ {
			ok = !target[j] && f.Insts[j].Guard < 0 && infos[j].Pipe != ptx.PipeBranch &&
				(movable(infos[j], &f.Insts[j]) || plainArrive(&f.Insts[j]) || uniformSpecialRead(&f.Insts[j]))
		}
		if ok || paramStoreBlock(f, infos, target, b+1, t) {
			out.shape[b] = brIfConv
			out.skipLo[b], out.skipHi[b] = int32(b+1), int32(t)
		}
	}
	ifElseConv(f, infos, target, &out)
	return out
}

// ifElseConv finds the if/else diamonds ptxas predicates (tmast9_sw2_*:
// `setp; @p bra T; E; bra.uni J; T: A; J:` with one asm instruction on
// each side is ISETP (hoisted) and two predicated instructions, 34.4
// cycles an iteration against 30.3 without the if; cuobjdump of t9_x):
// both sides of at most ifConvMax register-arithmetic instructions, T
// entered only by the branch. Both branches are if-converted (no SASS):
// the guarded one skips E, the bra.uni skips A, and whichever way the
// warp goes it still issues the other side, predicated off.
func ifElseConv(f *ptx.Function, infos []*exec.InstInfo, target []bool, out *brShapeInfo) {
	n := len(infos)
	refs := branchRefs(f, n)
	// side: [lo, hi) holds 1..ifConvMax movable instructions, no label after lo
	side := func(lo, hi int) bool {
		if hi <= lo || hi-lo > ifConvMax {
			return false
		}
		for j := lo; j < hi; j++ {
			if (j > lo && target[j]) || f.Insts[j].Guard >= 0 || !movable(infos[j], &f.Insts[j]) || infos[j].Pipe == ptx.PipeBranch {
				return false
			}
		}
		return true
	}
	for b := 0; b < n; b++ {
		in := &f.Insts[b]
		if in.Op != ptx.OpBra || in.Guard < 0 || out.shape[b] != brPlain {
			continue
		}
		t := branchTarget(in, n+1)
		if t <= b+2 || t >= n || refs[t] != 1 {
			continue
		}
		u := &f.Insts[t-1] // the else side's bra.uni J
		if u.Op != ptx.OpBra || u.Guard >= 0 || out.shape[t-1] != brPlain || target[t-1] {
			continue
		}
		j := branchTarget(u, n+1)
		if j <= t || !side(b+1, t-1) || !side(t, j) || (j < n && !target[j]) {
			continue
		}
		out.shape[b], out.skipLo[b], out.skipHi[b] = brIfConv, int32(b+1), int32(t-1)
		out.shape[t-1], out.skipLo[t-1], out.skipHi[t-1] = brIfConv, int32(t), int32(j)
	}
}

// paramStoreBlock reports whether the guarded block [lo, hi) loads a
// pointer kernel parameter and stores through it: ld.param, cvta.to.global
// and register arithmetic, the last instruction one st.global whose
// address register comes from the block's ld.param (families ldclat,
// psink, psinkx: `if (v == K) p.out[k] = v;` with the pointer's ld.param
// inside the block). ptxas predicates the block under the compare, the
// parameter's LDC rematerialized in it: `@!P0 LDC.64 R4, c[0x0][0x218];
// @!P0 IMAD.MOV ...; @!P0 STG.E.64 [R4.64+off]` (cuobjdump, ptxas 13.0:
// every region of ldclat_*, validation/timing/ldclat.md; psink's guards,
// validation/timing/psink21_sass.txt), and the STG predicated off still
// waits for the LDC's scoreboard (ifConvHold).
func paramStoreBlock(f *ptx.Function, infos []*exec.InstInfo, target []bool, lo, hi int) bool {
	if hi-lo < 2 || hi-lo > ifConvMax || hi > len(infos) {
		return false
	}
	ptr := map[int32]bool{} // registers holding the loaded pointer
	for j := lo; j < hi; j++ {
		in, inf := &f.Insts[j], infos[j]
		if target[j] || in.Guard >= 0 || inf == nil {
			return false
		}
		switch {
		case in.Op == ptx.OpLd && (in.Mods.Space == ptx.SpaceParam || in.Mods.Space == ptx.SpaceParamEntry) && len(inf.Defs) == 1:
			ptr[inf.Defs[0]] = true
		case in.Op == ptx.OpCvta && len(inf.Defs) == 1 && len(inf.Uses) == 1:
			if ptr[inf.Uses[0]] {
				ptr[inf.Defs[0]] = true
			}
		case j == hi-1 && in.Op == ptx.OpSt && in.Mods.Space == ptx.SpaceGlobal && inf.Async == exec.AsyncNone &&
			len(in.Ops) > 0 && in.Ops[0].Kind == ptx.OpdAddr && in.Ops[0].Reg >= 0 && ptr[in.Ops[0].Reg]:
			return true
		case movable(inf, in):
		default:
			return false
		}
	}
	return false
}

// plainArrive: an mbarrier.arrive on the CTA's own shared memory, which
// ptxas predicates like arithmetic (mbar_pingpong's `if (lane == 0)
// mbarrier.arrive` is `@P0 SYNCS.ARRIVE.TRANS64.A1T0 RZ, [R11+URZ+0x8]` in
// both loops, no BRA; ptxas 13.0, cuobjdump on the H200): the arrive of
// one lane or of all 32 then costs the same (the GPU's m0 and m1 take
// 116.8 cycles a hand-off both, to the cycle in every run).
func plainArrive(in *ptx.Inst) bool {
	if in.Op != ptx.OpMbarrier || in.Mods.Sub != "arrive" || in.Mods.Space == ptx.SpaceSharedCluster {
		return false
	}
	for _, q := range in.Quals {
		if q == "expect_tx" || q == "noComplete" || q == "cluster" {
			return false
		}
	}
	return true
}

// uniformSpecialRead: a mov of a special register every lane reads alike
// (uniformSpecial: %ctaid, %cluster_ctarank, ...), which ptxas predicates
// like arithmetic: tmaq / tmaqx's `if (mc) rank = %cluster_ctarank` (a
// forward branch over the one mov in the PTX) is `@UP0 S2UR UR4,
// SR_CgaCtaId` at 0x00b0 / 0x00c0, no BRA (ptxas 13.0 -arch=sm_90a,
// cuobjdump on the H200, session 29: tools/microbench/tmaq29_sass.txt).
// Clocks and timers are not uniform specials: they stay where they are.
func uniformSpecialRead(in *ptx.Inst) bool {
	if in.Op != ptx.OpMov || in.Guard >= 0 || len(in.Ops) != 2 || in.Ops[1].Kind != ptx.OpdSpecial {
		return false
	}
	return uniformSpecial(in.Ops[1].Special)
}

// ifConvHold: an if-converted branch that every lane takes still issues
// the instructions it skips (predicated off, each with SASS): they take
// their pipes' issue intervals (pipeFree) and the warp's issue slots; the
// result is when the warp may issue again.
//
// A rematerialized parameter LDC in the block (paramStoreBlock) reads the
// guard as a branch does: ldclat's `ISETP` before `@!P0 LDC.64` has stall
// 13, as before a BRA (the compare's latency + branch_predicate_cycles
// after the guard is ready, predAt), and the STG after it waits for its
// scoreboard: the LDC's hit latency (paramHit).
func (s *SM) ifConvHold(sp *subPart, info *exec.InstInfo, now, predAt engine.Cycle) engine.Cycle {
	sc := s.code.low.sched
	t := now
	var ldc engine.Cycle // a rematerialized parameter LDC's slot (paramStoreBlock)
	for pc := sc.skipLo[info.PC]; pc < sc.skipHi[info.PC]; pc++ {
		inf := sc.infos[pc]
		switch inf.Op {
		case ptx.OpLd:
			t = max(t, predAt+engine.Cycle(s.cfg.BranchPredicateCycles))
			ldc, t = t, t+1 // the LDC: one issue slot
			continue
		case ptx.OpSt:
			if ldc > 0 {
				t = max(t, s.paramHit(ldc)) // the STG waits for the LDC's scoreboard
			}
		}
		if inf.Slots == 0 || s.code.low.kind(inf) == lowFused {
			continue
		}
		p := inf.Pipe
		if s.code.low.kind(inf) == lowFlex {
			p = s.flexPipe(sp, inf)
		}
		at := max(t, sp.pipeFree[p])
		sp.pipeFree[p] = at + engine.Cycle(int(inf.Slots)*s.cfg.Pipes[p].IntervalCycles)
		t = at + engine.Cycle(inf.Slots)
	}
	return t
}
