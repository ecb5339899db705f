package exec

import (
	"fmt"
	"sort"
)

// Hazard warnings: the two rules the checker reports without failing the
// run (DESIGN.md "Async hazards are first-class, in two strengths"). They
// are omissions the PTX ISA forbids but that real compilers emit and that
// the hardware runs correctly; every other hazard is an error.
// Launch.StrictHazards turns them into errors (a Fault at the first one).
const (
	// RuleCpAsyncWgmmaFence: a wgmma.mma_async reads shared memory that
	// cp.async wrote (generic proxy) with no fence.proxy.async between
	// them. Triton 3.x emits it for every cp.async-pipelined tl.dot.
	RuleCpAsyncWgmmaFence = "cp.async-wgmma-no-proxy-fence"
	// RuleWgmmaFenceWrite: an ordinary instruction writes an accumulator
	// (or RS A) register of a wgmma.mma_async after the warp's last
	// wgmma.fence and before the first wgmma.mma_async after that fence.
	// nvcc emits it for C++ accumulator initialisation after an inline-asm
	// wgmma.fence; ptxas serializes such wgmmas.
	RuleWgmmaFenceWrite = "wgmma-register-write-after-fence"
)

// Warning is one warning rule broken at one PTX line, over the whole
// launch: where it happened first (in serial CTA order, so the same for
// any number of jobs) and how often (per warp for the register rule, per
// warpgroup wgmma for the operand rule).
type Warning struct {
	Rule    string
	Line    int
	Source  string // the .cu position (.loc), "" without line info
	CTA     [3]int // first occurrence
	Warp    int
	Count   int64
	Message string // the first occurrence's message
	Fix     string
}

type warnKey struct {
	rule string
	line int
}

// Warnings collects a launch's warnings, one entry per (rule, line), in
// the order they first happened.
type Warnings struct {
	list []Warning
	idx  map[warnKey]int // lookup only, never iterated
}

// add counts w (Count 0 counts 1) into its (rule, line) entry.
func (ws *Warnings) add(w Warning) {
	if w.Count == 0 {
		w.Count = 1
	}
	k := warnKey{w.Rule, w.Line}
	if i, ok := ws.idx[k]; ok {
		ws.list[i].Count += w.Count
		return
	}
	if ws.idx == nil {
		ws.idx = map[warnKey]int{}
	}
	ws.idx[k] = len(ws.list)
	ws.list = append(ws.list, w)
}

// Merge adds o's warnings to ws as if o's CTAs ran after ws's: entries
// already in ws keep their first occurrence and add o's counts.
func (ws *Warnings) Merge(o *Warnings) {
	for _, w := range o.list {
		ws.add(w)
	}
}

// Take returns the warnings collected so far (first-occurrence order) and
// empties ws.
func (ws *Warnings) Take() Warnings {
	t := *ws
	*ws = Warnings{}
	return t
}

// Len is the number of (rule, line) entries.
func (ws *Warnings) Len() int { return len(ws.list) }

// List returns the warnings sorted by (line, rule).
func (ws *Warnings) List() []Warning {
	out := append([]Warning(nil), ws.list...)
	sort.Slice(out, func(i, j int) bool {
		if out[i].Line != out[j].Line {
			return out[i].Line < out[j].Line
		}
		return out[i].Rule < out[j].Rule
	})
	return out
}

// hazardWarn reports warning rule at instruction x of warp w (lane l for
// the fault position): recorded in the launch's warnings, or under
// Launch.StrictHazards returned as a Fault.
func (w *Warp) hazardWarn(x *xinst, l int, rule, fix, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if w.cta.l.StrictHazards {
		return w.laneFault(x, l, "%s; fix: %s (warning %s, an error under --strict)", msg, fix, rule)
	}
	w.cta.l.Warnings.add(Warning{Rule: rule, Line: x.line(), Source: x.in.Src.Short(), CTA: w.cta.ctaid, Warp: w.id, Message: msg, Fix: fix})
	return nil
}
