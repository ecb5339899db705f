package gpu

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The L1 beside a kernel's shared-memory carveout, derived by hand from
// the carveout sizes of compute capability 9.0 (0, 8, 16, 32, 64, 100,
// 132, 164, 196, 228 KiB) and the 256 KiB an SM has for both.
func TestL1BytesBesideCarveout(t *testing.T) {
	const full = 235520 // fitted without shared memory (gmem_chase_256k)
	for _, c := range []struct {
		name                       string
		perCTA, ctas, declared, l1 int
	}{
		{"no shared memory: the fitted L1", 1024, 16, 0, full},
		{"cpasync: 3 CTAs of 64+1 KiB = 195 KiB -> 196, 60 KiB left", 66560, 3, 65536, 60 << 10},
		{"8 CTAs of 16+1 KiB = 136 KiB -> 164, 92 KiB left", 17408, 8, 16384, 92 << 10},
		{"2 CTAs of 100+1 KiB = 202 KiB -> 228, 28 KiB left", 103424, 2, 102400, 28 << 10},
		{"1 CTA of 4+1 KiB -> 8, 248 KiB left: the fitted L1 is less", 5120, 1, 4096, full},
	} {
		assert.Equal(t, c.l1, l1BytesFor(full, c.perCTA, c.ctas, c.declared), c.name)
	}
}
