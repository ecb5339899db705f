package main

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// traceEvent is one Chrome trace event as the trace tests read it.
type traceEvent struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Ts   int64          `json:"ts"`
	Dur  *int64         `json:"dur"`
	Args map[string]any `json:"args"`
}

// readTrace parses the trace file at path.
func readTrace(t *testing.T, path string) (doc struct {
	TraceEvents []traceEvent `json:"traceEvents"`
}) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &doc))
	return doc
}
