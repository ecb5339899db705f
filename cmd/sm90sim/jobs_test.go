package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// runJobs runs `sm90sim run` with --jobs and returns the exit code, stdout
// without its timing line, stderr, the report without its host section and
// the output files.
func runJobs(t *testing.T, ptxPath, spec, jobs string) (int, string, string, map[string]any, map[string][]byte) {
	t.Helper()
	dir := t.TempDir()
	rep := filepath.Join(dir, "report.json")
	code, stdout, stderr := cli("run", ptxPath, "--spec", spec, "--out", dir, "--report", rep, "--jobs", jobs)
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	var r map[string]any
	require.NoError(t, json.Unmarshal(b, &r))
	host, _ := r["host"].(map[string]any)
	require.NotNil(t, host)
	assert.EqualValues(t, map[string]float64{"1": 1, "4": 4}[jobs], host["jobs"])
	delete(r, "host")
	outs := map[string][]byte{}
	ents, err := os.ReadDir(dir)
	require.NoError(t, err)
	for _, e := range ents {
		if e.Name() != "report.json" {
			outs[e.Name()], err = os.ReadFile(filepath.Join(dir, e.Name()))
			require.NoError(t, err)
		}
	}
	timing := regexp.MustCompile(`(?m)^warp instructions .*$`)
	return code, timing.ReplaceAllString(stdout, ""), stderr, r, outs
}

// --jobs changes nothing but the report's host section: outputs, stdout,
// errors and the rest of the report are those of the serial run, for
// kernels whose CTAs interact through global atomics, clusters and faults.
func TestRunJobsIdentical(t *testing.T) {
	corpus := filepath.Join("..", "..", "validation", "testdata")
	cases := [][2]string{
		{filepath.Join(corpus, "block_reduce_atomics", "kernel.ptx"), filepath.Join(corpus, "block_reduce_atomics", "launch.yaml")},
		{filepath.Join(corpus, "cluster_reduce", "kernel.ptx"), filepath.Join(corpus, "cluster_reduce", "launch.yaml")},
		{"testdata/ok.ptx", "testdata/ok.yaml"},
		{"testdata/oob.ptx", "testdata/ok.yaml"},
		{"testdata/deadlock.ptx", "testdata/ok.yaml"},
	}
	for _, c := range cases {
		t.Run(filepath.Base(filepath.Dir(c[0]))+"/"+filepath.Base(c[0]), func(t *testing.T) {
			code1, out1, err1, rep1, files1 := runJobs(t, c[0], c[1], "1")
			code4, out4, err4, rep4, files4 := runJobs(t, c[0], c[1], "4")
			assert.Equal(t, code1, code4)
			assert.Equal(t, out1, out4)
			assert.Equal(t, err1, err4)
			assert.Equal(t, rep1, rep4)
			assert.Equal(t, files1, files4)
		})
	}
}

// The bank report (table and JSON) does not depend on --jobs.
func TestBanksJobsIdentical(t *testing.T) {
	dir := filepath.Join("..", "..", "validation", "testdata", "transpose_smem")
	var tables, jsons []string
	for _, jobs := range []string{"1", "4"} {
		js := filepath.Join(t.TempDir(), "banks.json")
		code, stdout, stderr := cli("banks", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--json", js, "--jobs", jobs)
		require.Equal(t, 0, code, stderr)
		b, err := os.ReadFile(js)
		require.NoError(t, err)
		tables, jsons = append(tables, stdout), append(jsons, string(b))
	}
	assert.Equal(t, tables[0], tables[1])
	assert.Equal(t, jsons[0], jsons[1])
	code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--jobs", "-1")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--jobs")
}
