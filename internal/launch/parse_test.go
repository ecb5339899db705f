package launch

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const exampleSpec = `kernel: int_mix
grid: [16, 1, 1]
block: [256, 1, 1]
cluster: [2, 1, 1]
non_portable_cluster: false
shared_bytes: 1024
seed: 18446744073709551615
buffers:
  in:  {file: in.npy}
  out: {dtype: u32, shape: [65536]}
  w:   {dtype: f16, shape: [64, 64], init: uniform, low: -1, high: 1}
  idx: {dtype: s32, shape: [100], init: iota}
params:
  - {buffer: in}
  - {buffer: out, offset: 16}
  - {u32: 4096}
  - {bytes: 16, hex: "00ff0000000000000000000000000000"}
  - {f16: 1.0}
  - {bf16: "-inf"}
  - {f32: "0x7f800001"}
  - {s8: -128}
  - {f64: .nan}
  - {u64: 18446744073709551615}
outputs: [out]
compare:
  out: {max_ulp: 0, ignore: [4, 5]}
`

func TestParseExample(t *testing.T) {
	s, err := Parse("dir/launch.yaml", []byte(exampleSpec))
	require.NoError(t, err)
	assert.Equal(t, "int_mix", s.Kernel)
	assert.Equal(t, [3]int{16, 1, 1}, s.Grid)
	assert.Equal(t, [3]int{256, 1, 1}, s.Block)
	assert.Equal(t, [3]int{2, 1, 1}, s.Cluster)
	assert.True(t, s.ClusterGiven)
	assert.Equal(t, 1024, s.SharedBytes)
	assert.Equal(t, uint64(math.MaxUint64), s.Seed)
	require.Len(t, s.Buffers, 4)
	assert.Equal(t, BufferSpec{Name: "in", File: "in.npy", FilePath: filepath.Join("dir", "in.npy"),
		Pos: Pos{"dir/launch.yaml", 9, 3}, filePos: Pos{"dir/launch.yaml", 9, 15}}, s.Buffers[0])
	w := s.Buffers[2]
	assert.Equal(t, F16, w.DType)
	assert.Equal(t, []int{64, 64}, w.Shape)
	assert.Equal(t, InitUniform, w.Init)
	assert.Equal(t, -1.0, w.Low)
	assert.Equal(t, 1.0, w.High)
	assert.Equal(t, InitIota, s.Buffers[3].Init)

	require.Len(t, s.Params, 10)
	assert.Equal(t, ParamSpec{Kind: ParamBuffer, Buffer: "out", Offset: 16, Pos: Pos{"dir/launch.yaml", 15, 5}}, s.Params[1])
	raw := func(i int) []byte { return s.Params[i].Bytes }
	assert.Equal(t, []byte{0x00, 0x10, 0, 0}, raw(2))
	assert.Equal(t, append([]byte{0, 0xff}, make([]byte, 14)...), raw(3))
	assert.Equal(t, []byte{0x00, 0x3c}, raw(4))
	assert.Equal(t, []byte{0x80, 0xff}, raw(5))
	assert.Equal(t, []byte{0x01, 0, 0x80, 0x7f}, raw(6))
	assert.Equal(t, []byte{0x80}, raw(7))
	assert.Equal(t, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x7f}, raw(8))
	assert.Equal(t, []byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff}, raw(9))
	assert.Equal(t, []string{"out"}, s.Outputs)
	assert.Equal(t, []int{4, 5}, s.CompareFor("out").Ignore)
	assert.Equal(t, CompareRule{}, s.CompareFor("nothing"))
}

func TestParseDefaults(t *testing.T) {
	s, err := Parse("x.yaml", []byte("grid: [3]\nblock: [32, 2]\nbuffers:\n  a: {dtype: e5m2, shape: []}\n"))
	require.NoError(t, err)
	assert.Equal(t, [3]int{3, 1, 1}, s.Grid)
	assert.Equal(t, [3]int{32, 2, 1}, s.Block)
	assert.Equal(t, [3]int{1, 1, 1}, s.Cluster)
	assert.False(t, s.ClusterGiven)
	assert.Equal(t, uint64(0), s.Seed)
	assert.Equal(t, "", s.Kernel)
	assert.Equal(t, []int{}, s.Buffers[0].Shape)
	assert.Equal(t, 1, s.Buffers[0].Bytes())
	assert.Empty(t, s.Params)
}

func TestScalarLiterals(t *testing.T) {
	tests := []struct {
		lit  string
		want []byte
	}{
		{"{u8: 255}", []byte{0xff}},
		{"{u16: 0x1234}", []byte{0x34, 0x12}},
		{`{u16: "0xffff"}`, []byte{0xff, 0xff}},
		{"{s16: -2}", []byte{0xfe, 0xff}},
		{"{s64: -9223372036854775808}", []byte{0, 0, 0, 0, 0, 0, 0, 0x80}},
		{"{f32: 1}", []byte{0, 0, 0x80, 0x3f}},
		{"{f32: 0.1}", []byte{0xcd, 0xcc, 0xcc, 0x3d}},
		{"{f32: -.inf}", []byte{0, 0, 0x80, 0xff}},
		{`{f32: "nan"}`, []byte{0, 0, 0xc0, 0x7f}},
		{`{f16: "+inf"}`, []byte{0, 0x7c}},
		{"{f16: 65520}", []byte{0, 0x7c}},
		{"{bf16: 1.5}", []byte{0xc0, 0x3f}},
		{"{f64: -0.0}", []byte{0, 0, 0, 0, 0, 0, 0, 0x80}},
	}
	for _, tc := range tests {
		t.Run(tc.lit, func(t *testing.T) {
			s, err := Parse("p.yaml", []byte("grid: [1]\nblock: [1]\nparams:\n  - "+tc.lit+"\n"))
			require.NoError(t, err)
			assert.Equal(t, tc.want, s.Params[0].Bytes)
		})
	}
}

func TestLoad(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "launch.yaml")
	require.NoError(t, os.WriteFile(path, []byte("grid: [1]\nblock: [1]\nbuffers:\n  a: {file: sub/a.npy}\n"), 0o644))
	s, err := Load(path)
	require.NoError(t, err)
	assert.Equal(t, path, s.Path)
	assert.Equal(t, filepath.Join(dir, "sub", "a.npy"), s.Buffers[0].FilePath)

	_, err = Load(filepath.Join(dir, "missing.yaml"))
	assert.EqualError(t, err, filepath.Join(dir, "missing.yaml")+":1:1: error: cannot read launch spec: no such file or directory")
}

// TestParseErrors checks each validation error and its exact position.
func TestParseErrors(t *testing.T) {
	const head = "grid: [4]\nblock: [32]\n" // lines 1-2
	tests := []struct {
		name, src, want string
	}{
		{"empty", "", "1:1: error: the launch spec is empty"},
		{"yaml syntax", "grid: [1\nblock: [1]\n", "1:1: error: invalid YAML: did not find expected ',' or ']'"},
		{"not a mapping", "- 1\n", "1:1: error: the launch spec: expected a mapping, got a list"},
		{"two documents", head + "---\ngrid: [1]\n", "3:1: error: a launch spec holds one YAML document; found another"},
		{"unknown top key", head + "textures: {}\n", `3:1: error: unknown key "textures" in the launch spec (want one of: kernel, grid, block, cluster, non_portable_cluster, shared_bytes, seed, buffers, tensormaps, params, outputs, compare, registers)`},
		{"duplicate key", head + "grid: [2]\n", `3:1: error: duplicate key "grid" in the launch spec`},
		{"missing grid", "block: [1]\n", `1:1: error: missing required key "grid"`},
		{"grid type", "grid: 16\nblock: [1]\n", "1:7: error: grid: expected a list of 1 to 3 integers, got the number 16"},
		{"grid too long", "grid: [1, 1, 1, 1]\nblock: [1]\n", "1:7: error: grid: expected a list of 1 to 3 integers, got a list"},
		{"grid zero", "grid: [1, 0]\nblock: [1]\n", "1:11: error: grid.y: 0 is out of range [1, 65535]"},
		{"grid string", "grid: [\"a\"]\nblock: [1]\n", `1:8: error: grid.x: expected an integer, got the string "a"`},
		{"block threads", "grid: [1]\nblock: [64, 32]\n", "2:8: error: block: 2048 threads per block, the limit is 1024"},
		{"block z", "grid: [1]\nblock: [1, 1, 65]\n", "2:15: error: block.z: 65 is out of range [1, 64]"},
		{"cluster size", head + "cluster: [4, 4]\n", "3:10: error: cluster: 16 CTAs per cluster, the limit is 8 (set non_portable_cluster: true for up to 16)"},
		{"cluster divides", head + "cluster: [8]\nnon_portable_cluster: true\n", "3:10: error: cluster: grid [4 1 1] is not a multiple of cluster [8 1 1] in x"},
		{"non portable alone", head + "non_portable_cluster: true\n", "3:1: error: non_portable_cluster needs a cluster: key"},
		{"non portable type", head + "non_portable_cluster: 1\n", "3:23: error: non_portable_cluster: expected true or false, got the number 1"},
		{"shared bytes", head + "shared_bytes: -1\n", "3:15: error: shared_bytes: -1 is out of range [0, 232448]"},
		{"seed negative", head + "seed: -3\n", "3:7: error: seed: must not be negative"},
		{"seed float", head + "seed: 1.5\n", "3:7: error: seed: expected an integer, got the number 1.5"},
		{"kernel type", head + "kernel: [a]\n", "3:9: error: kernel: expected a string, got a list"},
		{"buffers type", head + "buffers: [a]\n", "3:10: error: buffers: expected a mapping, got a list"},
		{"buffer name", head + "buffers:\n  a/b: {dtype: u8, shape: [1]}\n", `4:3: error: buffer name "a/b": use letters, digits, '_', '-' and '.', starting with a letter or '_'`},
		{"buffer unknown key", head + "buffers:\n  a: {dtype: u8, shape: [1], fill: 3}\n", `4:30: error: unknown key "fill" in buffer a (want one of: file, dtype, shape, init, low, high, tensormaps)`},
		{"bad dtype", head + "buffers:\n  a: {dtype: f8, shape: [1]}\n", `4:14: error: buffer a: unknown dtype "f8" (want one of: u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, f32, f64, e4m3, e5m2)`},
		{"dtype type", head + "buffers:\n  a: {dtype: 4, shape: [1]}\n", "4:14: error: buffer a: dtype: expected a string, got the number 4"},
		{"missing shape", head + "buffers:\n  a: {dtype: u8}\n", `4:3: error: buffer a: needs "shape" (or a file)`},
		{"shape type", head + "buffers:\n  a: {dtype: u8, shape: 4}\n", "4:25: error: buffer a: shape: expected a list, got the number 4"},
		{"shape dim", head + "buffers:\n  a:\n    dtype: u8\n    shape: [2, 0]\n", "6:16: error: buffer a: shape: 0 is out of range [1, 17179869184]"},
		{"too big", head + "buffers:\n  a: {dtype: u64, shape: [65536, 65536]}\n", "4:26: error: buffer a: 34359738368 bytes is more than the limit of 17179869184"},
		{"file with init", head + "buffers:\n  a: {file: a.npy, init: iota}\n", `4:20: error: buffer a: "init" cannot be used with file`},
		{"file type", head + "buffers:\n  a: {file: 3}\n", "4:13: error: buffer a: file: expected a string, got the number 3"},
		{"bad init", head + "buffers:\n  a: {dtype: u8, shape: [1], init: random}\n", `4:36: error: buffer a: unknown init "random" (want zeros, uniform or iota)`},
		{"low without uniform", head + "buffers:\n  a: {dtype: u8, shape: [1], low: 3}\n", `4:30: error: buffer a: "low" needs init: uniform`},
		{"int low range", head + "buffers:\n  a: {dtype: u8, shape: [1], init: uniform, low: -1}\n", "4:50: error: buffer a: low -1 is out of range for u8 [0, 255]"},
		{"int high range", head + "buffers:\n  a: {dtype: s8, shape: [1], init: uniform, high: 128}\n", "4:51: error: buffer a: high 128 is out of range for s8 [-128, 127]"},
		{"int low>high", head + "buffers:\n  a: {dtype: s64, shape: [1], init: uniform, low: 5, high: -5}\n", "4:51: error: buffer a: low 5 is greater than high -5"},
		{"int bound float", head + "buffers:\n  a: {dtype: u32, shape: [1], init: uniform, high: 2.5}\n", "4:52: error: buffer a: high: expected an integer, got the number 2.5"},
		{"float bound", head + "buffers:\n  a: {dtype: f32, shape: [1], init: uniform, high: .inf}\n", "4:52: error: buffer a: high must be finite"},
		{"float bound type", head + "buffers:\n  a: {dtype: f32, shape: [1], init: uniform, low: x}\n", `4:51: error: buffer a: low: expected a number, got the string "x"`},
		{"float low>high", head + "buffers:\n  a: {dtype: f32, shape: [1], init: uniform, low: 2}\n", "4:51: error: buffer a: low 2 is greater than high 1"},
		{"params type", head + "params: {a: 1}\n", "3:9: error: params: expected a list, got a mapping"},
		{"param unknown key", head + "params:\n  - {ptr: a}\n", `4:6: error: unknown key "ptr" in param 0 (want one of: buffer, offset, bytes, hex, tensormap, fields, u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, f32, f64)`},
		{"param e4m3 scalar", head + "params:\n  - {e4m3: 1}\n", `4:6: error: unknown key "e4m3" in param 0 (want one of: buffer, offset, bytes, hex, tensormap, fields, u8, u16, u32, u64, s8, s16, s32, s64, f16, bf16, f32, f64)`},
		{"param not mapping", head + "params:\n  - 5\n", "4:5: error: param 0: expected a mapping, got the number 5"},
		{"param empty", head + "params:\n  - {}\n", "4:5: error: param 0: empty; want {buffer: NAME}, {TYPE: VALUE} or {bytes: N, hex: ...}"},
		{"unknown buffer", head + "buffers:\n  a: {dtype: u8, shape: [4]}\nparams:\n  - {u32: 1}\n  - {buffer: b}\n", `7:14: error: param 1: unknown buffer "b" (buffers: a)`},
		{"unknown buffer none", head + "params:\n  - {buffer: b}\n", `4:14: error: param 0: unknown buffer "b" (the spec has no buffers)`},
		{"offset past end", head + "buffers:\n  a: {dtype: u8, shape: [4]}\nparams:\n  - {buffer: a, offset: 5}\n", "6:25: error: param 0: offset 5 is past the end of buffer a (4 bytes)"},
		{"offset negative", head + "buffers:\n  a: {dtype: u8, shape: [4]}\nparams:\n  - {buffer: a, offset: -1}\n", "6:25: error: param 0: offset: -1 is out of range [0, 17179869184]"},
		{"two kinds", head + "params:\n  - {u32: 1, f32: 2}\n", `4:14: error: param 0: "f32" cannot be combined with "u32"`},
		{"offset alone", head + "params:\n  - {offset: 4}\n", `4:6: error: param 0: "offset" needs "buffer"`},
		{"scalar range", head + "params:\n  - {u8: 256}\n", `4:10: error: param 0: u8: 256 is out of range [0, 255] (write "0x..." for raw bits)`},
		{"scalar negative unsigned", head + "params:\n  - {u32: -1}\n", `4:11: error: param 0: u32: -1 is out of range [0, 4294967295] (write "0x..." for raw bits)`},
		{"scalar float for int", head + "params:\n  - {s32: 1.5}\n", "4:11: error: param 0: s32: expected an integer, got the number 1.5"},
		{"scalar bad string", head + "params:\n  - {f32: \"one\"}\n", `4:11: error: param 0: f32: bad literal "one" (want a number, "inf", "-inf", "nan" or "0x..." raw bits)`},
		{"scalar int string", head + "params:\n  - {u32: \"12\"}\n", `4:11: error: param 0: u32: bad literal "12" (want an integer or "0x..." raw bits)`},
		{"raw bits too wide", head + "params:\n  - {u16: \"0x10000\"}\n", `4:11: error: param 0: u16: raw bits "0x10000" do not fit in 2 bytes`},
		{"scalar bool", head + "params:\n  - {f16: true}\n", "4:11: error: param 0: f16: expected a number, got a boolean (true)"},
		{"bytes hex length", head + "params:\n  - {bytes: 4, hex: \"00ff\"}\n", "4:21: error: param 0: hex gives 2 bytes, bytes says 4"},
		{"bytes hex digits", head + "params:\n  - {bytes: 1, hex: \"0g\"}\n", `4:21: error: param 0: hex: "0g" is not a string of hex digit pairs`},
		{"bytes zero", head + "params:\n  - {bytes: 0}\n", "4:13: error: param 0: bytes: 0 is out of range [1, 32764]"},
		{"bytes with u32", head + "params:\n  - {bytes: 4, u32: 1}\n", `4:16: error: param 0: "u32" cannot be combined with "bytes"`},
		{"outputs unknown", head + "outputs: [c]\n", `3:11: error: outputs: unknown buffer "c" (the spec has no buffers)`},
		{"outputs twice", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a, a]\n", `5:14: error: outputs: "a" is listed twice`},
		{"compare not output", head + "buffers:\n  a: {dtype: u8, shape: [4]}\ncompare:\n  a: {max_ulp: 1}\n", `6:3: error: compare: "a" is not listed in outputs`},
		{"compare unknown key", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a]\ncompare:\n  a: {rtol: 1}\n", `7:7: error: unknown key "rtol" in compare a (want one of: max_ulp, max_ulp_rows, ignore)`},
		{"compare ignore range", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a]\ncompare:\n  a: {ignore: [1, 4]}\n", "7:19: error: compare a: ignore: 4 is out of range [0, 3]"},
		{"compare ignore word", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a]\ncompare:\n  a: {ignore: none}\n", "7:15: error: compare a: ignore is a list of flat element indices or `all`, not \"none\""},
		{"compare max_ulp int", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a]\ncompare:\n  a: {max_ulp: 2}\n", "7:16: error: compare a: max_ulp applies to float dtypes; u8 outputs compare bit-exact"},
		{"compare max_ulp", head + "buffers:\n  a: {dtype: u8, shape: [4]}\noutputs: [a]\ncompare:\n  a: {max_ulp: -1}\n", "7:16: error: compare a: max_ulp: must not be negative"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("spec.yaml", []byte(tc.src))
			require.Error(t, err)
			var le *Error
			require.ErrorAs(t, err, &le)
			assert.Equal(t, "spec.yaml:"+tc.want, err.Error())
		})
	}
}

// registers: the registers per thread ptxas allocated, 1..255.
func TestRegistersKey(t *testing.T) {
	head := "grid: [1, 1, 1]\nblock: [32, 1, 1]\n"
	s, err := Parse("spec.yaml", []byte(head+"registers: 168\n"))
	if err != nil || s.Registers != 168 {
		t.Fatalf("registers: 168 gave %v, %v", s, err)
	}
	for _, bad := range []string{"registers: 0\n", "registers: 256\n", "registers: x\n"} {
		if _, err := Parse("spec.yaml", []byte(head+bad)); err == nil || !strings.Contains(err.Error(), "spec.yaml:3:") {
			t.Errorf("%q: want an error at line 3, got %v", bad, err)
		}
	}
}

// compare: {ignore: all} leaves every element of the output uncompared.
func TestCompareIgnoreAllKey(t *testing.T) {
	src := "grid: [1, 1, 1]\nblock: [32, 1, 1]\nbuffers:\n  clk: {dtype: u64, shape: [264, 51]}\noutputs: [clk]\ncompare:\n  clk: {ignore: all}\n"
	s, err := Parse("spec.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	r := s.CompareFor("clk")
	if !r.IgnoreAll || len(r.Ignore) != 0 || !r.Ignores() || len(r.IgnoreSet(264*51)) != 264*51 {
		t.Fatalf("ignore: all parsed as %+v", r)
	}
	if s.CompareFor("other").Ignores() {
		t.Fatal("an output without a rule ignores nothing")
	}
}
