package launch

import (
	"fmt"
	"strings"
)

// ResolveKernel picks the .entry to run from the entry names of the PTX:
// override (the --kernel flag) wins, then the spec's kernel:, else the only
// entry. Errors for the spec's kernel: carry its position.
func (s *Spec) ResolveKernel(names []string, override string) (string, error) {
	list := strings.Join(names, ", ")
	switch {
	case override != "":
		if contains(names, override) {
			return override, nil
		}
		return "", fmt.Errorf("--kernel %s: the PTX has no .entry of that name (entries: %s)", override, list)
	case s.Kernel != "":
		if contains(names, s.Kernel) {
			return s.Kernel, nil
		}
		if len(names) == 0 {
			return "", s.kernelPos.Errorf("kernel %q: the PTX has no .entry", s.Kernel)
		}
		return "", s.kernelPos.Errorf("kernel %q: the PTX has no .entry of that name (entries: %s)", s.Kernel, list)
	case len(names) == 1:
		return names[0], nil
	case len(names) == 0:
		return "", s.kernelPos.Errorf("the PTX has no .entry to launch")
	}
	return "", s.kernelPos.Errorf("the PTX has %d entries (%s); name one with kernel: or --kernel", len(names), list)
}
