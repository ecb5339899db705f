package sm

import (
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestWarpStateHotFieldsFirst pins warpState's layout: the fields a look
// at a warp reads (eligible, schedule, account, issue on the common path)
// lie in the struct's first 7 cache lines (speed28.md), those of a quick
// look (schedule's kept checks with a plain tail, account's unchanged
// state) in line 0 (speed30.md), and seq's steps, which the look reads
// first, is seqState's first field.
func TestWarpStateHotFieldsFirst(t *testing.T) {
	ty := reflect.TypeOf(warpState{})
	hot := []string{"w", "cta", "regs", "readyAt", "preAt", "info", "at", "since", "atLine", "enInfo", "en",
		"lastLine", "lastLineReady", "readyWhy", "preOK", "preWhy", "why", "tail", "sleeping", "inBarrier",
		"retrying", "wgHold", "expiredWait", "done", "barPending", "lastLineOK", "gto", "age",
		"storeTaken", "tmaURGate", "scan", "hiReady", "loopTop", "seq", "stalls"}
	for _, name := range hot {
		f, ok := ty.FieldByName(name)
		if assert.True(t, ok, name) {
			assert.LessOrEqual(t, f.Offset+f.Type.Size(), uintptr(7*64), name)
		}
	}
	for _, name := range []string{"preAt", "info", "at", "scan", "preOK", "preWhy", "why", "tail", "sleeping", "inBarrier", "retrying", "wgHold"} {
		f, _ := ty.FieldByName(name)
		assert.LessOrEqual(t, f.Offset+f.Type.Size(), uintptr(64), name)
	}
	for _, name := range []string{"seq", "readyAt", "readyWhy"} {
		f, _ := ty.FieldByName(name)
		assert.LessOrEqual(t, f.Offset+f.Type.Size(), uintptr(2*64), name) // a division step's look: lines 0 and 1
	}
	steps, _ := reflect.TypeOf(seqState{}).FieldByName("steps")
	assert.Zero(t, steps.Offset)
	seq, _ := ty.FieldByName("seq")
	assert.LessOrEqual(t, seq.Offset+steps.Type.Size(), uintptr(64), "seq.steps in line 0")
}
