package safeio

import (
	"fmt"
	"os"
	"path/filepath"
)

// Input is a file the command reads: what it is (for the message) and its
// path as given.
type Input struct {
	What string // "PTX", "launch spec", "buffer x's file"
	Path string
}

// Target is a file the command will write: the flag or setting that names
// it and its path.
type Target struct {
	Flag string // "--report", "--out (output out)"
	Path string
}

// CheckWrites returns an error for the first target that is the same file
// as an input (os.SameFile, so hard links, symlinks and ./x vs x all count)
// or the same file as another target. Targets that do not exist yet cannot
// be an existing input; for those it compares cleaned absolute paths
// (two targets of one run naming the same new file).
func CheckWrites(inputs []Input, targets []Target) error {
	type stated struct {
		fi  os.FileInfo
		abs string
	}
	stat := func(p string) stated {
		var s stated
		s.fi, _ = os.Stat(p)
		if a, err := filepath.Abs(p); err == nil {
			s.abs = a
		}
		return s
	}
	same := func(a, b stated) bool {
		if a.fi != nil && b.fi != nil {
			return os.SameFile(a.fi, b.fi)
		}
		return a.fi == nil && b.fi == nil && a.abs != "" && a.abs == b.abs
	}
	ins := make([]stated, len(inputs))
	for i, in := range inputs {
		ins[i] = stat(in.Path)
	}
	outs := make([]stated, len(targets))
	for j, t := range targets {
		if t.Path == "" {
			continue
		}
		outs[j] = stat(t.Path)
		if outs[j].fi != nil && outs[j].fi.IsDir() {
			return fmt.Errorf("%s %s: is a directory", t.Flag, t.Path)
		}
		for i, in := range inputs {
			if ins[i].fi != nil && outs[j].fi != nil && os.SameFile(ins[i].fi, outs[j].fi) {
				return fmt.Errorf("%s %s would overwrite the %s %s (the same file); write it somewhere else", t.Flag, t.Path, in.What, in.Path)
			}
			// an input read from NAME.gz when NAME is absent: writing NAME
			// would shadow it
			if ins[i].fi == nil && ins[i].abs != "" && ins[i].abs == outs[j].abs {
				return fmt.Errorf("%s %s would take the place of the %s %s (read from %s.gz); write it somewhere else", t.Flag, t.Path, in.What, in.Path, in.Path)
			}
		}
		for k := 0; k < j; k++ {
			if targets[k].Path != "" && same(outs[k], outs[j]) {
				return fmt.Errorf("%s %s and %s %s are the same file", targets[k].Flag, targets[k].Path, t.Flag, t.Path)
			}
		}
	}
	return nil
}
