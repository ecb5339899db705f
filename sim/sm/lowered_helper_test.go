package sm

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// lowered parses src, compiles its entry k and analyses it as the timed
// run does.
func lowered(t *testing.T, src string) (*ptx.Program, *exec.Kernel, *Lowering) {
	t.Helper()
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	return p, k, NewLowering(k)
}

// labelsAt names each labelled PC of the entry function.
func labelsAt(f *ptx.Function) map[int]string {
	out := map[int]string{}
	for name, pc := range f.Labels {
		out[pc] = name
	}
	return out
}
