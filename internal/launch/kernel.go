package launch

import (
	"fmt"

	"github.com/sm90sim/sm90sim/internal/kname"
)

// ResolveKernel picks the .entry to run from the entry names of the PTX:
// override (the --kernel flag: the mangled name, the demangled name or a
// regular expression matching one entry, see kname.Match) wins, then the
// spec's kernel: (the exact .entry name), else the only entry. Errors for
// the spec's kernel: carry its position; entries are listed by their
// demangled short names.
func (s *Spec) ResolveKernel(names []string, override string) (string, error) {
	list := kname.List(names)
	switch {
	case override != "":
		name, err := kname.Match(names, override)
		if err != nil {
			return "", fmt.Errorf("--kernel %s: %v", kname.Short(override), err)
		}
		return name, nil
	case s.Kernel != "":
		if contains(names, s.Kernel) {
			return s.Kernel, nil
		}
		if len(names) == 0 {
			return "", s.kernelPos.Errorf("kernel %q: the PTX has no .entry", kname.Short(s.Kernel))
		}
		return "", s.kernelPos.Errorf("kernel %q: the PTX has no .entry of that name (entries: %s)", kname.Short(s.Kernel), list)
	case len(names) == 1:
		return names[0], nil
	case len(names) == 0:
		return "", s.kernelPos.Errorf("the PTX has no .entry to launch")
	}
	return "", s.kernelPos.Errorf("the PTX has %d entries (%s); name one with kernel: or --kernel", len(names), list)
}
