package sm

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWarpStateHotFieldsFirst pins warpState's layout: the fields a look
// at a warp reads (eligible, schedule, account, issue on the common path)
// lie in the struct's first 7 cache lines (speed28.md), and seq's steps,
// which the look reads first, is seqState's first field.
func TestWarpStateHotFieldsFirst(t *testing.T) {
	ty := reflect.TypeOf(warpState{})
	hot := []string{"w", "cta", "regs", "readyAt", "preAt", "info", "at", "since", "enInfo", "en",
		"lastLine", "lastLineReady", "readyWhy", "preOK", "preWhy", "why", "sleeping", "inBarrier",
		"retrying", "wgHold", "expiredWait", "done", "barPending", "lastLineOK", "gto", "age",
		"storeTaken", "tmaURGate", "scan", "hiReady", "loopTop", "seq", "stalls"}
	for _, name := range hot {
		f, ok := ty.FieldByName(name)
		if assert.True(t, ok, name) {
			assert.LessOrEqual(t, f.Offset+f.Type.Size(), uintptr(7*64), name)
		}
	}
	steps, _ := reflect.TypeOf(seqState{}).FieldByName("steps")
	assert.Zero(t, steps.Offset)
	seq, _ := ty.FieldByName("seq")
	assert.Equal(t, seq.Offset/64, (seq.Offset+steps.Type.Size()-1)/64, "seq.steps in one cache line")
}
