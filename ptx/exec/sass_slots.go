package exec

import (
	_ "embed"
	"strconv"
	"strings"
	"sync"

	"github.com/sm90sim/sm90sim/ptx"
)

// sassSlotsTSV is what ptxas 13.0 makes of each PTX instruction form of the
// corpus (tools/sassprobe measured it on the GPU machine): form key (the
// opcode as written, then the operand kinds) and SASS instruction count.
//
//go:embed sass_slots.tsv
var sassSlotsTSV string

var (
	slotsOnce   sync.Once
	slotsByForm map[string]int32
	slotsByText map[string]int32 // the largest count of any form of an opcode text
)

func loadSlots() {
	slotsByForm, slotsByText = map[string]int32{}, map[string]int32{}
	for _, line := range strings.Split(sassSlotsTSV, "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		form, n, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		v, err := strconv.Atoi(n)
		if err != nil {
			continue
		}
		slotsByForm[form] = int32(v)
		text, _, _ := strings.Cut(form, " ")
		if int32(v) > slotsByText[text] {
			slotsByText[text] = int32(v)
		}
	}
}

// formKey is the probe's key of an instruction: the opcode as written and
// the operand kinds (register class name without its number, or imm).
func formKey(in *ptx.Inst, f *ptx.Function) (string, bool) {
	var b strings.Builder
	b.WriteString(in.Text)
	b.WriteByte(' ')
	for j := range in.Ops {
		o := &in.Ops[j]
		if j > 0 {
			b.WriteByte(',')
		}
		switch o.Kind {
		case ptx.OpdReg:
			if o.Reg < 0 || int(o.Reg) >= len(f.Regs) {
				return "", false
			}
			b.WriteString(strings.TrimRight(f.Regs[o.Reg].Name, "0123456789"))
		case ptx.OpdImm, ptx.OpdFloat:
			b.WriteString("imm")
		default:
			return "", false
		}
	}
	return b.String(), true
}

// measuredSlots is the SASS count ptxas gives the instruction's form, if
// the probe measured it (or another form of the same opcode text).
func measuredSlots(in *ptx.Inst, f *ptx.Function) (int32, bool) {
	slotsOnce.Do(loadSlots)
	if key, ok := formKey(in, f); ok {
		if v, ok := slotsByForm[key]; ok {
			return v, true
		}
	}
	v, ok := slotsByText[in.Text]
	return v, ok
}

// subroutineSlots is the dynamic length of the subroutine ptxas calls for
// 64-bit integer division and remainder of wide operands (the probe counts
// the call site only). Measured on an H200 (validation/microbench idiv_*:
// ncu smsp__inst_executed per op, less the call site's count in this
// table): div.u64 69.1, rem.u64 65.1, div.s64 86.1, rem.s64 80.1
// instructions per op in all.
func subroutineSlots(op ptx.Opcode, signed bool) int32 {
	switch {
	case op == ptx.OpDiv && signed:
		return 82
	case op == ptx.OpDiv:
		return 65
	case signed:
		return 74
	}
	return 61
}

// SeqMix is the SASS of a multi-instruction integer sequence by issue class: IMAD
// (IMAD, IMAD.MOV, IMAD.IADD, IMAD.X), IMADWide (IMAD.HI, IMAD.WIDE: two
// passes), ALU (IADD3, LOP3, ISETP, SEL, SHF, moves, the call and return),
// Conv (I2F, F2I) and MUFU (MUFU.RCP).
type SeqMix struct{ IMAD, IMADWide, ALU, Conv, MUFU int32 }

// DivisionMix is the SASS mix of integer div/rem as ptxas 13.0 emits it for
// sm_90a (cuobjdump of validation/microbench idiv_* and int_hash): 64-bit
// forms call a subroutine (its body plus the call site), 32-bit forms are
// inline (I2F.U32.RP, MUFU.RCP, F2I, IMAD.HI estimate and correction; the
// signed forms add the sign handling as ALU work). ok is false for other
// instructions.
func DivisionMix(info *InstInfo) (m SeqMix, ok bool) {
	if (info.Op != ptx.OpDiv && info.Op != ptx.OpRem) || info.Slots <= 1 {
		return m, false
	}
	return divisionMix(info)
}

// SequenceMix is DivisionMix, and the 64-bit multiplies as ptxas 13.0
// emits them (cuobjdump of validation/microbench itput64_*): mul.lo.u64 /
// .s64 is IMAD.WIDE.U32, 2 IMAD and an IADD3; mul.hi.u64 is 4 IMAD.WIDE
// (.X) and 3 moves and adds. ok is false for other instructions.
func SequenceMix(info *InstInfo) (m SeqMix, ok bool) {
	if info.Slots <= 1 {
		return m, false
	}
	switch info.Op {
	case ptx.OpDiv, ptx.OpRem:
		return divisionMix(info)
	case ptx.OpMul:
		if info.Bits != 64 || info.Wide {
			return m, false
		}
		switch {
		case strings.Contains(info.Text, ".lo"):
			return SeqMix{IMAD: 2, IMADWide: 1, ALU: max(info.Slots-3, 0)}, true
		case strings.Contains(info.Text, ".hi.u64"):
			return SeqMix{IMADWide: 4, ALU: max(info.Slots-4, 0)}, true
		}
	}
	return m, false
}

func divisionMix(info *InstInfo) (m SeqMix, ok bool) {
	if info.Pipe != ptx.PipeIMAD {
		// a float division is no integer sequence (FloatDivisionMix)
		return m, false
	}
	signed := strings.Contains(info.Text, ".s")
	rem := info.Op == ptx.OpRem
	switch info.Bits {
	case 64:
		switch {
		case !signed && !rem:
			m = SeqMix{IMAD: 21, IMADWide: 15, ALU: 29, Conv: 2, MUFU: 1}
		case !signed:
			m = SeqMix{IMAD: 19, IMADWide: 15, ALU: 27, Conv: 2, MUFU: 1}
		case !rem:
			m = SeqMix{IMAD: 24, IMADWide: 15, ALU: 43, Conv: 2, MUFU: 1}
		default:
			m = SeqMix{IMAD: 22, IMADWide: 15, ALU: 39, Conv: 2, MUFU: 1}
		}
	case 32:
		m = SeqMix{IMAD: 7, IMADWide: 2, Conv: 2, MUFU: 1}
		m.ALU = max(info.Slots-m.IMAD-m.IMADWide-m.Conv-m.MUFU, 0)
	default:
		return m, false
	}
	return m, true
}

// FloatDivMix is the SASS of a 32-bit float division as ptxas 13.0 emits
// it for sm_90a (cuobjdump of validation/microbench fpalu_div*, x = m / x):
// one MUFU.RCP of the divisor, FP32 multiplies (FMUL, FFMA), ALU compares
// and selects (FSETP, FSEL, FCHK); Chain is the FP32 and ALU instructions
// on the divisor's dependent path besides the MUFU, Check a branch on the
// result's FCHK (div.rn: the slow path's BRA, not taken for normal values).
//
//	div.approx.f32  FSETP; FSEL; @!P FMUL x; MUFU.RCP; FMUL             chain FSETP, FMUL, FMUL
//	div.full.f32    2 FSETP; FSEL; @P FMUL x; @!P 2 FMUL; MUFU.RCP; FMUL chain FSETP, FMUL, FMUL, FMUL
//	div.rn.f32      MUFU.RCP; FCHK; 5 FFMA; @!P0 BRA (BSSY/BSYNC, CALL)  chain 5 FFMA, FCHK
//
// InFlight is how many of one warp's independent divisions ptxas overlaps
// (session 28, cuobjdump of fpalu_div*_c8, 8 independent chains unrolled
// 16 times): div.approx software-pipelines three (its MUFU.RCPs rotate
// over scoreboards SB0-SB2, each FMUL waits for the one three back);
// div.full interleaves a few at the loop's top, then runs every division
// whole before the next (FSETP, FSETP, FSEL, three predicated FMULs,
// MUFU.RCP, FMUL, the next FSETP waiting on that FMUL: one division in
// flight); div.rn is one BSSY/BSYNC region each (its slow-path CALL), so
// ptxas cannot move another division into it: one in flight.
type FloatDivMix struct {
	ALU, FP32, MUFU, Chain int32
	InFlight               int32
	Check                  bool
}

// IntDivisionShared is the SASS of a 32-bit integer div/rem by a divisor
// whose reciprocal an earlier division computed (same register, same
// signedness) or ptxas hoisted out of the loop (cuobjdump, session 28:
// idivtput_u32's loop, 16 divisions by 4 loop-invariant divisors, has no
// I2F, MUFU or F2I and 163 instructions; idiv_div_u32 / _rem_u32 / _s32,
// 32 dependent divisions by one divisor, one I2F, MUFU.RCP, F2I an
// iteration): the Slots less the reciprocal's (unsigned 8: I2F.U32.RP,
// MUFU.RCP, VIADD, F2I, IMAD.MOV, IMAD, IMAD.HI and the zero-divisor
// compare; signed 12: the divisor's IABS, its sign and the ~d of the
// zero-divisor select besides), so 10 for div.u32 (idiv_div_u32: 333
// instructions / 32), 9 for rem.u32 (301 / 32), 14 for div.s32 (464 /
// 32): one IMAD.HI (the quotient estimate), the IMADs of the remainder (2;
// signed 4 with the negations), the compares, selects and adds on the ALU.
// slots is the issue slots; ok false for other instructions.
func IntDivisionShared(info *InstInfo) (m SeqMix, slots int32, ok bool) {
	if (info.Op != ptx.OpDiv && info.Op != ptx.OpRem) || info.Pipe != ptx.PipeIMAD || info.Bits != 32 {
		return m, 0, false
	}
	rcp, imad := int32(8), int32(2)
	if strings.Contains(info.Text, ".s") {
		rcp, imad = 12, 4
	}
	slots = info.Slots - rcp
	if slots < imad+1 {
		return m, 0, false
	}
	return SeqMix{IMADWide: 1, IMAD: imad, ALU: slots - imad - 1}, slots, true
}

// IntDivisionSignedPath is, for a 32-bit signed div / rem whose reciprocal
// is computed elsewhere (IntDivisionShared), its dependent path through the
// dividend as the unsigned form's slots and the ALU instructions it adds:
// the signed SASS (idiv_div_s32, cuobjdump) is the unsigned one's on
// |dividend| with the dividend's IABS before it and the quotient's negation
// (@!P IMAD.MOV) after; its other sign work (the sign's LOP3 and ISETP, the
// divisor's IABS and ~d) is off that path. ok false for other instructions.
func IntDivisionSignedPath(info *InstInfo) (unsignedSlots, alu int32, ok bool) {
	if _, _, shared := IntDivisionShared(info); !shared || !strings.Contains(info.Text, ".s") {
		return 0, 0, false
	}
	// div.s32 26 slots, div.u32 18: 4 in the reciprocal (12 against 8), 4 in the rest (14 against 10)
	return info.Slots - 8, 2, true
}

// FloatDivisionShared is the SASS of a 32-bit float division by a divisor
// whose reciprocal an earlier division of its block computed (ptxas
// computes one MUFU.RCP per divisor: the flash twin tph_flash_attn_1x128's
// epilogue has 2 for its 32 div.full.f32 by two registers, cuobjdump): the
// dividend's scaling (full: FMUL by 0.25, FSEL, @!P FMUL by 2^24; approx:
// FMUL by 2^24, FSEL) and the FMUL by the reciprocal; no MUFU, no compare.
// ok false for other instructions and for div.rn (each keeps its FCHK and
// slow path).
func FloatDivisionShared(info *InstInfo) (m FloatDivMix, ok bool) {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 || info.Bits != 32 {
		return m, false
	}
	switch {
	case strings.Contains(info.Text, ".approx"):
		return FloatDivMix{ALU: 1, FP32: 2, Chain: 3}, true
	case strings.Contains(info.Text, ".full"):
		return FloatDivMix{ALU: 1, FP32: 3, Chain: 4}, true
	}
	return m, false
}

// FloatDivisionMix is a 32-bit float division's SASS (ok false for other
// instructions): its issue slots stay Slots (the sassprobe count).
func FloatDivisionMix(info *InstInfo) (m FloatDivMix, ok bool) {
	if info.Op != ptx.OpDiv || info.Pipe != ptx.PipeFP32 || info.Bits != 32 {
		return m, false
	}
	switch {
	case strings.Contains(info.Text, ".approx"):
		return FloatDivMix{ALU: 2, FP32: 2, MUFU: 1, Chain: 3, InFlight: 3}, true
	case strings.Contains(info.Text, ".full"):
		return FloatDivMix{ALU: 3, FP32: 4, MUFU: 1, Chain: 4, InFlight: 1}, true
	}
	return FloatDivMix{ALU: 1, FP32: 5, MUFU: 1, Chain: 6, InFlight: 1, Check: true}, true
}

// MmaFP8Mix is ptxas 13.0's emulation of an fp8 (e4m3 / e5m2)
// mma.sync.m16n8k32 on sm_90a, which has no FP8 HMMA (cuobjdump of
// validation/microbench mma28_e4m3_*: per mma.sync 12
// F2FP.F16.E4M3.UNPACK_B, 2 HMMA.16816.F32 with a zero C, 4 FADD into the
// f32 accumulator): Unpack F2FPs unpack A's 4 and B's 2 registers to f16
// pairs (two each), HMMA the two k16 halves, Add one add a destination
// register (the f16-accumulator form's count is this rule's, not
// recorded).
type MmaFP8Mix struct{ Unpack, HMMA, Add int32 }

// Slots is the emulation's SASS instruction count.
func (m MmaFP8Mix) Slots() int32 { return m.Unpack + m.HMMA + m.Add }

// MmaFP8Emulation is an fp8 mma.sync's SASS (ok false for other
// instructions).
func MmaFP8Emulation(info *InstInfo) (m MmaFP8Mix, ok bool) {
	if info.Form != ptx.FormMmaFP8K32 {
		return m, false
	}
	return MmaFP8Mix{Unpack: 12, HMMA: 2, Add: int32(len(info.Defs))}, true
}
