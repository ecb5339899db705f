package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var errorNote = regexp.MustCompile(`// ERROR "(.*)"`)

// The eight invalid files of issue 18: ptxas 13.0 rejects each (verdicts
// in tools/ptxmutants/README.md); `run` must exit 2 with an error at the
// line that carries the `// ERROR "regex"` note, matching the regex, and
// write nothing.
func TestInvalidPTXExits2AtTheLine(t *testing.T) {
	files, err := filepath.Glob("testdata/invalid/*.ptx")
	require.NoError(t, err)
	require.Len(t, files, 8)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			line, want := 0, ""
			for i, l := range strings.Split(string(b), "\n") {
				if m := errorNote.FindStringSubmatch(l); m != nil {
					line, want = i+1, m[1]
				}
			}
			require.NotZero(t, line, "no ERROR note")
			out := t.TempDir()
			code, _, stderr := cli("run", f, "--spec", "testdata/ok.yaml", "--out", out)
			assert.Equal(t, 2, code)
			prefix := f + ":" + strconv.Itoa(line) + ":"
			var found bool
			for _, l := range strings.Split(stderr, "\n") {
				if strings.HasPrefix(l, prefix) && regexp.MustCompile(want).MatchString(l) {
					found = true
				}
			}
			assert.True(t, found, "want an error at %s matching %q, got:\n%s", prefix, want, stderr)
			ents, _ := os.ReadDir(out)
			assert.Empty(t, ents)
		})
	}
}
