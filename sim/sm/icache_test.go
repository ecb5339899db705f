package sm

import (
	"testing"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// newICacheSM is an SM with only the instruction fetch configured: lines
// of 128 bytes, an L2 miss of 60 cycles, 500 more from device memory, 2
// lines behind a miss, a stream of one line per 20 cycles that runs 4
// lines ahead of the demand.
func newICacheSM() *SM {
	cfg := &Config{}
	cfg.ICache = ICacheConfig{LineBytes: 128, MissCycles: 60, DRAMCycles: 500, PrefetchLines: 2,
		LineIntervalCycles: 20, StreamLeadLines: 4}
	return &SM{cfg: cfg, code: &Code{inL2: map[uint64]engine.Cycle{}}, ic: icache{ready: map[uint64]engine.Cycle{}}}
}

// fill marks lines 0..n-1 in the L2 (another SM fetched them) by cycle 0.
func fill(s *SM, n uint64) {
	for l := uint64(0); l < n; l++ {
		s.code.inL2[l] = 0
	}
}

// A miss on line 0 at cycle 100 (in the L2) brings it at 160 and lines
// 1, 2 behind it at 180 and 200; line 3 streams after line 2 once line
// 3 - 4 lines' demand allows (none asked before line 0: from now), at 220.
func TestICacheMissThenStream(t *testing.T) {
	s := newICacheSM()
	fill(s, 64)
	if got := s.fetchReady(0, 100); got != 160 {
		t.Fatalf("line 0: ready at %d, want 160 (100 + 60)", got)
	}
	if got := s.fetchReady(2*128, 160); got != 200 {
		t.Fatalf("line 2: ready at %d, want 200 (brought by the miss, 2 intervals behind line 0)", got)
	}
	if got := s.fetchReady(3*128, 161); got != 220 {
		t.Fatalf("line 3: ready at %d, want 220 (streamed one interval after line 2)", got)
	}
	// line 4 streams once line 0 was asked for (lead 4): after line 3
	if got := s.fetchReady(4*128, 300); got != 240 {
		t.Fatalf("line 4: ready at %d, want 240 (streamed, line 0 asked at 100)", got)
	}
}

// A forward jump to line 15 at cycle 400, after a miss on line 10 at
// cycle 100 (lines 10, 11, 12 at 160, 180, 200; only line 10 asked for),
// waits for the sequential stream through the lines it skips: line 13
// streams once a line of 9..12 was asked for (line 10 at 100) and comes at
// 220, line 14 (line 10 within its lead) at 240, line 15 once a line of
// 11..14 was asked for: none, so from now, at 420; the warp's own miss,
// 400 + 60, is later. A jump to line 16 (4 lines past line 12, the last
// present) is beyond the stream's reach (2 + 1 lines back) and misses:
// 460, lines 13-15 not fetched.
func TestICacheShortJumpWaitsForSkippedLines(t *testing.T) {
	s := newICacheSM()
	fill(s, 64)
	s.fetchReady(10*128, 100)
	if got := s.fetchReady(15*128, 400); got != 420 {
		t.Fatalf("line 15 after a jump from line 12: ready at %d, want 420 (lines 13, 14 streamed behind line 12, 15 from now)", got)
	}
	for l, want := range map[uint64]engine.Cycle{13: 220, 14: 240} {
		if got, ok := s.ic.ready[l]; !ok || got != want {
			t.Fatalf("line %d (skipped by the jump): ready %d (%v), want %d from the sequential stream", l, got, ok, want)
		}
	}
	s2 := newICacheSM()
	fill(s2, 64)
	s2.fetchReady(10*128, 100)
	if got := s2.fetchReady(16*128, 400); got != 460 {
		t.Fatalf("line 16 after a jump from line 12: ready at %d, want 460 (a miss)", got)
	}
	if _, ok := s2.ic.ready[13]; ok {
		t.Fatalf("line 13 fetched although the jump to line 16 missed")
	}
}

// The stream's lead counts from the first time the warps came within it:
// line 13 (lead 4) streams once any of lines 9..12 was asked for, here
// line 12 at cycle 300 before line 9 at 500 (a branch target placed
// before the code that jumps to it): 300 + 20, not 500 + 20.
func TestICacheLeadFromFirstLineWithin(t *testing.T) {
	s := newICacheSM()
	fill(s, 64)
	s.fetchReady(10*128, 100) // lines 10..12 at 160, 180, 200; 10 asked at 100
	s.ic.demand = map[uint64]engine.Cycle{12: 300, 9: 500}
	if got := s.fetchReady(13*128, 600); got != 320 {
		t.Fatalf("line 13: ready at %d, want 320 (line 12 asked at 300)", got)
	}
}

// The warp's miss wins over a stream that would come later: with a slow
// stream (100 cycles a line: lines 10-12 at 160, 260, 360) a jump from
// line 12 to line 15 at cycle 400 costs a miss (460), not the stream's
// 500, 600, 700.
func TestICacheMissBeatsSlowStream(t *testing.T) {
	s := newICacheSM()
	s.cfg.ICache.LineIntervalCycles = 100
	fill(s, 64)
	s.fetchReady(10*128, 100)
	if got := s.fetchReady(15*128, 400); got != 460 {
		t.Fatalf("line 15: ready at %d, want 460 (the miss, not the stream's 700)", got)
	}
}
