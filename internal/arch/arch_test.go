package arch

import (
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const mod = "github.com/sm90sim/sm90sim/"

// forbidden maps each package to the import prefixes (relative to the
// module) it must not depend on, directly or not, as its doc.go states. A
// package missing from the table fails the test: a new package states its
// rules here.
var forbidden = map[string][]string{
	"fp":                {""}, // standard library only
	"mbarrier":          {""},
	"smem":              {""},
	"wgmma":             {"ptx", "sim", "cmd", "traces"},
	"tma":               {"ptx", "sim", "cmd", "traces", "wgmma", "fp", "mbarrier", "banks"},
	"banks":             {"ptx", "sim", "cmd", "traces", "wgmma", "tma"},
	"sim/engine":        {""},
	"traces":            {"ptx", "sim", "cmd", "internal", "validation"},
	"ptx":               {"ptx/exec", "sim", "cmd", "traces", "validation", "internal"},
	"ptx/exec":          {"sim", "cmd", "traces", "validation", "internal/launch", "internal/session", "internal/report"},
	"sim/sm":            {"sim/gpu", "cmd", "traces", "validation", "internal/launch", "internal/session", "internal/report"},
	"sim/gpu":           {"cmd", "validation", "internal/launch", "internal/session", "internal/report"},
	"internal/gzfile":   {""},
	"internal/safeio":   {""}, // standard library only
	"internal/progress": {""}, // standard library and the progress bar only
	// (main's internal/capture and tools/capture/trimptx had no rules: these
	// state what they import today)
	"internal/capture":      {"sim", "cmd", "validation", "ptx/exec", "traces"},
	"tools/capture/trimptx": nil,
	"internal/mufuref":      {""},
	"tools/mufu/check":      nil,
	"tools/mufu/fit":        nil,
	"internal/npy":          {"ptx", "sim", "cmd", "validation"},
	"internal/kname":        {"ptx", "sim", "cmd", "validation"},
	"internal/launch":       {"sim", "smem", "wgmma", "cmd", "validation"},
	"internal/report":       {"cmd", "validation"},
	"internal/session":      {"cmd", "validation"},
	"internal/arch":         {""},
	"validation":            {"cmd"},
	"validation/driver":     {"cmd", "sim"},
	"cmd/sm90sim":           nil,
	"validation/calibrate":  {"cmd"},
}

// allowed are project packages a "" (project-free) rule still admits.
var allowed = map[string][]string{
	"internal/gzfile": {"internal/safeio"}, // staged temp files are removed on SIGINT/SIGTERM
}

func TestImportRules(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}}|{{join .Deps " "}}`, mod+"...").Output()
	require.NoError(t, err)
	var pkgs []string
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, deps, _ := strings.Cut(line, "|")
		rel := strings.TrimPrefix(path, mod)
		pkgs = append(pkgs, rel)
		rules, ok := forbidden[rel]
		if !assert.True(t, ok, "package %s has no import rules in internal/arch (add them, as its doc.go states)", rel) {
			continue
		}
		for _, d := range strings.Fields(deps) {
			if !strings.HasPrefix(d, mod) {
				continue
			}
			dep := strings.TrimPrefix(d, mod)
			for _, f := range rules {
				if f == "" || dep == f || strings.HasPrefix(dep, f+"/") || (f == "sim" && strings.HasPrefix(dep, "sim/")) {
					if f == "" && contains(allowed[rel], dep) {
						continue
					}
					assert.Fail(t, "forbidden import", "%s depends on %s (rule %q)", rel, dep, f)
				}
			}
		}
	}
	sort.Strings(pkgs)
	assert.NotEmpty(t, pkgs)
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}
