package capture

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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

// ShortName is a directory-friendly short form of a kernel name: the
// innermost identifier of an Itanium-mangled name's (nested) name
// (_Z7my_gemmPf: my_gemm; _ZN7cutlass13device_kernelI...: device_kernel),
// else the name itself, limited to 64 characters of [A-Za-z0-9_.-].
func ShortName(name string) string {
	s := name
	if id := mangledIdent(name); id != "" {
		s = id
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

// mangledIdent reads the <length><identifier> components after _Z or _ZN
// (with cv-qualifiers) and returns the last one, or "".
func mangledIdent(name string) string {
	rest, ok := strings.CutPrefix(name, "_Z")
	if !ok {
		return ""
	}
	r, nested := strings.CutPrefix(rest, "N")
	if nested {
		rest = strings.TrimLeft(r, "rVK")
	}
	last := ""
	for {
		i := 0
		for i < len(rest) && rest[i] >= '0' && rest[i] <= '9' {
			i++
		}
		n, err := strconv.Atoi(rest[:i])
		if i == 0 || err != nil || i+n > len(rest) {
			return last
		}
		last, rest = rest[i:i+n], rest[i+n:]
		if !nested {
			return last // what follows is the parameter types
		}
	}
}
