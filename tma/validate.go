package tma

import "fmt"

// RuleError is a broken cuTensorMapEncodeTiled rule. Field is the
// parameter ("rank", "dims", "strides", "box", "element_strides",
// "global_address", "dtype", "interleave", "swizzle", "l2_promotion",
// "oob_fill"), Index the array position or -1.
type RuleError struct {
	Field string
	Index int
	Rule  string
}

func (e *RuleError) Error() string {
	if e.Index >= 0 {
		return fmt.Sprintf("%s[%d]: %s", e.Field, e.Index, e.Rule)
	}
	return fmt.Sprintf("%s: %s", e.Field, e.Rule)
}

func rule(field string, i int, format string, args ...any) *RuleError {
	return &RuleError{Field: field, Index: i, Rule: fmt.Sprintf(format, args...)}
}

// Validate checks the map against cuTensorMapEncodeTiled's documented
// constraints (ptx-facts §6.1) and returns the first rule broken.
func (t *TensorMap) Validate() *RuleError {
	if t.DType >= NumDTypes {
		return rule("dtype", -1, "unknown data type %d", t.DType)
	}
	if t.Rank < 1 || t.Rank > 5 {
		return rule("rank", -1, "rank %d is out of range: tensorRank must be 1..5", t.Rank)
	}
	if t.Interleave > Interleave32B {
		return rule("interleave", -1, "unknown interleave %d", t.Interleave)
	}
	if t.Swizzle > Swizzle128B {
		return rule("swizzle", -1, "unknown swizzle %d (sm_90 has none, 32B, 64B, 128B)", t.Swizzle)
	}
	if int(t.L2Promotion) >= len(L2PromotionNames) {
		return rule("l2_promotion", -1, "unknown L2 promotion %d", t.L2Promotion)
	}
	if t.OOBFill > OOBNaN {
		return rule("oob_fill", -1, "unknown OOB fill %d", t.OOBFill)
	}
	if t.Interleave != InterleaveNone && t.Rank < 3 {
		return rule("rank", -1, "rank %d: tensorRank must be at least 3 when interleave is not none", t.Rank)
	}
	if len(t.Dims) != t.Rank || len(t.Strides) != t.Rank-1 || len(t.Box) != t.Rank || len(t.ElementStrides) != t.Rank {
		return rule("rank", -1, "rank %d needs %d dims, %d strides, %d box and element_strides entries (got %d, %d, %d, %d)",
			t.Rank, t.Rank, t.Rank-1, t.Rank, len(t.Dims), len(t.Strides), len(t.Box), len(t.ElementStrides))
	}
	align := uint64(16)
	if t.Interleave == Interleave32B {
		align = 32
	}
	if t.GlobalAddress%align != 0 {
		return rule("global_address", -1, "0x%x: globalAddress must be %d-byte aligned", t.GlobalAddress, align)
	}
	for i, d := range t.Dims {
		if d < 1 || d > 1<<32 {
			return rule("dims", i, "%d: globalDim must be 1..2^32", d)
		}
	}
	for i, s := range t.Strides {
		if s%align != 0 {
			return rule("strides", i, "%d: globalStrides must be a multiple of %d bytes", s, align)
		}
		if s >= 1<<40 {
			return rule("strides", i, "%d: globalStrides must be less than 2^40", s)
		}
	}
	return t.validateBox()
}

func (t *TensorMap) validateBox() *RuleError {
	es := t.DType.Size()
	for i, b := range t.Box {
		if b < 1 || b > 256 {
			return rule("box", i, "%d: boxDim must be 1..256", b)
		}
	}
	for i, s := range t.ElementStrides {
		if s < 1 || s > 8 {
			return rule("element_strides", i, "%d: elementStrides must be 1..8", s)
		}
	}
	if t.Im2col != nil {
		if t.Interleave != InterleaveNone {
			return rule("interleave", -1, "%s: im2col maps with an interleaved layout are not modelled (only tiled interleaved maps were measured: tools/record/ASYNC_FINDINGS.md, 2026-11-25)", InterleaveNames[t.Interleave])
		}
		if err := t.validateIm2col(); err != nil {
			return err
		}
	} else {
		// The 16-byte rule holds with interleave too (driver 580.159.04: u32
		// boxDim[0] 1, 2, 3, 5, 6, u16 2, 4 and u8 4, 8 refused with 16B and
		// 32B interleave; u32 4 = 16 bytes accepted with 32B), although the
		// GPU then counts boxDim[0] in interleave chunks (box.go).
		inner := int(t.Box[0]) * es
		if inner%16 != 0 {
			return rule("box", 0, "%d elements x %d bytes = %d bytes: boxDim[0] * element size must be a multiple of 16 bytes", t.Box[0], es, inner)
		}
		// The span limit is for interleave none only: the driver took
		// 64- and 128-byte inner boxes with 16B interleave and 32B swizzle.
		if span := swizzleSpan(t.Swizzle); t.Interleave == InterleaveNone && t.Swizzle != SwizzleNone && inner > span {
			return rule("box", 0, "%d bytes: with swizzle %s, boxDim[0] * element size must be at most %d bytes", inner, SwizzleNames[t.Swizzle], span)
		}
	}
	// The driver documentation says interleave 32B requires swizzle 32B, but
	// driver 580.159.04 encodes 32B interleave with swizzle none, 64B and
	// 128B too, and an H200 loads those boxes by the same rule (probe cases
	// 245-247), so they are accepted here.
	if t.OOBFill == OOBNaN && !t.DType.IsFloat() {
		return rule("oob_fill", -1, "nan fill needs a floating-point data type, not %s", t.DType)
	}
	return nil
}

// swizzleSpan is the swizzle width in bytes (32, 64, 128).
func swizzleSpan(s Swizzle) int { return 16 << uint(s) }
