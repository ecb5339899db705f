package exec

// Tickets: the observable end of asynchronous work. An async operation's
// values move at issue (bytes land in shared or global memory, a wgmma's D
// is written when its fourth warp issues); what a wait can observe -- the
// complete_tx of a TMA or bulk copy, a deferred cp.async.mbarrier.arrive,
// the retirement of a cp.async, bulk or wgmma group -- happens when the
// driver calls CTA.Complete with the operation's ticket (AsyncTickets
// mode), or inside Issue as before tickets existed (AsyncAtIssue, the zero
// mode). The group state lives here, always on; the hazard checker reads
// it (../../RATIONALE.md, "Async completion by ticket").

// Ticket names one async operation of a CTA whose completion waits for
// CTA.Complete. 0 is no ticket (the operation completed at issue).
type Ticket uint32

// AsyncKind is what completing a ticket does.
type AsyncKind uint8

// Async kinds.
const (
	// TicketTx: a TMA or bulk copy into shared memory (of the issuing CTA
	// or a peer): complete_tx of Bytes on mbarrier M.
	TicketTx AsyncKind = iota + 1
	// TicketCpAsync: one cp.async instruction's copies (a member of the
	// warp's open cp.async group).
	TicketCpAsync
	// TicketCpArrive: cp.async.mbarrier.arrive on M: the arrive happens
	// once its ticket and every earlier cp.async of the warp completed.
	TicketCpArrive
	// TicketBulk: a TMA store or reduction, or a bulk copy out of shared
	// memory, of the warp's open bulk group (its read and its write).
	TicketBulk
	// TicketWgmma: one wgmma.mma_async of a warpgroup (issued when its
	// fourth warp issued); it belongs to the open wgmma group of each of
	// the four warps.
	TicketWgmma
)

// AsyncOp is one async operation an instruction started, in Effect.Async.
type AsyncOp struct {
	Kind   AsyncKind
	Ticket Ticket // 0 in AsyncAtIssue mode: completed inside Issue
	// Warp is the issuing warp (TicketWgmma: the warp whose part
	// completed the rendezvous; the MMA belongs to warps 4g..4g+3).
	Warp  int
	M     MbarRef // TicketTx, TicketCpArrive
	Bytes uint32  // TicketTx: bytes landing; TicketCpAsync: bytes copied
}

// AsyncMode says how a CTA's async work completes: a set of flags, 0
// (AsyncAtIssue) being the behaviour before tickets.
type AsyncMode uint8

// Async modes.
const (
	// AsyncAtIssue completes every async operation inside the Issue that
	// starts it, and a wgmma.mma_async blocks warps 0-2 of a warpgroup
	// until the fourth issues it (the default mode).
	AsyncAtIssue AsyncMode = 0
	// AsyncTickets leaves completion to CTA.Complete: Issue lists the
	// operations with their tickets in Effect.Async, and wait_group and
	// wait_all report Retry until their groups retire.
	AsyncTickets AsyncMode = 1 << iota
	// AsyncWgmmaQueue lets warps 0-2 of a warpgroup go on after their part
	// of a wgmma.mma_async (a per-warpgroup queue; the MMA runs when the
	// fourth part issues, and wgmma.wait_group waits for it).
	AsyncWgmmaQueue
	// AsyncSuspendWaits makes an mbarrier.try_wait that would fail in
	// every active lane report Retry without executing, naming what it
	// waits for in Effect.Waits (suspend.go); Warp.Expire lets it execute
	// (and fail) once its suspend time ran out.
	AsyncSuspendWaits
)

// SetAsyncMode selects how the CTA's async work completes; call it before
// the CTA's first Issue (Cluster.SetAsyncMode sets every CTA of a cluster).
func (c *CTA) SetAsyncMode(m AsyncMode) { c.tk.mode = m }

// SetAsyncMode sets the mode of every CTA of the cluster.
func (cl *Cluster) SetAsyncMode(m AsyncMode) {
	for _, c := range cl.ctas {
		if c != nil {
			c.SetAsyncMode(m)
		}
	}
}

// PendingTickets is the number of the CTA's tickets the driver has not
// completed yet.
func (c *CTA) PendingTickets() int { return c.tk.open }

// tickets is a CTA's table of async operations in flight and the group
// state of its warps.
type tickets struct {
	mode  AsyncMode
	ents  []ticketEntry // Ticket t is ents[t-1]
	free  []Ticket
	open  int
	warps []warpAsync // per warp (nil until the first async operation)
}

// ticketEntry is one operation in flight.
type ticketEntry struct {
	kind   AsyncKind
	live   bool
	done   bool // TicketCpArrive: the ticket completed; the copies may not have
	lane   int8
	warp   int32
	x      *xinst // the issuing instruction (fault messages)
	t      *CTA   // the mbarrier's CTA
	bar    uint32
	bytes  uint32
	seq    uint32    // TicketCpAsync: the copy's number; TicketCpArrive: the copies before it
	group  uint32    // cp.async or bulk group (committed + 1 at issue)
	groups [4]uint32 // TicketWgmma: the group of each warp of the warpgroup
}

// warpAsync is one warp's async group state.
type warpAsync struct {
	cp, bulk, wg groupQueue
	cpSeq        uint32   // cp.async instructions issued
	cpOut        []uint32 // numbers of the cp.async copies not complete, ascending
	arrives      []Ticket // deferred cp.async.mbarrier.arrives, in issue order
}

// groupQueue counts one warp's commit groups of one kind: groups 1..retired
// have retired (in order), retired+1..committed are committed with pend[i]
// operations outstanding, committed+1 is the open group.
type groupQueue struct {
	committed, retired uint32
	open               int32
	pend               []int32
}

// add counts an operation issued into the open group and returns its group.
func (q *groupQueue) add() uint32 {
	q.open++
	return q.committed + 1
}

// commit closes the open group.
func (q *groupQueue) commit() {
	q.pend = append(q.pend, q.open)
	q.open = 0
	q.committed++
	q.retire()
}

// done counts the completion of an operation of group g.
func (q *groupQueue) done(g uint32) {
	if g > q.committed {
		q.open--
		return
	}
	q.pend[g-q.retired-1]--
	q.retire()
}

// retire retires the oldest groups with nothing outstanding, in order.
func (q *groupQueue) retire() {
	n := 0
	for n < len(q.pend) && q.pend[n] == 0 {
		n++
	}
	if n > 0 {
		q.pend = q.pend[:copy(q.pend, q.pend[n:])]
		q.retired += uint32(n)
	}
}

// waitMet reports whether at most n committed groups are not retired.
func (q *groupQueue) waitMet(n uint32) bool { return q.committed-q.retired <= n }

// allDone reports whether every issued operation completed.
func (q *groupQueue) allDone() bool { return q.open == 0 && q.committed == q.retired }

// async returns warp w's group state.
func (w *Warp) async() *warpAsync {
	tk := &w.cta.tk
	if tk.warps == nil {
		tk.warps = make([]warpAsync, len(w.cta.warps))
	}
	return &tk.warps[w.id]
}

// start begins async operation e of warp w: in AsyncTickets mode it gets a
// ticket listed in the Effect; in AsyncAtIssue mode it completes now.
func (w *Warp) start(e ticketEntry, op AsyncOp) error {
	c := w.cta
	tk := &c.tk
	e.live = true
	if tk.mode&AsyncTickets == 0 {
		w.ops.Async = append(w.ops.Async, op)
		return c.finish(&e, 0)
	}
	var t Ticket
	if n := len(tk.free); n > 0 {
		t, tk.free = tk.free[n-1], tk.free[:n-1]
		tk.ents[t-1] = e
	} else {
		tk.ents = append(tk.ents, e)
		t = Ticket(len(tk.ents))
	}
	tk.open++
	op.Ticket = t
	w.ops.Async = append(w.ops.Async, op)
	return nil
}

// Complete ends async operation t of the CTA: the complete_tx of a copy,
// a deferred arrive, the completion of a group member. An error is a fault
// of the issuing instruction (an mbarrier invalidated in between, a
// tx-count out of range).
func (c *CTA) Complete(t Ticket) error {
	tk := &c.tk
	if t == 0 || int(t) > len(tk.ents) || !tk.ents[t-1].live || tk.ents[t-1].done {
		panic("exec: Complete of an unknown or completed ticket")
	}
	return c.finish(&tk.ents[t-1], t)
}

// release frees ticket t (0: an entry completed at issue, not in the
// table); a deferred arrive left the open count when it was completed.
func (c *CTA) release(e *ticketEntry, t Ticket) {
	e.live = false
	if t != 0 {
		c.tk.free = append(c.tk.free, t)
		if !e.done {
			c.tk.open--
		}
	}
}

// finish applies the completion of entry e (ticket t, 0 at issue).
func (c *CTA) finish(e *ticketEntry, t Ticket) error {
	switch e.kind {
	case TicketTx:
		w := c.warps[e.warp]
		d, x, l, bar := e.t, e.x, int(e.lane), e.bar
		c.release(e, t)
		d.async.changes++
		tensor := e.x == nil || e.x.tensorTx
		if tensor {
			// a TMA tensor load's complete_tx: a sleeping try_wait sees it
			// at its next recheck (sim/sm/mbarpoll.go); a plain bulk
			// copy's wakes the waiter as an arrive does (family bulk18:
			// validation/timing/bulk18.md)
			d.async.txChanges++
		}
		if w.eff != nil && t == 0 {
			w.eff.AsyncChanged = true
		}
		b := d.mbarrier(bar)
		done, err := b.CompleteTx(e.bytes)
		if err != nil {
			return w.laneFault(x, l, "mbarrier at shared 0x%x%s: %v", bar, d.rankWord(c), err)
		}
		if done {
			var by *Warp
			if t == 0 {
				by = w // completed inside w's Issue
			}
			if tensor {
				if d.async.tensorDone == nil {
					d.async.tensorDone = map[uint32]uint64{}
				}
				d.async.tensorDone[bar]++
				if d.async.tensorBy == nil {
					d.async.tensorBy = map[uint32]*Warp{}
				}
				d.async.tensorBy[bar] = w
			}
			d.mbarCompleted(bar, b, by)
		}
		return nil
	case TicketCpAsync:
		ws := &c.tk.warps[e.warp]
		ws.cp.done(e.group)
		for i, s := range ws.cpOut {
			if s == e.seq {
				ws.cpOut = append(ws.cpOut[:i], ws.cpOut[i+1:]...)
				break
			}
		}
		c.release(e, t)
		return c.warps[e.warp].fireArrives()
	case TicketCpArrive:
		if t == 0 {
			// At issue: every earlier copy completed at its own issue.
			return c.warps[e.warp].arriveNow(e)
		}
		e.done = true
		c.tk.open--
		return c.warps[e.warp].fireArrives()
	case TicketBulk:
		c.tk.warps[e.warp].bulk.done(e.group)
		c.release(e, t)
		return nil
	case TicketWgmma:
		base := int(e.warp) &^ 3
		for q := 0; q < 4; q++ {
			c.tk.warps[base+q].wg.done(e.groups[q])
		}
		c.release(e, t)
		return nil
	}
	panic("exec: ticket of unknown kind")
}

// fireArrives performs the warp's deferred cp.async.mbarrier.arrives whose
// tickets completed and whose earlier copies all completed, in order.
func (w *Warp) fireArrives() error {
	ws := &w.cta.tk.warps[w.id]
	for len(ws.arrives) > 0 {
		t := ws.arrives[0]
		e := &w.cta.tk.ents[t-1]
		if !e.done || (len(ws.cpOut) > 0 && ws.cpOut[0] <= e.seq) {
			return nil
		}
		ws.arrives = ws.arrives[:copy(ws.arrives, ws.arrives[1:])]
		err := w.arriveNow(e)
		w.cta.release(e, t)
		if err != nil {
			return err
		}
	}
	return nil
}

// arriveNow is the arrive of a cp.async.mbarrier.arrive (at issue, or
// when the driver completes a ticket: then no Effect is being filled).
func (w *Warp) arriveNow(e *ticketEntry) error {
	c := w.cta
	c.async.changes++
	if w.eff != nil && c.tk.mode&AsyncTickets == 0 {
		w.eff.AsyncChanged = true
	}
	b := c.mbarrier(e.bar)
	_, done, err := b.Arrive(1)
	if err != nil {
		return w.laneFault(e.x, int(e.lane), "mbarrier at shared 0x%x: %v", e.bar, err)
	}
	if done {
		var by *Warp
		if c.tk.mode&AsyncTickets == 0 {
			by = w // completed inside w's Issue
		}
		c.mbarCompleted(e.bar, b, by)
	}
	return nil
}

// startTx starts the complete_tx of n bytes on the mbarrier at bar of d,
// for lane l of warp w's copy x.
func (w *Warp) startTx(x *xinst, l int, d *CTA, bar, n uint32) error {
	return w.start(ticketEntry{kind: TicketTx, warp: int32(w.id), x: x, lane: int8(l), t: d, bar: bar, bytes: n},
		AsyncOp{Kind: TicketTx, Warp: w.id, M: MbarRef{d, bar}, Bytes: n})
}

// startCpAsync starts warp w's cp.async x of n bytes in its open group.
func (w *Warp) startCpAsync(x *xinst, n int) error {
	ws := w.async()
	ws.cpSeq++
	ws.cpOut = append(ws.cpOut, ws.cpSeq)
	g := ws.cp.add()
	return w.start(ticketEntry{kind: TicketCpAsync, warp: int32(w.id), x: x, seq: ws.cpSeq, group: g},
		AsyncOp{Kind: TicketCpAsync, Warp: w.id, Bytes: uint32(n)})
}

// startCpArrive starts lane l's cp.async.mbarrier.arrive x on the
// mbarrier at a of warp w's CTA (without .noinc the handler raised the
// pending count already).
func (w *Warp) startCpArrive(x *xinst, l int, a uint32) error {
	ws := w.async()
	e := ticketEntry{kind: TicketCpArrive, warp: int32(w.id), x: x, lane: int8(l), bar: a, seq: ws.cpSeq}
	op := AsyncOp{Kind: TicketCpArrive, Warp: w.id, M: MbarRef{w.cta, a}}
	if w.cta.tk.mode&AsyncTickets == 0 {
		return w.start(e, op)
	}
	if err := w.start(e, op); err != nil {
		return err
	}
	ws.arrives = append(ws.arrives, w.lastTicket())
	return nil
}

// lastTicket is the ticket start just gave.
func (w *Warp) lastTicket() Ticket { return w.ops.Async[len(w.ops.Async)-1].Ticket }

// startBulk starts warp w's bulk-group operation x (a TMA store or
// reduction, a bulk copy out of shared memory).
func (w *Warp) startBulk(x *xinst, l int, n uint32) error {
	g := w.async().bulk.add()
	return w.start(ticketEntry{kind: TicketBulk, warp: int32(w.id), x: x, lane: int8(l), group: g},
		AsyncOp{Kind: TicketBulk, Warp: w.id, Bytes: n})
}
