package exec

import (
	"fmt"
	"sort"
)

// Where names the buffers around a faulting global access of n bytes at
// addr, for the fault message: "at `out`+4096 (buffer `out` is 4096 bytes)",
// "..., between buffers `out` and `w`", or "in no buffer".
func (g *GlobalMem) Where(addr uint64, n int) string {
	i := sort.Search(len(g.segs), func(i int) bool { return g.segs[i].Base > addr }) - 1
	if i < 0 {
		if len(g.segs) > 0 {
			s := g.segs[0]
			return fmt.Sprintf("in no buffer (%d bytes before buffer `%s`)", s.Base-addr, s.Name)
		}
		return "in no buffer"
	}
	s := g.segs[i]
	off := addr - s.Base
	size := uint64(len(s.Data))
	at := fmt.Sprintf("at `%s`+%d (buffer `%s` is %d bytes", s.Name, off, s.Name, size)
	switch {
	case off < size:
		return at + fmt.Sprintf("; the access ends %d bytes past it)", off+uint64(n)-size)
	case i+1 < len(g.segs):
		return at + fmt.Sprintf("), between buffers `%s` and `%s`", s.Name, g.segs[i+1].Name)
	}
	return at + "), past the last buffer"
}
