package exec

import (
	"fmt"
	"slices"

	"github.com/sm90sim/sm90sim/fp"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/tma"
)

// bulkReduceOps are the reduction qualifiers of cp.reduce.async.bulk(.tensor).
var bulkReduceOps = []string{"add", "min", "max", "inc", "dec", "and", "or", "xor"}

// bulkReduceName returns the reduction named in the qualifiers.
func bulkReduceName(in *ptx.Inst) (string, error) {
	op := ""
	for _, q := range in.Quals {
		if slices.Contains(bulkReduceOps, q) {
			op = q
		}
	}
	if op == "" {
		return "", errAt(in, "%s needs a reduction (.add .min .max .inc .dec .and .or .xor)", in.Text)
	}
	return op, nil
}

// bulkPairs are the (op, type) pairs ptxas 13.0 accepts for the non-tensor
// cp.reduce.async.bulk.global.shared::cta.bulk_group (exactly the PTX ISA
// table; tools/record/record_tma_reduce_ops.sh tried all 8 ops x 10 types on
// 2026-11-25: 27 accepted, 57 rejected, e.g. add.s64, min.f32, inc.s32,
// and.u32, xor.s32, .add.f16 without .noftz, add.noftz.f32).
var bulkPairs = map[string][]ptx.Type{
	"add": {ptx.U32, ptx.S32, ptx.U64, ptx.F32, ptx.F64, ptx.F16, ptx.BF16},
	"min": {ptx.U32, ptx.S32, ptx.U64, ptx.S64, ptx.F16, ptx.BF16},
	"max": {ptx.U32, ptx.S32, ptx.U64, ptx.S64, ptx.F16, ptx.BF16},
	"inc": {ptx.U32}, "dec": {ptx.U32},
	"and": {ptx.B32, ptx.B64}, "or": {ptx.B32, ptx.B64}, "xor": {ptx.B32, ptx.B64},
}

// bulkReduceOp is the element combine function of the non-tensor
// cp.reduce.async.bulk for the operation and type of the instruction; pairs
// ptxas rejects are input errors.
func bulkReduceOp(in *ptx.Inst, t ptx.Type) (atomFn, error) {
	op, err := bulkReduceName(in)
	if err != nil {
		return nil, err
	}
	half := t == ptx.F16 || t == ptx.BF16
	noftz := in.Mods.Flags&ptx.FNoFtz != 0
	switch {
	case !slices.Contains(bulkPairs[op], t):
		return nil, errAt(in, "%s: .%s.%s is not a valid cp.reduce.async.bulk reduction (ptxas rejects it)", in.Text, op, t)
	case op == "add" && half && !noftz:
		return nil, errAt(in, "%s: .add.%s needs .noftz (ptxas rejects it without)", in.Text, t)
	case noftz && !(op == "add" && half):
		return nil, errAt(in, "%s: .noftz is only for .add.f16 and .add.bf16", in.Text)
	}
	return reduceFn(in, op, t)
}

// tensorReduceOK reports whether a cp.reduce.async.bulk.tensor op runs on a
// map of type d. The PTX ISA table (add: u32 s32 u64 f32 f16 bf16;
// min/max: u32 s32 u64 s64 f16 bf16; inc/dec: u32; and/or/xor: b32 b64),
// with what an H200 did with the pairs outside it (tma_reduce_ops,
// 2026-11-25): add on an f64 map and and on an s32 map ran (b32 = any
// 32-bit integer map); add.s64, min.f32, max.f32, xor.s64 and inc.s32 raised
// ILLEGAL_INSTRUCTION (b64 = u64 only).
func tensorReduceOK(op string, d tma.DType) bool {
	switch op {
	case "add":
		return slices.Contains([]tma.DType{tma.U32, tma.S32, tma.U64, tma.F32, tma.F16, tma.BF16, tma.F64}, d)
	case "min", "max":
		return slices.Contains([]tma.DType{tma.U32, tma.S32, tma.U64, tma.S64, tma.F16, tma.BF16}, d)
	case "inc", "dec":
		return d == tma.U32
	}
	return d == tma.U32 || d == tma.S32 || d == tma.U64
}

// tensorReduceOp is the element combine function of
// cp.reduce.async.bulk.tensor with a map of type d, or the fault an H200
// raises for the pair.
func tensorReduceOp(in *ptx.Inst, d tma.DType) (atomFn, error) {
	op, err := bulkReduceName(in)
	if err != nil {
		return nil, err
	}
	if !tensorReduceOK(op, d) {
		return nil, fmt.Errorf("TMA reduction .%s on a %s tensor map is not a valid (op, element type) pair "+
			"(an H200 raises ILLEGAL_INSTRUCTION)", op, d)
	}
	return reduceFn(in, op, tensorElemType(d))
}

// reduceFn is the arithmetic of a bulk or tensor reduction as an H200 does
// it (tma_reduce_ops, 2026-11-25): integers as atom/red (inc: old >= src ?
// 0 : old + 1; dec: old == 0 || old > src ? src : old - 1, unsigned);
// floats round to nearest even and keep subnormals (add.f32 too, although
// the PTX ISA says it flushes them); an f32/f16/bf16 NaN result is the
// canonical NaN (0x7fffffff / 0x7fff); add.f64 passes a NaN through as it
// is (fp.RedAddF64); min/max.f16/.bf16 are the min/max instructions
// (-0 < +0, one NaN gives the other operand, two give 0x7fff). The rest
// is atom/red's arithmetic (atomOp) for instruction in.
func reduceFn(in *ptx.Inst, op string, t ptx.Type) (atomFn, error) {
	switch {
	case op == "add" && t == ptx.F32:
		return func(o, b, _ uint64) uint64 { return uint64(fp.AddF32(uint32(o), uint32(b), fp.RN, false, false)) }, nil
	case op == "add" && t == ptx.F64:
		return func(o, b, _ uint64) uint64 { return fp.RedAddF64(o, b) }, nil
	case (op == "min" || op == "max") && t == ptx.F16:
		if op == "max" {
			return func(o, b, _ uint64) uint64 {
				return uint64(fp.MaxF16(uint16(o), uint16(b), false, false, false, false))
			}, nil
		}
		return func(o, b, _ uint64) uint64 {
			return uint64(fp.MinF16(uint16(o), uint16(b), false, false, false, false))
		}, nil
	case (op == "min" || op == "max") && t == ptx.BF16:
		if op == "max" {
			return func(o, b, _ uint64) uint64 { return uint64(fp.MaxBF16(uint16(o), uint16(b), false, false, false)) }, nil
		}
		return func(o, b, _ uint64) uint64 { return uint64(fp.MinBF16(uint16(o), uint16(b), false, false, false)) }, nil
	}
	red := *in
	red.Mods.Sub = op
	return atomOp(&red, t)
}
