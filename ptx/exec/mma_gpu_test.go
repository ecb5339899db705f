package exec_test

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// mmaProbeForms are the forms of testdata/mmaprobe/probe.cu by FORM id:
// the file name, the opcode, and the number of bit-identical outputs
// measured (see testdata/mmaprobe/README.md); -1: the run's files did not
// come back (the device tool returns at most 8 files), so no recording.
var mmaProbeForms = map[int]struct {
	name, op string
	want     int
}{
	1:  {"m16n8k16_f32_f16_f16_f32", "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 4096},
	2:  {"m16n8k16_f32_bf16_bf16_f32", "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 4096},
	3:  {"m16n8k8_f32_tf32_tf32_f32", "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", -1},
	4:  {"m16n8k32_f32_e4m3_e4m3_f32", "mma.sync.aligned.m16n8k32.row.col.f32.e4m3.e4m3.f32", 4096},
	5:  {"m16n8k8_f32_f16_f16_f32", "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", -1},
	6:  {"m16n8k16_f16_f16_f16_f16", "mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 2048},
	7:  {"m16n8k4_f32_tf32_tf32_f32", "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", -1},
	8:  {"m16n8k32_f32_e5m2_e5m2_f32", "mma.sync.aligned.m16n8k32.row.col.f32.e5m2.e5m2.f32", 4096},
	9:  {"m16n8k16_f32_e4m3_e4m3_f32", "mma.sync.aligned.m16n8k16.row.col.f32.e4m3.e4m3.f32", 4096},
	10: {"m16n8k8_f32_bf16_bf16_f32", "mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", -1},
	11: {"m8n8k4_f64_f64_f64_f64", "mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", -1},
	12: {"m16n8k16_f64_f64_f64_f64", "mma.sync.aligned.m16n8k16.row.col.f64.f64.f64.f64", 4096},
	13: {"m16n8k32_s32_s8_u8_s32_satfinite", "mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32", 4096},
}

// TestMmaGPURecording replays the H200 recordings of probe.cu: every
// lane's input registers go through the same mma.sync in the simulator and
// the outputs are compared bit for bit with what the GPU wrote.
func TestMmaGPURecording(t *testing.T) {
	for id := 1; id <= len(mmaProbeForms); id++ {
		pf := mmaProbeForms[id]
		path := filepath.Join("testdata", "mmaprobe", pf.name+".bin")
		raw, err := os.ReadFile(path)
		if os.IsNotExist(err) {
			continue
		}
		require.NoError(t, err)
		t.Run(pf.name, func(t *testing.T) {
			h := make([]int, 6)
			for i := range h {
				h[i] = int(int32(binary.LittleEndian.Uint32(raw[4*i:])))
			}
			require.Equal(t, 0x31414d4d, h[0])
			require.Equal(t, id, h[1])
			tiles, nin, nout, ws := h[2], h[3], h[4], h[5]
			n := tiles * 32
			word := func(i int) uint64 {
				if ws == 8 {
					return binary.LittleEndian.Uint64(raw[24+8*i:])
				}
				return uint64(binary.LittleEndian.Uint32(raw[24+4*i:]))
			}
			require.Len(t, raw, 24+ws*n*(nin+nout))
			in := make([]uint64, n*nin)
			for i := range in {
				in[i] = word(i)
			}
			na, nb, nc := probeRegs(pf.name)
			require.Equal(t, nin, na+nb+nc)
			got, err := runIO(t, mmaSrc(mmaCase{}, pf.op, na, nb, nc, nout, ws), in, ws, n*nout, tiles)
			require.NoError(t, err)
			same := 0
			shown := 0
			for i := range got {
				want := word(n*nin + i)
				if got[i] == want {
					same++
				} else if shown < 8 {
					shown++
					t.Logf("tile %d lane %d d%d: sim %#x gpu %#x", i/nout/32, i/nout%32, i%nout, got[i], want)
				}
			}
			t.Logf("%s: %d of %d outputs bit-identical", pf.name, same, len(got))
			if pf.want >= 0 {
				assert.Equal(t, pf.want, same)
			}
		})
	}
}

// probeRegs is the A, B, C register count per lane of a probe form.
func probeRegs(name string) (na, nb, nc int) {
	switch name {
	case "m16n8k8_f32_f16_f16_f32", "m16n8k4_f32_tf32_tf32_f32", "m16n8k16_f32_e4m3_e4m3_f32", "m16n8k8_f32_bf16_bf16_f32":
		return 2, 1, 4
	case "m16n8k16_f16_f16_f16_f16":
		return 4, 2, 2
	case "m8n8k4_f64_f64_f64_f64":
		return 1, 1, 2
	case "m16n8k16_f64_f64_f64_f64":
		return 8, 4, 4
	}
	return 4, 2, 4
}
