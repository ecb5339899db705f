package ptx

import (
	"bufio"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGeneratedPTX loads PTX that nvcc and Triton emitted on the device
// (tools/ptxmutants/device.sh: gen_ptx.tar.gz unpacked into a folder, and
// gen_verdicts.tsv beside it) and compares with ptxas's verdict on each
// file. It is a manual check: SM90SIM_GEN_PTX=/folder go test ./ptx -run
// TestGeneratedPTX. The files are too large for the tree.
func TestGeneratedPTX(t *testing.T) {
	dir := os.Getenv("SM90SIM_GEN_PTX")
	if dir == "" {
		t.Skip("SM90SIM_GEN_PTX not set")
	}
	f, err := os.Open(filepath.Join(dir, "gen_verdicts.tsv"))
	require.NoError(t, err)
	defer f.Close()
	var names []string
	verdict := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		c := strings.SplitN(sc.Text(), "\t", 3)
		require.Len(t, c, 3)
		names = append(names, c[0])
		verdict[c[0]] = c[1]
	}
	sort.Strings(names)
	loaded, rejected := 0, 0
	for _, n := range names {
		path := filepath.Join(dir, n+".ptx")
		b, err := os.ReadFile(path)
		require.NoError(t, err)
		_, lerr := Load(path, b)
		if verdict[n] == "0" {
			assert.NoError(t, lerr, "ptxas accepts %s", n)
			loaded++
		} else {
			assert.Error(t, lerr, "ptxas rejects %s", n)
			rejected++
		}
	}
	t.Logf("%d files ptxas accepts, %d it rejects", loaded, rejected)
}
