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
	// MinSpanCycles drops wait spans (warp slot and drain tracks) shorter than
	// this; the other tracks are always kept (sim/sm merges their spans
	// with gaps up to the same bound).
	MinSpanCycles int64
	// MaxBytes: once this much is written, wait spans (warp slot tracks)
	// that start at or after a cut are dropped (counted: Dropped) while the
	// other tracks go on; the cut is one past the latest start of the waits
	// written by then, so the trace keeps every wait before it (those sim/sm
	// emits late too) and none after; 0: no limit (--trace-max-mb).
	MaxBytes int64
}

// Recorder writes trace events as they come.
type Recorder struct {
	w     *bufio.Writer
	opt   Options
	n     int64
	err   error
	named map[[2]int]bool
	// ptx: the (SM, PTX line)s whose text was written; cta: each track's
	// last CTA written (compact: Span)
	ptx map[[2]int]bool
	cta map[[2]int]string
	// bytes written; the latest start of a wait written; the cut (0: not
	// yet) and the waits dropped (MaxBytes)
	bytes    int64
	waitLast int64
	cut      int64
	dropped  int64
}

// NewRecorder starts a trace on w.
func NewRecorder(w io.Writer, opt Options) *Recorder {
	r := &Recorder{w: bufio.NewWriterSize(w, 1<<16), opt: opt, named: map[[2]int]bool{}, ptx: map[[2]int]bool{}, cta: map[[2]int]string{}}
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
		r.bytes += 2
	}
	_, r.err = r.w.Write(b)
	r.bytes += int64(len(b))
	r.n++
}

// Dropped is how many wait spans the MaxBytes limit dropped and the cut:
// the trace has every wait that starts before it and none after.
func (r *Recorder) Dropped() (n, cut int64) { return r.dropped, r.cut }

// Track (thread id) ranges: CTA slot k is TrackCTA+k, warp slot k is
// TrackWarp+k, sub-partition k TrackSubPart+k, the smem port TrackSmemPort,
// the tensor pipe TrackTensor, and lane k of the TMA engine's copies, of
// the wgmma commit groups and of the cp.async commit groups TrackTMA+k,
// TrackWgmma+k, TrackCpAsync+k, and lane k of the exited warps' store
// drains TrackDrain+k (sim/sm keeps equal constants).
const (
	TrackCTA      = 0
	TrackWarp     = 100
	TrackSubPart  = 200
	TrackSmemPort = 210
	TrackTensor   = 211
	TrackTMA      = 300
	TrackWgmma    = 400
	TrackCpAsync  = 500
	TrackDrain    = 600
)

func trackName(track int) string {
	switch {
	case track >= TrackDrain:
		return "drain " + strconv.Itoa(track-TrackDrain)
	case track >= TrackCpAsync:
		return "cp.async groups " + strconv.Itoa(track-TrackCpAsync)
	case track >= TrackWgmma:
		return "wgmma groups " + strconv.Itoa(track-TrackWgmma)
	case track >= TrackTMA:
		return "TMA " + strconv.Itoa(track-TrackTMA)
	case track == TrackTensor:
		return "tensor pipe"
	case track == TrackSmemPort:
		return "smem port"
	case track >= TrackSubPart:
		return "sub-partition " + strconv.Itoa(track-TrackSubPart)
	case track >= TrackWarp:
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
	if (track >= TrackWarp && track < TrackSubPart || track >= TrackDrain) && to-from < r.opt.MinSpanCycles {
		return
	}
	if track >= TrackWarp && track < TrackSubPart && r.opt.MaxBytes > 0 {
		if r.cut == 0 && r.bytes >= r.opt.MaxBytes {
			r.cut = r.waitLast + 1
		}
		if r.cut > 0 && from >= r.cut {
			r.dropped++
			return
		}
		r.waitLast = max(r.waitLast, from)
	}
	r.name(sm, track)
	r.compact(sm, track, args)
	d := to - from
	r.emit(&event{Name: name, Ph: "X", Pid: sm, Tid: track, Ts: from, Dur: &d, Cat: cat, Args: args})
}

// compact drops what a span's args repeat: the PTX text ("ptx") of a line
// already written for the SM (the first kept span of each line has it),
// and the CTA ("cta") when it is the one of the track's previous kept span,
// and on a warp slot track the warp with it (a warp holds its slot from its
// CTA's launch to its exit, so the warp changes only with the CTA).
// The 4096^3 GEMM's waits repeat a few hundred lines' texts a million
// times (validation/timing/trace23.md).
func (r *Recorder) compact(sm, track int, args map[string]any) {
	if args == nil {
		return
	}
	if text, ok := args["ptx"]; ok {
		if line, ok := args["line"].(int32); ok {
			k := [2]int{sm, int(line)}
			if r.ptx[k] {
				delete(args, "ptx")
			} else if text != "" {
				r.ptx[k] = true
			}
		}
	}
	if c, ok := args["cta"]; ok {
		k, v := [2]int{sm, track}, fmt.Sprint(c)
		if r.cta[k] == v {
			delete(args, "cta")
			if track >= TrackWarp && track < TrackSubPart {
				delete(args, "warp")
			}
		} else {
			r.cta[k] = v
		}
	}
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
	if r.err == nil && r.dropped > 0 {
		// the limit, in the trace itself (Perfetto shows otherData as the
		// trace's metadata)
		r.w.WriteString(fmt.Sprintf("\n],\"otherData\":{\"wait_spans_dropped\":\"%d warp waits starting at cycle %d or later (over --trace-max-mb %d)\"}}\n",
			r.dropped, r.cut, r.opt.MaxBytes/1000000))
	} else if r.err == nil {
		_, r.err = r.w.WriteString("\n]}\n")
	}
	if r.err == nil {
		r.err = r.w.Flush()
	}
	return r.err
}
