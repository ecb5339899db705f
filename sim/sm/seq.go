package sm

import (
	"math"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/engine"
)

// A 64-bit integer division or remainder is a call of a ptxas subroutine:
// I2F.U64, MUFU.RCP, F2I.U64 and a chain of IMAD.HI / IMAD.WIDE / IMAD and
// ALU corrections, each step waiting for the one before, and nothing else
// of the warp in between (the 32-bit ones are inline, and ptxas
// interleaves them with independent work: they keep warp.go's bulk
// charge; microbench idivtput_u32 / _u64s). The warp issues it step by step: each step
// takes one issue slot of its sub-partition and its pipe for the pipe's
// interval, no earlier than idiv_cycles_per_slot after the step before
// (the chain's mean dependent spacing). Other warps compete for the same
// slots and pipes, and each other division in progress on the
// sub-partition adds idiv_contention_cycles to the spacing: a division
// slows down as its sub-partition fills (microbench idivtput_u64_w4 / _w8
// / idivtput_u64: 384 / 460 / 696 cycles per division and warp at 1 / 2 /
// 4 warps per scheduler, with the IMAD pipe only 62% busy at 4: ncu,
// validation/microbench/pipes.core6.json), which one bulk reservation of
// the pipes cannot show. A 64-bit subroutine ends with its
// return (call_return_cycles: the RET's redirect, microbench c6call_w1). The warp
// runs the subroutine itself: its own instructions after the division
// issue no earlier than that return, not while the subroutine's last steps
// are in flight (idivtput_u64_w4 on the H200: 384 cycles a division with
// four independent ones a step, more than idiv_div_u64's dependent 307;
// overlapping them gave 298, +29%).

// seqStep is one SASS instruction of a sequence: its pipe and how long it
// holds the pipe. The warp issues them in chunks of up to seqChunk
// consecutive steps (one scheduler decision each: the simulator's speed),
// a chunk of n steps holding the issue n cycles and each of its pipes for
// its steps' sum, waiting for the pipe it uses most.
type seqStep struct {
	pipe ptx.Pipe
	busy engine.Cycle
}

// seqChunk is the steps a warp issues at one scheduler decision.
const seqChunk = 8

// seqChunkOf is the chunk at the head of steps: its length, the pipe it
// waits for and the busy cycles per pipe.
func seqChunkOf(steps []seqStep) (n int, wait ptx.Pipe, busy [ptx.NumPipes]engine.Cycle) {
	n = min(len(steps), seqChunk)
	for _, st := range steps[:n] {
		busy[st.pipe] += st.busy
		if busy[st.pipe] > busy[wait] {
			wait = st.pipe
		}
	}
	return n, wait, busy
}

// seqChunkRec is seqChunkOf of a step list's chunk, kept with the list.
type seqChunkRec struct {
	n    int
	wait ptx.Pipe
	busy [ptx.NumPipes]engine.Cycle
}

// seqChunksOf is seqChunkOf of each chunk of steps in issue order (chunk k
// starts at step k x seqChunk: each issue takes a whole chunk).
func seqChunksOf(steps []seqStep) []seqChunkRec {
	var out []seqChunkRec
	for i := 0; i < len(steps); i += seqChunk {
		n, wait, busy := seqChunkOf(steps[i:])
		out = append(out, seqChunkRec{n, wait, busy})
	}
	return out
}

// seqState is a warp's sequence in progress.
type seqState struct {
	// chunks: seqChunkOf of steps' chunks, the head chunk first
	steps  []seqStep // first: eligible and issue read its length at every look (warpState)
	chunks []seqChunkRec
	next   float64        // earliest cycle of steps[0] (fractional spacing)
	info   *exec.InstInfo // the PTX instruction (its results wait for the last step)
	why    Stall
	wait   ptx.Pipe // the pipe the head chunk waits for (seqChunkOf), kept for seqEligible
}

// seqSteps is the step list of a division's SASS mix (ok false for other
// instructions): the reciprocal's I2F, MUFU.RCP, F2I first, then the
// multiplies and ALU instructions spread evenly.
func (s *SM) seqSteps(info *exec.InstInfo) ([]seqStep, bool) {
	if info.Pipe != ptx.PipeIMAD || info.Bits != 64 || s.cfg.IdivCyclesPerSlot <= 0 {
		// 32-bit divisions are inline: ptxas interleaves them with the
		// warp's other work, so they keep the bulk charge of warp.go
		return nil, false
	}
	if st, ok := s.seqCache[info]; ok {
		return st, st != nil
	}
	if s.seqCache == nil {
		s.seqCache = map[*exec.InstInfo][]seqStep{}
	}
	m, ok := exec.DivisionMix(info)
	if !ok {
		s.seqCache[info] = nil
		return nil, false
	}
	c := s.cfg
	iv := func(p ptx.Pipe) engine.Cycle { return engine.Cycle(c.Pipes[p].IntervalCycles) }
	var st []seqStep
	for i := int32(0); i < m.Conv; i++ {
		st = append(st, seqStep{ptx.PipeConv, iv(ptx.PipeConv)})
		if i == 0 {
			for j := int32(0); j < m.MUFU; j++ {
				st = append(st, seqStep{ptx.PipeMUFU, iv(ptx.PipeMUFU)})
			}
		}
	}
	if m.Conv == 0 {
		for j := int32(0); j < m.MUFU; j++ {
			st = append(st, seqStep{ptx.PipeMUFU, iv(ptx.PipeMUFU)})
		}
	}
	// the rest, each kind spread over the sequence (Bresenham)
	kinds := []struct {
		n    int32
		step seqStep
	}{
		{m.IMADWide, seqStep{ptx.PipeIMAD, engine.Cycle(c.ImadWideIntervalCycles)}},
		{m.IMAD, seqStep{ptx.PipeIMAD, iv(ptx.PipeIMAD)}},
		{m.ALU, seqStep{ptx.PipeALU, iv(ptx.PipeALU)}},
	}
	total := m.IMADWide + m.IMAD + m.ALU
	done := make([]int32, len(kinds))
	for k := int32(1); k <= total; k++ {
		// the kind furthest behind its share after k steps
		best, lag := -1, -1.0
		for i, kd := range kinds {
			if done[i] >= kd.n {
				continue
			}
			l := float64(kd.n)*float64(k)/float64(total) - float64(done[i])
			if l > lag {
				best, lag = i, l
			}
		}
		done[best]++
		st = append(st, kinds[best].step)
	}
	s.seqCache[info] = st
	if s.seqChunks == nil {
		s.seqChunks = map[*exec.InstInfo][]seqChunkRec{}
	}
	s.seqChunks[info] = seqChunksOf(st)
	return st, true
}

// seqHead is the head chunk of chunks (none: seqChunkOf of no steps).
func seqHead(chunks []seqChunkRec) *seqChunkRec {
	if len(chunks) == 0 {
		return &seqChunkRec{}
	}
	return &chunks[0]
}

// startSeq issues a division's first step at now and leaves the rest to
// the warp's next issue slots.
func (s *SM) startSeq(sp *subPart, ws *warpState, info *exec.InstInfo, steps []seqStep, now engine.Cycle) {
	ch := s.seqChunks[info]
	ws.seq = seqState{chunks: ch, steps: steps, next: float64(now), info: info, wait: seqHead(ch).wait}
	sp.seqActive++
	s.issueStep(sp, ws, now)
}

// issueStep issues the warp's next chunk of sequence steps at now.
func (s *SM) issueStep(sp *subPart, ws *warpState, now engine.Cycle) {
	q := &ws.seq
	c := seqHead(q.chunks)
	n := c.n
	q.steps = q.steps[n:]
	if len(q.chunks) > 0 {
		q.chunks = q.chunks[1:]
	}
	q.wait = seqHead(q.chunks).wait
	for p, b := range c.busy {
		if p == int(ptx.PipeIMAD) && s.cfg.IdivPipeHold > 0 {
			// the subroutine's chain keeps the FMA pipe from issuing
			// back to back (microbench ihash9_div_*: FMA-heavy ~75%
			// active at 8 warps per scheduler, the time its busy
			// cycles over 0.75 whatever work is beside the division)
			b = engine.Cycle(math.Round(float64(b) * s.cfg.IdivPipeHold))
		}
		if b > 0 {
			sp.pipeFree[p] = max(now, sp.pipeFree[p]) + b
			s.Stats.PipeBusy[p] += int64(b)
		}
	}
	s.Stats.SASSInstructions += int64(n)
	sp.slotsIssued += int64(n)
	sp.issueFree = now + engine.Cycle(n)
	ws.setReady(now+engine.Cycle(n), StallDispatch)
	// each other division in progress on the sub-partition stretches the
	// chain (microbench idivtput_u64_w4, _w8, idivtput_u64: 384, 460, 696
	// cycles per division and warp at 1, 2, 4 warps per scheduler)
	q.next = math.Max(q.next, float64(now)) + float64(n)*(s.cfg.IdivCyclesPerSlot+s.cfg.IdivContentionCycles*float64(sp.seqActive-1))
	if len(q.steps) > 0 {
		return
	}
	sp.seqActive--
	done := engine.Cycle(math.Ceil(q.next))
	if q.info.Bits == 64 {
		done += engine.Cycle(s.cfg.CallReturnCycles) // the subroutine's return
		// the warp runs the subroutine itself: nothing of its own after
		// the CALL issues before the RET has redirected
		ws.setReady(max(ws.readyAt, done), StallBranchResolving)
	}
	for _, r := range q.info.Defs {
		ws.setReg(r, done, StallWait)
	}
	q.steps, q.info, q.chunks = nil, nil, nil
}

// seqEligible is when warp ws can issue its next sequence step and why not
// before.
func (s *SM) seqEligible(sp *subPart, ws *warpState, now engine.Cycle) (engine.Cycle, Stall) {
	q := &ws.seq
	at, why := ws.readyAt, ws.readyWhy
	if t := engine.Cycle(math.Ceil(q.next)); t > at {
		at, why = t, StallWait
	}
	if t := sp.pipeFree[q.wait]; t > at {
		at, why = t, StallMathPipeThrottle
	}
	return at, why
}
