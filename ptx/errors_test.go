package ptx

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	errorAnnot = regexp.MustCompile(`// ERROR (.*)$`)
	quoted     = regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`)
)

// wantErrors reads the `// ERROR "regex" ["regex"...]` annotations per line.
func wantErrors(t *testing.T, src string) map[int][]*regexp.Regexp {
	t.Helper()
	want := map[int][]*regexp.Regexp{}
	for i, line := range strings.Split(src, "\n") {
		m := errorAnnot.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		for _, q := range quoted.FindAllStringSubmatch(m[1], -1) {
			want[i+1] = append(want[i+1], regexp.MustCompile(q[1]))
		}
	}
	return want
}

// TestErrorFiles checks testdata/errors/*.ptx: every annotated line gets a
// matching error at that line, and no other errors appear.
func TestErrorFiles(t *testing.T) {
	files, err := filepath.Glob("testdata/errors/*.ptx")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			b, err := os.ReadFile(f)
			require.NoError(t, err)
			want := wantErrors(t, string(b))
			_, lerr := Load(f, b)
			require.Error(t, lerr)
			var list ErrorList
			require.True(t, errors.As(lerr, &list))
			got := map[int][]*Error{}
			for _, e := range list {
				got[e.Pos.Line] = append(got[e.Pos.Line], e)
				assert.Equal(t, f, e.Pos.File)
				if len(want[e.Pos.Line]) == 0 {
					t.Errorf("unexpected error: %v", e)
				}
			}
			for line, res := range want {
				for _, re := range res {
					found := false
					for _, e := range got[line] {
						found = found || re.MatchString(e.Msg)
					}
					if !found {
						t.Errorf("%s:%d: no error matching %q (got %v)", f, line, re, got[line])
					}
				}
			}
		})
	}
}

func TestErrorFormat(t *testing.T) {
	_, err := Load("x.ptx", []byte(".version 9.0\n.target sm_90a\n.entry k() {\n  bogus.op;\n  add.s32 %r1;\n}\n"))
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	require.Len(t, lines, 2)
	assert.Equal(t, "x.ptx:4:3: error: unsupported instruction 'bogus.op'", lines[0])
	assert.True(t, strings.HasPrefix(lines[1], "x.ptx:5:3: error: "), lines[1])
}

func TestParseReturnsModuleAndErrors(t *testing.T) {
	m, err := Parse("x.ptx", []byte(".version 9.0\n.target sm_90a\n.global .u32 a;\n.global .u32 b = ;\n.global .u32 c;\n"))
	require.Error(t, err)
	require.NotNil(t, m)
	var names []string
	for _, d := range m.Decls {
		names = append(names, d.(*VarDecl).Name)
	}
	assert.Contains(t, names, "a")
	assert.Contains(t, names, "c", "declarations after the bad one survive")
}
