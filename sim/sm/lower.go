package sm

import (
	"slices"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Lowering is what ptxas makes of the integer instructions of a kernel, as
// far as the PTX shows it (no SASS needed), by function and PC:
//
//   - lowFused: ptxas folds the instruction into its only user: a two-input
//     add or sub whose result feeds one other add or sub becomes part of
//     that one's IADD3 (microbench itput_add: 64 IADD3 for 128 add.u32;
//     itput64_add: IADD3 + IADD3.X per two add.u64); a logic operation
//     (and, or, xor, not, lop3) whose result feeds one other becomes part
//     of its LOP3 while the tree has at most three inputs (smem_ld128_*:
//     one LOP3 per 1.5 PTX xor; int_hash's `(x & y) | (~x & lo)`: one
//     LOP3). No SASS, no issue slot: the value is ready when its inputs are.
//   - lowFlex: a two-input 32-bit add or sub, or a shift left by an
//     immediate, that ptxas puts on the ALU (IADD3, SHF) or on the FMA
//     pipe (IMAD.IADD, VIADD, IMAD.SHL) to balance the two (chain_add_s32:
//     31 IADD3 and 33 IMAD.IADD; ncu on idivtput_u32: 5872 ALU and 6080
//     FMA-pipe instructions, validation/microbench/pipes.core6.json): it
//     issues to whichever of the two is free first.
//
// Producer and user must be in one straight-line stretch (no branch
// between them), the user the only reader of the producer's value (the
// register is written again after it in the stretch, or written once and
// read once in the function), neither guarded.
type Lowering struct {
	// sched: ptxas's issue order and, per instruction, what it is in SASS:
	// its lowering kind, branch shape, atomic lowering and marks (sched.go)
	sched *schedule
	// descs: the entry function's (descFunc) wgmmas with descriptors in
	// non-uniform registers, by PC (wgmmadesc.go)
	descs    map[int32][]int32
	back     map[int32]bool
	descFunc int32
	// bulkSt: the entry function's plain bulk stores by PC, after a clock
	// read or not (bulkclock.go)
	bulkSt []uint8
	// bulkLoopClk: the clock stores (bulkSt) of a one-block loop body
	// (bulkclock.go loopClockStores).
	bulkLoopClk []bool
	bulkFunc    int32
	// bulkAdd: the entry function's 64-bit adds that form a uniform bulk
	// store's or reduction's address, by PC (bulkaddr.go)
	bulkAdd []bool
	// bulkWiden: the zero extensions of those adds' 32-bit operands, by PC
	// (bulkaddr.go)
	bulkWiden []bool
	// sbHoisted: the shared-address movs whose S2UR ptxas issues at an
	// earlier block's top (sharedBaseHoists), by function and PC
	sbHoisted map[[2]int32]bool
	// sbLead: the entry function's (sbFunc) block tops those S2URs go to,
	// by PC (nil: none)
	sbLead []bool
	sbFunc int32
	// sbWindow: the shared-address movs whose address ptxas forms from
	// another symbol's live window read (sharedavail.go: win), by
	// function and PC
	sbWindow map[[2]int32]bool
	// sbClock: the shared-address movs a %clock read follows before their
	// use (sharedBaseClockHolds), by function and PC
	sbClock map[[2]int32]bool
	// sbStore: the shared-address movs whose first reader is a bulk or
	// tensor store with uniform operands (sharedBaseStores), by function
	// and PC
	sbStore map[[2]int32]bool
	// paramAddr: the entry function's (paFunc) cvta.param kept in a
	// register, by PC (tma_first.go paramAddrRegs)
	paramAddr []bool
	paFunc    int32
	// copies: the entry function's (copyFunc) register movs ptxas cannot
	// coalesce, by PC: their IMAD.MOVs (tmacopy.go)
	copies   []uint8
	copyFunc int32
	// repack: the entry function's (repackFunc) vector global stores whose
	// next one reuses a data register at another position, by PC
	// (storerepack.go)
	repack     []bool
	repackFunc int32
	// bulkFed: the operations those adds feed, by PC (bulkaddr.go)
	bulkFed []bool
	// bulkStAdd: the adds that form a uniform plain bulk store's operand
	// in its straight-line stretch, by PC (bulkaddr.go: storeAddrAdds)
	bulkStAdd []bool
	// bulkInPlace: the clock stores whose address add overwrites the
	// previous store's operand, by PC (bulkaddr.go: storeAddrAdds)
	bulkInPlace []bool
	// remat: the bulk operations whose 64-bit address ptxas recomputes
	// in front of their stretch, by PC (bulkremat.go)
	remat []bool
}

const (
	lowNone uint8 = iota
	lowFused
	lowFlex
	lowAbsorb // an add that took in another (a three-input IADD3: ALU only)
)

// NewLowering analyses kernel k's entry function.
func NewLowering(k *exec.Kernel) *Lowering {
	l := &Lowering{}
	infos := k.Infos()
	if len(infos) == 0 {
		return l
	}
	fi := int(infos[0].Func)
	prog := k.Program()
	if fi < 0 || fi >= len(prog.Funcs) || len(prog.Funcs[fi].Insts) != len(infos) {
		return l
	}
	f := prog.Funcs[fi]
	for i := range infos {
		if infos[i].Text != f.Insts[i].Text {
			return l // not the instructions the infos describe
		}
	}
	kinds := lowerFunc(infos, f.Insts)
	folds := addrFolds(f, infos) // here and in the shared-load pass (schedsmem.go)
	for pc, fold := range folds {
		if fold && (kinds[pc] == lowNone || kinds[pc] == lowFlex) {
			// a 32-bit add too (atom11_dist_dead: 31 ATOMS [UR6+0x4·k]
			// and no IADD in the loop; cuobjdump of the recorded PTX)
			kinds[pc] = lowFused // the memory instruction's immediate offset (addrfold.go)
		}
	}
	uni := uniformRegs(f, infos, len(f.Regs)) // one analysis for the three users below
	atoms := atomReduced(f, infos, uni)
	l.descs, l.descFunc = wgmmaDescRegs(f, infos, bcastUniformRegs(f, infos, len(f.Regs))), int32(fi)
	if l.descs != nil {
		l.back = backBranches(f)
	}
	three := threeRegSources(f, infos, kinds, uni)
	sbase, sbWin := sharedBaseMovs(prog, f, infos)
	for pc, h := range sharedBaseClockHolds(f, infos, sbase) {
		if h {
			if l.sbClock == nil {
				l.sbClock = map[[2]int32]bool{}
			}
			l.sbClock[[2]int32{int32(fi), int32(pc)}] = true
		}
	}
	for pc, w := range sbWin {
		if w {
			if l.sbWindow == nil {
				l.sbWindow = map[[2]int32]bool{}
			}
			l.sbWindow[[2]int32{int32(fi), int32(pc)}] = true
		}
	}
	for pc, st := range sharedBaseStores(f, infos, sbase, electStores(f, infos)) {
		if st {
			if l.sbStore == nil {
				l.sbStore = map[[2]int32]bool{}
			}
			l.sbStore[[2]int32{int32(fi), int32(pc)}] = true
		}
	}
	sbLead, sbMov := sharedBaseHoists(prog, f, sbase)
	for pc, h := range sbMov {
		if h {
			l.sbLead, l.sbFunc = sbLead, int32(fi)
			if l.sbHoisted == nil {
				l.sbHoisted = map[[2]int32]bool{}
			}
			l.sbHoisted[[2]int32{int32(fi), int32(pc)}] = true
		}
	}
	for pc, fold := range shflFolds(f, infos, uni) {
		if fold {
			kinds[pc] = lowFused // a shuffle of a warp-uniform value: no SASS (shflfold.go)
		}
	}
	elected := electedLoads(f, infos)
	for pc, fold := range tmaOperandAdds(f, infos, elected) {
		if fold && (kinds[pc] == lowNone || kinds[pc] == lowFlex) {
			kinds[pc] = lowFused // a UIADD3 in a TMA load's ELECT preamble (tmacopy.go)
		}
	}
	for pc, fold := range mbarAddrAdds(f, infos, elected) {
		if fold && (kinds[pc] == lowNone || kinds[pc] == lowFlex) {
			kinds[pc] = lowFused // an mbarrier's [UR+imm] (mbaraddr.go)
		}
	}
	l.paramAddr, l.paFunc = paramAddrRegs(f, infos), int32(fi) // tma_first.go
	// register copies ptxas cannot coalesce (tmacopy.go)
	l.copies, l.copyFunc = copyMovs(f, infos), int32(fi)
	l.repack, l.repackFunc = storeRepacks(f), int32(fi)
	elect := electStores(f, infos) // bulkelect.go: the schedule's store loops and the holds
	l.bulkWiden, l.bulkAdd, l.bulkFed = bulkAddrWidens(f, infos, elect)
	l.bulkSt, l.bulkFunc = clockStores(f, infos), int32(fi)
	l.bulkLoopClk = loopClockStores(f, infos, l.bulkSt)
	l.bulkStAdd, l.bulkInPlace = storeAddrAdds(f, infos, elect, l.bulkAdd, l.bulkFed, sbase, l.bulkSt)
	l.remat = bulkRemats(f, infos, elect)
	l.sched = newSchedule(k, fi, infos, kinds, atoms, folds, elect, runStores(l.bulkSt, elect))
	// ptxas's static pipe of the flexible adds, over the kinds the
	// schedule's compare and branch analyses left (free compares count
	// for neither pipe)
	flex := flexSplit(infos, kinds)
	r2ur := tmaR2URLoads(f, infos)
	ur := tmaURSpills(f, infos, elected)
	ent := l.sched.ent[fi]
	spills := carrySpills(infos, kinds)
	plop3 := plop3Remats(f, infos, elected, elect)
	for pc := range ent {
		e := &ent[pc]
		e.atom = atoms[pc]
		e.plop3 = plop3 != nil && plop3[pc]
		if spills != nil && spills[pc] {
			e.spill = carrySpillSlots
		}
		if flex[pc] {
			e.flags |= schedFlexIMAD
		}
		if three[pc] {
			e.flags |= schedThreeRegs
		}
		if sbase[pc] {
			e.flags |= schedSharedBase
		}
		if elect[pc] {
			e.flags |= schedElect
		}
		if ur != nil {
			e.ur = ur[pc]
		}
		if elected[pc] {
			e.flags |= schedElectedLoad
		} else if r2ur[pc] {
			e.flags |= schedR2URLoad // in an ELECT loop, operands through R2UR (tmar2ur.go)
		}
	}
	// scheduler_math_gto's classes, once per instruction (schedpolicy.go)
	for j, ent := range l.sched.ent {
		inf := infos
		if j != fi {
			inf = k.FuncInfos(j)
		}
		for pc := range ent {
			if pc < len(inf) {
				ent[pc].flags |= gtoFlags(inf[pc], ent[pc].kind) | schedGTOKnown
				ent[pc].quiet = l.quietChecks(inf[pc], &ent[pc])
			}
		}
	}
	return l
}

// quietChecks says whether eligible's instruction-specific checks give
// nothing for instruction info (entry en) whatever the warp's state: each
// returns 0 (or no registers) unless info is what the condition below
// excludes, so eligible may skip them (speed30.md). initBarHold: a bar or
// barrier; setmaxnregReady; carryReady: a global load (isGlobalLoadAddr);
// loopWaitRegs, loadSBRegs: the lists of the instruction's PC;
// wgmmaDescReady, tmaR2URReady, tmaURSerialReady, bulkStoreReady: async
// instructions; bulkReduceIntervalReady: FormBulkReduce; reduceReady: a
// REDUX.SUM chain's head; reduxFree: a redux. prefixKept is then true
// exactly where paramQuiet is (an async instruction, setmaxnreg or chain
// head is not quiet); mmaWarpFree: an mma.sync of a form.
func (l *Lowering) quietChecks(info *exec.InstInfo, en *schedEntry) bool {
	switch info.Op {
	case ptx.OpBar, ptx.OpBarrier, ptx.OpSetmaxnreg, ptx.OpRedux:
		return false
	}
	if mmaWarpGated(info) {
		return false
	}
	if info.Async != exec.AsyncNone || info.Form == ptx.FormBulkReduce || isGlobalLoadAddr(info) ||
		en.atom == atomReduceHead || en.atom == atomReduceHeadLane {
		return false
	}
	return len(l.loopWaitRegs(info)) == 0 && len(l.loadSBRegs(info)) == 0
}

// wgmmaDescs: a wgmma's descriptor registers that are not uniform
// (wgmmadesc.go).
func (l *Lowering) wgmmaDescs(info *exec.InstInfo) []int32 {
	if l == nil || l.descs == nil || info.Func != l.descFunc {
		return nil
	}
	return l.descs[info.PC]
}

// backBranch: a backward branch of the entry function, when it has
// wgmmas with non-uniform descriptors (wgmmadesc.go).
func (l *Lowering) backBranch(info *exec.InstInfo) bool {
	return l != nil && l.back != nil && info.Func == l.descFunc && l.back[info.PC]
}

// threeRegs: the instruction's SASS reads three distinct R registers
// (regbank.go).
func (l *Lowering) threeRegs(info *exec.InstInfo) bool { return l.at(info).flags&schedThreeRegs != 0 }

// warpReduced: ptxas reduces this shared atomic in the warp (atomserial.go).
func (l *Lowering) warpReduced(info *exec.InstInfo) bool {
	a := l.at(info).atom
	return a >= atomReduce && a <= atomReduceHeadLane
}

// reduceHead: the first warp-reduced atomic of its stretch with its
// operand (atomserial.go).
func (l *Lowering) reduceHead(info *exec.InstInfo) bool {
	a := l.at(info).atom
	return a == atomReduceHead || a == atomReduceHeadLane
}

// reduceLaneHead: a reduceHead whose stretch's S2R SR_LANEID ptxas puts
// before its REDUX.SUM (atomserial.go s2rStretchAtoms).
func (l *Lowering) reduceLaneHead(info *exec.InstInfo) bool {
	return l.at(info).atom == atomReduceHeadLane
}

// atomScanned: a used shared atomic ptxas expands into a warp scan
// (atomscan.go).
func (l *Lowering) atomScanned(info *exec.InstInfo) bool {
	return l.at(info).atom == atomScan
}

// sharedBase: a mov of a shared variable's address whose S2UR ptxas
// leaves in place (sharedbase.go).
func (l *Lowering) sharedBase(info *exec.InstInfo) bool { return l.at(info).flags&schedSharedBase != 0 }

// electStore: a store ptxas wraps in an ELECT loop (bulkelect.go).
func (l *Lowering) electStore(info *exec.InstInfo) bool { return l.at(info).flags&schedElect != 0 }

// electedLoad: a TMA load only an elect.sync lane reaches, which ptxas
// issues without an ELECT loop (tmaelect.go).
func (l *Lowering) electedLoad(info *exec.InstInfo) bool {
	return l.at(info).flags&schedElectedLoad != 0
}

// kind is the lowering of an instruction.
func (l *Lowering) kind(info *exec.InstInfo) uint8 {
	return l.at(info).kind
}

// leafSet is the inputs of a (fused) logic tree: registers and immediates.
type leafSet struct {
	regs []int32
	imms int
}

func (a leafSet) union(b leafSet) leafSet {
	out := leafSet{regs: slices.Clone(a.regs), imms: a.imms + b.imms}
	for _, r := range b.regs {
		if !slices.Contains(out.regs, r) {
			out.regs = append(out.regs, r)
		}
	}
	return out
}

func (a leafSet) n() int { return len(a.regs) + a.imms }

// defUseCounts: how many instructions of a function define and read
// each register.
func defUseCounts(infos []*exec.InstInfo) (defs, uses map[int32]int) {
	defs, uses = map[int32]int{}, map[int32]int{}
	for _, inf := range infos {
		for _, r := range inf.Defs {
			defs[r]++
		}
		for _, r := range inf.Uses {
			uses[r]++
		}
	}
	return defs, uses
}

func lowerFunc(infos []*exec.InstInfo, insts []ptx.Inst) []uint8 {
	out := make([]uint8, len(infos))
	defs, uses := defUseCounts(infos)
	// block[i]: index of the straight-line stretch instruction i is in
	block := make([]int, len(infos))
	b := 0
	for i, inf := range infos {
		block[i] = b
		if inf.Pipe == ptx.PipeBranch {
			b++
		}
	}
	leaves := make([]leafSet, len(infos))
	lastDef := map[int32]int{} // register -> its last def in the current stretch
	// producer: the instruction of kind want whose value of register r
	// user i reads, in i's stretch, when i is the value's only reader
	producer := func(i int, r int32, want func(int) bool) int {
		a, ok := lastDef[r]
		if !ok || a >= i || block[a] != block[i] || !want(a) || out[a] == lowFused {
			return -1
		}
		n := 0
		for j := a + 1; j < len(infos) && block[j] == block[a]; j++ {
			if slices.Contains(infos[j].Uses, r) {
				n++
			}
			if slices.Contains(infos[j].Defs, r) {
				// redefined: the value is dead after j
				if n == 1 {
					return a
				}
				return -1
			}
		}
		// live to the stretch's end: fused only if nothing else reads it
		if n == 1 && defs[r] == 1 && uses[r] == 1 {
			return a
		}
		return -1
	}
	addLike := func(j int) bool { return isAddLike(infos[j], &insts[j]) }
	shlImm := func(j int) bool { return isShlImm(infos[j], &insts[j]) }
	logic := func(j int) bool { return isLogic(infos[j], &insts[j]) }
	for i, inf := range infos {
		in := &insts[i]
		if i > 0 && block[i] != block[i-1] {
			clear(lastDef)
		}
		switch {
		case isAddLike(inf, in):
			for _, r := range inf.Uses {
				if a := producer(i, r, addLike); a >= 0 && out[a] != lowAbsorb && infos[a].Bits == inf.Bits {
					out[a], out[i] = lowFused, lowAbsorb
					break
				}
			}
			if out[i] == lowNone && inf.Bits == 32 {
				out[i] = lowFlex
				for _, r := range inf.Uses {
					if a := producer(i, r, shlImm); a >= 0 {
						out[a] = lowFused // IMAD R, i, 1 << imm, base / LEA (shladd.go)
						break
					}
				}
			}
		case isLogic(inf, in):
			var ls leafSet
			srcs := in.Ops[1:]
			if inf.Op == ptx.OpLop3 && len(srcs) > 0 {
				srcs = srcs[:len(srcs)-1] // the truth table
			}
			for j := range srcs {
				if srcs[j].Kind == ptx.OpdImm {
					ls.imms++
				}
			}
			for k, r := range inf.Uses {
				if a := producer(i, r, logic); a >= 0 && leavesIntact(leaves[a], a, lastDef) {
					if u := ls.union(leaves[a]); u.n()+len(uncounted(inf.Uses[k+1:], u)) <= 3 {
						ls, out[a] = u, lowFused
						continue
					}
				}
				if !slices.Contains(ls.regs, r) {
					ls.regs = append(ls.regs, r)
				}
			}
			leaves[i] = ls
		case inf.Op == ptx.OpShl && inf.Bits == 32 && in.Guard < 0 && len(in.Ops) == 3 && in.Ops[2].Kind == ptx.OpdImm:
			out[i] = lowFlex // SHF.L.U32 or IMAD.SHL.U32
		case in.Guard >= 0 && guardedAddFlex(inf, in):
			out[i] = lowFlex // @P IADD3 or @P VIADD (brnt8_nb64: alternating with ISETPs, one a cycle)
		}
		for _, r := range inf.Defs {
			lastDef[r] = i
		}
	}
	return out
}

// leavesIntact: no input register of producer a was written at or after
// a (the asm "+r" chains of itmix_*: `lop3 y, y, x, m` twice on one y is
// four values, y0 x1 x2 m, not the three register names).
func leavesIntact(ls leafSet, a int, lastDef map[int32]int) bool {
	for _, r := range ls.regs {
		if d, ok := lastDef[r]; ok && d >= a {
			return false
		}
	}
	return true
}

// uncounted is the registers of the uses still to come not yet in u.
func uncounted(uses []int32, u leafSet) []int32 {
	var out []int32
	for _, x := range uses {
		if !slices.Contains(u.regs, x) {
			out = append(out, x)
		}
	}
	return out
}

// isAddLike: an unguarded integer add or sub of two inputs, no carry, no
// saturation.
func isAddLike(inf *exec.InstInfo, in *ptx.Inst) bool {
	if (inf.Op != ptx.OpAdd && inf.Op != ptx.OpSub) || inf.Pipe != ptx.PipeALU || in.Guard >= 0 || inf.Slots == 0 {
		return false
	}
	if inf.Bits != 32 && inf.Bits != 64 {
		return false
	}
	return !strings.Contains(in.Text, ".cc") && !strings.Contains(in.Text, ".sat") && len(in.Ops) == 3
}

// guardedAddFlex: a guarded 32-bit add or sub, which ptxas puts on either
// pipe like an unguarded one (brshape.go).
func guardedAddFlex(inf *exec.InstInfo, in *ptx.Inst) bool {
	return (inf.Op == ptx.OpAdd || inf.Op == ptx.OpSub) && inf.Pipe == ptx.PipeALU && inf.Slots > 0 && inf.Bits == 32 &&
		!strings.Contains(in.Text, ".cc") && !strings.Contains(in.Text, ".sat") && len(in.Ops) == 3
}

// isLogic: an unguarded and, or, xor, not or lop3 of 32 or 64 bits.
func isLogic(inf *exec.InstInfo, in *ptx.Inst) bool {
	switch inf.Op {
	case ptx.OpAnd, ptx.OpOr, ptx.OpXor, ptx.OpNot, ptx.OpLop3:
	default:
		return false
	}
	return in.Guard < 0 && inf.Slots > 0 && (inf.Bits == 32 || inf.Bits == 64) && !strings.Contains(in.Text, ".pred")
}

// flexPipe is the pipe a lowFlex instruction issues to. ptxas chooses it
// statically (flexSplit), whatever the pipes have to do at run time.
func (s *SM) flexPipe(sp *subPart, info *exec.InstInfo) ptx.Pipe {
	if s.code.low.flexOnIMAD(info) {
		return ptx.PipeIMAD
	}
	return ptx.PipeALU
}

// flexOnIMAD: a lowFlex instruction ptxas puts on the FMA pipe.
func (l *Lowering) flexOnIMAD(info *exec.InstInfo) bool { return l.at(info).flags&schedFlexIMAD != 0 }

// flexSplit is ptxas's static choice of pipe for the lowFlex
// instructions: in each straight-line stretch it puts so many of them on
// the FMA pipe (IMAD.IADD, VIADD, IMAD.SHL) that the stretch's ALU and
// FMA-pipe instruction counts come out as equal as they can, spread evenly
// over the stretch (cuobjdump: chain_add_s32, 33 IMAD.IADD and 31 IADD3
// for 64 dependent adds; ihash9_div_alu32, 118 IMAD.IADD and 21 IADD3 for
// 128 add.u32 beside 136 LOP3; idivtput_u32, 77 ALU and 83 FMA-pipe
// instructions). A 64-bit division counts for neither: its SASS is
// the subroutine's (seq.go).
func flexSplit(infos []*exec.InstInfo, kinds []uint8) []bool {
	out := make([]bool, len(infos))
	for lo := 0; lo < len(infos); {
		hi := lo
		for hi < len(infos) {
			hi++
			if infos[hi-1].Pipe == ptx.PipeBranch {
				break
			}
		}
		alu, fma, flex := 0, 0, 0
		for pc := lo; pc < hi; pc++ {
			inf := infos[pc]
			switch {
			case kinds[pc] == lowFlex:
				flex++
			case kinds[pc] == lowFused || inf.Slots == 0 || isDivisionCall(inf):
			case inf.Pipe == ptx.PipeALU:
				alu += int(inf.Slots)
			case inf.Pipe == ptx.PipeIMAD:
				fma += int(inf.Slots)
			}
		}
		onFMA := min(max((flex+alu-fma+1)/2, 0), flex)
		j := 0
		for pc := lo; pc < hi; pc++ {
			if kinds[pc] == lowFlex {
				out[pc] = (j+1)*onFMA/flex > j*onFMA/flex
				j++
			}
		}
		lo = hi
	}
	return out
}
