package traces

import (
	"bytes"
	"encoding/json"
	"testing"
)

type doc struct {
	TraceEvents []struct {
		Name string         `json:"name"`
		Ph   string         `json:"ph"`
		Tid  int            `json:"tid"`
		Ts   int64          `json:"ts"`
		Args map[string]any `json:"args"`
	} `json:"traceEvents"`
	OtherData map[string]string `json:"otherData"`
}

// --trace-max-mb: once MaxBytes are written, warp waits (warp slot tracks)
// starting at or after the cut (one past the latest start written) are
// dropped and counted, the other tracks go on, and the closed trace says
// how many and the cut. By hand: every event here is over 40 bytes, so with
// MaxBytes 200 the first waits fill it: of 100 waits at cycles 0, 10, ...
// some are written and the rest dropped, the cut is the last written one's
// start plus 1; a wait emitted late that starts before the cut (sim/sm
// holds a warpgroup's waits until they can no longer merge) is written;
// the 100 CTA spans and 100 drains are all written.
func TestRecorderMaxBytesDropsOnlyWaits(t *testing.T) {
	var b bytes.Buffer
	r := NewRecorder(&b, Options{MaxBytes: 200})
	for i := int64(0); i < 100; i++ {
		r.Span(0, TrackWarp+1, "stall_wait", i*10, i*10+5, "", map[string]any{"line": int32(7), "warp": 1, "cta": []int{0, 0, 0}})
		r.Span(0, TrackCTA, "CTA", i*10, i*10+5, "cta", nil)
		r.Span(0, TrackDrain, "stall_drain", i*10+5, i*10+9, "", nil)
	}
	r.Span(0, TrackWarp+2, "stall_barrier", 0, 1000, "", map[string]any{"line": int32(8)})
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	var d doc
	if err := json.Unmarshal(b.Bytes(), &d); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	waits, ctas, drains, late := 0, 0, 0, 0
	var last int64
	for _, e := range d.TraceEvents {
		switch {
		case e.Ph != "X":
		case e.Tid == TrackWarp+2:
			late++
		case e.Tid == TrackWarp+1:
			waits++
			last = e.Ts
		case e.Tid == TrackCTA:
			ctas++
		case e.Tid == TrackDrain:
			drains++
		}
	}
	n, from := r.Dropped()
	if waits == 0 || waits == 100 || int64(waits)+n != 100 {
		t.Errorf("waits written %d, dropped %d: want some of each, 100 in all", waits, n)
	}
	if ctas != 100 || drains != 100 {
		t.Errorf("CTA spans %d, drains %d: want 100 each", ctas, drains)
	}
	if from != last+1 {
		t.Errorf("cut at %d, want %d", from, last+1)
	}
	if late != 1 {
		t.Errorf("the late wait starting before the cut: %d written, want 1", late)
	}
	if d.OtherData["wait_spans_dropped"] == "" {
		t.Errorf("no otherData.wait_spans_dropped")
	}
}

// The warp of a warp slot's wait is written with its CTA, only when the
// CTA changes (a warp holds its slot from its CTA's launch to its exit);
// on other tracks the args stay.
func TestRecorderWritesAWaitsWarpWithItsCTA(t *testing.T) {
	var b bytes.Buffer
	r := NewRecorder(&b, Options{})
	for i, cta := range []int{0, 0, 1, 1} {
		r.Span(0, TrackWarp, "stall_wait", int64(i*10), int64(i*10+5), "", map[string]any{"warp": 2 + cta, "cta": []int{cta, 0, 0}})
	}
	for i := 0; i < 2; i++ {
		r.Span(0, TrackDrain, "stall_drain", int64(i*10), int64(i*10+5), "", map[string]any{"warp": i, "cta": []int{0, 0, 0}})
	}
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	var d doc
	if err := json.Unmarshal(b.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	var got []bool
	for _, e := range d.TraceEvents {
		if e.Ph == "X" {
			_, ok := e.Args["warp"]
			got = append(got, ok)
		}
	}
	want := []bool{true, false, true, false, true, true}
	if len(got) != len(want) {
		t.Fatalf("spans %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("span %d: warp written %v, want %v", i, got[i], want[i])
		}
	}
	if d.OtherData != nil {
		t.Errorf("otherData without a limit: %v", d.OtherData)
	}
}
