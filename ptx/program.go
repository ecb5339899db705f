package ptx

import (
	"fmt"
	"path"
	"strings"
)

// This file is the contract between the front end (parse + lower) and the
// executor (ptx/exec). Everything here is index-resolved: the executor never
// looks names up at run time.

// Program is a lowered PTX module.
type Program struct {
	File    string
	Version string // e.g. "9.0"
	Target  string // e.g. "sm_90a"
	// VersionPos and TargetPos locate the directives (zero when absent).
	VersionPos, TargetPos, AddressSizePos Pos
	AddressSize                           int // 64
	// Vars are the module-scope variables (.global, .const, .shared, .local
	// declared outside any function), in declaration order.
	Vars []*Var
	// Funcs holds every .entry and .func (declared or defined), in file order.
	Funcs []*Function
}

// Var is a declared variable in a state space.
type Var struct {
	Name   string
	Space  Space
	Type   Type   // element type (B8 for `.b8 name[N]`)
	Align  int    // bytes; natural alignment of Type when not given
	Size   int    // total bytes (element size * product of array dims); 0 for `extern .shared x[]`
	Dims   []int  // array dimensions as written ([] for scalars, [0] for unsized extern arrays)
	Init   []byte // little-endian initial bytes (len == Size) or nil when not initialised
	Extern bool   // `.extern` (e.g. dynamic shared memory)
	// Relocs are initializer entries that name another variable or function
	// (`.global .u64 p = tab;`, `generic(tab)+8`); the executor patches their
	// addresses into Init at load time.
	Relocs []Reloc
	Pos    Pos
	// Func is the index of the function that declares it, or -1 at module scope.
	Func int
}

// Reloc is an address-valued initializer element.
type Reloc struct {
	Offset  int    // byte offset inside Init
	Size    int    // 4 or 8
	Target  string // variable or function name
	Generic bool   // generic(x) form (or a .global/.const pointer converted implicitly)
	Addend  int64
	// Shift is set for the byte-mask form `0xff00(x)` in .b8 initializers
	// (Size 1): the byte written is ((address+Addend) >> Shift) & 0xff.
	Shift int
}

// Param is one .param of an .entry or .func (also used for .func return values).
type Param struct {
	Name     string
	Type     Type // B8 for byte arrays
	Align    int
	Size     int   // bytes
	Offset   int   // byte offset in the packed parameter block (aligned)
	Dims     []int // array dims for `.align 8 .b8 p[16]`
	PtrSpace Space // `.ptr .global` attribute (SpaceNone if absent)
	PtrAlign int
	Pos      Pos
}

// RegDecl is one register. Registers of a function are numbered 0..len-1;
// `%r<10>` declares %r0..%r9. Registers of inline `{ }` scopes are renamed
// and appended, so each index is unique within the function.
type RegDecl struct {
	Name string
	Type Type
}

// Function is an .entry or .func.
type Function struct {
	Name      string
	Entry     bool
	Visible   bool
	Extern    bool // declaration only (no body)
	Weak      bool
	Params    []Param
	Rets      []Param // .func return parameters
	ParamSize int     // bytes of the packed parameter block
	Regs      []RegDecl
	// Locals are the .local/.shared/.param variables declared inside the body
	// (incl. inline scopes). .param locals are call argument/return slots;
	// their Offset in LocalParamOffsets.
	Locals []*Var
	// LocalParamOffsets[i] is the byte offset of Locals[i] inside the
	// function's call-slot area when Locals[i].Space == SpaceParam, else -1.
	LocalParamOffsets []int
	LocalParamSize    int
	LocalSize         int   // bytes of the per-thread .local frame (all .local locals)
	LocalOffsets      []int // per Locals[i] with Space == SpaceLocal, its frame offset, else -1
	Insts             []Inst
	Labels            map[string]int // label -> instruction index (for diagnostics)
	Perf              PerfDirectives
	Pos               Pos
}

// PerfDirectives are the performance-tuning directives of a kernel.
type PerfDirectives struct {
	MaxNTid           []int
	ReqNTid           []int
	MinNCTAPerSM      int
	MaxNReg           int
	ExplicitCluster   bool
	ReqNCTAPerCluster []int
	MaxClusterRank    int
	MaxNCTAPerSM      int
}

// Inst is one lowered instruction.
type Inst struct {
	Op    Opcode   // base opcode (first dotted component), from the table in isa.go
	Text  string   // full opcode as written, e.g. "ld.global.nc.v4.u32"
	Quals []string // qualifiers as written, without dots, in source order
	Mods  Mods     // decoded qualifiers
	// Guard is the guard predicate register or -1; GuardNeg for `@!p`.
	Guard    int32
	GuardNeg bool
	Ops      []Operand
	Pos      Pos
	// Src is the high-level source line of the last `.loc` before the
	// instruction in its function (nvcc -lineinfo / -G); zero when none.
	Src SourceLoc
}

// SourceLoc is a position in the high-level source (the .cu file) that a
// `.loc` directive names. File is the `.file` name, or "file N" when the
// index was never declared.
type SourceLoc struct {
	File      string
	Line, Col int
}

// Valid reports whether the location was given.
func (s SourceLoc) Valid() bool { return s.Line > 0 }

// String is "file:line" ("" when not valid).
func (s SourceLoc) String() string {
	if !s.Valid() {
		return ""
	}
	return fmt.Sprintf("%s:%d", s.File, s.Line)
}

// Short is "base:line" with the file's directories left out (nvcc writes
// the absolute path of the compile), "" when not valid.
func (s SourceLoc) Short() string {
	if !s.Valid() {
		return ""
	}
	return fmt.Sprintf("%s:%d", path.Base(strings.ReplaceAll(s.File, "\\", "/")), s.Line)
}

// Mods are the decoded qualifiers of an instruction. Which fields are
// meaningful depends on the opcode.
type Mods struct {
	// Types in the order they appear (cvt.f32.s32 -> [F32, S32];
	// wgmma ... .f32.f16.f16 -> [F32, F16, F16]).
	Types  []Type
	Space  Space     // state space (.global, .shared, .shared::cta, .shared::cluster, .param, ...)
	Space2 Space     // second state space where there are two (cp.async.bulk.shared::cluster.global)
	Cmp    CmpOp     // comparison for setp/set/slct-less ops
	Bool   BoolOp    // setp.lt.and etc.
	Round  RoundMode // .rn .rz .rm .rp .rna .rni .rzi .rmi .rpi .rs
	Vec    int       // .v2/.v4/.v8 -> 2/4/8; 0 when absent
	Flags  Flag      // boolean qualifiers
	Sem    Sem       // .relaxed .acquire .release .acq_rel .volatile .weak .sc .mmio
	Scope  Scope     // .cta .cluster .gpu .sys
	// Sub is the sub-operation selector for op families: atom/red op
	// ("add","min","cas",...), shfl mode ("idx","up","down","bfly"), vote mode,
	// bar form ("sync","arrive","red"), mbarrier op, etc. Empty when none.
	Sub string
}

// Flag is a set of boolean qualifiers.
type Flag uint64

// Boolean qualifiers.
const (
	FSat Flag = 1 << iota
	FFtz
	FApprox
	FFull
	FNaN
	FRelu
	FXorSign
	FAbs
	FCC      // .cc (carry out)
	FHi      // .hi
	FLo      // .lo
	FWide    // .wide
	FUni     // .uni
	FSync    // .sync
	FAligned // .aligned
	FNC      // .nc
	FShiftAmt
	FClamp // shf.clamp / shfl .clamp (shfl modes use Sub)
	FWrap
	FSatFinite
	FTrans
	FAll
	FAny
	FBallot
	FL // shf.l
	FR // shf.r
	FNoInc
	FParity
	FExpectTx
	FMulticast
	FRead
	FTile
	FIm2col
	FTo  // cvta.to
	FF4E // prmt modes live in Sub
	FCompleteTxBytes
	FNoFtz
	FDefault
)

// Operand kinds.
type OperandKind uint8

const (
	OpdNone    OperandKind = iota
	OpdReg                 // Reg
	OpdImm                 // integer literal in Imm (two's complement)
	OpdFloat               // float literal: Imm holds f64 bits (0d..., decimal) or f32 bits (0f...) per FloatF32
	OpdAddr                // [Base + Off]; Base is Reg or Sym; Elems for [tmap, {c0, c1}]
	OpdVec                 // {a, b, ...} in Elems
	OpdLabel               // branch target: Label is the instruction index
	OpdSym                 // address of a variable (Sym) + Off, e.g. `mov.u64 %rd1, smem;`
	OpdSpecial             // special register: Special (and Comp for .x/.y/.z)
	OpdFunc                // call target: Func is the function index
	OpdSink                // `_`
	OpdPair                // `p|q` destination pair (setp, shfl, elect, match): Elems[0], Elems[1]
)

// Operand is one instruction operand.
type Operand struct {
	Kind     OperandKind
	Reg      int32 // register index, or -1
	Neg      bool  // `!p`
	Imm      uint64
	FloatF32 bool // for OpdFloat: Imm holds float32 bits (0f literal)
	Sym      SymRef
	Off      int64
	Special  Special
	Comp     int8 // 0,1,2 for .x .y .z (or -1 when the register has no component)
	Label    int32
	Func     int32
	Elems    []Operand
	Pos      Pos
}

// SymRef names a variable: module scope (Func == -1, Index into Program.Vars),
// a function local (Index into Function.Locals), or a parameter of the
// current function (IsParam, Index into Params; IsRet: into Rets).
type SymRef struct {
	Kind  SymKind
	Index int32
}

// SymKind says what a SymRef points to.
type SymKind uint8

const (
	SymNone   SymKind = iota
	SymGlobal         // Program.Vars[Index]
	SymLocal          // Function.Locals[Index]
	SymParam          // Function.Params[Index]
	SymRet            // Function.Rets[Index]
	SymFunc           // Program.Funcs[Index] (function address)
)

// Pos is a source position (1-based line and column).
type Pos struct {
	File string
	Line int
	Col  int
}

// EntryNames lists the .entry functions of the program in file order.
func (p *Program) EntryNames() []string {
	var names []string
	for _, f := range p.Funcs {
		if f.Entry {
			names = append(names, f.Name)
		}
	}
	return names
}

// LabelTargets returns, per instruction index 0..len(f.Insts), whether a
// branch may arrive there: a label that some instruction's operand names
// (bra), for the analyses that split a function into straight-line
// blocks. A label nothing branches to starts no block: ptxas's basic
// blocks begin at branch targets, and Triton's PTX carries a debug label
// ($L__tmpN, for .debug_info) around every step of a reduction, which would
// otherwise cut the scheduling runs there (session 23, fa23.md).
func (f *Function) LabelTargets() []bool {
	n := len(f.Insts)
	target := make([]bool, n+1)
	for i := range f.Insts {
		for _, o := range f.Insts[i].Ops {
			if o.Kind == OpdLabel && o.Label >= 0 && int(o.Label) <= n {
				target[o.Label] = true
			}
		}
	}
	return target
}
