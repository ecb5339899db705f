package ptx

import "strings"

// isBitType reports .b8 .. .b128.
func isBitType(t Type) bool { return t >= B8 && t <= B128 }

// bitType is the .bN type of n bytes.
func bitType(n int) Type {
	switch n {
	case 1:
		return B8
	case 2:
		return B16
	case 4:
		return B32
	case 8:
		return B64
	case 16:
		return B128
	}
	return TNone
}

// regFits reports whether a register declared with type r may be an operand
// of an instruction of type t (PTX ISA, "Operand Type Information" and the
// relaxed rules for ld, st and cvt).
func regFits(r, t Type, relax bool) bool {
	if r == Pred || t == Pred {
		return r == t
	}
	rs, ts := r.Size(), t.Size()
	sizeOK := rs == ts || relax && rs > ts
	if relax {
		return sizeOK // ld, st, cvt: any register at least as wide
	}
	switch {
	case isBitType(t):
		return sizeOK
	case t.IsFloat():
		if r.IsFloat() {
			return r == t || rs == ts && (r == F16 || r == BF16 || t == TF32 || rs == 1)
		}
		if relax && t.Size() <= 2 {
			return sizeOK // ld/st/cvt of .f16/.bf16/fp8 through wider bit registers
		}
		return rs == ts
	default: // integer
		if r.IsFloat() {
			return relax && rs == ts && isBitType(r)
		}
		return sizeOK
	}
}

// wantText describes the registers that fit type t.
func wantText(t Type, relax bool) string {
	wider := ""
	if relax {
		wider = " or wider"
	}
	switch {
	case t == Pred:
		return "a .pred register"
	case isBitType(t):
		return "a register of " + itoa(t.Bits()) + " bits" + wider
	case t.IsFloat():
		return "a ." + t.String() + " or .b" + itoa(t.Bits()) + " register"
	}
	return "an integer or bit register of " + itoa(t.Bits()) + " bits" + wider
}

// specialIs64 reports the 64-bit special registers.
func specialIs64(s Special) bool {
	return s == SpecClock64 || s == SpecGlobaltimer || s == SpecGridid
}

var typeClasses = map[string][]Type{
	"I":  {U16, U32, U64, S16, S32, S64},
	"B":  {B16, B32, B64},
	"F":  {F32, F64},
	"H":  {F16, F16x2, BF16, BF16x2},
	"8":  {B8, U8, S8},
	"x2": {U16x2, S16x2},
}

// typesOK checks the type qualifiers against the rule's list.
func (c *checker) typesOK(in *Inst, list string) bool {
	if list == "" || len(in.Mods.Types) == 0 {
		return true
	}
	t := in.Mods.Types[0]
	for _, w := range strings.Fields(list) {
		if cl, ok := typeClasses[w]; ok {
			for _, ct := range cl {
				if ct == t {
					return true
				}
			}
			continue
		}
		if w == t.String() {
			return true
		}
	}
	c.errs.add(in.Pos, "%s: type .%s is not allowed for %s", in.Text, t, in.Op)
	return false
}

// extraRules are the qualifier and operand-count rules that are not a
// per-operand check.
func (c *checker) extraRules(in *Inst) {
	switch in.Op {
	case OpSetp, OpSet:
		bool3 := len(in.Ops) == 4
		if bool3 != (in.Mods.Bool != BoolNone) {
			c.errs.add(in.Pos, "%s: a boolean operation (.and .or .xor) goes with exactly one extra predicate operand", in.Text)
		}
		if t := typeAt(in, len(in.Mods.Types)-1); t != TNone && in.Mods.Cmp != CmpNone {
			fl := t.IsFloat()
			switch in.Mods.Cmp {
			case CmpLo, CmpLs, CmpHi, CmpHs:
				if fl {
					c.errs.add(in.Pos, "%s: comparison .%s is for integers, the type is .%s", in.Text, in.Mods.Cmp, t)
				}
			case CmpEqu, CmpNeu, CmpLtu, CmpLeu, CmpGtu, CmpGeu, CmpNum, CmpNan:
				if !fl {
					c.errs.add(in.Pos, "%s: comparison .%s is for floating-point types, the type is .%s", in.Text, in.Mods.Cmp, t)
				}
			}
		}
	case OpLd, OpSt, OpLdu:
		if in.Mods.Flags&FNC != 0 && in.Mods.Space != SpaceGlobal {
			c.errs.add(in.Pos, "%s: .nc needs the .global state space", in.Text)
		}
		if len(in.Ops) == 3 && !hasQual(in, "L2::cache_hint") {
			c.errs.add(in.Pos, "%s: a third operand (a cache policy) needs .L2::cache_hint", in.Text)
		}
		if in.Op == OpSt && (in.Mods.Space == SpaceConst || in.Mods.Space == SpaceParamEntry) {
			c.errs.add(in.Pos, "%s: cannot store to the .%s state space", in.Text, in.Mods.Space)
		}
	}
}

func hasQual(in *Inst, q string) bool {
	for _, x := range in.Quals {
		if x == q {
			return true
		}
	}
	return false
}
