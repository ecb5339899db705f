package exec_test

import (
	"encoding/binary"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// im2cProbe is one case of tools/record/im2c_probe.cu: an im2col map of a
// u32 NHWC tensor [2][4][5][8] (iota), shared word i = 0xA0000000 | i
// (reduce: 0x100 + i), one im2col_no_offs store (or reduce-add) at c.
type im2cProbe struct {
	red          bool
	lower, upper [2]int32
	cpp, ppc     uint32
	estr         [4]uint32
	swz          tma.Swizzle
	c            [4]int32
}

func (p im2cProbe) ptx() string {
	op := "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group"
	fill := "or.b32 %r5, %r4, 0xA0000000;"
	if p.red {
		op = "cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group"
		fill = "add.u32 %r5, %r4, 0x100;"
	}
	return header + fmt.Sprintf(`
.visible .entry k(.param .align 64 .b8 tmap[128])
{
	.reg .pred %%p<2>;
	.reg .b32 %%r<16>;
	.reg .b64 %%rd<4>;
	.shared .align 1024 .b8 buf[8192];
	mov.b64 %%rd1, tmap;
	cvta.param.u64 %%rd2, %%rd1;
	mov.u32 %%r1, %%tid.x;
	mov.u32 %%r2, buf;
	mov.u32 %%r4, %%r1;
FILL:
	%s
	shl.b32 %%r6, %%r4, 2;
	add.u32 %%r7, %%r2, %%r6;
	st.shared.u32 [%%r7], %%r5;
	add.u32 %%r4, %%r4, 128;
	setp.lt.u32 %%p1, %%r4, 2048;
	@%%p1 bra FILL;
	fence.proxy.async.shared::cta;
	bar.sync 0;
	setp.ne.u32 %%p1, %%r1, 0;
	@%%p1 bra END;
	mov.u32 %%r8, %d;
	mov.u32 %%r9, %d;
	mov.u32 %%r10, %d;
	mov.u32 %%r11, %d;
	%s [%%rd2, {%%r8, %%r9, %%r10, %%r11}], [%%r2];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
END:
	ret;
}
`, fill, p.c[0], p.c[1], p.c[2], p.c[3], op)
}

// run returns the words of the tensor that no longer hold their index.
func (p im2cProbe) run(t *testing.T) (map[int]uint32, error) {
	t.Helper()
	prog, err := ptx.Load("im2c.ptx", []byte(p.ptx()))
	require.NoError(t, err)
	k, err := exec.Compile(prog, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	const n = 2 * 4 * 5 * 8
	o := g.Alloc("o", 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(o.Data[4*i:], uint32(i))
	}
	m := tma.Tiled(tma.U32, o.Base, []uint64{8, 5, 4, 2}, []uint64{32, 160, 640}, []uint32{1, 1, 1, 1})
	m.Im2col = &tma.Im2colParams{LowerCorner: p.lower[:], UpperCorner: p.upper[:], ChannelsPerPixel: p.cpp, PixelsPerColumn: p.ppc}
	if p.estr != [4]uint32{} {
		m.ElementStrides = p.estr[:]
	}
	m.Swizzle = p.swz
	require.Nil(t, m.Validate())
	enc := m.Encode()
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{128, 1, 1}, Params: enc[:], Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	changed := map[int]uint32{}
	for i := 0; i < n; i++ {
		if v := binary.LittleEndian.Uint32(o.Data[4*i:]); v != uint32(i) {
			changed[i] = v
		}
	}
	return changed, err
}

// run of words: start index i0 holding v0, v0+1, ... (n words).
func words(out map[int]uint32, i0 int, v0 uint32, n int) {
	for i := 0; i < n; i++ {
		out[i0+i] = v0 + uint32(i)
	}
}

// TestTMAIm2colStoreProbe replays the H200 cases of tools/record/im2c_probe.cu
// (2026-11-21, two device calls): the words each store changed, or the fault
// (cudaErrorIllegalInstruction / cudaErrorMisalignedAddress) as an error.
func TestTMAIm2colStoreProbe(t *testing.T) {
	z, m1 := [2]int32{0, 0}, [2]int32{-1, -1}
	one := [4]uint32{1, 1, 1, 1}
	wantOf := func(f func(map[int]uint32)) map[int]uint32 { m := map[int]uint32{}; f(m); return m }
	for _, tc := range []struct {
		name string
		p    im2cProbe
		want map[int]uint32
		err  string
	}{
		{"0 baseline", im2cProbe{false, z, z, 8, 20, one, 0, [4]int32{}}, wantOf(func(m map[int]uint32) { words(m, 0, 0xA0000000, 160) }), ""},
		{"1 lower -1", im2cProbe{false, m1, m1, 8, 12, one, 0, [4]int32{}}, nil, "pixel box corner of W is lower -1, upper -1"},
		{"2 W negative", im2cProbe{false, m1, z, 8, 12, one, 0, [4]int32{0, -1, 0, 0}}, nil, "coordinate 1 is negative (-1)"},
		{"4 N negative", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{0, 0, 0, -1}}, nil, "coordinate 3 is negative (-1)"},
		{"5 C negative", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{-8, 0, 0, 0}}, nil, "coordinate 0 is negative (-8)"},
		{"6 C misaligned", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{1, 0, 0, 0}}, nil, "= 4 bytes is not a multiple of 16"},
		{"7 channels past C", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{4, 0, 0, 0}}, wantOf(func(m map[int]uint32) {
			for p := 0; p < 12; p++ {
				words(m, 8*p+4, 0xA0000000+uint32(8*p), 4)
			}
		}), ""},
		{"8 W start past the box", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{0, 6, 0, 0}}, nil, "W coordinate 6 is outside the pixel box [0, 4]"},
		{"12 one pixel", im2cProbe{false, z, z, 4, 1, one, 0, [4]int32{4, 2, 1, 1}}, wantOf(func(m map[int]uint32) { words(m, 220, 0xA0000000, 4) }), ""},
		{"13 wholly past N", im2cProbe{false, z, z, 8, 12, one, 0, [4]int32{0, 0, 0, 2}}, map[int]uint32{}, ""},
		{"14 start below the box", im2cProbe{false, [2]int32{1, 1}, z, 8, 12, one, 0, [4]int32{}}, nil, "W coordinate 0 is outside the pixel box [1, 4]"},
		{"18 last pixel, then past N", im2cProbe{false, z, z, 8, 4, one, 0, [4]int32{0, 4, 3, 1}}, wantOf(func(m map[int]uint32) { words(m, 312, 0xA0000000, 8) }), ""},
		{"21 upper +1, walk inside", im2cProbe{false, z, [2]int32{1, 0}, 8, 5, one, 0, [4]int32{}}, nil, "pixel box corner of W is lower 0, upper 1"},
		{"27 lower 1,1 wraps to w 1", im2cProbe{false, [2]int32{1, 1}, z, 8, 5, one, 0, [4]int32{0, 1, 1, 0}}, wantOf(func(m map[int]uint32) {
			words(m, 48, 0xA0000000, 32)
			words(m, 88, 0xA0000020, 8)
		}), ""},
		{"29 strides 2", im2cProbe{false, z, z, 8, 6, [4]uint32{1, 2, 2, 1}, 0, [4]int32{}}, wantOf(func(m map[int]uint32) {
			for p, i := range []int{0, 16, 32, 80, 96, 112} {
				words(m, i, 0xA0000000+uint32(8*p), 8)
			}
		}), ""},
		{"31 lower -1, one pixel inside", im2cProbe{false, m1, m1, 8, 1, one, 0, [4]int32{}}, nil, "lower -1, upper -1"},
		{"36 upper 0,1", im2cProbe{false, z, [2]int32{0, 1}, 8, 6, one, 0, [4]int32{0, 0, 3, 0}}, nil, "pixel box corner of H is lower 0, upper 1"},
		{"37 reduce add, upper -1,-1", im2cProbe{true, z, m1, 8, 12, one, 0, [4]int32{}}, wantOf(func(m map[int]uint32) {
			for p := 0; p < 12; p++ {
				i := 40*(p/4) + 8*(p%4)
				for c := 0; c < 8; c++ {
					m[i+c] = uint32(i+c) + 0x100 + uint32(8*p+c)
				}
			}
		}), ""},
		{"39 W past a smaller box", im2cProbe{false, z, [2]int32{-2, -2}, 8, 1, one, 0, [4]int32{0, 4, 0, 0}}, nil, "W coordinate 4 is outside the pixel box [0, 2]"},
		{"40 H past the box", im2cProbe{false, z, m1, 8, 1, one, 0, [4]int32{0, 0, 3, 0}}, nil, "H coordinate 3 is outside the pixel box [0, 2]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.p.run(t)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				assert.Contains(t, err.Error(), "illegal-instruction fault")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
