package wgmma

import "math/bits"

// Canonical NaNs of the accumulator formats (UNCONFIRMED for wgmma; the
// values the other NVIDIA float units produce).
const (
	nanF32 = 0x7fffffff
	nanF16 = 0x7fff
	infF32 = 0x7f800000
	infF16 = 0x7c00
)

// floatRun is the per-call state of the float model.
type floatRun struct {
	p      FloatParams
	w      int // adder fraction bits: the LSB of a group is 2^(Emax-w)
	floor  int32
	accT   Type // F32 or F16
	accF   int  // fraction bits of the accumulator format
	a, b   *fvec
	fo     *fastOps
	k, grp int
	rows   int // rows of A, C and D (M, or fewer: RunRows)
}

func (x *MMA) runFloat(ws *Workspace, rows int, a, b, c, d []uint32) {
	p := x.params()
	k := x.K()
	r := floatRun{p: p, w: 23 + p.ExtraBits, floor: int32(p.FloorExp), accT: x.D, accF: 23, a: &ws.fa, b: &ws.fb, k: k, grp: p.GroupSize, rows: rows}
	if x.D == F16 {
		r.accF, r.floor = 10, int32(p.F16OutFloorExp)
	}
	if r.fastOK() {
		r.fo = &ws.fo
		r.runFast(x, ws, a, b, c, d)
		return
	}
	r.loadRef(x, a, b)
	n := x.N
	for m := 0; m < rows; m++ {
		for j := 0; j < n; j++ {
			var cv uint32
			if x.ScaleD {
				cv = c[m*n+j]
			}
			d[m*n+j] = r.element(m*k, j*k, cv)
		}
	}
}

// element computes one output element with the generic (integer) path:
// A row at offset ao, B column at bo, accumulator bits cv.
func (r *floatRun) element(ao, bo int, cv uint32) uint32 {
	for g := 0; g < r.k; g += r.grp {
		cv = r.element1(ao+g, bo+g, cv)
	}
	return cv
}

// element1 evaluates one group with the generic path.
func (r *floatRun) element1(ao, bo int, cv uint32) uint32 {
	if r.a.special[ao/r.k] || r.b.special[bo/r.k] || r.accSpecial(cv) {
		if v, ok := r.specialGroup(ao, bo, cv); ok {
			return v
		}
	}
	return r.group(ao, bo, cv)
}

func (r *floatRun) accSpecial(cv uint32) bool {
	if r.accT == F16 {
		return cv&infF16 == infF16
	}
	return cv&infF32 == infF32
}

// group evaluates one group: the products of K elements [ao, ao+grp) of the
// A row and [bo, bo+grp) of the B column, plus the accumulator bits cv.
func (r *floatRun) group(ao, bo int, cv uint32) uint32 {
	as, ae, an := r.a.sig[ao:ao+r.grp], r.a.exp[ao:ao+r.grp], r.a.neg[ao:ao+r.grp]
	bs, be, bn := r.b.sig[bo:bo+len(as)], r.b.exp[bo:bo+len(as)], r.b.neg[bo:bo+len(as)]
	ae, an = ae[:len(as)], an[:len(as)]
	csig, cexp, cneg, _ := decodeFloat(r.accT, cv)
	emax := r.floor
	if csig != 0 && cexp > emax {
		emax = cexp
	}
	var es [64]int32 // group <= 64 (sparse fp8)
	for i := range as {
		e := ae[i] + be[i]
		es[i&63] = e
		emax = max(emax, e)
	}
	var sum int64
	for i := range as {
		sh := uint(min(emax-es[i&63], 63))
		t := int64((as[i] * bs[i]) >> sh)
		s := an[i] ^ bn[i]
		sum += (t ^ s) - s
	}
	if csig != 0 {
		var t int64
		if sh := int(emax-cexp) - r.w + r.accF; sh >= 0 {
			t = int64(uint64(csig) >> uint(min(sh, 63)))
		} else {
			t = int64(uint64(csig) << uint(-sh))
		}
		if cneg {
			t = -t
		}
		sum += t
	}
	if sum == 0 {
		return 0
	}
	neg := sum < 0
	mag := uint64(sum)
	if neg {
		mag = uint64(-sum)
	}
	lsb := int(emax) - r.w
	if r.accT == F16 {
		return uint32(encodeF16(neg, mag, lsb, r.p.F16OutRNE))
	}
	return encodeF32RZ(neg, mag, lsb, r.p.OutSigBits)
}

// specialGroup returns the result of a group that has an Inf or NaN among
// its products or accumulator (ok false: none, evaluate normally).
func (r *floatRun) specialGroup(ao, bo int, cv uint32) (uint32, bool) {
	nan, pinf, ninf := false, false, false
	_, _, cneg, ccls := decodeFloat(r.accT, cv)
	switch ccls {
	case clsNaN:
		nan = true
	case clsInf:
		pinf, ninf = !cneg, cneg
	}
	for i := 0; i < r.grp; i++ {
		ca, cb := r.a.cls[ao+i], r.b.cls[bo+i]
		switch {
		case ca == clsNaN || cb == clsNaN:
			nan = true
		case ca == clsInf || cb == clsInf:
			if (ca == clsFinite && r.a.sig[ao+i] == 0) || (cb == clsFinite && r.b.sig[bo+i] == 0) {
				nan = true
			} else if r.a.neg[ao+i] != r.b.neg[bo+i] {
				ninf = true
			} else {
				pinf = true
			}
		}
	}
	nanV, infV, signV := uint32(nanF32), uint32(infF32), uint32(1)<<31
	if r.accT == F16 {
		nanV, infV, signV = nanF16, infF16, 1<<15
	}
	switch {
	case nan || (pinf && ninf):
		return nanV, true
	case pinf:
		return infV, true
	case ninf:
		return infV | signV, true
	}
	return 0, false
}

// encodeF32RZ rounds mag*2^lsb (mag > 0) toward zero to sig significant
// bits and to the f32 grid; overflow gives Inf. A result that truncates to
// zero keeps its sign.
func encodeF32RZ(neg bool, mag uint64, lsb, sig int) uint32 {
	var s uint32
	if neg {
		s = 1 << 31
	}
	e := lsb + bits.Len64(mag) - 1 // exponent of the leading bit
	if e > 127 {
		return s | infF32
	}
	q := max(e-(sig-1), -149) // exponent of the kept LSB
	var v uint64
	if q >= lsb {
		if q-lsb < 64 {
			v = mag >> uint(q-lsb)
		}
	} else {
		v = mag << uint(lsb-q)
	}
	if v == 0 {
		return s
	}
	w := bits.Len64(v)
	if e2 := q + w - 1; e2 >= -126 {
		return s | uint32(e2+127)<<23 | uint32(v<<uint(24-w))&0x7fffff
	}
	return s | uint32(v<<uint(q+149))
}

// encodeF16 rounds mag*2^lsb (mag > 0) to f16, to nearest even (rne) or
// toward zero; overflow gives Inf (RNE) or the largest finite value (RZ).
func encodeF16(neg bool, mag uint64, lsb int, rne bool) uint16 {
	var s uint16
	if neg {
		s = 1 << 15
	}
	e := lsb + bits.Len64(mag) - 1
	q := max(e-10, -24)
	var v uint64
	switch {
	case q <= lsb:
		v = mag << uint(lsb-q)
	case q-lsb >= 64:
		v = 0
	default:
		sh := uint(q - lsb)
		v = mag >> sh
		rem, half := mag&(1<<sh-1), uint64(1)<<(sh-1)
		if rne && (rem > half || (rem == half && v&1 == 1)) {
			v++
		}
	}
	if v == 0 {
		return s
	}
	if v == 1<<11 {
		v, q = 1<<10, q+1
	}
	if q == -24 && v < 1<<10 {
		return s | uint16(v)
	}
	be := q + 10 + 15
	if be >= 31 {
		if rne {
			return s | infF16
		}
		return s | 0x7bff
	}
	return s | uint16(be)<<10 | uint16(v)&0x3ff
}
