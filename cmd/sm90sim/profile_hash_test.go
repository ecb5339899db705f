package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The report's timing.profile carries params_sha256 for the built-in
// profile and for its file alike (the same value); only the file has a
// sha256 of its bytes.
func TestReportProfileParamsSHA256(t *testing.T) {
	dir := t.TempDir()
	ptxPath := "../../validation/testdata/transpose_smem/kernel.ptx"
	spec := "../../validation/testdata/transpose_smem/launch.yaml"
	prof := func(config string) map[string]any {
		rep := filepath.Join(dir, "r.json")
		code, _, stderr := cli("run", ptxPath, "--spec", spec, "--out", dir, "--report", rep, "--mode", "timed",
			"--config", config, "--progress", "off")
		require.Equal(t, 0, code, stderr)
		b, err := os.ReadFile(rep)
		require.NoError(t, err)
		var r struct {
			Timing struct {
				Profile map[string]any `json:"profile"`
			} `json:"timing"`
		}
		require.NoError(t, json.Unmarshal(b, &r))
		return r.Timing.Profile
	}
	b, f := prof("h200"), prof("../../calibration/h200.yaml")
	assert.Len(t, b["params_sha256"], 64)
	assert.Equal(t, b["params_sha256"], f["params_sha256"])
	assert.NotContains(t, b, "sha256")
	assert.Len(t, f["sha256"], 64)
}
