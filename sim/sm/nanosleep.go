package sm

import "github.com/sm90sim/sm90sim/sim/engine"

// nanosleepCyclesPerNs converts a NANOSLEEP time to SM cycles: the
// hardware's sleeps end on a grid of 2 cycles per nanosecond of the
// hint, whatever the SM clock (H200, validation/timing/nanosleep.md: one
// thread's failing try_wait.parity with hint 500, 1000 and 2000 ns after
// spins growing by 137 cycles sleeps 137 cycles less each time and wraps
// with a period of 972-1021, 1996-2007 and about 3700-4000 cycles; the
// mbwait3 microbenchmarks, a 4000-cycle spin before each 1000 ns sleep,
// sleep 1957 cycles each: one period less the spin's overshoot).
const nanosleepCyclesPerNs = 2

// nanosleep is how long part of a diverged warp sleeps after a failing
// try_wait with a suspend-time hint of h ns (ptxas's TRYWAIT, then
// @!P NANOSLEEP.SYNCS h): it wakes at the next point of the SM's grid of
// period h x nanosleepCyclesPerNs cycles. The grid's phase is the
// hardware's (the first sleep of each nanosleep.md launch took anything
// from 176 to 1497 cycles of its 2000, tph_mbar_ops's first 1000 ns sleep
// 328 to 1970 in eight launches): the SM's first sleep takes half a
// period, its expected length, and sets the grid.
func (s *SM) nanosleep(h int64, now engine.Cycle) engine.Cycle {
	p := engine.Cycle(h * nanosleepCyclesPerNs)
	if p < 2 {
		return 1
	}
	if s.napGrid == 0 {
		s.napGrid = now + p/2
		return p / 2
	}
	next := s.napGrid
	if now >= next {
		next += ((now-next)/p + 1) * p
	}
	return next - now
}
