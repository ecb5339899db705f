package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/npy"
)

// copyCorpusDir copies a corpus directory with its gpu/ folder.
func copyCorpusDir(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("../../validation/testdata", name)
	dst := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.MkdirAll(filepath.Join(dst, "gpu"), 0o755))
	for _, sub := range []string{"", "gpu"} {
		ents, err := os.ReadDir(filepath.Join(src, sub))
		require.NoError(t, err)
		for _, e := range ents {
			if e.IsDir() {
				continue
			}
			b, err := os.ReadFile(filepath.Join(src, sub, e.Name()))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dst, sub, e.Name()), b, 0o644))
		}
	}
	return dst
}

func TestCheckPassesOnCorpusDirs(t *testing.T) {
	dirs := []string{"../../validation/testdata/int_misc", "../../validation/testdata/transpose_smem", "../../validation/testdata/cluster_reduce"}
	code, stdout, stderr := cli(append([]string{"check"}, dirs...)...)
	require.Equal(t, 0, code, stdout+stderr)
	assert.Contains(t, stdout, "PASS      ../../validation/testdata/int_misc  2 outputs match the recording")
	assert.Contains(t, stdout, "3 directories: 3 pass, 0 fail, 0 error, 0 malformed")
}

// A corrupted recording: check exits 1 with the elements, the indices and
// the values; the directory is left as it was.
func TestCheckFailsReadablyOnCorruptedRecording(t *testing.T) {
	dir := copyCorpusDir(t, "int_misc")
	path := filepath.Join(dir, "gpu", "out.npy")
	descr, shape, data, err := npy.Read(path)
	require.NoError(t, err)
	data[4*5] ^= 1 // element 5 of a u32 array
	data[4*9] ^= 0x80
	require.NoError(t, npy.Write(path, descr, shape, data))
	before, _ := os.ReadDir(dir)

	junit := filepath.Join(t.TempDir(), "j.xml")
	code, stdout, _ := cli("check", dir, "--junit", junit)
	assert.Equal(t, 1, code)
	assert.Contains(t, stdout, "FAIL      "+dir+"  outputs differ from the recording")
	assert.Contains(t, stdout, "output out (u32): 2 of")
	assert.Contains(t, stdout, "first at [5 9]")
	assert.Regexp(t, `\[5\] got \d+, want \d+`, stdout)
	after, _ := os.ReadDir(dir)
	assert.Equal(t, len(before), len(after), "check writes nothing into DIR")

	doc := parseJUnit(t, junit)
	require.Len(t, doc.Suites, 1)
	require.Len(t, doc.Suites[0].Cases, 1)
	c := doc.Suites[0].Cases[0]
	require.NotNil(t, c.Failure)
	assert.Equal(t, "fail", c.Failure.Type)
	assert.Contains(t, c.Failure.Text, "first at [5 9]")
	assert.Equal(t, 1, doc.Failures)
}

func TestCheckMalformedDirsExit2AndOthersStillRun(t *testing.T) {
	empty := t.TempDir()
	junit := filepath.Join(t.TempDir(), "j.xml")
	code, stdout, _ := cli("check", empty, "../../validation/testdata/int_misc", "--junit", junit)
	assert.Equal(t, 2, code)
	assert.Contains(t, stdout, "MALFORMED "+empty+"  no launch.yaml")
	assert.Contains(t, stdout, "PASS      ../../validation/testdata/int_misc")
	doc := parseJUnit(t, junit)
	assert.Equal(t, 2, doc.Tests)
	assert.Equal(t, 1, doc.Errors)
}

func TestCheckShards(t *testing.T) {
	dirs := []string{"d", "a", "c", "b", "e"}
	var all []string
	for k := 1; k <= 2; k++ {
		s, err := shardOf(dirs, strings.Join([]string{string(rune('0' + k)), "2"}, "/"))
		require.NoError(t, err)
		all = append(all, s...)
	}
	assert.ElementsMatch(t, dirs, all, "the shards cover every directory once")
	s, _ := shardOf(dirs, "1/2")
	assert.Equal(t, []string{"a", "c", "e"}, s)
	for _, bad := range []string{"0/2", "3/2", "x", "1/0"} {
		_, err := shardOf(dirs, bad)
		assert.Error(t, err, bad)
	}
	code, _, stderr := cli("check", "--shard", "3/2", "x")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "--shard")
}

func TestRunExpect(t *testing.T) {
	dir := copyCorpusDir(t, "int_misc")
	code, _, stderr := cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", t.TempDir(), "--expect", dir)
	require.Equal(t, 0, code, stderr)
	path := filepath.Join(dir, "gpu", "out64.npy")
	descr, shape, data, err := npy.Read(path)
	require.NoError(t, err)
	data[0] ^= 1
	require.NoError(t, npy.Write(path, descr, shape, data))
	code, _, stderr = cli("run", filepath.Join(dir, "kernel.ptx"), "--spec", filepath.Join(dir, "launch.yaml"), "--out", t.TempDir(), "--expect", dir)
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "output out64 (u64): 1 of")
}

// parseJUnit reads a JUnit file and checks what the JUnit XSD (the Ant /
// Jenkins junit.xsd that CI systems read) requires: testsuites > testsuite
// with name and tests, testcase with name and classname, at most one of
// failure/error, each with a message and type.
func parseJUnit(t *testing.T, path string) junitSuites {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(string(b), `<?xml version="1.0" encoding="UTF-8"?>`))
	var doc junitSuites
	require.NoError(t, xml.Unmarshal(b, &doc))
	for _, s := range doc.Suites {
		assert.NotEmpty(t, s.Name)
		assert.Equal(t, len(s.Cases), s.Tests)
		for _, c := range s.Cases {
			assert.NotEmpty(t, c.Name)
			assert.NotEmpty(t, c.Classname)
			assert.False(t, c.Failure != nil && c.Error != nil)
			for _, p := range []*junitProblem{c.Failure, c.Error} {
				if p != nil {
					assert.NotEmpty(t, p.Message)
					assert.NotEmpty(t, p.Type)
				}
			}
		}
	}
	return doc
}
