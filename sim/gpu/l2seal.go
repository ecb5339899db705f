package gpu

import (
	"slices"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Ending a view's window in parallel (issue 14, speed). What a view's
// window leaves that does not depend on the other views is done by the
// goroutine that ran the partition, when its window ends (workers.drain):
// its L2 requests are sorted in (cycle, SM, sequence) order (a partition
// issues them in cycle order, so this is mostly a check), the SMs that
// sent them counted (l2share_floor.go) and its window tables emptied. The
// serial commit then merges the views' sorted requests instead of sorting
// them all: the same order, as (cycle, SM, sequence) is unique.

// seal ends the view's window (once; next starts the next one).
func (v *l2View) seal() {
	if v.sealed {
		return
	}
	v.sealed = true
	if !slices.IsSortedFunc(v.reqs, reqOrder) {
		slices.SortFunc(v.reqs, reqOrder)
	}
	v.smCount = 0
	for _, r := range v.reqs {
		if int(r.sm) >= len(v.smSeen) {
			v.smSeen = append(v.smSeen, make([]bool, int(r.sm)+1-len(v.smSeen))...)
		}
		if !v.smSeen[r.sm] {
			v.smSeen[r.sm] = true
			v.smCount++
		}
	}
	for _, r := range v.reqs {
		v.smSeen[r.sm] = false
	}
	clear(v.local)
	clear(v.fill)
}

// reqOrder orders requests by (cycle, SM, sequence).
func reqOrder(a, b l2Req) int {
	switch {
	case a.at != b.at:
		return cmp64(int64(a.at), int64(b.at))
	case a.sm != b.sm:
		return int(a.sm - b.sm)
	}
	return cmp64(int64(a.seq), int64(b.seq))
}

// mergeReqs puts the sealed views' requests into g.reqs in (cycle, SM,
// sequence) order.
func (g *l2) mergeReqs(views []*l2View) {
	g.reqs = g.reqs[:0]
	g.heads = g.heads[:0]
	for _, v := range views {
		v.seal()
		g.heads = append(g.heads, 0)
	}
	for {
		best := -1
		var bestAt engine.Cycle
		for i, v := range views {
			h := g.heads[i]
			if h == len(v.reqs) {
				continue
			}
			if r := &v.reqs[h]; best < 0 || r.at < bestAt || (r.at == bestAt && reqOrder(*r, views[best].reqs[g.heads[best]]) < 0) {
				best, bestAt = i, r.at
			}
		}
		if best < 0 {
			return
		}
		// take the run of this view's requests that come before every
		// other view's next one
		v := views[best]
		h := g.heads[best]
		end := h + 1
		for end < len(v.reqs) && g.beforeOthers(views, best, &v.reqs[end]) {
			end++
		}
		g.reqs = append(g.reqs, v.reqs[h:end]...)
		g.heads[best] = end
	}
}

// beforeOthers reports whether r (of view i) comes before the next request
// of every other view.
func (g *l2) beforeOthers(views []*l2View, i int, r *l2Req) bool {
	for j, v := range views {
		if j == i || g.heads[j] == len(v.reqs) {
			continue
		}
		o := &v.reqs[g.heads[j]]
		if o.at < r.at || (o.at == r.at && reqOrder(*o, *r) < 0) {
			return false
		}
	}
	return true
}
