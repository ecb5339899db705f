package calibrate

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/sm90sim/sm90sim/sim/sm"
)

// TestMain gives the garbage collector more room than Go's default: the
// timed runs of these tests (the CI refit's thousands of them above all)
// allocate a machine of 132 SMs each and drop it, and at GOGC=100 about a
// quarter of the package's CPU time went to collecting that garbage. GOGC=400
// under a 1.5 GiB soft limit took the CI refit from 18.6 s to 13.8 s on the
// 2-core box (peak RSS 1.2 -> 1.5 GB; validation/timing/ci30.md). The
// results do not depend on it. GOGC or GOMEMLIMIT in the environment win.
//
// Every timed run of these tests (the recorded-figure tests and the CI
// refit: thousands of runs over most microbenchmark families) also checks
// the scheduler's fast paths against its full look (sm.CheckFastPaths): a
// model rule the fast paths do not mirror panics with the instruction
// (the merge of session 30's speed and tmafam lanes lost the register
// copies' IMAD pipe that way: tmai_mc_n8 issue_cycles 121 -> 108).
func TestMain(m *testing.M) {
	sm.CheckFastPaths = true
	if os.Getenv("GOGC") == "" && os.Getenv("GOMEMLIMIT") == "" {
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(3 << 29) // 1.5 GiB
	}
	os.Exit(m.Run())
}
