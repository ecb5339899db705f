package smem

// Test helpers: build accesses from a per-lane address function.

const allLanes = 0xffffffff

func addrs(f func(l uint32) uint32) [32]uint32 {
	var a [32]uint32
	for l := range a {
		a[l] = f(uint32(l))
	}
	return a
}

func access(kind OpKind, width int, active uint32, f func(l uint32) uint32) *Access {
	return &Access{Kind: kind, Width: width, Active: active, Addr: addrs(f)}
}

func ldsm(matrices int, active uint32, f func(l uint32) uint32) *Access {
	return &Access{Kind: OpLdsm, Active: active, Addr: addrs(f), Matrices: matrices}
}

// ldsmRowAddr is the usual ldmatrix .x4 addressing of a 16x16 b16 sub-tile
// at (row0, col chunk 2*kc) of a tile with 128-B rows: matrix j = lanes
// 8j..8j+7 holds rows row0 + 8*(j%2) + (l%8), 16-B chunk 2*kc + j/2.
func ldsmRowAddr(mode SwizzleMode, row0, kc uint32) func(l uint32) uint32 {
	return func(l uint32) uint32 {
		j := l / 8
		r := row0 + 8*(j%2) + l%8
		c := 2*kc + j/2
		return Swizzle(mode, r*128+c*16)
	}
}
