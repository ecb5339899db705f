package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Issue 13: --trace-sms and --trace-cycles keep a trace small. transpose_smem
// (64 CTAs, one per SM) traced on SMs 0-3,64 and cycles 2000:4000: every
// event belongs to one of those SMs and every span or counter sample
// overlaps the window; the whole trace has events outside both.
func TestTraceFilters(t *testing.T) {
	dir := t.TempDir()
	ptxPath := "../../validation/testdata/transpose_smem/kernel.ptx"
	spec := "../../validation/testdata/transpose_smem/launch.yaml"
	type event struct {
		Ph  string `json:"ph"`
		Pid int    `json:"pid"`
		Ts  int64  `json:"ts"`
		Dur *int64 `json:"dur"`
	}
	read := func(args ...string) []event {
		tr := filepath.Join(dir, "t.json")
		a := append([]string{"run", ptxPath, "--spec", spec, "--out", dir, "--mode", "timed", "--trace", tr, "--progress", "off"}, args...)
		code, _, stderr := cli(a...)
		require.Equal(t, 0, code, stderr)
		b, err := os.ReadFile(tr)
		require.NoError(t, err)
		var doc struct {
			TraceEvents []event `json:"traceEvents"`
		}
		require.NoError(t, json.Unmarshal(b, &doc))
		require.NotEmpty(t, doc.TraceEvents)
		return doc.TraceEvents
	}
	outside := func(evs []event) (sms, cycles int) {
		for _, e := range evs {
			if !map[int]bool{0: true, 1: true, 2: true, 3: true, 64: true}[e.Pid] {
				sms++
			}
			if e.Ph == "X" || e.Ph == "C" {
				end := e.Ts
				if e.Dur != nil {
					end += *e.Dur
				}
				if end < 2000 || e.Ts > 4000 {
					cycles++
				}
			}
		}
		return
	}
	s, c := outside(read())
	require.Positive(t, s, "the full trace has other SMs")
	require.Positive(t, c, "the full trace has events outside the window")
	evs := read("--trace-sms", "0-3,64", "--trace-cycles", "2000:4000")
	s, c = outside(evs)
	assert.Zero(t, s, "events of SMs outside --trace-sms")
	assert.Zero(t, c, "spans outside --trace-cycles")
	pids := map[int]bool{}
	for _, e := range evs {
		pids[e.Pid] = true
	}
	assert.True(t, pids[0] && pids[64], "the kept SMs are traced: %v", pids)
}
