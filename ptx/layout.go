package ptx

// alignUp rounds n up to a multiple of a (a power of two, or <= 1).
func alignUp(n, a int) int {
	if a <= 1 {
		return n
	}
	return (n + a - 1) &^ (a - 1)
}

// maxObjectSize bounds one variable or parameter (1 GiB): bigger is an
// error, so that fuzzed sizes cannot overflow or allocate wildly.
const maxObjectSize = 1 << 30

// dimsSize returns the element count of dims (0 for an unsized dim) and
// false when it overflows maxObjectSize.
func dimsCount(dims []int) (int, bool) {
	n := 1
	for _, d := range dims {
		if d < 0 {
			return 0, true
		}
		if d != 0 && n > maxObjectSize/d {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// layoutParams assigns offsets to params in order and returns the block size.
func layoutParams(ps []Param) int {
	off := 0
	for i := range ps {
		off = alignUp(off, ps[i].Align)
		ps[i].Offset = off
		off += ps[i].Size
	}
	return off
}

// lowerParam converts a parameter declaration.
func (l *lowerer) lowerParam(pd *ParamDecl) Param {
	p := Param{Name: pd.Name, Type: pd.Type, Align: pd.Align, PtrSpace: pd.PtrSpace, PtrAlign: pd.PtrAlign, Pos: pd.Pos}
	if p.Align == 0 {
		p.Align = pd.Type.Size()
	}
	for _, d := range pd.Dims {
		if d < 0 {
			l.errs.add(pd.Pos, "parameter '%s' needs a fixed array size", pd.Name)
			d = 0
		}
		p.Dims = append(p.Dims, d)
	}
	n, ok := dimsCount(p.Dims)
	if !ok || n*pd.Type.Size() > maxObjectSize {
		l.errs.add(pd.Pos, "parameter '%s' is too large", pd.Name)
		n = 0
	}
	p.Size = n * pd.Type.Size()
	return p
}
