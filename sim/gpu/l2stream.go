package gpu

import (
	"os"
	"strconv"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// Prototype (lane l2s, session 33, issue #14; OFF unless SM90SIM_L2S_STREAM
// is set, not a calibrated mechanism): a TMA box's lines served by their
// slice in fair share among the SMs streaming boxes from it, instead of
// back to back in the slice's FIFO (l2budget.go).
//
// In the FIFO a box of 128 lines books its whole cost at once, so among the
// boxes that 132 SMs issue within a few cycles of each other in a GEMM's
// prologue, a box's completion is its place in the queue: a cycle earlier
// or later moves it past thousands of cycles of other boxes
// (validation/timing/tmah33.md). A slice interleaves its requesters' lines,
// so here each SM has its own stream on each slice: a line starts at
// max(its cycle, the SM's previous line on that slice) and holds the stream
// for its cost times the number of this partition's SMs streaming from that
// slice at the box's issue (counted once per box: streamBegin). The line is
// still booked in the slice's FIFO, so other requests (LSU loads, stores)
// wait behind the TMA work as before; only the box's own lines do not.
type l2Stream struct {
	on bool
	// free: each SM's stream on each slice (indexed by SM; an SM belongs
	// to one partition, so only its view writes its entries)
	free [][2]float64
}

func newL2Stream(numSMs int) l2Stream {
	if os.Getenv("SM90SIM_L2S_STREAM") == "" {
		return l2Stream{}
	}
	return l2Stream{on: true, free: make([][2]float64, numSMs)}
}

// streamBegin starts a TMA box of SM sm at cycle at: it counts, for each
// slice, the view's SMs whose stream is busy at at (the SM itself always).
func (v *l2View) streamBegin(at engine.Cycle, sm int) {
	st := &v.g.stream
	if !st.on {
		return
	}
	if !v.streamKnown(sm) {
		v.streamSMs = append(v.streamSMs, int32(sm))
	}
	t := float64(at)
	for s := range v.streamN {
		n := 1
		for _, x := range v.streamSMs {
			if int(x) != sm && st.free[x][s] > t {
				n++
			}
		}
		v.streamN[s] = n
	}
	v.streamSM = sm
}

func (v *l2View) streamKnown(sm int) bool {
	for _, x := range v.streamSMs {
		if int(x) == sm {
			return true
		}
	}
	return false
}

// streamEnd ends the box streamBegin started.
func (v *l2View) streamEnd() { v.streamSM = -1 }

// streamTake books cost on slice s for a line at cycle at and returns when
// it starts: the FIFO's start, or within a box the SM's own stream's.
func (v *l2View) streamTake(s int, sm int, at, cost float64) float64 {
	start := v.sliceFree[s].take(at, cost)
	if v.streamSM != sm || v.streamSM < 0 {
		return start
	}
	f := &v.g.stream.free[sm][s]
	start = max(at, *f)
	*f = start + cost*float64(v.streamN[s])
	return start
}

// spreadStep (prototype, SM90SIM_L2S_SPREAD=cycles): a TMA box's line i
// reaches its slice at the box's cycle + i*spreadStep (the engine sends the
// box's lines at its own rate) instead of all at the box's cycle.
var spreadStep, _ = strconv.ParseFloat(os.Getenv("SM90SIM_L2S_SPREAD"), 64)
