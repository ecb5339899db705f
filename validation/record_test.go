package validation

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
)

const recPTX = `.version 8.0
.target sm_90a
.address_size 64

.visible .entry rec(
	.param .u64 rec_small,
	.param .u64 rec_big
)
{
	ret;
}
`

// big is 300000 u32 = 1.2 MB: stored as sha256 + sample.
const recSpec = `kernel: rec
grid: [1, 1, 1]
block: [32, 1, 1]
seed: 3
buffers:
  small: {dtype: f32, shape: [4, 4], init: uniform}
  big:   {dtype: u32, shape: [300000]}
params:
  - {buffer: small}
  - {buffer: big}
outputs: [small, big]
compare:
  small: {ignore: [5]}
`

// fakeRun is a GPU result whose outputs are the inputs with a pattern.
func fakeRun(plan *GPUPlan) *GPUResult {
	res := &GPUResult{Info: &GPUInfo{Name: "NVIDIA H200", CUDADriverAPI: "13.0", DriverVersion: "580.159.04",
		NCU: &NCUResult{Tool: "ncu 2025.3.1", Metrics: map[string]float64{metricCycles: 100}}}}
	for _, name := range plan.Spec.Outputs {
		b := plan.Buffer(name)
		o := &launch.Buffer{Name: name, DType: b.DType, Shape: slices.Clone(b.Shape), Data: slices.Clone(b.Data)}
		for i := 0; i+4 <= len(o.Data); i += 4 {
			binary.LittleEndian.PutUint32(o.Data[i:], uint32(i*2654435761))
		}
		res.Outputs = append(res.Outputs, o)
	}
	return res
}

func TestSaveRecordingRoundTrip(t *testing.T) {
	ptxPath, specPath := writeKernel(t, recPTX, recSpec)
	dir := filepath.Dir(specPath)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	run := fakeRun(plan)
	opt := RecordOptions{Command: "sm90sim validate --record k.ptx --spec launch.yaml", Now: "2026-11-21T12:00:00Z"}
	res, err := SaveRecording(dir, plan, run, opt)
	require.NoError(t, err)
	assert.NotEmpty(t, res.PreviousError, "nothing recorded before")
	assert.Equal(t, []RecordedFile{
		{Name: "small", File: "gpu/small.npy", Bytes: 64},
		{Name: "big", File: "gpu/big.meta.json", Bytes: 1200000, SHA256: sha256Hex(run.Output("big").Data)},
	}, res.Outputs)

	// The corpus reader reads it back and the outputs check equal.
	rec, err := LoadRecording(dir, plan.Spec.Outputs)
	require.NoError(t, err)
	assert.Equal(t, "NVIDIA H200", rec.Provenance["gpu"])
	assert.Equal(t, "580.159.04", rec.Provenance["driver"])
	assert.Equal(t, []any{opt.Command}, rec.Provenance["commands"])
	require.NotNil(t, rec.Counters)
	assert.Equal(t, 100.0, rec.Counters.Metrics[metricCycles])
	assert.Nil(t, rec.Counters.Error)
	assert.Equal(t, 300000/sampleCount, rec.Outputs["big"].Meta.Stride)
	for _, o := range run.Outputs {
		d := rec.Outputs[o.Name].Check(o.Name, o.DType, o.Data, plan.Spec.CompareFor(o.Name))
		assert.True(t, d.Equal, "output %s", o.Name)
	}
	// A change outside the sample is caught by the hash.
	big := slices.Clone(run.Output("big").Data)
	big[4*(rec.Outputs["big"].Meta.Stride+1)] ^= 1
	assert.False(t, rec.Outputs["big"].Check("big", launch.U32, big, launch.CompareRule{}).Equal)

	// Recording again compares with the first recording and keeps what it
	// does not own.
	prov := readJSONMap(dir, "provenance.json")
	prov["nvcc"] = "Cuda compilation tools, release 13.0, V13.0.88"
	require.NoError(t, writeJSON(filepath.Join(dir, "provenance.json"), prov))
	opt.Command = "second"
	res, err = SaveRecording(dir, plan, run, opt)
	require.NoError(t, err)
	assert.True(t, res.AgreesWithPrevious())
	assert.Equal(t, map[string]bool{"small": true, "big": true}, res.InputsMatch)
	prov = readJSONMap(dir, "provenance.json")
	assert.Equal(t, "Cuda compilation tools, release 13.0, V13.0.88", prov["nvcc"])
	assert.Equal(t, []any{"sm90sim validate --record k.ptx --spec launch.yaml", "second"}, prov["commands"])
	var b bytes.Buffer
	res.WriteTable(&b)
	assert.Contains(t, b.String(), "small   gpu/small.npy      64       identical")
	assert.Contains(t, b.String(), "inputs: 2 of 2 identical")

	// A different result is reported against the previous recording.
	run.Output("small").Data[0] ^= 0x80
	res, err = SaveRecording(dir, plan, run, opt)
	require.NoError(t, err)
	assert.False(t, res.AgreesWithPrevious())
	b.Reset()
	res.WriteTable(&b)
	assert.Contains(t, b.String(), "DIFFERENT: 1 of 15 elements, first 0")
}

func TestRunDiffs(t *testing.T) {
	ptxPath, specPath := writeKernel(t, recPTX, recSpec)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	a, b := fakeRun(plan), fakeRun(plan)
	assert.Empty(t, RunDiffs(plan.Spec, a, b))
	b.Output("small").Data[5*4] ^= 1 // ignored by the spec
	assert.Empty(t, RunDiffs(plan.Spec, a, b))
	b.Output("small").Data[6*4+3] ^= 1
	b.Output("big").Data[4*1000] ^= 1
	d := RunDiffs(plan.Spec, a, b)
	assert.Equal(t, map[string][]int{"small": {6}, "big": {1000}}, d)
	assert.Equal(t, "the two GPU runs differ; outputs not recorded: big: 1 elements (first 1000); small: 1 elements (first 6)",
		(&RunsDifferError{Diffs: d}).Error())
}

func TestNvccFromPTX(t *testing.T) {
	src, err := gzfile.ReadFile("testdata/grid3d/kernel.ptx") // or kernel.ptx.gz
	if err != nil {
		t.Skip("no corpus")
	}
	assert.Contains(t, nvccFromPTX(src), "Cuda compilation tools, release 13.0")
	assert.Equal(t, "", nvccFromPTX([]byte(recPTX)))
}
