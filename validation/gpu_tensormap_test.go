package validation

import (
	"bytes"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/validation/driver"
)

const tmapPTX = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry tm(
	.param .align 128 .b8 tm_a[128],
	.param .u64 tm_out,
	.param .align 128 .b8 tm_s[256],
	.param .u64 tm_maps
)
{
	ret;
}
`

const tmapSpecText = `kernel: tm
grid: [1]
block: [32]
buffers:
  a:    {dtype: f16, shape: [150, 256], init: iota}
  out:  {dtype: u32, shape: [16]}
  maps: {tensormaps: [tB, tA]}
tensormaps:
  tA: {buffer: a, dtype: f16, dims: [200, 150], strides: [512], box: [64, 16], swizzle: 128B, oob_fill: nan}
  tB: {buffer: a, dtype: bf16, dims: [256], box: [32], l2_promotion: 256B}
params:
  - {tensormap: tA}
  - {buffer: out}
  - {bytes: 256, fields: [{offset: 0, tensormap: tB}, {offset: 128, u32: 7}]}
  - {buffer: maps}
outputs: [out]
`

// Tensor maps reach the GPU run as the driver encodes them: the params get
// each map's bytes at its offset, {tensormaps: [...]} buffers get the maps
// in order, and cuTensorMapEncodeTiled gets the spec's enum values and the
// buffer's address.
func TestTensorMapsInTheGPUPlan(t *testing.T) {
	ptxPath, specPath := writeKernel(t, tmapPTX, tmapSpecText)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	addr := map[string]uint64{"a": 0x7f0000100000, "out": 0x7f0000200000, "maps": 0x7f0000300000}
	at := func(n string) uint64 { return addr[n] }

	p, err := plan.Pack(at, nil)
	require.NoError(t, err, "layout-only packing needs no maps")
	assert.Equal(t, []int{0, 128, 256, 512}, p.Offsets)
	assert.Equal(t, make([]byte, 128), p.Block[:128])

	fake := map[string][]byte{"tA": bytes.Repeat([]byte{0xA1}, 128), "tB": bytes.Repeat([]byte{0xB2}, 128)}
	p, err = plan.Pack(at, fake)
	require.NoError(t, err)
	require.Len(t, p.Block, 520)
	le := binary.LittleEndian
	assert.Equal(t, fake["tA"], p.Block[0:128])
	assert.Equal(t, addr["out"], le.Uint64(p.Block[128:]))
	assert.Equal(t, fake["tB"], p.Block[256:384])
	assert.Equal(t, uint32(7), le.Uint32(p.Block[384:]))
	assert.Equal(t, addr["maps"], le.Uint64(p.Block[512:]))

	_, err = plan.Pack(at, map[string][]byte{"tA": fake["tA"]})
	assert.ErrorContains(t, err, "tensor map tB was not encoded")

	bufs := deviceBuffers(plan.Spec, plan.Bufs, fake)
	maps := bufs[2]
	assert.Equal(t, "maps", maps.Name)
	assert.Equal(t, append(append([]byte{}, fake["tB"]...), fake["tA"]...), maps.Data)
	assert.Equal(t, make([]byte, 256), plan.Buffer("maps").Data, "the plan's copy stays pristine")
	assert.Same(t, plan.Bufs[0], bufs[0])
	assert.True(t, isTensorMapBuffer(plan.Spec, "maps"))
	assert.False(t, isTensorMapBuffer(plan.Spec, "a"))

	tA, tB := plan.Spec.TensorMap("tA"), plan.Spec.TensorMap("tB")
	assert.Equal(t, driver.TensorMapArgs{DType: 6, GlobalAddress: addr["a"], Dims: []uint64{200, 150},
		Strides: []uint64{512}, Box: []uint32{64, 16}, ElementStrides: []uint32{1, 1}, Swizzle: 3, OOBFill: 1},
		tensorMapArgs(tA, addr["a"]))
	argsB := tensorMapArgs(tB, addr["a"])
	assert.Equal(t, 9, argsB.DType, "bf16")
	assert.Equal(t, 3, argsB.L2Promotion, "256B")
	assert.Equal(t, []uint64{}, argsB.Strides)

	rec := tensorMapRecord(tA, fake["tA"], addr["a"])
	assert.Equal(t, "f16", rec.DType)
	assert.Equal(t, "128B", rec.Swizzle)
	assert.Equal(t, "nan", rec.OOBFill)
	assert.Equal(t, "none", rec.L2Promotion)
	assert.Equal(t, &TensorMapEnums{DType: 6, Swizzle: 3, OOBFill: 1}, rec.Enums)
	assert.Equal(t, "0x7f0000100000", rec.GlobalAddress)
	assert.Len(t, rec.EncodedHex, 256)
}

// A recording of a tensor-map kernel writes provenance as record.py does:
// launch_mode, the maps, and no hash for the buffers of encoded maps.
func TestSaveRecordingTensorMaps(t *testing.T) {
	ptxPath, specPath := writeKernel(t, tmapPTX, tmapSpecText)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	run := fakeRun(plan)
	run.Info.LaunchMode = driver.LaunchMode
	run.Info.TensorMaps = map[string]TensorMapRecord{"tA": tensorMapRecord(plan.Spec.TensorMap("tA"), make([]byte, 128), 0x1000)}
	dir := t.TempDir()
	_, err = SaveRecording(dir, plan, run, RecordOptions{Now: "2026-11-21T12:00:00Z"})
	require.NoError(t, err)
	prov := readJSONMap(dir, "provenance.json")
	assert.Equal(t, "params", prov["launch_mode"])
	tms, _ := prov["tensormaps"].(map[string]any)
	tA, _ := tms["tA"].(map[string]any)
	require.NotNil(t, tA)
	assert.Equal(t, "0x1000", tA["global_address"])
	assert.Equal(t, map[string]any{"dtype": 6.0, "interleave": 0.0, "swizzle": 3.0, "l2_promotion": 0.0, "oob_fill": 1.0},
		tA["cuTensorMapEncodeTiled_enums"])
	inputs, _ := prov["inputs"].(map[string]any)
	maps, _ := inputs["maps"].(map[string]any)
	assert.Equal(t, []any{"tB", "tA"}, maps["tensormaps"])
	assert.Nil(t, maps["sha256"])
	a, _ := inputs["a"].(map[string]any)
	assert.NotEmpty(t, a["sha256"])
}

// An im2col map goes to cuTensorMapEncodeIm2col without the placeholder
// box, and its provenance entry (like a tiled one's) is the one record.py
// wrote for the recorded directory: same keys in the same order, same
// values, given the run's address and encoding.
func TestTensorMapRecordMatchesRecorder(t *testing.T) {
	for _, dir := range []string{"testdata/tma_im2col", "testdata/tma_load_2d_sw128"} {
		t.Run(filepath.Base(dir), func(t *testing.T) { checkRecorderTensorMaps(t, dir) })
	}
}

func checkRecorderTensorMaps(t *testing.T, dir string) {
	plan, err := PlanGPU(filepath.Join(dir, "kernel.ptx"), filepath.Join(dir, "launch.yaml"), "")
	require.NoError(t, err)
	raw, err := gzfile.ReadFile(filepath.Join(dir, "provenance.json"))
	require.NoError(t, err)
	var prov struct {
		TensorMaps map[string]json.RawMessage `json:"tensormaps"`
	}
	require.NoError(t, json.Unmarshal(raw, &prov))
	require.NotEmpty(t, prov.TensorMaps)
	for name, want := range prov.TensorMaps {
		var w struct {
			EncodedHex    string `json:"encoded_hex"`
			GlobalAddress string `json:"global_address"`
		}
		require.NoError(t, json.Unmarshal(want, &w))
		addr, err := strconv.ParseUint(w.GlobalAddress, 0, 64)
		require.NoError(t, err)
		enc, err := hex.DecodeString(w.EncodedHex)
		require.NoError(t, err)
		spec := plan.Spec.TensorMap(name)
		require.NotNil(t, spec, name)

		args := tensorMapArgs(spec, addr)
		if spec.Im2col == nil {
			assert.Equal(t, "cuTensorMapEncodeTiled", args.Call())
			assert.Equal(t, spec.Box, args.Box)
		} else {
			assert.Nil(t, args.Box, name)
			require.NotNil(t, args.Im2col, name)
			assert.Equal(t, spec.Im2col.PixelBoxLower, args.Im2col.PixelBoxLower)
			assert.Equal(t, spec.Im2col.ChannelsPerPixel, args.Im2col.ChannelsPerPixel)
			assert.Equal(t, "cuTensorMapEncodeIm2col", args.Call())
		}

		got, err := json.Marshal(tensorMapRecord(spec, enc, addr))
		require.NoError(t, err)
		assert.Equal(t, jsonKeys(t, want), jsonKeys(t, got), name)
		assert.JSONEq(t, string(want), string(got), name)
	}
}

// jsonKeys lists the keys of a JSON object in their order.
func jsonKeys(t *testing.T, b []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(b))
	_, err := dec.Token()
	require.NoError(t, err)
	var keys []string
	for dec.More() {
		k, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, k.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}
