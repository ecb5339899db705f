package calibrate

import (
	"fmt"
	"io"
	"math"
	"sort"
)

// WriteTable prints one line per compared figure (GPU median, simulated
// before and after, relative errors) and a summary.
func WriteTable(w io.Writer, rows []Row) {
	fmt.Fprintf(w, "%-28s %-26s %11s %11s %8s %11s %8s\n", "benchmark", "figure", "gpu", "before", "err", "after", "err")
	var eb, ea []float64
	for _, r := range rows {
		if r.Err != "" {
			fmt.Fprintf(w, "%-28s %-26s %11.4g  error: %s\n", r.Bench, r.Figure, r.Measured, r.Err)
			continue
		}
		fmt.Fprintf(w, "%-28s %-26s %11.4g %11.4g %+7.1f%% %11.4g %+7.1f%%\n", r.Bench, r.Figure, r.Measured,
			r.Before, 100*r.ErrBefore(), r.After, 100*r.ErrAfter())
		eb, ea = append(eb, math.Abs(r.ErrBefore())), append(ea, math.Abs(r.ErrAfter()))
	}
	within := func(es []float64) int {
		n := 0
		for _, e := range es {
			if e <= 0.05 {
				n++
			}
		}
		return n
	}
	fmt.Fprintf(w, "figures within 5%%: before %d of %d, after %d of %d; median |error| before %.1f%%, after %.1f%%\n",
		within(eb), len(eb), within(ea), len(ea), 100*medianAbs(eb), 100*medianAbs(ea))
}

func medianAbs(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return median(s)
}

// WriteParams prints the fitted parameters in name order.
func WriteParams(w io.Writer, fit map[string]Fitted) {
	names := make([]string, 0, len(fit))
	for n := range fit {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		f := fit[n]
		r := "-"
		if f.Residual != nil {
			r = fmt.Sprintf("%.2f%%", 100**f.Residual)
		}
		fmt.Fprintf(w, "%-30s %10g  residual %-7s %s\n", n, f.Value, r, f.Source)
	}
}
