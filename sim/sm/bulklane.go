package sm

import (
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// The bulk copy engine takes uniform operands, so ptxas issues a
// cp.async.bulk (and the tensor forms) executed by several lanes of a warp
// as a loop over them (ELECT, UBLKCP, BRA.U.ANY): one copy per lane, each
// BulkLaneCycles after the one before (microbench bulkl_l1/_l2/_l8/_l32:
// 76, 128, 440, 1688 cycles from the first arrive to past the copy on the
// H200, 52 cycles a lane; two warps loop side by side, bulkl_l32_w2). The
// warp issues nothing else meanwhile. Each lane's copy reaches the engine
// in its turn: bulkLaneLines requests a load's lines with the first lane
// that reads each of them.

// bulkLaneLoop is how much later than a one-lane copy the last lane's copy
// of the instruction issues.
func (s *SM) bulkLaneLoop(info *exec.InstInfo, e *exec.Effect) engine.Cycle {
	switch info.Async {
	case exec.AsyncBulkLoad, exec.AsyncBulkStore, exec.AsyncPrefetch:
	default:
		return 0
	}
	if e.GuardTrue <= 1 || s.cfg.BulkLaneCycles <= 0 {
		return 0
	}
	return engine.Cycle((e.GuardTrue - 1) * s.cfg.BulkLaneCycles)
}

// bulkLaneLines times the global lines of a bulk load whose lane loop
// started at cycle first (the warp's issue cycle; the memory model is
// asked then, as tmaIssue asks at issue) with the engine's wait wait
// beyond each lane's turn: the Effect lists the lines in lane order, so
// line j of n is first read by active lane j*GuardTrue/n, which hands its
// copy to the engine (j*GuardTrue/n)*BulkLaneCycles after the first; the
// group's later lanes copy from lines already asked for. It returns when
// the last copy's data is back at the engine.
func (s *SM) bulkLaneLines(e *exec.Effect, first, wait engine.Cycle) engine.Cycle {
	n := min(e.NumLines, len(e.GlobalLines))
	lanes := max(e.GuardTrue, 1)
	sub := &s.laneSub
	back := first
	for j := 0; j < n; {
		lane := j * lanes / n
		// the lines of this lane's turn
		k := j + 1
		for k < n && k*lanes/n == lane {
			k++
		}
		memHeader(sub, e)
		sub.NumLines, sub.NumSectors, sub.GlobalBytes = k-j, 0, 0
		copy(sub.GlobalLines[:], e.GlobalLines[j:k])
		copy(sub.LineSectors[:], e.LineSectors[j:k])
		copy(sub.LineBytes[:], e.LineBytes[j:k])
		for i := 0; i < k-j; i++ {
			sub.NumSectors += popc8(sub.LineSectors[i])
		}
		if k == n && e.NumLines > n {
			// lines beyond the listed ones (exec lists 256) go with the
			// last lane; the memory model charges their bandwidth
			sub.NumLines += e.NumLines - n
			sub.NumSectors += 4 * (e.NumLines - n)
		}
		done, _ := s.host.Memory(first, s.ID, sub, false)
		off := engine.Cycle(lane * s.cfg.BulkLaneCycles)
		got := first + off + wait + (done - first) + s.bulkLone(e) // the group's data back (bulkhold.go)
		back = max(back, got)
		// the last lane that copies from these lines (the next group's
		// first lane less one): a copy of a line still on its way returns
		// with it (bulkl_l2 takes 3 cycles more than _l1 on the H200, its
		// second copy issued 52 later); one issued after the line is back
		// finds it in L2
		lastLane := lanes - 1
		if k < n {
			lastLane = k*lanes/n - 1
		}
		if lastLane > lane {
			t := first + engine.Cycle(lastLane*s.cfg.BulkLaneCycles) + wait
			if t >= got {
				back = max(back, t+s.host.BulkHitCycles(s.ID, e.GlobalLines[k-1]))
			}
		}
		j = k
	}
	return back
}

func popc8(b uint8) int {
	c := 0
	for ; b != 0; b &= b - 1 {
		c++
	}
	return c
}
