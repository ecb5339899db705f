package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The windowed workers split the partitions by SMs (the H200 map's 8
// partitions: two shares of equal SMs at --jobs 2), every partition in
// exactly one share, and a partition keeps its goroutine from window to
// window (windows.go: a partition that changed goroutine cost 6-25% more
// CPU time in its window on this machine; validation/timing/par22.md).
func TestWorkersShareBySMs(t *testing.T) {
	groups := partitions(portGroups(DefaultGPCs()), 132)
	m := &machine{}
	for i, g := range groups {
		m.parts = append(m.parts, &part{id: i, sms: g})
	}
	for _, jobs := range []int{1, 2, 3, 8, 16} {
		w := newWorkers(m, jobs)
		assert.Len(t, w.own, min(jobs, len(groups)))
		seen := map[int]int{}
		sms := make([]int, len(w.own))
		for g, o := range w.own {
			for _, p := range o {
				seen[p.id]++
				sms[g] += len(p.sms)
			}
		}
		assert.Len(t, seen, len(groups), "jobs %d", jobs)
		for id, n := range seen {
			assert.Equal(t, 1, n, "jobs %d: partition %d", jobs, id)
		}
		if jobs == 2 {
			t.Logf("%d partitions of %v SMs; shares of %v SMs", len(groups), func() (s []int) {
				for _, g := range groups {
					s = append(s, len(g))
				}
				return
			}(), sms)
			assert.InDelta(t, sms[0], sms[1], 4)
		}
		w.stop()
	}
}
