package wgmma

// Moving the accumulator tile between a warp's registers and a row-major
// buffer (the executor does it before and after every MMA). A warp's
// register file is 32 uint64 lanes per register (register r at lanes
// [32r, 32r+32)), 32-bit registers holding zero-extended values. Warp q of
// the warpgroup holds rows 16q..16q+15 (AccPos): for 32-bit accumulators,
// registers 2p and 2p+1 of lane l hold the adjacent columns 8(p>>1) +
// 2(l%4) + {0, 1} of row 16q + l/4 + 8(p&1); for f16 accumulators register
// j packs the same two elements (p = j) in its low and high halves. So
// lanes 4g..4g+3 of one register pair (or one f16 register) hold 8
// adjacent columns of one row: the vector code (accmove_amd64.s) moves
// them with one 32-byte load or store per register and row.

// AccMove is the move plan of one wgmma instruction's accumulator
// registers (AccMovePlan).
type AccMove struct {
	d    Type
	n    int
	tab  []int32 // per step: byte offset of register 1 [and 2] in the register file, of the first element in buf
	step int     // int32s per step: 3 (32-bit pairs) or 2 (f16)
	hi   int     // the largest register byte offset + 256
}

// AccMovePlan returns the plan for an m64nNk accumulator of type d in the
// registers regs (DRegs of them, register numbers in a warp's register
// file).
func AccMovePlan(d Type, n int, regs []int32) *AccMove {
	p := &AccMove{d: d, n: n, step: 3}
	if d == F16 {
		p.step = 2
		for j, r := range regs {
			p.tab = append(p.tab, r*256, int32(((8*(j&1))*n+8*(j>>1))*4))
			p.hi = max(p.hi, int(r)*256+256)
		}
		return p
	}
	for i := 0; i+1 < len(regs); i += 2 {
		p.tab = append(p.tab, regs[i]*256, regs[i+1]*256, int32(((8*((i>>1)&1))*n+8*(i>>2))*4))
		p.hi = max(p.hi, int(regs[i])*256+256, int(regs[i+1])*256+256)
	}
	return p
}

// Move moves warp q's rows 16q..16q+15 of the accumulator tile buf (64 x
// N, row-major) out of its register file regs (store: into it, every
// register written with the zero-extended 32-bit value). It reports false,
// having done nothing, where there is no vector code or regs is too short
// (the caller then moves them itself).
func (p *AccMove) Move(store bool, regs []uint64, buf []uint32, q int) bool {
	if !haveVec || len(regs)*8 < p.hi || len(buf) < 64*p.n || q < 0 || q > 3 || len(p.tab) == 0 {
		return false
	}
	b := &buf[16*q*p.n]
	st := 0
	if store {
		st = 1
	}
	if p.step == 2 {
		accMoveF16(&regs[0], &p.tab[0], len(p.tab)/2, b, p.n*4, st)
	} else {
		accMoveF32(&regs[0], &p.tab[0], len(p.tab)/3, b, p.n*4, st)
	}
	return true
}
