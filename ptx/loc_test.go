package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// .loc/.file as nvcc -lineinfo writes them (PTX ISA "Debugging
// Directives"): `.loc file line column`, optionally followed by
// `, function_name label, inlined_at file line column`; the `.file` table
// usually comes after the functions.
func TestLocDirectives(t *testing.T) {
	src := ".version 9.0\n.target sm_90a\n.address_size 64\n" +
		".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n" +
		"\tmov.u32 %r1, 1;\n" + // no .loc yet
		"\t.loc\t1 7 0\n\tmov.u32 %r2, 2;\n" +
		"\t.loc\t1 13 9, function_name $L__info_string0, inlined_at 1 20 3\n\tadd.s32 %r3, %r1, %r2;\n\tadd.s32 %r3, %r3, %r2;\n" +
		"\t.loc\t3 5 1\n\tret;\n}\n" +
		".visible .entry k2(.param .u64 p)\n{\n\tret;\n}\n" + // a new function starts without a .loc
		"\t.file\t1 \"/home/u/proj/kernel.cu\", 1700000000, 1234\n" +
		"\t.file\t2 \"/usr/local/cuda/include/sm_32_intrinsics.hpp\"\n"
	p := mustLoad(t, src)
	in := p.Funcs[0].Insts
	require.Len(t, in, 5)
	assert.False(t, in[0].Src.Valid())
	assert.Equal(t, "", in[0].Src.String())
	assert.Equal(t, SourceLoc{File: "/home/u/proj/kernel.cu", Line: 7, Col: 0}, in[1].Src)
	assert.Equal(t, SourceLoc{File: "/home/u/proj/kernel.cu", Line: 13, Col: 9}, in[2].Src, "the inlined callee's line, not inlined_at's")
	assert.Equal(t, in[2].Src, in[3].Src)
	assert.Equal(t, "/home/u/proj/kernel.cu:13", in[3].Src.String())
	assert.Equal(t, "kernel.cu:13", in[3].Src.Short())
	assert.Equal(t, SourceLoc{File: "file 3", Line: 5, Col: 1}, in[4].Src, "an undeclared file index is named by number")
	assert.False(t, p.Funcs[1].Insts[0].Src.Valid())
}

func TestLocDirectiveErrors(t *testing.T) {
	for _, tc := range []struct{ dir, want string }{
		{".loc 1 x 0", `^t.ptx:15:9: error: malformed .loc: expected an integer, found 'x'`},
		{".loc 1", `^t.ptx:15:2: error: malformed .loc: expected 3 integers`},
		{`.file 1 kernel.cu`, `^t.ptx:15:10: error: malformed .file: expected a file name string, found 'kernel.cu'`},
		{`.file 1`, `^t.ptx:15:2: error: malformed .file: expected a file name string`},
	} {
		_, err := Load("t.ptx", []byte(kernel("", "\t"+tc.dir+"\n\tret;")))
		require.Error(t, err, tc.dir)
		assert.Regexp(t, tc.want, err.Error(), tc.dir)
	}
}
