package exec_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The wgmma serialization rule (serial.go) against ptxas 13.0 itself: every
// PTX file of the repository with a wgmma, as ptxas -v judged it on the
// device (validation/timing/async/ptxas_c7515.txt): exactly the files
// with C7515 are flagged. -short checks the files that are not
// microbenchmark copies.
func TestSerialWgmmaMatchesPtxas(t *testing.T) {
	root := filepath.Join("..", "..")
	f, err := os.Open(filepath.Join(root, "validation", "timing", "async", "ptxas_c7515.txt"))
	require.NoError(t, err)
	defer f.Close()
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		fields := strings.Fields(line)
		require.Len(t, fields, 2, line)
		path, verdict := fields[0], fields[1]
		if testing.Short() && strings.HasPrefix(path, "validation/microbench/") {
			continue
		}
		src, err := gzfile.ReadFile(filepath.Join(root, path))
		require.NoError(t, err, path)
		p, err := ptx.Load(path, src)
		require.NoError(t, err, path)
		var flagged []string
		for _, fn := range p.Funcs {
			if !fn.Entry {
				continue
			}
			k, err := exec.Compile(p, fn.Name, exec.DefaultLayout())
			require.NoError(t, err, path)
			for _, s := range k.SerialWgmma() {
				if s.Func == fn.Name {
					flagged = append(flagged, fn.Name)
				}
			}
		}
		want := strings.Contains(verdict, "C7515")
		assert.Equal(t, want, len(flagged) > 0, "%s: ptxas says %s, flagged entries %v", path, verdict, flagged)
		n++
	}
	require.NoError(t, sc.Err())
	assert.Greater(t, n, 10)
}

// The flagged instruction is the first accumulator write inside an open
// stage, and every wgmma of the function is marked.
func TestSerialWgmmaSite(t *testing.T) {
	path := filepath.Join("..", "..", "validation", "testdata", "triton_matmul_tma", "kernel.ptx")
	src, err := gzfile.ReadFile(path)
	require.NoError(t, err)
	p, err := ptx.Load(path, src)
	require.NoError(t, err)
	k, err := exec.Compile(p, "matmul_tma_kernel", exec.DefaultLayout())
	require.NoError(t, err)
	s := k.SerialWgmma()
	require.Len(t, s, 1)
	// the block that zeroes the accumulators when the K loop is skipped,
	// laid out after the loop's wait_group 1 and before the final wait_group 0
	assert.Equal(t, int32(313), s[0].Def.Line)
	assert.Equal(t, "mov.b32", s[0].Def.Text[:7])
	assert.Equal(t, 64, s[0].Count)
}
