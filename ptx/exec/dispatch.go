package exec

import (
	"math/bits"

	"github.com/sm90sim/sm90sim/ptx"
)

// compilers returns the compile function of a base opcode (nil when the
// executor does not implement it). The opcode table itself lives in ptx/isa.go.
func compilers(op ptx.Opcode) compileFn {
	switch op {
	case ptx.OpAdd, ptx.OpSub, ptx.OpMul, ptx.OpMad, ptx.OpFma, ptx.OpDiv, ptx.OpRem,
		ptx.OpMin, ptx.OpMax, ptx.OpAbs, ptx.OpNeg, ptx.OpAddc, ptx.OpSubc, ptx.OpMadc,
		ptx.OpMul24, ptx.OpMad24, ptx.OpSad:
		return compileArith
	case ptx.OpPopc, ptx.OpClz, ptx.OpBfind, ptx.OpBrev, ptx.OpBfe, ptx.OpBfi, ptx.OpPrmt,
		ptx.OpShf, ptx.OpShl, ptx.OpShr, ptx.OpAnd, ptx.OpOr, ptx.OpXor, ptx.OpNot, ptx.OpCnot,
		ptx.OpLop3, ptx.OpDp4a, ptx.OpDp2a, ptx.OpFns:
		return compileBitOp
	case ptx.OpSetp, ptx.OpSet, ptx.OpSelp, ptx.OpSlct:
		return compileCompare
	case ptx.OpMov:
		return compileMov
	case ptx.OpCvt:
		return compileCvt
	case ptx.OpCvta:
		return compileCvta
	case ptx.OpCopysign, ptx.OpTestp, ptx.OpRcp, ptx.OpSqrt, ptx.OpRsqrt, ptx.OpEx2, ptx.OpLg2,
		ptx.OpSin, ptx.OpCos, ptx.OpTanh:
		return compileFloatMisc
	case ptx.OpLd, ptx.OpLdu, ptx.OpSt:
		return compileLdSt
	case ptx.OpAtom, ptx.OpRed:
		return compileAtom
	case ptx.OpPrefetch:
		return compilePrefetch
	case ptx.OpPrefetchu, ptx.OpApplypriority, ptx.OpDiscard, ptx.OpPmevent,
		ptx.OpNanosleep, ptx.OpMembar, ptx.OpSetmaxnreg, ptx.OpGriddepcontrol:
		return compileNop
	case ptx.OpFence:
		return compileFence
	case ptx.OpIsspacep:
		return compileIsspacep
	case ptx.OpBra, ptx.OpCall, ptx.OpRet, ptx.OpExit, ptx.OpTrap, ptx.OpBrkpt:
		return compileCtrl
	case ptx.OpBar, ptx.OpBarrier:
		return compileBar
	case ptx.OpShfl, ptx.OpVote, ptx.OpMatch, ptx.OpRedux, ptx.OpActivemask, ptx.OpElect:
		return compileWarpOp
	case ptx.OpCreatepolicy:
		return compileCreatepolicy
	case ptx.OpMapa, ptx.OpGetctarank:
		return compileMapa
	case ptx.OpMbarrier:
		return compileMbarrier
	case ptx.OpCp:
		return compileCp
	case ptx.OpTensormap:
		return compileTensormap
	case ptx.OpLdmatrix, ptx.OpStmatrix, ptx.OpMovmatrix:
		return compileMatrix
	case ptx.OpWgmma:
		return compileWgmma
	case ptx.OpMma:
		return compileMma
	}
	if c := compileVideo(op); c != nil {
		return c
	}
	return nil
}

// forLanes calls f for every lane in m.
func forLanes(m uint32, f func(l int)) {
	for ; m != 0; m &= m - 1 {
		f(bits.TrailingZeros32(m))
	}
}

func compileNop(c *compiler, x *xinst) error {
	x.fn = func(w *Warp, x *xinst, m uint32) error { return nil }
	return nil
}

// createpolicy returns an opaque cache-policy value; we return a constant.
func compileCreatepolicy(c *compiler, x *xinst) error {
	x.fn = func(w *Warp, x *xinst, m uint32) error {
		forLanes(m, func(l int) { w.set(&x.ops[0], l, 0x1000000000000000) })
		return nil
	}
	return nil
}
