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
