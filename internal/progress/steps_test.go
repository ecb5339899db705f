package progress

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A step-counting task prints "LABEL: N UNIT, now WHAT" in plain mode.
func TestPlainSteps(t *testing.T) {
	var w syncBuf
	r := newReporter(&w, Plain, "calibrate", 20*time.Millisecond).SetUnit("runs")
	r.Step("tma_load_none_1k_lat")
	r.Step("tma_load_none_2k_lat")
	require.Eventually(t, func() bool { return strings.Count(w.String(), "\n") >= 1 }, 2*time.Second, 5*time.Millisecond)
	r.Finish()
	first := strings.SplitN(w.String(), "\n", 2)[0]
	assert.Regexp(t, `^sm90sim: calibrate: 2 runs, now tma_load_none_2k_lat, \S+ elapsed$`, first)
}

// In bar mode the log lines of Warnf come out whole, and Off prints nothing.
func TestBarStepsAndWarnf(t *testing.T) {
	var w syncBuf
	r := New(&w, Bar, "calibrate")
	r.Step("a")
	r.Warnf("launch %s = %d", "tail_cycles", 593)
	r.Step("b")
	r.Finish()
	assert.Contains(t, w.String(), "launch tail_cycles = 593\n")
	var off syncBuf
	o := New(&off, Off, "calibrate")
	o.Step("a")
	o.Finish()
	assert.Empty(t, off.String())
	var nilR *Reporter
	nilR.SetUnit("runs").Step("x") // a nil reporter is a no-op
}
