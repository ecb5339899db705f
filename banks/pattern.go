package banks

import (
	"slices"

	"github.com/sm90sim/sm90sim/smem"
)

// accesses generates the warp-level accesses of sp's pattern over the
// whole tile placed by p, in a fixed order.
func accesses(sp *Spec, p *placement) []smem.Access {
	a := sp.Access
	switch a.Kind {
	case PatLdmatrix, PatStmatrix:
		return matrixAccesses(a, p)
	case PatRow, PatCol:
		return vectorAccesses(a, p)
	case PatWgmma:
		return coreMatrixAccesses(p)
	}
	return tmaAccesses(p)
}

// matrixAccesses: one instruction per 16x32 B (x4), 16x16 B (x2) or 8x16 B
// (x1) block. x4 lane l gives line l%16, chunk l/16 (matrix 0 = lines 0-7
// chunk 0, 1 = lines 8-15 chunk 0, 2 = lines 0-7 chunk 1, 3 = lines 8-15
// chunk 1); x2 lane l gives line l, x1 lane l line l.
func matrixAccesses(a Access, p *placement) []smem.Access {
	st := a.step()
	kind := a.OpKind()
	lanes := 8 * a.Matrices
	var out []smem.Access
	for l0 := 0; l0 < p.lines; l0 += st.lines {
		for b0 := 0; b0 < p.bytes; b0 += st.bytes {
			acc := smem.Access{Kind: kind, Matrices: a.Matrices, Active: uint32(1<<lanes - 1)}
			for l := 0; l < lanes; l++ {
				acc.Addr[l] = p.Addr(l0+l%st.lines, b0+16*(l/st.lines))
			}
			out = append(out, acc)
		}
	}
	return out
}

// vectorAccesses: consecutive lanes take consecutive vectors along a line
// (row) or down the lines (col); 32 vectors per instruction.
func vectorAccesses(a Access, p *placement) []smem.Access {
	per := p.bytes / a.Bytes // vectors per line
	n := p.lines * per
	var out []smem.Access
	for v0 := 0; v0 < n; v0 += 32 {
		acc := smem.Access{Kind: a.OpKind(), Width: a.Bytes}
		for l := 0; l < 32 && v0+l < n; l++ {
			v := v0 + l
			line, col := v/per, v%per
			if a.Kind == PatCol {
				line, col = v%p.lines, v/p.lines
			}
			acc.Active |= 1 << l
			acc.Addr[l] = p.Addr(line, col*a.Bytes)
		}
		out = append(out, acc)
	}
	return out
}

// coreMatrixAccesses: core matrices of 8 lines x 16 B, one phase each,
// grouped four (or two, or one) to an access.
func coreMatrixAccesses(p *placement) []smem.Access {
	var cms [][8]uint32
	for l0 := 0; l0 < p.lines; l0 += 8 {
		for b0 := 0; b0 < p.bytes; b0 += 16 {
			var cm [8]uint32
			for r := range cm {
				cm[r] = p.Addr(l0+r, b0)
			}
			cms = append(cms, cm)
		}
	}
	g := 4
	for len(cms)%g != 0 {
		g /= 2
	}
	var out []smem.Access
	for i := 0; i < len(cms); i += g {
		acc := smem.Access{Kind: smem.OpLdsm, Matrices: g, Active: uint32(1<<(8*g) - 1)}
		for j := 0; j < g; j++ {
			copy(acc.Addr[8*j:8*j+8], cms[i+j][:])
		}
		out = append(out, acc)
	}
	return out
}

// tmaAccesses: the tile's 16-B chunks in address order, 8 per 128-B phase,
// 32 per access (a 16-B-wide store of 32 lanes is four 8-lane phases).
func tmaAccesses(p *placement) []smem.Access {
	var chunks []uint32
	for r := 0; r < p.lines; r++ {
		for b := 0; b < p.bytes; b += 16 {
			chunks = append(chunks, p.Addr(r, b))
		}
	}
	slices.Sort(chunks)
	var out []smem.Access
	for i := 0; i < len(chunks); i += 32 {
		acc := smem.Access{Kind: smem.OpSt, Width: 16}
		for l := 0; l < 32 && i+l < len(chunks); l++ {
			acc.Active |= 1 << l
			acc.Addr[l] = chunks[i+l]
		}
		out = append(out, acc)
	}
	return out
}
