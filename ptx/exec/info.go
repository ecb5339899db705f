package exec

import (
	"slices"

	"github.com/sm90sim/sm90sim/ptx"
)

// InstInfo is what a timing model may know about a compiled instruction
// before it runs: immutable, built once by Compile.
type InstInfo struct {
	Func, PC int32
	Op       ptx.Opcode
	Pipe     ptx.Pipe
	// Defs and Uses are the registers the instruction writes and reads, as
	// indices into its function's registers; index Regs (one past the
	// last register) stands for the carry flag (CC.CF). Uses include the
	// guard predicate, vector elements and address bases.
	Defs, Uses []int32
	// Regs is the function's register count (the carry flag's index).
	Regs int32
	// Slots is how many SASS instructions the PTX instruction becomes for
	// the issue model (64-bit integer arithmetic is two 32-bit halves, ...).
	Slots int32
	// Addr is the instruction's estimated SASS code address: the byte
	// address of its first SASS instruction (16 bytes each, Slots of them),
	// the module's functions laid out one after the other in their order,
	// each at a 128-byte boundary.
	Addr uint64
	// Bits is the width of the primary type (0 when none).
	Bits int32
	// Wide is true for 64-bit results of mul.wide / mad.wide.
	Wide bool
	// TryWait marks mbarrier.try_wait (a wait that suspends the warp in
	// hardware, unlike test_wait); SuspendHint is its immediate
	// suspend-time hint in ns (0 when absent or in a register).
	TryWait     bool
	SuspendHint int64
	// ClusterBar marks barrier.cluster (arrive and wait forms),
	// ClusterArrive its arrive part, Relaxed the .relaxed qualifier; DSMEM
	// marks shared::cluster memory accesses (distributed shared memory).
	ClusterBar, ClusterArrive, Relaxed, DSMEM bool
	// BypassL1 marks global accesses that skip the SM's L1 (.cg, .cs,
	// .cv, .volatile loads; cp.async.cg).
	BypassL1 bool
	// ConstBank marks ld.const: a read of the constant bank through the
	// SM's constant caches (LDC), not the L1 data cache.
	ConstBank bool
	// Async is the instruction's role in asynchronous work; WaitN the N of
	// a wait_group (-1 for wait_all).
	Async AsyncClass
	WaitN int32
	// wgmma.mma_async: shape N and K, A/B element bits, RS (A from
	// registers), sparse.
	MMAN, MMAK, MMABits int32
	MMARS, MMASparse    bool
	// SerialWgmma marks a wgmma.mma_async that ptxas serializes (C7515,
	// serial.go): it completes before the warp goes on.
	SerialWgmma bool
	// Form: a SASS form whose latency is not its pipe's (sim/sm/forms.go)
	Form ptx.Form
	Pos  ptx.Pos
	Src  ptx.SourceLoc
	Text string
	Line int32
}

// Info returns the instruction's static information.
func (x *xinst) Info() *InstInfo { return &x.info }

// noDest lists the opcodes whose first register operand is read, not
// written (a barrier id, a sleep time, a stack pointer).
func noDest(op ptx.Opcode) bool {
	switch op {
	case ptx.OpBar, ptx.OpBarrier, ptx.OpNanosleep, ptx.OpStackrestore, ptx.OpBra, ptx.OpCall,
		ptx.OpRet, ptx.OpExit, ptx.OpTrap, ptx.OpSetmaxnreg, ptx.OpPmevent, ptx.OpBrkpt:
		return true
	}
	return false
}

// buildInfo fills x.info for instruction pc of function xf.
func buildInfo(xf *xfunc, pc int, x *xinst) {
	in := x.in
	inf := &x.info
	compiled := *inf // the async fields the compilers set (info_async.go)
	*inf = InstInfo{Func: int32(xf.idx), PC: int32(pc), Op: in.Op, Pipe: ptx.PipeOf(in), Form: ptx.FormOf(in),
		Regs: int32(xf.nregs), Slots: 1, Bits: int32(x.bits), Wide: in.Mods.Flags&ptx.FWide != 0,
		Pos: in.Pos, Src: in.Src, Text: in.Text, Line: int32(in.Pos.Line)}
	var defs, uses []int32
	if in.Guard >= 0 {
		uses = append(uses, in.Guard)
	}
	cc := int32(xf.nregs)
	for j := range in.Ops {
		o := &in.Ops[j]
		if j == 0 && !noDest(in.Op) && (o.Kind == ptx.OpdReg || o.Kind == ptx.OpdVec || o.Kind == ptx.OpdPair || o.Kind == ptx.OpdSink) {
			defs = appendRegs(defs, o)
			if in.Op == ptx.OpWgmma {
				// The accumulators are read too (scale-d), inside the pipe.
				uses = appendRegs(uses, o)
			}
			continue
		}
		uses = appendRegs(uses, o)
	}
	switch in.Op {
	case ptx.OpAddc, ptx.OpSubc, ptx.OpMadc:
		uses = append(uses, cc)
	}
	if in.Mods.Flags&ptx.FCC != 0 {
		defs = append(defs, cc)
	}
	inf.Defs, inf.Uses = dedupRegs(defs), dedupRegs(uses)
	inf.Slots = sassSlots(in, x.bits)
	if freeMove(in) {
		inf.Slots = 0
	} else if v, ok := measuredSlots(in, xf.fn); ok {
		inf.Slots = max(v, 1)
		if (in.Op == ptx.OpDiv || in.Op == ptx.OpRem) && x.bits == 64 && !x.t.IsFloat() {
			inf.Slots += subroutineSlots(in.Op, x.t.IsSigned())
		}
	}
	if m, ok := MmaFP8Emulation(inf); ok {
		inf.Slots = m.Slots() // ptxas's emulation (sass_slots.go)
	}
	inf.Async, inf.WaitN = compiled.Async, compiled.WaitN
	inf.MMAN, inf.MMAK, inf.MMABits, inf.MMARS, inf.MMASparse = compiled.MMAN, compiled.MMAK, compiled.MMABits, compiled.MMARS, compiled.MMASparse
	for _, q := range in.Quals {
		switch q {
		case "cg", "cs", "cv", "volatile":
			inf.BypassL1 = true
		case "relaxed":
			inf.Relaxed = true
		}
	}
	if in.Op == ptx.OpBarrier && slices.Contains(in.Quals, "cluster") {
		inf.ClusterBar = true
		inf.ClusterArrive = !slices.Contains(in.Quals, "wait")
	}
	switch in.Op {
	case ptx.OpLd, ptx.OpSt, ptx.OpAtom, ptx.OpRed:
		inf.DSMEM = in.Mods.Space == ptx.SpaceSharedCluster
		inf.ConstBank = in.Op == ptx.OpLd && in.Mods.Space == ptx.SpaceConst
	}
	if in.Op == ptx.OpMbarrier && in.Mods.Sub == "try_wait" {
		inf.TryWait = true
		if len(in.Ops) == 4 && in.Ops[3].Kind == ptx.OpdImm {
			inf.SuspendHint = int64(in.Ops[3].Imm)
		}
	}
}

// appendRegs appends every register an operand names (vector elements and
// address bases included).
func appendRegs(dst []int32, o *ptx.Operand) []int32 {
	switch o.Kind {
	case ptx.OpdReg:
		if o.Reg >= 0 {
			dst = append(dst, o.Reg)
		}
	case ptx.OpdAddr:
		if o.Reg >= 0 {
			dst = append(dst, o.Reg)
		}
	}
	for i := range o.Elems {
		dst = appendRegs(dst, &o.Elems[i])
	}
	return dst
}

// dedupRegs removes repeats, keeping the first occurrence's order.
func dedupRegs(r []int32) []int32 {
	out := r[:0]
	for _, v := range r {
		dup := false
		for _, u := range out {
			if u == v {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, v)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out[:len(out):len(out)]
}

// sassSlots estimates the SASS instructions ptxas emits for one PTX
// instruction where it is more than one: 64-bit integer add/sub/compare and
// logic are two 32-bit halves, a 64-bit multiply is three IMADs, integer
// division is a sequence of about twenty.
func sassSlots(in *ptx.Inst, bits int) int32 {
	t := ptx.Type(0)
	if len(in.Mods.Types) > 0 {
		t = in.Mods.Types[0]
	}
	if t.IsFloat() {
		if (in.Op == ptx.OpDiv || in.Op == ptx.OpRcp || in.Op == ptx.OpSqrt) && in.Mods.Flags&ptx.FApprox == 0 {
			return 8 // the full-precision sequences around MUFU
		}
		return 1
	}
	switch in.Op {
	case ptx.OpDiv, ptx.OpRem:
		if bits == 64 {
			return 40
		}
		return 20
	case ptx.OpAdd, ptx.OpSub, ptx.OpSetp, ptx.OpMin, ptx.OpMax, ptx.OpNeg, ptx.OpAbs:
		if bits == 64 {
			return 2
		}
	case ptx.OpMul, ptx.OpMad:
		if bits == 64 && in.Mods.Flags&ptx.FWide == 0 {
			return 3
		}
	}
	return 1
}

// Infos returns the static information of every instruction of the
// kernel's entry function, in program order.
func (k *Kernel) Infos() []*InstInfo {
	f := k.funcs[k.entry]
	out := make([]*InstInfo, len(f.insts))
	for i := range f.insts {
		out[i] = &f.insts[i].info
	}
	return out
}

// freeMove reports instructions ptxas turns into nothing: register and
// immediate moves (copy propagation, constant operands), vector packing
// and unpacking (register pairs), symbol addresses, kernel-parameter loads
// (constant-bank operands). Moves from special registers are real (S2R).
func freeMove(in *ptx.Inst) bool {
	switch in.Op {
	case ptx.OpMov:
		for i := range in.Ops {
			if in.Ops[i].Kind == ptx.OpdSpecial {
				return false
			}
		}
		return true
	case ptx.OpLd:
		return in.Mods.Space == ptx.SpaceParam || in.Mods.Space == ptx.SpaceParamEntry
	case ptx.OpCvt:
		// an integer narrowing is the low register of the source
		if len(in.Mods.Types) == 2 {
			d, s := in.Mods.Types[0], in.Mods.Types[1]
			return !d.IsFloat() && !s.IsFloat() && d.Size() < s.Size() && d.Size() >= 4 && in.Mods.Flags&ptx.FSat == 0
		}
	}
	return false
}
