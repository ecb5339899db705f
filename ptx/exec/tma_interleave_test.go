package exec_test

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
	"github.com/sm90sim/sm90sim/sim/gpu"
	"github.com/sm90sim/sm90sim/tma"
)

// TMA tile copies with interleaved tensor maps (16B / 32B interleave),
// replayed against what an H200 did (tools/record/tma_interleave_probe.cu,
// 2026-11-25, driver 580.159.04, nvcc 13.0; tools/record/ASYNC_FINDINGS.md).
// The rule (tma/box.go): dimension 0 counts 16- or 32-byte chunks
// (coordinate, box, element stride, global dimension), dimension Rank-2
// moves one element, rows are packed n_0 chunks apart, swizzled on the
// absolute address; complete_tx = chunk bytes x n_0 x the other box counts.

// ilvGPU is the GPU's result for a probe case: the driver refused the
// encoding (cuTensorMapEncodeTiled: CUDA_ERROR_INVALID_VALUE), the launch
// faulted, or the copy's complete_tx bytes and the first 128 bits of the
// sha256 of the image (loads: the 32 KiB shared image, 8192 words; stores
// and reductions: the 64 KiB destination tensor, 16384 words).
type ilvGPU struct {
	refused bool
	fault   string
	tx      int
	sha     string
}

// ilvCase is one case of the probe, in its order: 'L' load, 'S' store, 'R'
// reduce-add; the cuTensorMapEncodeTiled arguments (interleave, swizzle and
// fill as the driver's enum values, aoff bytes added to the tensor's
// address); soff the shared offset of the box from a 1024-aligned image; c
// the coordinates.
type ilvCase struct {
	op            byte
	dt            tma.DType
	dims, strides []uint64
	box, es       []uint32
	il, sw, fill  int
	aoff, soff    int
	c             []int32
	gpu           ilvGPU
}

// The probe's data: source word i (every byte nonzero, unique for i < 2^21)
// and the shared word i a store reads.
func ilvSrcWord(i uint32) uint32 {
	return 0x40000000 | (0x80 | i&0x7f) | (0x80|i>>7&0x7f)<<8 | (0x80|i>>14&0x7f)<<16
}

func ilvShWord(i uint32) uint32 {
	return 0x50000000 | (0x80 | i&0x7f) | (0x80|i>>7&0x7f)<<8 | (0x80|i>>14&0x7f)<<16
}

func (c ilvCase) tmap(base uint64) tma.TensorMap {
	m := tma.Tiled(c.dt, base+uint64(c.aoff), c.dims, c.strides, c.box)
	m.ElementStrides = c.es
	m.Interleave, m.Swizzle, m.OOBFill = tma.Interleave(c.il), tma.Swizzle(c.sw), tma.OOBFill(c.fill)
	return m
}

// ilvPTX is the probe kernel's copy for one warp: the image (words u32, from
// the pat buffer) into 1024-aligned shared memory, then lane 0 loads the box
// at c into img + soff (expect_tx tx, every lane waits and the image goes to
// out) or stores / reduce-adds img + soff at c.
func ilvPTX(op byte, c []int32, tx, soff, words int) string {
	crd := make([]string, len(c))
	for i, v := range c {
		crd[i] = fmt.Sprint(v)
	}
	var issue string
	switch op {
	case 'L':
		issue = fmt.Sprintf(`	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r3], %d;
	cp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r6], [%%rd4, {%s}], [%%r3];`, tx, len(c), strings.Join(crd, ", "))
	case 'S', 'R':
		form := "cp.async.bulk.tensor.%dd.global.shared::cta.tile.bulk_group"
		if op == 'R' {
			form = "cp.reduce.async.bulk.tensor.%dd.global.shared::cta.add.tile.bulk_group"
		}
		issue = fmt.Sprintf("\t"+form+` [%%rd4, {%s}], [%%r6];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;`, len(c), strings.Join(crd, ", "))
	}
	out := "\tret;"
	if op == 'L' {
		out = fmt.Sprintf(`WAIT:
	mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r3], 0;
	@!%%p2 bra WAIT;
	shl.b32 %%r4, %%r1, 4;
OUT:
	add.u32 %%r5, %%r2, %%r4;
	ld.shared.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%r5];
	cvt.u64.u32 %%rd5, %%r4;
	add.s64 %%rd6, %%rd2, %%rd5;
	st.global.v4.u32 [%%rd6], {%%r10, %%r11, %%r12, %%r13};
	add.u32 %%r4, %%r4, 512;
	setp.lt.u32 %%p2, %%r4, %d;
	@%%p2 bra OUT;
	ret;`, 4*words)
	}
	return header + fmt.Sprintf(`
.visible .entry k(.param .align 64 .b8 pm[128], .param .u64 pat, .param .u64 out)
{
	.reg .pred %%p<4>;
	.reg .b32 %%r<20>;
	.reg .b64 %%rd<10>;
	.shared .align 1024 .b8 img[%d];
	.shared .align 8 .b64 bar;
	ld.param.u64 %%rd1, [pat];
	ld.param.u64 %%rd2, [out];
	mov.b64 %%rd3, pm;
	cvta.param.u64 %%rd4, %%rd3;
	mov.u32 %%r1, %%tid.x;
	mov.u32 %%r2, img;
	mov.u32 %%r3, bar;
	setp.ne.u32 %%p1, %%r1, 0;
	shl.b32 %%r4, %%r1, 4;
FILL:
	cvt.u64.u32 %%rd5, %%r4;
	add.s64 %%rd6, %%rd1, %%rd5;
	ld.global.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%rd6];
	add.u32 %%r5, %%r2, %%r4;
	st.shared.v4.u32 [%%r5], {%%r10, %%r11, %%r12, %%r13};
	add.u32 %%r4, %%r4, 512;
	setp.lt.u32 %%p2, %%r4, %d;
	@%%p2 bra FILL;
	@%%p1 bra INITED;
	mbarrier.init.shared::cta.b64 [%%r3], 1;
	fence.mbarrier_init.release.cluster;
INITED:
	fence.proxy.async.shared::cta;
	bar.warp.sync -1;
	add.u32 %%r6, %%r2, %d;
	@%%p1 bra ISSUED;
%s
ISSUED:
%s
}
`, 4*words, 4*words, soff, issue, out)
}

// ilvRun runs one copy: src holds srcWords (the tensor a load reads, at
// the map's base), dst the tensor a store writes (zero; a reduce finds
// 0x01000000 in every word), pat the initial shared image. It returns the
// load's image or the destination tensor.
func ilvRun(t *testing.T, op byte, m func(src, dst uint64) tma.TensorMap, c []int32, tx, soff int, src, pat []uint32, dstWords int) ([]uint32, error) {
	t.Helper()
	words := len(pat)
	p, err := ptx.Load("ilv.ptx", []byte(ilvPTX(op, c, tx, soff, words)))
	require.NoError(t, err)
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	le := binary.LittleEndian
	g := exec.NewGlobalMem()
	sb := g.Alloc("src", 4*len(src))
	for i, v := range src {
		le.PutUint32(sb.Data[4*i:], v)
	}
	db := g.Alloc("dst", 4*dstWords)
	if op == 'R' {
		for i := 0; i < dstWords; i++ {
			le.PutUint32(db.Data[4*i:], 0x01000000)
		}
	}
	pb := g.Alloc("pat", 4*words)
	for i, v := range pat {
		le.PutUint32(pb.Data[4*i:], v)
	}
	ob := g.Alloc("out", 4*words)
	tm := m(sb.Base, db.Base)
	params := make([]byte, 144)
	enc := tm.Encode()
	copy(params, enc[:])
	le.PutUint64(params[128:], pb.Base)
	le.PutUint64(params[136:], ob.Base)
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g}
	_, err = gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	res := ob
	if op != 'L' {
		res = db
	}
	out := make([]uint32, len(res.Data)/4)
	for i := range out {
		out[i] = le.Uint32(res.Data[4*i:])
	}
	return out, err
}

func ilvSHA(words []uint32) string {
	raw := make([]byte, 4*len(words))
	for i, v := range words {
		binary.LittleEndian.PutUint32(raw[4*i:], v)
	}
	sum := sha256.Sum256(raw)
	return hex.EncodeToString(sum[:16])
}

// ilvFaults: the simulator's error for each case that faulted on the GPU
// (CUDA_ERROR_ILLEGAL_INSTRUCTION).
var ilvFaults = map[int]string{
	219: "coordinate 0 is negative", // store at (-1, 0, 0)
	220: "coordinate 1 is negative", // store at (0, -1, 0)
	260: "globalDim[0] = 4294967296 is above 2^31",
	268: "innermost coordinate 1 x 4-byte elements", // no interleave: the 16-byte rule
	270: "globalDim[0] = 4294967295 is above 2^31",
	271: "globalDim[0] = 2147483649 is above 2^31",
	275: "globalDim[0] = 4294967296 is above 2^31",
	277: "globalDim[0] = 4294967296 is above 2^31", // no interleave
	278: "globalDim[0] = 4294967295 is above 2^31", // no interleave
	279: "globalDim[0] = 4294967296 is above 2^31",
	280: "globalDim[0] = 4294967296 is above 2^31", // store
}

// TestInterleaveProbe replays every case of the probe: the driver's
// verdict on the encoding against tma.Validate, the GPU's fault against the
// simulator's error, and for the rest complete_tx (BoxBytes, and the
// barrier completing with the GPU's byte count) and the image's hash.
func TestInterleaveProbe(t *testing.T) {
	require.Len(t, ilvCases, 287)
	src := make([]uint32, 1<<16)
	for i := range src {
		src[i] = ilvSrcWord(uint32(i))
	}
	loadPat, storePat := make([]uint32, 8192), make([]uint32, 8192)
	for i := range loadPat {
		loadPat[i], storePat[i] = 0xEEEE0000|uint32(i), ilvShWord(uint32(i))
	}
	faults := 0
	for i, tc := range ilvCases {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			m := tc.tmap(0x10000)
			rerr := m.Validate()
			if tc.gpu.refused {
				require.NotNil(t, rerr, "the driver refused this encoding")
				return
			}
			require.Nil(t, rerr, "the driver accepted this encoding")
			if tc.op == 'L' && tc.gpu.fault == "" {
				assert.Equal(t, tc.gpu.tx, m.BoxBytes(), "complete_tx bytes")
			}
			pat := loadPat
			if tc.op != 'L' {
				pat = storePat
			}
			at := func(s, d uint64) tma.TensorMap {
				if tc.op == 'L' {
					return tc.tmap(s)
				}
				return tc.tmap(d)
			}
			got, err := ilvRun(t, tc.op, at, tc.c, tc.gpu.tx, tc.soff, src, pat, 16384)
			if tc.gpu.fault != "" {
				faults++
				assert.ErrorContains(t, err, ilvFaults[i])
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.gpu.sha, ilvSHA(got), "first words %08x", got[:8])
		})
	}
	assert.Equal(t, len(ilvFaults), faults, "every fault is a probe case")
}

// TestInterleaveReplaceProbe: the 2026-11-25 tensor-map edit probe
// (tools/record/tmap_replace_probe.cu, cases 61, 62, 94, 95) made a driver
// map (u32 [64, 16, 4], strides [1024, 16384], box [16, 8, 2], over u32
// [512][256] = iota) interleaved with tensormap.replace and loaded it into a
// 4 KiB image; the same rule gives the H200's images (sha256 of the 4096
// bytes as ptx/exec/tma_replace_test.go records them; the GPU's barrier
// flag there was 0 for the 16B cases only because the probe expected the
// full box).
func TestInterleaveReplaceProbe(t *testing.T) {
	src := make([]uint32, 512*256)
	for i := range src {
		src[i] = uint32(i)
	}
	pat := make([]uint32, 1024)
	for i := range pat {
		pat[i] = 0xEEEE0000 | uint32(i)
	}
	for _, tc := range []struct {
		il, sw tma.Interleave
		box0   uint32
		c      []int32
		tx     int
		sha    string
	}{
		{tma.Interleave16B, 0, 16, []int32{16, 4, 1}, 512, "d0c32f01556ff23f61c2bd6b5928f5af"},
		{tma.Interleave32B, 1, 16, []int32{16, 4, 1}, 1024, "0f7b05a4fd7db8e4ea1b91ebd3152dc4"},
		{tma.Interleave16B, 0, 4, []int32{0, 4, 1}, 128, "eea50bd7ad5d7dd4cf6bcca885049dee"},
		{tma.Interleave16B, 0, 4, []int32{4, 4, 1}, 128, "3c37c760b14076564601f761599ed138"},
	} {
		t.Run(fmt.Sprint(tc.il, tc.box0, tc.c), func(t *testing.T) {
			at := func(s, _ uint64) tma.TensorMap {
				m := tma.Tiled(tma.U32, s, []uint64{64, 16, 4}, []uint64{1024, 16384}, []uint32{tc.box0, 8, 2})
				m.Interleave, m.Swizzle = tc.il, tma.Swizzle(tc.sw)
				require.Nil(t, m.Validate())
				assert.Equal(t, tc.tx, m.BoxBytes())
				return m
			}
			got, err := ilvRun(t, 'L', at, tc.c, tc.tx, 0, src, pat, 16)
			require.NoError(t, err)
			assert.Equal(t, tc.sha, ilvSHA(got), "first words %08x", got[:8])
		})
	}
}

// ilvCases: every case of tools/record/tma_interleave_probe.cu (the comment:
// its index and `list` description) with the H200's result.
var ilvCases = []ilvCase{
	// 0: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 1: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 2: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 128, sha: "66d2279f7ae6189b996a523f5c295ba2"}},
	// 3: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "26d4675bba9dcf407e142d43c65654d6"}},
	// 4: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{3, 0, 0}, ilvGPU{tx: 128, sha: "6fa83fc583de72aa328273584e1a15e2"}},
	// 5: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{4, 0, 0}, ilvGPU{tx: 128, sha: "0ee0e6d18ca09e7c90b2d97f9ef9ff98"}},
	// 6: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{5, 1, 1}, ilvGPU{tx: 128, sha: "1dee7f3bd94cf5200207228a7fc39a6d"}},
	// 7: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{8, 0, 0}, ilvGPU{tx: 128, sha: "36f0ff33634cd4b99a12eb09240bfdb9"}},
	// 8: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{12, 0, 0}, ilvGPU{tx: 128, sha: "bfe5930fb68e36989faea6c89ccaf7dc"}},
	// 9: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{13, 0, 0}, ilvGPU{tx: 128, sha: "b531ab955da51e160d642aa764da1232"}},
	// 10: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{14, 0, 0}, ilvGPU{tx: 128, sha: "d74a3d3bc3f202212ad78c88d2891f36"}},
	// 11: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{15, 0, 0}, ilvGPU{tx: 128, sha: "141a8183cf5b87fa707b359e3a7be7f3"}},
	// 12: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{16, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 13: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{17, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 14: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-1, 0, 0}, ilvGPU{tx: 128, sha: "aa95c1def359a51829c758250ecfab92"}},
	// 15: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-2, 0, 0}, ilvGPU{tx: 128, sha: "59125a904e9d16f91cf96f109a1c145e"}},
	// 16: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-3, 0, 0}, ilvGPU{tx: 128, sha: "c9696a7f2cfd1905ac0ce3f984c1844a"}},
	// 17: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-4, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 18: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-8, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 19: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, -1, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 20: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, -2, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 21: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 4, 0}, ilvGPU{tx: 128, sha: "ea739a8f37275d921c49ba132f55168c"}},
	// 22: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 5, 0}, ilvGPU{tx: 128, sha: "eefb000b8ba1a06cf1a686204828e955"}},
	// 23: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 6, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 24: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, -1}, ilvGPU{tx: 128, sha: "b2d04d809d1439a50f1721ab33ae9220"}},
	// 25: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 4}, ilvGPU{tx: 128, sha: "07907220848687698a68406abffd1cc6"}},
	// 26: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 5}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 27: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-2, -1, -1}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 28: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{14, 5, 4}, ilvGPU{tx: 128, sha: "60ecba64aa5bd53df00c2f2c9a443a13"}},
	// 29: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{64, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 30: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-64, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 31: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 32: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 33: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{3, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 34: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{5, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 35: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{6, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 36: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "20372184558957188066f082d06fdbbc"}},
	// 37: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{12, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 384, sha: "5ec0894089321da23bd44ea9b8d67069"}},
	// 38: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "cf6a40961c29e58e964c460cc32b5369"}},
	// 39: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "6d00512e571a003cc7bbb448dc5d5403"}},
	// 40: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{64, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "ab4fffcd9b92453d623f242bc4e4f0f7"}},
	// 41: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{4, 0, 0}, ilvGPU{tx: 256, sha: "349a36787e01d111d7817798020f0f93"}},
	// 42: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{8, 0, 0}, ilvGPU{tx: 256, sha: "d599173e636a4aacbac91796d71d66aa"}},
	// 43: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{12, 0, 0}, ilvGPU{tx: 256, sha: "39078a193c3a52c058f67f08216c09e2"}},
	// 44: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{refused: true}},
	// 45: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{15, 0, 0}, ilvGPU{refused: true}},
	// 46: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 6, 5}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 320, sha: "5b9a7e8b63a90eaa64f946ef48caa2a0"}},
	// 47: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 1, 1}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 2, 3}, ilvGPU{tx: 64, sha: "f4cb8ddeb4fdcfa18cca3b9887dd8dfd"}},
	// 48: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 1}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 64, sha: "a3d30842a033788cf1093f876ee47a37"}},
	// 49: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 8, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, -1, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 50: load u32 il16 sw0
	{'L', tma.U32, []uint64{1, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "b6befbc3cfbb5d96b2cdc3b9c1ba11ee"}},
	// 51: load u32 il16 sw0
	{'L', tma.U32, []uint64{1, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 52: load u32 il16 sw0
	{'L', tma.U32, []uint64{3, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "4576401e3be91b0094e82106aa8d62c4"}},
	// 53: load u32 il16 sw0
	{'L', tma.U32, []uint64{3, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "f5c9cc8df8ea0e0971516114c53970c2"}},
	// 54: load u32 il16 sw0
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 55: load u32 il16 sw0
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "ce82e2057b39aca8b8b3b594ced25fa4"}},
	// 56: load u32 il16 sw0
	{'L', tma.U32, []uint64{5, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 57: load u32 il16 sw0
	{'L', tma.U32, []uint64{5, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "587e0f1a2627696e79b8bc89d26d7613"}},
	// 58: load u32 il16 sw0
	{'L', tma.U32, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 59: load u32 il16 sw0
	{'L', tma.U32, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "26d4675bba9dcf407e142d43c65654d6"}},
	// 60: load u32 il16 sw0
	{'L', tma.U32, []uint64{9, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 61: load u32 il16 sw0
	{'L', tma.U32, []uint64{9, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "26d4675bba9dcf407e142d43c65654d6"}},
	// 62: load u32 il16 sw0
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 63: load u32 il16 sw0
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "26d4675bba9dcf407e142d43c65654d6"}},
	// 64: load u32 il16 sw0
	{'L', tma.U32, []uint64{128, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "e1b38589a4fc510fb5226a3fd73d31d4"}},
	// 65: load u32 il16 sw0
	{'L', tma.U32, []uint64{128, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 128, sha: "26d4675bba9dcf407e142d43c65654d6"}},
	// 66: load u32 il16 sw0 dense
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{16, 96}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "83eff70b4f83b810b506ed8826f73004"}},
	// 67: load u32 il16 sw0 dense
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{16, 96}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "fba3229adaad52440ea33868b001952b"}},
	// 68: load u32 il16 sw0 dense
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{16, 96}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 128, sha: "7aa00712a4b3de5e3edede1a3f2775f9"}},
	// 69: load u32 il16 sw0
	{'L', tma.U32, []uint64{8, 6, 5}, []uint64{32, 192}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "a32b63dc3ff293f3febf54c7030d2d85"}},
	// 70: load u32 il16 sw0
	{'L', tma.U32, []uint64{12, 6, 5}, []uint64{48, 288}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "3a5829e81076b607312c24cd0217491e"}},
	// 71: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{1024, 8192}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "7f1ff1b7621de28f876824dbcd05468f"}},
	// 72: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{272, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "e416b1edfbfe1f40ecc7738fb37c1903"}},
	// 73: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{2, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 64, sha: "c3383a14635a68896cec250059466547"}},
	// 74: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{2, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "19ba01f2b66634b504c711b1c1b13347"}},
	// 75: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 4, 2}, []uint32{1, 2, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 76: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 4}, []uint32{1, 1, 2}, 1, 0, 0, 0, 0, []int32{0, 1, 0}, ilvGPU{tx: 128, sha: "2561c644ed48547ef0c3bff1830fa762"}},
	// 77: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{3, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 96, sha: "fb45793bfa1b9109c7fa2c9e58af8f42"}},
	// 78: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{16, 4, 2}, []uint32{4, 2, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "a98ee9ebf686533d5b706a1cb7a97d6e"}},
	// 79: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{16, 4, 2}, []uint32{4, 2, 1}, 1, 0, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 128, sha: "1e2fa1e477a6c50a2a1004e64b2b75fb"}},
	// 80: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 128, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "e6c1f8b6012e52cfddaf882fa9016fdc"}},
	// 81: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 256, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "d3fcc00bf2a275dec8dc88c8bfe2975d"}},
	// 82: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 512, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "5836b2c29eab382343e74e6469f90b25"}},
	// 83: load u32 il16 sw0 addr+16
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 16, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "e416b1edfbfe1f40ecc7738fb37c1903"}},
	// 84: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 256, sha: "149fda4a7bd958216fb995d3a7951557"}},
	// 85: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 86: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 256, sha: "662e7da2bc02c638f280f88c2f679996"}},
	// 87: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 256, sha: "f5f1e1d3e8a3c116c99ad15922bdf6ca"}},
	// 88: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{3, 0, 0}, ilvGPU{tx: 256, sha: "042a3b9dfcf391e21a3ffd7c57b1a8ac"}},
	// 89: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{4, 0, 0}, ilvGPU{tx: 256, sha: "d9a83a5df1ad17f43deeed78ffde1fa5"}},
	// 90: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{7, 0, 0}, ilvGPU{tx: 256, sha: "12c3316204bbc65ecf06bc2d331ee338"}},
	// 91: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{8, 0, 0}, ilvGPU{tx: 256, sha: "6c08466812546867359d05d024cd0392"}},
	// 92: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{15, 0, 0}, ilvGPU{tx: 256, sha: "65cdd573984e8c4a7a863a6bef7350f2"}},
	// 93: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{16, 0, 0}, ilvGPU{tx: 256, sha: "c250f67fc667e70df3c53182ae459cfc"}},
	// 94: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-1, 0, 0}, ilvGPU{tx: 256, sha: "8aecdd73f200c985a78b71e498207032"}},
	// 95: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-2, 0, 0}, ilvGPU{tx: 256, sha: "5a23cb490485a2d09aa4ab6e900ac7ba"}},
	// 96: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-4, 0, 0}, ilvGPU{tx: 256, sha: "c250f67fc667e70df3c53182ae459cfc"}},
	// 97: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, -1, 0}, ilvGPU{tx: 256, sha: "c250f67fc667e70df3c53182ae459cfc"}},
	// 98: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 5, 0}, ilvGPU{tx: 256, sha: "993dc6a223317037598bfe9600f7bb19"}},
	// 99: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 4}, ilvGPU{tx: 256, sha: "254f773c06aeba026163a2973ecd6f04"}},
	// 100: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-1, -1, -1}, ilvGPU{tx: 256, sha: "c250f67fc667e70df3c53182ae459cfc"}},
	// 101: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 102: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 103: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "b972674cad4ab338ba7790c2db6729d4"}},
	// 104: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "87896df04d698e96f7e0842e74dc2b00"}},
	// 105: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "8df7b394e233c5247e48d1a2d66fa9f6"}},
	// 106: load u32 il32 sw32
	{'L', tma.U32, []uint64{4, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 512, sha: "9bb2a01b378e161af755dc77423d40bc"}},
	// 107: load u32 il32 sw32
	{'L', tma.U32, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 512, sha: "797d5302df930c4958375e41b62f85bf"}},
	// 108: load u32 il32 sw32
	{'L', tma.U32, []uint64{9, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 512, sha: "797d5302df930c4958375e41b62f85bf"}},
	// 109: load u32 il32 sw32
	{'L', tma.U32, []uint64{12, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 512, sha: "797d5302df930c4958375e41b62f85bf"}},
	// 110: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{2, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "590832a09e8a0c6b78051add3d1b3156"}},
	// 111: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 4, 2}, []uint32{1, 2, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 112: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 128, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "364f0d6c6efffea62697ec2406a22228"}},
	// 113: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 256, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "0d96075f8d2796ed8f00e9036fe8d8a2"}},
	// 114: load u32 il32 sw32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 512, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "5fa14afe69ef60b1f3df4e45cda909cf"}},
	// 115: load u32 il32 sw32 dense
	{'L', tma.U32, []uint64{8, 6, 5}, []uint64{32, 192}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "ef6124da63513082a59384abb9a4a602"}},
	// 116: load u32 il32 sw32 addr+32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 32, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "83c7fe09a7bbaec69f62117736958280"}},
	// 117: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 118: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 119: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 120: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 121: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "b972674cad4ab338ba7790c2db6729d4"}},
	// 122: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{3, 1, 1}, ilvGPU{tx: 128, sha: "e69abe0600b59f304756733d438c7864"}},
	// 123: load u32 il16 sw32
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 128, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "571cf1f878b059005be015ed8937dd87"}},
	// 124: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 125: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 126: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 127: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 128: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "d117c4b05087d0c3f9a3b149460d6000"}},
	// 129: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{3, 1, 1}, ilvGPU{tx: 128, sha: "e69abe0600b59f304756733d438c7864"}},
	// 130: load u32 il16 sw64
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 128, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "571cf1f878b059005be015ed8937dd87"}},
	// 131: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 132: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 133: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 134: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 135: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "d117c4b05087d0c3f9a3b149460d6000"}},
	// 136: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{3, 1, 1}, ilvGPU{tx: 128, sha: "e69abe0600b59f304756733d438c7864"}},
	// 137: load u32 il16 sw128
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 128, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "571cf1f878b059005be015ed8937dd87"}},
	// 138: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "cf6a40961c29e58e964c460cc32b5369"}},
	// 139: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 140: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 141: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "406ff41781118f7aa78f646cb10becc1"}},
	// 142: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{64, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "4847b3a3e0f3999d5ddc246943113c2c"}},
	// 143: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 512, sha: "d4a1001273e512abc7dfbd1107f8351b"}},
	// 144: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{4, 1, 1}, ilvGPU{tx: 512, sha: "37796c414e56fb543beb1d77805a0bb9"}},
	// 145: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{16, 1, 1}, ilvGPU{tx: 512, sha: "92f1e902dfd5cf8876ebcc23bc025f9e"}},
	// 146: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-16, 1, 1}, ilvGPU{tx: 512, sha: "284bae3178f1ad37c3082df0ebb83dd8"}},
	// 147: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{48, 1, 1}, ilvGPU{tx: 512, sha: "0e262105a7077720663c5cd01445b821"}},
	// 148: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{56, 1, 1}, ilvGPU{tx: 512, sha: "3114f9cdce5a80cf3ea85e183a59eb8f"}},
	// 149: load u8 il16 sw0
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{60, 1, 1}, ilvGPU{tx: 512, sha: "ea109088f46b0bf06865e038542804f4"}},
	// 150: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "3920bca42921a67eea8d22e3d9c3bb6a"}},
	// 151: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "87896df04d698e96f7e0842e74dc2b00"}},
	// 152: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{64, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 4096, sha: "b535c526fb7bce73c6c00cb9f823ed61"}},
	// 153: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 2048, sha: "1b9a9bbc1cd96a9ac026c996281786fb"}},
	// 154: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{32, 1, 1}, ilvGPU{tx: 2048, sha: "6e9216f9a297c17016f9badaa8c01db3"}},
	// 155: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-32, 1, 1}, ilvGPU{tx: 2048, sha: "9b92bc9376c5db3f510e2b590a3a5f49"}},
	// 156: load u8 il32 sw32
	{'L', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{48, 1, 1}, ilvGPU{tx: 2048, sha: "5fcbdb367dbbae5392eb31814bf2f898"}},
	// 157: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "20372184558957188066f082d06fdbbc"}},
	// 158: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 159: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "cf6a40961c29e58e964c460cc32b5369"}},
	// 160: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 161: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 256, sha: "ea51e9672b8e3f721262468224569461"}},
	// 162: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{8, 1, 1}, ilvGPU{tx: 256, sha: "acdddca59370855bcbab7b9498b37cf3"}},
	// 163: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-8, 1, 1}, ilvGPU{tx: 256, sha: "c250f67fc667e70df3c53182ae459cfc"}},
	// 164: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{24, 1, 1}, ilvGPU{tx: 256, sha: "7a1302cea54663d8e1096927ce0b9db9"}},
	// 165: load u16 il16 sw0
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{28, 1, 1}, ilvGPU{tx: 256, sha: "cc18ee1298096a2176e380009449520d"}},
	// 166: load u16 il32 sw32
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "87896df04d698e96f7e0842e74dc2b00"}},
	// 167: load u16 il32 sw32
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "b972674cad4ab338ba7790c2db6729d4"}},
	// 168: load u16 il32 sw32
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{16, 1, 1}, ilvGPU{tx: 1024, sha: "e9407c84b47d8d7db8b5eca3790797c0"}},
	// 169: load u16 il32 sw32
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{-16, 1, 1}, ilvGPU{tx: 1024, sha: "7ccf6c04fe9a92e34c6e96d56d251555"}},
	// 170: load u16 il32 sw32
	{'L', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{24, 1, 1}, ilvGPU{tx: 1024, sha: "dee8ebebe6e274904c351fac9b54d181"}},
	// 171: load f16 il16 sw0 nan
	{'L', tma.F16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{-8, -1, 0}, ilvGPU{tx: 256, sha: "004145a4d25975fe18ea989837ec57ae"}},
	// 172: load f16 il16 sw0 nan
	{'L', tma.F16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{24, 4, 4}, ilvGPU{tx: 256, sha: "21b2c04adb42d311906685a69d99496b"}},
	// 173: load f16 il16 sw0 nan
	{'L', tma.F16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 256, sha: "43637cc3a1ef2816b43357e1ffcf1a10"}},
	// 174: load bf16 il16 sw0 nan
	{'L', tma.BF16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{-8, -1, 0}, ilvGPU{tx: 256, sha: "004145a4d25975fe18ea989837ec57ae"}},
	// 175: load f32 il16 sw0 nan
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{-4, -1, 0}, ilvGPU{tx: 128, sha: "9db2e19a647eb9435bb63a4460d804a4"}},
	// 176: load f32 il16 sw0 nan
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{14, 5, 4}, ilvGPU{tx: 128, sha: "4da5a595cd378c93af85d27c9950b354"}},
	// 177: load f32 il16 sw0 nan
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{-1, 0, 0}, ilvGPU{tx: 128, sha: "7914027e4a161bda2e8bfc7f9702d6dd"}},
	// 178: load f32 il16 sw0
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-4, -1, 0}, ilvGPU{tx: 128, sha: "5c1c7158da2be4bfd613fc1f4508744d"}},
	// 179: load f32 il32 sw32 nan
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 1, 0, 0, []int32{-8, -1, 0}, ilvGPU{tx: 512, sha: "b8015f3502532763403f8b401b416464"}},
	// 180: load f32 il32 sw32 nan
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 1, 0, 0, []int32{12, 5, 4}, ilvGPU{tx: 512, sha: "3bc16abbd8d5124dc3746034ec27430e"}},
	// 181: load u64 il16 sw0
	{'L', tma.U64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 64, sha: "b2445f9f2f4234b60468906e02ab267c"}},
	// 182: load u64 il16 sw0
	{'L', tma.U64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 64, sha: "fdddbcf56eb8264b6f275d2a9f8745a1"}},
	// 183: load u64 il16 sw0
	{'L', tma.U64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 184: load u64 il16 sw0
	{'L', tma.U64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-2, 0, 0}, ilvGPU{tx: 128, sha: "59125a904e9d16f91cf96f109a1c145e"}},
	// 185: load f64 il32 sw32
	{'L', tma.F64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 186: load f64 il32 sw32
	{'L', tma.F64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{2, 0, 0}, ilvGPU{tx: 256, sha: "f5f1e1d3e8a3c116c99ad15922bdf6ca"}},
	// 187: load f64 il32 sw32 nan
	{'L', tma.F64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 1, 0, 0, []int32{-4, -1, 0}, ilvGPU{tx: 256, sha: "004145a4d25975fe18ea989837ec57ae"}},
	// 188: load s32 il16 sw0
	{'L', tma.S32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 189: load f16 il16 sw0 nc8hwc8
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0, 0}, ilvGPU{tx: 1280, sha: "c768f7aec5c0d88b6bde6e5afd246efa"}},
	// 190: load f16 il16 sw0 nc8hwc8
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1, 1}, ilvGPU{tx: 1280, sha: "951d39506a67797393857cc03e04c87b"}},
	// 191: load f16 il16 sw0 nc8hwc8
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, -1, -1, 0}, ilvGPU{tx: 1280, sha: "3ddb047d49212cebe4eee927ac90d8fc"}},
	// 192: load f16 il16 sw0 nc8hwc8
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 3, 2, 3}, ilvGPU{tx: 1280, sha: "45e6fcf7a3e3e665ec7e5dee983a5e76"}},
	// 193: load f16 il16 sw0 nc8hwc8
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0, 0}, ilvGPU{tx: 1280, sha: "262ef153a1e86d13a2923e0b5644a0b4"}},
	// 194: load f16 il16 sw0 CWHN
	{'L', tma.F16, []uint64{16, 5, 3, 2}, []uint64{16, 80, 480}, []uint32{8, 5, 3, 1}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0, 0}, ilvGPU{tx: 640, sha: "16ad193da592076130ccf0fd3c559af5"}},
	// 195: load f16 il16 sw0 CWHN
	{'L', tma.F16, []uint64{16, 5, 3, 2}, []uint64{16, 80, 480}, []uint32{8, 5, 3, 1}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{8, 0, 0, 0}, ilvGPU{tx: 640, sha: "7c6708416337d0a5735c639a642fd535"}},
	// 196: load f16 il16 sw0 CWHN
	{'L', tma.F16, []uint64{16, 5, 3, 2}, []uint64{16, 80, 480}, []uint32{8, 5, 3, 1}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0, 0}, ilvGPU{tx: 640, sha: "b233226e09ccf1e25a19c77b71d65c31"}},
	// 197: load f16 il16 sw0 CWHN
	{'L', tma.F16, []uint64{16, 5, 3, 2}, []uint64{16, 80, 480}, []uint32{16, 5, 3, 1}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0, 0}, ilvGPU{tx: 1280, sha: "8eaa383847091a77a95db9adccb46cdc"}},
	// 198: load u8 il32 sw32 nc32hw32
	{'L', tma.U8, []uint64{32, 4, 3, 2, 2}, []uint64{32, 128, 384, 768}, []uint32{32, 4, 3, 2, 1}, []uint32{1, 1, 1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0, 0, 0}, ilvGPU{tx: 12288, sha: "0479112d6bf9d06cd84d2561fe838b37"}},
	// 199: load u8 il32 sw32 nc32hw32
	{'L', tma.U8, []uint64{32, 4, 3, 2, 2}, []uint64{32, 128, 384, 768}, []uint32{32, 4, 3, 2, 1}, []uint32{1, 1, 1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1, 1, 1}, ilvGPU{tx: 12288, sha: "b9a5a38eefbc5d65261b4655c83e8a9c"}},
	// 200: load u8 il32 sw32 nc32hw32
	{'L', tma.U8, []uint64{32, 4, 3, 2, 2}, []uint64{32, 128, 384, 768}, []uint32{32, 4, 3, 2, 1}, []uint32{1, 1, 1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, -1, -1, 0, 0}, ilvGPU{tx: 12288, sha: "7dc21fdc59a493441358d688d1f7fbd8"}},
	// 201: load u8 il32 sw32 nc32hw32
	{'L', tma.U8, []uint64{32, 4, 3, 2, 2}, []uint64{32, 128, 384, 768}, []uint32{32, 4, 3, 2, 1}, []uint32{1, 1, 1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 3, 2, 1, 1}, ilvGPU{tx: 12288, sha: "ba5fe00033c615d7bb36639760e0abfe"}},
	// 202: load u32 il16 sw0
	{'L', tma.U32, []uint64{4, 4, 3, 2, 2}, []uint64{16, 64, 192, 384}, []uint32{4, 2, 2, 2, 2}, []uint32{1, 1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0, 0, 0}, ilvGPU{tx: 512, sha: "7987a70d6489036dd09d054d8993a2ae"}},
	// 203: load u32 il16 sw0
	{'L', tma.U32, []uint64{4, 4, 3, 2, 2}, []uint64{16, 64, 192, 384}, []uint32{4, 2, 2, 2, 2}, []uint32{1, 1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1, 1, 1}, ilvGPU{tx: 512, sha: "9099f183e31ac7a2db1b1b3d4574048f"}},
	// 204: load u32 il16 sw0 dense W32
	{'L', tma.U32, []uint64{4, 32, 4}, []uint64{16, 512}, []uint32{4, 8, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 128, sha: "215586b6202fc7be296550ad4e0787f2"}},
	// 205: load u32 il16 sw0 dense W32
	{'L', tma.U32, []uint64{4, 32, 4}, []uint64{16, 512}, []uint32{4, 8, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 4, 1}, ilvGPU{tx: 128, sha: "5d81c355b01b63db39de346f784f87e1"}},
	// 206: load u32 il16 sw0 dense W32
	{'L', tma.U32, []uint64{4, 32, 4}, []uint64{16, 512}, []uint32{4, 8, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 28, 3}, ilvGPU{tx: 128, sha: "fd8033106cd409891402878f05906dc8"}},
	// 207: load u8 il32 sw32 dense W16
	{'L', tma.U8, []uint64{32, 16, 4}, []uint64{32, 512}, []uint32{32, 8, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 2048, sha: "741a0130fb8cfaf0bf4476a08a8467c4"}},
	// 208: load u8 il32 sw32 dense W16
	{'L', tma.U8, []uint64{32, 16, 4}, []uint64{32, 512}, []uint32{32, 8, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 12, 3}, ilvGPU{tx: 2048, sha: "6b5fc59e1b75693fe4a4a3eeedaa7674"}},
	// 209: load f16 il16 sw64
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 0, 0, 0}, ilvGPU{tx: 1280, sha: "e77d8bfac703d05fef6ba9bd7d036900"}},
	// 210: load f16 il16 sw128
	{'L', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 0, 0, 0}, ilvGPU{tx: 1280, sha: "2e9a54cb84dbc21005e8ede731fab90a"}},
	// 211: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 0, sha: "91592d7968e1cd24c72596365d93b94a"}},
	// 212: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
	// 213: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 0, sha: "ff231f405d4319456228051294ff5304"}},
	// 214: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{2, 1, 0}, ilvGPU{tx: 0, sha: "2a38c7e424895bfc5320503431ea1b79"}},
	// 215: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{14, 0, 0}, ilvGPU{tx: 0, sha: "577cc2c5c9b8f0ab0d9dfc56a7b54702"}},
	// 216: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{15, 5, 4}, ilvGPU{tx: 0, sha: "c8b26eefbcac3f84d13f884c7c3891d0"}},
	// 217: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 4, 3}, ilvGPU{tx: 0, sha: "7e5fa113012d4a0cafd4e67a6dbdd6b5"}},
	// 218: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{64, 0, 0}, ilvGPU{tx: 0, sha: "de2f256064a0af797747c2b97505dc0b"}},
	// 219: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{-1, 0, 0}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 220: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, -1, 0}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 221: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{1, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 222: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{2, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 223: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "eb58668fc8297ac99be05519e3a03357"}},
	// 224: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{2, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "7278e9b5de65fd23f17ca78707d30063"}},
	// 225: store u32 il16 sw0
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 4, 2}, []uint32{1, 2, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
	// 226: store u32 il32 sw32
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0}, ilvGPU{tx: 0, sha: "d53c113cae1fe982b35ec4a31786434b"}},
	// 227: store u32 il32 sw32
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 0, sha: "0095be8d6fd727a3b12ff895e05e5fae"}},
	// 228: store u32 il32 sw32
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{7, 0, 0}, ilvGPU{tx: 0, sha: "b02e2e3bf62419ba3ea0b0759ce8efe5"}},
	// 229: store u32 il32 sw32
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{15, 5, 4}, ilvGPU{tx: 0, sha: "7771ecbf90b9cab71c2bacf5a675ea43"}},
	// 230: store u32 il32 sw32
	{'S', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 128, []int32{0, 0, 0}, ilvGPU{tx: 0, sha: "4447fbe13bd437de5fe9133739511910"}},
	// 231: store u32 il16 sw64
	{'S', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
	// 232: store u32 il16 sw64
	{'S', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "e424d4c77e847081577ad3d46c72aeae"}},
	// 233: store u32 il16 sw128
	{'S', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
	// 234: store u32 il16 sw128
	{'S', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "e424d4c77e847081577ad3d46c72aeae"}},
	// 235: store f16 il16 sw0 nc8hwc8
	{'S', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1, 1}, ilvGPU{tx: 0, sha: "a59143781e4fe1a518598a7cc4857cb7"}},
	// 236: store f16 il16 sw0 nc8hwc8
	{'S', tma.F16, []uint64{8, 5, 3, 4}, []uint64{16, 80, 240}, []uint32{8, 5, 3, 2}, []uint32{1, 1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 3, 2, 3}, ilvGPU{tx: 0, sha: "f9bc5f7383d4341e6772670227eb2346"}},
	// 237: store u8 il32 sw32 nc32hw32
	{'S', tma.U8, []uint64{32, 4, 3, 2, 2}, []uint64{32, 128, 384, 768}, []uint32{32, 4, 3, 2, 1}, []uint32{1, 1, 1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 0, 0, 0, 0}, ilvGPU{tx: 0, sha: "02f5411086068117d42474811eb3cfbe"}},
	// 238: store f32 il16 sw0
	{'S', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{14, 5, 4}, ilvGPU{tx: 0, sha: "27f8452c94e78d592a13e295b73a2bc0"}},
	// 239: store u8 il16 sw0
	{'S', tma.U8, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{16, 1, 1}, ilvGPU{tx: 0, sha: "52f70b9f2260b6e95c4c0963ad94eeb0"}},
	// 240: store u16 il16 sw0
	{'S', tma.U16, []uint64{32, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{8, 1, 1}, ilvGPU{tx: 0, sha: "0d28bca0b672d043644d44d52e73655a"}},
	// 241: reduce u32 il16 sw0
	{'R', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "b0ff8ba75d68eb5f3dca43b4acccb36d"}},
	// 242: reduce u32 il32 sw32
	{'R', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{1, 0, 0}, ilvGPU{tx: 0, sha: "d777057827f83989a1625b189f34f00f"}},
	// 243: load u32 il16 sw0 rank 2
	{'L', tma.U32, []uint64{16, 6}, []uint64{256}, []uint32{4, 3}, []uint32{1, 1}, 1, 0, 0, 0, 0, []int32{0, 0}, ilvGPU{refused: true}},
	// 244: load u32 il16 sw0 rank 1
	{'L', tma.U32, []uint64{16}, []uint64{}, []uint32{4}, []uint32{1}, 1, 0, 0, 0, 0, []int32{0}, ilvGPU{refused: true}},
	// 245: load u32 il32 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "20372184558957188066f082d06fdbbc"}},
	// 246: load u32 il32 sw64
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 247: load u32 il32 sw128
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 248: load u32 il16 sw128 256-byte box0
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{64, 3, 2}, []uint32{1, 1, 1}, 1, 3, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "7648da321afffea6f26b9e0216a08b61"}},
	// 249: load u32 il16 sw64 128-byte box0
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 1, 2, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "401cce1b4ed126b6f4d8277dc2883d43"}},
	// 250: load u32 il16 sw32 128-byte box0
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 1, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 1024, sha: "87896df04d698e96f7e0842e74dc2b00"}},
	// 251: load u32 il32 sw32 addr+16
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 16, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 252: load u32 il32 sw32 stride 272
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{272, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 253: load u32 il16 sw0 stride 264
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{264, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 254: load u32 il16 sw0 addr+8
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 8, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 255: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{256, 1, 1}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 4096, sha: "bb63cb08eb1933ff2325dcc206e42f72"}},
	// 256: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{257, 1, 1}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 257: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{8, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 32, sha: "7fa77e9b436938aef79c8da4627f7b5d"}},
	// 258: load u32 il16 sw0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{9, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 259: load u8 il16 sw0 dims0 17
	{'L', tma.U8, []uint64{17, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "cf6a40961c29e58e964c460cc32b5369"}},
	// 260: load u32 il16 sw0 dims0 2^32
	{'L', tma.U32, []uint64{4294967296, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 261: load u32 il16 sw0 dims0 2^32+1
	{'L', tma.U32, []uint64{4294967297, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 262: load u32 il16 sw0 nan nan fill on u32
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 263: load u64 il32 sw32 64-byte box0
	{'L', tma.U64, []uint64{8, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 512, sha: "b972674cad4ab338ba7790c2db6729d4"}},
	// 264: load u16 il32 sw32 64-byte box0
	{'L', tma.U16, []uint64{64, 6, 5}, []uint64{256, 2048}, []uint32{32, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 2048, sha: "3920bca42921a67eea8d22e3d9c3bb6a"}},
	// 265: load u32 il16 sw0 stride 16 < dims0 bytes
	{'L', tma.U32, []uint64{64, 6, 5}, []uint64{16, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "97f20b7b39887dc457e5cfa0c425f7d1"}},
	// 266: load u32 il64 sw0 interleave 3
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 3, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{refused: true}},
	// 267: load u32 il16 sw0 stride1 < stride0
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 128}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "2d0f50c8d7f491c5957948268fc8e319"}},
	// 268: load u32 il0 sw0 control: no interleave c0 1
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 0, 0, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 269: load u32 il0 sw0 control: no interleave
	{'L', tma.U32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 0, 0, 0, 0, 0, []int32{4, 1, 1}, ilvGPU{tx: 96, sha: "fc4250e65454ed20524eda057638ef03"}},
	// 270: load u32 il16 sw0 dims0 large
	{'L', tma.U32, []uint64{4294967295, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 271: load u32 il16 sw0 dims0 large
	{'L', tma.U32, []uint64{2147483649, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 272: load u32 il16 sw0 dims0 large
	{'L', tma.U32, []uint64{2147483648, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 273: load u32 il16 sw0 dims0 large
	{'L', tma.U32, []uint64{2147483647, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 274: load u32 il16 sw0 dims0 large
	{'L', tma.U32, []uint64{268435456, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 275: load u32 il32 sw32 dims0 large
	{'L', tma.U32, []uint64{4294967296, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 276: load u32 il32 sw32 dims0 large
	{'L', tma.U32, []uint64{2147483648, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 256, sha: "a1b76c5a3c3d9ca7d322d571b62bfdef"}},
	// 277: load u32 il0 sw0 control: no interleave, dims0 large
	{'L', tma.U32, []uint64{4294967296, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 0, 0, 0, 0, 0, []int32{4, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 278: load u32 il0 sw0 control: no interleave, dims0 large
	{'L', tma.U32, []uint64{4294967295, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 0, 0, 0, 0, 0, []int32{4, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 279: load u8 il16 sw0 dims0 2^32
	{'L', tma.U8, []uint64{4294967296, 6, 5}, []uint64{256, 2048}, []uint32{16, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 280: store u32 il16 sw0 dims0 2^32
	{'S', tma.U32, []uint64{4294967296, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 281: store u32 il16 sw0 dims0 2^31
	{'S', tma.U32, []uint64{2147483648, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
	// 282: load tf32 il16 sw0 tf32
	{'L', tma.TF32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "27ad22fca5676a7068933bf266b677cf"}},
	// 283: load tf32 il16 sw0 nan tf32
	{'L', tma.TF32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 1, 0, 0, []int32{-1, -1, 0}, ilvGPU{tx: 128, sha: "9db2e19a647eb9435bb63a4460d804a4"}},
	// 284: load tf32 il32 sw32 tf32
	{'L', tma.TF32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{8, 3, 2}, []uint32{1, 1, 1}, 2, 1, 0, 0, 0, []int32{1, 1, 1}, ilvGPU{tx: 512, sha: "4f4bcb6622f60bd669af5a1e106d75a5"}},
	// 285: load f32 il16 sw0 f32 control for tf32
	{'L', tma.F32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 128, sha: "46f7c20c81d43d3c089dabedded1dd4c"}},
	// 286: store tf32 il16 sw0 tf32
	{'S', tma.TF32, []uint64{16, 6, 5}, []uint64{256, 2048}, []uint32{4, 3, 2}, []uint32{1, 1, 1}, 1, 0, 0, 0, 0, []int32{0, 1, 1}, ilvGPU{tx: 0, sha: "ead732e0168162a8aefddfc7c4df4f3f"}},
}
