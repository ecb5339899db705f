package exec

import (
	"fmt"
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
)

// handler executes an instruction for the lanes in m (the group's lanes whose
// guard is true). Control handlers (x.ctrl) also move every group lane's PC.
type handler func(w *Warp, x *xinst, m uint32) error

// xfunc is a compiled function.
type xfunc struct {
	idx   int
	fn    *ptx.Function
	insts []xinst
	nregs int
	// nslots: the register storage slots of a frame (regslots.go; nregs
	// when every register has its own)
	nslots int
	// codeEnd: the estimated SASS code address after its last instruction.
	codeEnd uint64
	// regMask[r] masks a value to slot r's width (its registers', after
	// assignSlots).
	regMask []uint64
	// serial: why ptxas serializes the function's wgmmas (serial.go)
	serial *SerialWgmma
	// wgmma: the function has wgmma instructions (the register hazard
	// checker looks at its other instructions: wgmma_hazard.go).
	wgmma bool
	// clear: the registers a recycled entry frame clears (clearAll: every
	// one); regclear.go.
	clear    []int32
	clearAll bool
}

// xinst is a compiled instruction.
type xinst struct {
	in       *ptx.Inst
	op       ptx.Opcode
	fn       handler
	ctrl     bool // handler moves PCs itself
	warpSync bool // bar.warp.sync (a convergence point that may differ per lane)
	// tensorTx: a .tensor copy's complete_tx, which a sleeping try_wait
	// sees at its next recheck (tickets.go finish)
	tensorTx bool
	guard    int32
	guardNeg bool
	ops      []xop
	t        ptx.Type // primary type (Mods.Types[0])
	bits     int      // t.Bits()
	// aux holds per-family precomputed data (e.g. an ALU closure).
	aux  any
	f1   func(a uint64) uint64
	f2   func(a, b uint64) uint64
	f3   func(a, b, c uint64) uint64
	vop  vecOp    // full-warp fast path of f2, when it is a plain op
	fuse smemFuse // ptxas fusion of shared accesses (merge.go); statistics: Launch.sites
	// ipdom is a guarded bra's immediate post-dominator, where a group it
	// splits reconverges (reconverge.go); -1 otherwise.
	ipdom int32
	info  InstInfo // static information for timing models (info.go)
	// wgRegs: the instruction reads or writes a register that some
	// wgmma.mma_async of its function uses (the register checker looks at
	// no other: markWgRegs).
	wgRegs bool
}

func (x *xinst) line() int { return x.in.Pos.Line }

// Operand kinds after compilation.
const (
	oNone uint8 = iota
	oReg
	oImm
	oSpecial
	oVec
	oAddr
	oSym
	oSink
	oLabel
	oFunc
)

// xop is a compiled operand.
type xop struct {
	kind  uint8
	neg   bool
	reg   int32 // register index (value at regs[reg*32+lane])
	imm   uint64
	sp    ptx.Special
	comp  int8
	sym   ptx.SymRef
	off   int64
	label int32
	fn    int32
	elems []xop
}

// compiler carries state while compiling one function.
type compiler struct {
	k  *Kernel
	f  *ptx.Function
	xf *xfunc
	// writers lists, per register of f, the instructions that write it as
	// their first operand; built on first use (regWriters)
	writers [][]int32
}

type compileFn func(c *compiler, x *xinst) error

// errUnsupported is returned by compile functions for forms not implemented.
func errUnsupported(in *ptx.Inst) error {
	return &ptx.Error{Pos: in.Pos, Msg: fmt.Sprintf("unsupported instruction '%s'", in.Text)}
}

func errAt(in *ptx.Inst, format string, args ...any) error {
	return &ptx.Error{Pos: in.Pos, Msg: fmt.Sprintf(format, args...)}
}

func (k *Kernel) compileFunc(idx int, f *ptx.Function) (*xfunc, error) {
	xf := &xfunc{idx: idx, fn: f, nregs: len(f.Regs), nslots: len(f.Regs), insts: make([]xinst, len(f.Insts))}
	xf.regMask = make([]uint64, len(f.Regs))
	for i, r := range f.Regs {
		xf.regMask[i] = widthMask(r.Type.Bits())
		if r.Type == ptx.Pred {
			xf.regMask[i] = 1
		}
	}
	c := &compiler{k: k, f: f, xf: xf}
	var errs ptx.ErrorList
	for i := range f.Insts {
		in := &f.Insts[i]
		x := &xf.insts[i]
		x.in = in
		x.op = in.Op
		x.tensorTx = strings.Contains(in.Text, ".tensor")
		xf.wgmma = xf.wgmma || in.Op == ptx.OpWgmma
		x.guard = in.Guard
		x.guardNeg = in.GuardNeg
		if len(in.Mods.Types) > 0 {
			x.t = in.Mods.Types[0]
			x.bits = x.t.Bits()
		}
		x.ops = make([]xop, len(in.Ops))
		for j := range in.Ops {
			x.ops[j] = compileOperand(&in.Ops[j])
		}
		cf := compilers(in.Op)
		var err error
		if cf == nil {
			err = errUnsupported(in)
		} else {
			err = cf(c, x)
		}
		if err != nil {
			if pe, ok := err.(*ptx.Error); ok {
				errs = append(errs, pe)
			} else {
				errs = append(errs, &ptx.Error{Pos: in.Pos, Msg: err.Error()})
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	// the functions' code one after the other in the module's order, each
	// at a 128-byte boundary (as ptxas aligns them): a call to the next
	// function in code order streams like straight-line code (microbench
	// coldj_k64_s1: 64 calls in code order cost as one stream on the GPU)
	addr := (k.codeEnd + 127) &^ 127
	for i := range xf.insts {
		x := &xf.insts[i]
		buildInfo(xf, i, x)
		x.info.Addr = addr
		addr += 16 * uint64(x.info.Slots)
	}
	xf.codeEnd = addr
	c.mergeShared()
	xf.clear, xf.clearAll = clearRegs(xf)
	markWgRegs(xf)
	computeIPDOM(xf)
	xf.serial = markSerialWgmma(xf)
	return xf, nil
}

func compileOperand(o *ptx.Operand) xop {
	x := xop{reg: o.Reg, imm: o.Imm, neg: o.Neg, sp: o.Special, comp: o.Comp, sym: o.Sym, off: o.Off, label: o.Label, fn: o.Func}
	switch o.Kind {
	case ptx.OpdReg:
		x.kind = oReg
	case ptx.OpdImm:
		x.kind = oImm
	case ptx.OpdFloat:
		x.kind = oImm
	case ptx.OpdSpecial:
		x.kind = oSpecial
	case ptx.OpdVec, ptx.OpdPair:
		x.kind = oVec
	case ptx.OpdAddr:
		x.kind = oAddr
	case ptx.OpdSym:
		x.kind = oSym
	case ptx.OpdSink:
		x.kind = oSink
	case ptx.OpdLabel:
		x.kind = oLabel
	case ptx.OpdFunc:
		x.kind = oFunc
	}
	for i := range o.Elems {
		x.elems = append(x.elems, compileOperand(&o.Elems[i]))
	}
	return x
}

func widthMask(bits int) uint64 {
	if bits >= 64 || bits == 0 {
		return ^uint64(0)
	}
	return (uint64(1) << bits) - 1
}

// floatImm converts an OpdFloat literal to the bits of type t.
func floatImmFix(o *ptx.Operand, x *xop, t ptx.Type) {
	if o.Kind != ptx.OpdFloat {
		return
	}
	x.imm = convertFloatLiteral(o.Imm, o.FloatF32, t)
}

// needOps checks the operand count.
func needOps(x *xinst, n int) error {
	if len(x.ops) != n {
		return errAt(x.in, "'%s' expects %d operands, got %d", x.in.Text, n, len(x.ops))
	}
	return nil
}

// fixFloatImms converts float literals of every operand to the type t.
func fixFloatImms(x *xinst, t ptx.Type) {
	for j := range x.in.Ops {
		floatImmFix(&x.in.Ops[j], &x.ops[j], t)
		for e := range x.in.Ops[j].Elems {
			floatImmFix(&x.in.Ops[j].Elems[e], &x.ops[j].elems[e], t)
		}
	}
}
