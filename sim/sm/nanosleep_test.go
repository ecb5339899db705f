package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// The H200's NANOSLEEP wake grid (validation/timing/nanosleep.md): after
// the first sleep, a 1000 ns sleep that starts s cycles after a grid point
// ends at the next one, 2000 - s cycles later; a start that is a whole
// period past the last wake (mbwait3: a 4000-cycle spin between sleeps)
// still sleeps to the next grid point.
func TestNanosleepWakesOnTheGrid(t *testing.T) {
	s := &SM{}
	assert.Equal(t, engine.Cycle(1000), s.nanosleep(1000, 5000), "first sleep: half a period")
	// grid: 6000, 8000, 10000, ...
	assert.Equal(t, engine.Cycle(2000-137), s.nanosleep(1000, 6000+137))
	assert.Equal(t, engine.Cycle(2000-1763), s.nanosleep(1000, 8000+1763))
	assert.Equal(t, engine.Cycle(2000-43), s.nanosleep(1000, 10000+4000+43), "two periods on")
	assert.Equal(t, engine.Cycle(2000), s.nanosleep(1000, 16000), "on a grid point: the next one")
	assert.Equal(t, engine.Cycle(1000-100), s.nanosleep(500, 16000+100), "hint 500: a period of 1000 cycles")
}
