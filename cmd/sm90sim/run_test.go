package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/npy"
)

func cli(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestRunWritesOutputsAndReport(t *testing.T) {
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	code, stdout, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", dir, "--report", rep)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "kernel scale")
	descr, shape, data, err := npy.Read(filepath.Join(dir, "out.npy"))
	require.NoError(t, err)
	assert.Equal(t, "<u4", descr)
	assert.Equal(t, []int{250}, shape)
	for i := 0; i < 250; i++ {
		v := uint32(data[4*i]) | uint32(data[4*i+1])<<8 | uint32(data[4*i+2])<<16 | uint32(data[4*i+3])<<24
		require.Equal(t, uint32(3*i), v, "element %d", i)
	}
	var r map[string]any
	b, err := os.ReadFile(rep)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &r))
	assert.Equal(t, "ok", r["status"])
	assert.Nil(t, r["error"])
	assert.Nil(t, r["cycles"])
	assert.Equal(t, "functional", r["mode"])
	// 4 CTAs x 2 warps; warps whose threads are all >= 250 still issue the
	// prologue, the guard, the branch and ret.
	assert.NotZero(t, r["instructions"])
}

// Every error class, its exit code and the first line of the message.
func TestErrorClasses(t *testing.T) {
	cases := []struct {
		name, ptx, spec string
		code            int
		first           string
	}{
		{"malformed PTX", "testdata/malformed.ptx", "testdata/ok.yaml", 2, `^testdata/malformed.ptx:25:\d+: error: `},
		{"unsupported instruction", "testdata/unsupported.ptx", "testdata/ok.yaml", 2, `^testdata/unsupported.ptx:25:\d+: error: unsupported instruction 'frob.s32'`},
		{"missing PTX", "testdata/nope.ptx", "testdata/ok.yaml", 2, `^testdata/nope.ptx: error: `},
		{"bad spec", "testdata/ok.ptx", "testdata/badparam.yaml", 2, `^testdata/badparam.yaml:8:\d+: error: `},
		{"out of bounds", "testdata/oob.ptx", "testdata/ok.yaml", 1, `^kernel scale cta \(0,0,0\) thread \(0,0,0\) line 27: out-of-bounds global store of 4 bytes at ` + "`out`" + `\+1024 \(buffer ` + "`out`" + ` is 1000 bytes\)`},
		{"trap", "testdata/trap.ptx", "testdata/ok.yaml", 1, `^kernel scale cta \(0,0,0\) thread \(0,0,0\) line 25: trap executed`},
		{"deadlock", "testdata/deadlock.ptx", "testdata/ok.yaml", 1, `^kernel scale cta \(0,0,0\) thread \(0,0,0\) line 28: deadlock`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			rep := filepath.Join(dir, "r.json")
			code, _, stderr := cli("run", c.ptx, "--spec", c.spec, "--out", dir, "--report", rep)
			assert.Equal(t, c.code, code, stderr)
			first := strings.SplitN(stderr, "\n", 2)[0]
			assert.Regexp(t, c.first, first)
			_, err := os.Stat(filepath.Join(dir, "out.npy"))
			assert.True(t, os.IsNotExist(err), "no output on failure")
			b, err := os.ReadFile(rep)
			require.NoError(t, err, "the report is written on failure")
			var r map[string]any
			require.NoError(t, json.Unmarshal(b, &r))
			assert.Equal(t, "error", r["status"])
			assert.Equal(t, strings.TrimSpace(stderr), r["error"])
		})
	}
}

func TestMaxInstructionsAndUsage(t *testing.T) {
	code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--max-instructions", "20")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "--max-instructions exceeded")
	code, _, stderr = cli("run", "testdata/ok.ptx")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "spec")
	code, _, _ = cli("frobnicate")
	assert.Equal(t, 2, code)
}

// The hazard checkers stop a racy kernel (exit 1, the line and the fix);
// --no-hazard-check runs it to the end.
func TestNoHazardCheckFlag(t *testing.T) {
	dir := t.TempDir()
	code, _, stderr := cli("run", "testdata/hazard.ptx", "--spec", "testdata/hazard.yaml", "--out", dir)
	require.Equal(t, 1, code)
	// The PTX line and, from its .loc directives, the .cu line.
	assert.Regexp(t, `^kernel hazard cta \(0,0,0\) thread \(0,0,0\) line 31 \(hazard.cu:15\): async proxy hazard: the bulk copy of warp 0 reads shared \[0x400, 0x410\), `+
		`written through the generic proxy by warp 0 at line 26 with no fence.proxy.async after the write`, stderr)
	assert.NoFileExists(t, filepath.Join(dir, "out.npy"))
	for _, sub := range []string{"run", "banks"} {
		args := []string{sub, "testdata/hazard.ptx", "--spec", "testdata/hazard.yaml", "--no-hazard-check"}
		if sub == "run" {
			args = append(args, "--out", dir)
		}
		code, _, stderr = cli(args...)
		require.Equal(t, 0, code, "%s: %s", sub, stderr)
	}
	_, _, data, err := npy.Read(filepath.Join(dir, "out.npy"))
	require.NoError(t, err)
	for i := 0; i < 64; i++ {
		v := uint32(data[4*i]) | uint32(data[4*i+1])<<8 | uint32(data[4*i+2])<<16 | uint32(data[4*i+3])<<24
		require.Equal(t, uint32(3*i), v, "element %d", i)
	}
}
