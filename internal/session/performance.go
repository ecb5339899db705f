package session

import (
	"fmt"

	"github.com/sm90sim/sm90sim/internal/report"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// Performance lists the kernel's performance diagnostics for the report
// (the launched entry and the device functions; other entries of the
// module are not run): wgmma serialization (ptxas C7515). Empty, not nil,
// when there are none.
func Performance(k *exec.Kernel) []report.Performance {
	out := []report.Performance{}
	for _, s := range k.SerialWgmma() {
		if s.Entry && s.Func != k.Name() {
			continue
		}
		src := ""
		if s.Def.Src.Valid() {
			src = s.Def.Src.String()
		}
		out = append(out, report.Performance{Rule: "wgmma-serialized", Line: int(s.Def.Line), Source: src, Func: s.Func, Count: s.Count,
			Message: fmt.Sprintf("%s writes an accumulator register of a wgmma.mma_async while a wgmma group is in flight "+
				"(%d such instructions in %s): ptxas serializes every wgmma of the function (C7515: a wait after each HGMMA), "+
				"so they run at wgmma latency instead of the issue rate; the timed run models this", opName(s.Def.Text), s.Count, s.Func)})
	}
	return out
}

// opName is the opcode word of an instruction's text.
func opName(text string) string {
	for i, c := range text {
		if c == ' ' || c == '\t' {
			return text[:i]
		}
	}
	return text
}
