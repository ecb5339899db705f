package launch

import (
	"errors"
	"testing"
)

// FuzzParse: any input gives a spec or an *Error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add([]byte(exampleSpec))
	f.Add([]byte("grid: [1]\nblock: [1]\nbuffers:\n  a: &x {dtype: u8, shape: [2], init: uniform}\n  b: *x\nparams:\n  - {buffer: a}\n"))
	f.Add([]byte("grid: [1]\nblock: [1]\nbuffers:\n  w: {dtype: e4m3, shape: [3], init: uniform, low: -500, high: 500}\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		s, err := Parse("f.yaml", src)
		if err != nil {
			var le *Error
			if !errors.As(err, &le) {
				t.Fatalf("not an *Error: %v", err)
			}
			return
		}
		for i := range s.Buffers {
			if s.Buffers[i].File == "" && s.Buffers[i].Bytes() <= 1<<16 {
				generate(&s.Buffers[i], s.Seed, i)
			}
		}
	})
}
