package traces

import (
	"fmt"
	"io"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Utilization is a timed run's activity over time: per bucket of
// BucketCycles cycles, the warp instructions issued per SM-cycle (IPC per
// SM, at most 4) and the SMs with a resident CTA.
type Utilization struct {
	BucketCycles int64
	IPC          []float64
	ActiveSMs    []float64
}

// WritePlot draws u as a PNG: issue rate per SM and busy SMs over cycles.
func WritePlot(w io.Writer, u *Utilization, title string) error {
	if u == nil || len(u.IPC) == 0 {
		return fmt.Errorf("no utilization data to plot")
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "SM cycles"
	p.Y.Label.Text = "IPC per SM (of 4) / busy SMs / 33"
	ipc := make(plotter.XYs, len(u.IPC))
	act := make(plotter.XYs, len(u.ActiveSMs))
	for i := range u.IPC {
		x := float64(int64(i)*u.BucketCycles + u.BucketCycles/2)
		ipc[i] = plotter.XY{X: x, Y: u.IPC[i]}
		if i < len(act) {
			act[i] = plotter.XY{X: x, Y: u.ActiveSMs[i] / 33}
		}
	}
	l1, err := plotter.NewLine(ipc)
	if err != nil {
		return err
	}
	l1.Color = plotter.DefaultLineStyle.Color
	l2, err := plotter.NewLine(act)
	if err != nil {
		return err
	}
	l2.Dashes = []vg.Length{vg.Points(4), vg.Points(2)}
	p.Add(l1, l2)
	p.Legend.Add("IPC per SM", l1)
	p.Legend.Add("busy SMs / 33", l2)
	p.Legend.Top = true
	wt, err := p.WriterTo(8*vg.Inch, 4*vg.Inch, "png")
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}
