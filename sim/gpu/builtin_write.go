package gpu

import (
	"bytes"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// BuiltinFiles are, per built-in profile name, the Go file that compiles
// it in and the profile file it must equal (paths from the repository
// root; TestBuiltin*MatchesFile compares the two).
var BuiltinFiles = map[string]struct{ GoTable, Profile string }{
	"h200":     {"sim/gpu/timed_defaults.go", "calibration/h200.yaml"},
	"h100-sxm": {"sim/gpu/timed_defaults_h100.go", "calibration/h100-sxm.yaml"},
}

// tableStart opens the parameter map of a built-in table file.
const tableStart = "]DefaultParam{\n"

// FormatBuiltinTable returns the Go source src (a built-in table file)
// with the entries of its parameter map replaced by params, sorted by name
// and gofmt-aligned: `"name": {value, "source", residual},` with residual
// f(x) or nil. Everything outside the map is kept.
func FormatBuiltinTable(src []byte, params map[string]ProfileParam) ([]byte, error) {
	s := string(src)
	i := strings.Index(s, tableStart)
	if i < 0 {
		return nil, fmt.Errorf("no map[string]DefaultParam{ in the table file")
	}
	start := i + len(tableStart)
	end := strings.Index(s[start:], "\n}\n")
	if end < 0 {
		return nil, fmt.Errorf("the parameter map is not closed by a line \"}\"")
	}
	end += start + 1
	names := make([]string, 0, len(params))
	for n := range params {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString(s[:start])
	for _, n := range names {
		p := params[n]
		res := "nil"
		if p.Residual != nil {
			res = "f(" + goFloat(*p.Residual) + ")"
		}
		fmt.Fprintf(&b, "\t%q: {%s, %s, %s},\n", n, goFloat(p.Value), strconv.Quote(p.Source), res)
	}
	b.WriteString(s[end:])
	return format.Source([]byte(b.String()))
}

func goFloat(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// FormatProfileParams returns the profile text with everything from its
// `params:` line on replaced by params (sorted by name, one flow mapping
// per line: value, source, residual), the form calibration/*.yaml keep.
func FormatProfileParams(text []byte, params map[string]ProfileParam) []byte {
	s := string(text)
	if i := strings.Index(s, "\nparams:"); i >= 0 {
		s = s[:i+1]
	}
	names := make([]string, 0, len(params))
	for n := range params {
		names = append(names, n)
	}
	sort.Strings(names)
	var b bytes.Buffer
	b.WriteString(s)
	b.WriteString("params:\n")
	for _, n := range names {
		d := params[n]
		res := "null"
		if d.Residual != nil {
			res = fmt.Sprint(*d.Residual)
		}
		fmt.Fprintf(&b, "  %s: {value: %v, source: %q, residual: %s}\n", n, d.Value, d.Source, res)
	}
	return b.Bytes()
}

// FormatProvenanceEntry returns one entry of a profile's provenance
// section: the line "  key:" and under it one "    name: value" line per
// item of block, in name order, each value a one-line YAML scalar (the
// form calibrate writes provenance.calibrate in).
func FormatProvenanceEntry(key string, block map[string]any) (string, error) {
	names := make([]string, 0, len(block))
	for n := range block {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	fmt.Fprintf(&b, "  %s:\n", key)
	for _, n := range names {
		out, err := yaml.Marshal(block[n])
		if err != nil {
			return "", err
		}
		v := strings.TrimSpace(string(out))
		if strings.Contains(v, "\n") {
			return "", fmt.Errorf("provenance %s.%s: not a one-line value: %q", key, n, v)
		}
		fmt.Fprintf(&b, "    %s: %s\n", n, v)
	}
	return b.String(), nil
}

// SetProfileProvenance returns the profile text with the entry key of its
// top-level provenance section set to block (FormatProvenanceEntry): an
// existing entry (its "  key:" line and the deeper-indented lines under it)
// is replaced where it stands, a missing one is added at the end of the
// section, and a profile without a provenance section gets one just above
// its params line (so FormatProfileParams, which rewrites everything from
// that line on, keeps it). Every other line is kept: comments, the other
// provenance entries (the GPC map's measurement), every other key.
func SetProfileProvenance(text []byte, key string, block map[string]any) ([]byte, error) {
	entry, err := FormatProvenanceEntry(key, block)
	if err != nil {
		return nil, err
	}
	lines := strings.SplitAfter(string(text), "\n")
	if n := len(lines); n > 0 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	indented := func(l string) bool { return strings.HasPrefix(l, " ") || strings.HasPrefix(l, "\t") }
	blank := func(l string) bool { return strings.TrimSpace(l) == "" }
	join := func(parts ...[]string) []byte {
		var b strings.Builder
		for _, p := range parts {
			for _, l := range p {
				b.WriteString(l)
				if !strings.HasSuffix(l, "\n") {
					b.WriteString("\n")
				}
			}
		}
		return []byte(b.String())
	}
	start := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "provenance:") {
			start = i
			break
		}
	}
	if start < 0 {
		at := len(lines)
		for i, l := range lines {
			if strings.HasPrefix(l, "params:") {
				at = i
				break
			}
		}
		return join(lines[:at], []string{"provenance:\n", entry}, lines[at:]), nil
	}
	if strings.TrimSpace(strings.TrimPrefix(lines[start], "provenance:")) != "" {
		return nil, fmt.Errorf("line %d: provenance is not a block mapping", start+1)
	}
	// the section: the indented lines after its key (blank lines inside it
	// included, those after its last indented line not)
	end := start + 1
	for i := start + 1; i < len(lines) && (indented(lines[i]) || blank(lines[i])); i++ {
		if !blank(lines[i]) {
			end = i + 1
		}
	}
	for i := start + 1; i < end; i++ {
		if !strings.HasPrefix(lines[i], "  "+key+":") {
			continue
		}
		j := i + 1
		for k := i + 1; k < end && (strings.HasPrefix(lines[k], "   ") || blank(lines[k])); k++ {
			if !blank(lines[k]) {
				j = k + 1
			}
		}
		return join(lines[:i], []string{entry}, lines[j:]), nil
	}
	return join(lines[:end], []string{entry}, lines[end:]), nil
}

// UpdateBuiltin writes params into the built-in profile name's Go table
// and profile file under the repository root, so that the compiled-in
// profile and its file equal the fit (the next build compiles it in), and
// sets the profile file's provenance.calibrate to prov (the block calibrate
// writes: command, date, GPU, driver, clocks, recordings, figures; nil:
// the provenance is left as it is). It returns the paths written.
func UpdateBuiltin(root, name string, params map[string]ProfileParam, prov map[string]any) ([]string, error) {
	files, ok := BuiltinFiles[name]
	if !ok {
		return nil, fmt.Errorf("no built-in profile %q (%s)", name, strings.Join(BuiltinProfileNames, ", "))
	}
	goPath, profPath := filepath.Join(root, files.GoTable), filepath.Join(root, files.Profile)
	src, err := os.ReadFile(goPath)
	if err != nil {
		return nil, err
	}
	out, err := FormatBuiltinTable(src, params)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", goPath, err)
	}
	text, err := os.ReadFile(profPath)
	if err != nil {
		return nil, err
	}
	if prov != nil {
		if text, err = SetProfileProvenance(text, "calibrate", prov); err != nil {
			return nil, fmt.Errorf("%s: %v", profPath, err)
		}
	}
	prof := FormatProfileParams(text, params)
	p, err := ParseProfile(profPath, prof)
	if err != nil {
		return nil, fmt.Errorf("the rewritten %s does not parse (a bug): %v", profPath, err)
	}
	if got, _ := p.Provenance["calibrate"].(map[string]any); prov != nil && len(got) != len(prov) {
		return nil, fmt.Errorf("the rewritten %s has %d provenance.calibrate entries, not %d (a bug)", profPath, len(got), len(prov))
	}
	if err := os.WriteFile(goPath, out, 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(profPath, prof, 0o644); err != nil {
		return nil, err
	}
	return []string{goPath, profPath}, nil
}

// RepoRoot returns the nearest directory at or above dir whose go.mod
// declares this module (where UpdateBuiltin finds the tables).
func RepoRoot(dir string) (string, error) {
	d, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(d, "go.mod")); err == nil &&
			strings.Contains(string(b), "module github.com/sm90sim/sm90sim\n") {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", fmt.Errorf("no sm90sim checkout (go.mod of github.com/sm90sim/sm90sim) at or above %s", dir)
		}
		d = up
	}
}
