package validation

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/npy"
)

// A compressed recording (kernel.ptx.gz, provenance.json.gz, gpu/*.npy.gz,
// as validation/testdata stores its large files) loads like a plain one.
func TestLoadRecordingGzip(t *testing.T) {
	ptxPath, specPath := writeKernel(t, recPTX, recSpec)
	dir := filepath.Dir(specPath)
	gzipFile := func(name string, b []byte) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name+".gz"), gzfile.Compress(b), 0o644))
	}
	src, err := os.ReadFile(ptxPath)
	require.NoError(t, err)
	require.NoError(t, os.Remove(ptxPath))
	gzipFile("kernel.ptx", src)
	plan, err := PlanGPU(ptxPath, specPath, "") // names kernel.ptx, reads kernel.ptx.gz
	require.NoError(t, err)
	assert.Equal(t, "rec", plan.Kernel)

	prov := `{"gpu": "NVIDIA H100 80GB HBM3", "driver": "580.159.04", "nvcc": "13.0", "date": "2026-11-26", "commands": []}`
	gzipFile("provenance.json", []byte(prov))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "gpu"), 0o755))
	small := make([]byte, 64)
	small[0], small[63] = 0x3f, 0x80
	img, err := npy.EncodeBytes("<f4", []int{4, 4}, small)
	require.NoError(t, err)
	gzipFile("gpu/small.npy", img)
	meta := `{"sha256": "00", "dtype": "u32", "shape": [300000], "stride": 73, "count": 4096}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gpu", "big.meta.json"), []byte(meta), 0o644))
	sample, err := npy.EncodeBytes("<u4", []int{4096}, make([]byte, 4*4096))
	require.NoError(t, err)
	gzipFile("gpu/big.sample.npy", sample)

	rec, err := LoadRecording(dir, []string{"small", "big"})
	require.NoError(t, err)
	assert.Equal(t, "NVIDIA H100 80GB HBM3", rec.Provenance["gpu"])
	assert.Equal(t, small, rec.Outputs["small"].Full)
	assert.Equal(t, 73, rec.Outputs["big"].Meta.Stride)
	assert.Equal(t, make([]byte, 4*4096), rec.Outputs["big"].Sample)

	_, err = LoadRecording(dir, []string{"none"})
	assert.ErrorContains(t, err, "no recorded output none (.npy, .npy.gz or .meta.json)")
}

// --record writes compressible outputs as .npy.gz (removing a stale plain
// .npy) and its JSON files as NAME.gz where gzip saves 512 bytes
// (gzfile.Saves; a provenance.json over 32 KiB until session 23), as
// tools/record/compress_corpus.sh stores the corpus.
func TestRecordWritesGzip(t *testing.T) {
	spec := strings.Replace(recSpec, "small: {dtype: f32, shape: [4, 4], init: uniform}", "small: {dtype: f32, shape: [64, 64]}", 1)
	ptxPath, specPath := writeKernel(t, recPTX, spec)
	dir := filepath.Dir(specPath)
	plan, err := PlanGPU(ptxPath, specPath, "")
	require.NoError(t, err)
	run := fakeRun(plan)
	small := run.Output("small")
	for i := range small.Data {
		small.Data[i] = byte(i % 3) // 16 KiB that compress well
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "gpu"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gpu", "small.npy"), []byte("stale"), 0o644))
	res, err := SaveRecording(dir, plan, run, RecordOptions{Command: "c", Now: "2026-11-26T00:00:00Z"})
	require.NoError(t, err)
	assert.Equal(t, "gpu/small.npy.gz", res.Outputs[0].File)
	assert.NoFileExists(t, filepath.Join(dir, "gpu", "small.npy"))
	assert.FileExists(t, filepath.Join(dir, "provenance.json.gz"), "the recorder's provenance (~2 KiB) saves 512 bytes")
	assert.FileExists(t, filepath.Join(dir, "counters.json"), "a small counters.json stays plain")
	rec, err := LoadRecording(dir, plan.Spec.Outputs)
	require.NoError(t, err)
	assert.True(t, rec.Outputs["small"].Check("small", launch.F32, small.Data, launch.CompareRule{}).Equal)

	small400 := map[string]any{"x": strings.Repeat("a", 400)} // saves < 512 bytes
	require.NoError(t, writeJSONFile(filepath.Join(dir, "provenance.json"), small400, true))
	assert.FileExists(t, filepath.Join(dir, "provenance.json"))
	assert.NoFileExists(t, filepath.Join(dir, "provenance.json.gz"))
	big := map[string]any{"raw": map[string]any{"sass": strings.Repeat("IMAD R1, R2, R3 ;\n", 4000)}}
	require.NoError(t, writeJSONFile(filepath.Join(dir, "provenance.json"), big, true))
	assert.NoFileExists(t, filepath.Join(dir, "provenance.json"))
	assert.FileExists(t, filepath.Join(dir, "provenance.json.gz"))
	assert.Equal(t, big["raw"], readJSONMap(dir, "provenance.json")["raw"])
}

// A recorded output saved in Fortran order reads back in C order.
func TestLoadRecordingFortranOrder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "provenance.json"),
		[]byte(`{"gpu": "g", "driver": "d", "nvcc": "n", "date": "x", "commands": []}`), 0o644))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "gpu"), 0o755))
	dict := "{'descr': '<u2', 'fortran_order': True, 'shape': (3, 2), }"
	file := "\x93NUMPY\x01\x00\x76\x00" + dict + strings.Repeat(" ", 59) + "\n" + "\x00\x00\x01\x00\x02\x00\x03\x00\x04\x00\x05\x00"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "gpu", "t.npy"), []byte(file), 0o644))
	rec, err := LoadRecording(dir, []string{"t"})
	require.NoError(t, err)
	assert.Equal(t, []byte{0, 0, 3, 0, 1, 0, 4, 0, 2, 0, 5, 0}, rec.Outputs["t"].Full)
}
