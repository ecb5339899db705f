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
	"github.com/sm90sim/sm90sim/smem"
	"github.com/sm90sim/sm90sim/tma"
)

// rpEdit is one tensormap.replace of a case: the PTX field, the ordinal and
// the new value; rel 1 / 2 adds the address of src / spec to it.
type rpEdit struct {
	field string
	ord   int
	v     uint64
	rel   int
}

// rpGPU is what an H200 gave for a case of tools/record/tmap_replace_probe.cu
// (2026-11-25, driver 580.159.04, nvcc 13.0): the fault, or the barrier
// flag, the number of shared words the load changed and the first 128 bits
// of the sha256 of the 4096-byte shared image (for stores: the stored box
// read back, see rpCase).
type rpGPU struct {
	fault   string
	flag    uint32
	written int
	sha     string
}

// rpCase is one case of the probe, replayed by a hand-written kernel of one
// warp (rpCase.ptx) that does what the probe kernel does on that path:
//
//	'P' the by-value map param; 'M' the map in global memory (gmaps[base]) with
//	fence.proxy.tensormap::generic.acquire; 'S' gmaps[base] copied into shared
//	memory by 8 lanes, edited by lane 0 with tensormap.replace...shared::cta,
//	copied to the global slot `work` by the warp with tensormap.cp_fenceproxy,
//	acquired and loaded; 'p' the same from the param map; 'G' lane 0 copies
//	gmaps[base] to work, edits it with tensormap.replace...global and fences it
//	with fence.proxy.tensormap::generic.release/acquire; 'T' a TMA store of
//	spec[0..127] (the box [16, 8] at c) with gmaps[base].
//
// Shared memory holds 0xEEEE0000 | word before the load (one tile of rank dim
// at c into img + 0, expect_tx tx). pf bit 0: prefetch.tensormap first; bit 1:
// cp.async.bulk.prefetch.tensor of the box first.
type rpCase struct {
	name  string
	path  byte
	base  int
	dim   int
	tx    int
	pf    int
	c     []int32
	edits []rpEdit
	gpu   rpGPU
}

// rpEnum are the fields whose new value is an immediate.
var rpEnum = map[string]bool{"elemtype": true, "interleave_layout": true, "swizzle_mode": true, "fill_mode": true}

func (c rpCase) ptx() string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format+"\n", a...) }
	b.WriteString(header + `
.visible .entry k(.param .align 64 .b8 pm[128], .param .u64 gmaps, .param .u64 work, .param .u64 src, .param .u64 spec, .param .u64 out)
{
	.reg .pred %p<6>;
	.reg .b32 %r<40>;
	.reg .b64 %rd<40>;
	.shared .align 1024 .b8 img[4096];
	.shared .align 128 .b8 smap[128];
	.shared .align 8 .b64 bar;
	ld.param.u64 %rd1, [gmaps];
	ld.param.u64 %rd2, [work];
	ld.param.u64 %rd3, [src];
	ld.param.u64 %rd4, [spec];
	ld.param.u64 %rd5, [out];
	mov.b64 %rd6, pm;
	cvta.param.u64 %rd7, %rd6;
	mov.u32 %r1, %tid.x;
	mov.u32 %r2, img;
	mov.u32 %r3, smap;
	mov.u32 %r4, bar;
	setp.ne.u32 %p1, %r1, 0;
	mov.u32 %r5, %r1;
FILL:
	or.b32 %r6, %r5, 0xEEEE0000;
	shl.b32 %r7, %r5, 2;
	add.u32 %r8, %r2, %r7;
	st.shared.u32 [%r8], %r6;
	add.u32 %r5, %r5, 32;
	setp.lt.u32 %p2, %r5, 1024;
	@%p2 bra FILL;
	@%p1 bra INITED;
	mbarrier.init.shared::cta.b64 [%r4], 1;
	fence.mbarrier_init.release.cluster;
INITED:
	fence.proxy.async.shared::cta;
	bar.warp.sync -1;`)
	w("\tadd.s64 %%rd8, %%rd1, %d;", 128*c.base) // gmaps[base]
	coords := make([]string, len(c.c))
	for i, v := range c.c {
		coords[i] = fmt.Sprint(v)
	}
	crd := strings.Join(coords, ", ")
	if c.path == 'T' {
		w(`	shl.b32 %%r9, %%r1, 4;
	cvt.u64.u32 %%rd9, %%r9;
	add.s64 %%rd10, %%rd4, %%rd9;
	ld.global.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%rd10];
	add.u32 %%r14, %%r2, %%r9;
	st.shared.v4.u32 [%%r14], {%%r10, %%r11, %%r12, %%r13};
	fence.proxy.async.shared::cta;
	bar.warp.sync -1;
	@%%p1 bra END;
	cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%%rd8, {%s}], [%%r2];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group 0;
	mov.u32 %%r15, 1;
	st.global.u32 [%%rd5+4096], %%r15;
END:
	ret;
}`, crd)
		return b.String()
	}
	edit := func(space, addr string) {
		for i, e := range c.edits {
			ty, reg := "b32", fmt.Sprintf("%%r%d", 20+i)
			if e.field == "global_address" || e.field == "global_stride" {
				ty, reg = "b64", fmt.Sprintf("%%rd%d", 20+i)
			}
			switch {
			case rpEnum[e.field]:
				w("\ttensormap.replace.tile.%s.%s.b1024.b32 [%s], %d;", e.field, space, addr, e.v)
				continue
			case e.rel != 0:
				w("\tadd.s64 %s, %%rd%d, %d;", reg, 2+e.rel, e.v)
			default:
				w("\tmov.%s %s, %d;", ty, reg, e.v)
			}
			ord := ""
			if e.field != "global_address" && e.field != "rank" {
				ord = fmt.Sprintf("%d, ", e.ord)
			}
			w("\ttensormap.replace.tile.%s.%s.b1024.%s [%s], %s%s;", e.field, space, ty, addr, ord, reg)
		}
	}
	switch c.path {
	case 'P':
		w("\tmov.b64 %%rd11, %%rd7;")
	case 'M':
		w("\tmov.b64 %%rd11, %%rd8;\n\t@%%p1 bra ACQ;\n\tfence.proxy.tensormap::generic.acquire.gpu [%%rd11], 128;\nACQ:")
	case 'S', 'p':
		from := "%rd8"
		if c.path == 'p' {
			from = "%rd7"
		}
		w(`	setp.ge.u32 %%p3, %%r1, 8;
	@%%p3 bra COPIED;
	shl.b32 %%r9, %%r1, 4;
	cvt.u64.u32 %%rd9, %%r9;
	add.s64 %%rd10, %s, %%rd9;
	ld.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%rd10];
	add.u32 %%r14, %%r3, %%r9;
	st.shared.v4.u32 [%%r14], {%%r10, %%r11, %%r12, %%r13};
COPIED:
	bar.warp.sync -1;
	@%%p1 bra EDITED;`, from)
		edit("shared::cta", "%r3")
		w(`EDITED:
	bar.warp.sync -1;
	tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%%rd2], [%%r3], 128;
	mov.b64 %%rd11, %%rd2;
	@%%p1 bra ACQ;
	fence.proxy.tensormap::generic.acquire.gpu [%%rd11], 128;
ACQ:`)
	case 'G':
		w("\t@%%p1 bra EDITED;")
		for i := 0; i < 8; i++ {
			w("\tld.global.v4.u32 {%%r10, %%r11, %%r12, %%r13}, [%%rd8+%d];\n\tst.global.v4.u32 [%%rd2+%d], {%%r10, %%r11, %%r12, %%r13};", 16*i, 16*i)
		}
		edit("global", "%rd2")
		w(`	fence.proxy.tensormap::generic.release.gpu;
	fence.proxy.tensormap::generic.acquire.gpu [%%rd2], 128;
EDITED:
	mov.b64 %%rd11, %%rd2;`)
	}
	w("\tbar.warp.sync -1;\n\tmov.u32 %%r16, 0;\n\t@%%p1 bra LOADED;")
	if c.pf&1 != 0 {
		w("\tprefetch.tensormap [%%rd11];")
	}
	if c.pf&2 != 0 {
		w("\tcp.async.bulk.prefetch.tensor.%dd.L2.global.tile [%%rd11, {%s}];", c.dim, crd)
	}
	w(`	mbarrier.arrive.expect_tx.shared::cta.b64 _, [%%r4], %d;
	cp.async.bulk.tensor.%dd.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%%r2], [%%rd11, {%s}], [%%r4];
LOADED:
	mbarrier.try_wait.parity.shared::cta.b64 %%p2, [%%r4], 0;
	@%%p2 bra WAITED;
	add.u32 %%r16, %%r16, 1;
	setp.lt.u32 %%p4, %%r16, 256;
	@%%p4 bra LOADED;
WAITED:
	selp.u32 %%r15, 1, 0, %%p2;
	mov.u32 %%r5, %%r1;
OUT:
	shl.b32 %%r7, %%r5, 2;
	add.u32 %%r8, %%r2, %%r7;
	ld.shared.u32 %%r6, [%%r8];
	cvt.u64.u32 %%rd12, %%r7;
	add.s64 %%rd13, %%rd5, %%rd12;
	st.global.u32 [%%rd13], %%r6;
	add.u32 %%r5, %%r5, 32;
	setp.lt.u32 %%p2, %%r5, 1024;
	@%%p2 bra OUT;
	@%%p1 bra END;
	st.global.u32 [%%rd5+4096], %%r15;
END:
	ret;
}`, c.tx, c.dim, crd)
	return b.String()
}

// rpSpecWord is the probe's specWord: float specials, exact tf32 ties and
// values at the top of the range.
func rpSpecWord(i uint32) uint32 {
	switch i % 8 {
	case 0:
		return 1 + i
	case 1:
		return 0x80000000 | i<<4
	case 2:
		return 0x7f800001 + i
	case 3:
		return 0xffc00000 | i
	case 4:
		return 0x3f800000 + i*0x1001
	case 5:
		return [4]uint32{0x7f800000, 0x7f7ff000, 0x7f7fefff, 0xff7ff001}[i>>3&3]
	case 6:
		return 0x3f801000 | (i>>3&0x3ff)<<13
	}
	return 0x3fffffff
}

// run returns the case's image (1024 words; for stores the box read back,
// word 16r+c = dst[r][c]), its flag and the run's error. The buffers and
// base maps are those of the probe's host code, in the simulator's encoding.
func (c rpCase) run(t *testing.T) ([]uint32, uint32, *gpu.Result, error) {
	t.Helper()
	p, err := ptx.Load("probe.ptx", []byte(c.ptx()))
	require.NoError(t, err, c.ptx())
	k, err := exec.Compile(p, "k", exec.DefaultLayout())
	require.NoError(t, err)
	g := exec.NewGlobalMem()
	le := binary.LittleEndian
	src := g.Alloc("src", 512*256*4)
	for i := 0; i < 512*256; i++ {
		le.PutUint32(src.Data[4*i:], uint32(i))
	}
	spec := g.Alloc("spec", 32*256*4)
	for i := 0; i < 32*256; i++ {
		le.PutUint32(spec.Data[4*i:], rpSpecWord(uint32(i)))
	}
	dst := g.Alloc("dst", 32*256*4)
	gmaps := g.Alloc("gmaps", 12*tma.Size)
	work := g.Alloc("work", tma.Size)
	out := g.Alloc("out", 1025*4)
	d2, s2 := []uint64{64, 32}, []uint64{1024}
	tiled := func(d tma.DType, a uint64, box ...uint32) tma.TensorMap { return tma.Tiled(d, a, d2, s2, box) }
	maps := []tma.TensorMap{
		tiled(tma.U32, src.Base, 16, 8), tiled(tma.F32, src.Base, 16, 8), tiled(tma.F32, src.Base, 16, 8),
		tma.Tiled(tma.U32, src.Base, []uint64{64, 16, 4}, []uint64{1024, 16384}, []uint32{16, 8, 2}),
		tiled(tma.U32, src.Base, 8, 8), tiled(tma.U32, src.Base, 32, 8),
		tiled(tma.F32FTZ, spec.Base, 16, 8), tiled(tma.TF32, spec.Base, 16, 8), tiled(tma.TF32, spec.Base, 16, 8),
		tiled(tma.TF32FTZ, spec.Base, 16, 8), tiled(tma.TF32, dst.Base, 16, 8), tiled(tma.F32, dst.Base, 16, 8),
	}
	maps[2].OOBFill, maps[8].OOBFill = tma.OOBNaN, tma.OOBNaN
	maps[5].Swizzle = tma.Swizzle128B
	for i := range maps {
		require.Nil(t, maps[i].Validate(), "map %d", i)
		enc := maps[i].Encode()
		copy(gmaps.Data[i*tma.Size:], enc[:])
	}
	params := make([]byte, 168)
	enc := maps[c.base].Encode()
	copy(params, enc[:])
	for i, a := range []uint64{gmaps.Base, work.Base, src.Base, spec.Base, out.Base} {
		le.PutUint64(params[128+8*i:], a)
	}
	// A case whose barrier never completed on the GPU (flag 0: the bounded
	// wait gave up, the copy's complete_tx fell short of expect_tx) reads
	// the image anyway; the hazard checker rightly reports that read, so it
	// is switched off for them.
	l := &exec.Launch{Grid: [3]int{1, 1, 1}, Block: [3]int{32, 1, 1}, Params: params, Global: g, NoHazardCheck: c.gpu.flag == 0}
	res, err := gpu.RunFunctional(gpu.DefaultConfig(), k, l)
	img := make([]uint32, 1024)
	for i := range img {
		if c.path == 'T' {
			if i < 128 {
				img[i] = le.Uint32(dst.Data[4*((i/16)*256+i%16):])
			}
			continue
		}
		img[i] = le.Uint32(out.Data[4*i:])
	}
	return img, le.Uint32(out.Data[4096:]), res, err
}

// rpTF32 are the cases whose data the TMA rounds to tf32 on the GPU (a map
// of type tf32 or tf32.ftz: nearest even on bit 13, NaN -> 0x7fffe000, no
// flush; also after .elemtype := .f32 on such a map: tma.RoundTF32). Their
// images are compared like the others (copying the bits unrounded fails
// every one of them).
var rpTF32 = map[string]bool{
	"S elemtype := 11": true, "S elemtype := 12": true, "S spec elemtype := 11 (tf32)": true,
	"S spec elemtype := 12 (tf32.ftz)": true, "P spec tf32 map (driver) reference": true,
	"P spec tf32_ftz map (driver) reference": true, "P spec tf32 map (driver) rows 8..15": true,
	"P spec tf32 NaN-fill map (driver) (56,28)": true, "S spec u32 elemtype := 11 + fill := 1 (56,28)": true,
	"S spec tf32 map elemtype := 7 (f32)": true, "S spec u32 elemtype := 11 then := 7": true,
	"S spec f32 map elemtype := 11": true,
}

// rpFaults is the simulator's error for each case that faulted on the GPU
// (the GPU's error in the case's rpGPU).
var rpFaults = map[string]string{
	"S addr := src+8 (not 16-aligned)":               "globalAddress must be 16-byte aligned",
	"S gdim0 := 0":                                   "a dimension of 0",
	"S box1 := 0":                                    "out-of-bounds shared access of 16384 bytes",
	"S r3 rank := 2, 2d load":                        "a 2-D copy on a rank-3 tensor map",
	"S sw128 swizzle := 1 (128-byte rows, 32B span)": "must be at most 32 bytes",
	"S u32 fill := 1 (integer type)":                 "nan fill needs a floating-point data type",
	"S f32 elemtype := 2 (u32) on the NaN-fill map":  "nan fill needs a floating-point data type",
}

// rpCases: every case of tools/record/tmap_replace_probe.cu in its order, with
// the H200's result (the comment above each: the GPU's image words 0-7, 16,
// 64, 128 as the probe printed them).
var rpCases = []rpCase{
	// 0: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"P u32 (16,4) no edit", 'P', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 1: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"M u32 host map in global + acquire", 'M', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 2: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"S u32 no edit", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 3: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"Sp u32 no edit (from the param)", 'p', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 4: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"G u32 no edit", 'G', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 5: 00000c10 00000c11 00000c12 00000c13 00000c14 00000c15 00000c16 00000c17 | w16 00000d10 w64 00001010 w128 eeee0080
	{"S addr := src+8192", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_address", 0, 8192, 1}}, rpGPU{flag: 1, written: 128, sha: "a56cecbc71e0f5c44f736a5868783b34"}},
	// 6: 00000c10 00000c11 00000c12 00000c13 00000c14 00000c15 00000c16 00000c17 | w16 00000d10 w64 00001010 w128 eeee0080
	{"Sp addr := src+8192", 'p', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_address", 0, 8192, 1}}, rpGPU{flag: 1, written: 128, sha: "a56cecbc71e0f5c44f736a5868783b34"}},
	// 7: 00000c10 00000c11 00000c12 00000c13 00000c14 00000c15 00000c16 00000c17 | w16 00000d10 w64 00001010 w128 eeee0080
	{"G addr := src+8192", 'G', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_address", 0, 8192, 1}}, rpGPU{flag: 1, written: 128, sha: "a56cecbc71e0f5c44f736a5868783b34"}},
	// 8: 00000414 00000415 00000416 00000417 00000418 00000419 0000041a 0000041b | w16 00000514 w64 00000814 w128 eeee0080
	{"S addr := src+16", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_address", 0, 16, 1}}, rpGPU{flag: 1, written: 128, sha: "e8e9743d1ff591813b34913c4fefd987"}},
	// 9: CUDA_ERROR_MISALIGNED_ADDRESS
	{"S addr := src+8 (not 16-aligned)", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_address", 0, 8, 1}}, rpGPU{fault: "CUDA_ERROR_MISALIGNED_ADDRESS"}},
	// 10: 00000410 00000411 00000412 00000413 00000000 00000000 00000000 00000000 | w16 00000510 w64 00000810 w128 eeee0080
	{"S gdim0 := 20", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_dim", 0, 20, 0}}, rpGPU{flag: 1, written: 128, sha: "9825fe77eaf329d5a30a3b24806b8bcc"}},
	// 11: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000000 w128 eeee0080
	{"S gdim1 := 6", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_dim", 1, 6, 0}}, rpGPU{flag: 1, written: 128, sha: "9216a1b9fb6857b84df0c57cf6643d55"}},
	// 12: 00000410 00000411 00000412 00000413 00000000 00000000 00000000 00000000 | w16 00000510 w64 00000810 w128 eeee0080
	{"G gdim0 := 20", 'G', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_dim", 0, 20, 0}}, rpGPU{flag: 1, written: 128, sha: "9825fe77eaf329d5a30a3b24806b8bcc"}},
	// 13: CUDA_ERROR_ILLEGAL_INSTRUCTION
	{"S gdim0 := 0", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_dim", 0, 0, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 14: 000004f0 000004f1 000004f2 000004f3 000004f4 000004f5 000004f6 000004f7 | w16 000005f0 w64 000008f0 w128 eeee0080
	{"S gdim0 := 300 (past the base 64)", 'S', 0, 2, 512, 0, []int32{240, 4}, []rpEdit{{"global_dim", 0, 300, 0}}, rpGPU{flag: 1, written: 128, sha: "246aace443f0bc77bc8cc6b61167349f"}},
	// 15: 00000050 00000051 00000052 00000053 00000054 00000055 00000056 00000057 | w16 00000060 w64 00000090 w128 eeee0080
	{"S gstride0 := 64", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_stride", 0, 64, 0}}, rpGPU{flag: 1, written: 128, sha: "ec76b467adab2331b86d93ebfb85e871"}},
	// 16: 00000810 00000811 00000812 00000813 00000814 00000815 00000816 00000817 | w16 00000a10 w64 00001010 w128 eeee0080
	{"S gstride0 := 2048", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_stride", 0, 2048, 0}}, rpGPU{flag: 1, written: 128, sha: "88104925242de24cf2e9e5d2908eb495"}},
	// 17: 00000810 00000811 00000812 00000813 00000814 00000815 00000816 00000817 | w16 00000a10 w64 00001010 w128 eeee0080
	{"G gstride0 := 2048", 'G', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_stride", 0, 2048, 0}}, rpGPU{flag: 1, written: 128, sha: "88104925242de24cf2e9e5d2908eb495"}},
	// 18: 00000020 00000021 00000022 00000023 00000024 00000025 00000026 00000027 | w16 00000024 w64 00000030 w128 eeee0080
	{"S gstride0 := 16", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_stride", 0, 16, 0}}, rpGPU{flag: 1, written: 128, sha: "43b1a95335175e65fa76dbd31317b2ed"}},
	// 19: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"S gstride0 := 1032 (not a multiple of 16)", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"global_stride", 0, 1032, 0}}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 20: 00000810 00000811 00000812 00000813 00000814 00000815 00000816 00000817 | w16 00000910 w64 00000c10 w128 00000c10
	{"S r3 gstride1 := 4096 (3d)", 'S', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"global_stride", 1, 4096, 0}}, rpGPU{flag: 1, written: 256, sha: "c3e6b9cffa29a51a18112e39dac6ca1a"}},
	// 21: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 eeee0040 w128 eeee0080
	{"S box1 := 4", 'S', 0, 2, 256, 0, []int32{16, 4}, []rpEdit{{"box_dim", 1, 4, 0}}, rpGPU{flag: 1, written: 64, sha: "1036f85865003c16c4ca4c06a526b300"}},
	// 22: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000610 w64 eeee0040 w128 eeee0080
	{"S box0 := 8", 'S', 0, 2, 256, 0, []int32{16, 4}, []rpEdit{{"box_dim", 0, 8, 0}}, rpGPU{flag: 1, written: 64, sha: "faf260a56116b5b2185006febb992264"}},
	// 23: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 eeee0040 w128 eeee0080
	{"G box1 := 4", 'G', 0, 2, 256, 0, []int32{16, 4}, []rpEdit{{"box_dim", 1, 4, 0}}, rpGPU{flag: 1, written: 64, sha: "1036f85865003c16c4ca4c06a526b300"}},
	// 24: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000010 w64 00000200 w128 00000400
	{"S box0 := 32, box1 := 16 (0,0)", 'S', 0, 2, 2048, 0, []int32{0, 0}, []rpEdit{{"box_dim", 0, 32, 0}, {"box_dim", 1, 16, 0}}, rpGPU{flag: 1, written: 512, sha: "73eef1454a47815e0eab425f744926a7"}},
	// 25: CUDA_ERROR_ILLEGAL_ADDRESS
	{"S box1 := 0", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"box_dim", 1, 0, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_ADDRESS"}},
	// 26: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000610 w64 eeee0040 w128 eeee0080
	{"S estride1 := 2", 'S', 0, 2, 256, 0, []int32{16, 4}, []rpEdit{{"element_stride", 1, 2, 0}}, rpGPU{flag: 1, written: 64, sha: "d5d556e416e55d6b988de6e9008a3d4c"}},
	// 27: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000710 w64 eeee0040 w128 eeee0080
	{"S estride1 := 3", 'S', 0, 2, 192, 0, []int32{16, 4}, []rpEdit{{"element_stride", 1, 3, 0}}, rpGPU{flag: 1, written: 48, sha: "bf734e90e5b558dfd8985f18a197b8bd"}},
	// 28: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000610 w64 eeee0040 w128 eeee0080
	{"G estride1 := 2", 'G', 0, 2, 256, 0, []int32{16, 4}, []rpEdit{{"element_stride", 1, 2, 0}}, rpGPU{flag: 1, written: 64, sha: "d5d556e416e55d6b988de6e9008a3d4c"}},
	// 29: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"S estride0 := 2 (no interleave)", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"element_stride", 0, 2, 0}}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 30: 00001410 00001411 00001412 00001413 00001414 00001415 00001416 00001417 | w16 00001510 w64 00001810 w128 00002410
	{"P r3 (16,4,1) reference", 'P', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{}, rpGPU{flag: 1, written: 256, sha: "792e0470d06dc442ab82d670ea2228dd"}},
	// 31: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"S r3 rank := 1, 2d load", 'S', 3, 2, 512, 0, []int32{16, 4}, []rpEdit{{"rank", 0, 1, 0}}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 32: 00001410 00001411 00001412 00001413 00001414 00001415 00001416 00001417 | w16 00001510 w64 00001810 w128 00002410
	{"S r3 rank := 2, 3d load", 'S', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"rank", 0, 2, 0}}, rpGPU{flag: 1, written: 256, sha: "792e0470d06dc442ab82d670ea2228dd"}},
	// 33: CUDA_ERROR_ILLEGAL_INSTRUCTION
	{"S r3 rank := 2, 2d load", 'S', 3, 2, 512, 0, []int32{16, 4}, []rpEdit{{"rank", 0, 2, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 34: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"G r3 rank := 1, 2d load", 'G', 3, 2, 512, 0, []int32{16, 4}, []rpEdit{{"rank", 0, 1, 0}}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 35: 00000510 00000511 00000512 00000513 00000514 00000515 00000516 00000517 | w16 00000610 w64 00000910 w128 00000610
	{"S u32 rank := 2 + dim2 (gdim 4, gstride 1024, box 2, estride 1), 3d", 'S', 0, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"rank", 0, 2, 0}, {"global_dim", 2, 4, 0}, {"global_stride", 1, 1024, 0}, {"box_dim", 2, 2, 0}, {"element_stride", 2, 1, 0}}, rpGPU{flag: 1, written: 256, sha: "24f11acd827267f4a214ab591a64dee2"}},
	// 36: 00000010 00000011 00000012 00000013 00000014 00000015 00000016 00000017 | w16 eeee0010 w64 eeee0040 w128 eeee0080
	{"S u32 rank := 0, 1d load", 'S', 0, 1, 64, 0, []int32{16}, []rpEdit{{"rank", 0, 0, 0}}, rpGPU{flag: 1, written: 16, sha: "b4f949e5638c9107319501a59745155e"}},
	// 37: 00000100 00000101 00000102 00000103 00000200 00000201 00000202 00000203 | w16 00000500 w64 eeee0040 w128 eeee0080
	{"S elemtype := 0", 'S', 0, 2, 128, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 0, 0}}, rpGPU{flag: 1, written: 32, sha: "60c5fadd7316325ada90b9ee984c0388"}},
	// 38: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000300 w64 eeee0040 w128 eeee0080
	{"S elemtype := 1", 'S', 0, 2, 256, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 1, 0}}, rpGPU{flag: 1, written: 64, sha: "96233539fa8f40f8e5f4b57b3b9a0ee6"}},
	// 39: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000200 w64 00000500 w128 eeee0080
	{"S elemtype := 2", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 2, 0}}, rpGPU{flag: 1, written: 128, sha: "faaa580cce301e9cec23a846a998af79"}},
	// 40: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000200 w64 00000500 w128 eeee0080
	{"S elemtype := 3", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 3, 0}}, rpGPU{flag: 1, written: 128, sha: "faaa580cce301e9cec23a846a998af79"}},
	// 41: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000110 w64 00000300 w128 00000500
	{"S elemtype := 4", 'S', 0, 2, 1024, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 4, 0}}, rpGPU{flag: 1, written: 256, sha: "6605981d42f95521341b7c92f704b0a6"}},
	// 42: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000110 w64 00000300 w128 00000500
	{"S elemtype := 5", 'S', 0, 2, 1024, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 5, 0}}, rpGPU{flag: 1, written: 256, sha: "6605981d42f95521341b7c92f704b0a6"}},
	// 43: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000300 w64 eeee0040 w128 eeee0080
	{"S elemtype := 6", 'S', 0, 2, 256, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 6, 0}}, rpGPU{flag: 1, written: 64, sha: "96233539fa8f40f8e5f4b57b3b9a0ee6"}},
	// 44: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000200 w64 00000500 w128 eeee0080
	{"S elemtype := 7", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 7, 0}}, rpGPU{flag: 1, written: 128, sha: "faaa580cce301e9cec23a846a998af79"}},
	// 45: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000200 w64 00000500 w128 eeee0080
	{"S elemtype := 8", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 8, 0}}, rpGPU{flag: 1, written: 128, sha: "faaa580cce301e9cec23a846a998af79"}},
	// 46: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000110 w64 00000300 w128 00000500
	{"S elemtype := 9", 'S', 0, 2, 1024, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 9, 0}}, rpGPU{flag: 1, written: 256, sha: "6605981d42f95521341b7c92f704b0a6"}},
	// 47: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000300 w64 eeee0040 w128 eeee0080
	{"S elemtype := 10", 'S', 0, 2, 256, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 10, 0}}, rpGPU{flag: 1, written: 64, sha: "96233539fa8f40f8e5f4b57b3b9a0ee6"}},
	// 48: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S elemtype := 11", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 11, 0}}, rpGPU{flag: 1, written: 128, sha: "758eb465974cd66a7e19122c2bf7d053"}},
	// 49: 00000000 00000000 00000000 00000000 00000000 00000000 00000000 00000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S elemtype := 12", 'S', 0, 2, 512, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 12, 0}}, rpGPU{flag: 1, written: 128, sha: "758eb465974cd66a7e19122c2bf7d053"}},
	// 50: 00000100 00000101 00000102 00000103 00000104 00000105 00000106 00000107 | w16 00000300 w64 eeee0040 w128 eeee0080
	{"G elemtype := 6", 'G', 0, 2, 256, 0, []int32{0, 1}, []rpEdit{{"elemtype", 0, 6, 0}}, rpGPU{flag: 1, written: 64, sha: "96233539fa8f40f8e5f4b57b3b9a0ee6"}},
	// 51: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000101 w64 00000401 w128 eeee0080
	{"S spec elemtype := 7 (f32)", 'S', 0, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 7, 0}}, rpGPU{flag: 1, written: 128, sha: "3f10b3219e0a4d80cc817ed9aa6d4790"}},
	// 52: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000101 w64 00000401 w128 eeee0080
	{"S spec elemtype := 8 (f32.ftz)", 'S', 0, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 8, 0}}, rpGPU{flag: 1, written: 128, sha: "3f10b3219e0a4d80cc817ed9aa6d4790"}},
	// 53: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S spec elemtype := 11 (tf32)", 'S', 0, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 11, 0}}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 54: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S spec elemtype := 12 (tf32.ftz)", 'S', 0, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 12, 0}}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 55: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000201 w64 eeee0040 w128 eeee0080
	{"S spec elemtype := 6 (f16)", 'S', 0, 2, 256, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 6, 0}}, rpGPU{flag: 1, written: 64, sha: "2fd4707ecea305dea0dbd1519736560a"}},
	// 56: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000201 w64 eeee0040 w128 eeee0080
	{"S spec elemtype := 10 (bf16)", 'S', 0, 2, 256, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 10, 0}}, rpGPU{flag: 1, written: 64, sha: "2fd4707ecea305dea0dbd1519736560a"}},
	// 57: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000011 w64 00000201 w128 00000401
	{"S spec elemtype := 9 (f64)", 'S', 0, 2, 1024, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 9, 0}}, rpGPU{flag: 1, written: 256, sha: "1f45dbb2ce49864d80d7a02c0efca653"}},
	// 58: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000101 w64 00000401 w128 eeee0080
	{"P spec f32_ftz map (driver) reference", 'P', 6, 2, 512, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "3f10b3219e0a4d80cc817ed9aa6d4790"}},
	// 59: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"P spec tf32 map (driver) reference", 'P', 7, 2, 512, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 60: 00001410 00001411 00001412 00001413 00001414 00001415 00001416 00001417 | w16 00001510 w64 00001810 w128 00002410
	{"S r3 interleave := 0", 'S', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"interleave_layout", 0, 0, 0}}, rpGPU{flag: 1, written: 256, sha: "792e0470d06dc442ab82d670ea2228dd"}},
	// 61: 00001440 00001441 00001442 00001443 00001444 00001445 00001446 00001447 | w16 00001450 w64 00002440 w128 eeee0080
	{"S r3 interleave := 1 (16B)", 'S', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"interleave_layout", 0, 1, 0}}, rpGPU{flag: 0, written: 128, sha: "d0c32f01556ff23f61c2bd6b5928f5af"}},
	// 62: 00001480 00001481 00001482 00001483 00001484 00001485 00001486 00001487 | w16 00001490 w64 000014c0 w128 00002480
	{"S r3 interleave := 2 (32B) + swizzle 1", 'S', 3, 3, 1024, 0, []int32{16, 4, 1}, []rpEdit{{"interleave_layout", 0, 2, 0}, {"swizzle_mode", 0, 1, 0}}, rpGPU{flag: 1, written: 256, sha: "0f7b05a4fd7db8e4ea1b91ebd3152dc4"}},
	// 63: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000200 w64 eeee0040 w128 eeee0080
	{"P b8 (0,0) reference", 'P', 4, 2, 256, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 64, sha: "2ce8fef6affdd8332ab141c08364ec0c"}},
	// 64: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000200 w64 eeee0040 w128 eeee0080
	{"S b8 swizzle := 1", 'S', 4, 2, 256, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 1, 0}}, rpGPU{flag: 1, written: 64, sha: "aba97961d1c1b07d0d85d86e32aa07cb"}},
	// 65: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000100 w64 eeee0040 w128 eeee0080
	{"S b8 swizzle := 2", 'S', 4, 2, 256, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 2, 0}}, rpGPU{flag: 1, written: 64, sha: "b78ac00d27f81773adfde64eb9864a57"}},
	// 66: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 eeee0010 w64 eeee0040 w128 eeee0080
	{"S b8 swizzle := 3", 'S', 4, 2, 256, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 3, 0}}, rpGPU{flag: 1, written: 64, sha: "e1d7eeea3ea43bb6ed4f994259f8a100"}},
	// 67: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 eeee0010 w64 eeee0040 w128 eeee0080
	{"G b8 swizzle := 3", 'G', 4, 2, 256, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 3, 0}}, rpGPU{flag: 1, written: 64, sha: "e1d7eeea3ea43bb6ed4f994259f8a100"}},
	// 68: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000010 w64 00000208 w128 00000410
	{"P sw128 (0,0) reference", 'P', 5, 2, 1024, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 256, sha: "687360374c157dac8e1e7236bad2f3d2"}},
	// 69: 00000000 00000001 00000002 00000003 00000004 00000005 00000006 00000007 | w16 00000010 w64 00000200 w128 00000400
	{"S sw128 swizzle := 0", 'S', 5, 2, 1024, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 0, 0}}, rpGPU{flag: 1, written: 256, sha: "b16946594a27fa2f788d8daf53d2b43d"}},
	// 70: CUDA_ERROR_ILLEGAL_INSTRUCTION
	{"S sw128 swizzle := 1 (128-byte rows, 32B span)", 'S', 5, 2, 1024, 0, []int32{0, 0}, []rpEdit{{"swizzle_mode", 0, 1, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 71: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 eeee0010 w64 00000618 w128 eeee0080
	{"S u32 swizzle := 3 (64-byte rows)", 'S', 0, 2, 512, 0, []int32{16, 4}, []rpEdit{{"swizzle_mode", 0, 3, 0}}, rpGPU{flag: 1, written: 128, sha: "5faba03813747ee6d659a698b70b2f84"}},
	// 72: 00001c38 00001c39 00001c3a 00001c3b 00001c3c 00001c3d 00001c3e 00001c3f | w16 00001d38 w64 00000000 w128 eeee0080
	{"P f32 (56,28) zero-fill reference", 'P', 1, 2, 512, 0, []int32{56, 28}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "0ec7f26d44c502c9e967ef8bcbdc6006"}},
	// 73: 00001c38 00001c39 00001c3a 00001c3b 00001c3c 00001c3d 00001c3e 00001c3f | w16 00001d38 w64 7ff77ff7 w128 eeee0080
	{"P f32nan (56,28) NaN-fill reference", 'P', 2, 2, 512, 0, []int32{56, 28}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "675e2cb59db0c6ca4d309c3d3f626e5d"}},
	// 74: 00001c38 00001c39 00001c3a 00001c3b 00001c3c 00001c3d 00001c3e 00001c3f | w16 00001d38 w64 7ff77ff7 w128 eeee0080
	{"S f32 fill := 1", 'S', 1, 2, 512, 0, []int32{56, 28}, []rpEdit{{"fill_mode", 0, 1, 0}}, rpGPU{flag: 1, written: 128, sha: "675e2cb59db0c6ca4d309c3d3f626e5d"}},
	// 75: 00001c38 00001c39 00001c3a 00001c3b 00001c3c 00001c3d 00001c3e 00001c3f | w16 00001d38 w64 00000000 w128 eeee0080
	{"S f32nan fill := 0", 'S', 2, 2, 512, 0, []int32{56, 28}, []rpEdit{{"fill_mode", 0, 0, 0}}, rpGPU{flag: 1, written: 128, sha: "0ec7f26d44c502c9e967ef8bcbdc6006"}},
	// 76: 00001c38 00001c39 00001c3a 00001c3b 00001c3c 00001c3d 00001c3e 00001c3f | w16 00001d38 w64 7ff77ff7 w128 eeee0080
	{"G f32 fill := 1", 'G', 1, 2, 512, 0, []int32{56, 28}, []rpEdit{{"fill_mode", 0, 1, 0}}, rpGPU{flag: 1, written: 128, sha: "675e2cb59db0c6ca4d309c3d3f626e5d"}},
	// 77: CUDA_ERROR_ILLEGAL_INSTRUCTION
	{"S u32 fill := 1 (integer type)", 'S', 0, 2, 512, 0, []int32{56, 28}, []rpEdit{{"fill_mode", 0, 1, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 78: CUDA_ERROR_ILLEGAL_INSTRUCTION
	{"S f32 elemtype := 2 (u32) on the NaN-fill map", 'S', 2, 2, 512, 0, []int32{56, 28}, []rpEdit{{"elemtype", 0, 2, 0}}, rpGPU{fault: "CUDA_ERROR_ILLEGAL_INSTRUCTION"}},
	// 79: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"P u32 + prefetch.tensormap", 'P', 0, 2, 512, 1, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 80: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"P u32 + cp.async.bulk.prefetch.tensor", 'P', 0, 2, 512, 2, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 81: 00000410 00000411 00000412 00000413 00000414 00000415 00000416 00000417 | w16 00000510 w64 00000810 w128 eeee0080
	{"M u32 + prefetch.tensormap (map in global)", 'M', 0, 2, 512, 1, []int32{16, 4}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "d48c6aea210fe379d2b96d5d954674da"}},
	// 82: 00000c10 00000c11 00000c12 00000c13 00000c14 00000c15 00000c16 00000c17 | w16 00000d10 w64 00001010 w128 eeee0080
	{"S addr := src+8192 + both prefetches", 'S', 0, 2, 512, 3, []int32{16, 4}, []rpEdit{{"global_address", 0, 8192, 1}}, rpGPU{flag: 1, written: 128, sha: "a56cecbc71e0f5c44f736a5868783b34"}},
	// 83: 00000410 00000411 00000412 00000413 00000000 00000000 00000000 00000000 | w16 00000510 w64 00000810 w128 eeee0080
	{"G gdim0 := 20 + both prefetches", 'G', 0, 2, 512, 3, []int32{16, 4}, []rpEdit{{"global_dim", 0, 20, 0}}, rpGPU{flag: 1, written: 128, sha: "9825fe77eaf329d5a30a3b24806b8bcc"}},
	// 84: 00001410 00001411 00001412 00001413 00001414 00001415 00001416 00001417 | w16 00001510 w64 00001810 w128 00002410
	{"P r3 + both prefetches (3d)", 'P', 3, 3, 1024, 3, []int32{16, 4, 1}, []rpEdit{}, rpGPU{flag: 1, written: 256, sha: "792e0470d06dc442ab82d670ea2228dd"}},
	// 85: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"P spec tf32_ftz map (driver) reference", 'P', 9, 2, 512, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 86: 00000000 80008000 7fffe000 7fffe000 40004000 7f800000 3fa00000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"P spec tf32 map (driver) rows 8..15", 'P', 7, 2, 512, 0, []int32{0, 8}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "3862a9b3cd207279e54bcc086ad72876"}},
	// 87: 00002000 8001c000 7fffe000 7fffe000 4143e000 ff800000 3ff10000 40000000 | w16 00002000 w64 7ff77ff7 w128 eeee0080
	{"P spec tf32 NaN-fill map (driver) (56,28)", 'P', 8, 2, 512, 0, []int32{56, 28}, []rpEdit{}, rpGPU{flag: 1, written: 128, sha: "97e9c0d94257ae0cc220e76a973b6c3b"}},
	// 88: 00002000 8001c000 7fffe000 7fffe000 4143e000 ff800000 3ff10000 40000000 | w16 00002000 w64 7ff77ff7 w128 eeee0080
	{"S spec u32 elemtype := 11 + fill := 1 (56,28)", 'S', 0, 2, 512, 0, []int32{56, 28}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 11, 0}, {"fill_mode", 0, 1, 0}}, rpGPU{flag: 1, written: 128, sha: "97e9c0d94257ae0cc220e76a973b6c3b"}},
	// 89: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S spec tf32 map elemtype := 7 (f32)", 'S', 7, 2, 512, 0, []int32{0, 0}, []rpEdit{{"elemtype", 0, 7, 0}}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 90: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000011 w64 00000041 w128 00000000
	{"T store spec words with a tf32 map over dst", 'T', 10, 2, 0, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 1024, sha: "8fec46f968f2e90efa53e3d0cd06a45b"}},
	// 91: 00000001 80000010 7f800003 ffc00003 3f804004 7f800000 3f801000 3fffffff | w16 00000011 w64 00000041 w128 00000000
	{"T store spec words with an f32 map over dst", 'T', 11, 2, 0, 0, []int32{0, 0}, []rpEdit{}, rpGPU{flag: 1, written: 1024, sha: "8fec46f968f2e90efa53e3d0cd06a45b"}},
	// 92: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S spec u32 elemtype := 11 then := 7", 'S', 0, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 11, 0}, {"elemtype", 0, 7, 0}}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 93: 00000000 80000000 7fffe000 7fffe000 3f804000 7f800000 3f800000 40000000 | w16 00000000 w64 00000000 w128 eeee0080
	{"S spec f32 map elemtype := 11", 'S', 1, 2, 512, 0, []int32{0, 0}, []rpEdit{{"global_address", 0, 0, 2}, {"elemtype", 0, 11, 0}}, rpGPU{flag: 1, written: 128, sha: "498c8ab852f6ef2eb59672d8134354dc"}},
	// 94: 00001400 00001401 00001402 00001403 00001404 00001405 00001406 00001407 | w16 00002400 w64 eeee0040 w128 eeee0080
	{"S r3 interleave := 1 + box0 := 4, (0,4,1)", 'S', 3, 3, 256, 0, []int32{0, 4, 1}, []rpEdit{{"interleave_layout", 0, 1, 0}, {"box_dim", 0, 4, 0}}, rpGPU{flag: 0, written: 32, sha: "eea50bd7ad5d7dd4cf6bcca885049dee"}},
	// 95: 00001410 00001411 00001412 00001413 00001414 00001415 00001416 00001417 | w16 00002410 w64 eeee0040 w128 eeee0080
	{"S r3 interleave := 1 + box0 := 4, (4,4,1)", 'S', 3, 3, 256, 0, []int32{4, 4, 1}, []rpEdit{{"interleave_layout", 0, 1, 0}, {"box_dim", 0, 4, 0}}, rpGPU{flag: 0, written: 32, sha: "3c37c760b14076564601f761599ed138"}},
	// 96: 00002420 00002421 00002422 00002423 00002424 00002425 00002426 00002427 | w16 00002620 w64 00000000 w128 eeee0080
	{"S grouped: addr src+4096, gdim 40x20, gstride0 2048, (32,16)", 'S', 0, 2, 512, 0, []int32{32, 16}, []rpEdit{{"global_address", 0, 4096, 1}, {"global_dim", 0, 40, 0}, {"global_dim", 1, 20, 0}, {"global_stride", 0, 2048, 0}}, rpGPU{flag: 1, written: 128, sha: "19c4efb44c66b7719180d0ed78f0c961"}},
	// 97: 00002420 00002421 00002422 00002423 00002424 00002425 00002426 00002427 | w16 00002620 w64 00000000 w128 eeee0080
	{"G grouped: addr src+4096, gdim 40x20, gstride0 2048, (32,16)", 'G', 0, 2, 512, 0, []int32{32, 16}, []rpEdit{{"global_address", 0, 4096, 1}, {"global_dim", 0, 40, 0}, {"global_dim", 1, 20, 0}, {"global_stride", 0, 2048, 0}}, rpGPU{flag: 1, written: 128, sha: "19c4efb44c66b7719180d0ed78f0c961"}},
}

// TestTensormapReplaceProbe replays tools/record/tmap_replace_probe.cu: every
// tensormap.replace field through .shared::cta + tensormap.cp_fenceproxy and
// in place through .global, prefetch.tensormap and
// cp.async.bulk.prefetch.tensor, against the H200's images.
func TestTensormapReplaceProbe(t *testing.T) {
	require.Len(t, rpCases, 98)
	seen := 0
	for _, tc := range rpCases {
		if rpTF32[tc.name] {
			seen++
		}
		t.Run(tc.name, func(t *testing.T) {
			img, flag, _, err := tc.run(t)
			if want, ok := rpFaults[tc.name]; ok {
				assert.ErrorContains(t, err, want)
				return
			}
			require.Empty(t, tc.gpu.fault)
			require.NoError(t, err)
			assert.Equal(t, tc.gpu.flag, flag, "barrier flag")
			written := 0
			for i, v := range img {
				if v != 0xEEEE0000|uint32(i) {
					written++
				}
			}
			if tc.path != 'T' {
				assert.Equal(t, tc.gpu.written, written, "shared words written")
			}
			raw := make([]byte, 4096)
			for i, v := range img {
				binary.LittleEndian.PutUint32(raw[4*i:], v)
			}
			sum := sha256.Sum256(raw)
			assert.Equal(t, tc.gpu.sha, hex.EncodeToString(sum[:16]), "image: %08x", img[:8])
		})
	}
	assert.Equal(t, len(rpTF32), seen, "every tf32 case is a probe case")
}

// TestTensormapReplaceCounters: ptxas lowers tensormap.replace...shared::cta
// to LDS/STS read-modify-writes of the map's words and cp_fenceproxy to one
// warp-wide LDS (the SASS of validation/testdata/tma_replace); the simulator
// counts them like ncu does.
func TestTensormapReplaceCounters(t *testing.T) {
	for _, tc := range []struct {
		field  string
		ld, st uint64
	}{
		{"global_address", 0, 1}, {"global_dim", 0, 1}, {"global_stride", 1, 2}, {"box_dim", 1, 1},
		{"element_stride", 1, 1}, {"rank", 1, 1}, {"elemtype", 1, 1}, {"swizzle_mode", 1, 1}, {"fill_mode", 1, 1},
	} {
		t.Run(tc.field, func(t *testing.T) {
			v := map[string]uint64{"global_address": 0, "global_dim": 20, "global_stride": 2048, "box_dim": 16,
				"element_stride": 1, "rank": 1, "elemtype": 2, "swizzle_mode": 0, "fill_mode": 0}[tc.field]
			rel := 0
			if tc.field == "global_address" {
				rel = 1
			}
			base := rpCase{name: tc.field, path: 'S', dim: 2, tx: 512, c: []int32{16, 4}}
			edited := base
			edited.edits = []rpEdit{{tc.field, 0, v, rel}}
			_, _, r0, err := base.run(t)
			require.NoError(t, err)
			_, _, r1, err := edited.run(t)
			require.NoError(t, err)
			ld0, st0 := r0.Smem.ByOp[smem.OpLd].Instructions, r0.Smem.ByOp[smem.OpSt].Instructions
			ld1, st1 := r1.Smem.ByOp[smem.OpLd].Instructions, r1.Smem.ByOp[smem.OpSt].Instructions
			assert.Equal(t, tc.ld, ld1-ld0, "LDS")
			assert.Equal(t, tc.st, st1-st0, "STS")
		})
	}
}
