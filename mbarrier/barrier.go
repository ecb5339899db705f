package mbarrier

import "fmt"

// MaxCount is the largest expected or pending arrival count, and the largest
// tx-count magnitude, on sm_90 (2^20 - 1).
const MaxCount = 1<<20 - 1

// Barrier is one mbarrier object. The zero value is an uninitialized
// barrier.
type Barrier struct {
	valid    bool
	phase    uint64 // completed phases so far (the current phase's number)
	expected uint32 // arrivals each phase needs
	pending  uint32 // arrivals the current phase still needs
	tx       int64  // tx-count (signed)
}

// State is a snapshot of a barrier for reports and tests.
type State struct {
	Valid    bool
	Phase    uint64 // the current (incomplete) phase number
	Expected uint32
	Pending  uint32
	Tx       int64
}

// State returns a snapshot.
func (b *Barrier) State() State {
	return State{Valid: b.valid, Phase: b.phase, Expected: b.expected, Pending: b.pending, Tx: b.tx}
}

// Valid reports whether the barrier is initialized.
func (b *Barrier) Valid() bool { return b.valid }

// Phase is the current phase number (0 after init).
func (b *Barrier) Phase() uint64 { return b.phase }

func (s State) String() string {
	return fmt.Sprintf("phase %d (pending arrivals %d of %d, tx-count %d)", s.Phase, s.Pending, s.Expected, s.Tx)
}

// Init is mbarrier.init: phase 0, expected = pending = count, tx-count 0.
// count must be 1..MaxCount; an initialized barrier needs Inval first.
func (b *Barrier) Init(count uint32) error {
	if b.valid {
		return fmt.Errorf("mbarrier.init on an initialized mbarrier (%s): re-initializing needs mbarrier.inval first", b.State())
	}
	if count < 1 || count > MaxCount {
		return fmt.Errorf("mbarrier.init count %d is out of range [1, %d]", count, MaxCount)
	}
	*b = Barrier{valid: true, expected: count, pending: count}
	return nil
}

// Inval is mbarrier.inval: the object becomes uninitialized.
func (b *Barrier) Inval() error {
	if err := b.check("mbarrier.inval"); err != nil {
		return err
	}
	*b = Barrier{}
	return nil
}

func (b *Barrier) check(op string) error {
	if !b.valid {
		return fmt.Errorf("%s on an uninitialized mbarrier (use before mbarrier.init, or after mbarrier.inval)", op)
	}
	return nil
}

// Arrive is mbarrier.arrive with a count (1..MaxCount): pending -= count,
// then the phase rule. It returns the state token (the phase and pending
// count before the arrive) and whether this arrive completed the phase.
func (b *Barrier) Arrive(count uint32) (Token, bool, error) {
	if err := b.check("mbarrier.arrive"); err != nil {
		return 0, false, err
	}
	if count < 1 || count > MaxCount {
		return 0, false, fmt.Errorf("mbarrier.arrive count %d is out of range [1, %d]", count, MaxCount)
	}
	if count > b.pending {
		return 0, false, fmt.Errorf("mbarrier.arrive with count %d but only %d arrivals are pending in %s", count, b.pending, b.State())
	}
	tok := makeToken(b.phase, b.pending)
	b.pending -= count
	return tok, b.complete(), nil
}

// ArriveDrop is mbarrier.arrive_drop: expected -= count for this and every
// later phase, then an arrive with count.
func (b *Barrier) ArriveDrop(count uint32) (Token, bool, error) {
	if err := b.check("mbarrier.arrive_drop"); err != nil {
		return 0, false, err
	}
	if count < 1 || count > MaxCount {
		return 0, false, fmt.Errorf("mbarrier.arrive_drop count %d is out of range [1, %d]", count, MaxCount)
	}
	if count > b.pending {
		return 0, false, fmt.Errorf("mbarrier.arrive_drop with count %d but only %d arrivals are pending in %s", count, b.pending, b.State())
	}
	if count >= b.expected {
		return 0, false, fmt.Errorf("mbarrier.arrive_drop with count %d would leave the expected arrival count of %d at zero", count, b.expected)
	}
	b.expected -= count
	tok := makeToken(b.phase, b.pending)
	b.pending -= count
	return tok, b.complete(), nil
}

// IncPending raises the current phase's pending arrival count by one:
// cp.async.mbarrier.arrive without .noinc at issue (its arrive comes when
// the thread's earlier cp.async copies complete, so the pair leaves the
// count as it was).
func (b *Barrier) IncPending() error {
	if err := b.check("cp.async.mbarrier.arrive"); err != nil {
		return err
	}
	if b.pending >= MaxCount {
		return fmt.Errorf("cp.async.mbarrier.arrive raises the pending count past %d in %s", MaxCount, b.State())
	}
	b.pending++
	return nil
}

// ExpectTx is mbarrier.expect_tx: tx-count += tx (no arrive).
func (b *Barrier) ExpectTx(tx uint32) error {
	if err := b.check("mbarrier.expect_tx"); err != nil {
		return err
	}
	return b.addTx(int64(tx), "expect_tx")
}

// ArriveExpectTx is mbarrier.arrive.expect_tx: tx-count += tx, then an
// arrive with count.
func (b *Barrier) ArriveExpectTx(tx, count uint32) (Token, bool, error) {
	if err := b.check("mbarrier.arrive.expect_tx"); err != nil {
		return 0, false, err
	}
	if count < 1 || count > b.pending {
		return 0, false, fmt.Errorf("mbarrier.arrive.expect_tx with count %d but only %d arrivals are pending in %s", count, b.pending, b.State())
	}
	if err := b.addTx(int64(tx), "arrive.expect_tx"); err != nil {
		return 0, false, err
	}
	return b.Arrive(count)
}

// CompleteTx is mbarrier.complete_tx (and the completion of an async copy
// tracked by the barrier): tx-count -= tx, then the phase rule.
func (b *Barrier) CompleteTx(tx uint32) (bool, error) {
	if err := b.check("complete_tx"); err != nil {
		return false, err
	}
	if err := b.addTx(-int64(tx), "complete_tx"); err != nil {
		return false, err
	}
	return b.complete(), nil
}

func (b *Barrier) addTx(d int64, op string) error {
	n := b.tx + d
	if n > MaxCount || n < -MaxCount {
		return fmt.Errorf("%s of %d bytes takes the tx-count from %d to %d, out of range [%d, %d]", op, abs(d), b.tx, n, -MaxCount, MaxCount)
	}
	b.tx = n
	return nil
}

// complete applies the phase rule: the phase completes when pending
// arrivals and tx-count are both zero.
func (b *Barrier) complete() bool {
	if b.pending != 0 || b.tx != 0 {
		return false
	}
	b.phase++
	b.pending = b.expected
	return true
}

// TestWait is test_wait/try_wait with a token: whether the phase the token
// was taken in has completed. A token from a future phase is an error.
func (b *Barrier) TestWait(t Token) (bool, error) {
	if err := b.check("mbarrier.test_wait"); err != nil {
		return false, err
	}
	ph := t.phase(b.phase)
	if ph > b.phase {
		return false, fmt.Errorf("mbarrier wait with a token of phase %d, but the barrier is in phase %d", ph, b.phase)
	}
	return ph < b.phase, nil
}

// TestWaitParity is test_wait/try_wait.parity: true when the current phase's
// parity differs from parity (the phase of that parity just completed).
func (b *Barrier) TestWaitParity(parity uint32) (bool, error) {
	if err := b.check("mbarrier.test_wait.parity"); err != nil {
		return false, err
	}
	return b.phase&1 != uint64(parity&1), nil
}

func abs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}
