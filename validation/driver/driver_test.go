package driver

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenMissingLibrary(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	d, err := Open(lib, 0)
	require.Error(t, err)
	assert.Nil(t, d)
	assert.True(t, IsNoDevice(err), "%T %v", err, err)
	assert.Regexp(t, `^(no CUDA driver found: .*libcuda\.so\.1|built without cgo)`, err.Error())
	assert.NotContains(t, err.Error(), "\n")
}

func TestErrorText(t *testing.T) {
	e := &Error{Call: "cuModuleLoadDataEx", Code: 218, Name: "CUDA_ERROR_INVALID_PTX",
		Detail: "a PTX JIT compilation failed", Log: "ptxas error: bad"}
	assert.Equal(t, "cuModuleLoadDataEx: CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed\nJIT log:\nptxas error: bad", e.Error())
	assert.True(t, IsCompileError(e))
	assert.False(t, IsCompileError(&Error{Code: 700}))
	assert.False(t, IsNoDevice(e))
}

// openGPU opens the real driver or skips the test.
func openGPU(t *testing.T) *Device {
	d, err := Open(os.Getenv("SM90SIM_LIBCUDA"), 0)
	if IsNoDevice(err) {
		t.Skip(err)
	}
	require.NoError(t, err)
	t.Cleanup(d.Close)
	return d
}

func TestSmokeOnGPU(t *testing.T) {
	d := openGPU(t)
	info, err := d.Info()
	require.NoError(t, err)
	t.Logf("%s, driver API %d, %v", info.Name, info.DriverVersion, info.Attributes)
	src, err := os.ReadFile("testdata/smoke.ptx")
	require.NoError(t, err)
	m, err := d.LoadModule(src)
	require.NoError(t, err)
	defer m.Unload()
	f, err := m.Function("smoke")
	require.NoError(t, err)
	assert.Contains(t, f.Attributes(), "num_regs")

	const n = 256
	in := make([]byte, 4*n)
	for i := 0; i < n; i++ {
		binary.LittleEndian.PutUint32(in[4*i:], uint32(i))
	}
	pin, err := d.Alloc(len(in))
	require.NoError(t, err)
	pout, err := d.Alloc(len(in))
	require.NoError(t, err)
	assert.Zero(t, pin%256)
	require.NoError(t, d.CopyIn(pin, in))
	block := make([]byte, 24)
	binary.LittleEndian.PutUint64(block[0:], pin)
	binary.LittleEndian.PutUint32(block[8:], 3)
	binary.LittleEndian.PutUint64(block[16:], pout)
	p := Params{Block: block, Offsets: []int{0, 8, 16}}
	for _, cl := range []bool{false, true} {
		cfg := LaunchConfig{Grid: [3]int{4, 1, 1}, Block: [3]int{64, 1, 1}, Cluster: [3]int{2, 1, 1}, ClusterGiven: cl}
		require.NoError(t, f.Prepare(cfg))
		ms, err := f.TimedRun(cfg, p)
		require.NoError(t, err)
		assert.Greater(t, ms, 0.0)
		out := make([]byte, len(in))
		require.NoError(t, d.CopyOut(out, pout))
		for i := 0; i < n; i++ {
			want := uint32(3 * i)
			if cl {
				want += uint32(i / 64 % 2)
			}
			require.Equal(t, want, binary.LittleEndian.Uint32(out[4*i:]), "cluster %v element %d", cl, i)
		}
	}
	require.NoError(t, d.Free(pin))
	require.NoError(t, d.Free(pout))
}

func TestJITLogOnGPU(t *testing.T) {
	d := openGPU(t)
	_, err := d.LoadModule([]byte(".version 8.0\n.target sm_90a\n.address_size 64\n.visible .entry k() { bogus.u32 %r1; ret; }\n"))
	require.Error(t, err)
	assert.True(t, IsCompileError(err), "%v", err)
	assert.Contains(t, err.Error(), "JIT log:")
	t.Log(err)
}

func TestEncodeTensorMapOnGPU(t *testing.T) {
	d := openGPU(t)
	p, err := d.Alloc(200 * 150 * 2)
	require.NoError(t, err)
	defer d.Free(p)
	a := TensorMapArgs{DType: 6, GlobalAddress: p, Dims: []uint64{200, 150}, Strides: []uint64{512},
		Box: []uint32{64, 16}, ElementStrides: []uint32{1, 1}, Swizzle: 3}
	m, err := d.EncodeTensorMap(a)
	require.NoError(t, err)
	assert.NotEqual(t, [TensorMapBytes]byte{}, m)
	t.Logf("%x", m)
	a.Box = []uint32{512, 16} // boxDim above 256
	_, err = d.EncodeTensorMap(a)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "cuTensorMapEncodeTiled: CUDA_ERROR_")
}

// TestFaultOnGPU stays the last GPU test: the fault is sticky in the primary context,
// which later Opens in this process retain again.
func TestFaultOnGPU(t *testing.T) {
	d := openGPU(t)
	src, err := os.ReadFile("testdata/smoke.ptx")
	require.NoError(t, err)
	m, err := d.LoadModule(src)
	require.NoError(t, err)
	f, err := m.Function("fault")
	require.NoError(t, err)
	err = f.Run(LaunchConfig{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}}, Params{})
	require.Error(t, err)
	t.Log(err)
	assert.Contains(t, err.Error(), "CUDA_ERROR_")
}

func TestParamsCheck(t *testing.T) {
	assert.NoError(t, Params{}.check())
	assert.NoError(t, Params{Block: make([]byte, 16), Offsets: []int{0, 8}}.check())
	err := Params{Block: make([]byte, 16), Offsets: []int{0, 16}}.check()
	assert.ErrorContains(t, err, "parameter 1 at offset 16 lies outside the 16-byte block")
	assert.Error(t, Params{Offsets: []int{0}}.check())
}

func TestTensorMapArgsCheck(t *testing.T) {
	ok := TensorMapArgs{Dims: []uint64{64, 8}, Strides: []uint64{128}, Box: []uint32{16, 2}, ElementStrides: []uint32{1, 1}}
	assert.NoError(t, ok.check())
	bad := ok
	bad.Strides = nil
	assert.ErrorContains(t, bad.check(), "rank 2 needs 1 strides")
	assert.Error(t, (&TensorMapArgs{}).check())
}

func TestIm2colArgsCheck(t *testing.T) {
	ok := TensorMapArgs{Dims: []uint64{16, 7, 6}, Strides: []uint64{64, 448}, ElementStrides: []uint32{1, 1, 1},
		Im2col: &Im2colArgs{PixelBoxLower: []int32{-1}, PixelBoxUpper: []int32{1}, ChannelsPerPixel: 16, PixelsPerColumn: 8}}
	assert.NoError(t, ok.check(), "no box needed")
	assert.Equal(t, "cuTensorMapEncodeIm2col", ok.Call())
	bad := ok
	bad.Im2col = &Im2colArgs{PixelBoxLower: []int32{-1, 0}, PixelBoxUpper: []int32{1}}
	assert.ErrorContains(t, bad.check(), "cuTensorMapEncodeIm2col: BAD_ARGUMENTS")
	bad = ok
	bad.Dims, bad.Strides, bad.ElementStrides = []uint64{16, 7}, []uint64{64}, []uint32{1, 1}
	assert.ErrorContains(t, bad.check(), "rank 2 (3..5)")
}
