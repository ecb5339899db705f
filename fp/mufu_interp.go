package fp

import "sync"

// The MUFU quadratic interpolator (issue 16). Each function's 23-bit
// mantissa (or fraction) m splits into a segment index (top k bits) and a
// local offset x (the low 23-k bits); the unit evaluates
//
//	Y = Y0 + floor((A + B·x + C·sq(x)) / 2^f)
//
// where sq(x) is x² computed by a folded squarer whose partial products
// below column t are dropped (then shifted right by t). The structure (k,
// t) was found by exhaustive comparison with an H200 (tools/mufu/fit: no
// smooth quadratic fits the hardware, the truncated squarer does, for every
// one of the 2^23 inputs of each table); the coefficients {Y0, A, B, C} are
// one integer solution of those 2^23 constraints per table, not the
// hardware's own ROM words, and are exact on every input.

type interpSeg struct{ Y0, A, B, C int64 }

type interpTable struct {
	k, t int
	f    int // fraction bits of A, B, C
	xb   int // bits of the offset x (23-k, or 17 for the tanh tables)
	seg  []interpSeg
	once sync.Once
	sq   []uint16 // sq(x) >> t for every offset x
}

// eval returns the table's value for mantissa m (0 <= m < 2^(k+xb)).
func (tb *interpTable) eval(m uint32) int64 {
	xb := tb.xb
	s := &tb.seg[m>>xb]
	x := m & (1<<xb - 1)
	tb.once.Do(func() { tb.sq = sqTable(xb, tb.t) })
	return s.Y0 + (s.A+s.B*int64(x)+s.C*int64(tb.sq[x]))>>tb.f
}

var (
	sqMu   sync.Mutex
	sqTabs = map[[2]int][]uint16{}
)

// sqTable returns sq(x) >> t for every x of xb bits, built once per (xb, t)
// and shared by the tables (two in all: 128 KiB and 256 KiB).
func sqTable(xb, t int) []uint16 {
	sqMu.Lock()
	defer sqMu.Unlock()
	k := [2]int{xb, t}
	if tab, ok := sqTabs[k]; ok {
		return tab
	}
	tab := make([]uint16, 1<<xb)
	for x := range tab {
		tab[x] = uint16(sqTrunc(uint64(x), t) >> t)
	}
	sqTabs[k] = tab
	return tab
}

// sqTrunc is x² from the folded squarer array (x_i·x_j for i < j at column
// i+j+1, x_i at column 2i) without the partial products below column t.
func sqTrunc(x uint64, t int) uint64 {
	var drop uint64
	for j := 0; j < 64 && x>>j != 0; j++ {
		if x>>j&1 == 0 {
			continue
		}
		if 2*j < t {
			drop += 1 << (2 * j)
		}
		// x_i·x_j, i < j, kept only if i+j+1 >= t
		if lim := min(j, t-1-j); lim > 0 {
			drop += (x & (1<<lim - 1)) << (j + 1)
		}
	}
	return x*x - drop
}
