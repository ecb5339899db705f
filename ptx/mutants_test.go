package ptx

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mutant is one row of testdata/mutants/mutants.tsv.gz: one edit of one PTX
// file and ptxas 13.0's verdict on the edited file (tools/ptxmutants).
type mutant struct {
	file         string // relative to the repository root
	line, col    int
	old, new     string
	verdict, msg string // verdict: ok, error, crash (ptxas segfaulted), timeout
	ptxasLine    int    // the line ptxas's first message names, 0 if none
}

var ptxasLineRE = regexp.MustCompile(`^line (\d+);`)

func readMutants(t *testing.T) []mutant {
	t.Helper()
	f, err := os.Open("testdata/mutants/mutants.tsv.gz")
	require.NoError(t, err)
	defer f.Close()
	z, err := gzip.NewReader(f)
	require.NoError(t, err)
	var ms []mutant
	sc := bufio.NewScanner(z)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "#") {
			continue
		}
		c := strings.Split(sc.Text(), "\t")
		require.Len(t, c, 7, sc.Text())
		m := mutant{file: c[0], old: c[3], new: c[4], verdict: c[5], msg: c[6]}
		m.line, _ = strconv.Atoi(c[1])
		m.col, _ = strconv.Atoi(c[2])
		if mm := ptxasLineRE.FindStringSubmatch(m.msg); mm != nil {
			m.ptxasLine, _ = strconv.Atoi(mm[1])
		}
		ms = append(ms, m)
	}
	require.NoError(t, sc.Err())
	return ms
}

// readPTX reads a file of the table (".gz" files are gunzipped).
func readPTX(path string) ([]string, error) {
	if b, err := os.ReadFile(path); err == nil {
		return strings.Split(string(b), "\n"), nil
	}
	f, err := os.Open(path + ".gz")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	if _, err := bufio.NewReader(z).WriteTo(&b); err != nil {
		return nil, err
	}
	return strings.Split(b.String(), "\n"), nil
}

// apply returns the file with the mutant's one edit.
func (m mutant) apply(lines []string) (string, error) {
	if m.line < 1 || m.line > len(lines) {
		return "", fmt.Errorf("line %d out of range", m.line)
	}
	l := lines[m.line-1]
	c := m.col - 1
	if c < 0 || c+len(m.old) > len(l) || l[c:c+len(m.old)] != m.old {
		return "", fmt.Errorf("%q not at column %d of %q", m.old, m.col, l)
	}
	out := make([]string, len(lines))
	copy(out, lines)
	out[m.line-1] = l[:c] + m.new + l[c+len(m.old):]
	return strings.Join(out, "\n"), nil
}

// TestMutantsAgreeWithPtxas applies every edit of the table and loads the
// result: what ptxas rejects must be rejected (at the line ptxas names), and
// what ptxas accepts must load. Accepted mutants are parsed, never run.
func TestMutantsAgreeWithPtxas(t *testing.T) {
	ms := readMutants(t)
	require.Greater(t, len(ms), 4000)
	cache := map[string][]string{}
	var (
		rejectedBoth, rejectedMissed, wrongLine int
		acceptedBoth, acceptedRefused           int
		missed, refused                         []string
	)
	short := testing.Short()
	for i, m := range ms {
		if m.verdict != "ok" && m.verdict != "error" {
			continue
		}
		if short && i%4 != 0 {
			continue
		}
		lines, ok := cache[m.file]
		if !ok {
			var err error
			lines, err = readPTX(filepath.Join("..", m.file))
			require.NoError(t, err)
			cache[m.file] = lines
		}
		src, err := m.apply(lines)
		require.NoError(t, err, "%s:%d", m.file, m.line)
		_, lerr := Load(m.file, []byte(src))
		desc := fmt.Sprintf("%s:%d:%d %q -> %q", m.file, m.line, m.col, m.old, m.new)
		switch {
		case m.verdict == "error" && lerr != nil:
			rejectedBoth++
			if m.ptxasLine > 0 && !errorAtLine(lerr, m.ptxasLine) {
				wrongLine++
				if os.Getenv("MUTANT_LINES") != "" {
					t.Logf("LINE %s  ptxas: %s  sm90sim: %s", desc, m.msg, firstLine(lerr.Error()))
				}
			}
		case m.verdict == "error":
			rejectedMissed++
			missed = append(missed, desc+"  ptxas: "+m.msg)
		case lerr == nil:
			acceptedBoth++
		default:
			acceptedRefused++
			refused = append(refused, desc+"  sm90sim: "+firstLine(lerr.Error()))
		}
	}
	t.Logf("ptxas rejects %d: sm90sim rejects %d (%d of them at another line than ptxas's), accepts %d",
		rejectedBoth+rejectedMissed, rejectedBoth, wrongLine, rejectedMissed)
	t.Logf("ptxas accepts %d: sm90sim accepts %d, rejects %d", acceptedBoth+acceptedRefused, acceptedBoth, acceptedRefused)
	sort.Strings(missed)
	sort.Strings(refused)
	for _, s := range missed {
		t.Log("MISSED  " + s)
	}
	for _, s := range refused {
		t.Log("REFUSED " + s)
	}
	assert.Zero(t, rejectedMissed, "mutants ptxas rejects and sm90sim accepts")
	assert.Zero(t, acceptedRefused, "mutants ptxas accepts and sm90sim rejects")
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// errorAtLine reports whether one of the load errors is at line.
func errorAtLine(err error, line int) bool {
	if l, ok := err.(ErrorList); ok {
		for _, e := range l {
			if e.Pos.Line == line {
				return true
			}
		}
		return false
	}
	return strings.Contains(err.Error(), fmt.Sprintf(":%d:", line))
}
