package launch

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
)

func addrs(name string) uint64 {
	return map[string]uint64{"in": 0x7f0000001000, "out": 0x7f0000100000}[name]
}

func TestPackParams(t *testing.T) {
	s, err := Parse("k.yaml", []byte(`grid: [1]
block: [1]
buffers:
  in: {dtype: u8, shape: [64]}
  out: {dtype: u32, shape: [16]}
params:
  - {u32: 4096}
  - {buffer: in}
  - {u8: 9}
  - {bytes: 16, hex: "00112233445566778899aabbccddeeff"}
  - {buffer: out, offset: 16}
`))
	require.NoError(t, err)
	// .entry k(.param .u32 n, .param .u64 in, .param .u8 c,
	//          .param .align 8 .b8 st[16], .param .u64 out)
	params := []ptx.Param{
		{Name: "n", Type: ptx.U32, Align: 4, Size: 4, Offset: 0},
		{Name: "in", Type: ptx.U64, Align: 8, Size: 8, Offset: 8},
		{Name: "c", Type: ptx.U8, Align: 1, Size: 1, Offset: 16},
		{Name: "st", Type: ptx.B8, Align: 8, Size: 16, Offset: 24, Dims: []int{16}},
		{Name: "out", Type: ptx.U64, Align: 8, Size: 8, Offset: 40},
	}
	got, err := s.PackParams(params, addrs)
	require.NoError(t, err)
	want := []byte{
		0x00, 0x10, 0, 0, 0, 0, 0, 0, // n, padding
		0x00, 0x10, 0, 0, 0, 0x7f, 0, 0, // in
		9, 0, 0, 0, 0, 0, 0, 0, // c, padding
		0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff,
		0x10, 0x00, 0x10, 0, 0, 0x7f, 0, 0, // out + 16
	}
	assert.Equal(t, want, got)

	empty, err := (&Spec{}).PackParams(nil, addrs)
	require.NoError(t, err)
	assert.Empty(t, empty)
}

func TestPackParamsErrors(t *testing.T) {
	s, err := Parse("k.yaml", []byte(`grid: [1]
block: [1]
buffers:
  in: {dtype: u8, shape: [64]}
params:
  - {buffer: in}
  - {u32: 1}
`))
	require.NoError(t, err)
	p := func(name string, typ ptx.Type, off int, line int) ptx.Param {
		return ptx.Param{Name: name, Type: typ, Align: typ.Size(), Size: typ.Size(), Offset: off,
			Pos: ptx.Pos{File: "k.ptx", Line: line, Col: 2}}
	}
	tests := []struct {
		name   string
		params []ptx.Param
		want   string
	}{
		{"too few in spec", []ptx.Param{p("a", ptx.U64, 0, 3), p("n", ptx.U32, 8, 4), p("m", ptx.U32, 12, 5)},
			"k.yaml:5:1: error: the kernel has 3 parameters, params gives 2; missing: .param .u32 m (k.ptx:5:2)"},
		{"too many in spec", []ptx.Param{p("a", ptx.U64, 0, 3)},
			"k.yaml:7:5: error: param 1: the kernel has only 1 parameters"},
		{"size mismatch scalar", []ptx.Param{p("a", ptx.U64, 0, 3), p("n", ptx.U64, 8, 4)},
			"k.yaml:7:5: error: param 1: the spec gives u32, 4 bytes; .param .u64 n (k.ptx:4:2) is 8 bytes"},
		{"size mismatch buffer", []ptx.Param{p("a", ptx.U32, 0, 3), p("n", ptx.U32, 4, 4)},
			"k.yaml:6:5: error: param 0: the spec gives buffer in (8-byte address), 8 bytes; .param .u32 a (k.ptx:3:2) is 4 bytes"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.PackParams(tc.params, addrs)
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestResolveKernel(t *testing.T) {
	named, err := Parse("k.yaml", []byte("kernel: b\ngrid: [1]\nblock: [1]\n"))
	require.NoError(t, err)
	plain, err := Parse("k.yaml", []byte("grid: [1]\nblock: [1]\n"))
	require.NoError(t, err)
	tests := []struct {
		name     string
		s        *Spec
		entries  []string
		override string
		want     string
		err      string
	}{
		{"spec names it", named, []string{"a", "b"}, "", "b", ""},
		{"override wins", named, []string{"a", "b"}, "a", "a", ""},
		{"override unknown", named, []string{"a", "b"}, "c", "", `--kernel c: no .entry matches "c" (entries: a, b)`},
		{"override regex", named, []string{"scale_a", "scale_b"}, "_b$", "scale_b", ""},
		{"override ambiguous", named, []string{"scale_a", "scale_b"}, "scale", "", `--kernel scale: "scale" matches 2 entries (scale_a, scale_b); make it match one`},
		{"override demangled", named, []string{"_Z3fooPi", "_Z3barPi"}, "bar(int*)", "_Z3barPi", ""},
		{"entries demangled", named, []string{"_Z3fooPi", "_Z3barPi"}, "", "", `k.yaml:1:9: error: kernel "b": the PTX has no .entry of that name (entries: foo, bar)`},
		{"spec unknown", named, []string{"a", "c"}, "", "", `k.yaml:1:9: error: kernel "b": the PTX has no .entry of that name (entries: a, c)`},
		{"only entry", plain, []string{"x"}, "", "x", ""},
		{"ambiguous", plain, []string{"x", "y"}, "", "", "k.yaml:1:1: error: the PTX has 2 entries (x, y); name one with kernel: or --kernel"},
		{"none", plain, nil, "", "", "k.yaml:1:1: error: the PTX has no .entry to launch"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.s.ResolveKernel(tc.entries, tc.override)
			if tc.err != "" {
				assert.EqualError(t, err, tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}
