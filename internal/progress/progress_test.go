package progress

import (
	"bytes"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// syncBuf is a bytes.Buffer safe for the ticker goroutine.
type syncBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuf) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuf) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestParseMode(t *testing.T) {
	for s, m := range map[string]Mode{"auto": Auto, "": Auto, "bar": Bar, "plain": Plain, "off": Off} {
		got, err := ParseMode(s)
		require.NoError(t, err)
		assert.Equal(t, m, got)
	}
	_, err := ParseMode("loud")
	assert.ErrorContains(t, err, "auto|bar|plain|off")
}

// Plain prints one line per interval with the counts, and nothing after
// Finish; Auto on a buffer (not a terminal) is Plain.
func TestPlainLines(t *testing.T) {
	var w syncBuf
	r := newReporter(&w, Plain, "kernel k", 20*time.Millisecond)
	r.Update(3, 8, 3_000_000)
	require.Eventually(t, func() bool { return strings.Count(w.String(), "\n") >= 2 }, 2*time.Second, 5*time.Millisecond)
	r.Finish()
	n := strings.Count(w.String(), "\n")
	time.Sleep(60 * time.Millisecond)
	assert.Equal(t, n, strings.Count(w.String(), "\n"), "nothing after Finish")
	first := strings.SplitN(w.String(), "\n", 2)[0]
	assert.Regexp(t, `^sm90sim: kernel k: 3/8 CTAs, 3000000 warp instructions \(\S+/s\), \S+ elapsed`, first)
	assert.Equal(t, Plain, New(&w, Auto, "x").mode)
}

// Before the first Update (inputs and lowering of a large launch) the
// plain line says so instead of printing "0/0 CTAs".
func TestPlainLineBeforeFirstUpdate(t *testing.T) {
	var w syncBuf
	r := newReporter(&w, Plain, "kernel k", 20*time.Millisecond)
	require.Eventually(t, func() bool { return strings.Count(w.String(), "\n") >= 1 }, 2*time.Second, 5*time.Millisecond)
	r.Finish()
	first := strings.SplitN(w.String(), "\n", 2)[0]
	assert.Regexp(t, `^sm90sim: kernel k: preparing the launch \(no CTA started yet\), \S+ elapsed$`, first)
}

func TestBarAndWarn(t *testing.T) {
	var w syncBuf
	r := New(&w, Bar, "kernel k")
	r.Update(1, 4, 100)
	r.Warn("warning: line 12: something")
	r.Update(4, 4, 400)
	r.Finish()
	out := w.String()
	assert.Contains(t, out, "warning: line 12: something\n")
	assert.Contains(t, out, "kernel k")
}

func TestOffPrintsNothing(t *testing.T) {
	var w syncBuf
	r := New(&w, Off, "k")
	assert.Nil(t, r.Hook())
	r.Update(1, 2, 3)
	r.Finish()
	assert.Empty(t, w.String())
	var nilR *Reporter
	nilR.Update(1, 2, 3) // a nil reporter is a no-op
	nilR.Finish()
}
