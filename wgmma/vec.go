package wgmma

// The vector path of the fast model (vec_amd64.s, AVX2): the same
// arithmetic as rowScalar, eight elements of a row at a time (exponents
// and flags as 8 int32 lanes, values as two halves of 4 float64). The
// exact float64 products scaled by 2^(w-Emax) are truncated to int32 (each
// is below 2^(w+2), and each of two partial sums adds at most K/2 of
// them), the partial sums and the aligned accumulator are added exactly as
// float64 values, scaled by 2^(Emax-w), truncated to the f32 significand
// by masking the float64 fraction and narrowed to f32 exactly. With an f16
// accumulator (f16 set; needs F16C) the accumulator is widened with
// VCVTPH2PS, and the exact sum is rounded to odd at 24 significant bits
// (truncated, the last bit set when bits were lost), narrowed to f32
// exactly and rounded to f16 by VCVTPS2PH (RNE): rounding to odd with at
// least two extra bits and then to nearest even gives the nearest-even
// result of the exact value. Elements with an Inf or NaN accumulator, A
// row or B column, and results outside the normal f32 range (subnormal,
// overflow), are left to the reference path.

// vecKernel is the argument block of rowKernelAVX2, which computes every
// row of the call; the assembly reads it by offset (checked in
// TestVecKernelLayout).
type vecKernel struct {
	arow   *float64 // 0: A, rows of K values
	bt     *float64 // 8: B, K rows of stride bytes, column j at [j]
	codes  *uint16  // 16: per row and column, max over k of the exponent code sums
	c      *uint32  // 24: accumulator (a row of zeros without scale-d)
	d      *uint32  // 32: result
	flags  *int32   // 40: out, per element: -1 = reference path
	n      int      // 48: columns, a multiple of 8
	kEnd   int      // 56: K*8 (bytes of an A row)
	stride int      // 64: bytes between rows of bt
	bad    [4]int64 // 72: out: nonzero if some flag is set
	f16    int64    // 104: nonzero: f16 accumulator and result
	// All rows in one call: the row pointers are base + offset; the
	// kernel advances the offsets (plain integers: it writes no pointer).
	bsp        *int32    // 112: per column: -1 for a B column with Inf/NaN
	asp        *int32    // 120: per row: -1 for an A row with Inf/NaN
	rows       int       // 128: rows left
	codeStride int       // 136: bytes between rows of codes
	cStride    int       // 144: bytes between rows of c (0: the zero row)
	dStride    int       // 152: bytes between rows of d and flags
	aOff       int       // 160: current row: offset of arow
	codeOff    int       // 168: of codes
	cOff       int       // 176: of c
	dOff       int       // 184: of d and flags
	aspOff     int       // 192: of asp
	cShift     [2]uint64 // 200: accumulator fraction bits (23, 10)
	_          int64     // 216
	// Constants, splat over 8 int32 or 4 float64 lanes.
	offTB   [8]int32  // 224: off - 2*base
	twoBase [8]int32  // 256
	floor   [8]int32  // 288
	w1023   [8]int32  // 320: 1023 + w
	mw1023  [8]int32  // 352: 1023 - w
	absC    [8]uint32 // 384: accumulator magnitude bits (0x7fffffff, 0x7fff)
	infC    [8]uint32 // 416: accumulator exponent bits (0x7f800000, 0x7c00)
	one     [8]int32  // 448: 1
	biasC   [8]int32  // 480: accumulator exponent bias (127, 15)
	lowE    [8]int32  // 512: biased float64 exponent of 2^-126
	highE   [8]int32  // 544: biased float64 exponent of 2^127
	sigMask [4]uint64 // 576: float64 bits kept by the truncation to sig bits
	absF64  [4]uint64 // 608
	sticky  [4]uint64 // 640: float64 bit of the 24th significant bit (f16)
}

// vecOK reports whether the vector kernel can evaluate this call: AVX2,
// int32 products and partial sums, and for an f16 accumulator F16C and RNE.
func (r *floatRun) vecOK() bool {
	acc := r.accT == F32 || (r.accT == F16 && haveF16C && r.p.F16OutRNE)
	return haveVec && acc && r.w+2 <= 29 && int64(r.k/2)<<(r.w+2) <= 1<<31
}

func splat[T any](v T) [4]T { return [4]T{v, v, v, v} }

func splat8[T any](v T) [8]T { return [8]T{v, v, v, v, v, v, v, v} }

// initVec sets the constants of the kernel argument block for an
// accumulator of type acc (f32 results of sig bits, or f16).
func (o *fastOps) initVec(w, sig int, acc Type) {
	v := &o.vk
	*v = vecKernel{
		offTB: splat8(o.off - o.twoBase), twoBase: splat8(o.twoBase), floor: splat8(o.floor),
		w1023: splat8(int32(1023 + w)), mw1023: splat8(int32(1023 - w)),
		absC: splat8(uint32(0x7fffffff)), infC: splat8(uint32(infF32)),
		one: splat8(int32(1)), biasC: splat8(int32(127)),
		lowE: splat8(int32(1023 - 126)), highE: splat8(int32(1023 + 127)),
		sigMask: splat(^uint64(1<<uint(53-sig) - 1)), absF64: splat(uint64(1)<<63 - 1),
		cShift: [2]uint64{23, 0},
	}
	if acc == F16 {
		v.f16 = 1
		v.absC, v.infC, v.biasC, v.cShift = splat8(uint32(0x7fff)), splat8(uint32(infF16)), splat8(int32(15)), [2]uint64{10, 0}
		v.sigMask, v.sticky = splat(^uint64(1<<(53-24)-1)), splat(uint64(1)<<(53-24))
	}
}

// loadVec decodes the operands for the vector kernel: A rows of values and
// exponent codes as in load, B transposed (K rows of N values) and its
// codes transposed and padded to 16 columns.
func (o *fastOps) loadVec(x *MMA, rows int, a, b []uint32, floor int32, w, sig int, acc Type) {
	k, n := x.K(), x.N
	o.setFormat(x, rows, floor, w)
	base := o.twoBase / 2
	np := (n + 15) &^ 15
	o.av, o.bv = grow(o.av, rows*k), grow(o.bv, n*k)
	o.ac16, o.bc16 = grow(o.ac16, rows*k), grow(o.bc16, k*np)
	o.aSp, o.bSp = grow(o.aSp, rows), grow(o.bSp, n)
	o.codes, o.flags, o.czero = grow(o.codes, rows*np), grow(o.flags, rows*n), grow(o.czero, n)
	o.bsp32, o.asp32 = grow(o.bsp32, n), grow(o.asp32, rows)
	for i := 0; i < k && n < np; i++ {
		clear(o.bc16[i*np+n : i*np+np]) // padding columns: code 0
	}
	clear(o.czero)
	da, db := o.decoders(x, base)
	if da.vc != nil && !decodeAVX2(&a[0], rows*k, &o.av[0], &o.ac16[0], da.vc) {
		clear(o.aSp) // no Inf or NaN: one call for all of A
	} else {
		for m := 0; m < rows; m++ {
			o.aSp[m] = da.run(a[m*k:m*k+k], o.av[m*k:m*k+k], 1, o.ac16[m*k:m*k+k], 1)
		}
	}
	if db.vc != nil && !o.loadBAll(&db, b, n, k, np) {
		clear(o.bSp)
		clear(o.bsp32)
	} else {
		for j := 0; j < n; j++ {
			sp := db.run(b[j*k:j*k+k], o.bv[j:], n, o.bc16[j:], np)
			o.bSp[j] = sp
			o.bsp32[j] = 0
			if sp {
				o.bsp32[j] = -1
			}
		}
	}
	o.initVec(w, sig, acc)
}

// rowsVec computes all rows with the vector kernel (c: the accumulator
// with scale-d). Elements left to the reference path have flags[m*N+j] !=
// 0 and their d untouched; it reports whether there were none.
func (o *fastOps) rowsVec(scaleD bool, c, d []uint32) bool {
	k, n := o.k, o.n
	rows := o.m
	np := len(o.codes) / rows
	if haveVec512x16 && np%32 == 0 {
		maxCodesAVX512(&o.ac16[0], &o.bc16[0], k, np*2, np/32, &o.codes[0], rows)
	} else {
		maxCodesAVX2(&o.ac16[0], &o.bc16[0], k, np*2, np/16, &o.codes[0], rows)
	}
	for m := 0; m < rows; m++ {
		o.asp32[m] = 0
		if o.aSp[m] {
			o.asp32[m] = -1
		}
	}
	v := &o.vk
	v.arow, v.bt, v.codes, v.d, v.flags = &o.av[0], &o.bv[0], &o.codes[0], &d[0], &o.flags[0]
	v.bsp, v.asp = &o.bsp32[0], &o.asp32[0]
	v.c, v.cStride = &o.czero[0], 0
	if scaleD {
		v.c, v.cStride = &c[0], n*4
	}
	v.n, v.kEnd, v.stride = n, k*8, n*8
	v.rows, v.codeStride, v.dStride = rows, np*2, n*4
	v.aOff, v.codeOff, v.cOff, v.dOff, v.aspOff = 0, 0, 0, 0, 0
	switch {
	case haveVec512x16 && n%16 == 0:
		rowKernelAVX512x16(v)
	case haveVec512:
		rowKernelAVX512(v)
	default:
		rowKernelAVX2(v)
	}
	return v.bad == [4]int64{}
}

// loadBAll decodes all of B (n columns of k raw elements) with one
// decodeAVX2 call and transposes it into bv and bc16 (stride np); it
// reports whether some element is Inf or NaN (then the caller decodes B a
// column at a time, which finds the columns).
func (o *fastOps) loadBAll(db *decoder, b []uint32, n, k, np int) bool {
	o.tv, o.tc = grow(o.tv, n*k), grow(o.tc, n*k)
	if decodeAVX2(&b[0], n*k, &o.tv[0], &o.tc[0], db.vc) {
		return true
	}
	tv, tc, bv, bc := o.tv[:n*k], o.tc[:n*k], o.bv[:n*k], o.bc16[:k*np]
	for j := 0; j < n; j++ {
		col, ccol := tv[j*k:j*k+k], tc[j*k:j*k+k]
		for kk, v := range col {
			bv[kk*n+j] = v
			bc[kk*np+j] = ccol[kk]
		}
	}
	return false
}
