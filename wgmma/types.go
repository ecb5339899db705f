package wgmma

import "fmt"

// Type is an element type of a wgmma operand or accumulator.
type Type uint8

// Element types (PTX spelling in String).
const (
	Invalid Type = iota
	F16
	BF16
	TF32
	E4M3
	E5M2
	S8
	U8
	B1
	F32
	S32
)

var typeNames = [...]string{"invalid", "f16", "bf16", "tf32", "e4m3", "e5m2", "s8", "u8", "b1", "f32", "s32"}

func (t Type) String() string {
	if int(t) < len(typeNames) {
		return typeNames[t]
	}
	return fmt.Sprintf("type(%d)", t)
}

// ParseType returns the type named s ("f16", "e4m3", ...), or Invalid.
func ParseType(s string) Type {
	for i, n := range typeNames {
		if i > 0 && n == s {
			return Type(i)
		}
	}
	return Invalid
}

// Bits is the storage size of one element in bits (tf32 occupies a 32-bit
// register or 4 bytes of shared memory).
func (t Type) Bits() int {
	switch t {
	case F16, BF16:
		return 16
	case TF32, F32, S32:
		return 32
	case E4M3, E5M2, S8, U8:
		return 8
	case B1:
		return 1
	}
	return 0
}

// IsFloat reports whether t is a floating-point input or accumulator type.
func (t Type) IsFloat() bool {
	switch t {
	case F16, BF16, TF32, E4M3, E5M2, F32:
		return true
	}
	return false
}

// IsInt reports whether t is an integer input type (s8, u8, b1) or s32.
func (t Type) IsInt() bool { return t == S8 || t == U8 || t == B1 || t == S32 }

// fmtInfo describes a float input format: exponent and fraction bits, bias,
// and whether the all-ones exponent encodes Inf/NaN (IEEE-like) or, for
// e4m3, only S.1111.111 is NaN and there is no Inf.
type fmtInfo struct {
	expBits, fracBits int
	bias              int
	ieeeSpecials      bool
}

func (t Type) fmt() fmtInfo {
	switch t {
	case F16:
		return fmtInfo{5, 10, 15, true}
	case BF16:
		return fmtInfo{8, 7, 127, true}
	case TF32:
		return fmtInfo{8, 10, 127, true}
	case F32:
		return fmtInfo{8, 23, 127, true}
	case E4M3:
		return fmtInfo{4, 3, 7, false}
	case E5M2:
		return fmtInfo{5, 2, 15, true}
	}
	return fmtInfo{}
}
