package ptx

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLexer(t *testing.T) {
	type tk struct {
		k    tokKind
		text string
	}
	tests := []struct {
		name string
		src  string
		want []tk
	}{
		{"opcode word", "ld.global.v4.u32", []tk{{tWord, "ld.global.v4.u32"}}},
		{"compound qualifiers", "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes",
			[]tk{{tWord, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes"}}},
		{"registers", "%r1 %rd<12> %tid.x", []tk{{tWord, "%r1"}, {tWord, "%rd"}, {tPunct, "<"}, {tInt, "12"}, {tPunct, ">"}, {tWord, "%tid.x"}}},
		{"identifiers", "_Z3fooPKfS0_ __local_depot0 $L__BB0_2 __unnamed_1",
			[]tk{{tWord, "_Z3fooPKfS0_"}, {tWord, "__local_depot0"}, {tWord, "$L__BB0_2"}, {tWord, "__unnamed_1"}}},
		{"directives", ".reg .shared::cta .visible.entry", []tk{{tDirective, ".reg"}, {tDirective, ".shared::cta"}, {tDirective, ".visible"}, {tDirective, ".entry"}}},
		{"integers", "42 0x1F 017 0b101 7U -3", []tk{{tInt, "42"}, {tInt, "0x1F"}, {tInt, "017"}, {tInt, "0b101"}, {tInt, "7U"}, {tPunct, "-"}, {tInt, "3"}}},
		{"floats", "0f3F800000 0d3FF0000000000000 1.5 1e-3 2.5E+2", []tk{{tFloat, "0f3F800000"}, {tFloat, "0d3FF0000000000000"}, {tFloat, "1.5"}, {tFloat, "1e-3"}, {tFloat, "2.5E+2"}}},
		{"version", ".version 9.0", []tk{{tDirective, ".version"}, {tFloat, "9.0"}}},
		{"string", `.file 1 "a b.cu"`, []tk{{tDirective, ".file"}, {tInt, "1"}, {tString, `"a b.cu"`}}},
		{"comments", "a // x\n/* y\n z */ b", []tk{{tWord, "a"}, {tWord, "b"}}},
		{"address", "[%rd1+-8]", []tk{{tPunct, "["}, {tWord, "%rd1"}, {tPunct, "+"}, {tPunct, "-"}, {tInt, "8"}, {tPunct, "]"}}},
		{"label", "$L__BB0_1:", []tk{{tWord, "$L__BB0_1"}, {tPunct, ":"}}},
		{"pair", "%p1|%p2", []tk{{tWord, "%p1"}, {tPunct, "|"}, {tWord, "%p2"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			errs := &errSink{}
			toks := lex("f", []byte(tc.src), errs)
			require.Empty(t, errs.list)
			var got []tk
			for _, x := range toks[:len(toks)-1] {
				got = append(got, tk{x.Kind, x.Text})
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestLexerPositions(t *testing.T) {
	errs := &errSink{}
	toks := lex("f.ptx", []byte("a\n  /* c\n */ bb\tcc"), errs)
	require.Len(t, toks, 4)
	assert.Equal(t, Pos{"f.ptx", 1, 1}, toks[0].Pos)
	assert.Equal(t, Pos{"f.ptx", 3, 5}, toks[1].Pos)
	assert.Equal(t, Pos{"f.ptx", 3, 8}, toks[2].Pos)
}

func TestLexerErrors(t *testing.T) {
	for _, src := range []string{"#", "\"abc", "/* x", "12abc", "`"} {
		errs := &errSink{}
		lex("f", []byte(src), errs)
		assert.NotEmpty(t, errs.list, "%q", src)
	}
}
