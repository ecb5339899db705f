package calibrate

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"gonum.org/v1/gonum/optimize"

	"github.com/sm90sim/sm90sim/sim/gpu"
)

// search fits a group's parameters with Nelder-Mead on a logistic
// transform of each parameter's bounds (x -> lo + (hi-lo)/(1+e^-x)), from
// the fixed starts, then polishes integer parameters by +-1 steps.
func (f *Fitter) search(tc *gpu.TimedConfig, g Group, res *Result) error {
	bs := f.benches(g.Benches)
	ps := make([]gpu.Param, len(g.Params))
	for i, n := range g.Params {
		ps[i], _ = gpu.ParamByName(n)
	}
	memo := map[string]float64{}
	apply := func(vals []float64) (gpu.TimedConfig, string) {
		c := *tc
		var key []string
		for i, p := range ps {
			p.Set(&c, vals[i])
			key = append(key, fmt.Sprint(p.Get(&c)))
		}
		return c, strings.Join(key, ",")
	}
	eval := func(vals []float64) float64 {
		c, key := apply(vals)
		if v, ok := memo[key]; ok {
			return v
		}
		if err := c.Validate(); err != nil {
			memo[key] = math.Inf(1)
			return memo[key]
		}
		v, e := f.Evaluate(c, bs)
		cst, _ := cost(g, bs, v, e)
		memo[key] = cst
		return cst
	}
	to := func(x []float64) []float64 {
		out := make([]float64, len(x))
		for i := range x {
			out[i] = g.Lo[i] + (g.Hi[i]-g.Lo[i])/(1+math.Exp(-x[i]))
		}
		return out
	}
	x0 := make([]float64, len(ps))
	start, scanned := g.Start, ""
	if g.Scan > 0 && len(ps) <= 3 {
		// the grid of Scan+1 evenly spaced integer points per parameter
		// (a two-parameter group on integer plateaus: branch_not_taken)
		pts := 1
		for range ps {
			pts *= g.Scan + 1
		}
		scanned = fmt.Sprintf(" from the best of %d points", pts)
		best := eval(start)
		for k := 0; k < pts; k++ {
			v := make([]float64, len(ps))
			for i, r := 0, k; i < len(ps); i, r = i+1, r/(g.Scan+1) {
				v[i] = math.Round(g.Lo[i] + (g.Hi[i]-g.Lo[i])*float64(r%(g.Scan+1))/float64(g.Scan))
			}
			if c := eval(v); c < best-1e-12 {
				start, best = v, c
			}
		}
	}
	for i := range ps {
		u := (start[i] - g.Lo[i]) / (g.Hi[i] - g.Lo[i])
		u = math.Min(math.Max(u, 1e-6), 1-1e-6)
		x0[i] = math.Log(u / (1 - u))
	}
	prob := optimize.Problem{Func: func(x []float64) float64 { return eval(to(x)) }}
	set := &optimize.Settings{FuncEvaluations: 40 + 30*len(ps), Concurrent: 1,
		Converger: &optimize.FunctionConverge{Absolute: 1e-12, Iterations: 12}}
	r, err := optimize.Minimize(prob, x0, set, &optimize.NelderMead{SimplexSize: 0.5})
	if err != nil && r == nil {
		return fmt.Errorf("calibrate: group %s: %v", g.Name, err)
	}
	// integer parameters take the value Set rounds to; float ones are
	// rounded to 0.01
	isInt := make([]bool, len(ps))
	for i, p := range ps {
		c := *tc
		p.Set(&c, 1.25)
		isInt[i] = p.Get(&c) != 1.25
	}
	best := to(r.X)
	{
		c, _ := apply(best)
		for i := range best {
			best[i] = ps[i].Get(&c)
			if !isInt[i] {
				best[i] = math.Round(best[i]*100) / 100
			}
		}
	}
	bestCost := eval(best)
	// a flat objective gives no information: keep the base's values
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range memo {
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	if hi-lo < 1e-12 {
		for _, p := range ps {
			p.Set(tc, p.Get(&f.Base))
		}
		res.Skipped = append(res.Skipped, fmt.Sprintf("%s: %v change none of the figures of %d benchmarks in %d tries: the base values are kept",
			g.Name, g.Params, len(bs), len(memo)))
		f.logf("%-14s no effect on its benchmarks: base values kept", g.Name)
		return nil
	}
	if st := append([]float64(nil), g.Start...); eval(st) <= bestCost+1e-9 {
		best, bestCost = st, eval(st)
	}
	// integer polish: +-1 on each parameter while it helps
	for improved := true; improved; {
		improved = false
		for i := range best {
			if !isInt[i] {
				continue
			}
			for _, d := range []float64{-1, 1} {
				try := append([]float64(nil), best...)
				try[i] += d
				if try[i] < g.Lo[i] || try[i] > g.Hi[i] {
					continue
				}
				if c := eval(try); c < bestCost-1e-12 {
					best, bestCost, improved = try, c, true
				}
			}
		}
	}
	c, _ := apply(best)
	*tc = c
	vals, _ := f.Evaluate(c, bs)
	resid := rmsRel(g, bs, vals)
	if resid != nil {
		f.logf("%-14s rms error %.2f%% over %d benchmarks, cost %.4g", g.Name, 100**resid, len(bs), bestCost)
	}
	names := make([]string, len(bs))
	for i, b := range bs {
		names[i] = b.Name
	}
	sort.Strings(names)
	for _, p := range ps {
		res.Params[p.Name] = Fitted{Value: p.Get(&c), Group: g.Name,
			Source: fmt.Sprintf("fit: Nelder-Mead%s (%s) on %s", scanned, strings.Join(g.Params, ", "), strings.Join(names, ", "))}
		f.logf("%-14s %s = %g", g.Name, p.Name, p.Get(&c))
	}
	return nil
}
