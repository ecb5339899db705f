package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// capture's exit codes on a machine without a GPU: 2 for bad usage, 3
// without a driver (or without cgo) before anything is run.
func TestCaptureWithoutGPU(t *testing.T) {
	dir := t.TempDir()
	shim := filepath.Join(dir, "shim")
	require.NoError(t, os.MkdirAll(shim, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(shim, "libcuda.so.1"), nil, 0o644))
	lib := filepath.Join(dir, "missing", "libcuda.so.1")
	marker := filepath.Join(dir, "ran")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"no program", []string{"capture"}, exitInput, "requires at least 1 arg"},
		{"no shim", []string{"capture", "--shim", "", "--", "true"}, exitInput, "tools/capture/build.sh"},
		{"shim dir without the library", []string{"capture", "--shim", dir, "--", "true"}, exitInput, "no libcuda.so.1 there"},
		{"bad regex", []string{"capture", "--shim", shim, "--kernel", "(", "--", "true"}, exitInput, "--kernel"},
		{"bad launch", []string{"capture", "--shim", shim, "--launch", "0", "--", "true"}, exitInput, "count from 1"},
		{"no driver", []string{"capture", "--shim", shim, "--libcuda", lib, "--", "touch", marker}, exitNoGPU, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := run(tc.args, &out, &errb)
			if captureAvailable() != nil && tc.name != "no program" { // a build without cgo: 3 once the arguments parse
				assert.Equal(t, exitNoGPU, code)
				assert.Contains(t, errb.String(), "built without cgo")
				return
			}
			assert.Equal(t, tc.code, code, errb.String())
			assert.Contains(t, errb.String(), tc.want)
		})
	}
	assert.NoFileExists(t, marker, "the program must not run without a driver")
}
