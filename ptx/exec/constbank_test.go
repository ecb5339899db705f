package exec_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

// ptxas packs a module's .const variables into constant bank 3 one after
// the other, each at its alignment (tph_bulk's SASS: kCopies, 96 bytes, at
// c[0x3][0x0] and kStores right after it at c[0x3][0x60]); ConstBank gives
// a .const address its place there, whatever global addresses the
// functional model gave the variables.
func TestConstBankPacksConstVariables(t *testing.T) {
	src := header + `
.const .align 4 .b8 kCopies[96];
.const .align 4 .b8 kStores[48];
.global .align 4 .b8 g[16];
.const .align 16 .b8 kWide[20];
.visible .entry k()
{
	ret;
}`
	p, err := ptx.Load("t.ptx", []byte(src))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	require.NoError(t, k.LoadGlobals(g))
	base := map[string]uint64{}
	for _, s := range g.Segments() {
		base[s.Name] = s.Base
	}
	for _, c := range []struct {
		name string
		off  uint64
		want uint64
	}{
		{"kCopies", 0, 0}, {"kCopies", 95, 95},
		{"kStores", 0, 96}, {"kStores", 47, 143},
		{"kWide", 0, 144}, // 96 + 48 = 144, already 16-byte aligned
		{"kWide", 19, 163},
	} {
		got, ok := k.ConstBank(base[c.name] + c.off)
		require.True(t, ok, c.name)
		assert.Equal(t, c.want, got, "%s+%d", c.name, c.off)
	}
	_, ok := k.ConstBank(base["g"])
	assert.False(t, ok, "a .global variable is not in the constant bank")
}
