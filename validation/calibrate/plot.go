package calibrate

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// WritePlot draws simulated against measured (log-log) for every row,
// before and after the fit, with y = x and the +-5% band, as a PNG.
func WritePlot(w io.Writer, rows []Row, title string) error {
	var bef, aft plotter.XYs
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, r := range rows {
		if r.Measured <= 0 {
			continue
		}
		if r.Before > 0 {
			bef = append(bef, plotter.XY{X: r.Measured, Y: r.Before})
		}
		if r.After > 0 {
			aft = append(aft, plotter.XY{X: r.Measured, Y: r.After})
			lo, hi = math.Min(lo, math.Min(r.Measured, r.After)), math.Max(hi, math.Max(r.Measured, r.After))
		}
	}
	if len(aft) == 0 {
		return fmt.Errorf("no simulated figures to plot")
	}
	for _, p := range bef {
		lo, hi = math.Min(lo, p.Y), math.Max(hi, p.Y)
	}
	lo, hi = lo/1.5, hi*1.5
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = "measured on the GPU (figure's unit: cycles, bytes/cycle, ...)"
	p.Y.Label.Text = "simulated"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = lo, hi, lo, hi
	line := func(f float64, dashed bool) (*plotter.Line, error) {
		var xy plotter.XYs
		for i := 0; i <= 64; i++ {
			x := lo * math.Pow(hi/lo, float64(i)/64)
			xy = append(xy, plotter.XY{X: x, Y: x * f})
		}
		l, err := plotter.NewLine(xy)
		if err != nil {
			return nil, err
		}
		l.Color = color.Gray{Y: 120}
		if dashed {
			l.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		}
		return l, nil
	}
	for _, f := range []float64{1, 0.95, 1.05} {
		l, err := line(f, f != 1)
		if err != nil {
			return err
		}
		p.Add(l)
		if f == 1.05 {
			p.Legend.Add("y = x, ±5%", l)
		}
	}
	if len(bef) > 0 {
		s, err := plotter.NewScatter(bef)
		if err != nil {
			return err
		}
		s.GlyphStyle.Shape = draw.CrossGlyph{}
		s.GlyphStyle.Color = color.RGBA{R: 200, G: 80, B: 60, A: 255}
		p.Add(s)
		p.Legend.Add("before the fit", s)
	}
	s, err := plotter.NewScatter(aft)
	if err != nil {
		return err
	}
	s.GlyphStyle.Shape = draw.CircleGlyph{}
	s.GlyphStyle.Color = color.RGBA{R: 30, G: 90, B: 200, A: 255}
	p.Add(s)
	p.Legend.Add("after the fit", s)
	p.Legend.Top, p.Legend.Left = true, true
	wt, err := p.WriterTo(7*vg.Inch, 7*vg.Inch, "png")
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}
