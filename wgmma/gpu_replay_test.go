package wgmma

import (
	"encoding/binary"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// probeFile is one recording of testdata/gpuprobe (format in its README).
type probeFile struct {
	ty      Type
	n, ctas int
	a, b    []uint32 // per CTA, concatenated (raw 16-bit values)
	c, d    []uint32
}

func readProbe(t *testing.T, path string) probeFile {
	raw, err := os.ReadFile(path)
	require.NoError(t, err)
	u32 := func(off int) uint32 { return binary.LittleEndian.Uint32(raw[off:]) }
	require.Equal(t, uint32(0x31504757), u32(0), "magic")
	p := probeFile{ty: F16, n: int(u32(8)), ctas: int(u32(12))}
	if u32(4) == 1 {
		p.ty = BF16
	}
	off := 16
	take := func(n, size int) []uint32 {
		out := make([]uint32, n)
		for i := range out {
			if size == 2 {
				out[i] = uint32(binary.LittleEndian.Uint16(raw[off+2*i:]))
			} else {
				out[i] = binary.LittleEndian.Uint32(raw[off+4*i:])
			}
		}
		off += n * size
		return out
	}
	p.a, p.b = take(p.ctas*M*16, 2), take(p.ctas*p.n*16, 2)
	p.c, p.d = take(p.ctas*M*p.n, 4), take(p.ctas*M*p.n, 4)
	require.Equal(t, len(raw), off)
	return p
}

// TestGPURecording replays the H200 recording of m64nNk16 f16/bf16 -> f32
// wgmma (testdata/gpuprobe) through the model and checks the measured
// agreement: every output element bit-identical.
func TestGPURecording(t *testing.T) {
	forEachPath(t, testGPURecording)
}

func testGPURecording(t *testing.T) {
	files, err := filepath.Glob("testdata/gpuprobe/*.bin")
	require.NoError(t, err)
	require.Len(t, files, 6)
	var ws Workspace
	for _, f := range files {
		p := readProbe(t, f)
		x := &MMA{Form: Form{D: F32, A: p.ty, B: p.ty, N: p.n}, ScaleD: true}
		require.NoError(t, x.Check())
		d := make([]uint32, x.CLen())
		same, total, maxULP := 0, 0, 0.0
		for c := 0; c < p.ctas; c++ {
			cs := M * p.n
			require.NoError(t, x.Run(&ws, p.a[c*M*16:], p.b[c*p.n*16:], p.c[c*cs:(c+1)*cs], d))
			for i, v := range d {
				g := p.d[c*cs+i]
				total++
				if v == g {
					same++
					continue
				}
				ulp := math.Abs(float64(int64(int32(v)) - int64(int32(g))))
				maxULP = max(maxULP, ulp)
				if total-same <= 3 {
					t.Logf("%s: cta %d element (%d,%d): model %#08x gpu %#08x", filepath.Base(f), c, i/p.n, i%p.n, v, g)
				}
			}
		}
		t.Logf("%s: %d of %d bit-identical (%.4f%%), max diff %g ulp", filepath.Base(f), same, total, 100*float64(same)/float64(total), maxULP)
		require.Equal(t, total, same, "%s", f)
		// The recording discriminates: one alignment bit more or less
		// changes many results.
		for _, eb := range []int{1, 3} {
			q := DefaultFloatParams(p.ty)
			q.ExtraBits = eb
			y := *x
			y.Params = &q
			diff := 0
			for c := 0; c < p.ctas; c++ {
				cs := M * p.n
				require.NoError(t, y.Run(&ws, p.a[c*M*16:], p.b[c*p.n*16:], p.c[c*cs:(c+1)*cs], d))
				for i, v := range d {
					if v != p.d[c*cs+i] {
						diff++
					}
				}
			}
			t.Logf("%s: with %d extra bits %d of %d differ", filepath.Base(f), eb, diff, total)
			require.Greater(t, diff, total/100, "%s with %d extra bits", f, eb)
		}
	}
}
