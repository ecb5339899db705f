package exec

import (
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/wgmma"
)

// The granule gather reads the same elements as the per-element one, for
// every element size, and granules refuses tables whose elements do not
// come in aligned 16-byte runs.
func TestGatherGranules(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	sh := make([]byte, 1<<14)
	for i := range sh {
		sh[i] = byte(rng.Uint32())
	}
	for _, es := range []int{1, 2, 4} {
		per := 16 / es
		ng := 64
		perm := rng.Perm(len(sh) / 16)[:ng]
		off := make([]uint32, 0, ng*per)
		for _, g := range perm {
			for j := 0; j < per; j++ {
				off = append(off, uint32(16*g+j*es))
			}
		}
		gran := granules(off, es)
		require.NotNil(t, gran, "es %d", es)
		got, want := make([]uint32, len(off)), make([]uint32, len(off))
		gatherGranules(got, sh, gran, es)
		for i, o := range off {
			switch es {
			case 1:
				want[i] = uint32(sh[o])
			case 2:
				want[i] = uint32(binary.LittleEndian.Uint16(sh[o:]))
			default:
				want[i] = binary.LittleEndian.Uint32(sh[o:])
			}
		}
		assert.Equal(t, want, got, "es %d", es)
		bad := append([]uint32(nil), off...)
		bad[per+1] += uint32(es) // a run broken inside a granule
		assert.Nil(t, granules(bad, es), "es %d", es)
		bad = append([]uint32(nil), off...)
		for j := 0; j < per; j++ {
			bad[j] += uint32(es) // misaligned
		}
		if per > 1 {
			assert.Nil(t, granules(bad, es), "es %d", es)
		}
		assert.Nil(t, granules(off[:len(off)-1], es), "es %d: a partial granule", es)
	}
	// The K-major 128-byte-swizzled operands of the corpus GEMMs have
	// granules: tf32 m64k8 and f16 m64k16.
	d := wgmma.Descriptor{Swizzle: wgmma.Swizzle128B, LBO: 16, SBO: 1024}
	for _, ty := range []wgmma.Type{wgmma.TF32, wgmma.F16} {
		k := wgmma.KFor(ty)
		off := make([]uint32, 0, 64*k)
		for r := 0; r < 64; r++ {
			for kk := 0; kk < k; kk++ {
				off = append(off, d.Addr(ty, wgmma.KMajor, r, kk))
			}
		}
		assert.NotNil(t, granules(off, ty.Bits()/8), "%s", ty)
	}
}
