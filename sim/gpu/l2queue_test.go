package gpu

import (
	"math"
	"testing"
)

// TestDRAMQueueWaitFollowsUtilisation: a steady stream of 128-byte lines,
// one every 16 cycles, against 20 bytes a cycle is rho = 8/20 = 0.4; the
// exponential average over tau = 100 cycles sees it within the ripple of one
// line (128 / (tau x rate) = 0.064 around the mean), and the wait is
// q x rho/(1-rho) = 100 x 0.4/0.6 = 66.7 cycles. Far above the rate the
// utilisation is capped (q x 0.9/0.1 = 900); with q = 0 nothing is kept.
func TestDRAMQueueWaitFollowsUtilisation(t *testing.T) {
	q := newDRAMQueue(100, 100, 20)
	for c := 0.0; c < 2000; c += 16 {
		q.add(c, 128)
	}
	// half-way between two lines the average is near its mean
	if r := q.rho(1984 + 8); math.Abs(r-0.4) > 0.032 {
		t.Fatalf("rho %.3f, want 0.4 +- 0.032", r)
	}
	if w := q.wait(1984 + 8); w < 58 || w > 76 {
		t.Fatalf("wait %d, want 66.7 within the ripple (58..76)", w)
	}
	// idle for 10 tau: rho decays to e^-10 of it
	if w := q.wait(1984 + 1000); w != 0 {
		t.Fatalf("wait after 10 idle tau %d, want 0", w)
	}
	for c := 3000.0; c < 4000; c++ {
		q.add(c, 128) // 128 bytes a cycle: 6.4 x the rate
	}
	if w := q.wait(4000); w != 900 {
		t.Fatalf("wait above the rate %d, want the cap 100 x 0.9 / 0.1 = 900", w)
	}
	z := newDRAMQueue(0, 100, 20)
	z.add(0, 1e6)
	if z.wait(0) != 0 || z.recent.acc != 0 {
		t.Fatalf("dram_queue_cycles 0 must add nothing")
	}
}
