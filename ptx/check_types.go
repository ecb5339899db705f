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
		// ld, st, cvt: bit and integer registers at least as wide; a
		// floating register only for its own type (or a bit type of its size)
		if r.IsFloat() {
			return r == t || rs == ts && (isBitType(t) || t.IsFloat() && (r == F16 || r == BF16 || t == F16 || t == BF16))
		}
		return sizeOK
	}
	switch {
	case isBitType(t):
		return sizeOK
	case t.IsFloat():
		if r.IsFloat() {
			return rs == ts
		}
		return rs == ts // .f16, .bf16, packed and 8-bit floats live in bit registers
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
	types := in.Mods.Types[:1]
	if in.Op == OpCvt || in.Op == OpWgmma || in.Op == OpMbarrier || in.Op == OpDp4a || in.Op == OpDp2a {
		types = in.Mods.Types
	}
	for _, t := range types {
		if !typeListed(t, list) {
			c.errs.add(in.Pos, "%s: type .%s is not allowed for %s", in.Text, t, in.Op)
			return false
		}
	}
	return true
}

func typeListed(t Type, list string) bool {
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
	case OpMul, OpMad:
		t := typeAt(in, 0)
		if in.Mods.Flags&(FWide|FHi|FLo) != 0 && (t.IsFloat() || t.Size() > 4 && in.Mods.Flags&FWide != 0) {
			c.errs.add(in.Pos, "%s: .hi/.lo/.wide go with 16- and 32-bit integer types (.wide) or integer types (.hi/.lo)", in.Text)
		}
		if !t.IsFloat() && t != TNone && in.Mods.Flags&(FWide|FHi|FLo) == 0 {
			c.errs.add(in.Pos, "%s: an integer %s needs .lo, .hi or .wide", in.Text, in.Op)
		}
		if in.Op == OpMad && t == F32 && in.Mods.Round == RoundNone {
			c.errs.add(in.Pos, "%s: mad.f32 needs a rounding modifier (.rn .rz .rm .rp)", in.Text)
		}
	case OpCvt:
		if len(in.Ops) == 3 && !packedType(typeAt(in, 0)) {
			c.errs.add(in.Pos, "%s: a second source goes with packed destination types (.f16x2, .bf16x2, .e4m3x2, ...)", in.Text)
		}
		if t0 := typeAt(in, 0); len(in.Ops) == 2 && (t0 == F16x2 || t0 == BF16x2 || t0 == E4M3x2 || t0 == E5M2x2) && typeAt(in, 1) == F32 {
			c.errs.add(in.Pos, "%s: packing two .f32 values takes two sources", in.Text)
		}
		if len(in.Mods.Types) == 2 && !packedType(typeAt(in, 0)) {
			if msg := cvtRounding(typeAt(in, 0), typeAt(in, 1), in.Mods.Round); msg != "" {
				c.errs.add(in.Pos, "%s: %s", in.Text, msg)
			}
			if d, s := typeAt(in, 0), typeAt(in, 1); in.Mods.Flags&FSat != 0 && !d.IsFloat() && !s.IsFloat() && intHolds(d, s) {
				c.errs.add(in.Pos, "%s: .sat has nothing to clamp: .%s holds every .%s", in.Text, d, s)
			}
		}
	case OpTensormap:
		if in.Mods.Sub == "replace" && len(in.Mods.Types) > 0 {
			want := B32
			if hasQual(in, "global_address") || hasQual(in, "global_stride") {
				want = B64
			}
			if t := in.Mods.Types[len(in.Mods.Types)-1]; t != want {
				c.errs.add(in.Pos, "%s: this field's new value is .%s", in.Text, want)
			}
		}
	case OpWgmma:
		if in.Mods.Sub == "mma_async" && len(in.Mods.Types) == 3 {
			a, b := in.Mods.Types[1], in.Mods.Types[2]
			fp8 := func(t Type) bool { return t == E4M3 || t == E5M2 }
			i8 := func(t Type) bool { return t == S8 || t == U8 }
			if a != b && !(fp8(a) && fp8(b)) && !(i8(a) && i8(b)) {
				c.errs.add(in.Pos, "%s: A is .%s and B is .%s; only the 8-bit float and 8-bit integer types may differ", in.Text, a, b)
			}
		}
	case OpBar, OpBarrier:
		if len(in.Ops) == 2 && in.Ops[1].Kind == OpdImm && in.Ops[1].Imm%32 != 0 {
			c.errs.add(in.Ops[1].Pos, "%s: the thread count %d is not a multiple of the warp size", in.Text, in.Ops[1].Imm)
		}
	case OpLd, OpSt, OpLdu:
		if in.Mods.Flags&FNC != 0 && in.Mods.Space != SpaceGlobal {
			c.errs.add(in.Pos, "%s: .nc needs the .global state space", in.Text)
		}
		if len(in.Ops) == 3 && !hasQual(in, "L2::cache_hint") && !hasQual(in, "async") {
			c.errs.add(in.Pos, "%s: a third operand (a cache policy) needs .L2::cache_hint", in.Text)
		}
		if in.Op == OpSt && (in.Mods.Space == SpaceConst || in.Mods.Space == SpaceParamEntry) {
			c.errs.add(in.Pos, "%s: cannot store to the .%s state space", in.Text, in.Mods.Space)
		}
	}
}

// cvtRounding checks cvt's rounding modifier for a destination d and
// source s type (PTX ISA, cvt: which conversions need, allow or forbid one).
func cvtRounding(d, s Type, r RoundMode) string {
	integral := r == RoundRNI || r == RoundRZI || r == RoundRMI || r == RoundRPI
	plain := r == RoundRN || r == RoundRZ || r == RoundRM || r == RoundRP || r == RoundRNA || r == RoundRS
	df, sf := d.IsFloat(), s.IsFloat()
	switch {
	case !df && !sf:
		if r != RoundNone {
			return "no rounding modifier between integer types"
		}
	case df && !sf:
		if !plain {
			return "an integer-to-float conversion needs .rn, .rz, .rm or .rp"
		}
	case !df && sf:
		if !integral {
			return "a float-to-integer conversion needs .rni, .rzi, .rmi or .rpi"
		}
	case d.Size() < s.Size():
		if !plain {
			return "a narrowing float conversion needs .rn, .rz, .rm or .rp"
		}
	case d.Size() > s.Size():
		if r != RoundNone && !integral {
			return "a widening float conversion takes no .rn/.rz/.rm/.rp"
		}
	default:
		if plain {
			return "a float conversion to the same size rounds to an integral value (.rni, .rzi, .rmi, .rpi) or not at all"
		}
	}
	return ""
}

// intHolds reports whether integer type d represents every value of s.
func intHolds(d, s Type) bool {
	switch {
	case d.IsSigned() == s.IsSigned():
		return d.Size() >= s.Size()
	case d.IsSigned():
		return d.Size() > s.Size()
	}
	return false
}

func packedType(t Type) bool {
	switch t {
	case F16x2, BF16x2, E4M3x2, E5M2x2, E4M3x4, E5M2x4, U16x2, S16x2:
		return true
	}
	return false
}

func hasQual(in *Inst, q string) bool {
	for _, x := range in.Quals {
		if x == q {
			return true
		}
	}
	return false
}
