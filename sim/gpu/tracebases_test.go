package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/sm"
	"github.com/sm90sim/sm90sim/traces"
)

// sim/sm may not import traces (internal/arch), so both packages declare
// the trace's track (thread id) bases; the recorder names a track by the
// range its id falls in, so the two sets must be the same numbers.
func TestTraceTrackBasesAgree(t *testing.T) {
	for _, c := range []struct {
		name   string
		sm, tr int
	}{
		{"CTA", sm.TrackCTA, traces.TrackCTA},
		{"warp", sm.TrackWarp, traces.TrackWarp},
		{"sub-partition", sm.TrackSubPart, traces.TrackSubPart},
		{"smem port", sm.TrackSmemPort, traces.TrackSmemPort},
		{"tensor pipe", sm.TrackTensor, traces.TrackTensor},
		{"TMA", sm.TrackTMA, traces.TrackTMA},
		{"wgmma groups", sm.TrackWgmma, traces.TrackWgmma},
		{"cp.async groups", sm.TrackCpAsync, traces.TrackCpAsync},
		{"drain", sm.TrackDrain, traces.TrackDrain},
	} {
		assert.Equal(t, c.tr, c.sm, c.name)
	}
}
