package calibrate

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// recordedH200 loads the committed H200 recordings of validation/microbench
// by benchmark name.
func recordedH200(t *testing.T) map[string]*Bench {
	t.Helper()
	bs, err := LoadRecordingsOf(filepath.Join("..", "microbench"), "")
	require.NoError(t, err)
	by := make(map[string]*Bench, len(bs))
	for _, b := range bs {
		by[b.Name] = b
	}
	return by
}
