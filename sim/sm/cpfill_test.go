package sm

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Hand-derived mean-value analysis, S = 10. One copy in flight (the copy
// itself) waits nothing. Two (Z = 100): R(1) = 10, Q(1) = 10/110 =
// 0.0909, R(2) = 10 * 1.0909 = 10.909: it waits 0.909, rounded to 1. A
// copy issued after the earlier ones completed is alone again. Three
// (Z = 98): Q(1) = 10/108 = 0.0926, R(2) = 10.926, Q(2) = 2 * 10.926 /
// 108.926 = 0.2006, R(3) = 12.006: it waits 2.006, rounded to 2.
func TestCpFillMeanValueWait(t *testing.T) {
	var l cpFillLoad
	assert.EqualValues(t, 100, l.done(0, 100, 10, 100))
	assert.EqualValues(t, 106, l.done(5, 105, 10, 100))
	assert.EqualValues(t, 300, l.done(200, 300, 10, 100), "the first two completed: alone again")
	assert.EqualValues(t, 301, l.done(201, 300, 10, 100), "Z 99: R(2) = 10.917")
	assert.EqualValues(t, 302, l.done(202, 300, 10, 100))
}
