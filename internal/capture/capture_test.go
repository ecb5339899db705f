package capture

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/npy"
	"github.com/sm90sim/sm90sim/ptx"
)

// A hand-built capture, as the interposer writes it: a kernel
// k(float *out /* at +256 of allocation 0 */, u32 n, Params p /* 256 bytes:
// u64 at 0 holding a pointer into allocation 1 at +64, u32 at 8, a tensor
// map at 128 over allocation 1 at +4096 */, CUtensorMap m /* over
// allocation 2 */).
const (
	base0 = 0x7f0000000000
	base1 = 0x7f0000100000
	base2 = 0x7f0000200000
)

type dumpFixture struct {
	dir   string
	block []byte
	maps  map[int][]byte // parameter-block offset -> encoded map bytes
}

func writeDump(t *testing.T) *dumpFixture {
	t.Helper()
	dir := t.TempDir()
	block := make([]byte, 256+256+128)
	binary.LittleEndian.PutUint64(block[0:], base0+256)
	binary.LittleEndian.PutUint32(block[8:], 1000)
	binary.LittleEndian.PutUint64(block[256:], base1+64)
	binary.LittleEndian.PutUint32(block[264:], 0xdeadbeef)
	maps := map[int][]byte{}
	for _, off := range []int{256 + 128, 512} {
		enc := make([]byte, 128)
		for i := range enc {
			enc[i] = byte(off + i*7)
		}
		copy(block[off:], enc)
		maps[off] = enc
	}
	launchTxt := fmt.Sprintf(`name _Z1kPfj6ParamsN
image 0
via cuLaunchKernelEx
launch 2
grid 4 2 1
block 128 1 1
cluster 2 1 1
shared 1024
regs 40
params_passed kernelParams
param 0 0 8
param 1 8 4
param 2 256 256
param 3 512 128
tmap 384 tiled 6 2 0 3 2 0 %d dims 64 32 strides 128 box 64 16 estr 1 1
tmap 512 tiled 9 1 0 0 0 1 %d dims 512 strides box 256 estr 1
buf 0 %d 4096 0
buf 1 %d 8192 0
buf 2 %d 1024 0
result 0 0
after 0 0
after 1 0
after 2 0
done
`, base1+4096, base2, base0, base1, base2)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "launch.txt"), []byte(launchTxt), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "params.bin"), block, 0o644))
	sizes := []int{4096, 8192, 1024}
	for i, n := range sizes {
		before, after := make([]byte, n), make([]byte, n)
		if i == 1 { // an input
			for k := range before {
				before[k] = byte(k * 3)
			}
			copy(after, before)
		}
		if i == 0 { // the output: zeros before
			for k := 256; k < 4096; k++ {
				after[k] = byte(k)
			}
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("buf%d.before", i)), before, 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, fmt.Sprintf("buf%d.after", i)), after, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "images.txt"), []byte("0 ptx 40\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "img0.bin"), []byte(".version 8.0\n.entry _Z1kPfj6ParamsN(\n)\x00"), 0o644))
	return &dumpFixture{dir, block, maps}
}

func TestBuildSpecFromDump(t *testing.T) {
	fx := writeDump(t)
	d, err := ReadDump(fx.dir)
	require.NoError(t, err)
	assert.Equal(t, [3]int{2, 1, 1}, d.Cluster)
	assert.Equal(t, 40, d.Regs)
	require.Len(t, d.TensorMaps, 2)
	assert.Equal(t, []uint64{64, 32}, d.TensorMaps[0].Dims)
	assert.Equal(t, []uint64{}, d.TensorMaps[1].Strides)

	c, err := Build(d)
	require.NoError(t, err)
	t.Log(c.Spec)
	for _, want := range []string{
		"kernel: _Z1kPfj6ParamsN\n", "grid: [4, 2, 1]\n", "cluster: [2, 1, 1]\n", "shared_bytes: 1024\n",
		"registers: 40\n",                    // the driver's NUM_REGS (images.txt: 40)
		"  b0: {dtype: u8, shape: [4096]}\n", // zeros before: no file
		"  b1: {file: b1.npy}\n",
		"  b2: {dtype: bf16, shape: [512]}\n", // the map over it says bf16
		"  t0: {buffer: b1, offset: 4096, dtype: f16, dims: [64, 32], strides: [128], box: [64, 16], interleave: none, swizzle: 128B, l2_promotion: 128B, oob_fill: zero}\n",
		"  - {buffer: b0, offset: 256}\n", "  - {u32: 1000}\n",
		"fields: [{offset: 0, buffer: b1, buffer_offset: 64}, {offset: 128, tensormap: t0}]}\n",
		"  - {tensormap: t1}\n", "outputs: [b0]\n",
	} {
		assert.Contains(t, c.Spec, want)
	}
	// The spec parses, and packing it with the captured addresses and map
	// encodings gives back the captured parameter block byte for byte.
	s, err := launch.Parse("launch.yaml", []byte(c.Spec))
	require.NoError(t, err)
	assert.Equal(t, 40, s.Registers, "a timed run's occupancy uses what ptxas allocated")
	addr := map[string]uint64{"b0": base0, "b1": base1, "b2": base2}
	tmOff := map[string]int{"t0": 384, "t1": 512}
	params := []ptx.Param{{Name: "p0", Offset: 0, Size: 8}, {Name: "p1", Offset: 8, Size: 4},
		{Name: "p2", Offset: 256, Size: 256}, {Name: "p3", Offset: 512, Size: 128}}
	blk, err := s.PackParamsMaps(params, func(n string) uint64 { return addr[n] }, func(n string) ([]byte, error) {
		return fx.maps[tmOff[n]], nil
	})
	require.NoError(t, err)
	assert.Equal(t, fx.block, blk)
	// inputs and outputs
	_, shape, data, err := npy.Decode(c.Files["b1.npy"])
	require.NoError(t, err)
	assert.Equal(t, []int{4096}, shape, "f16, as the map over it says")
	assert.Equal(t, byte(3), data[1])
	_, _, out, err := npy.Decode(c.Files["gpu/b0.npy"])
	require.NoError(t, err)
	assert.Equal(t, byte(0), out[255])
	assert.Equal(t, byte(0x01), out[257])
	assert.Equal(t, []string{"b0"}, c.Outputs)

	ptxText, src, err := FindPTX(fx.dir, d, "", nil)
	require.NoError(t, err)
	assert.Equal(t, "ptx image", src.Kind)
	assert.True(t, DefinesEntry(ptxText, d.Name))
	assert.False(t, strings.HasSuffix(string(ptxText), "\x00"))

	out2 := filepath.Join(t.TempDir(), "k-2")
	require.NoError(t, Write(out2, ptxText, c, map[string]any{"kernel": d.Name}))
	s2, err := launch.Load(filepath.Join(out2, "launch.yaml"))
	require.NoError(t, err)
	bufs, err := s2.MakeBuffers()
	require.NoError(t, err)
	assert.Equal(t, 8192, len(bufs[1].Data))
	assert.Equal(t, launch.F16, bufs[1].DType)
}

func TestBuildRefuses(t *testing.T) {
	fx := writeDump(t)
	d, err := ReadDump(fx.dir)
	require.NoError(t, err)
	bad := *d
	bad.Done = false
	_, err = Build(&bad)
	assert.ErrorContains(t, err, "did not finish")
	bad = *d
	bad.LaunchResult = 719
	_, err = Build(&bad)
	assert.ErrorContains(t, err, "CUresult 719")
	bad = *d
	bad.TensorMaps = append([]TensorMap{}, d.TensorMaps...)
	bad.TensorMaps[1].Address = 0x1000
	_, err = Build(&bad)
	assert.ErrorContains(t, err, "points at 0x1000, inside no device allocation")

	require.NoError(t, os.WriteFile(filepath.Join(fx.dir, "launch.txt"),
		[]byte("name k\nimage -1\nerror 3 buffers of 99 bytes in all, more than --max-bytes 10\n"), 0o644))
	d, err = ReadDump(fx.dir)
	require.NoError(t, err)
	_, err = Build(d)
	assert.ErrorContains(t, err, "more than --max-bytes 10")
}

func TestLargeOutputIsSampled(t *testing.T) {
	n := 2<<20 + 8
	after := make([]byte, n)
	for i := range after {
		after[i] = byte(i / 4)
	}
	d := &Dump{Name: "k", Done: true, Params: []ParamInfo{{0, 8}}, ParamBlock: binary.LittleEndian.AppendUint64(nil, 0x1000),
		Buffers: []Buffer{{Base: 0x1000, Size: n, Before: make([]byte, n), After: after}}}
	c, err := Build(d)
	require.NoError(t, err)
	assert.NotContains(t, c.Files, "gpu/b0.npy")
	assert.Contains(t, string(c.Files["gpu/b0.meta.json"]), `"stride": 512`)
	_, shape, data, err := npy.Decode(c.Files["gpu/b0.sample.npy"])
	require.NoError(t, err)
	assert.Equal(t, []int{4096}, shape)
	assert.Equal(t, byte(512/4), data[1], "element 1 of the sample is element 512")
}

func TestShortName(t *testing.T) {
	for in, want := range map[string]string{
		"_Z9transposePfPKfi": "transpose",
		"_ZN7cutlass13device_kernelINS_4gemm6kernel13GemmUniversalIN4cute5tupleIJiiiEEE": "device_kernel",
		"_Z11gemm_deviceIN4cute5tupleIJiiiEEE":                                           "gemm_device",
		"_Z12saxpy_struct4ArgsPf":                                                        "saxpy_struct",
		"_ZNK3foo3barEv":                                                                 "bar",
		"matmul_kernel":                                                                  "matmul_kernel",
		"a<b>::c":                                                                        "abc",
	} {
		assert.Equal(t, want, ShortName(in), in)
	}
}

func TestFindPTXInTritonCache(t *testing.T) {
	fx := writeDump(t)
	cubin := []byte("\x7fELF....the cubin bytes....")
	require.NoError(t, os.WriteFile(filepath.Join(fx.dir, "images.txt"), []byte("0 ptx 40\n1 cubin 27\n"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(fx.dir, "img1.bin"), cubin, 0o644))
	cache := t.TempDir()
	for _, sub := range []string{"aaa", "bbb"} {
		require.NoError(t, os.MkdirAll(filepath.Join(cache, sub), 0o755))
	}
	// another kernel of the same name compiled with other constants
	require.NoError(t, os.WriteFile(filepath.Join(cache, "aaa", "k.cubin"), []byte("\x7fELF....other cubin.......!"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(cache, "aaa", "k.ptx"), []byte("wrong"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(cache, "bbb", "k.cubin"), cubin, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(cache, "bbb", "k.ptx"), []byte("right"), 0o644))
	d, err := ReadDump(fx.dir)
	require.NoError(t, err)
	d.Image = 1
	ptxText, src, err := FindPTX(fx.dir, d, "", []string{cache})
	require.NoError(t, err)
	assert.Equal(t, "right", string(ptxText))
	assert.Equal(t, PTXSource{Kind: "triton cache", Path: filepath.Join(cache, "bbb", "k.ptx")}, src)

	_, _, err = FindPTX(fx.dir, d, "", []string{t.TempDir()})
	assert.ErrorContains(t, err, "cubin (SASS only)")
	assert.ErrorContains(t, err, "compute_90a")
}

func TestParseTMapIm2col(t *testing.T) {
	tm, err := parseTMap(strings.Fields("64 im2col 6 4 0 3 2 0 4096 dims 64 8 8 2 strides 128 1024 8192 box estr 1 1 1 1 lower -1 -1 upper 1 1 cpp 64 ppc 32 cleared_bit21"))
	require.NoError(t, err)
	assert.True(t, tm.Im2col)
	assert.True(t, tm.ClearedBit21)
	assert.Equal(t, []int32{-1, -1}, tm.Lower)
	assert.Equal(t, []int32{1, 1}, tm.Upper)
	assert.Equal(t, uint32(64), tm.ChannelsPerPixel)
	assert.Equal(t, uint32(32), tm.PixelsPerColumn)
	assert.Equal(t, []uint64{128, 1024, 8192}, tm.Strides)
	_, err = parseTMap(strings.Fields("0 tiled 6 2 0 0 0 0 4096 dims 64 strides box 64 estr 1"))
	assert.ErrorContains(t, err, "rank 2 with 1 dims")
}

func TestBuildIm2colMapParses(t *testing.T) {
	tm, err := parseTMap(strings.Fields("0 im2col 6 4 0 3 2 0 4160 dims 64 8 8 2 strides 128 1024 8192 box estr 1 1 1 1 lower -1 -1 upper 1 1 cpp 64 ppc 32"))
	require.NoError(t, err)
	d := &Dump{Name: "k", Done: true, Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: []ParamInfo{{0, 128}}, ParamBlock: make([]byte, 128), TensorMaps: []TensorMap{tm},
		Buffers: []Buffer{{Base: 4096, Size: 16448, Before: make([]byte, 16448), After: make([]byte, 16448)}}}
	c, err := Build(d)
	require.NoError(t, err)
	assert.Contains(t, c.Spec, "t0: {buffer: b0, offset: 64, dtype: f16, dims: [64, 8, 8, 2], strides: [128, 1024, 8192], mode: im2col, pixel_box_lower: [-1, -1], pixel_box_upper: [1, 1], channels_per_pixel: 64, pixels_per_column: 32")
	s, err := launch.Parse("launch.yaml", []byte(c.Spec))
	require.NoError(t, err)
	require.NotNil(t, s.TensorMap("t0").Im2col)
	assert.Equal(t, []string(nil), c.Outputs, "nothing changed: no outputs")
}
