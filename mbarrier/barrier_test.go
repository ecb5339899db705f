package mbarrier

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPhaseRule walks ptx-facts §4.3 step by step: a phase completes only
// when pending arrivals and tx-count are both zero.
func TestPhaseRule(t *testing.T) {
	var b Barrier
	require.NoError(t, b.Init(2))
	assert.Equal(t, State{Valid: true, Phase: 0, Expected: 2, Pending: 2}, b.State())

	tok, done, err := b.ArriveExpectTx(1024, 1) // tx 1024, pending 1
	require.NoError(t, err)
	assert.False(t, done)
	assert.Equal(t, uint32(2), tok.PendingCount())
	assert.Equal(t, State{Valid: true, Expected: 2, Pending: 1, Tx: 1024}, b.State())

	done, err = b.CompleteTx(512)
	require.NoError(t, err)
	assert.False(t, done)

	_, done, err = b.Arrive(1) // pending 0 but tx 512
	require.NoError(t, err)
	assert.False(t, done)
	ok, err := b.TestWait(tok)
	require.NoError(t, err)
	assert.False(t, ok)
	ok, _ = b.TestWaitParity(0)
	assert.False(t, ok, "current phase 0 is incomplete")

	done, err = b.CompleteTx(512)
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, State{Valid: true, Phase: 1, Expected: 2, Pending: 2}, b.State())
	ok, _ = b.TestWait(tok)
	assert.True(t, ok)
	ok, _ = b.TestWaitParity(0)
	assert.True(t, ok, "phase 0 (even) just completed")
	ok, _ = b.TestWaitParity(1)
	assert.False(t, ok, "phase 1 is current")
}

// A complete_tx may come before its expect_tx (negative tx-count).
func TestNegativeTx(t *testing.T) {
	var b Barrier
	require.NoError(t, b.Init(1))
	done, err := b.CompleteTx(256)
	require.NoError(t, err)
	assert.False(t, done)
	assert.Equal(t, int64(-256), b.State().Tx)
	_, done, err = b.ArriveExpectTx(256, 1)
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, uint64(1), b.Phase())
}

func TestArriveDrop(t *testing.T) {
	var b Barrier
	require.NoError(t, b.Init(3))
	_, done, err := b.ArriveDrop(1)
	require.NoError(t, err)
	assert.False(t, done)
	_, _, _ = b.Arrive(1)
	_, done, _ = b.Arrive(1)
	assert.True(t, done)
	assert.Equal(t, State{Valid: true, Phase: 1, Expected: 2, Pending: 2}, b.State())
}

func TestErrors(t *testing.T) {
	var b Barrier
	_, _, err := b.Arrive(1)
	assert.ErrorContains(t, err, "uninitialized")
	_, err = b.TestWaitParity(0)
	assert.ErrorContains(t, err, "uninitialized")
	assert.ErrorContains(t, b.Init(0), "out of range")
	assert.ErrorContains(t, b.Init(MaxCount+1), "out of range")
	require.NoError(t, b.Init(1))
	assert.ErrorContains(t, b.Init(1), "inval")
	_, _, err = b.Arrive(2)
	assert.ErrorContains(t, err, "only 1 arrivals are pending")
	assert.ErrorContains(t, b.ExpectTx(MaxCount+1), "tx-count")
	require.NoError(t, b.ExpectTx(MaxCount))
	assert.ErrorContains(t, b.ExpectTx(1), "out of range")
	require.NoError(t, b.Inval())
	require.NoError(t, b.Init(4))
	_, err = b.TestWait(makeToken(3, 0))
	assert.ErrorContains(t, err, "token of phase 3")
}

func TestTokenPhaseWrap(t *testing.T) {
	tok := makeToken(1<<32+5, 7)
	assert.Equal(t, uint64(1<<32+5), tok.phase(1<<32+9))
	assert.Equal(t, uint64(0xffffffff), Token(uint64(0xffffffff)<<32).phase(1<<32+5))
}
