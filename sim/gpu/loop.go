package gpu

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// quantum is how many instructions a warp issues per turn of the
// functional loop (at most; a failed wait or an unmet wait_group ends the
// turn early).
const quantum = 256

// runCluster executes the cluster's CTAs to completion in functional mode,
// through the public seam of ptx/exec only (Warp.Issue, CTA.Complete):
// round-robin over every warp of every CTA (rank order, then warp order)
// with a fixed quantum, every async ticket completed as soon as the
// instruction that started it issued. It is the oracle the timed mode is
// compared with. budget is decremented per warp instruction; a Fault is
// returned when it runs out. When no warp of the cluster can make progress
// the run ends in the cluster's deadlock report. poll, when set, runs
// between rounds; its error ends the run.
func runCluster(cl *exec.Cluster, budget *int64, poll func() error) error {
	cl.SetAsyncMode(exec.AsyncTickets)
	e := exec.Effect{Brief: true}
	for {
		if poll != nil {
			if err := poll(); err != nil {
				return err
			}
		}
		progress, alive := false, false
		changes := cl.AsyncChanges()
		for _, c := range cl.CTAs() {
			if c == nil {
				continue
			}
			for _, w := range c.Warps() {
				if w.Done() {
					continue
				}
				alive = true
				p, err := turn(c, w, &e, budget)
				if err != nil {
					return err
				}
				progress = progress || p
			}
		}
		progress = progress || cl.AsyncChanges() != changes
		if !alive {
			return nil
		}
		if !progress {
			return cl.Deadlock()
		}
	}
}

// turn issues up to quantum instructions of warp w (of CTA c) and reports
// whether it made progress: it issued something, and did not end the turn
// repeating a failed wait with nothing changed (its loop branch included).
func turn(c *exec.CTA, w *exec.Warp, e *exec.Effect, budget *int64) (bool, error) {
	stepped, spun := false, false
	for i := 0; i < quantum; i++ {
		if err := w.Issue(e); err != nil {
			return false, err
		}
		if len(e.Async) > 0 {
			for _, op := range e.Async {
				if err := c.Complete(op.Ticket); err != nil {
					return false, err
				}
			}
		}
		switch e.Outcome {
		case exec.Blocked, exec.Retry:
			return stepped && !(spun && w.Spinning()), nil
		case exec.Spun:
			// A wait that failed (mbarrier.try_wait/test_wait false): let
			// the other warps run.
			spun = true
		default:
			stepped = true
		}
		*budget--
		if *budget < 0 {
			return false, c.BudgetFault(w)
		}
		if spun {
			break
		}
	}
	return stepped && !(spun && w.Spinning()), nil
}
