package ptx

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse feeds arbitrary text to Load: it may return errors, never panic.
func FuzzParse(f *testing.F) {
	for _, pat := range []string{"testdata/*.ptx", "testdata/errors/*.ptx", "testdata/nvcc/*.ptx"} {
		files, _ := filepath.Glob(pat)
		for _, file := range files {
			if b, err := os.ReadFile(file); err == nil {
				f.Add(b)
			}
		}
	}
	f.Add([]byte(kernel("", "bra.uni $L;\n$L:\n{ .reg .pred p; @p bra $L; }\nret;")))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Load("fuzz.ptx", src)
		if err == nil && p == nil {
			t.Fatal("nil program without error")
		}
		if m, err := Parse("fuzz.ptx", src); m != nil && err == nil {
			if _, err := Lower(m); err == nil && p == nil {
				t.Fatal("Lower accepted what Load rejected")
			}
		}
	})
}
