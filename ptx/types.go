package ptx

// Type is a PTX fundamental (or packed) type.
type Type uint8

// PTX types.
const (
	TNone Type = iota
	Pred
	B8
	B16
	B32
	B64
	B128
	U8
	U16
	U32
	U64
	S8
	S16
	S32
	S64
	F16
	F16x2
	BF16
	BF16x2
	TF32
	F32
	F64
	E4M3
	E5M2
	E4M3x2
	E5M2x2
	E4M3x4
	E5M2x4
	U16x2
	S16x2
	U4 // sub-byte types used by mma
	S4
	B1
	typeCount
)

var typeNames = [...]string{
	TNone: "", Pred: "pred", B8: "b8", B16: "b16", B32: "b32", B64: "b64", B128: "b128",
	U8: "u8", U16: "u16", U32: "u32", U64: "u64", S8: "s8", S16: "s16", S32: "s32", S64: "s64",
	F16: "f16", F16x2: "f16x2", BF16: "bf16", BF16x2: "bf16x2", TF32: "tf32", F32: "f32", F64: "f64",
	E4M3: "e4m3", E5M2: "e5m2", E4M3x2: "e4m3x2", E5M2x2: "e5m2x2", E4M3x4: "e4m3x4", E5M2x4: "e5m2x4",
	U16x2: "u16x2", S16x2: "s16x2", U4: "u4", S4: "s4", B1: "b1",
}

var typeSizes = [...]int{
	TNone: 0, Pred: 1, B8: 1, B16: 2, B32: 4, B64: 8, B128: 16,
	U8: 1, U16: 2, U32: 4, U64: 8, S8: 1, S16: 2, S32: 4, S64: 8,
	F16: 2, F16x2: 4, BF16: 2, BF16x2: 4, TF32: 4, F32: 4, F64: 8,
	E4M3: 1, E5M2: 1, E4M3x2: 2, E5M2x2: 2, E4M3x4: 4, E5M2x4: 4,
	U16x2: 4, S16x2: 4, U4: 1, S4: 1, B1: 1,
}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return "?"
}

// Size is the size in bytes of one value of the type (1 for pred).
func (t Type) Size() int {
	if int(t) < len(typeSizes) {
		return typeSizes[t]
	}
	return 0
}

// Bits is Size()*8.
func (t Type) Bits() int { return t.Size() * 8 }

// IsSigned reports s8..s64.
func (t Type) IsSigned() bool { return t == S8 || t == S16 || t == S32 || t == S64 || t == S4 }

// IsFloat reports scalar and packed float types.
func (t Type) IsFloat() bool {
	switch t {
	case F16, F16x2, BF16, BF16x2, TF32, F32, F64, E4M3, E5M2, E4M3x2, E5M2x2, E4M3x4, E5M2x4:
		return true
	}
	return false
}

// TypeByName maps "u32" to U32. ok is false for unknown names.
func TypeByName(s string) (Type, bool) {
	for i, n := range typeNames {
		if n == s && i != 0 {
			return Type(i), true
		}
	}
	return TNone, false
}

// Space is a state space.
type Space uint8

// State spaces.
const (
	SpaceNone Space = iota // generic addressing
	SpaceReg
	SpaceSReg
	SpaceGlobal
	SpaceShared        // .shared and .shared::cta
	SpaceSharedCluster // .shared::cluster
	SpaceLocal
	SpaceParam      // kernel/function .param (ld.param)
	SpaceParamEntry // .param::entry
	SpaceParamFunc  // .param::func
	SpaceConst
	SpaceTex
)

var spaceNames = [...]string{"", "reg", "sreg", "global", "shared", "shared::cluster", "local", "param", "param::entry", "param::func", "const", "tex"}

func (s Space) String() string { return spaceNames[s] }

// SpaceByName maps "shared::cta" etc. to a Space.
func SpaceByName(s string) (Space, bool) {
	switch s {
	case "reg":
		return SpaceReg, true
	case "sreg":
		return SpaceSReg, true
	case "global":
		return SpaceGlobal, true
	case "shared", "shared::cta":
		return SpaceShared, true
	case "shared::cluster":
		return SpaceSharedCluster, true
	case "local":
		return SpaceLocal, true
	case "param":
		return SpaceParam, true
	case "param::entry":
		return SpaceParamEntry, true
	case "param::func":
		return SpaceParamFunc, true
	case "const":
		return SpaceConst, true
	case "tex":
		return SpaceTex, true
	}
	return SpaceNone, false
}

// CmpOp is a comparison operator.
type CmpOp uint8

// Comparisons (unordered forms end in U).
const (
	CmpNone CmpOp = iota
	CmpEq
	CmpNe
	CmpLt
	CmpLe
	CmpGt
	CmpGe
	CmpLo
	CmpLs
	CmpHi
	CmpHs
	CmpEqu
	CmpNeu
	CmpLtu
	CmpLeu
	CmpGtu
	CmpGeu
	CmpNum
	CmpNan
)

var cmpNames = [...]string{"", "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"}

func (c CmpOp) String() string { return cmpNames[c] }

// CmpByName maps "lt" to CmpLt.
func CmpByName(s string) (CmpOp, bool) {
	for i, n := range cmpNames {
		if i != 0 && n == s {
			return CmpOp(i), true
		}
	}
	return CmpNone, false
}

// BoolOp combines a comparison with a predicate (setp.lt.and).
type BoolOp uint8

// Boolean combiners.
const (
	BoolNone BoolOp = iota
	BoolAnd
	BoolOr
	BoolXor
)

// RoundMode is a rounding modifier.
type RoundMode uint8

// Rounding modes. The *I forms round to integral values (cvt.rni etc.).
const (
	RoundNone RoundMode = iota
	RoundRN
	RoundRZ
	RoundRM
	RoundRP
	RoundRNA
	RoundRNI
	RoundRZI
	RoundRMI
	RoundRPI
	RoundRS
)

var roundNames = [...]string{"", "rn", "rz", "rm", "rp", "rna", "rni", "rzi", "rmi", "rpi", "rs"}

func (r RoundMode) String() string { return roundNames[r] }

// RoundByName maps "rn" to RoundRN.
func RoundByName(s string) (RoundMode, bool) {
	for i, n := range roundNames {
		if i != 0 && n == s {
			return RoundMode(i), true
		}
	}
	return RoundNone, false
}

// Sem is a memory-ordering semantic.
type Sem uint8

// Memory semantics.
const (
	SemNone Sem = iota
	SemWeak
	SemVolatile
	SemRelaxed
	SemAcquire
	SemRelease
	SemAcqRel
	SemSC
	SemMMIO
)

// Scope is a memory scope.
type Scope uint8

// Scopes.
const (
	ScopeNone Scope = iota
	ScopeCTA
	ScopeCluster
	ScopeGPU
	ScopeSys
)
