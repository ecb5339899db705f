package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/sm90sim/sm90sim/sim/engine"
)

// TestBulkCommitMovesBranchHold: where tma_hold.go's taken-branch rule
// lets the warp go on (bulkIssued + BulkBranchCycles), by hand, with the
// H200 values (bulk_branch 80, commit 36): the loop of tmast_store_*_tput
// (SASS: UTMASTG at t, UTMACMDFLUSH at t+4, then the taken branch) waits
// until t+80+36; a commit after the branch already waited (a reduction's
// ELECT loop ends in a BRA before the flush, tmast_add_*_tput) holds the
// next taken branch 36 after the commit; no store at all, the same.
func TestBulkCommitMovesBranchHold(t *testing.T) {
	s := &SM{cfg: &Config{}}
	s.cfg.Hold.BulkBranchCycles = 80
	s.cfg.Async.TMABulkCommitCycles = 36
	hold := func(ws *warpState) engine.Cycle { return ws.bulkIssued + 80 }

	ws := &warpState{bulkIssued: 1000} // the store issued at 1000
	s.tmaBulkCommit(ws, 1004)
	assert.Equal(t, engine.Cycle(1000+80+36), hold(ws), "store then commit")

	ws = &warpState{} // the branch after the reduction consumed its hold
	s.tmaBulkCommit(ws, 2000)
	assert.Equal(t, engine.Cycle(2000+36), hold(ws), "commit after the hold")

	ws = &warpState{bulkIssued: 3000} // a commit long after the store
	s.tmaBulkCommit(ws, 3200)
	assert.Equal(t, engine.Cycle(3200+36), hold(ws), "commit after the store's hold passed")
}
