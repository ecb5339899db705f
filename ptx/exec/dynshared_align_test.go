package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// The dynamic shared-memory base honours the extern array's .align: for
// tools/microbench/tma.cu (64 bytes of static mbarriers, `extern __shared__
// __align__(1024)`), ptxas 13.0 -v reports "1024 bytes smem", i.e. the
// static part is padded so that the dynamic array starts at 0x400 + 1024,
// and the H200 ran 128B-swizzled TMA loads into it (validation/microbench/
// tma_load_*). Without an extern .align the base stays 16-byte aligned after
// the static data (validation/testdata/smem_addrs: 0x530).
func TestDynamicSharedBaseHonoursExternAlign(t *testing.T) {
	const head = ".version 8.7\n.target sm_90a\n.address_size 64\n"
	cases := []struct {
		name, decls string
		want        uint64
	}{
		{"align 1024 after 64 static bytes", ".extern .shared .align 1024 .b8 dsm[];\n.shared .align 8 .b8 bars[64];\n", 0x800},
		{"align 16 after 64 static bytes", ".extern .shared .align 16 .b8 dsm[];\n.shared .align 8 .b8 bars[64];\n", 0x440},
		{"align 128 after 8 static bytes", ".extern .shared .align 128 .b8 dsm[];\n.shared .align 8 .b8 bar[8];\n", 0x480},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := head + c.decls + ".visible .entry k()\n{\n\tret;\n}\n"
			p, err := ptx.Load("test.ptx", []byte(src))
			require.NoError(t, err)
			k, err := exec.Compile(p, "k", exec.DefaultLayout())
			require.NoError(t, err)
			assert.Equal(t, c.want, k.DynamicSharedBase())
		})
	}
}
