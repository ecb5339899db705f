package exec

import (
	"fmt"

	"github.com/sm90sim/sm90sim/internal/kname"
)

// Fault is a run-time error of the simulated kernel (exit code 1): an
// out-of-bounds or misaligned access, a trap, a deadlock, an exhausted
// instruction budget.
type Fault struct {
	Kernel string
	CTA    [3]int
	Thread [3]int
	Line   int
	// Src is the .cu position of the instruction ("kernel.cu:42") when the
	// PTX carries .loc directives (nvcc -lineinfo), else "".
	Src string
	Msg string
	// Detail holds extra lines (e.g. every stuck warp of a deadlock).
	Detail []string
}

func (f *Fault) Error() string {
	src := ""
	if f.Src != "" {
		src = " (" + f.Src + ")"
	}
	s := fmt.Sprintf("kernel %s cta (%d,%d,%d) thread (%d,%d,%d) line %d%s: %s",
		kname.Short(f.Kernel), f.CTA[0], f.CTA[1], f.CTA[2], f.Thread[0], f.Thread[1], f.Thread[2], f.Line, src, f.Msg)
	for _, d := range f.Detail {
		s += "\n  " + d
	}
	return s
}

// laneFault builds a Fault for lane l of warp w at instruction x.
func (w *Warp) laneFault(x *xinst, l int, format string, args ...any) *Fault {
	return &Fault{
		Kernel: w.cta.k.Name(),
		CTA:    w.cta.ctaid,
		Thread: w.cta.tidOf(w.id*32 + l),
		Line:   x.line(),
		Src:    x.in.Src.Short(),
		Msg:    fmt.Sprintf(format, args...),
	}
}
