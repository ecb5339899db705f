package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// foldAddressOffsets marks as free (lowFused) a 64-bit add or sub of an
// immediate whose value only ever serves as the address of memory
// instructions: ptxas puts the immediate into their address
// ([R4.64+0x80]) and emits no add. Microbench gls2_ld32_s128's loop
// (`add.s64 %rd17, %rd16, 128; ld.global.u32 %r39, [%rd17]` fifteen times)
// is 16 LDG.E with offsets 0x0..0x780 off one register pair and no
// IADD3 (cuobjdump of tools/microbench/gls2.cu, H200 device call
// 2026-11-26); gls_ld32's adds of a register (q + k*step) stay IADD3 +
// IADD3.X / IMAD.X pairs. The value must be written once in the function
// and read by at least one instruction, every reader using it only as an
// address base; the immediate fits the 24-bit signed offset of SASS
// memory instructions.
func foldAddressOffsets(infos []*exec.InstInfo, insts []ptx.Inst, out []uint8) {
	defs := map[int32]int{}
	for _, inf := range infos {
		for _, r := range inf.Defs {
			defs[r]++
		}
	}
	// addrOnly[r]: readers of r that use it only as an address base;
	// other[r]: readers that use it any other way
	addrOnly, other := map[int32]int{}, map[int32]bool{}
	for i := range insts {
		for _, r := range infos[i].Uses {
			if usedOnlyAsAddress(&insts[i], r) {
				addrOnly[r]++
			} else {
				other[r] = true
			}
		}
	}
	for i := range insts {
		in, inf := &insts[i], infos[i]
		if out[i] != lowNone || (inf.Op != ptx.OpAdd && inf.Op != ptx.OpSub) || inf.Bits != 64 || in.Guard >= 0 ||
			len(in.Ops) != 3 || in.Ops[0].Kind != ptx.OpdReg || in.Ops[1].Kind != ptx.OpdReg || in.Ops[2].Kind != ptx.OpdImm {
			continue
		}
		if len(in.Mods.Types) > 0 && in.Mods.Types[0].IsFloat() {
			continue
		}
		if imm := int64(in.Ops[2].Imm); imm < -(1<<23) || imm >= 1<<23 {
			continue
		}
		d := in.Ops[0].Reg
		if defs[d] == 1 && addrOnly[d] > 0 && !other[d] {
			out[i] = lowFused
		}
	}
}

// usedOnlyAsAddress reports whether instruction in reads register r only
// as the base of [address] operands (and reads it at all that way).
func usedOnlyAsAddress(in *ptx.Inst, r int32) bool {
	asAddr := false
	var walk func(ops []ptx.Operand) bool
	walk = func(ops []ptx.Operand) bool {
		for k := range ops {
			o := &ops[k]
			switch o.Kind {
			case ptx.OpdAddr:
				if o.Reg == r {
					asAddr = true
				}
				if !walk(o.Elems) {
					return false
				}
			case ptx.OpdReg:
				if o.Reg == r {
					return false
				}
			case ptx.OpdVec, ptx.OpdPair:
				if !walk(o.Elems) {
					return false
				}
			}
		}
		return true
	}
	if in.Guard == r {
		return false
	}
	return walk(in.Ops) && asAddr
}
