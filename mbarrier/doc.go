// Package mbarrier is the mbarrier state machine of the Hopper PTX ISA
// (ptx-facts.md §4): init, arrive (with a count, returning a state token),
// arrive_drop, expect_tx, complete_tx, test_wait/try_wait by token or by
// parity, pending_count and inval, with the sm_90 count limits.
//
// It is pure: a Barrier is a value the caller keeps wherever it likes (the
// executor keeps one per shared address in a side table; the 8-byte object
// in shared memory stays opaque). Misuse the PTX ISA calls undefined is an
// error naming the rule (use before init, re-init without inval, counts out
// of range, arriving more times than pending).
//
// It imports nothing from the project.
package mbarrier
