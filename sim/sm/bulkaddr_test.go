package sm

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestBulkAddr: in bulkClockPTX (bulkclock_test.go) the loop's
// `and; cvt.u64.u32; add.s64` forms its first store's address: the cvt is
// a UMOV of zero (bulkAddrWiden), the add one UIADD3.64 (bulkAddrAdd); so
// is the straight line's `add.s64 %rd3, %rd2, 1024` read by the store of
// its block. The loop's second store reads %rd3 from another block: its
// add is not marked there. Nothing else is (by hand from the rule).
func TestBulkAddr(t *testing.T) {
	prog, k, l := lowered(t, bulkClockPTX)
	var widen, add []int32
	for _, info := range k.Infos() {
		if l.bulkAddrWiden(info) {
			widen = append(widen, info.PC)
		}
		if l.bulkAddrAdd(info) {
			add = append(add, info.PC)
		}
	}
	// PCs in the body: 3 add.s64 %rd3, 12 and.b32, 13 cvt.u64.u32, 14 add.s64 %rd14
	assert.Equal(t, []int32{13}, widen)
	assert.Equal(t, []int32{3, 14}, add)
	insts := prog.Funcs[k.Infos()[0].Func].Insts
	assert.Equal(t, "cvt.u64.u32", strings.Fields(insts[13].Text)[0])
	assert.Equal(t, "add.s64", strings.Fields(insts[14].Text)[0])
	assert.Equal(t, "add.s64", strings.Fields(insts[3].Text)[0])
}
