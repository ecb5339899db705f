package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mangledPTX holds testdata/ok.ptx's kernel twice under nvcc-style mangled
// names: demo::scale<float, 4> (correct) and demo::scale<float, 8>, whose
// store is 1024 bytes out of bounds (testdata/oob.ptx).
func mangledPTX(t *testing.T) (ptxPath, specPath string) {
	t.Helper()
	ok, err := os.ReadFile("testdata/ok.ptx")
	require.NoError(t, err)
	oob, err := os.ReadFile("testdata/oob.ptx")
	require.NoError(t, err)
	body := func(src []byte, name string) string {
		s := string(src)
		s = s[strings.Index(s, ".visible .entry"):]
		return strings.ReplaceAll(s, "scale", name)
	}
	ptx := ".version 9.0\n.target sm_90a\n.address_size 64\n\n" +
		body(ok, "_ZN4demo5scaleIfLi4EEEvPT_j") + "\n" + body(oob, "_ZN4demo5scaleIfLi8EEEvPT_j")
	dir := t.TempDir()
	ptxPath, specPath = filepath.Join(dir, "k.ptx"), filepath.Join(dir, "k.yaml")
	require.NoError(t, os.WriteFile(ptxPath, []byte(ptx), 0o644))
	spec := "grid: [4, 1, 1]\nblock: [64, 1, 1]\nbuffers:\n  out: {dtype: u32, shape: [250]}\nparams:\n  - {buffer: out}\n  - {u32: 250}\noutputs: [out]\n"
	require.NoError(t, os.WriteFile(specPath, []byte(spec), 0o644))
	return ptxPath, specPath
}

// The summary prints the demangled short name, the report keeps the .entry
// name and adds kernel_demangled (c++filt: "void demo::scale<float, 4>(float*, unsigned int)").
func TestKernelNamesDemangled(t *testing.T) {
	ptxPath, specPath := mangledPTX(t)
	dir := t.TempDir()
	rep := filepath.Join(dir, "r.json")
	code, stdout, stderr := cli("run", ptxPath, "--spec", specPath, "--kernel", "demo::scale<float, 4>", "--out", dir, "--report", rep)
	require.Equal(t, 0, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "kernel demo::scale<float, 4>  grid [4 1 1]"), stdout)
	r := readReport(t, rep)
	assert.Equal(t, "_ZN4demo5scaleIfLi4EEEvPT_j", r["kernel"])
	assert.Equal(t, "void demo::scale<float, 4>(float*, unsigned int)", r["kernel_demangled"])

	// A regular expression over the mangled name picks the other entry; its
	// fault names it by its short name.
	code, _, stderr = cli("run", ptxPath, "--spec", specPath, "--kernel", "Li8E")
	assert.Equal(t, 1, code)
	assert.Contains(t, stderr, "kernel demo::scale<float, 8> cta (")

	code, _, stderr = cli("run", ptxPath, "--spec", specPath, "--kernel", "scale")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, `--kernel scale: "scale" matches 2 entries (demo::scale<float, 4>, demo::scale<float, 8>); make it match one`)

	code, _, stderr = cli("run", ptxPath, "--spec", specPath)
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "the PTX has 2 entries (demo::scale<float, 4>, demo::scale<float, 8>); name one with kernel: or --kernel")
}
