package ptx

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// kernel wraps body in a minimal module with one kernel taking two pointers.
func kernel(decls, body string) string {
	return ".version 9.0\n.target sm_90a\n.address_size 64\n" + decls +
		"\n.visible .entry k(\n\t.param .u64 k_param_0,\n\t.param .u32 k_param_1\n)\n{\n" +
		"\t.reg .pred %p<4>;\n\t.reg .b16 %rs<4>;\n\t.reg .b32 %r<16>;\n\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<8>;\n" +
		body + "\n}\n"
}

// mustLoad loads src and fails the test on any error.
func mustLoad(t *testing.T, src string) *Program {
	t.Helper()
	p, err := Load("t.ptx", []byte(src))
	require.NoError(t, err)
	require.NotNil(t, p)
	return p
}

// firstInst loads body inside the standard kernel and returns its first
// instruction.
func firstInst(t *testing.T, body string) (*Program, Inst) {
	t.Helper()
	p := mustLoad(t, kernel("", body))
	f := p.Funcs[len(p.Funcs)-1]
	require.NotEmpty(t, f.Insts)
	return p, f.Insts[0]
}

// regIndex finds a register by name in function f.
func regIndex(t *testing.T, f *Function, name string) int32 {
	t.Helper()
	for i, r := range f.Regs {
		if r.Name == name {
			return int32(i)
		}
	}
	t.Fatalf("no register %s", name)
	return -1
}
