package ptx

// Code generated once from the opcode list; edit by hand.

// Opcode is the base opcode of an instruction (its first dotted component).
type Opcode uint16

// Opcodes.
const (
	OpInvalid Opcode = iota
	OpAbs
	OpAdd
	OpAddc
	OpSub
	OpSubc
	OpMul
	OpMad
	OpMadc
	OpMad24
	OpMul24
	OpSad
	OpDiv
	OpRem
	OpNeg
	OpMin
	OpMax
	OpPopc
	OpClz
	OpBfind
	OpBrev
	OpBfe
	OpBfi
	OpPrmt
	OpShf
	OpShl
	OpShr
	OpAnd
	OpOr
	OpXor
	OpNot
	OpCnot
	OpLop3
	OpFns
	OpSetp
	OpSet
	OpSelp
	OpSlct
	OpMov
	OpDp4a
	OpDp2a
	OpVadd
	OpVsub
	OpVabsdiff
	OpVmin
	OpVmax
	OpVshl
	OpVshr
	OpVmad
	OpVset
	OpVadd2
	OpVsub2
	OpVavrg2
	OpVabsdiff2
	OpVmin2
	OpVmax2
	OpVset2
	OpVadd4
	OpVsub4
	OpVavrg4
	OpVabsdiff4
	OpVmin4
	OpVmax4
	OpVset4
	OpCopysign
	OpTestp
	OpFma
	OpRcp
	OpSqrt
	OpRsqrt
	OpEx2
	OpLg2
	OpSin
	OpCos
	OpTanh
	OpCvt
	OpLd
	OpLdu
	OpSt
	OpPrefetch
	OpPrefetchu
	OpIsspacep
	OpCvta
	OpAtom
	OpRed
	OpLdmatrix
	OpStmatrix
	OpMovmatrix
	OpApplypriority
	OpDiscard
	OpCreatepolicy
	OpGetctarank
	OpMapa
	OpMultimem
	OpBra
	OpCall
	OpRet
	OpExit
	OpTrap
	OpBrkpt
	OpNanosleep
	OpPmevent
	OpSetmaxnreg
	OpGriddepcontrol
	OpStackrestore
	OpStacksave
	OpAlloca
	OpBar
	OpBarrier
	OpMembar
	OpFence
	OpShfl
	OpVote
	OpMatch
	OpRedux
	OpActivemask
	OpElect
	OpCp
	OpMbarrier
	OpWgmma
	OpMma
	OpTensormap
	OpSzext
	OpBmsk
	opCount
)

// Class groups opcodes by the executor family that implements them.
type Class uint8

// Classes.
const (
	ClassNone Class = iota
	ClassInt
	ClassFloat
	ClassMem
	ClassCtrl
	ClassSync
	ClassAsync
)

// OpInfo describes one base opcode.
type OpInfo struct {
	Name  string
	Class Class
	// MinOps and MaxOps bound the operand count (`p|q` and `{...}` count as
	// one operand). For call they bound the operands as written.
	MinOps, MaxOps int8
	// Subs are the qualifiers that select the operation within the family
	// (atom.add, shfl.bfly, mbarrier.try_wait). The first one written goes to
	// Mods.Sub.
	Subs []string
	// Pipe is the base execution-unit class (pipe.go); PipeOf refines it
	// by type, state space and qualifiers.
	Pipe Pipe
}

// opTable is the one opcode table: the parser validates against it, lowering
// decodes with it and the executor dispatches on Opcode.
var opTable = [opCount]OpInfo{
	OpAbs:            {"abs", ClassInt, 2, 2, nil, PipeALU},
	OpAdd:            {"add", ClassInt, 3, 3, nil, PipeALU},
	OpAddc:           {"addc", ClassInt, 3, 3, nil, PipeALU},
	OpSub:            {"sub", ClassInt, 3, 3, nil, PipeALU},
	OpSubc:           {"subc", ClassInt, 3, 3, nil, PipeALU},
	OpMul:            {"mul", ClassInt, 3, 3, nil, PipeALU},
	OpMad:            {"mad", ClassInt, 4, 4, nil, PipeALU},
	OpMadc:           {"madc", ClassInt, 4, 4, nil, PipeALU},
	OpMad24:          {"mad24", ClassInt, 4, 4, nil, PipeALU},
	OpMul24:          {"mul24", ClassInt, 3, 3, nil, PipeALU},
	OpSad:            {"sad", ClassInt, 4, 4, nil, PipeALU},
	OpDiv:            {"div", ClassInt, 3, 3, nil, PipeALU},
	OpRem:            {"rem", ClassInt, 3, 3, nil, PipeALU},
	OpNeg:            {"neg", ClassInt, 2, 2, nil, PipeALU},
	OpMin:            {"min", ClassInt, 3, 4, nil, PipeALU},
	OpMax:            {"max", ClassInt, 3, 4, nil, PipeALU},
	OpPopc:           {"popc", ClassInt, 2, 2, nil, PipeALU},
	OpClz:            {"clz", ClassInt, 2, 2, nil, PipeALU},
	OpBfind:          {"bfind", ClassInt, 2, 2, nil, PipeALU},
	OpBrev:           {"brev", ClassInt, 2, 2, nil, PipeALU},
	OpBfe:            {"bfe", ClassInt, 4, 4, nil, PipeALU},
	OpBfi:            {"bfi", ClassInt, 5, 5, nil, PipeALU},
	OpPrmt:           {"prmt", ClassInt, 3, 4, []string{"f4e", "b4e", "rc8", "ecl", "ecr", "rc16"}, PipeALU},
	OpShf:            {"shf", ClassInt, 4, 4, nil, PipeALU},
	OpShl:            {"shl", ClassInt, 3, 3, nil, PipeALU},
	OpShr:            {"shr", ClassInt, 3, 3, nil, PipeALU},
	OpAnd:            {"and", ClassInt, 3, 3, nil, PipeALU},
	OpOr:             {"or", ClassInt, 3, 3, nil, PipeALU},
	OpXor:            {"xor", ClassInt, 3, 3, nil, PipeALU},
	OpNot:            {"not", ClassInt, 2, 2, nil, PipeALU},
	OpCnot:           {"cnot", ClassInt, 2, 2, nil, PipeALU},
	OpLop3:           {"lop3", ClassInt, 5, 6, nil, PipeALU},
	OpFns:            {"fns", ClassInt, 4, 4, nil, PipeALU},
	OpSetp:           {"setp", ClassInt, 3, 4, nil, PipeALU},
	OpSet:            {"set", ClassInt, 3, 4, nil, PipeALU},
	OpSelp:           {"selp", ClassInt, 4, 4, nil, PipeALU},
	OpSlct:           {"slct", ClassInt, 4, 4, nil, PipeALU},
	OpMov:            {"mov", ClassInt, 2, 2, nil, PipeALU},
	OpDp4a:           {"dp4a", ClassInt, 4, 4, nil, PipeALU},
	OpDp2a:           {"dp2a", ClassInt, 4, 4, nil, PipeALU},
	OpVadd:           {"vadd", ClassInt, 3, 5, nil, PipeALU},
	OpVsub:           {"vsub", ClassInt, 3, 5, nil, PipeALU},
	OpVabsdiff:       {"vabsdiff", ClassInt, 3, 5, nil, PipeALU},
	OpVmin:           {"vmin", ClassInt, 3, 5, nil, PipeALU},
	OpVmax:           {"vmax", ClassInt, 3, 5, nil, PipeALU},
	OpVshl:           {"vshl", ClassInt, 3, 5, nil, PipeALU},
	OpVshr:           {"vshr", ClassInt, 3, 5, nil, PipeALU},
	OpVmad:           {"vmad", ClassInt, 3, 5, nil, PipeALU},
	OpVset:           {"vset", ClassInt, 3, 5, nil, PipeALU},
	OpVadd2:          {"vadd2", ClassInt, 3, 5, nil, PipeALU},
	OpVsub2:          {"vsub2", ClassInt, 3, 5, nil, PipeALU},
	OpVavrg2:         {"vavrg2", ClassInt, 3, 5, nil, PipeALU},
	OpVabsdiff2:      {"vabsdiff2", ClassInt, 3, 5, nil, PipeALU},
	OpVmin2:          {"vmin2", ClassInt, 3, 5, nil, PipeALU},
	OpVmax2:          {"vmax2", ClassInt, 3, 5, nil, PipeALU},
	OpVset2:          {"vset2", ClassInt, 3, 5, nil, PipeALU},
	OpVadd4:          {"vadd4", ClassInt, 3, 5, nil, PipeALU},
	OpVsub4:          {"vsub4", ClassInt, 3, 5, nil, PipeALU},
	OpVavrg4:         {"vavrg4", ClassInt, 3, 5, nil, PipeALU},
	OpVabsdiff4:      {"vabsdiff4", ClassInt, 3, 5, nil, PipeALU},
	OpVmin4:          {"vmin4", ClassInt, 3, 5, nil, PipeALU},
	OpVmax4:          {"vmax4", ClassInt, 3, 5, nil, PipeALU},
	OpVset4:          {"vset4", ClassInt, 3, 5, nil, PipeALU},
	OpCopysign:       {"copysign", ClassFloat, 3, 3, nil, PipeFP32},
	OpTestp:          {"testp", ClassFloat, 2, 2, []string{"finite", "infinite", "number", "notanumber", "normal", "subnormal"}, PipeFP32},
	OpFma:            {"fma", ClassFloat, 4, 4, nil, PipeFP32},
	OpRcp:            {"rcp", ClassFloat, 2, 2, nil, PipeFP32},
	OpSqrt:           {"sqrt", ClassFloat, 2, 2, nil, PipeFP32},
	OpRsqrt:          {"rsqrt", ClassFloat, 2, 2, nil, PipeFP32},
	OpEx2:            {"ex2", ClassFloat, 2, 2, nil, PipeFP32},
	OpLg2:            {"lg2", ClassFloat, 2, 2, nil, PipeFP32},
	OpSin:            {"sin", ClassFloat, 2, 2, nil, PipeFP32},
	OpCos:            {"cos", ClassFloat, 2, 2, nil, PipeFP32},
	OpTanh:           {"tanh", ClassFloat, 2, 2, nil, PipeFP32},
	OpCvt:            {"cvt", ClassFloat, 2, 3, nil, PipeFP32},
	OpLd:             {"ld", ClassMem, 2, 3, nil, PipeGlobal},
	OpLdu:            {"ldu", ClassMem, 2, 2, nil, PipeGlobal},
	OpSt:             {"st", ClassMem, 2, 3, nil, PipeGlobal},
	OpPrefetch:       {"prefetch", ClassMem, 1, 1, nil, PipeGlobal},
	OpPrefetchu:      {"prefetchu", ClassMem, 1, 1, nil, PipeGlobal},
	OpIsspacep:       {"isspacep", ClassMem, 2, 2, nil, PipeALU},
	OpCvta:           {"cvta", ClassMem, 2, 2, nil, PipeALU},
	OpAtom:           {"atom", ClassMem, 3, 5, []string{"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas"}, PipeGlobal},
	OpRed:            {"red", ClassMem, 2, 4, []string{"add", "min", "max", "inc", "dec", "and", "or", "xor"}, PipeGlobal},
	OpLdmatrix:       {"ldmatrix", ClassMem, 2, 2, nil, PipeShared},
	OpStmatrix:       {"stmatrix", ClassMem, 2, 2, nil, PipeShared},
	OpMovmatrix:      {"movmatrix", ClassMem, 2, 2, nil, PipeWarp},
	OpApplypriority:  {"applypriority", ClassMem, 1, 2, nil, PipeGlobal},
	OpDiscard:        {"discard", ClassMem, 1, 2, nil, PipeGlobal},
	OpCreatepolicy:   {"createpolicy", ClassMem, 2, 4, []string{"fractional", "range", "cvt"}, PipeALU},
	OpGetctarank:     {"getctarank", ClassMem, 2, 2, nil, PipeALU},
	OpMapa:           {"mapa", ClassMem, 3, 3, nil, PipeALU},
	OpMultimem:       {"multimem", ClassMem, 2, 3, []string{"ld_reduce", "st", "red"}, PipeGlobal},
	OpBra:            {"bra", ClassCtrl, 1, 1, nil, PipeBranch},
	OpCall:           {"call", ClassCtrl, 1, 4, nil, PipeBranch},
	OpRet:            {"ret", ClassCtrl, 0, 0, nil, PipeBranch},
	OpExit:           {"exit", ClassCtrl, 0, 0, nil, PipeBranch},
	OpTrap:           {"trap", ClassCtrl, 0, 0, nil, PipeBranch},
	OpBrkpt:          {"brkpt", ClassCtrl, 0, 0, nil, PipeBranch},
	OpNanosleep:      {"nanosleep", ClassCtrl, 1, 1, nil, PipeBranch},
	OpPmevent:        {"pmevent", ClassCtrl, 1, 1, nil, PipeBranch},
	OpSetmaxnreg:     {"setmaxnreg", ClassCtrl, 1, 1, []string{"inc", "dec"}, PipeBranch},
	OpGriddepcontrol: {"griddepcontrol", ClassCtrl, 0, 0, []string{"wait", "launch_dependents"}, PipeBranch},
	OpStackrestore:   {"stackrestore", ClassCtrl, 1, 1, nil, PipeBranch},
	OpStacksave:      {"stacksave", ClassCtrl, 1, 1, nil, PipeBranch},
	OpAlloca:         {"alloca", ClassCtrl, 2, 3, nil, PipeBranch},
	OpBar:            {"bar", ClassSync, 0, 4, []string{"sync", "arrive", "red"}, PipeBarrier},
	OpBarrier:        {"barrier", ClassSync, 0, 4, []string{"sync", "arrive", "red", "wait"}, PipeBarrier},
	OpMembar:         {"membar", ClassSync, 0, 0, []string{"sc", "acq_rel", "proxy"}, PipeBarrier},
	OpFence:          {"fence", ClassSync, 0, 2, []string{"sc", "acq_rel", "acquire", "release", "proxy", "mbarrier_init", "op_restrict"}, PipeBarrier},
	OpShfl:           {"shfl", ClassSync, 4, 5, []string{"up", "down", "bfly", "idx"}, PipeWarp},
	OpVote:           {"vote", ClassSync, 2, 3, []string{"all", "any", "uni", "ballot"}, PipeWarp},
	OpMatch:          {"match", ClassSync, 3, 3, []string{"any", "all"}, PipeWarp},
	OpRedux:          {"redux", ClassSync, 3, 3, []string{"add", "min", "max", "and", "or", "xor"}, PipeWarp},
	OpActivemask:     {"activemask", ClassSync, 1, 1, nil, PipeWarp},
	OpElect:          {"elect", ClassSync, 2, 2, nil, PipeWarp},
	OpCp:             {"cp", ClassAsync, 0, 7, []string{"async", "reduce"}, PipeAsync},
	OpMbarrier:       {"mbarrier", ClassAsync, 1, 4, []string{"init", "arrive", "arrive_drop", "expect_tx", "complete_tx", "test_wait", "try_wait", "pending_count", "inval"}, PipeAsync},
	OpWgmma:          {"wgmma", ClassAsync, 0, 10, []string{"mma_async", "fence", "commit_group", "wait_group"}, PipeWgmma},
	OpMma:            {"mma", ClassAsync, 4, 6, nil, PipeTensor},
	OpSzext:          {"szext", ClassInt, 3, 3, nil, PipeALU},
	OpBmsk:           {"bmsk", ClassInt, 3, 3, nil, PipeALU},
	OpTensormap:      {"tensormap", ClassAsync, 2, 4, []string{"replace", "cp_fenceproxy"}, PipeAsync},
}

// Info returns the table entry of an opcode.
func (o Opcode) Info() OpInfo {
	if o < opCount {
		return opTable[o]
	}
	return OpInfo{}
}

func (o Opcode) String() string { return o.Info().Name }

// OpcodeByName maps a base opcode name ("ld") to its Opcode.
func OpcodeByName(name string) (Opcode, bool) {
	for i := Opcode(1); i < opCount; i++ {
		if opTable[i].Name == name {
			return i, true
		}
	}
	return OpInvalid, false
}

// NumOpcodes is the number of opcodes (for dispatch tables).
const NumOpcodes = int(opCount)

// OperandRule is the operand column of the opcode table: the shape and the
// type of each operand (Operands) and the type qualifiers the opcode takes
// (Types). ptx/check.go applies them to every instruction at load, as ptxas
// does; the letters are documented there. It is its own block so that other
// columns of opTable merge without touching these lines.
type OperandRule struct {
	Operands string
	Types    string
}

var opRules = [opCount]OperandRule{
	OpAbs:        {"d,a", "I F H"},
	OpAdd:        {"d,a,a", "I F H x2"},
	OpAddc:       {"d,a,a", "u32 s32 u64 s64"},
	OpSub:        {"d,a,a", "I F H x2"},
	OpSubc:       {"d,a,a", "u32 s32 u64 s64"},
	OpMul:        {"d,a,a", "I F H"},
	OpMad:        {"d,a,a,a", "I F H"},
	OpMadc:       {"d,a,a,a", "u32 s32 u64 s64"},
	OpMad24:      {"d,a,a,a", "u32 s32"},
	OpMul24:      {"d,a,a", "u32 s32"},
	OpSad:        {"d,a,a,a", "I"},
	OpDiv:        {"d,a,a", "I F"},
	OpRem:        {"d,a,a", "I"},
	OpNeg:        {"d,a", "s16 s32 s64 F H"},
	OpMin:        {"d,a,a", "I F H x2"},
	OpMax:        {"d,a,a", "I F H x2"},
	OpPopc:       {"n,a", "b32 b64"},
	OpClz:        {"n,a", "b32 b64"},
	OpBfind:      {"n,a", "u32 u64 s32 s64"},
	OpBrev:       {"d,a", "b32 b64"},
	OpBfe:        {"d,a,u,u", "u32 u64 s32 s64"},
	OpBfi:        {"d,a,a,u,u", "b32 b64"},
	OpPrmt:       {"d,a,a,a", "b32"},
	OpShf:        {"d,a,a,u", "b32"},
	OpShl:        {"d,a,u", "B"},
	OpShr:        {"d,a,u", "B I"},
	OpAnd:        {"d,a,a", "B pred"},
	OpOr:         {"d,a,a", "B pred"},
	OpXor:        {"d,a,a", "B pred"},
	OpNot:        {"d,a", "B pred"},
	OpCnot:       {"d,a", "B"},
	OpLop3:       {"d,a,a,a,u,p?", "b32 b64"},
	OpSetp:       {"P,a,a,p?", "B I F H"},
	OpSet:        {"d,b,b,p?", "B I F H u32 s32 f32"},
	OpSelp:       {"d,a,a,p", "B I F"},
	OpSlct:       {"d,a,a,b", "B I F"},
	OpMov:        {"d,a", "B I F pred f16 bf16 b128"},
	OpCopysign:   {"d,a,a", "F"},
	OpTestp:      {"P,a", "F"},
	OpFma:        {"d,a,a,a", "F H"},
	OpRcp:        {"d,a", "F"},
	OpSqrt:       {"d,a", "F"},
	OpRsqrt:      {"d,a", "F"},
	OpEx2:        {"d,a", "f32 H"},
	OpLg2:        {"d,a", "f32"},
	OpSin:        {"d,a", "f32"},
	OpCos:        {"d,a", "f32"},
	OpTanh:       {"d,a", "f32 H"},
	OpLd:         {"V,m", "B I F 8 b128"},
	OpLdu:        {"V,m", "B I F 8 b128"},
	OpSt:         {"m,v", "B I F 8 b128"},
	OpPrefetch:   {"m", ""},
	OpPrefetchu:  {"m", ""},
	OpIsspacep:   {"P,a", ""},
	OpCvta:       {"d,a", "u32 u64"},
	OpAtom:       {"d,m,a,a?", ""},
	OpRed:        {"m,a", ""},
	OpGetctarank: {"n,a", "u32 u64"},
	OpMapa:       {"d,a,u", "u32 u64"},
	OpNanosleep:  {"u", "u32"},
	OpShfl:       {"d,a,u,u,u", "b32"},
	OpMatch:      {"n,a,u", "b32 b64"},
	OpRedux:      {"d,a,u", "u32 s32 b32 f32"},
	OpActivemask: {"n", "b32"},
	OpElect:      {"d,u", ""},
	OpSzext:      {"d,a,u", "u32 s32"},
	OpBmsk:       {"d,u,u", "b32"},
	OpCvt:        {"d,b,b?", "I 8 F H tf32 e4m3x2 e5m2x2"},
	OpLdmatrix:   {"R,m", "b16 b8"},
	OpStmatrix:   {"m,R", "b16 b8"},
	OpMbarrier:   {"", "b64"},
	OpWgmma:      {"x,x,x,x?,x?,x?,x?,x?,x?,x?", "f16 f32 s32 bf16 tf32 e4m3 e5m2 s8 u8 b1"},
	OpVote:       {"P,p,u", "pred b32"},
	OpDp4a:       {"n,u,u,u", "u32 s32"},
	OpDp2a:       {"n,u,u,u", "u32 s32"},
	OpVadd2:      {"n,u,u,u", ""},
	OpVsub2:      {"n,u,u,u", ""},
	OpVavrg2:     {"n,u,u,u", ""},
	OpVabsdiff2:  {"n,u,u,u", ""},
	OpVmin2:      {"n,u,u,u", ""},
	OpVmax2:      {"n,u,u,u", ""},
	OpVadd4:      {"n,u,u,u", ""},
	OpVsub4:      {"n,u,u,u", ""},
	OpVavrg4:     {"n,u,u,u", ""},
	OpVabsdiff4:  {"n,u,u,u", ""},
	OpVmin4:      {"n,u,u,u", ""},
	OpVmax4:      {"n,u,u,u", ""},
}

// Rule returns the operand rule of an opcode (zero: not checked beyond the
// operand count).
func (o Opcode) Rule() OperandRule {
	if o < opCount {
		return opRules[o]
	}
	return OperandRule{}
}
