package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestVersionFlag(t *testing.T) {
	code, stdout, _ := cli("--version")
	assert.Equal(t, 0, code)
	assert.Regexp(t, `^sm90sim version (devel|v\S+)`, stdout)
}

func sha256File(t *testing.T, path string) string {
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// The provenance names the inputs with their hashes, and a report does not
// change with --jobs or the output folder outside "host".
func TestReportProvenance(t *testing.T) {
	var reps []map[string]any
	for _, jobs := range []string{"1", "3"} {
		dir := t.TempDir()
		rep := filepath.Join(dir, "r.json")
		code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--report", rep, "--jobs", jobs)
		require.Equal(t, 0, code, stderr)
		b, err := os.ReadFile(rep)
		require.NoError(t, err)
		var r map[string]any
		require.NoError(t, json.Unmarshal(b, &r))
		delete(r, "host")
		reps = append(reps, r)
	}
	assert.Equal(t, reps[0], reps[1], "reports differ outside host")
	p := reps[0]["provenance"].(map[string]any)
	assert.Equal(t, map[string]any{"path": "testdata/ok.ptx", "sha256": sha256File(t, "testdata/ok.ptx")}, p["ptx"])
	assert.Equal(t, map[string]any{"path": "testdata/ok.yaml", "sha256": sha256File(t, "testdata/ok.yaml")}, p["spec"])
	assert.Equal(t, "scale", p["kernel"])
	assert.Equal(t, "functional", p["mode"])
	assert.Equal(t, false, p["no_hazard_check"])
	assert.Equal(t, false, p["strict"])
	assert.Nil(t, p["config"])
	assert.NotEmpty(t, p["version"])
	for _, k := range []string{"jobs", "out", "date", "host"} {
		assert.NotContains(t, p, k)
	}

	// a failing run's report carries it too
	rep := filepath.Join(t.TempDir(), "r.json")
	code, _, _ := cli("run", "testdata/oob.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--report", rep, "--no-hazard-check")
	require.Equal(t, 1, code)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, true, r["provenance"].(map[string]any)["no_hazard_check"])
}
