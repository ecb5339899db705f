package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A request stamped before the latest one booked waits for the backlog as
// it stands then, not for the gap up to that stamp (hand-derived).
func TestBudgetBacklogOutOfOrder(t *testing.T) {
	var b budget
	assert.Equal(t, 100.0, b.take(100, 10), "idle: starts at once")
	assert.Equal(t, 500.0, b.take(500, 10), "a request far ahead")
	// the old cursor (next free cycle 510) made this one wait 460 cycles
	assert.Equal(t, 50.0, b.take(40, 10), "earlier than the last: no backlog left at 500 but its own 10")
	assert.Equal(t, 520.0, b.free)
	assert.Equal(t, 505.0+15, b.take(505, 5), "behind the backlog: 520")
	assert.Equal(t, 1000.0, b.take(1000, 1), "idle again")
}
