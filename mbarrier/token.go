package mbarrier

// Token is the opaque 64-bit state an arrive returns. The simulator's
// encoding: bits 0-19 the pending arrival count before the arrive, bits
// 32-63 the low 32 bits of the phase number the arrive happened in.
type Token uint64

func makeToken(phase uint64, pending uint32) Token {
	return Token(phase<<32 | uint64(pending&MaxCount))
}

// PendingCount is mbarrier.pending_count: the pending arrival count recorded
// in the token (before the arrive that produced it).
func (t Token) PendingCount() uint32 { return uint32(t) & MaxCount }

// phase reconstructs the full phase number nearest at or below cur from the
// 32 bits in the token.
func (t Token) phase(cur uint64) uint64 {
	lo := uint64(t >> 32)
	p := cur&^0xffffffff | lo
	if p > cur && p >= 1<<32 {
		p -= 1 << 32
	}
	return p
}
