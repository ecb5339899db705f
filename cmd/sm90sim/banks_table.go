package main

import (
	"fmt"
	"io"
	"regexp"
	"strings"
	"text/tabwriter"

	"github.com/sm90sim/sm90sim/internal/kname"
	"github.com/sm90sim/sm90sim/internal/report"
)

// maxInstWidth bounds the instruction column; longer text is cut with "…".
const maxInstWidth = 90

// bigVector is a brace list of five or more operands (a wgmma accumulator).
var bigVector = regexp.MustCompile(`\{[^{}]*\}`)

// shortInst makes an instruction readable in one table row: brace lists of
// more than four operands become "{N regs}", and the rest is cut at
// maxInstWidth characters.
func shortInst(s string) string {
	s = bigVector.ReplaceAllStringFunc(s, func(v string) string {
		n := strings.Count(v, ",") + 1
		if n <= 4 {
			return v
		}
		return fmt.Sprintf("{%d regs}", n)
	})
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > maxInstWidth {
		return string(r[:maxInstWidth-1]) + "…"
	}
	return s
}

func writeBankTable(w io.Writer, r *bankReport, top int) {
	fmt.Fprintf(w, "kernel %s  grid %v  block %v  (%s)\n", kname.Short(r.Kernel), r.Grid, r.Block, r.File)
	if len(r.Lines) == 0 {
		fmt.Fprintln(w, "no shared-memory accesses")
		return
	}
	shown := r.Lines
	if top > 0 && top < len(shown) {
		shown = shown[:top]
	}
	hasSrc := false
	for _, l := range shown {
		hasSrc = hasSrc || l.short != ""
	}
	// The numbers are right-aligned in one tabwriter, the text columns
	// (source, instruction) left-aligned in another; rows are joined after.
	var num, text strings.Builder
	nw := tabwriter.NewWriter(&num, 0, 0, 2, ' ', tabwriter.AlignRight)
	tw := tabwriter.NewWriter(&text, 0, 0, 2, ' ', 0)
	numRow := func(cells ...string) { fmt.Fprintln(nw, strings.Join(cells, "\t")+"\t") }
	textRow := func(src, inst string) {
		if hasSrc {
			fmt.Fprintf(tw, "%s\t%s\n", src, inst)
		} else {
			fmt.Fprintln(tw, inst)
		}
	}
	totals := func(name string, t bankTotals) {
		numRow(name, "", fmt.Sprint(t.Executions), fmt.Sprint(t.Wavefronts), fmt.Sprint(t.Ideal), fmt.Sprint(t.Conflicts), fmt.Sprintf("%d-way", t.MaxWay))
	}
	numRow("line", "kind", "executions", "wavefronts", "ideal", "conflicts", "worst")
	textRow("source", "instruction")
	for _, l := range shown {
		kind := l.Kind
		if l.Modelled {
			kind += "*"
		}
		numRow(fmt.Sprint(l.Line), kind, fmt.Sprint(l.Executions), fmt.Sprint(l.Wavefronts), fmt.Sprint(l.Ideal), fmt.Sprint(l.Conflicts), fmt.Sprintf("%d-way", l.MaxWay))
		inst := shortInst(l.Instruction)
		if l.FusedWidth > 0 {
			inst += fmt.Sprintf("  (fused: %d-byte access)", l.FusedWidth)
		}
		textRow(l.short, inst)
	}
	totals("total", r.Totals)
	if r.TMA.Executions > 0 {
		totals("tma*", r.TMA)
	}
	nw.Flush()
	tw.Flush()
	nums := strings.Split(strings.TrimSuffix(num.String(), "\n"), "\n")
	texts := strings.Split(strings.TrimSuffix(text.String(), "\n"), "\n")
	for i, n := range nums {
		line := n
		if i < len(texts) {
			line += "  " + texts[i]
		}
		if i == len(shown)+1 && len(shown) < len(r.Lines) {
			fmt.Fprintf(w, "  (%d more lines; --top 0 shows all)\n", len(r.Lines)-len(shown))
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
	if r.TMA.Executions > 0 {
		fmt.Fprintln(w, "  tma*: (modelled: TMA/bulk-copy writes, which no ncu counter measures; not in the total)")
	}
	writeKindFooter(w, r.Smem)
}

// writeKindFooter sums the run's shared-memory counters per kind: every
// kind of the table's total (ld st ldsm stsm atom ldgsts gmma), so the
// footer adds up to the total row.
func writeKindFooter(w io.Writer, s *report.Smem) {
	if s == nil {
		return
	}
	b := s.ByOp
	kinds := []struct {
		name string
		op   report.Op
	}{{"ld", b.Ld}, {"st", b.St}, {"ldsm", b.Ldsm}, {"stsm", b.Stsm}, {"atom", b.Atom}, {"ldgsts", b.Ldgsts}, {"gmma", b.Gmma}}
	var parts []string
	var total uint64
	for _, k := range kinds {
		if k.op.Wavefronts == 0 && k.op.Instructions == 0 {
			continue
		}
		total += k.op.Wavefronts
		parts = append(parts, fmt.Sprintf("%s %d (%d conflicts)", k.name, k.op.Wavefronts, k.op.Wavefronts-k.op.IdealWavefronts))
	}
	if len(parts) == 0 {
		return
	}
	fmt.Fprintf(w, "wavefronts by kind: %s; total %d\n", strings.Join(parts, ", "), total)
}
