package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOrderByCyclePhaseSequence(t *testing.T) {
	e := New()
	var got []string
	add := func(at Cycle, ph Phase, name string) {
		e.Schedule(at, ph, func(Cycle) { got = append(got, name) })
	}
	add(5, PhaseTick, "5-tick-a")
	add(3, PhaseLate, "3-late")
	add(5, PhaseComplete, "5-complete")
	add(3, PhaseTick, "3-tick")
	add(5, PhaseTick, "5-tick-b")
	add(0, PhaseTick, "0")
	e.Run(nil)
	assert.Equal(t, []string{"0", "3-tick", "3-late", "5-complete", "5-tick-a", "5-tick-b"}, got)
	assert.Equal(t, Cycle(5), e.Now())
	assert.Equal(t, uint64(6), e.Events())
}

func TestEventsScheduledWhileRunning(t *testing.T) {
	e := New()
	var got []Cycle
	e.Schedule(1, PhaseTick, func(now Cycle) {
		got = append(got, now)
		e.Schedule(now, PhaseLate, func(n Cycle) { got = append(got, n*10) })
		e.Schedule(now+2, PhaseTick, func(n Cycle) { got = append(got, n) })
	})
	e.Run(nil)
	assert.Equal(t, []Cycle{1, 10, 3}, got)
}

func TestSchedulingInThePastPanics(t *testing.T) {
	e := New()
	e.Schedule(10, PhaseTick, func(Cycle) {})
	e.Run(nil)
	require.Panics(t, func() { e.Schedule(9, PhaseTick, func(Cycle) {}) })
}

type counter struct {
	ticks []Cycle
	until Cycle
}

func (c *counter) Tick(now Cycle) Cycle {
	if c.until != Never-1 {
		c.ticks = append(c.ticks, now)
	}
	if now >= c.until {
		return Never
	}
	return now + 2
}

func TestClockedSleepsAndWakes(t *testing.T) {
	e := New()
	c := &counter{until: 4}
	k := NewClocked(e, c, PhaseTick)
	assert.True(t, k.Asleep())
	k.Wake(0)
	k.Wake(3) // later than due: no effect
	e.Run(nil)
	assert.Equal(t, []Cycle{0, 2, 4}, c.ticks)
	assert.True(t, k.Asleep())
	// woken again by an input at cycle 7; an earlier wake wins over a later one
	e.Schedule(6, PhaseComplete, func(now Cycle) { k.Wake(9); k.Wake(7) })
	c.until = 100
	e.Run(func() bool { return e.Now() >= 11 })
	assert.Equal(t, []Cycle{0, 2, 4, 7, 9, 11}, c.ticks)
}

func TestClockedNeverTwiceInACycle(t *testing.T) {
	e := New()
	c := &counter{until: 0}
	k := NewClocked(e, c, PhaseTick)
	k.Wake(5)
	e.Schedule(5, PhaseLate, func(Cycle) { k.Wake(5) })
	e.Run(nil)
	assert.Equal(t, []Cycle{5, 6}, c.ticks)
}

func TestRunUntilLeavesLaterEvents(t *testing.T) {
	e := New()
	var got []Cycle
	for _, at := range []Cycle{5, 1, 9, 10} {
		e.Schedule(at, PhaseTick, func(now Cycle) { got = append(got, now) })
	}
	e.RunUntil(9, nil)
	assert.Equal(t, []Cycle{1, 5}, got)
	assert.Equal(t, Cycle(9), e.NextAt())
	e.RunUntil(11, nil)
	assert.Equal(t, []Cycle{1, 5, 9, 10}, got)
	assert.Equal(t, Never, e.NextAt())
}

func TestManyEventsPopInOrder(t *testing.T) {
	// a pseudo-random schedule: the queue's shape must not change the
	// (cycle, phase, sequence) order
	e := New()
	type rec struct {
		at Cycle
		ph Phase
		n  int
	}
	var got []rec
	x := uint32(12345)
	for n := 0; n < 2000; n++ {
		x = x*1664525 + 1013904223
		at, ph, n := Cycle(x>>20%64), Phase(x>>8%3), n
		e.Schedule(at, ph, func(now Cycle) { got = append(got, rec{now, ph, n}) })
	}
	e.Run(nil)
	require.Len(t, got, 2000)
	for i := 1; i < len(got); i++ {
		a, b := got[i-1], got[i]
		ok := a.at < b.at || (a.at == b.at && (a.ph < b.ph || (a.ph == b.ph && a.n < b.n)))
		require.True(t, ok, "event %d %+v after %+v", i, b, a)
	}
}

func BenchmarkClockedTick(b *testing.B) {
	e := New()
	cs := make([]*Clocked, 16)
	for i := range cs {
		cs[i] = NewClocked(e, &counter{until: Never - 1}, PhaseTick)
		cs[i].Wake(Cycle(i))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		e.Step()
	}
}

func TestRingAndHeapKeepOrder(t *testing.T) {
	// events scheduled while running, near (the bucket ring) and far (the
	// heap, moved into the ring when their cycle comes near), against a
	// plain reference queue of (cycle, phase, schedule order)
	type ev struct {
		at Cycle
		ph Phase
		n  int
	}
	e := New()
	var ref []ev // pending, in the reference
	var got, want []ev
	x := uint32(777)
	rnd := func(n uint32) uint32 { x = x*1664525 + 1013904223; return x >> 8 % n }
	n := 0
	var add func(now Cycle)
	add = func(now Cycle) {
		if n >= 5000 {
			return
		}
		k := int(rnd(4)) // 1.5 a run on average: the schedule grows to the cap
		for i := 0; i < k; i++ {
			var at Cycle
			switch rnd(4) {
			case 0:
				at = now
			case 1:
				at = now + 1
			case 2:
				at = now + Cycle(rnd(70))
			default:
				at = now + Cycle(rnd(400))
			}
			ph := Phase(rnd(3))
			if at == now && ph < PhaseTick {
				ph = PhaseTick // not before the running event's phase
			}
			r := ev{at, ph, n}
			n++
			ref = append(ref, r)
			e.Schedule(at, ph, func(now Cycle) {
				got = append(got, r)
				add(now)
			})
		}
	}
	e.Schedule(0, PhaseTick, func(now Cycle) {
		for i := 0; i < 20; i++ {
			add(now)
		}
	})
	e.Step()
	for e.Pending() > 0 {
		// the reference's next: least (cycle, phase, order)
		b := 0
		for i, r := range ref {
			if r.at < ref[b].at || r.at == ref[b].at && (r.ph < ref[b].ph || r.ph == ref[b].ph && r.n < ref[b].n) {
				b = i
			}
		}
		want = append(want, ref[b])
		ref = append(ref[:b], ref[b+1:]...)
		require.Equal(t, want[len(want)-1].at, e.NextAt())
		e.Step()
		require.Equal(t, want, got)
	}
	require.Empty(t, ref)
	require.Greater(t, len(got), 4000)
}
