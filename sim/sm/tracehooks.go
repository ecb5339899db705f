package sm

import (
	"fmt"
	"strings"

	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// What the trace shows besides CTA lifetimes and warp waits (warp.go,
// sm.go): tracks per sub-partition and per unit, and the asynchronous
// operations. Everything here runs only when the SM has a tracer that
// keeps it (Tick calls issueTraced instead of issue); without one the
// timed run does not reach this file, and nothing here changes the model's
// state (it reads the units' free cycles and s.done around an issue).
//
// Sizes stay bounded by merging: the tensor pipe's busy intervals merge
// into one span while the gap to the next is at most the trace's minimum
// span (TraceMinCycles, --trace-min-cycles), the smem port's while it is
// at most smemGap times that, a sub-partition's issues while it is at most
// issueGap times that, with the count in args.n; a
// warpgroup's wgmmas are one span per commit group; a warp's cp.async
// copies one span per commit group; the warps of a warpgroup that wait
// for the same reason at the same PTX line with bounds within
// TraceMinCycles are one span with args.n warps (traceWait).

// Track bases beyond TrackCTA and TrackWarp (equal to traces'): a
// sub-partition's issue track, the smem port, the tensor pipe, and lanes
// for overlapping asynchronous spans (a span goes to the first lane free
// at its start, so spans of one track never overlap).
const (
	TrackSubPart  = 200 // + sub-partition
	TrackSmemPort = 210
	TrackTensor   = 211
	TrackTMA      = 300 // + lane: TMA / bulk copies, stores, reductions
	TrackWgmma    = 400 // + lane: wgmma commit groups
	TrackCpAsync  = 500 // + lane: cp.async commit groups
	TrackDrain    = 600 // + lane: exited warps' store drains (stall_drain)
	// TrackLanes bounds the lanes of one kind (beyond it a span shares
	// the lane that frees first)
	TrackLanes = 64
)

// run merges busy intervals of one track.
type run struct {
	from, to int64
	n        int
}

// gKey names an open group: a warpgroup's wgmmas (kind TrackWgmma, id
// the warpgroup) or a warp's cp.async copies (kind TrackCpAsync, id the
// warp).
type gKey struct {
	cta      *ctaState
	kind, id int
}

// group is an open wgmma or cp.async commit group.
type group struct {
	key      gKey
	from, to int64
	n        int
	bytes    int
	info     *exec.InstInfo
}

type waitKey struct {
	cta  *ctaState
	wg   int
	why  Stall
	line int32
}

type pendingWait struct {
	from, to int64
	slot, n  int
	warp     int
	at       *exec.InstInfo
	// waits: consecutive waits of one warp merged into the span (a
	// division's SASS steps wait ~20 cycles each at one PTX line)
	waits int
}

// smTrace is an SM's trace state (nil until the first traced issue).
type smTrace struct {
	sp           []run
	smem, tensor run
	lanes        map[int][]int64 // track base -> each lane's end
	groups       []*group        // open groups, in the order they opened
	waits        map[waitKey]*pendingWait
	waitOrder    []waitKey // pending waits in first-seen order (deterministic flush)
	// commits: by warpgroup, its warps' wgmma.commit_group since the last
	// group closed (a group closes at the warpgroup's last warp's commit)
	commits map[gKey]int
}

func (s *SM) trState() *smTrace {
	if s.tr == nil {
		s.tr = &smTrace{sp: make([]run, len(s.sps)), lanes: map[int][]int64{},
			waits: map[waitKey]*pendingWait{}}
	}
	return s.tr
}

// group returns the open group k (nil: none; open: a new one).
func (t *smTrace) group(k gKey, open bool) *group {
	for _, g := range t.groups {
		if g.key == k {
			return g
		}
	}
	if !open {
		return nil
	}
	g := &group{key: k}
	t.groups = append(t.groups, g)
	return g
}

// close emits group g and forgets it.
func (s *SM) close(g *group) {
	t := s.tr
	for i, x := range t.groups {
		if x == g {
			t.groups = append(t.groups[:i], t.groups[i+1:]...)
			break
		}
	}
	if g.key.kind == TrackWgmma {
		s.emitGroup(TrackWgmma, "wgmma group", g)
	} else {
		s.emitGroup(TrackCpAsync, "cp.async group", g)
	}
}

func (s *SM) gap() int64 { return max(s.TraceMinCycles, 0) }

// issueGap: a sub-partition's issue spans merge across gaps of up to
// issueGap x TraceMinCycles (128 cycles at the default), which keeps the
// 4096^3 GEMM's trace under 100 MB (validation/timing/trace23.md).
const issueGap = 8

// smemGap: the same for the smem port's busy spans (its reservations are
// mostly one or two cycles).
const smemGap = 4

// waitJoinGap: a warp's consecutive waits at one line merge across gaps of
// up to waitJoinGap x TraceMinCycles (64 cycles at the default).
const waitJoinGap = 4

// addRun extends r by [from, to) or, after a longer gap, emits it and
// starts a new one.
func (s *SM) addRun(r *run, track int, name string, from, to, gap int64) {
	if r.n > 0 && from <= r.to+gap {
		r.to = max(r.to, to)
		r.n++
		return
	}
	s.emitRun(r, track, name)
	*r = run{from: from, to: to, n: 1}
}

func (s *SM) emitRun(r *run, track int, name string) {
	if r.n > 0 && r.to > r.from {
		s.Trace.Span(s.ID, track, name, r.from, r.to, "", map[string]any{"n": r.n})
	}
	r.n = 0
}

// lane picks the first lane of base free at from and records to.
func (s *SM) lane(base int, from, to int64) int {
	t := s.tr
	ends := t.lanes[base]
	best := -1
	for i, e := range ends {
		if e <= from {
			ends[i] = to
			return base + i
		}
		if best < 0 || e < ends[best] {
			best = i
		}
	}
	if len(ends) < TrackLanes {
		t.lanes[base] = append(ends, to)
		return base + len(ends)
	}
	ends[best] = max(ends[best], to)
	return base + best
}

// label adds the instruction's PTX line and CUDA line (.loc) to args.
func label(args map[string]any, info *exec.InstInfo) map[string]any {
	if info == nil {
		return args
	}
	args["line"] = info.Line
	if info.Src.Valid() {
		args["src"] = info.Src.String()
	}
	return args
}

// opName is the instruction's opcode with its modifiers (the PTX text's
// first word).
func opName(info *exec.InstInfo) string {
	t := strings.TrimSpace(info.Text)
	if i := strings.IndexAny(t, " \t"); i > 0 {
		t = t[:i]
	}
	return t
}

// issueTraced is issue with the trace's bookkeeping around it.
func (s *SM) issueTraced(sp *subPart, ws *warpState, now engine.Cycle) error {
	if !s.Trace.Keep(s.ID) {
		return s.issue(sp, ws, now)
	}
	t := s.trState()
	smem0, tensor0, tma0 := s.smemFree, s.tensorFree, s.tmaFree
	sass0 := s.Stats.SASSInstructions
	// a division's or warp scan's next SASS step issues no PTX: s.eff is
	// still the last instruction's
	step := len(ws.seq.steps) > 0 || ws.scan != nil
	err := s.issue(sp, ws, now)
	if err != nil {
		return err
	}
	n := int64(now)
	if s.Stats.SASSInstructions > sass0 {
		k := ws.sp
		s.addRun(&t.sp[k], TrackSubPart+k, "issue", n, max(n+1, int64(sp.issueFree)), issueGap*s.gap())
	}
	if s.smemFree > smem0 {
		s.addRun(&t.smem, TrackSmemPort, "smem busy", int64(max(now, smem0)), int64(s.smemFree), smemGap*s.gap())
	}
	e := &s.eff
	info := e.Info
	if step || info == nil || e.Outcome != exec.Issued || ws.retrying {
		return nil
	}
	switch info.Async {
	case exec.AsyncBulkLoad, exec.AsyncBulkStore, exec.AsyncPrefetch:
		if s.tmaFree != tma0 && s.done.tx > now {
			to := int64(s.done.tx)
			bytes := e.LandBytes
			if info.Async != exec.AsyncBulkLoad {
				bytes = e.TMAWavefronts * 128
			}
			s.Trace.Span(s.ID, s.lane(TrackTMA, n, to), opName(info), n, to, "",
				label(map[string]any{"bytes": bytes}, info))
		}
	case exec.AsyncWgmma:
		if s.tensorFree != tensor0 {
			start := int64(max(now, tensor0))
			s.addRun(&t.tensor, TrackTensor, "tensor busy", start, int64(s.tensorFree), s.gap())
			g := t.group(gKey{ws.cta, TrackWgmma, ws.w.ID() / 4}, true)
			if g.n == 0 {
				g.from, g.info = start, info
			}
			g.to = max(g.to, int64(s.done.wg))
			g.n++
		}
	case exec.AsyncWgmmaCommit:
		// every warp of the warpgroup commits each group once, and none
		// can commit the next before all have committed this one (the
		// next group's wgmmas are warpgroup-wide): the group ends at the
		// last warp's commit, whichever warp runs ahead
		k := gKey{ws.cta, TrackWgmma, ws.w.ID() / 4}
		if t.commits == nil {
			t.commits = map[gKey]int{}
		}
		t.commits[k]++
		if t.commits[k] >= min(4, len(ws.cta.warps)-4*(ws.w.ID()/4)) {
			delete(t.commits, k)
			if g := t.group(k, false); g != nil {
				s.close(g)
			}
		}
	case exec.AsyncCopy:
		if s.done.cp > 0 {
			g := t.group(gKey{ws.cta, TrackCpAsync, ws.w.ID()}, true)
			if g.n == 0 {
				g.from, g.info = n, info
			}
			g.to = max(g.to, int64(s.done.cp))
			g.n++
			g.bytes += cpAsyncBytes(e)
		}
	case exec.AsyncCommit:
		if g := t.group(gKey{ws.cta, TrackCpAsync, ws.w.ID()}, false); g != nil {
			s.close(g)
		}
	}
	return nil
}

func (s *SM) emitGroup(base int, name string, g *group) {
	if g.to <= g.from {
		return
	}
	args := label(map[string]any{"n": g.n}, g.info)
	if g.bytes > 0 {
		args["bytes"] = g.bytes
	}
	s.Trace.Span(s.ID, s.lane(base, g.from, g.to), name, g.from, g.to, "", args)
}

// traceWait records a warp's wait [since, now) (flush calls it for waits
// of at least TraceMinCycles). The warps of a warpgroup waiting for the
// same reason at the same line within TraceMinCycles of each other are
// one span, on the track of the first one to end, with args.n warps; a
// warp waiting again at the same line less than TraceMinCycles after its
// last wait extends that span (args.waits: how many).
func (s *SM) traceWait(ws *warpState, since, now engine.Cycle) {
	t := s.trState()
	k := waitKey{ws.cta, ws.w.ID() / 4, ws.why, ws.at.Line}
	from, to := int64(since), int64(now)
	if p := t.waits[k]; p != nil {
		// the same warp waiting again at the same line within
		// waitJoinGap x TraceMinCycles of its last wait, with no other
		// wait of it traced in between: one longer span (the warp's track
		// stays free of overlaps; a 64-bit division's SASS steps wait ~20
		// cycles each at one PTX line)
		if p.n == 1 && p.warp == ws.w.ID() && p.at == ws.at && ws.trLastWait == k && from >= p.to && from-p.to <= waitJoinGap*s.gap() {
			p.to = to
			p.waits++
			return
		}
		ws.trLastWait = k
		if p.n < 4 && abs64(p.from-from) <= s.gap() && abs64(p.to-to) <= s.gap() && p.at == ws.at {
			p.n++
			return
		}
		s.emitWait(k, p)
		*p = pendingWait{from: from, to: to, slot: ws.slot, n: 1, warp: ws.w.ID(), at: ws.at, waits: 1}
		return
	}
	ws.trLastWait = k
	t.waits[k] = &pendingWait{from: from, to: to, slot: ws.slot, n: 1, warp: ws.w.ID(), at: ws.at, waits: 1}
	t.waitOrder = append(t.waitOrder, k)
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

func (s *SM) emitWait(k waitKey, p *pendingWait) {
	if p.n == 0 {
		return
	}
	// (the recorder writes the PTX text once per SM and line, the CTA
	// when it changes on the track: traces.Recorder.Span)
	args := map[string]any{"line": p.at.Line, "ptx": p.at.Text, "cta": k.cta.c.CTAID(), "warp": p.warp}
	if p.n > 1 {
		args["n"] = p.n
	}
	if p.waits > 1 {
		args["waits"] = p.waits
	}
	if p.at.Src.Valid() {
		args["src"] = p.at.Src.String()
	}
	track := TrackWarp + p.slot
	if k.why == StallDrain {
		// an exited warp's stores drain after its warp slot was freed
		// (exitWarp), when the slot may already hold the next CTA's warp:
		// drains have lanes of their own
		track = s.lane(TrackDrain, p.from, p.to)
	}
	s.Trace.Span(s.ID, track, k.why.String(), p.from, p.to, "", args)
	p.n = 0
}

// traceCTAEnd records finished CTA cs (the host counts it done at done):
// the resident-warps counter and its span on its CTA slot at the slot's
// release (cs.freed, when the next CTA may take the slot; a later done is
// args.drain_end), what is still open of it (its pending waits, open
// groups) and, when the SM is idle, the merged runs.
func (s *SM) traceCTAEnd(cs *ctaState, done engine.Cycle) {
	freed := max(cs.freed, cs.start)
	s.traceOccupancy(freed)
	id := cs.c.CTAID()
	args := map[string]any{"ctaid": id, "warps": len(cs.warps)}
	if done > freed {
		args["drain_end"] = int64(done)
	}
	s.Trace.Span(s.ID, TrackCTA+cs.slot, fmt.Sprintf("CTA (%d,%d,%d)", id[0], id[1], id[2]), int64(cs.start), int64(freed), "cta", args)
	t := s.tr
	if t == nil {
		return
	}
	keep := t.waitOrder[:0]
	for _, k := range t.waitOrder {
		if k.cta == cs {
			s.emitWait(k, t.waits[k])
			delete(t.waits, k)
			continue
		}
		keep = append(keep, k)
	}
	t.waitOrder = keep
	for i := 0; i < len(t.groups); {
		if g := t.groups[i]; g.key.cta == cs {
			s.close(g)
			continue
		}
		i++
	}
	if len(s.ctas) == 0 {
		for k := range t.sp {
			s.emitRun(&t.sp[k], TrackSubPart+k, "issue")
		}
		s.emitRun(&t.smem, TrackSmemPort, "smem busy")
		s.emitRun(&t.tensor, TrackTensor, "tensor busy")
	}
}
