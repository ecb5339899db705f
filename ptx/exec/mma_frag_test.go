package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Every fragment table covers its matrix exactly once: each (row, col) of
// A (m x k), B (k x 8) and C (m x 8) is held by one lane and element, so
// packing a matrix into fragments and reading it back is the identity.
func TestMmaFragmentsRoundTrip(t *testing.T) {
	for fam, sh := range mmaShapes {
		for _, s := range sh.shapes {
			f := mmaForm{m: s[0], k: s[1], a: fam, bits: mmaBits[fam]}
			if f.m8n8k4() {
				continue // its own tables (mma_m884.go, TestM884FragmentsRoundTrip)
			}
			e := f.per()
			seen := map[[3]int]int{}
			for l := 0; l < 32; l++ {
				for r := 0; r < f.aRegs(); r++ {
					for j := 0; j < e; j++ {
						row, col := mmaAPos(e, r, j, l)
						assert.True(t, row < f.m && col < f.k, "%s m%dk%d A", fam, f.m, f.k)
						seen[[3]int{0, row, col}]++
					}
				}
				for r := 0; r < f.bRegs(); r++ {
					for j := 0; j < e; j++ {
						kk, col := mmaBPos(e, r, j, l)
						assert.True(t, kk < f.k && col < mmaN, "%s m%dk%d B", fam, f.m, f.k)
						seen[[3]int{1, kk, col}]++
					}
				}
				for i := 0; i < f.cElems(); i++ {
					row, col := mmaCPos(i, l)
					assert.True(t, row < f.m && col < mmaN)
					seen[[3]int{2, row, col}]++
				}
			}
			assert.Len(t, seen, f.m*f.k+f.k*mmaN+f.m*mmaN, "%s m%dk%d", fam, f.m, f.k)
			for key, n := range seen {
				assert.Equal(t, 1, n, "%s m%dk%d %v", fam, f.m, f.k, key)
			}
		}
	}
}

// The .m8n8k4 .f16 tables (mma_m884.go): the 8 lanes of each computation
// hold every element of its A, B and C exactly once, for both layouts and
// both accumulator types.
func TestM884FragmentsRoundTrip(t *testing.T) {
	for q := 0; q < 4; q++ {
		seen := map[string]map[[2]int]int{}
		add := func(k string, r, c int) {
			if seen[k] == nil {
				seen[k] = map[[2]int]int{}
			}
			seen[k][[2]int{r, c}]++
		}
		for _, hi := range []bool{false, true} {
			h := map[bool]int{false: 0, true: 4}[hi]
			for tq := 0; tq < 4; tq++ {
				l := m884Lane(q, tq, hi)
				assert.Equal(t, q, l%16/4)
				for i := 0; i < 4; i++ {
					add("A.row", tq+h, i)
					add("A.col", i+h, tq)
					add("B.row", tq, i+h)
					add("B.col", i, tq+h)
				}
				for i := 0; i < 8; i++ {
					for _, ty := range []string{"f16", "f32"} {
						r, c := m884C(ty, tq, i, hi)
						add("C."+ty, r, c)
					}
				}
			}
		}
		for k, m := range seen {
			n := map[bool]int{true: 64, false: 32}[k[0] == 'C']
			assert.Len(t, m, n, k)
			for key, v := range m {
				assert.Equal(t, 1, v, "%s %v", k, key)
			}
		}
	}
}
