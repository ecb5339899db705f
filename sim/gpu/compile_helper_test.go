package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// compileEntry parses a test's PTX source and compiles its entry name with
// the default layout.
func compileEntry(t testing.TB, name, src string) *exec.Kernel {
	t.Helper()
	p, err := ptx.Load(name+".ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, name, exec.DefaultLayout())
	require.NoError(t, err)
	return k
}
