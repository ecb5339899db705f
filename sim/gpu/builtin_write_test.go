package gpu_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// The writer reproduces both committed tables byte for byte from the
// profiles they compile in (so a refit's diff is only what moved), and a
// changed value, source or residual lands in its entry.
func TestFormatBuiltinTableReproducesFiles(t *testing.T) {
	for _, name := range gpu.BuiltinProfileNames {
		src, err := os.ReadFile(filepath.Join("../..", gpu.BuiltinFiles[name].GoTable))
		require.NoError(t, err)
		params := tableParams(t, name)
		out, err := gpu.FormatBuiltinTable(src, params)
		require.NoError(t, err)
		assert.Equal(t, string(src), string(out), name)

		p := params["l2_hit_cycles"]
		r := 0.0123
		params["l2_hit_cycles"] = gpu.ProfileParam{Value: 277.5, Source: `fit: "quoted" source`, Residual: &r}
		out, err = gpu.FormatBuiltinTable(src, params)
		require.NoError(t, err)
		assert.Contains(t, string(out), `"l2_hit_cycles":                     {277.5, "fit: \"quoted\" source", f(0.0123)},`)
		assert.NotContains(t, string(out), p.Source)
	}
}

// tableParams: the table's own entries (the H100 table lacks the
// parameters BuiltinProfileNamed fills with H200 values).
func tableParams(t *testing.T, name string) map[string]gpu.ProfileParam {
	tab := gpu.DefaultTimedParams
	if name == "h100-sxm" {
		tab = gpu.H100TimedParams
	}
	out := map[string]gpu.ProfileParam{}
	for k, d := range tab {
		out[k] = gpu.ProfileParam{Value: d.Value, Source: d.Source, Residual: d.Residual}
	}
	return out
}

// UpdateBuiltin writes both files of a built-in into a copy of the tree;
// the profile file then parses to the same parameters.
func TestUpdateBuiltinWritesTableAndProfile(t *testing.T) {
	root := t.TempDir()
	files := gpu.BuiltinFiles["h200"]
	for _, f := range []string{files.GoTable, files.Profile} {
		b, err := os.ReadFile(filepath.Join("../..", f))
		require.NoError(t, err)
		require.NoError(t, os.MkdirAll(filepath.Dir(filepath.Join(root, f)), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(root, f), b, 0o644))
	}
	require.NoError(t, os.WriteFile(filepath.Join(root, "go.mod"), []byte("module github.com/sm90sim/sm90sim\n\ngo 1.22\n"), 0o644))
	got, err := gpu.RepoRoot(filepath.Join(root, "sim"))
	require.NoError(t, err)
	assert.Equal(t, root, got)
	b, _ := gpu.BuiltinProfileNamed("h200")
	params := b.Params
	params["l1_hit_cycles"] = gpu.ProfileParam{Value: 33, Source: "test"}
	written, err := gpu.UpdateBuiltin(root, "h200", params)
	require.NoError(t, err)
	assert.Len(t, written, 2)
	src, err := os.ReadFile(filepath.Join(root, files.GoTable))
	require.NoError(t, err)
	assert.Contains(t, string(src), `"l1_hit_cycles":                     {33, "test", nil},`)
	text, err := os.ReadFile(filepath.Join(root, files.Profile))
	require.NoError(t, err)
	p, err := gpu.ParseProfile("h200.yaml", text)
	require.NoError(t, err)
	assert.Equal(t, 33.0, p.Params["l1_hit_cycles"].Value)
	assert.Equal(t, len(params), len(p.Params))
	assert.True(t, strings.HasPrefix(string(text), "#"), "the file's head is kept")
	_, err = gpu.UpdateBuiltin(root, "h100", params)
	assert.ErrorContains(t, err, "no built-in profile")
}
