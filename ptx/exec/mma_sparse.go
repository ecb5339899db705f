package exec

import "github.com/sm90sim/sm90sim/wgmma"

// mma.sp / mma.sp::ordered_metadata .sync.aligned (warp-level MMA with a
// structured-sparse A; rules and sources: wgmma/sparse_doc.go). A is held
// compressed (m x K/2) in the layout of the dense form of K/2 (mmaAPos);
// e is every lane's .b32 metadata register and f an immediate sparsity
// selector. The warp expands A to m x K with zeros and runs the dense
// model on it.

// mmaSparseShapes are the sm_90 mma.sp shapes (m, k) and accumulator types
// (.dtype = .ctype); e4m3/e5m2 with an f16 accumulator need sm_120.
var mmaSparseShapes = map[string]struct {
	shapes [][2]int
	acc    []string
}{
	"f16":  {[][2]int{{16, 16}, {16, 32}}, []string{"f16", "f32"}},
	"bf16": {[][2]int{{16, 16}, {16, 32}}, []string{"f32"}},
	"tf32": {[][2]int{{16, 8}, {16, 16}}, []string{"f32"}},
	"e4m3": {[][2]int{{16, 64}}, []string{"f32"}},
	"s8":   {[][2]int{{16, 32}, {16, 64}}, []string{"s32"}},
	"s4":   {[][2]int{{16, 64}, {16, 128}}, []string{"s32"}},
}

// metaThreads is the number of lanes of each quad that hold metadata:
// 1 for the smallest K of a type (selector 0..3), 2 for the middle one
// (selector 0 or 1: T0,T1 or T2,T3), 4 for the largest (selector 0).
func (f *mmaForm) metaThreads() int {
	// metadata bits per row = chunks * 4; 16 rows over the 8 quads.
	bits := f.k / f.chunk() * 4
	return bits * 2 / 32
}

// chunk is the number of logical K elements one metadata nibble covers.
func (f *mmaForm) chunk() int {
	switch f.a {
	case "tf32":
		return 2
	case "s4", "u4":
		return 8
	}
	return 4
}

// compileSparse reads the metadata register and the selector.
func (mi *mmaInst) compileSparse(x *xinst) error {
	in, f := x.in, &mi.f
	if x.ops[4].kind != oReg {
		return errAt(in, "'%s': the metadata operand must be a .b32 register", in.Text)
	}
	mi.e = &x.ops[4]
	if x.ops[5].kind != oImm {
		return errAt(in, "'%s': the sparsity selector must be an immediate", in.Text)
	}
	sel, n := int64(x.ops[5].imm), 4/f.metaThreads()
	if sel < 0 || sel >= int64(n) {
		return errAt(in, "'%s': sparsity selector %d is undefined for m%dn8k%d .%s (valid: 0..%d)", in.Text, sel, f.m, f.k, f.a, n-1)
	}
	f.sel = int(sel)
	return nil
}

// mmaMetaPos is the lane and bit offset of the nibble of chunk c of row r:
//
//	one lane per quad:  lane 4*(r%8) + sel,              bits 16*(r/8) + 4*c
//	two lanes:          lane 4*(r%8) + 2*sel + c/4,      bits 16*(r/8) + 4*(c%4)
//	four lanes:         lane 4*(r%8) + r/8 + 2*(c/8),    bits 4*(c%8)
func (f *mmaForm) mmaMetaPos(r, c int) (lane, shift int) {
	g, h := r%8, r/8
	switch f.metaThreads() {
	case 1:
		return 4*g + f.sel, 16*h + 4*c
	case 2:
		if f.bits <= 8 {
			return 4*g + 2*f.sel + h, 4 * c
		}
		return 4*g + 2*f.sel + c/4, 16*h + 4*(c%4)
	}
	return 4*g + h + 2*(c/8), 4 * (c % 8)
}

// mmaExpand fills s.a (m x K) from the compressed s.ac and the metadata.
func (w *Warp) mmaExpand(x *xinst, mi *mmaInst, s *mmaScratch) error {
	f := &mi.f
	k, ka, ch := f.k, f.kA(), f.chunk()
	// every element index is one nibble index (s4: a pair of elements)
	unit, mt := ch/4, wgmma.S8
	if f.a == "tf32" {
		unit, mt = 1, wgmma.TF32
	}
	for r := 0; r < f.m; r++ {
		row, comp := s.a[r*k:r*k+k], s.ac[r*ka:r*ka+ka]
		clear(row)
		for c := 0; c < k/ch; c++ {
			l, sh := f.mmaMetaPos(r, c)
			v := uint32(w.src(mi.e, l)>>uint(sh)) & 0xf
			if why := wgmma.CheckNibble(mt, v, f.ordered); why != "" {
				return w.laneFault(x, l, "%s: sparsity metadata 0b%04b of row %d, chunk %d (lane %d, bits %d..%d) %s: the result is undefined", x.in.Text, v, r, c, l, sh+3, sh, why)
			}
			if mt == wgmma.TF32 {
				row[2*c+int(v>>3)] = comp[c]
				continue
			}
			for i, idx := range [2]uint32{v & 3, v >> 2 & 3} {
				for u := 0; u < unit; u++ {
					row[c*ch+int(idx)*unit+u] = comp[c*ch/2+i*unit+u]
				}
			}
		}
	}
	return nil
}
