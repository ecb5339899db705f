package report

import (
	"runtime/debug"
	"strings"
)

// Provenance says what produced a report, so that two reports can be told
// apart or shown to be the same run. It holds nothing that changes between
// runs of the same inputs: no --jobs, output paths, dates or host names
// (those belong under "host").
type Provenance struct {
	Version string   `json:"version"` // Version()
	PTX     *FileRef `json:"ptx"`
	Spec    *FileRef `json:"spec"`
	Seed    uint64   `json:"seed"`   // the spec's seed (0 when the spec did not load)
	Kernel  string   `json:"kernel"` // the .entry run ("" when it was not resolved)
	Mode    string   `json:"mode"`   // functional, gpu, validate
	// Config is the GPU configuration file; null means the built-in
	// default (there is no --config flag yet).
	Config        *FileRef `json:"config"`
	NoHazardCheck bool     `json:"no_hazard_check"`
	Strict        bool     `json:"strict"`
}

// FileRef is a file as the user named it, with the SHA-256 of its bytes
// ("" when it could not be read).
type FileRef struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
}

// Version is the binary's version from its build info: the module version
// when installed with `go install module@version`, else "devel" with the
// VCS revision (12 hex digits) and "-dirty" for uncommitted changes, when
// the build recorded them.
func Version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	v := bi.Main.Version
	if v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return "devel"
	}
	return strings.Join([]string{"devel", rev}, "-") + dirty
}
