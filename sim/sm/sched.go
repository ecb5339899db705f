package sm

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The issue schedule: the order ptxas issues a function's instructions
// in, and what each instruction is in ptxas's SASS, computed once per
// function and read with one lookup per instruction (eligible, issue).
//
// The timed run executes the schedule's order (exec.CTA.SetIssueOrder):
// a warp at PC p executes the instruction the schedule puts at slot p.
// The order only permutes straight-line stretches entered at their first
// PC (no branch, call or label target inside) and keeps every register
// dependence (read after write, write after read, write after write), so
// values, branches and reconvergence are the PTX order's; the functional
// run executes the PTX order. Executing the order (rather than charging
// an instruction another's timing) gives a hoisted global load its own
// addresses, and an instruction's issue, stall accounting and Effect
// describe the same instruction.
//
// The order is built in two passes over each function:
//  1. global loads ahead of the arithmetic that uses their values, within
//     loadCap (loadCapTight under register pressure; loopLoadCap,
//     counting each load's registers plus two, in a block that is a whole
//     loop body) registers of loads in flight (schedload.go; every
//     function),
//     then each shared load ahead of the readers of the shared load before
//     it (schedsmem.go; every function);
//  2. runs of register arithmetic list-scheduled on ptxas's machine model
//     (schedrun.go; the entry function, the one lower.go analyses), over
//     the order of pass 1. Pass 2 sees the lowering kinds of lowerFunc
//     only, not the compares the analyses below make free.
//
// Per instruction the schedule also holds (from the PTX order):
//   - its lowering kind (lower.go, with the fused compares and branches
//     of selpfold.go, predbranch.go, brshape.go, jumptable.go and
//     fallthrough.go);
//   - where its loop's compare goes: a compare ptxas hoists out of the
//     loop (predbranch.go: no SASS in the loop), the counter and compare
//     of a counted shared-memory loop at the top of its body
//     (loophoist.go: a bound on when their sources are ready), a compare
//     in a run of arithmetic placed by pass 2; and whether a branch reads
//     a setp's predicate (branch_predicate_cycles);
//   - its branch shape (brshape.go);
//   - the code address its slot has in ptxas's layout (the instruction
//     fetch: the SASS lies in issue order).

// schedEntry is the schedule's entry for one instruction (by its PC).
type schedEntry struct {
	// addr: the code address of the slot the instruction issues at
	addr uint64
	// prevPred: for brOrSetp, the previous compare's predicate register
	prevPred int32
	// ifGuard: a memory instruction of an if-converted block: its guard
	// register plus one (ifconvmem.go; 0: none); ifFill (below): the
	// issue slots of the arithmetic after the block ptxas moves above it
	ifGuard int32
	// loop: the marked loop (loophoist.go) whose add, setp (schedLoopMember)
	// or branch (schedLoopBranch) this is; top: the one whose body's first
	// slot it issues at (schedLoopTop)
	loop, top int16
	kind      uint8 // lowering kind (lower.go)
	shape     uint8 // branch shape (brshape.go)
	hoist     uint8 // a check chain's branch: its compare's rank (chainhoist.go)
	atom      uint8 // a shared atomic as ptxas lowers it (atomserial.go)
	flags     uint16
	ur        uint8 // a TMA load under uniform-register pressure (tmaurspill.go)
	spill     uint8 // ALU instructions of spilled carry predicates issued with it (carryspill.go)
	// plop3: a branch on a uniform predicate ptxas copies into P0 right
	// before it (plop3remat.go)
	plop3  bool
	ifFill uint8 // see ifGuard
	// quiet: none of eligible's instruction-specific checks between the
	// source registers' and the pipe's applies (quietChecks)
	quiet bool
}

const (
	schedCmpBranch   uint16 = 1 << iota // a branch on a setp's predicate
	schedLoopTop                        // issues first in a marked loop's body
	schedLoopMember                     // a marked loop's counter add or compare
	schedLoopBranch                     // a marked loop's closing branch
	schedFlexIMAD                       // a lowFlex instruction ptxas puts on the FMA pipe (flexSplit)
	schedWaitLoop                       // an mbarrier wait whose predicate closes its loop (mbarexit.go)
	schedWaitJoin                       // such a wait whose loop exits into a join: a BSYNC (mbarexit.go)
	schedThreeRegs                      // its SASS reads three distinct R registers (regbank.go)
	schedSharedBase                     // a shared address mov whose S2UR ptxas leaves in place (sharedbase.go)
	schedElect                          // a store ptxas wraps in an ELECT loop (bulkelect.go)
	schedElectedLoad                    // a TMA load only an elect.sync lane reaches: no ELECT loop (tmaelect.go)
	schedParamLDC                       // ptxas loads a parameter it reads by an LDC right before it (paramremat.go)
	schedGTOMath                        // one SASS instruction of the FP32 or branch pipe (schedpolicy.go: gtoClass)
	schedGTOAsync                       // one SASS instruction of the async unit (schedpolicy.go: gtoYield)
	schedGTOKnown                       // the two above were computed for the entry (outside the schedule: gtoFlags at run time)
	schedR2URLoad                       // a TMA load whose operands ptxas moves with R2URs first (tmar2ur.go)
)

// schedGTO: the flags scheduler_math_gto's arbitration reads (gtoFlags).
const schedGTO = schedGTOMath | schedGTOAsync

// schedule is a kernel's issue schedule.
type schedule struct {
	ent   [][]schedEntry   // by function and PC; nil: the PTX order, no analysis
	order exec.IssueOrder  // the PC issued at each slot (nil: the PTX order)
	infos []*exec.InstInfo // the entry function's instructions by PC
	// skipLo, skipHi: the PCs an if-converted branch jumps over (brshape.go)
	skipLo, skipHi []int32
	// loopWait: per PC of the entry function (entry), the registers a
	// branch waits for (loopwait.go; nil: none)
	loopWait [][]int32
	entry    int
	// sbWait: per PC of the entry function, the registers of the loads
	// sharing a scoreboard with the one an instruction reads (loadsb.go)
	sbWait [][]int32
	// armBra: per PC of the entry function, the instructions after which
	// ptxas's layout adds a taken BRA to a join (armlayout.go; nil: none)
	armBra []bool
	// ifCopy: per PC of the entry function, the guarded branches of the
	// predicated if / else diamonds ptxas copies a register for (ifcopy.go)
	ifCopy []bool
	// skipBra: per PC of the entry function, the branches over a block
	// ptxas lays out of line (skipblock.go; nil: none)
	skipBra []bool
	// skipSunk: per such branch, the PCs sunk into its block (skipblock.go)
	skipSunk [][]int32
	// divOwner: per PC of the entry function, the division whose
	// reciprocal the division there reuses, divHoisted, or -1 (fdiv.go:
	// divOwners; nil: none)
	divOwner []int32
}

// newSchedule builds the schedule of kernel k; fi is the entry function,
// infos its instructions and kinds its lowering (lowerFunc's result; the
// fused compares and branches are marked in it here); atoms and folds are
// atomReduced's and addrFolds' results for it.
func newSchedule(k *exec.Kernel, fi int, infos []*exec.InstInfo, kinds, atoms []uint8, folds, elect, stores []bool) *schedule {
	prog := k.Program()
	f := prog.Funcs[fi]
	s := &schedule{ent: make([][]schedEntry, len(prog.Funcs)), order: make(exec.IssueOrder, len(prog.Funcs)), infos: infos}
	for j := range prog.Funcs {
		if j == fi {
			continue
		}
		if inf := k.FuncInfos(j); inf != nil {
			o := loadOrder(prog.Funcs[j], inf)
			if o2 := copyOrder(prog.Funcs[j], inf, o); o2 != nil {
				o = o2
			}
			if o2 := smemLoadOrder(prog.Funcs[j], inf, o, nil, addrFolds(prog.Funcs[j], inf)); o2 != nil {
				o = o2
			}
			if o != nil {
				s.order[j] = o
				s.ent[j] = make([]schedEntry, len(inf))
				s.place(j, inf, o, o)
			}
		}
	}
	// pass 1 and 2 (see above)
	first := loadOrder(f, infos)
	if o := copyOrder(f, infos, first); o != nil {
		first = o // a copy loop's stores between its loads (schedcopy.go)
	}
	if o := smemLoadOrder(f, infos, first, atoms, folds); o != nil {
		first = o
	}
	if first == nil {
		first = identity(len(infos))
	}
	if ra := runAtoms(f, infos, atoms); ra != nil {
		// dead shared atomics: runs go across them too (schedatom.go)
		if stores == nil {
			stores = ra
		} else {
			stores = slices.Clone(stores)
			for pc, a := range ra {
				stores[pc] = stores[pc] || a
			}
		}
	}
	target := f.LabelTargets()
	v := schedView{insts: make([]*ptx.Inst, len(infos)), infos: make([]*exec.InstInfo, len(infos)),
		kinds: make([]uint8, len(infos)), target: target}
	if stores != nil {
		v.store = make([]bool, len(infos))
	}
	for i, pc := range first {
		v.insts[i], v.infos[i], v.kinds[i] = &f.Insts[pc], infos[pc], kinds[pc]
		if stores != nil {
			v.store[i] = stores[pc]
		}
	}
	second := runOrder(v)
	order := make([]int32, len(infos))
	same := true
	for i, j := range second {
		order[i] = first[j]
		same = same && order[i] == int32(i)
	}
	if !same {
		s.order[fi] = order
	}
	s.ent[fi] = make([]schedEntry, len(infos))
	s.place(fi, infos, first, order)

	// what ptxas makes of compares and branches
	fold, copies := selpFolds(f, infos)
	for pc, h := range fold {
		if h {
			kinds[pc] = lowFused // a predicate's selp/setp round trip: no SASS (selpfold.go)
		}
	}
	jt := jumpTables(f, infos) // before predHoisted: a table's compares are no ISETPs
	setp := predHoisted(f, infos, jt)
	remat := paramRemats(f, infos)
	for pc, m := range remat {
		if m {
			setp[pc] = false // an LDC of its parameter and the ISETP stay in the loop (paramremat.go)
		}
	}
	tableDatapaths(f, infos, jt, setp)
	for pc, h := range setp {
		if h {
			kinds[pc] = lowFused // hoisted out of the loop: no SASS in it (predbranch.go)
		}
	}
	sreg := sregHoists(f, infos)
	for pc, h := range sreg {
		if h {
			kinds[pc] = lowFused // an invariant special register: read before the loop (sreghoist.go)
		}
	}
	brs := brShapes(f, infos)
	for pc, m := range jt {
		switch {
		case m == jtHead:
			brs.shape[pc] = brTable // the table's BRX (jumptable.go)
		case m == jtHeadUniform:
			brs.shape[pc] = brTableUniform // the table's BRXU
		case m == jtFused && f.Insts[pc].Op == ptx.OpBra:
			brs.shape[pc] = brMerged // no BRA in SASS: the table jumps there
		case m == jtFused:
			brs.shape[pc], kinds[pc] = brPlain, lowFused // a compare the table replaces
		case pc+1 < len(jt) && (jt[pc+1] == jtHead || jt[pc+1] == jtHeadUniform):
			brs.shape[pc] = brPlain // the compare standing for the table's index clamp
		}
	}
	moved := fallthroughBras(f, infos)
	for pc, ft := range moved {
		if ft && brs.shape[pc] == brPlain {
			brs.shape[pc] = brMerged // its target is laid out next (fallthrough.go)
		} else {
			moved[pc] = false
		}
	}
	ftMerged, ftBra := fallthroughJoins(f, infos, moved)
	for pc, m := range ftMerged {
		if m && brs.shape[pc] == brPlain {
			brs.shape[pc] = brMerged // now followed by its target (fallthrough.go)
		}
	}
	armMerged, armBra := armLayout(f)
	for pc, m := range armMerged {
		if m && brs.shape[pc] == brPlain {
			brs.shape[pc] = brMerged // the join is laid out next (armlayout.go)
		}
	}
	caseBra := tableCaseBras(f, jt) // jumpcase.go
	swMerged, swBra := switchJoins(f, jt)
	for pc, m := range swMerged {
		if m && brs.shape[pc] == brPlain {
			brs.shape[pc] = brMerged // the join is laid out next (jumpcase.go)
		}
		if swBra[pc] {
			if caseBra == nil {
				caseBra = make([]bool, len(swBra))
			}
			caseBra[pc] = true
		}
	}
	for pc, b := range armBra {
		if b || (ftBra != nil && ftBra[pc]) || (caseBra != nil && caseBra[pc]) {
			if s.armBra == nil {
				s.armBra = make([]bool, len(infos))
			}
			s.armBra[order[pc]] = true // the instruction the arm's last slot issues
		}
	}
	s.divOwner = divOwners(f, infos) // fdiv.go
	hoist := chainHoists(f, infos, setp, jt, brs.shape)
	skipBra, sunk, sunkOf := skipBlocks(f, infos, setp, brs.shape)
	for pc, k := range sunk {
		if k {
			kinds[pc] = lowFused // sunk into the out-of-line block (skipblock.go)
		}
	}
	s.skipBra, s.skipSunk = skipBra, sunkOf
	for pc, sh := range brs.shape {
		if sh == brMerged || sh == brIfConv {
			kinds[pc] = lowFused // no BRA in SASS (brshape.go)
		}
	}
	s.skipLo, s.skipHi = brs.skipLo, brs.skipHi
	s.ifCopy = ifElseCopies(f, infos, &brs)                  // ifcopy.go
	s.loopWait, s.entry = loopWaits(f, infos, brs.shape), fi // loopwait.go
	s.sbWait = loadSBWaits(f, infos, order)                  // loadsb.go
	cmp := compareBranches(infos, copies)
	waits := waitLoops(f, infos)
	joins := waitJoins(f, infos, waits) // mbarexit.go
	ent := s.ent[fi]
	for pc := range ent {
		e := &ent[pc]
		e.kind, e.shape, e.prevPred = kinds[pc], brs.shape[pc], brs.prevPred[pc]
		e.hoist = hoist[pc]
		if brs.guard != nil {
			e.ifGuard, e.ifFill = brs.guard[pc], brs.fill[pc]
		}
		if cmp[pc] {
			e.flags |= schedCmpBranch
		}
		if waits[pc] {
			e.flags |= schedWaitLoop
		}
		if joins[pc] {
			e.flags |= schedWaitJoin
		}
		if remat[pc] {
			e.flags |= schedParamLDC
		}
	}
	markLoopHoists(f, infos, target, elect, sreg, ent, order)
	return s
}

// place sets the code addresses of function j's entries: the SASS of the
// instruction at slot i of layout follows that of the slots before it.
// issued is the order executed (the instruction at each slot).
func (s *schedule) place(j int, infos []*exec.InstInfo, layout, issued []int32) {
	if len(infos) == 0 {
		return
	}
	addr := infos[0].Addr &^ (1<<24 - 1) // the function's base
	for i, pc := range layout {
		s.ent[j][issued[i]].addr = addr
		addr += 16 * uint64(infos[pc].Slots)
	}
}

// at is the schedule's entry for info (the PTX order's, with the
// instruction's own address, outside the schedule).
func (l *Lowering) at(info *exec.InstInfo) schedEntry {
	if l != nil && l.sched != nil && int(info.Func) < len(l.sched.ent) {
		if ent := l.sched.ent[info.Func]; int(info.PC) < len(ent) {
			return ent[info.PC]
		}
	}
	return schedEntry{addr: info.Addr}
}

// issueOrder is the order the timed run executes (nil: the PTX order).
func (l *Lowering) issueOrder() exec.IssueOrder {
	if l == nil || l.sched == nil {
		return nil
	}
	return l.sched.order
}

// compareBranches marks the branches whose guard predicate only ever comes
// from a setp (an ISETP / FSETP in SASS): they read it
// branch_predicate_cycles after the compare's result is ready for
// arithmetic (the brloop8_* loops: ptxas puts the ISETP 13 cycles ahead
// of its BRA). A predicate from anything else (an mbarrier try_wait's
// SYNCS, a vote) keeps its own latency.
func compareBranches(infos []*exec.InstInfo, copies map[int32]int32) []bool {
	bySetp := map[int32]bool{}
	for _, inf := range infos {
		for _, r := range inf.Defs {
			if v, seen := bySetp[r]; !seen || v {
				isCmp := inf.Op == ptx.OpSetp
				if p, ok := copies[r]; ok && isCmp {
					isCmp = bySetp[p] // a selp/setp round trip: p's producer (selpfold.go)
				}
				bySetp[r] = isCmp
			}
		}
	}
	out := make([]bool, len(infos))
	for i, inf := range infos {
		if inf.Op != ptx.OpBra {
			continue
		}
		for _, r := range inf.Uses {
			if bySetp[r] {
				out[i] = true
			}
		}
	}
	return out
}
