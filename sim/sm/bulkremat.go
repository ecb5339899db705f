package sm

import (
	"strings"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// bulkRemats marks, per PC, the uniform non-tensor bulk operations (plain
// store, reduction, copy into shared memory; not in an ELECT store loop)
// whose 64-bit global address ptxas recomputes in front of them. The
// address is a loop-invariant `add.s64 %rd, %rdB, imm` written once,
// before the innermost loop around the operation (nvcc hoists every such
// address of a `#pragma unroll 1` loop there). SASS (ptxas 13.0 sm_90a,
// cuobjdump of the recorded bulk18_st1k_n4_s100 and bulkst_w4_256b_n8:
// validation/timing/bulk31_sass.ctrl.txt.gz, tail34.md) keeps one of a
// base's hoisted adds in a uniform pair, the first in PTX order
// (`UIADD3.64 UR4, UR4, 0x400` before the loop), and recomputes each of
// the others from it right before its operation:
//
//	@!P0 BRA (the spin)
//	UIADD3 UR8, UP0, UR4, 0x400, URZ (S2)   the recomputed address
//	UIADD3 UR7, UR6, 0x800, URZ (S2)        the shared address
//	UIADD3.X UR9, URZ, UR5, URZ, UP0 (S1)
//	UMOV UR12, 0x40 (S8)
//	UBLKCP.G.S [UR8], [UR7], UR12           13 cycles after the first UIADD3
//
// against the kept address's `UIADD3 UR7 (S1); UMOV (S8); UBLKCP.G.S`.
// Marked: such an operation that is the first bulk operation of its
// straight-line stretch with no shared variable's address (`mov %r,
// sym`: an S2UR, 35 cycles, which the pair issues in the shadow of:
// bulkst_w4's warps 1..3 stamp their first store at 47 as warp 0, whose
// store reads the parameter) before it in the stretch. The later
// operations of a stretch recompute into the pair the previous one reads
// and wait for its read: measured (bulkst_w{2,4}_256b_n8's warps 1..3:
// 28 cycles to their second store, warp 0 14), not modelled (tail34.md:
// it moves the 1 and 4 KiB and 8-warp stores behind the SM's queue). nil:
// none.
func bulkRemats(f *ptx.Function, infos []*exec.InstInfo, elect []bool) []bool {
	n := len(infos)
	defs, _ := defUseCounts(infos)
	defAt := map[int32]int{}
	for pc, inf := range infos {
		for _, r := range inf.Defs {
			defAt[r] = pc
		}
	}
	op := func(pc int) int { // the global address operand; -1: not one
		if pc < len(elect) && elect[pc] {
			return -1
		}
		return rematOperand(infos[pc], &f.Insts[pc])
	}
	// hoisted is the 64-bit add (its PC) forming operation pc's global
	// address, written once before the operation's innermost loop; -1:
	// none
	hoisted := func(pc int) int {
		i := op(pc)
		if i < 0 {
			return -1
		}
		a := &f.Insts[pc].Ops[i]
		if a.Kind != ptx.OpdAddr || a.Reg < 0 || defs[a.Reg] != 1 {
			return -1
		}
		d, ok := defAt[a.Reg]
		if !ok || infos[d].Bits != 64 || !isAddLike(infos[d], &f.Insts[d]) {
			return -1
		}
		if _, ok := addImmBase(infos[d], &f.Insts[d]); !ok {
			return -1
		}
		if lo, _ := innerLoop(f, pc, n); lo < 0 || d >= lo {
			return -1
		}
		return d
	}
	add := make([]int, n)
	kept := map[int32]int{} // per base register, the first hoisted add
	for pc := range infos {
		add[pc] = hoisted(pc)
		if d := add[pc]; d >= 0 {
			b, _ := addImmBase(infos[d], &f.Insts[d])
			if k, ok := kept[b]; !ok || d < k {
				kept[b] = d
			}
		}
	}
	if len(kept) == 0 {
		return nil
	}
	leaders := blockLeaders(f)
	var out []bool
	first, s2ur := true, false // no bulk operation, no shared address yet in the stretch
	for pc := range infos {
		if leaders[pc] {
			first, s2ur = true, false
		}
		if symbolMov(&f.Insts[pc]) {
			s2ur = true
		}
		if op(pc) < 0 {
			continue
		}
		if d := add[pc]; d >= 0 && first && !s2ur {
			if b, _ := addImmBase(infos[d], &f.Insts[d]); kept[b] != d {
				if out == nil {
					out = make([]bool, n)
				}
				out[pc] = true
			}
		}
		first = false
	}
	return out
}

// rematOperand is the index of the global address operand of a uniform
// non-tensor bulk operation: a plain store or reduction (operand 0), a
// bulk copy into shared memory (operand 1); -1: none.
func rematOperand(info *exec.InstInfo, in *ptx.Inst) int {
	if strings.Contains(info.Text, ".tensor") || len(in.Ops) < 2 {
		return -1
	}
	switch info.Async {
	case exec.AsyncBulkStore:
		return 0
	case exec.AsyncBulkLoad:
		return 1
	}
	return -1
}

// bulkRemat: an operation whose recomputed address starts its stretch
// (bulkRemats).
func (l *Lowering) bulkRemat(info *exec.InstInfo) bool {
	return l != nil && l.remat != nil && info.Func == l.bulkFunc && int(info.PC) < len(l.remat) && l.remat[info.PC]
}

// bulkRematReady is the cycle a marked operation (bulkRemats) that is
// otherwise ready at at may issue: BulkRematCycles later, the UIADD3
// pair's stalls on top of its chain (bulk18_st1k_n4_s100's third store
// after a spin: issue_cycles 49 on the GPU against the second's 45;
// bulk18_cp*_n4_s100's fourth copy 86 against the second's 81, both
// GPUs). 0: none.
func (s *SM) bulkRematReady(info *exec.InstInfo, at engine.Cycle) engine.Cycle {
	if r := s.cfg.Hold.BulkRematCycles; r > 0 && s.code.low.bulkRemat(info) {
		return at + engine.Cycle(r)
	}
	return 0
}
