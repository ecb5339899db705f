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
}

// opTable is the one opcode table: the parser validates against it, lowering
// decodes with it and the executor dispatches on Opcode.
var opTable = [opCount]OpInfo{
	OpAbs:            {"abs", ClassInt},
	OpAdd:            {"add", ClassInt},
	OpAddc:           {"addc", ClassInt},
	OpSub:            {"sub", ClassInt},
	OpSubc:           {"subc", ClassInt},
	OpMul:            {"mul", ClassInt},
	OpMad:            {"mad", ClassInt},
	OpMadc:           {"madc", ClassInt},
	OpMad24:          {"mad24", ClassInt},
	OpMul24:          {"mul24", ClassInt},
	OpSad:            {"sad", ClassInt},
	OpDiv:            {"div", ClassInt},
	OpRem:            {"rem", ClassInt},
	OpNeg:            {"neg", ClassInt},
	OpMin:            {"min", ClassInt},
	OpMax:            {"max", ClassInt},
	OpPopc:           {"popc", ClassInt},
	OpClz:            {"clz", ClassInt},
	OpBfind:          {"bfind", ClassInt},
	OpBrev:           {"brev", ClassInt},
	OpBfe:            {"bfe", ClassInt},
	OpBfi:            {"bfi", ClassInt},
	OpPrmt:           {"prmt", ClassInt},
	OpShf:            {"shf", ClassInt},
	OpShl:            {"shl", ClassInt},
	OpShr:            {"shr", ClassInt},
	OpAnd:            {"and", ClassInt},
	OpOr:             {"or", ClassInt},
	OpXor:            {"xor", ClassInt},
	OpNot:            {"not", ClassInt},
	OpCnot:           {"cnot", ClassInt},
	OpLop3:           {"lop3", ClassInt},
	OpFns:            {"fns", ClassInt},
	OpSetp:           {"setp", ClassInt},
	OpSet:            {"set", ClassInt},
	OpSelp:           {"selp", ClassInt},
	OpSlct:           {"slct", ClassInt},
	OpMov:            {"mov", ClassInt},
	OpDp4a:           {"dp4a", ClassInt},
	OpDp2a:           {"dp2a", ClassInt},
	OpVadd:           {"vadd", ClassInt},
	OpVsub:           {"vsub", ClassInt},
	OpVabsdiff:       {"vabsdiff", ClassInt},
	OpVmin:           {"vmin", ClassInt},
	OpVmax:           {"vmax", ClassInt},
	OpVshl:           {"vshl", ClassInt},
	OpVshr:           {"vshr", ClassInt},
	OpVmad:           {"vmad", ClassInt},
	OpVset:           {"vset", ClassInt},
	OpVadd2:          {"vadd2", ClassInt},
	OpVsub2:          {"vsub2", ClassInt},
	OpVavrg2:         {"vavrg2", ClassInt},
	OpVabsdiff2:      {"vabsdiff2", ClassInt},
	OpVmin2:          {"vmin2", ClassInt},
	OpVmax2:          {"vmax2", ClassInt},
	OpVset2:          {"vset2", ClassInt},
	OpVadd4:          {"vadd4", ClassInt},
	OpVsub4:          {"vsub4", ClassInt},
	OpVavrg4:         {"vavrg4", ClassInt},
	OpVabsdiff4:      {"vabsdiff4", ClassInt},
	OpVmin4:          {"vmin4", ClassInt},
	OpVmax4:          {"vmax4", ClassInt},
	OpVset4:          {"vset4", ClassInt},
	OpCopysign:       {"copysign", ClassFloat},
	OpTestp:          {"testp", ClassFloat},
	OpFma:            {"fma", ClassFloat},
	OpRcp:            {"rcp", ClassFloat},
	OpSqrt:           {"sqrt", ClassFloat},
	OpRsqrt:          {"rsqrt", ClassFloat},
	OpEx2:            {"ex2", ClassFloat},
	OpLg2:            {"lg2", ClassFloat},
	OpSin:            {"sin", ClassFloat},
	OpCos:            {"cos", ClassFloat},
	OpTanh:           {"tanh", ClassFloat},
	OpCvt:            {"cvt", ClassFloat},
	OpLd:             {"ld", ClassMem},
	OpLdu:            {"ldu", ClassMem},
	OpSt:             {"st", ClassMem},
	OpPrefetch:       {"prefetch", ClassMem},
	OpPrefetchu:      {"prefetchu", ClassMem},
	OpIsspacep:       {"isspacep", ClassMem},
	OpCvta:           {"cvta", ClassMem},
	OpAtom:           {"atom", ClassMem},
	OpRed:            {"red", ClassMem},
	OpLdmatrix:       {"ldmatrix", ClassMem},
	OpStmatrix:       {"stmatrix", ClassMem},
	OpMovmatrix:      {"movmatrix", ClassMem},
	OpApplypriority:  {"applypriority", ClassMem},
	OpDiscard:        {"discard", ClassMem},
	OpCreatepolicy:   {"createpolicy", ClassMem},
	OpGetctarank:     {"getctarank", ClassMem},
	OpMapa:           {"mapa", ClassMem},
	OpMultimem:       {"multimem", ClassMem},
	OpBra:            {"bra", ClassCtrl},
	OpCall:           {"call", ClassCtrl},
	OpRet:            {"ret", ClassCtrl},
	OpExit:           {"exit", ClassCtrl},
	OpTrap:           {"trap", ClassCtrl},
	OpBrkpt:          {"brkpt", ClassCtrl},
	OpNanosleep:      {"nanosleep", ClassCtrl},
	OpPmevent:        {"pmevent", ClassCtrl},
	OpSetmaxnreg:     {"setmaxnreg", ClassCtrl},
	OpGriddepcontrol: {"griddepcontrol", ClassCtrl},
	OpStackrestore:   {"stackrestore", ClassCtrl},
	OpStacksave:      {"stacksave", ClassCtrl},
	OpAlloca:         {"alloca", ClassCtrl},
	OpBar:            {"bar", ClassSync},
	OpBarrier:        {"barrier", ClassSync},
	OpMembar:         {"membar", ClassSync},
	OpFence:          {"fence", ClassSync},
	OpShfl:           {"shfl", ClassSync},
	OpVote:           {"vote", ClassSync},
	OpMatch:          {"match", ClassSync},
	OpRedux:          {"redux", ClassSync},
	OpActivemask:     {"activemask", ClassSync},
	OpElect:          {"elect", ClassSync},
	OpCp:             {"cp", ClassAsync},
	OpMbarrier:       {"mbarrier", ClassAsync},
	OpWgmma:          {"wgmma", ClassAsync},
	OpMma:            {"mma", ClassAsync},
	OpTensormap:      {"tensormap", ClassAsync},
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
