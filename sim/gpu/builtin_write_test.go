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
	// the copy without its provenance section: UpdateBuiltin adds one
	orig, err := os.ReadFile(filepath.Join(root, files.Profile))
	require.NoError(t, err)
	if i := strings.Index(string(orig), "\nprovenance:\n"); i >= 0 {
		j := strings.Index(string(orig), "\nparams:")
		orig = append(orig[:i:i], orig[j:]...)
		require.NoError(t, os.WriteFile(filepath.Join(root, files.Profile), orig, 0o644))
	}
	prov := map[string]any{"command": "sm90sim calibrate --from-recordings r --update-builtin", "date": "2026-11-28T22:00:00Z",
		"gpu": "NVIDIA H200", "driver": "580.159.04", "figures_compared": 2182, "figures_within_5pct": 1508, "sm_clock_mhz": 1969}
	written, err := gpu.UpdateBuiltin(root, "h200", params, prov)
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
	assert.Equal(t, prov, p.Provenance["calibrate"])
	// everything above the params is the file's own text plus the block
	head := string(orig[:strings.Index(string(orig), "\nparams:")+1])
	assert.Equal(t, head+"provenance:\n  calibrate:\n"+
		"    command: sm90sim calibrate --from-recordings r --update-builtin\n"+
		"    date: \"2026-11-28T22:00:00Z\"\n"+
		"    driver: 580.159.04\n"+
		"    figures_compared: 2182\n"+
		"    figures_within_5pct: 1508\n"+
		"    gpu: NVIDIA H200\n"+
		"    sm_clock_mhz: 1969\n", string(text[:strings.Index(string(text), "\nparams:")+1]))
	// a second update replaces the block: one provenance, the new date
	prov["date"] = "2026-11-29T01:00:00Z"
	_, err = gpu.UpdateBuiltin(root, "h200", params, prov)
	require.NoError(t, err)
	text, err = os.ReadFile(filepath.Join(root, files.Profile))
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(string(text), "\nprovenance:"))
	assert.Equal(t, 1, strings.Count(string(text), "    date: "))
	assert.Contains(t, string(text), `    date: "2026-11-29T01:00:00Z"`+"\n")
	// nil leaves the provenance alone
	_, err = gpu.UpdateBuiltin(root, "h200", params, nil)
	require.NoError(t, err)
	again, err := os.ReadFile(filepath.Join(root, files.Profile))
	require.NoError(t, err)
	assert.Equal(t, string(text), string(again))
	_, err = gpu.UpdateBuiltin(root, "h100", params, nil)
	assert.ErrorContains(t, err, "no built-in profile")
}

// SetProfileProvenance sets provenance.calibrate and keeps every other
// line: hand-written profiles with no provenance, with another entry only,
// and with an old calibrate entry between others, comments and blank lines.
func TestSetProfileProvenance(t *testing.T) {
	block := map[string]any{"command": "sm90sim calibrate --out x.yaml", "date": "2026-11-28T20:04:51Z",
		"figures_compared": 2182, "sm_clock_mhz": 1969.5, "recordings": "validation/microbench (summary.h100.json)"}
	const entry = "  calibrate:\n" +
		"    command: sm90sim calibrate --out x.yaml\n" +
		"    date: \"2026-11-28T20:04:51Z\"\n" +
		"    figures_compared: 2182\n" +
		"    recordings: validation/microbench (summary.h100.json)\n" +
		"    sm_clock_mhz: 1969.5\n"
	const params = "params:\n  a_cycles: {value: 1, source: \"spec\", residual: null}\n"
	for _, c := range []struct{ name, in, want string }{
		{"none: added above params",
			"# head\ngpu: G\nclocks: {sm_mhz: 1980}\ngpcs:\n  - [0, 1]\n" + params,
			"# head\ngpu: G\nclocks: {sm_mhz: 1980}\ngpcs:\n  - [0, 1]\nprovenance:\n" + entry + params},
		{"none and no params: appended",
			"gpu: G\nclocks: {sm_mhz: 1980}",
			"gpu: G\nclocks: {sm_mhz: 1980}\nprovenance:\n" + entry},
		{"another entry: appended after it",
			"gpu: G\nprovenance:\n  gpc_map:\n    driver: d1\n    date: \"2026-11-26T07:19:00Z\"\n# the fit\n" + params,
			"gpu: G\nprovenance:\n  gpc_map:\n    driver: d1\n    date: \"2026-11-26T07:19:00Z\"\n" + entry + "# the fit\n" + params},
		{"old entry between others: replaced where it stands",
			"gpu: G\nprovenance:\n  # first\n  gpc_map:\n    driver: d1\n  calibrate:\n    date: old\n\n    command: old\n  other:\n    x: 1\n\n" + params,
			"gpu: G\nprovenance:\n  # first\n  gpc_map:\n    driver: d1\n" + entry + "  other:\n    x: 1\n\n" + params},
		{"old entry last, provenance after params",
			params + "provenance:\n  calibrate:\n    date: old\n",
			params + "provenance:\n" + entry},
	} {
		got, err := gpu.SetProfileProvenance([]byte(c.in), "calibrate", block)
		require.NoError(t, err, c.name)
		assert.Equal(t, c.want, string(got), c.name)
	}
	_, err := gpu.SetProfileProvenance([]byte("gpu: G\nprovenance: {calibrate: {}}\n"), "calibrate", block)
	assert.ErrorContains(t, err, "line 2: provenance is not a block mapping")
	_, err = gpu.SetProfileProvenance([]byte("gpu: G\n"), "calibrate", map[string]any{"note": "two\nlines"})
	assert.ErrorContains(t, err, "not a one-line value")
}
