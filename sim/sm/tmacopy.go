package sm

import (
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The code around a run of TMA tensor loads issued back to back by one
// thread, as ptxas 13.0 (-arch=sm_90a) lays it out. tmai.cu's multicast
// kernels (tools/microbench/gen13_tmaissue.py; SASS dumped on the H200 in
// session 30, validation/timing/tmafam30.md) read
//
//	CS2R R4, SR_CLOCKLO                       t0
//	IMAD.MOV.U32 R16, RZ, RZ, R4 ... (2N)     t[k] = t0 for the rank that issues nothing
//	@P1 BRA                                   rank != 0
//	S2UR; UIADD3; ...; ULEA UR5               the tensormap's and the mbarriers' addresses
//	@P0 ELECT; UTMALDG.2D.MULTICAST [UR4] ... load 0 in its ELECT loop
//	CS2R R16, SR_CLOCKLO
//	PLOP3; UIADD3 UR17, UR5, 0x8; UMOV; @P0 ELECT; UMOV; UTMALDG ...
//
// where the PTX has `mov.u64 %rd41, %rd16` (N of them) before the rank's
// branch and `add.s32 %r39, %r35, 8` (the next load's mbarrier) between
// the loads. On the GPU (both H200 and H100) the first load's stamp grows
// with N (95, 97, 105, 121 cycles after t0 for N = 1, 2, 4, 8: the 2N
// IMAD.MOVs, ~2 cycles each on the IMAD pipe) while the loads follow one
// another 46 cycles apart for every N and mode, as tmai's loads without
// adds between them do: the UIADD3 sits in the ELECT loop's preamble,
// under the loop's own cost.

// copyMovs finds, per PC, the register-to-register movs ptxas cannot
// coalesce: the source is still live where the destination is written
// again later (nvcc's copies into a variable that a later path overwrites
// and a join merges, as tmai_mc's t[k] = t0). Their value is in, per
// 32-bit word, an IMAD.MOV.U32 (0: a free move, regmove.go). Not when the
// later write is in a loop that does not hold the copy (a counter started
// from the source: not checked against SASS, left as it was).
func copyMovs(f *ptx.Function, infos []*exec.InstInfo) []uint8 {
	n := len(infos)
	var out []uint8
	var liveIn [][]uint64
	var succ [][]int32
	width := regWidths(f)
	for pc := 0; pc < n; pc++ {
		in := &f.Insts[pc]
		if in.Op != ptx.OpMov || in.Guard >= 0 || infos[pc] == nil || infos[pc].Slots != 0 || len(in.Ops) != 2 {
			continue
		}
		d, s := &in.Ops[0], &in.Ops[1]
		if d.Kind != ptx.OpdReg || s.Kind != ptx.OpdReg || d.Reg < 0 || s.Reg < 0 || d.Reg == s.Reg ||
			int(d.Reg) >= len(width) || width[d.Reg] == 0 || width[d.Reg] != width[s.Reg] {
			continue
		}
		if constCopy(f, infos, pc, s.Reg) {
			continue
		}
		if liveIn == nil {
			liveIn, succ = liveInSets(f, infos)
		}
		real := false
		for q := pc + 1; q < n && !real; q++ {
			if infos[q] == nil || !hasReg(infos[q].Defs, d.Reg) || hasReg(infos[q].Defs, s.Reg) {
				continue
			}
			if lo, hi := innerLoop(f, q, n); lo >= 0 && (pc < lo || pc > hi) {
				// an induction variable of a later loop started from
				// the source (wgmma_bench's, brsplit13's counters):
				// left free as before, no SASS read for it
				continue
			}
			for _, t := range succ[q] {
				if liveIn[t][s.Reg/64]&(1<<(uint(s.Reg)%64)) != 0 {
					real = true
					break
				}
			}
		}
		if real {
			if out == nil {
				out = make([]uint8, n)
			}
			out[pc] = uint8(width[d.Reg])
		}
	}
	return out
}

// constCopy: the source's last write before pc in pc's basic block is a
// mov of an immediate: ptxas writes the constant into the destination
// itself (gemm_wgmma's `mov.u64 %rd100, 0; mov.u64 %rd96, %rd100` x4 are
// CS2R R, SRZ each in tmaqx's SASS, tools/microbench/tmaq29_sass.txt),
// left free as before.
func constCopy(f *ptx.Function, infos []*exec.InstInfo, pc int, src int32) bool {
	leader := f.LabelTargets()
	for q := pc - 1; q >= 0; q-- {
		if infos[q] != nil && hasReg(infos[q].Defs, src) {
			in := &f.Insts[q]
			return in.Op == ptx.OpMov && in.Guard < 0 && len(in.Ops) == 2 && (in.Ops[1].Kind == ptx.OpdImm || in.Ops[1].Kind == ptx.OpdFloat)
		}
		if leader[q] || f.Insts[q].Op == ptx.OpBra {
			return false
		}
	}
	return false
}

// tmaOperandAdds marks the adds of an immediate whose every reader is a
// TMA tensor load in an ELECT loop (not elected: tmaelect.go) reading the
// value as an address operand (its destination or its mbarrier), in the
// add's straight-line stretch, the base not written in between: ptxas's
// UIADD3 in the load's ELECT preamble, which costs the load nothing more
// (lowFused).
func tmaOperandAdds(f *ptx.Function, infos []*exec.InstInfo, elected []bool) []bool {
	return immAddFolds(f, infos, func(j int, in *ptx.Inst, d int32) bool {
		return tensorLoad(f, infos, j) && !elected[j] && wholeAddrOnly(in, d)
	})
}

// copyWords is the IMAD.MOVs of mov info (copyMovs; 0: none).
func (l *Lowering) copyWords(info *exec.InstInfo) uint8 {
	if l == nil || l.copies == nil || info.Func != l.copyFunc || int(info.PC) >= len(l.copies) {
		return 0
	}
	return l.copies[info.PC]
}
