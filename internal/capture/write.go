package capture

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
)

// Write creates the corpus directory: kernel.ptx, launch.yaml, the
// captured files and provenance.json.
func Write(dir string, ptx []byte, c *Corpus, prov map[string]any) error {
	if err := os.MkdirAll(filepath.Join(dir, "gpu"), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "kernel.ptx"), ptx, 0o644); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "launch.yaml"), []byte(c.Spec), 0o644); err != nil {
		return err
	}
	names := make([]string, 0, len(c.Files))
	for n := range c.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n), c.Files[n], 0o644); err != nil {
			return err
		}
	}
	return WriteProvenance(dir, prov)
}

// WriteProvenance writes provenance.json (keys sorted).
func WriteProvenance(dir string, prov map[string]any) error {
	b, err := json.MarshalIndent(prov, "", " ")
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "provenance.json"), append(b, '\n'), 0o644)
}

var mangledRE = regexp.MustCompile(`^_Z(?:N(?:[KVr]*))?(\d+)`)

// ShortName is a directory-friendly short form of a kernel name: the first
// identifier of an Itanium-mangled name (_Z7my_gemmPf: my_gemm; a nested
// name: its innermost-first component's head), else the name itself,
// limited to 64 characters of [A-Za-z0-9_.-].
func ShortName(name string) string {
	s := name
	if m := mangledRE.FindStringSubmatchIndex(name); m != nil {
		n, _ := strconv.Atoi(name[m[2]:m[3]])
		if start := m[3]; start+n <= len(name) {
			s = name[start : start+n]
		}
	}
	out := []byte{}
	for i := 0; i < len(s) && len(out) < 64; i++ {
		c := s[i]
		if c == '_' || c == '.' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return fmt.Sprintf("kernel%d", len(name))
	}
	return string(out)
}
