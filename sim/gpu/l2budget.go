package gpu

// budget is a rate-limited queue (an L2 slice's port, the HBM) as a
// backlog: free is when the work booked so far is done, last the latest
// request cycle it has seen. Requests reach it out of time order: an SM's
// load or store is booked at the cycle it will reach the L2 (behind its
// LSU and store queue, up to some hundreds of cycles ahead of the window),
// and the window's commit replays them in cycle order, so the next
// window's requests can be stamped earlier than the last one booked. Such a
// request waits for the backlog as it stands at the latest cycle seen
// (free - last), not for the idle gap between its own cycle and that one:
// a cursor "next free cycle" made every load wait for the latest-stamped
// request (hbmq28.md: one warp's cold loads beside gmem_copy_c16 waited
// ~410 cycles for it, the H200 ~117 in all).
type budget struct {
	free, last float64
}

// take books cost cycles for a request at cycle at and returns when it
// starts.
func (b *budget) take(at, cost float64) float64 {
	ref := max(at, b.last)
	start := at + max(0, b.free-ref)
	b.free = max(b.free, ref) + cost
	b.last = ref
	return start
}
