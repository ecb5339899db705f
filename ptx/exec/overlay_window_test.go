package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Two partitions of a windowed timed run read-modify-write neighbouring
// words of one 16-byte chunk, and a third stores over a word it never
// read: every changed byte lands, whatever the order of the logs.
func TestWindowLogsKeepEveryChangedByte(t *testing.T) {
	g, a, _ := overlayMem(t)
	orig := append([]byte(nil), a.Data...)
	for _, order := range [][]int{{0, 1, 2}, {2, 1, 0}} {
		copy(a.Data, orig)
		sh := exec.NewSharedMem(g)
		v := []*exec.GlobalMem{sh.View(), sh.View(), sh.View()}
		p := v[0].Slice(a.Base+64, 4) // read, then write
		p[0]++
		q := v[1].Slice(a.Base+68, 4)
		q[1]++
		copy(v[2].SliceW(a.Base+72, 4), "wxyz")
		_ = v[2].Slice(a.Base+4096, 64) // a page only read: nothing to log
		logs := make([]*exec.MemLog, 3)
		for i, x := range v {
			logs[i] = x.TakeWindowLog()
		}
		assert.Zero(t, logs[2].ChangedBytes-16, "one chunk of stored bytes")
		for k, i := range order {
			sh.Apply(logs[i], uint64(k+1))
		}
		want := append([]byte(nil), orig...)
		want[64]++
		want[69]++
		copy(want[72:], "wxyz")
		require.Equal(t, want, a.Data, "order %v", order)
		assert.Equal(t, want[64:80], v[0].Slice(a.Base+64, 16), "the next window starts from the committed memory")
	}
}
