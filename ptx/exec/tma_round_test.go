package exec

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/tma"
)

// roundTF32 (two words at a time) agrees with tma.RoundTF32 word by word
// on random words, every NaN/Inf/rounding boundary pattern and mixes.
func TestRoundTF32Words(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	special := []uint32{0, 0x80000000, 0x7f800000, 0xff800000, 0x7f800001, 0xff800001, 0x7fffffff, 0xffffffff,
		0x7fc00000, 0x7f7fffff, 0xff7fffff, 0x00000fff, 0x00001000, 0x00001fff, 0x00002000, 0x00003000,
		0x7f7ff000, 0x7f7fe000, 0x3f800fff, 0x3f801000, 0x3f803000, 0x00000001, 0x807fffff}
	for it := 0; it < 20000; it++ {
		b := make([]byte, 4*(1+rng.IntN(8)))
		want := make([]uint32, len(b)/4)
		for i := range want {
			v := rng.Uint32()
			if rng.IntN(3) == 0 {
				v = special[rng.IntN(len(special))]
			}
			binary.LittleEndian.PutUint32(b[4*i:], v)
			want[i] = tma.RoundTF32(v)
		}
		roundTF32(b)
		for i := range want {
			require.Equal(t, want[i], binary.LittleEndian.Uint32(b[4*i:]), "word %d", i)
		}
	}
}
