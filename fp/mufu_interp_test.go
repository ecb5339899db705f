package fp

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// sqTruncSlow is the folded squarer written out partial product by partial product.
func sqTruncSlow(x uint64, t int) uint64 {
	var s uint64
	for i := 0; i < 32; i++ {
		for j := i; j < 32; j++ {
			if x>>i&1 == 0 || x>>j&1 == 0 {
				continue
			}
			if i == j && 2*i >= t {
				s += 1 << (2 * i)
			} else if i < j && i+j+1 >= t {
				s += 2 << (i + j)
			}
		}
	}
	return s
}

func TestSqTrunc(t *testing.T) {
	for _, tc := range [][2]int{{16, 17}, {17, 19}} {
		for x := uint64(0); x < 1<<tc[0]; x += 7 {
			require.Equal(t, sqTruncSlow(x, tc[1]), sqTrunc(x, tc[1]), "x=%d t=%d", x, tc[1])
		}
	}
}
