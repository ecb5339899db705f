package validation

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const mixPTX = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry mix(
	.param .u64 .ptr .global .align 16 mix_out,
	.param .u8 mix_b,
	.param .u32 mix_n,
	.param .align 8 .b8 mix_s[24],
	.param .f32 mix_f,
	.param .u64 mix_in
)
{
	ret;
}
`

const mixSpec = `kernel: mix
grid: [4, 1, 1]
block: [32, 1, 1]
cluster: [2, 1, 1]
seed: 5
buffers:
  in:  {dtype: u32, shape: [3], init: iota}
  out: {dtype: f32, shape: [4]}
params:
  - {buffer: out, offset: 4}
  - {u8: 7}
  - {u32: 16909060}
  - {bytes: 24, hex: "000102030405060708090a0b0c0d0e0f1011121314151617"}
  - {f32: 1.5}
  - {buffer: in}
outputs: [out]
`

// writeKernel puts a PTX and a spec in a fresh directory.
func writeKernel(t *testing.T, ptxText, spec string) (ptxPath, specPath string) {
	t.Helper()
	dir := t.TempDir()
	ptxPath, specPath = filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml")
	require.NoError(t, os.WriteFile(ptxPath, []byte(ptxText), 0o644))
	require.NoError(t, os.WriteFile(specPath, []byte(spec), 0o644))
	return ptxPath, specPath
}

// The runner's packing: every parameter at the offset the .entry signature
// gives it, buffer addresses plus offsets, scalars little-endian, and one
// offset per parameter for cuLaunchKernelEx.
func TestPlanPacksTheEntrySignature(t *testing.T) {
	ptxPath, specPath := writeKernel(t, mixPTX, mixSpec)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	assert.Equal(t, "mix", plan.Kernel)
	addr := map[string]uint64{"in": 0x7f0000100000, "out": 0x7f0000200000}
	p, err := plan.Pack(func(n string) uint64 { return addr[n] }, nil)
	require.NoError(t, err)
	assert.Equal(t, []int{0, 8, 12, 16, 40, 48}, p.Offsets)
	require.Len(t, p.Block, 56)
	le := binary.LittleEndian
	assert.Equal(t, addr["out"]+4, le.Uint64(p.Block[0:]))
	assert.Equal(t, byte(7), p.Block[8])
	assert.Equal(t, []byte{0, 0, 0}, p.Block[9:12], "padding is zero")
	assert.Equal(t, uint32(0x01020304), le.Uint32(p.Block[12:]))
	for i := 0; i < 24; i++ {
		assert.Equal(t, byte(i), p.Block[16+i])
	}
	assert.Equal(t, math.Float32bits(1.5), le.Uint32(p.Block[40:]))
	assert.Equal(t, addr["in"], le.Uint64(p.Block[48:]))
	assert.Equal(t, ParamSlot{Name: "mix_s", Offset: 16, Size: 24, Align: 8}, p.Layout[3])
	assert.Equal(t, []byte{0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0}, plan.Buffer("in").Data, "iota input")
}

func TestPlanInputErrors(t *testing.T) {
	cases := map[string]struct{ ptx, spec, want string }{
		"param size": {mixPTX, replace(mixSpec, "{u8: 7}", "{u16: 7}"), "param 1: the spec gives u16, 2 bytes"},
		"no entry":   {mixPTX, replace(mixSpec, "kernel: mix", "kernel: nope"), `kernel "nope"`},
		"bad ptx":    {"this is not ptx", mixSpec, "kernel.ptx:1:"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			ptxPath, specPath := writeKernel(t, c.ptx, c.spec)
			_, err := PlanGPU(ptxPath, specPath, "")
			require.Error(t, err)
			var ie *InputError
			assert.ErrorAs(t, err, &ie)
			assert.Contains(t, err.Error(), c.want)
		})
	}
	_, err := PlanGPU("testdata/none/kernel.ptx", "testdata/none/launch.yaml", "")
	assert.ErrorContains(t, err, "no such file")
}

func replace(s, old, new string) string {
	if !strings.Contains(s, old) {
		panic("replace: " + old + " not found")
	}
	return strings.Replace(s, old, new, 1)
}

// The runner's plan reproduces what the corpus recorder (a separate Python
// implementation) recorded: the parameter layout and the sha256 of every
// input buffer.
func TestPlanMatchesRecordedProvenance(t *testing.T) {
	n := 0
	for _, dir := range corpusDirs(t) {
		prov := readJSONMap(dir, "provenance.json")
		if prov == nil {
			continue
		}
		n++
		t.Run(filepath.Base(dir), func(t *testing.T) {
			plan, err := PlanGPU(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "")
			require.NoError(t, err)
			p, err := plan.Pack(func(string) uint64 { return 0 }, nil)
			require.NoError(t, err)
			var layout []ParamSlot
			b, _ := json.Marshal(prov["param_layout"])
			require.NoError(t, json.Unmarshal(b, &layout))
			require.Len(t, p.Layout, len(layout))
			for i, want := range layout {
				assert.Equal(t, want.Offset, p.Layout[i].Offset, "param %d", i)
				assert.Equal(t, want.Size, p.Layout[i].Size, "param %d", i)
			}
			inputs, _ := prov["inputs"].(map[string]any)
			for _, buf := range plan.Bufs {
				in, ok := inputs[buf.Name].(map[string]any)
				if ok && isTensorMapBuffer(plan.Spec, buf.Name) {
					// Encoded maps hold the run's addresses: no hash.
					assert.NotNil(t, in["tensormaps"], "input %s", buf.Name)
					continue
				}
				if assert.True(t, ok, "provenance has input %s", buf.Name) {
					assert.Equal(t, in["sha256"], sha256Hex(buf.Data), "input %s", buf.Name)
				}
			}
		})
	}
	if n == 0 {
		t.Skip("no recorded corpus")
	}
}
