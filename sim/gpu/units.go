package gpu

import (
	"fmt"

	"github.com/sm90sim/sm90sim/ptx/exec"
)

// plan cuts a launch into its serial units of work: its CTAs in linear
// order (x fastest), or for a cluster launch its clusters in linear cluster
// order, the CTAs of a cluster running together (runCluster
// interleaves their warps: loop.go). Unit i of a plain launch runs on SM i mod
// NumSMs; cluster j goes to co-residency slot j mod the number of slots
// (ClusterSlots), which gives each rank its %smid.
type plan struct {
	n       int    // units
	units   [3]int // units per grid dimension
	cluster [3]int // CTAs per unit and dimension (1s without clusters)
	slots   [][]int
	numSMs  int
	// progress is Config.Progress (nil: none); ctas is the grid's CTAs.
	progress func(ctasDone, ctasTotal int, instructions int64)
	ctas     int
	// from is the first unit the functional runners run (sample.go runs
	// units [from, n) of a copy of the plan)
	from int
}

// report calls the progress hook after a committed unit.
func (p *plan) report(res *Result) {
	if p.progress != nil {
		p.progress(res.CTAs, p.ctas, res.Instructions)
	}
}

func newPlan(cfg Config, l *exec.Launch) (*plan, error) {
	g := l.Grid
	if g[0] <= 0 || g[1] <= 0 || g[2] <= 0 {
		return nil, fmt.Errorf("grid %v must be positive", g)
	}
	p := &plan{cluster: [3]int{1, 1, 1}, numSMs: cfg.Layout.NumSMs, progress: cfg.Progress, ctas: g[0] * g[1] * g[2]}
	if l.ClusterGiven {
		d := [3]int{max(l.Cluster[0], 1), max(l.Cluster[1], 1), max(l.Cluster[2], 1)}
		for i := range d {
			if g[i]%d[i] != 0 {
				return nil, fmt.Errorf("grid %v is not a multiple of the cluster %v", g, d)
			}
		}
		slots, err := ClusterSlots(cfg.GPCs, d[0]*d[1]*d[2])
		if err != nil {
			return nil, err
		}
		p.cluster, p.slots = d, slots
	}
	for i := range g {
		p.units[i] = g[i] / p.cluster[i]
	}
	p.n = p.units[0] * p.units[1] * p.units[2]
	return p, nil
}

// origin is the index of unit i's first CTA (rank 0 of a cluster).
func (p *plan) origin(i int) [3]int {
	u := p.units
	return [3]int{i % u[0] * p.cluster[0], i / u[0] % u[1] * p.cluster[1], i / (u[0] * u[1]) * p.cluster[2]}
}

// run executes unit i of launch l (kernel k) with the instruction budget
// and returns the warp instructions and CTAs it ran, also when it fails
// (an error making the unit counts nothing). A unit that completes hands
// its CTAs' memory back to l.
func (p *plan) run(k *exec.Kernel, l *exec.Launch, i int, budget *int64) (insts int64, ctas int, err error) {
	var cl *exec.Cluster
	if p.slots != nil {
		cl, err = exec.NewCluster(k, l, p.origin(i), p.slots[i%len(p.slots)])
	} else {
		var c *exec.CTA
		c, err = exec.NewCTA(k, l, p.origin(i), i%p.numSMs)
		if c != nil {
			cl = c.Cluster()
		}
	}
	if err != nil {
		return 0, 0, err
	}
	err = runCluster(cl, budget, l.Poll)
	for _, c := range cl.CTAs() {
		if c == nil {
			continue
		}
		for _, w := range c.Warps() {
			insts += w.Instructions()
		}
		ctas++
	}
	if err == nil {
		cl.Release()
	}
	return insts, ctas, err
}

// runSerial runs every unit in order on the caller's goroutine: the
// reference every parallel run must reproduce byte for byte.
func runSerial(p *plan, k *exec.Kernel, l *exec.Launch, res *Result, budget int64) error {
	for i := p.from; i < p.n; i++ {
		insts, ctas, err := p.run(k, l, i, &budget)
		res.Instructions += insts
		res.CTAs += ctas
		p.report(res)
		if err != nil {
			return err
		}
	}
	return nil
}
