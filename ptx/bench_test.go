package ptx

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// bigPTX builds a file of at least `lines` lines from copies of the
// hopper_gemm kernel, renamed.
func bigPTX(tb testing.TB, lines int) []byte {
	b, err := os.ReadFile("testdata/hopper_gemm.ptx")
	require.NoError(tb, err)
	src := string(b)
	i := strings.Index(src, ".visible .entry")
	head, body := src[:i], src[i:]
	var sb strings.Builder
	sb.WriteString(head)
	for n := 0; strings.Count(sb.String(), "\n") < lines; n++ {
		sb.WriteString(strings.ReplaceAll(body, "_Z9gemm_tmaPf14CUtensorMap_stS0_", fmt.Sprintf("k%d", n)))
	}
	return []byte(sb.String())
}

func BenchmarkLoad10k(b *testing.B) {
	src := bigPTX(b, 10000)
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := Load("big.ptx", src); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLoadSpeed keeps a generous bound on a 10k-line file (target: well
// under 100 ms on a loaded CI machine).
func TestLoadSpeed(t *testing.T) {
	if testing.Short() {
		t.Skip("timing")
	}
	src := bigPTX(t, 10000)
	best := time.Hour
	for range 3 {
		start := time.Now()
		_, err := Load("big.ptx", src)
		require.NoError(t, err)
		best = min(best, time.Since(start))
	}
	t.Logf("10k lines: %v", best)
	require.Less(t, best, 500*time.Millisecond)
}
