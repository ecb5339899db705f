package main

import (
	"crypto/sha256"
	"encoding/hex"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/internal/launch"
	"github.com/sm90sim/sm90sim/internal/report"
)

// fileRef hashes a file the command read ("" hash when it cannot be read).
func fileRef(path string) *report.FileRef {
	if path == "" {
		return nil
	}
	r := &report.FileRef{Path: path}
	if b, err := gzfile.ReadFile(path); err == nil { // the contents, also when stored as path.gz
		sum := sha256.Sum256(b)
		r.SHA256 = hex.EncodeToString(sum[:])
	}
	return r
}

// provenanceOf builds the report's provenance object.
func provenanceOf(ptxPath, specPath, kernel, mode string, noHazardCheck bool) *report.Provenance {
	p := &report.Provenance{
		Version: report.Version(), PTX: fileRef(ptxPath), Spec: fileRef(specPath),
		Kernel: kernel, Mode: mode, NoHazardCheck: noHazardCheck,
	}
	if s, err := launch.Load(specPath); err == nil {
		p.Seed = s.Seed
	}
	return p
}

// configRef names a timed run's --config: a profile file with its hash,
// or a built-in profile by name (sha256 "").
func configRef(name string) *report.FileRef {
	switch name {
	case "", "h200":
		return &report.FileRef{Path: "h200"}
	}
	return fileRef(name)
}
