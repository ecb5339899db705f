package wgmma

// Decoded operands of the fast path and the group exponents of a row.
//
// An exponent e of a nonzero finite element of type t is coded as
// e - emin(t) + base, zeros (and Inf/NaN, which never reach the fast
// arithmetic) as 0, where base exceeds the exponent range of both input
// types. The code of a product sum of two nonzero elements is then at
// least 2*base and that of a product with a zero factor is below it, so the
// maximum of the coded sums over k gives the group exponent of the nonzero
// products. The codes fit in lanes of 8 bits (f16, e4m3, e5m2: the sum
// stays below 128) or 16 bits (bf16, tf32), one lane per B column, so a
// lane-wise maximum over k (swarMax8/16: the top bit of each lane is free
// for the comparison) evaluates 8 or 4 columns per operation.

// fastOps holds the operands of one call, decoded.
type fastOps struct {
	k, n   int
	m      int       // rows of A (M, or fewer: RunRows)
	av, bv []float64 // exact signed values: A rows, B columns of K (0 for 0, Inf, NaN)
	acode  []uint64  // A exponent codes, rows*K, broadcast to every lane
	bcode  []uint64  // B exponent codes: word w, k at [w*K+k], lane l = column w*lanes+l
	aSp    []bool    // row of A holds Inf or NaN
	bSp    []bool    // column of B holds Inf or NaN
	eab    []int32   // current row: max(floor, max_k ea+eb) per column
	row    []float64 // current row of A
	tab    []float64 // current row of A scaled by 2^(w-e), e-floor at [(e-floor)*K]
	valid  []uint64  // bit e-floor: tab holds the row for e
	w      int       // adder fraction bits
	offs   []int32   // current row: offset in tab of each element's scaled A row
	sums   []int64   // current row: each element's aligned sum

	// Vector kernel (vec.go): B transposed in bv, codes as uint16.
	ac16, bc16   []uint16
	tv           []float64 // B decoded in Run's layout, before the transposition (loadBAll)
	tc           []uint16
	codes        []uint16 // per row, max code sum per column (rows padded to 16)
	flags, bsp32 []int32  // per element: reference path; per B column: has Inf/NaN
	asp32        []int32  // per A row: has Inf/NaN
	czero        []uint32 // zero accumulator row
	vk           vecKernel
	lane         uint  // lane bits: 8 or 16
	twoBase      int32 // 2*base
	off          int32 // emin(A) + emin(B): exponent of the code sum 2*base
	floor        int32
	dtab         [2]decTable // 8-bit decoding tables of A and B
	dvec         [2]decConst // vector decoding constants of A and B
}

// expRange returns the smallest exponent of format f (subnormals) and the
// number of exponent values of its finite elements above it.
func expRange(f fmtInfo) (emin, span int32) {
	emin = 1 - int32(f.bias)
	top := int32(1<<f.expBits-2) - int32(f.bias)
	if !f.ieeeSpecials {
		top++
	}
	return emin, top - emin
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// setFormat sets the exponent coding and the per-call sizes of x (with
// rows rows of A).
func (o *fastOps) setFormat(x *MMA, rows int, floor int32, w int) {
	k, n := x.K(), x.N
	o.m = rows
	eminA, spanA := expRange(x.A.fmt())
	eminB, spanB := expRange(x.B.fmt())
	base := max(spanA, spanB) + 1
	o.w, o.k, o.n, o.floor, o.twoBase, o.off = w, k, n, floor, 2*base, eminA+eminB
	o.lane = 16
	if 2*base+spanA+spanB < 128 {
		o.lane = 8
	}
}

// load decodes the operands of x (Run's layout) for alignment floor
// floor and adder fraction bits w.
func (o *fastOps) load(x *MMA, rows int, a, b []uint32, floor int32, w int) {
	o.setFormat(x, rows, floor, w)
	k, n := o.k, o.n
	fa, fb := x.A.fmt(), x.B.fmt()
	eminA, spanA := expRange(fa)
	eminB, spanB := expRange(fb)
	base := o.twoBase / 2
	lanes := 64 / int(o.lane)
	words := (n + lanes - 1) / lanes
	o.av, o.bv = grow(o.av, rows*k), grow(o.bv, n*k)
	o.acode, o.bcode = grow(o.acode, rows*k), grow(o.bcode, words*k)
	o.aSp, o.bSp, o.eab = grow(o.aSp, rows), grow(o.bSp, n), grow(o.eab, words*lanes)
	// Group exponents lie in [floor, top]: products, or an f32 accumulator.
	top := max(eminA+spanA+eminB+spanB, 127)
	exps := int(top-floor) + 1
	o.tab, o.valid = grow(o.tab, exps*k), grow(o.valid, (exps+63)/64)
	o.offs, o.sums = grow(o.offs, n), grow(o.sums, n)
	clear(o.bcode)
	ones := ^uint64(0) / (1<<o.lane - 1) // 1 in every lane
	var codes [64]uint16                 // K <= 64 (sparse fp8/int8)
	da, db := o.decoders(x, base)
	for m := 0; m < rows; m++ {
		o.aSp[m] = da.run(a[m*k:m*k+k], o.av[m*k:m*k+k], 1, codes[:k], 1)
		for i, c := range codes[:k] {
			o.acode[m*k+i] = uint64(c) * ones
		}
	}
	for j := 0; j < n; j++ {
		o.bSp[j] = db.run(b[j*k:j*k+k], o.bv[j*k:j*k+k], 1, codes[:k], 1)
		w, sh := j/lanes*k, uint(j%lanes)*o.lane
		for i, c := range codes[:k] {
			o.bcode[w+i] |= uint64(c) << sh
		}
	}
}

// scaleRow stores the current A row scaled by 2^(w-e) for the group
// exponent e = floor+i in tab (all products stay exact float64 values).
func (o *fastOps) scaleRow(i int) {
	o.valid[i>>6] |= 1 << (i & 63)
	k := o.k
	t := o.tab[i*k : i*k+k]
	s := pow2(o.w - (int(o.floor) + i))
	for j, v := range o.row[:len(t)] {
		t[j] = v * s
	}
}

// rowEmax sets eab to the group exponents of row m (at least the floor).
func (o *fastOps) rowEmax(m int) {
	k := o.k
	ac := o.acode[m*k : m*k+k]
	lanes := 64 / int(o.lane)
	words := (o.n + lanes - 1) / lanes
	var acc [4]uint64
	for w := 0; w < words; w += 4 {
		// Four words at a time: independent dependency chains.
		nw := min(4, words-w)
		bw := o.bcode[w*k : (w+nw)*k]
		if o.lane == 8 {
			maxWords8(&acc, ac, bw, nw)
		} else {
			maxWords16(&acc, ac, bw, nw)
		}
		for i := 0; i < nw; i++ {
			o.unpack(acc[i], o.eab[(w+i)*lanes:(w+i+1)*lanes])
		}
	}
}

// unpack stores the group exponents of the lanes of acc in e.
func (o *fastOps) unpack(acc uint64, e []int32) {
	lane, mask := o.lane&63, uint64(1)<<o.lane-1
	twoBase, off, floor := o.twoBase, o.off, o.floor
	for l := range e {
		s := int32(acc & mask)
		acc >>= lane
		x := max(s-twoBase+off, floor)
		if s < twoBase {
			x = floor
		}
		e[l] = x
	}
}

// maxWords8 sets acc[i] (i < nw) to the lane-wise maximum over k of
// ac[k] + bw[i*K+k], 8-bit lanes.
func maxWords8(acc *[4]uint64, ac, bw []uint64, nw int) {
	k := len(ac)
	if nw == 4 {
		b0, b1, b2, b3 := bw[:k], bw[k:2*k], bw[2*k:3*k], bw[3*k:4*k]
		var x0, x1, x2, x3 uint64
		for i, a := range ac {
			x0 = swarMax8(x0, b0[i]+a)
			x1 = swarMax8(x1, b1[i]+a)
			x2 = swarMax8(x2, b2[i]+a)
			x3 = swarMax8(x3, b3[i]+a)
		}
		acc[0], acc[1], acc[2], acc[3] = x0, x1, x2, x3
		return
	}
	for j := 0; j < nw; j++ {
		b := bw[j*k : j*k+k]
		var x uint64
		for i, a := range ac {
			x = swarMax8(x, b[i]+a)
		}
		acc[j] = x
	}
}

// maxWords16 is maxWords8 for 16-bit lanes.
func maxWords16(acc *[4]uint64, ac, bw []uint64, nw int) {
	k := len(ac)
	if nw == 4 {
		b0, b1, b2, b3 := bw[:k], bw[k:2*k], bw[2*k:3*k], bw[3*k:4*k]
		var x0, x1, x2, x3 uint64
		for i, a := range ac {
			x0 = swarMax16(x0, b0[i]+a)
			x1 = swarMax16(x1, b1[i]+a)
			x2 = swarMax16(x2, b2[i]+a)
			x3 = swarMax16(x3, b3[i]+a)
		}
		acc[0], acc[1], acc[2], acc[3] = x0, x1, x2, x3
		return
	}
	for j := 0; j < nw; j++ {
		b := bw[j*k : j*k+k]
		var x uint64
		for i, a := range ac {
			x = swarMax16(x, b[i]+a)
		}
		acc[j] = x
	}
}

// swarMax8 is the lane-wise maximum of 8-bit lanes below 128.
func swarMax8(x, y uint64) uint64 {
	const h = 0x8080808080808080
	m := (((x | h) - y) & h >> 7) * 0xff // lanes where x >= y
	return y ^ (x^y)&m
}

// swarMax16 is the lane-wise maximum of 16-bit lanes below 1<<15.
func swarMax16(x, y uint64) uint64 {
	const h = 0x8000800080008000
	m := (((x | h) - y) & h >> 15) * 0xffff
	return y ^ (x^y)&m
}
