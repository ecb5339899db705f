package exec

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

// compileSlots compiles src's entry and returns its function and a lookup
// of a register's slot by name.
func compileSlots(t *testing.T, src string) (*xfunc, func(name string) int32) {
	t.Helper()
	p, err := ptx.Load("slots.ptx", []byte(".version 9.0\n.target sm_90a\n.address_size 64\n"+src))
	require.NoError(t, err)
	k, err := Compile(p, p.EntryNames()[0], DefaultLayout())
	require.NoError(t, err)
	xf := k.funcs[0]
	byName := map[string]int32{}
	for i, r := range xf.fn.Regs {
		byName[r.Name] = int32(i)
	}
	return xf, func(name string) int32 {
		r, ok := byName[name]
		require.True(t, ok, name)
		for i := range xf.insts {
			for _, o := range xf.insts[i].in.Ops {
				if o.Kind == ptx.OpdReg && o.Reg == r {
					return xf.insts[i].ops[indexOfOp(xf.insts[i].in, o)].reg
				}
			}
		}
		t.Fatalf("%s is not an operand", name)
		return -1
	}
}

func indexOfOp(in *ptx.Inst, o ptx.Operand) int {
	for j := range in.Ops {
		if in.Ops[j].Kind == o.Kind && in.Ops[j].Reg == o.Reg {
			return j
		}
	}
	return -1
}

// A dependent chain: each value dies where the next is made, and the next
// instruction depends on it, so no permutation can overlap them: one slot
// for the three 32-bit values. The 64-bit address is another width: a slot
// of its own.
func TestSlotsShareDeadValues(t *testing.T) {
	xf, slot := compileSlots(t, `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<4>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	add.u32 %r2, %r1, 1;
	add.u32 %r3, %r2, 2;
	st.global.u32 [%rd1], %r3;
	ret;
}`)
	assert.Equal(t, slot("%r1"), slot("%r2"))
	assert.Equal(t, slot("%r2"), slot("%r3"))
	assert.NotEqual(t, slot("%r1"), slot("%rd1"))
	assert.Equal(t, 2, xf.nslots)
}

// %r1 dies at the first store and %r2 is made after it, but nothing makes
// the mov wait for the store (no register dependence): ptxas's order
// (issueorder.go) may run the mov first, so they must not share. Nor may
// %r3 and %r4: the add reads %r3 like the store before it does, and two
// reads do not order each other, so the add may run first.
func TestSlotsKeepReorderableValuesApart(t *testing.T) {
	_, slot := compileSlots(t, `
.visible .entry k(.param .u64 out)
{
	.reg .b32 %r<5>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	st.global.u32 [%rd1], %r1;
	mov.u32 %r2, %ctaid.x;
	st.global.u32 [%rd1+4], %r2;
	mov.u32 %r3, %ntid.x;
	st.global.u32 [%rd1+8], %r3;
	add.u32 %r4, %r3, 1;
	st.global.u32 [%rd1+12], %r4;
	ret;
}`)
	assert.NotEqual(t, slot("%r1"), slot("%r2"))
	assert.NotEqual(t, slot("%r3"), slot("%r4"))
}

// Registers a shfl reads or writes are read on other lanes, whose paths the
// per-lane argument does not cover: each keeps a slot of its own (%r7,
// which dies in the shfl, would otherwise be %r5's slot). A guarded
// write does not end a value's life: %r2 lives from its first (unguarded)
// write through the guarded one to the store, so %r3, made in between,
// stays apart.
func TestSlotsPrivateAndGuarded(t *testing.T) {
	xf, slot := compileSlots(t, `
.visible .entry k(.param .u64 out)
{
	.reg .pred %p<2>;
	.reg .b32 %r<8>;
	.reg .b64 %rd<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 0;
	mov.u32 %r2, 7;
	mov.u32 %r3, %ctaid.x;
	@%p1 add.u32 %r2, %r3, 1;
	st.global.u32 [%rd1], %r2;
	add.u32 %r7, %r1, 1;
	shfl.sync.idx.b32 %r5, %r7, 0, 31, -1;
	add.u32 %r6, %r5, 1;
	st.global.u32 [%rd1+4], %r6;
	ret;
}`)
	assert.NotEqual(t, slot("%r2"), slot("%r3"))
	// %r7 dies in the shfl that makes %r5 (in place, were it not for the
	// other lanes: a lane's write would land before another lane's read)
	for _, r := range []string{"%r1", "%r2", "%r3", "%r6", "%r7"} {
		assert.NotEqual(t, slot("%r5"), slot(r), r)
	}
	assert.Less(t, xf.nslots, xf.nregs)
}
