package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// bulkAddrWidens marks, per PC, what ptxas makes of a uniform non-tensor
// bulk store's or reduction's global address (operands data-uniform: no
// R2UR loop, elect): the 64-bit add that forms the address the operation
// reads in the same straight-line stretch (add), and the zero extension
// (`cvt.u64.u32`, unguarded, its value written and read once) whose only
// reader is that add (widen). SASS (ptxas 13.0 sm_90a, cuobjdump of the
// recorded kernels; redu24_st_u2_1k, _st_u4_512, _st_u8 in red28.md,
// redu24_red_u2 in bulk25.md):
//
//	ULOP3.LUT UR8, UR8, 0xfc00 ...   // the and.b32
//	UMOV UR9, URZ                    // the cvt: the high word, zero
//	UIADD3.64 UR8, UR8, UR10, URZ    // the add.s64: one instruction
//	...                              // 9 cycles of stall counts
//	UBLKCP.G.S [UR8], [UR13], UR10
//
// The UMOV reads nothing (ptxas issues it anywhere before the add): an
// issue slot whose value is ready when the cvt's source is (warp.go,
// sm.go). The UIADD3.64 takes one slot, and ptxas puts exactly 9 cycles
// between it and the UBLKCP.G.S reading it in every loop of the probe
// with nothing else to issue (UMOV S4 filling the gap): its result is
// ready BulkAddressLatencyCycles after issue (fitted). The model charged
// the cvt a dependent ALU step and the add two slots and the ALU's
// latency: redu24_st_u4 +11%, redu24_red_u2..u8 +4..7% (tred27.md).
// Only these addresses are marked: the same extension on the R datapath
// (IADD3.X with RZ) is not measured here. nil, nil: none.
func bulkAddrWidens(f *ptx.Function, infos []*exec.InstInfo, elect []bool) (widen, add, fed []bool) {
	defs, uses := defUseCounts(infos)
	leaders := blockLeaders(f)
	lastDef := map[int32]int{}
	for pc, inf := range infos {
		if leaders[pc] {
			clear(lastDef)
		}
		if inf.Async == exec.AsyncBulkStore && !strings.Contains(inf.Text, ".tensor") && (pc >= len(elect) || !elect[pc]) {
			for _, r := range inf.Uses {
				a, ok := lastDef[r]
				if !ok || !isAddLike(infos[a], &f.Insts[a]) || infos[a].Bits != 64 {
					continue
				}
				if add == nil {
					add = make([]bool, len(infos))
					fed = make([]bool, len(infos))
				}
				add[a], fed[pc] = true, true
				for _, r2 := range infos[a].Uses {
					c, ok := lastDef[r2]
					if !ok || c >= a || defs[r2] != 1 || uses[r2] != 1 || !zeroExtend(&f.Insts[c]) {
						continue
					}
					if widen == nil {
						widen = make([]bool, len(infos))
					}
					widen[c] = true
				}
			}
		}
		for _, r := range inf.Defs {
			lastDef[r] = pc
		}
	}
	return widen, add, fed
}

// bulkAddrFed: a uniform non-tensor bulk operation whose address a marked
// 64-bit add forms in its straight-line stretch (bulkAddrWidens): ptxas
// puts the size's UMOV after that UIADD3.64 (bulkinterval.go).
func (l *Lowering) bulkAddrFed(info *exec.InstInfo) bool {
	return l != nil && l.bulkFed != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkFed) && l.bulkFed[info.PC]
}

// zeroExtend: an unguarded cvt.u64.u32 (or .s64.u32, .u64.b32: a zero
// extension of a 32-bit register).
func zeroExtend(in *ptx.Inst) bool {
	if in.Op != ptx.OpCvt || in.Guard >= 0 || len(in.Mods.Types) != 2 || in.Mods.Flags&ptx.FSat != 0 {
		return false
	}
	d, s := in.Mods.Types[0], in.Mods.Types[1]
	return !d.IsFloat() && !s.IsFloat() && d.Size() == 8 && s.Size() == 4 && !s.IsSigned() &&
		len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdReg
}

// bulkAddrAdd: a 64-bit add forming a uniform bulk store's or reduction's
// address (bulkAddrWidens): one UIADD3.64.
func (l *Lowering) bulkAddrAdd(info *exec.InstInfo) bool {
	return l != nil && l.bulkAdd != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkAdd) && l.bulkAdd[info.PC]
}

// bulkAddrWiden: a zero extension of a uniform bulk address's 32-bit part
// (bulkAddrWidens): a UMOV of zero that reads nothing.
func (l *Lowering) bulkAddrWiden(info *exec.InstInfo) bool {
	return l != nil && l.bulkWiden != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkWiden) && l.bulkWiden[info.PC]
}

// bulkWiden: bulkAddrWiden, when the model prices bulk addresses
// (BulkAddressLatencyCycles > 0).
func (s *SM) bulkWiden(info *exec.InstInfo) bool {
	return s.cfg.Async.BulkAddressLatencyCycles > 0 && s.code.low.bulkAddrWiden(info)
}

// storeAddrAdds marks, per PC, the adds (add / sub of 32 or 64 bits, not
// bulkAddrWidens' 64-bit adds) whose result a uniform plain bulk store
// (cp.async.bulk.global.shared::cta: no tensor map, not a reduction, not
// in an R2UR loop, its address not formed by a marked 64-bit add) reads
// as an operand in the add's straight-line stretch. SASS (ptxas 13.0
// sm_90a, cuobjdump of the recorded bulk18_st1k_* and bulkst_t1_*,
// validation/timing/bulk31.md): UBLKCP.G.S takes no address offset, so
// the add is a UIADD3 (UIADD3 + UIADD3.X for 64 bits) on the uniform
// datapath, and ptxas puts 9 cycles of stall counts between it and the
// store (`UIADD3 UR6, UR6, 0x400 (S1); UMOV UR7, 0x40 (S8); UBLKCP.G.S`
// after a spin, `UIADD3 UR7, UR6, 0x400 (S9); UBLKCP.G.S` back to back)
// where the ALU's add feeds its readers after alu_latency_cycles (5):
// the add's result is ready for the store BulkStoreSetupCycles after its
// issue (warp.go). nil: none.
func storeAddrAdds(f *ptx.Function, infos []*exec.InstInfo, elect, add64, fed, sbase []bool, kind []uint8) (adds, inPlace []bool) {
	leaders := blockLeaders(f)
	lastRead := map[int32]int{} // the last instruction reading each register, in the function
	for pc, inf := range infos {
		for _, r := range inf.Uses {
			lastRead[r] = pc
		}
	}
	lastDef := map[int32]int{}
	read := map[int32]bool{} // read since its last def in the stretch
	folded := map[int]bool{} // adds that fold into the shared window's ULEA
	prevStore := -1          // the stretch's last plain bulk store
	for pc, inf := range infos {
		if leaders[pc] {
			clear(lastDef)
			clear(read)
			prevStore = -1
		}
		in := &f.Insts[pc]
		if base, ok := addImmBase(inf, in); ok && isAddLike(inf, in) && !read[base] {
			if d, ok := lastDef[base]; ok && symbolMov(&f.Insts[d]) {
				// the first offset from a shared variable's address:
				// ptxas puts it in the ULEA's operand (no UIADD3)
				folded[pc] = true
			}
		}
		if plainBulkStore(inf) && (pc >= len(elect) || !elect[pc]) && (pc >= len(fed) || !fed[pc]) {
			clock := pc < len(kind) && kind[pc] == plainStoreAfter
			for _, r := range inf.Uses {
				a, ok := lastDef[r]
				if !ok || folded[a] || !isAddLike(infos[a], &f.Insts[a]) || (a < len(add64) && add64[a]) {
					continue
				}
				if !clock {
					if adds == nil {
						adds = make([]bool, len(infos))
					}
					adds[a] = true
					continue
				}
				// a clock store (its issue waits for the last store's
				// take): the add is in place when its base is an operand
				// of the stretch's previous store, written in the stretch,
				// and read by nothing after the add
				base, ok := addImmBase(infos[a], &f.Insts[a])
				if !ok || prevStore < 0 || prevStore > a || !hasReg(infos[prevStore].Uses, base) || lastRead[base] != a {
					continue
				}
				if d, ok := lastDef[base]; !ok || symbolMov(&f.Insts[d]) && (d >= len(sbase) || !sbase[d]) {
					continue // a shared address ptxas hoists out of the loop stays live (sharedbase.go)
				}
				if inPlace == nil {
					inPlace = make([]bool, len(infos))
				}
				inPlace[pc] = true
			}
			prevStore = pc
		}
		for _, r := range inf.Uses {
			read[r] = true
		}
		for _, r := range inf.Defs {
			lastDef[r] = pc
			read[r] = false
		}
	}
	return adds, inPlace
}

// symbolMov: `mov %r, sym` (a variable's address).
func symbolMov(in *ptx.Inst) bool {
	return in.Op == ptx.OpMov && in.Guard < 0 && len(in.Ops) == 2 && in.Ops[1].Kind == ptx.OpdSym
}

// storeInPlace: a clock store whose address add overwrites the previous
// store's operand (storeAddrAdds).
func (l *Lowering) storeInPlace(info *exec.InstInfo) bool {
	return l != nil && l.bulkInPlace != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkInPlace) && l.bulkInPlace[info.PC]
}

// storeAddrAdd: an add forming a uniform plain bulk store's operand
// (storeAddrAdds).
func (l *Lowering) storeAddrAdd(info *exec.InstInfo) bool {
	return l != nil && l.bulkStAdd != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.bulkStAdd) && l.bulkStAdd[info.PC]
}
