package safeio

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckWrites(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "x.npy")
	require.NoError(t, os.WriteFile(in, []byte("x"), 0o644))
	require.NoError(t, os.Symlink(in, filepath.Join(dir, "link.npy")))
	inputs := []Input{{What: "input of buffer x", Path: in}}

	assert.NoError(t, CheckWrites(inputs, []Target{{"--out", filepath.Join(dir, "y.npy")}, {"--report", ""}}))
	for _, p := range []string{in, filepath.Join(dir, "link.npy"), filepath.Join(dir, "sub", "..", "x.npy")} {
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "sub"), 0o755))
		err := CheckWrites(inputs, []Target{{"--out (output x)", p}})
		require.Error(t, err, p)
		assert.Contains(t, err.Error(), "would overwrite the input of buffer x "+in)
	}
	// an input stored as x2.npy.gz and read as x2.npy: writing x2.npy would shadow it
	require.NoError(t, os.WriteFile(filepath.Join(dir, "x2.npy.gz"), []byte("z"), 0o644))
	err := CheckWrites([]Input{{What: "input of buffer x2", Path: filepath.Join(dir, "x2.npy")}}, []Target{{"--out (output x2)", filepath.Join(dir, "x2.npy")}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "would take the place of")
	err = CheckWrites(nil, []Target{{"--json", filepath.Join(dir, "a.json")}, {"--svg", filepath.Join(dir, ".", "a.json")}})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "are the same file")
	assert.Error(t, CheckWrites(nil, []Target{{"--report", dir}}))
}

// A process killed while it holds staged files removes them and exits 143.
func TestSignalRemovesTrackedFiles(t *testing.T) {
	if dir := os.Getenv("SAFEIO_HELPER_DIR"); dir != "" {
		CleanOnSignal()
		f, err := os.CreateTemp(dir, ".out.npy.tmp*")
		if err != nil {
			os.Exit(5)
		}
		Track(f.Name())
		f.WriteString("partial")
		os.Stdout.WriteString("ready\n")
		time.Sleep(time.Minute)
		os.Exit(6)
	}
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run", "^TestSignalRemovesTrackedFiles$")
	cmd.Env = append(os.Environ(), "SAFEIO_HELPER_DIR="+dir)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	require.Equal(t, "ready\n", line)
	ents, _ := os.ReadDir(dir)
	require.Len(t, ents, 1)
	require.NoError(t, cmd.Process.Signal(syscall.SIGTERM))
	err = cmd.Wait()
	var ee *exec.ExitError
	require.ErrorAs(t, err, &ee)
	assert.Equal(t, 143, ee.ExitCode())
	ents, _ = os.ReadDir(dir)
	assert.Empty(t, ents, "the staged file is gone")
}
