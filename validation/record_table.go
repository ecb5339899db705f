package validation

import (
	"fmt"
	"io"
	"text/tabwriter"
)

// WriteTable prints what was recorded and how it compares with the
// recording it replaced.
func (r *RecordResult) WriteTable(w io.Writer) {
	fmt.Fprintf(w, "recorded %s\n", r.Dir)
	prev := map[string]Diff{}
	for _, d := range r.Previous {
		prev[d.Name] = d
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  output\tfile\tbytes\tvs previous recording")
	for _, f := range r.Outputs {
		vs := "-"
		if d, ok := prev[f.Name]; ok {
			vs = "identical"
			if !d.Equal {
				vs = fmt.Sprintf("DIFFERENT: %d of %d elements, first %s", d.Mismatches, d.Compared, indicesText(d.FirstDiffs))
			}
		}
		fmt.Fprintf(tw, "  %s\t%s\t%d\t%s\n", f.Name, f.File, f.Bytes, vs)
	}
	tw.Flush()
	if r.PreviousError != "" {
		fmt.Fprintf(w, "  no previous recording to compare with: %s\n", r.PreviousError)
	}
	for _, name := range sortedKeys(r.InputsMatch) {
		if !r.InputsMatch[name] {
			fmt.Fprintf(w, "  input %s: sha256 differs from the previous provenance\n", name)
		}
	}
	if len(r.InputsMatch) > 0 {
		n := 0
		for _, ok := range r.InputsMatch {
			if ok {
				n++
			}
		}
		fmt.Fprintf(w, "  inputs: %d of %d identical to the previous recorder's (sha256)\n", n, len(r.InputsMatch))
	}
	if r.First != nil && r.First.Info != nil {
		fmt.Fprintf(w, "  gpu     %s\n", r.First.Info.Summary())
		fmt.Fprintf(w, "  cycles  %s (%s)\n", int64Text(r.First.Info.Cycles), r.First.Info.CyclesSource)
	}
}

// AgreesWithPrevious reports whether every output equals the earlier
// recording (false when there was none).
func (r *RecordResult) AgreesWithPrevious() bool {
	if len(r.Previous) == 0 {
		return false
	}
	for _, d := range r.Previous {
		if !d.Equal {
			return false
		}
	}
	return true
}
