package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// Which registers a recycled entry frame must clear. Every CTA starts with
// its registers at zero (a fresh frame is zeroed memory; ctaPool reuses the
// last CTA's). A big kernel declares thousands of registers (a CUTLASS
// GEMM: 4,450, 1.1 MB per warp), and clearing them all for every CTA cost
// about a tenth of its run. A register needs clearing only if some lane
// may read it before writing it: clearRegs computes those (liveness at the
// function's entry on its control-flow graph, by lane) plus, to stay safe,
// every register read by an instruction that is not known to be
// lane-local (a shfl reads other lanes, whose paths may not have written
// it). A write kills a register only for an unguarded instruction of an
// opcode whose handler writes its destinations on every executing lane
// (liveKills); every other write leaves it live.

// liveKills reports whether op's handler, unguarded, writes all its
// destination registers (InstInfo.Defs) on every lane that executes it,
// synchronously, and reads registers of that lane only.
func liveKills(op ptx.Opcode) bool {
	switch op {
	case ptx.OpAbs, ptx.OpAdd, ptx.OpAddc, ptx.OpSub, ptx.OpSubc, ptx.OpMul, ptx.OpMad, ptx.OpMadc,
		ptx.OpMad24, ptx.OpMul24, ptx.OpSad, ptx.OpDiv, ptx.OpRem, ptx.OpNeg, ptx.OpMin, ptx.OpMax,
		ptx.OpPopc, ptx.OpClz, ptx.OpBfind, ptx.OpBrev, ptx.OpBfe, ptx.OpBfi, ptx.OpPrmt, ptx.OpShf,
		ptx.OpShl, ptx.OpShr, ptx.OpAnd, ptx.OpOr, ptx.OpXor, ptx.OpNot, ptx.OpCnot, ptx.OpLop3,
		ptx.OpSetp, ptx.OpSet, ptx.OpSelp, ptx.OpSlct, ptx.OpMov, ptx.OpDp4a, ptx.OpDp2a,
		ptx.OpCopysign, ptx.OpTestp, ptx.OpFma, ptx.OpRcp, ptx.OpSqrt, ptx.OpRsqrt, ptx.OpEx2,
		ptx.OpLg2, ptx.OpSin, ptx.OpCos, ptx.OpTanh, ptx.OpCvt, ptx.OpLd, ptx.OpLdu, ptx.OpIsspacep,
		ptx.OpCvta, ptx.OpGetctarank, ptx.OpMapa, ptx.OpSzext, ptx.OpBmsk:
		return true
	}
	return false
}

// laneLocal reports whether op reads registers of its executing lanes
// only (its register uses then follow the lane's path).
func laneLocal(op ptx.Opcode) bool {
	switch op {
	case ptx.OpBra, ptx.OpRet, ptx.OpExit, ptx.OpSt, ptx.OpAtom, ptx.OpRed, ptx.OpCp, ptx.OpMbarrier,
		ptx.OpBar, ptx.OpBarrier, ptx.OpFence, ptx.OpMembar, ptx.OpPrefetch, ptx.OpPrefetchu,
		ptx.OpNanosleep, ptx.OpCall:
		return true
	}
	return liveKills(op)
}

// clearRegs returns the registers (ascending) a recycled frame of xf must
// clear, and all when the analysis cannot tell (a branch without a label).
func clearRegs(xf *xfunc) (regs []int32, all bool) {
	n := len(xf.insts)
	words := (xf.nregs + 63) / 64
	if n == 0 || words == 0 {
		return nil, false
	}
	set := func(s []uint64, r int32) {
		if r >= 0 && int(r) < xf.nregs {
			s[r>>6] |= 1 << (uint(r) & 63)
		}
	}
	use := make([]uint64, n*words)  // per instruction: registers read
	kill := make([]uint64, n*words) // per instruction: registers surely written
	always := make([]uint64, words) // read by a non-lane-local instruction
	succ := make([][2]int32, n)
	for i := range xf.insts {
		x := &xf.insts[i]
		u, k := use[i*words:(i+1)*words], kill[i*words:(i+1)*words]
		for _, r := range x.info.Uses {
			set(u, r)
			if !laneLocal(x.op) {
				set(always, r)
			}
		}
		if x.guard < 0 && liveKills(x.op) {
			for _, r := range x.info.Defs {
				set(k, r)
			}
		}
		var ok bool
		if succ[i], ok = succOf(xf, i); !ok {
			return nil, true
		}
	}
	// live[i]: registers some lane may read before writing, from i on.
	live := liveIn(succ, use, kill, words)
	for w := 0; w < words; w++ {
		v := live[w] | always[w]
		for ; v != 0; v &= v - 1 {
			regs = append(regs, int32(w*64+bits.TrailingZeros64(v)))
		}
	}
	return regs, false
}

// succOf is instruction i's successors in xf's control-flow graph (-1:
// none); false for a branch without a label the analysis can follow.
func succOf(xf *xfunc, i int) ([2]int32, bool) {
	n := len(xf.insts)
	x := &xf.insts[i]
	next := int32(i + 1)
	if next >= int32(n) {
		next = -1
	}
	switch x.op {
	case ptx.OpBra:
		if len(x.ops) != 1 || x.ops[0].kind != oLabel || x.ops[0].label < 0 || int(x.ops[0].label) >= n {
			return [2]int32{}, false
		}
		if x.guard >= 0 {
			return [2]int32{x.ops[0].label, next}, true
		}
		return [2]int32{x.ops[0].label, -1}, true
	case ptx.OpRet, ptx.OpExit, ptx.OpTrap:
		return [2]int32{-1, -1}, true
	}
	return [2]int32{next, -1}, true
}

// liveIn is, per instruction (words uint64 each), the registers live
// before it: read by it, or live after it and not killed by it. Backward
// sweeps to the fixpoint (sets only grow).
func liveIn(succ [][2]int32, use, kill []uint64, words int) []uint64 {
	n := len(succ)
	live := make([]uint64, n*words)
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			li := live[i*words : (i+1)*words]
			u, k := use[i*words:(i+1)*words], kill[i*words:(i+1)*words]
			for w := 0; w < words; w++ {
				var out uint64
				for _, s := range succ[i] {
					if s >= 0 {
						out |= live[int(s)*words+w]
					}
				}
				if v := u[w] | out&^k[w]; v != li[w] {
					li[w] = v
					changed = true
				}
			}
		}
	}
	return live
}
