package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// recheckAt by hand: period 150 from a sleep at 0, spread 50. A row-paced
// box landing at 110 (40 before the recheck at 150) carries 10 of 50 a
// wait: the fifth wait is the first one late (300); one landing on its
// recheck (150) is late at once; a box filled at its bytes' pace, or a
// spread of 0, is never late.
func TestRecheckAtLandSpread(t *testing.T) {
	s := &SM{cfg: &Config{MbarTxPollCycles: 150, MbarTxLandSpreadCycles: 50}}
	ws := &warpState{rowBox: true}
	var got []int64
	for range 10 {
		got = append(got, int64(s.recheckAt(ws, 110, 150)))
	}
	assert.Equal(t, []int64{150, 150, 150, 150, 300, 150, 150, 150, 150, 300}, got)
	assert.Equal(t, int64(300), int64(s.recheckAt(&warpState{rowBox: true}, 150, 150)))
	assert.Equal(t, int64(150), int64(s.recheckAt(&warpState{}, 150, 150)))
	s.cfg.MbarTxLandSpreadCycles = 0
	assert.Equal(t, int64(150), int64(s.recheckAt(&warpState{rowBox: true}, 150, 150)))
}
