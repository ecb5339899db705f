package report

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/smem"
)

// load_* sum ld and ldmatrix, store_* st and stmatrix (ncu's op_ld/op_st);
// shared atomics appear only under by_op.
func TestFromCountersGroupsLikeNcu(t *testing.T) {
	var c smem.Counters
	c.Add(smem.OpLd, smem.Cost{Wavefronts: 32, Ideal: 1, MaxWay: 32})
	c.Add(smem.OpLdsm, smem.Cost{Wavefronts: 8, Ideal: 4, MaxWay: 2})
	c.Add(smem.OpSt, smem.Cost{Wavefronts: 2, Ideal: 2, MaxWay: 1})
	c.Add(smem.OpStsm, smem.Cost{Wavefronts: 4, Ideal: 4, MaxWay: 1})
	c.Add(smem.OpAtom, smem.Cost{Wavefronts: 3, Ideal: 1, MaxWay: 3})
	s := FromCounters(&c)
	assert.Equal(t, uint64(40), s.LoadWavefronts)
	assert.Equal(t, uint64(31+4), s.LoadBankConflicts)
	assert.Equal(t, uint64(6), s.StoreWavefronts)
	assert.Equal(t, uint64(0), s.StoreBankConflicts)
	assert.Equal(t, Op{Instructions: 1, Wavefronts: 3, IdealWavefronts: 1}, s.ByOp.Atom)
}

// The report is written atomically with stable keys; a failed run has
// status "error" and the message.
func TestWriteKeysAndError(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.json")
	r := &Report{Status: "ok", Kernel: "k", Mode: "functional"}
	r.SetError(os.ErrNotExist)
	require.NoError(t, r.Write(path))
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, json.Unmarshal(b, &m))
	for _, k := range []string{"status", "error", "kernel", "grid", "block", "mode", "instructions", "cycles", "smem", "host"} {
		assert.Contains(t, m, k)
	}
	assert.Equal(t, "error", m["status"])
	assert.Equal(t, "file does not exist", m["error"])
	assert.Nil(t, m["cycles"])
	left, _ := filepath.Glob(filepath.Join(filepath.Dir(path), ".sm90sim-*"))
	assert.Empty(t, left, "no temporary file left behind")
}
