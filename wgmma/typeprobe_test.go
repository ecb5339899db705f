package wgmma

import (
	"compress/gzip"
	"encoding/binary"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// typeCombo is one combination of testdata/typeprobe (gen.py COMBOS, same
// order: the index is part of the input seed).
type typeCombo struct {
	name       string
	d, a, b    Type
	sat        bool
	ga, gb, gc string // generation kinds (README there)
}

var typeCombos = func() []typeCombo {
	cs := []typeCombo{
		{"f16_f16", F16, F16, F16, false, "f16n", "f16n", "c16"},
		{"tf32_f32", F32, TF32, TF32, false, "tf32", "tf32", "c32"},
	}
	for _, d := range []Type{F32, F16} {
		for _, a := range []Type{E4M3, E5M2} {
			for _, b := range []Type{E4M3, E5M2} {
				ka, kb, kc := a.String(), b.String(), "c32"
				if d == F16 {
					ka, kb, kc = ka+"n", kb+"n", "c16"
				}
				cs = append(cs, typeCombo{a.String() + "_" + b.String() + "_" + d.String(), d, a, b, false, ka, kb, kc})
			}
		}
	}
	for _, sat := range []bool{false, true} {
		for _, a := range []Type{S8, U8} {
			for _, b := range []Type{S8, U8} {
				n := a.String() + "_" + b.String() + "_s32"
				if sat {
					n += "_sat"
				}
				cs = append(cs, typeCombo{n, S32, a, b, sat, "i8", "i8", "ci"})
			}
		}
	}
	return append(cs, typeCombo{"b1_and_s32", S32, B1, B1, false, "w32", "w32", "cb"})
}()

// typeProbeNs are the (N, CTAs) of every combination.
var typeProbeNs = [][2]int{{8, 16}, {64, 4}, {256, 4}}

// splitmix64 is the input stream of testdata/typeprobe.
type splitmix64 uint64

func (s *splitmix64) next() uint64 {
	*s += 0x9E3779B97F4A7C15
	z := uint64(*s)
	z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
	z = (z ^ z>>27) * 0x94D049BB133111EB
	return z ^ z>>31
}

func gfloat(z uint64, tb, fb, emin, emax int) uint32 {
	s := uint32(z >> 63)
	e := uint32(emin) + uint32((z>>24)&0xffff)%uint32(emax-emin+1)
	f := uint32(z) & (1<<fb - 1)
	if (z>>40)&31 == 0 {
		e, f = 0, 0
	}
	return s<<(tb-1) | e<<fb | f
}

func genKind(k string, z uint64) uint32 {
	switch k {
	case "f16n":
		return gfloat(z, 16, 10, 0, 21)
	case "tf32":
		v := gfloat(z, 32, 23, 100, 154)
		if (z>>45)&1 != 0 {
			v &^= 0x1fff
		}
		if (z>>40)&31 == 1 {
			v &= 0x807fffff
		}
		return v
	case "e4m3":
		v := gfloat(z, 8, 3, 0, 15)
		if v&0x7f == 0x7f {
			v--
		}
		return v
	case "e5m2":
		return gfloat(z, 8, 2, 0, 30)
	case "e4m3n":
		return gfloat(z, 8, 3, 0, 11)
	case "e5m2n":
		return gfloat(z, 8, 2, 0, 19)
	case "i8":
		return uint32(z & 0xff)
	case "w32":
		return uint32(z)
	case "c32":
		if (z>>40)&15 == 0 {
			return 0
		}
		return gfloat(z, 32, 23, 103, 143)
	case "c16":
		if (z>>40)&15 == 0 {
			return 0
		}
		return gfloat(z, 16, 10, 0, 28)
	case "ci", "cb":
		r := uint32(z & 0xfffff)
		if k == "cb" {
			r = uint32(z & 0xff)
		}
		switch (z >> 40) & 3 {
		case 0:
			return 0x7fffffff - r
		case 1:
			return 0x80000000 + r
		}
		return uint32(int32(z&0xffffff) - 0x800000)
	}
	panic(k)
}

// typeProbeCase is one (combination, N) of the recording: inputs in Run's
// layout, per CTA concatenated, and the GPU's D.
type typeProbeCase struct {
	x          MMA
	ctas       int
	a, b, c, d []uint32
}

func loadTypeProbe(t testing.TB, ci int) []typeProbeCase {
	tc := typeCombos[ci]
	f, err := os.Open(filepath.Join("testdata/typeprobe", tc.name+".bin.gz"))
	require.NoError(t, err)
	defer f.Close()
	zr, err := gzip.NewReader(f)
	require.NoError(t, err)
	raw, err := io.ReadAll(zr)
	require.NoError(t, err)
	dsz := 4
	if tc.d == F16 {
		dsz = 2
	}
	var out []typeProbeCase
	off := 0
	for _, nc := range typeProbeNs {
		n, ctas := nc[0], nc[1]
		x := MMA{Form: Form{D: tc.d, A: tc.a, B: tc.b, N: n}, ScaleD: true, SatFinite: tc.sat}
		require.NoError(t, x.Check())
		s := splitmix64(0x5EED000000000000 + uint64(ci)*1000 + uint64(n))
		per := KFor(tc.a)
		if tc.a == B1 {
			per = b1Words
		}
		p := typeProbeCase{x: x, ctas: ctas}
		p.a = make([]uint32, ctas*M*per)
		p.b = make([]uint32, ctas*n*per)
		p.c = make([]uint32, ctas*M*n)
		p.d = make([]uint32, ctas*M*n)
		for i := range p.a {
			p.a[i] = genKind(tc.ga, s.next())
		}
		for i := range p.b {
			p.b[i] = genKind(tc.gb, s.next())
		}
		for i := range p.c {
			p.c[i] = genKind(tc.gc, s.next())
		}
		for i := range p.d {
			if dsz == 2 {
				p.d[i] = uint32(binary.LittleEndian.Uint16(raw[off:]))
			} else {
				p.d[i] = binary.LittleEndian.Uint32(raw[off:])
			}
			off += dsz
		}
		out = append(out, p)
	}
	require.Equal(t, len(raw), off, "%s: recording size", tc.name)
	return out
}

// replayTypeProbe counts the outputs of cases that the model (params q, nil:
// the defaults) reproduces bit for bit; bad, when set, sees each miss.
func replayTypeProbe(t testing.TB, cases []typeProbeCase, q *FloatParams, bad func(p *typeProbeCase, cta, i int, model uint32)) (same, total int) {
	var ws Workspace
	for ci := range cases {
		p := &cases[ci]
		x := p.x
		x.Params = q
		require.NoError(t, x.Check())
		per := len(p.a) / p.ctas / M
		cs := M * x.N
		d := make([]uint32, cs)
		for c := 0; c < p.ctas; c++ {
			require.NoError(t, x.Run(&ws, p.a[c*M*per:], p.b[c*x.N*per:], p.c[c*cs:(c+1)*cs], d))
			for i, v := range d {
				total++
				if v == p.d[c*cs+i] {
					same++
				} else if bad != nil {
					bad(p, c, i, v)
				}
			}
		}
	}
	return same, total
}

// TestGPURecordingTypes replays the H200 recording of every other wgmma
// type combination (testdata/typeprobe: f16->f16, tf32->f32, e4m3/e5m2 (4
// mixes) -> f32 and f16, s8/u8 (4 mixes) -> s32 with and without
// .satfinite, b1 and.popc -> s32; 90,112 outputs each) through the model,
// on both fast paths: measured, every output of every combination is
// bit-identical with the default parameters.
func TestGPURecordingTypes(t *testing.T) {
	forEachPath(t, func(t *testing.T) {
		for ci, tc := range typeCombos {
			cases := loadTypeProbe(t, ci)
			n := 0
			same, total := replayTypeProbe(t, cases, nil, func(p *typeProbeCase, cta, i int, v uint32) {
				if n++; n <= 3 {
					t.Logf("%s n%d cta %d (%d,%d): model %#x gpu %#x", tc.name, p.x.N, cta, i/p.x.N, i%p.x.N, v, p.d[cta*M*p.x.N+i])
				}
			})
			t.Logf("%-16s %d of %d bit-identical", tc.name, same, total)
			require.Equal(t, 90112, total, tc.name)
			require.Equal(t, total, same, tc.name)
		}
	})
}

// TestGPURecordingTypesSensitivity checks that the float recordings
// discriminate the parameters: each variant below changes at least 1% of a
// combination's outputs (the counts measured are in the comments and in
// testdata/typeprobe/README.md), except where the recording cannot tell
// (floors: no output or group reaches them; f16 accumulators: out_sig_bits
// is unused, and for f16 inputs the adder width changes only 3 (+1 bit) and
// 8 (-1 bit) outputs).
func TestGPURecordingTypesSensitivity(t *testing.T) {
	type variant struct {
		name string
		f    func(*FloatParams)
	}
	vs := []variant{
		{"extra_bits+1", func(q *FloatParams) { q.ExtraBits++ }},
		{"extra_bits-1", func(q *FloatParams) { q.ExtraBits-- }},
		{"out_sig_bits-1", func(q *FloatParams) { q.OutSigBits-- }},
		{"out_sig_bits+1", func(q *FloatParams) { q.OutSigBits = min(q.OutSigBits+1, 24) }},
		{"group/2", func(q *FloatParams) { q.GroupSize /= 2 }},
		{"f16_out_rz", func(q *FloatParams) { q.F16OutRNE = false }},
	}
	for ci, tc := range typeCombos {
		if !tc.a.IsFloat() {
			if tc.a == B1 {
				continue
			}
			// .satfinite matters: the other clamping rule (wrap instead
			// of clamp, or clamp instead of wrap) changes 0.6-12% of the outputs.
			cases := loadTypeProbe(t, ci)
			for i := range cases {
				cases[i].x.SatFinite = !cases[i].x.SatFinite
			}
			same, total := replayTypeProbe(t, cases, nil, nil)
			t.Logf("%s with satfinite %v: %d of %d differ", tc.name, !tc.sat, total-same, total)
			require.Greater(t, total-same, 400, tc.name) // measured 511-11,195 of 90,112
			continue
		}
		cases := loadTypeProbe(t, ci)
		def := DefaultFloatParams(tc.a)
		for _, v := range vs {
			q := def
			v.f(&q)
			if q == def {
				continue
			}
			same, total := replayTypeProbe(t, cases, &q, nil)
			t.Logf("%s %s: %d of %d differ", tc.name, v.name, total-same, total)
			blind := (tc.d == F16 && v.name[:3] == "out") || (tc.a == F16 && v.name[:3] == "ext") || (tc.d == F32 && v.name == "f16_out_rz")
			if blind {
				require.Less(t, total-same, total/100, "%s %s", tc.name, v.name)
			} else {
				require.Greater(t, total-same, total/100, "%s %s", tc.name, v.name)
			}
		}
	}
}

// fp8ToF16 converts an e4m3/e5m2 byte (finite) to f16 bits exactly.
func fp8ToF16(t Type, v uint32) uint32 {
	sig, exp, neg, _ := t.fmt().decode(v)
	fb := t.fmt().fracBits
	x := math.Ldexp(float64(sig), int(exp)-fb)
	if neg {
		x = -x
	}
	h := f32ToF16Exact(float32(x))
	return h
}

func f32ToF16Exact(f float32) uint32 {
	b := math.Float32bits(f)
	s := b >> 16 & 0x8000
	if b&0x7fffffff == 0 {
		return s
	}
	e := int(b>>23&0xff) - 127
	m := b&0x7fffff | 0x800000
	if e >= -14 {
		return s | uint32(e+15)<<10 | (m>>13)&0x3ff
	}
	return s | m>>uint(13+(-14-e))
}

// TestGPURecordingFP8NotMMASyncSplit evaluates the mma.sync fp8 rule
// (ptx/exec/testdata/mmaprobe: f16 HMMAs over k mod 4 in {0,1} then the
// rest, from zero, then C added in f32 RN) on the wgmma fp8->f32 recordings:
// it reproduces under 0.1% of them, so wgmma fp8 is not mma.sync's split.
func TestGPURecordingFP8NotMMASyncSplit(t *testing.T) {
	var ws Workspace
	for ci, tc := range typeCombos {
		if tc.d != F32 || (tc.a != E4M3 && tc.a != E5M2) {
			continue
		}
		same, total := 0, 0
		for _, p := range loadTypeProbe(t, ci) {
			n := p.x.N
			h := &MMA{Form: Form{D: F32, A: F16, B: F16, N: n}, ScaleD: true}
			for c := 0; c < p.ctas; c++ {
				var a1, a2 [M * 16]uint32
				b1, b2 := make([]uint32, n*16), make([]uint32, n*16)
				split := func(src []uint32, ty Type, rows int, d1, d2 []uint32) {
					for r := 0; r < rows; r++ {
						i1, i2 := 0, 0
						for k := 0; k < 32; k++ {
							v := fp8ToF16(ty, src[r*32+k])
							if k%4 < 2 {
								d1[r*16+i1] = v
								i1++
							} else {
								d2[r*16+i2] = v
								i2++
							}
						}
					}
				}
				split(p.a[c*M*32:], tc.a, M, a1[:], a2[:])
				split(p.b[c*n*32:], tc.b, n, b1, b2)
				zero := make([]uint32, M*n)
				d1, d2 := make([]uint32, M*n), make([]uint32, M*n)
				require.NoError(t, h.Run(&ws, a1[:], b1, zero, d1))
				require.NoError(t, h.Run(&ws, a2[:], b2, d1, d2))
				for i := range d2 {
					v := math.Float32bits(math.Float32frombits(p.c[c*M*n+i]) + math.Float32frombits(d2[i]))
					total++
					if v == p.d[c*M*n+i] {
						same++
					}
				}
			}
		}
		t.Logf("%s: mma.sync split model %d of %d", tc.name, same, total)
		require.Less(t, same, total/1000, tc.name) // measured: 25, 34, 33, 63 of 90,112
	}
}
