package validation

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/session"
	"github.com/sm90sim/sm90sim/validation/driver"
)

// The shipped CLI test kernel: out[i] = 3*i for 250 elements.
const (
	okPTX  = "../cmd/sm90sim/testdata/ok.ptx"
	okSpec = "../cmd/sm90sim/testdata/ok.yaml"
)

func f32Buf(name string, vals ...float32) *launch.Buffer {
	b := &launch.Buffer{Name: name, DType: launch.F32, Shape: []int{len(vals)}, Data: make([]byte, 4*len(vals))}
	for i, v := range vals {
		binary.LittleEndian.PutUint32(b.Data[4*i:], math.Float32bits(v))
	}
	return b
}

func TestCompareOutputs(t *testing.T) {
	spec := &launch.Spec{Outputs: []string{"x", "y"},
		Compare: map[string]launch.CompareRule{"y": {MaxULP: 1, Ignore: []int{3}}}}
	nan := float32(math.NaN())
	sim := []*launch.Buffer{f32Buf("x", 1, 2, 3, nan), f32Buf("y", 1, 2, 3, 4)}
	gpu := []*launch.Buffer{f32Buf("x", 1, 2.5, 3, nan), f32Buf("y", 1, math.Nextafter32(2, 3), 3, 99)}
	d := CompareOutputs(spec, sim, gpu)
	require.Len(t, d, 2)
	assert.False(t, d[0].Equal)
	assert.Equal(t, 1, d[0].Mismatches)
	assert.Equal(t, []int{1}, d[0].FirstDiffs)
	assert.Equal(t, uint64(1<<21), *d[0].MaxULP) // 2 -> 2.5 in f32
	assert.InDelta(t, 0.2, *d[0].MaxRelErr, 1e-12)
	assert.True(t, d[1].Equal, "one ulp allowed, index 3 ignored")
	assert.Equal(t, 3, d[1].Compared)

	d = CompareOutputs(spec, sim[:1], gpu)
	assert.False(t, d[1].Equal, "an output missing on one side differs")
}

func sampleReport() *ValidateReport {
	inf, one, u := math.Inf(1), 0.5, uint64(7)
	gc := int64(4242)
	return &ValidateReport{Status: "mismatch", Kernel: "k", Grid: [3]int{2, 1, 1}, Block: [3]int{32, 1, 1},
		Outputs: []Diff{
			{Name: "a", DType: "u32", Elements: 4, Compared: 4, Equal: true},
			{Name: "b", DType: "f32", Elements: 4, Compared: 3, Mismatches: 2, FirstDiffs: []int{0, 2}, MaxULP: &u, MaxRelErr: &inf},
			{Name: "c", DType: "f16", Elements: 1, Compared: 1, Equal: true, MaxULP: new(uint64), MaxRelErr: &one},
		},
		Cycles: CyclesPair{GPU: &gc, GPUSource: "ncu sm__cycles_elapsed.max"},
	}
}

func TestValidateReportJSON(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v.json")
	require.NoError(t, sampleReport().Write(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	assert.Equal(t, []string{"block", "cycles", "equal", "error", "gpu", "grid", "kernel", "kernel_demangled", "outputs", "provenance", "shared_bytes",
		"simulator", "status"}, keys)
	assert.Equal(t, map[string]any{"gpu": 4242.0, "gpu_source": "ncu sm__cycles_elapsed.max", "gpu_event_cycles": nil,
		"simulated": nil, "error": nil, "simulated_sm_mhz": nil}, m["cycles"]) // functional: no simulated clock
	outs := m["outputs"].([]any)
	b1 := outs[1].(map[string]any)
	assert.Equal(t, "inf", b1["max_relative_error"], "JSON has no Inf")
	assert.Equal(t, 7.0, b1["max_ulp"])
	assert.Equal(t, []any{0.0, 2.0}, b1["first_differing_indices"])
	assert.Nil(t, outs[0].(map[string]any)["max_ulp"], "integers have no ulp")
	assert.Equal(t, 0.5, outs[2].(map[string]any)["max_relative_error"])
}

func TestValidateTable(t *testing.T) {
	var b bytes.Buffer
	sampleReport().WriteTable(&b)
	want := `validate k  grid [2 1 1]  block [32 1 1]
  output  dtype  elements  compared  mismatches  max ulp  max rel err  first differing  result
  a       u32    4         4         0           -        -            -                equal
  b       f32    4         3         2           7        +Inf         0,2              DIFFERENT
  c       f16    1         1         0           0        0.5          -                equal
  cycles  gpu 4242 (ncu sm__cycles_elapsed.max)  simulated -
result: 1 of 3 outputs differ
`
	assert.Equal(t, want, b.String())
}

// gpu run's report has the keys of run's (same struct), mode "gpu" and
// null instructions; the gpu section carries the GPU's numbers.
func TestGPUReportKeysMatchRun(t *testing.T) {
	plan, err := PlanGPU(okPTX, okSpec, "")
	require.NoError(t, err)
	simRep, bufs, err := Simulate(okPTX, okSpec, "", session.RunOptions{})
	require.NoError(t, err)
	cyc := int64(1234)
	info := &GPUInfo{Name: "NVIDIA H100", Cycles: &cyc, CyclesSource: "ncu sm__cycles_elapsed.max"}
	res := &GPUResult{Info: info, Outputs: bufs}
	g := GPUReport(plan, res, nil)
	sm, gm := keysOf(t, simRep), keysOf(t, g)
	assert.Equal(t, "gpu", gm["mode"])
	assert.Nil(t, gm["instructions"])
	assert.Equal(t, 1234.0, gm["cycles"])
	assert.Equal(t, "NVIDIA H100", gm["gpu"].(map[string]any)["name"])
	delete(gm, "gpu")
	for k := range sm {
		assert.Contains(t, gm, k)
	}
	assert.Len(t, gm, len(sm))

	g = GPUReport(plan, res, &driver.Error{Call: "kernel execution (cuCtxSynchronize)", Code: 700,
		Name: "CUDA_ERROR_ILLEGAL_ADDRESS", Detail: "an illegal memory access was encountered"})
	gm = keysOf(t, g)
	assert.Equal(t, "error", gm["status"])
	assert.Contains(t, gm["error"], "CUDA_ERROR_ILLEGAL_ADDRESS")
	assert.Nil(t, gm["outputs"])
}

func keysOf(t *testing.T, v any) map[string]any {
	b, err := json.Marshal(v)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	return m
}

// Without a driver: a NoDeviceError with one line, and a report that says so.
func TestValidateWithoutDriver(t *testing.T) {
	lib := filepath.Join(t.TempDir(), "libcuda.so.1")
	r, err := Validate(okPTX, okSpec, ValidateOptions{GPU: GPUOptions{Library: lib}})
	require.Error(t, err)
	assert.True(t, driver.IsNoDevice(err))
	assert.NotContains(t, err.Error(), "\n")
	require.NotNil(t, r)
	assert.Equal(t, "error", r.Status)
	assert.Equal(t, "scale", r.Kernel)
	assert.Equal(t, "error", r.GPU.Status)
	assert.Nil(t, r.Cycles.Simulated)
	assert.Nil(t, r.Simulator, "the simulator does not run without the GPU side")
}

func TestSettleCycles(t *testing.T) {
	mhz, smi, peak := 1500.0, 1755, 1980000
	g := &GPUInfo{KernelTime: &KernelTime{MedianMS: 0.01},
		NCU: &NCUResult{Metrics: map[string]float64{metricCycles: 9533}}}
	g.settleCycles()
	assert.Equal(t, int64(9533), *g.Cycles)
	assert.Equal(t, "ncu sm__cycles_elapsed.max", g.CyclesSource)

	msg := "ncu: failed"
	g.NCU = &NCUResult{Error: &msg}
	g.Clocks = Clocks{MeasuredSMMHz: &mhz, SMIsmMHz: &smi, SMClockRateKHz: &peak}
	g.settleCycles()
	assert.Equal(t, int64(15000), *g.Cycles)
	assert.Contains(t, g.CyclesSource, "estimate (ncu failed)")
	assert.Contains(t, g.CyclesSource, "measured SM clock")

	g.NCU, g.Clocks.MeasuredSMMHz = nil, nil
	g.settleCycles()
	assert.Equal(t, int64(17550), *g.Cycles)
	assert.Contains(t, g.CyclesSource, "nvidia-smi")

	g = &GPUInfo{}
	g.settleCycles()
	assert.Nil(t, g.Cycles)
	assert.Contains(t, g.CyclesSource, "none")
}

func TestParseSMI(t *testing.T) {
	var c Clocks
	assert.Equal(t, "580.159.04", parseSMI(&c, "NVIDIA H200, 580.159.04, 1980, 3201, 1980, 3201\n"))
	assert.Equal(t, 1980, *c.SMIsmMHz)
	assert.Equal(t, 3201, *c.SMIMaxMemMHz)
	var d Clocks
	assert.Equal(t, "", parseSMI(&d, "garbage"))
	assert.NotNil(t, d.SMIError)
}

func TestParseNCUCSV(t *testing.T) {
	text := `==PROF== Connected to process 986
"ID","Process ID","Process Name","Host Name","Kernel Name","Context","Stream","Block Size","Grid Size","Device","CC","Section Name","Metric Name","Metric Unit","Metric Value"
"7","986","sm90sim","127.0.0.1","grid3d","1","7","(8, 4, 2)","(3, 4, 5)","0","9.0","Command line profiler metrics","l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum","","240"
"7","986","sm90sim","127.0.0.1","grid3d","1","7","(8, 4, 2)","(3, 4, 5)","0","9.0","Command line profiler metrics","sm__cycles_elapsed.max","cycle","9,533"
"8","986","sm90sim","127.0.0.1","grid3d","1","7","(8, 4, 2)","(3, 4, 5)","0","9.0","Command line profiler metrics","sm__cycles_elapsed.max","cycle","1"
==PROF== Disconnected from process 986
`
	assert.Equal(t, map[string]float64{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 240, metricCycles: 9533},
		ParseNCUCSV(text))
	assert.Empty(t, ParseNCUCSV("==ERROR== no kernels were profiled"))
	// every launch, in order, with its kernel's name
	assert.Equal(t, []NCULaunch{
		{Kernel: "grid3d", Metrics: map[string]float64{"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum": 240, metricCycles: 9533}},
		{Kernel: "grid3d", Metrics: map[string]float64{metricCycles: 1}}}, ParseNCULaunches(text))
	assert.Empty(t, ParseNCULaunches("==ERROR== no kernels were profiled"))
}

// ProfileLaunches with an ncu that cannot run: an error, nothing read.
func TestProfileLaunchesWithoutNCU(t *testing.T) {
	read := false
	rows, _, _, err := ProfileLaunches(filepath.Join(t.TempDir(), "none"), []string{metricCycles},
		func(string) []string { return []string{"true"} }, 0, func(string) error { read = true; return nil })
	require.Error(t, err)
	assert.Empty(t, rows)
	assert.False(t, read)
}

func TestProfileWithoutNCU(t *testing.T) {
	r := Profile(NCUOptions{Path: filepath.Join(t.TempDir(), "ncu"), Child: func(string) []string { return []string{"true"} }})
	require.NotNil(t, r.Error)
	assert.Empty(t, r.Metrics)
}
