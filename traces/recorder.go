package traces

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
)

// Options filter what a Recorder keeps.
type Options struct {
	// SMs to keep (nil: all).
	SMs map[int]bool
	// From and To bound the cycles kept (To <= 0: no upper bound); a span
	// is kept when it overlaps [From, To).
	From, To int64
	// MinSpanCycles drops wait spans shorter than this (CTA spans are
	// always kept).
	MinSpanCycles int64
}

// Recorder writes trace events as they come.
type Recorder struct {
	w     *bufio.Writer
	opt   Options
	n     int64
	err   error
	named map[[2]int]bool
}

// NewRecorder starts a trace on w.
func NewRecorder(w io.Writer, opt Options) *Recorder {
	r := &Recorder{w: bufio.NewWriterSize(w, 1<<16), opt: opt, named: map[[2]int]bool{}}
	_, r.err = r.w.WriteString(`{"displayTimeUnit":"ns","traceEvents":[` + "\n")
	return r
}

// Keep reports whether sm is traced (so callers can skip building args).
func (r *Recorder) Keep(sm int) bool { return r.opt.SMs == nil || r.opt.SMs[sm] }

// Events is the number of events written.
func (r *Recorder) Events() int64 { return r.n }

type event struct {
	Name string         `json:"name"`
	Ph   string         `json:"ph"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Ts   int64          `json:"ts"`
	Dur  *int64         `json:"dur,omitempty"`
	Cat  string         `json:"cat,omitempty"`
	Args map[string]any `json:"args,omitempty"`
}

func (r *Recorder) emit(e *event) {
	if r.err != nil {
		return
	}
	b, err := json.Marshal(e)
	if err != nil {
		r.err = err
		return
	}
	if r.n > 0 {
		r.w.WriteString(",\n")
	}
	_, r.err = r.w.Write(b)
	r.n++
}

// TrackCTA and TrackWarp are the track (thread id) ranges: CTA slot k is
// track TrackCTA+k, warp slot k is TrackWarp+k.
const (
	TrackCTA  = 0
	TrackWarp = 100
)

func trackName(track int) string {
	if track >= TrackWarp {
		return "warp slot " + strconv.Itoa(track-TrackWarp)
	}
	return "CTA slot " + strconv.Itoa(track-TrackCTA)
}

// name writes the metadata naming an SM's process and a track once.
func (r *Recorder) name(sm, track int) {
	if !r.named[[2]int{sm, -1}] {
		r.named[[2]int{sm, -1}] = true
		r.emit(&event{Name: "process_name", Ph: "M", Pid: sm, Args: map[string]any{"name": fmt.Sprintf("SM %d", sm)}})
		r.emit(&event{Name: "process_sort_index", Ph: "M", Pid: sm, Args: map[string]any{"sort_index": sm}})
	}
	if !r.named[[2]int{sm, track}] {
		r.named[[2]int{sm, track}] = true
		r.emit(&event{Name: "thread_name", Ph: "M", Pid: sm, Tid: track, Args: map[string]any{"name": trackName(track)}})
		r.emit(&event{Name: "thread_sort_index", Ph: "M", Pid: sm, Tid: track, Args: map[string]any{"sort_index": track}})
	}
}

// Span records a complete event [from, to) on SM sm's track.
func (r *Recorder) Span(sm, track int, name string, from, to int64, cat string, args map[string]any) {
	if !r.Keep(sm) || to <= r.opt.From || (r.opt.To > 0 && from >= r.opt.To) {
		return
	}
	if track >= TrackWarp && to-from < r.opt.MinSpanCycles {
		return
	}
	r.name(sm, track)
	d := to - from
	r.emit(&event{Name: name, Ph: "X", Pid: sm, Tid: track, Ts: from, Dur: &d, Cat: cat, Args: args})
}

// Counter records a counter value (e.g. resident warps) at cycle at.
func (r *Recorder) Counter(sm int, name string, at int64, value float64) {
	if !r.Keep(sm) || at < r.opt.From || (r.opt.To > 0 && at >= r.opt.To) {
		return
	}
	r.name(sm, TrackCTA)
	r.emit(&event{Name: name, Ph: "C", Pid: sm, Ts: at, Args: map[string]any{name: value}})
}

// Close ends the JSON document and flushes.
func (r *Recorder) Close() error {
	if r.err == nil {
		_, r.err = r.w.WriteString("\n]}\n")
	}
	if r.err == nil {
		r.err = r.w.Flush()
	}
	return r.err
}
