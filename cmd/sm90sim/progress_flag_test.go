package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestProgressAndBudgetFlags(t *testing.T) {
	code, _, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--progress", "loud")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "auto|bar|plain|off")
	for _, n := range []string{"0", "-5"} {
		code, _, stderr = cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--max-instructions", n)
		assert.Equal(t, 2, code)
		assert.Contains(t, stderr, "--max-instructions must be positive")
	}
	// a short run in plain mode prints nothing extra (the first line comes after 30 s)
	code, stdout, stderr := cli("run", "testdata/ok.ptx", "--spec", "testdata/ok.yaml", "--out", t.TempDir(), "--progress", "plain")
	assert.Equal(t, 0, code, stderr)
	assert.Empty(t, stderr)
	assert.Contains(t, stdout, "kernel scale")
}
