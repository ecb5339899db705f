#!/usr/bin/env python3
"""Writes the TMA store / reduce / struct-param / im2col corpus directories (kernel.cu + launch.yaml):

    tma_store_clip        u32 tile stores clipped on every edge, one wholly outside, bulk groups
    tma_store_sw128       f16 128B-swizzled stores (1024-aligned source, clipped)
    tma_store_sw128_shift the same from a source 128- but not 1024-aligned (shifted swizzle pattern)
    tma_reduce_add        cp.reduce.async.bulk.tensor .add on u32 and f32 (exact values), overlapping
    tma_reduce_minmax     .min / .max on u32 and s32
    tma_struct_load       a 512-byte by-value struct holding three maps + a tag; loads through all three
    tma_struct_store      the same struct; a load, a store and a reduce through its maps
    tma_im2col            cp.async.bulk.tensor.{3d,4d}...im2col loads (cuTensorMapEncodeIm2col maps)

    python3 tools/record/gen_tma2.py [validation/testdata] [--pending]

Recorded (2026-11-21, H200): tma_struct_load, tma_im2col; then (third device call, same day) the
store / reduce directories. Their first versions clipped at the low edges with negative coordinates,
and an H200 raises ILLEGAL_INSTRUCTION for a TMA store or reduction with any negative coordinate
(c0 or c1 alone; tools/record/tma_store_probe.cu; ASYNC_FINDINGS.md), so the versions written now
keep every coordinate >= 0. --pending is accepted and ignored (every directory is written).

This replaces gen_async.py --pending's single tma_store_2d, which raised ILLEGAL_INSTRUCTION on an
H200: one directory per feature, so that one fault cannot sink the others (ASYNC_FINDINGS.md).
Every innermost coordinate times the element size is a multiple of 16 bytes (the hardware rule);
sources are at least 128-byte aligned; generic writes to a store source are followed by
fence.proxy.async.shared::cta before the store.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
TD = ARGS[0] if ARGS else os.path.join(os.path.dirname(__file__), "..", "..", "validation", "testdata")
sys.argv = sys.argv[:1] + [TD]
import gen_async as ga  # noqa: E402  (COMMON helpers)

COMMON = ga.COMMON + r'''
static __device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait_read0() { asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait1() { asm volatile("cp.async.bulk.wait_group 1;" ::: "memory"); }
static __device__ __forceinline__ void tma_store_2d(const void* m, int c0, int c1, uint32_t src)
{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory");
}
#define TMA_RED_2D(OP) \
static __device__ __forceinline__ void tma_##OP##_2d(const void* m, int c0, int c1, uint32_t src) \
{ \
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta." #OP ".tile.bulk_group [%0, {%1, %2}], [%3];" \
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory"); \
}
TMA_RED_2D(add)
TMA_RED_2D(min)
TMA_RED_2D(max)
static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {%2, %3}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}
'''


def write(name, cu, y):
    d = os.path.join(TD, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "kernel.cu"), "w") as f:
        f.write(cu)
    with open(os.path.join(d, "launch.yaml"), "w") as f:
        f.write(y)


def gen_store_clip():
    name = "tma_store_clip"
    cu = f'''// {name}: TMA tile stores shared::cta -> global (cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group)
// with bulk async-groups (commit_group, wait_group.read 0, wait_group 1, wait_group 0).
// One CTA of 128 threads; thread 0 issues every bulk operation. The map tS (by-value param) covers
// o u32[20][72] (pre-filled with iota, so elements a store skips keep their index): dims [72, 20], box [32, 8].
// S (32x8 u32, 1024-aligned) holds 0x10000000 + i, and is stored
//   group 1: at (0, 0); wait_group 0
//   group 2: at (8, 4) (overlaps group 1: written later); wait_group 0
//   group 3: at (56, 16) (clipped right and bottom), (48, 0) (clipped right), (0, 16) (clipped bottom)
//            and (100, 100) (wholly outside: writes nothing), then wait_group.read 0 (the source may be reused)
// then every thread rewrites S to 0x20000000 + i, fence.proxy.async.shared::cta, and
//   group 4: at (36, 8) (clipped at no edge); group 5: at (72, 12) (wholly right of the tensor);
//   wait_group 1, then wait_group 0.
// flags u32[4]: [0] 1 after the last wait_group 0, [1] the tag param.
// No coordinate is negative: an H200 faults (ILLEGAL_INSTRUCTION) on TMA stores and reductions at
// negative coordinates (tools/record/tma_store_probe.cu), so only the high edges can clip.
{COMMON}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap tS,
    uint32_t tag, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t s[32 * 8];
    const int tid = threadIdx.x;
    for (int i = tid; i < 32 * 8; i += blockDim.x) s[i] = 0x10000000u + i;
    fence_proxy_async_smem();   // generic writes -> visible to the async proxy (TMA reads)
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&tS, 0, 0, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&tS, 8, 4, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&tS, 56, 16, smem_addr(s));
        tma_store_2d(&tS, 48, 0, smem_addr(s));
        tma_store_2d(&tS, 0, 16, smem_addr(s));
        tma_store_2d(&tS, 100, 100, smem_addr(s));
        bulk_commit();
        bulk_wait_read0();
    }}
    __syncthreads();
    for (int i = tid; i < 32 * 8; i += blockDim.x) s[i] = 0x20000000u + i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&tS, 36, 8, smem_addr(s));
        bulk_commit();
        tma_store_2d(&tS, 72, 12, smem_addr(s));
        bulk_commit();
        bulk_wait1();
        bulk_wait0();
        flags[0] = 1;
        flags[1] = tag;
    }}
}}
'''
    y = f'''# {name}: TMA tile stores clipped at the right and bottom edges (and wholly outside) into an iota-filled output; bulk groups.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
  o: {{dtype: u32, shape: [20, 72], init: iota}}
  flags: {{dtype: u32, shape: [4]}}
tensormaps:
  tS: {{buffer: o, dtype: u32, dims: [72, 20], strides: [288], box: [32, 8]}}
params:
  - {{tensormap: tS}}
  - {{u32: "0x5EED1234"}}
  - {{buffer: flags}}
outputs: [o, flags]
'''
    write(name, cu, y)


def gen_store_sw128(shift):
    name = "tma_store_sw128_shift" if shift else "tma_store_sw128"
    off = 384 if shift else 0
    where = "at byte 384 of a 1024-aligned buffer (128-aligned, not 1024)" if shift else "1024-aligned"
    cu = f'''// {name}: 128B-swizzled TMA tile stores. Map tW (by-value param) covers o f16[16][128] (pre-filled
// with iota): dims [128, 16], box [64, 8] (128-byte rows), swizzle 128B. The source S ({where}) is
// 8 rows x 64 u16 written linearly (u16 i = 0x5000 + i), i.e. the raw shared image, so the output shows
// which shared bytes the swizzle maps to which element. Stores: (0, 0) and (64, 8) in one group,
// wait_group 0, then (104, 12) (clipped right and bottom) and (0, 12) (clipped bottom), wait_group 0.
// flags u32[2]: [0] 1 at the end.
{COMMON}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap tW,
    uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint16_t buf[(1024 + {off}) / 2 + 512];
    uint16_t* s = buf + {off} / 2;
    const int tid = threadIdx.x;
    for (int i = tid; i < 64 * 8; i += blockDim.x) s[i] = (uint16_t)(0x5000 + i);
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&tW, 0, 0, smem_addr(s));
        tma_store_2d(&tW, 64, 8, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&tW, 104, 12, smem_addr(s));
        tma_store_2d(&tW, 0, 12, smem_addr(s));
        bulk_commit();
        bulk_wait0();
        flags[0] = 1;
    }}
}}
'''
    y = f'''# {name}: 128B-swizzled TMA stores (source {where}), clipped, into an iota-filled f16 output.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
  o: {{dtype: f16, shape: [16, 128], init: iota}}
  flags: {{dtype: u32, shape: [2]}}
tensormaps:
  tW: {{buffer: o, dtype: f16, dims: [128, 16], strides: [256], box: [64, 8], swizzle: 128B}}
params:
  - {{tensormap: tW}}
  - {{buffer: flags}}
outputs: [o, flags]
'''
    write(name, cu, y)


def gen_reduce_add():
    name = "tma_reduce_add"
    cu = f'''// {name}: cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group on u32 and f32.
// Map tU covers ou u32[12][40] (iota): dims [40, 12], box [16, 4]; SU (16x4 u32) = 1000 * (i + 1).
// Map tF covers of f32[12][40] (iota, exact integers): dims [40, 12], box [16, 4];
// SF (16x4 f32) = (i + 1) * 0.25 (every sum is exact, so the order of the atomic adds cannot show).
// Each map gets reduce-adds at (0, 0), (8, 2) (overlapping the first), (32, 10) (clipped right and
// bottom) and (28, 0) (clipped right), all in one bulk group, then wait_group 0; then again
// at (0, 0) in a second group. flags u32[2]: [0] 1 at the end.
{COMMON}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap tU,
    const __grid_constant__ CUtensorMap tF, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(128) uint32_t su[16 * 4];
    __shared__ __align__(128) float sf[16 * 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < 16 * 4; i += blockDim.x) {{
        su[i] = 1000u * (i + 1);
        sf[i] = (float)(i + 1) * 0.25f;
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        const int c[4][2] = {{{{0, 0}}, {{8, 2}}, {{32, 10}}, {{28, 0}}}};
        for (int k = 0; k < 4; ++k) {{
            tma_add_2d(&tU, c[k][0], c[k][1], smem_addr(su));
            tma_add_2d(&tF, c[k][0], c[k][1], smem_addr(sf));
        }}
        bulk_commit();
        bulk_wait0();
        tma_add_2d(&tU, 0, 0, smem_addr(su));
        tma_add_2d(&tF, 0, 0, smem_addr(sf));
        bulk_commit();
        bulk_wait0();
        flags[0] = 1;
    }}
}}
'''
    y = f'''# {name}: TMA reduce-add (u32, f32 with exact sums), overlapping and clipped boxes, into iota-filled outputs.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
  ou: {{dtype: u32, shape: [12, 40], init: iota}}
  of: {{dtype: f32, shape: [12, 40], init: iota}}
  flags: {{dtype: u32, shape: [2]}}
tensormaps:
  tU: {{buffer: ou, dtype: u32, dims: [40, 12], strides: [160], box: [16, 4]}}
  tF: {{buffer: of, dtype: f32, dims: [40, 12], strides: [160], box: [16, 4]}}
params:
  - {{tensormap: tU}}
  - {{tensormap: tF}}
  - {{buffer: flags}}
outputs: [ou, of, flags]
'''
    write(name, cu, y)


def gen_reduce_minmax():
    name = "tma_reduce_minmax"
    cu = f'''// {name}: cp.reduce.async.bulk.tensor .min and .max (tile, bulk_group) on u32 and s32.
// Maps (dims [40, 12], box [16, 4]): tA over umin u32[12][40], tB over umax u32[12][40], both uniform
// 0..4000; tC over smin s32[12][40], tD over smax s32[12][40], both uniform -3000..3000.
// Sources (16x4): SU u32 = (i * 397) % 4000; SS s32 = (i * 397) % 6000 - 3000.
// min into tA/tC and max into tB/tD at (0, 0), (8, 2) (overlapping), (32, 10) and (28, 0) (clipped),
// one bulk group, wait_group 0. flags u32[2]: [0] 1 at the end.
{COMMON}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap tA,
    const __grid_constant__ CUtensorMap tB, const __grid_constant__ CUtensorMap tC,
    const __grid_constant__ CUtensorMap tD, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(128) uint32_t su[16 * 4];
    __shared__ __align__(128) int32_t ss[16 * 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < 16 * 4; i += blockDim.x) {{
        su[i] = (uint32_t)(i * 397) % 4000u;
        ss[i] = (i * 397) % 6000 - 3000;
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        const int c[4][2] = {{{{0, 0}}, {{8, 2}}, {{32, 10}}, {{28, 0}}}};
        for (int k = 0; k < 4; ++k) {{
            tma_min_2d(&tA, c[k][0], c[k][1], smem_addr(su));
            tma_max_2d(&tB, c[k][0], c[k][1], smem_addr(su));
            tma_min_2d(&tC, c[k][0], c[k][1], smem_addr(ss));
            tma_max_2d(&tD, c[k][0], c[k][1], smem_addr(ss));
        }}
        bulk_commit();
        bulk_wait0();
        flags[0] = 1;
    }}
}}
'''
    y = f'''# {name}: TMA reduce min/max on u32 and s32, overlapping and clipped boxes.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 5
buffers:
  umin: {{dtype: u32, shape: [12, 40], init: uniform, low: 0, high: 4000}}
  umax: {{dtype: u32, shape: [12, 40], init: uniform, low: 0, high: 4000}}
  smin: {{dtype: s32, shape: [12, 40], init: uniform, low: -3000, high: 3000}}
  smax: {{dtype: s32, shape: [12, 40], init: uniform, low: -3000, high: 3000}}
  flags: {{dtype: u32, shape: [2]}}
tensormaps:
  tA: {{buffer: umin, dtype: u32, dims: [40, 12], strides: [160], box: [16, 4]}}
  tB: {{buffer: umax, dtype: u32, dims: [40, 12], strides: [160], box: [16, 4]}}
  tC: {{buffer: smin, dtype: s32, dims: [40, 12], strides: [160], box: [16, 4]}}
  tD: {{buffer: smax, dtype: s32, dims: [40, 12], strides: [160], box: [16, 4]}}
params:
  - {{tensormap: tA}}
  - {{tensormap: tB}}
  - {{tensormap: tC}}
  - {{tensormap: tD}}
  - {{buffer: flags}}
outputs: [umin, umax, smin, smax, flags]
'''
    write(name, cu, y)


STRUCT = '''struct Maps {
    CUtensorMap m0;     // offset 0
    CUtensorMap m1;     // offset 128
    CUtensorMap m2;     // offset 256
    uint32_t tag;       // offset 384; sizeof = 512 (CUtensorMap is 128-byte aligned in CUDA 13)
};
'''

STRUCT_YAML = ('  - {bytes: 512, fields: [{offset: 0, tensormap: %s}, {offset: 128, tensormap: %s}, '
               '{offset: 256, tensormap: %s}, {offset: 384, u32: "0x5EED1234"}]}\n')


def gen_struct_load():
    name = "tma_struct_load"
    cu = f'''// {name}: a 512-byte by-value struct param (.param .align 128 .b8 [512]) holding three tensor maps
// and a u32 tag; thread 0 issues one 2D TMA load through each map (generic addresses &p.m0, &p.m1,
// &p.m2 of the param) into 1 KiB slots of sm (pre-filled with the sentinel 0xEEEE0000 | word).
//   m0: a u32[20][72] dims [72, 20] box [32, 8], loaded at (8, 4) -> slot 0
//   m1: b f16[16][128] dims [128, 16] box [64, 8] swizzle 128B, loaded at (64, 3) -> slot 1
//   m2: a again, dims [72, 20] box [16, 4], loaded at (64, 18) (clipped) -> slot 2
// Outputs: img u32[768] the shared image, flags u32[4]: [0..2] 1 when box i's barrier completed,
// [3] the struct's tag.
{COMMON}
{STRUCT}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ Maps p,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[768];
    __shared__ __align__(8) uint64_t bars[3];
    const int tid = threadIdx.x;
    for (int i = tid; i < 768; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {{
        for (int b = 0; b < 3; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        mbar_arrive_expect_tx(smem_addr(&bars[0]), 1024);
        tma_load_2d(smem_addr(sm), &p.m0, 8, 4, smem_addr(&bars[0]));
        mbar_arrive_expect_tx(smem_addr(&bars[1]), 1024);
        tma_load_2d(smem_addr(sm) + 1024, &p.m1, 64, 3, smem_addr(&bars[1]));
        mbar_arrive_expect_tx(smem_addr(&bars[2]), 256);
        tma_load_2d(smem_addr(sm) + 2048, &p.m2, 64, 18, smem_addr(&bars[2]));
    }}
    uint32_t ok[3];
    for (int b = 0; b < 3; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0) {{
        for (int b = 0; b < 3; ++b) flags[b] = ok[b];
        flags[3] = p.tag;
    }}
    __syncthreads();
    for (int i = tid; i < 768; i += blockDim.x) img[i] = sm[i];
}}
'''
    y = f'''# {name}: three tensor maps in a 512-byte by-value struct param; TMA loads through each.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 7
buffers:
  a: {{dtype: u32, shape: [20, 72], init: uniform}}
  b: {{dtype: f16, shape: [16, 128], init: uniform, low: -100, high: 100}}
  img: {{dtype: u32, shape: [768]}}
  flags: {{dtype: u32, shape: [4]}}
tensormaps:
  tA: {{buffer: a, dtype: u32, dims: [72, 20], strides: [288], box: [32, 8]}}
  tB: {{buffer: b, dtype: f16, dims: [128, 16], strides: [256], box: [64, 8], swizzle: 128B}}
  tC: {{buffer: a, dtype: u32, dims: [72, 20], strides: [288], box: [16, 4]}}
params:
{STRUCT_YAML % ("tA", "tB", "tC")}  - {{buffer: img}}
  - {{buffer: flags}}
outputs: [img, flags]
'''
    write(name, cu, y)


def gen_struct_store():
    name = "tma_struct_store"
    cu = f'''// {name}: the 512-byte struct param of tma_struct_load used for every direction:
//   m0 (load):   a u32[20][72] dims [72, 20] box [32, 8]: box (32, 12) loaded into S (32x8 u32)
//   m1 (store):  o u32[20][72] (iota) dims [72, 20] box [32, 8]: S stored at (8, 4) and (48, 16) (clipped)
//   m2 (reduce): r u32[12][40] (iota) dims [40, 12] box [16, 4]: T (16x4 u32 = 7 * (i + 1)) added at
//                (0, 0), (24, 8) and (32, 10) (clipped)
// bulk groups: the two stores in one group and the reduces in another, wait_group 0.
// flags u32[4]: [0] 1 when the load's barrier completed, [1] 1 at the end, [2] the tag.
{COMMON}
{STRUCT}
extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ Maps p,
    uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t s[32 * 8];
    __shared__ __align__(128) uint32_t t[16 * 4];
    __shared__ __align__(8) uint64_t bar;
    const int tid = threadIdx.x;
    for (int i = tid; i < 16 * 4; i += blockDim.x) t[i] = 7u * (i + 1);
    if (tid == 0) {{
        mbar_init(smem_addr(&bar), 1);
        fence_mbar_init();
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        mbar_arrive_expect_tx(smem_addr(&bar), 1024);
        tma_load_2d(smem_addr(s), &p.m0, 32, 12, smem_addr(&bar));
    }}
    const uint32_t ok = mbar_wait_bounded(smem_addr(&bar), 0);
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&p.m1, 8, 4, smem_addr(s));
        tma_store_2d(&p.m1, 48, 16, smem_addr(s));
        bulk_commit();
        tma_add_2d(&p.m2, 0, 0, smem_addr(t));
        tma_add_2d(&p.m2, 24, 8, smem_addr(t));
        tma_add_2d(&p.m2, 32, 10, smem_addr(t));
        bulk_commit();
        bulk_wait0();
        flags[0] = ok;
        flags[1] = 1;
        flags[2] = p.tag;
    }}
}}
'''
    y = f'''# {name}: tensor maps in a 512-byte by-value struct param used for a TMA load, stores and a reduce-add.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 8
buffers:
  a: {{dtype: u32, shape: [20, 72], init: uniform}}
  o: {{dtype: u32, shape: [20, 72], init: iota}}
  r: {{dtype: u32, shape: [12, 40], init: iota}}
  flags: {{dtype: u32, shape: [4]}}
tensormaps:
  tL: {{buffer: a, dtype: u32, dims: [72, 20], strides: [288], box: [32, 8]}}
  tS: {{buffer: o, dtype: u32, dims: [72, 20], strides: [288], box: [32, 8]}}
  tR: {{buffer: r, dtype: u32, dims: [40, 12], strides: [160], box: [16, 4]}}
params:
{STRUCT_YAML % ("tL", "tS", "tR")}  - {{buffer: flags}}
outputs: [o, r, flags]
'''
    write(name, cu, y)


# im2col loads: (map, coords c,w,(h),n, offsets, smem byte offset, tx bytes)
IM2COL_BOXES = [
    # 4D map t4 (NHWC u32 [2][6][7][16], C/pixel 8, pixels/column 32, corners W,H lower -1 upper -1)
    ("4", (0, -1, -1, 0), (0, 0)),
    ("4", (8, -1, -1, 0), (2, 2)),
    ("4", (0, 2, 3, 0), (1, 0)),      # runs from image 0 into image 1
    ("4", (8, 0, 4, 1), (1, 2)),      # runs past the last image (n = 2)
    ("4", (0, 5, -1, 0), (0, 1)),
    # 4D map t4s: the same tensor, element strides [1, 2, 2, 1], C/pixel 16, pixels/column 16
    ("s", (0, -1, -1, 0), (0, 0)),
    ("s", (0, 1, 1, 1), (1, 1)),
    # 3D map t3 (NWC u32 [3][20][8], C/pixel 8, pixels/column 16, W lower -2 upper 0)
    ("3", (0, -2, 0), (0,)),
    ("3", (0, 10, 1), (3,)),
    ("3", (0, 15, 2), (2,)),          # runs past the last batch
]


def gen_im2col():
    name = "tma_im2col"
    nbox = len(IM2COL_BOXES)
    slot = 1024
    smem = nbox * slot
    tx = {"4": 32 * 8 * 4, "s": 16 * 16 * 4, "3": 16 * 8 * 4}
    rows = []
    for i, (m, cs, offs) in enumerate(IM2COL_BOXES):
        mi = {"4": 0, "s": 1, "3": 2}[m]
        c = list(cs) + [0] * (4 - len(cs))
        o = list(offs) + [0] * (2 - len(offs))
        rows.append("    {%d, %s, %s, %d, %d}" % (mi, ", ".join(map(str, c)), ", ".join(map(str, o)), i * slot, tx[m]))
    table = ",\n".join(rows)
    cu = f'''// {name}: im2col-mode TMA loads (cp.async.bulk.tensor.{{3d,4d}}.shared::cluster.global.im2col
// .mbarrier::complete_tx::bytes with u16 im2col offsets), maps from cuTensorMapEncodeIm2col.
//   x4 u32 NHWC [2][6][7][16] = iota (element (n,h,w,c) holds ((n*6 + h)*7 + w)*16 + c)
//   t4:  dims [16, 7, 6, 2], pixel box lower (W,H) = (-1,-1), upper (-1,-1), channels/pixel 8,
//        pixels/column 32 (a 3x3 filter with padding 1: 7x6 output pixels per image)
//   t4s: the same tensor with element strides [1, 2, 2, 1], channels/pixel 16, pixels/column 16
//   x3 u32 NWC [3][20][8] = iota; t3: dims [8, 20, 3], lower (W) = -2, upper 0, channels/pixel 8,
//        pixels/column 16
// kBoxes rows: {{map (0 t4, 1 t4s, 2 t3), c, w, h|n, n|0, offset W, offset H, byte offset in sm, tx bytes}};
// coordinates are innermost first (C, W, H, N for 4D; C, W, N for 3D). One CTA of 128 threads; shared
// memory pre-filled with the sentinel 0xEEEE0000 | word; box i lands at byte 1024*i; expect_tx is
// pixels/column x channels/pixel x 4.
// Outputs: img u32[{smem // 4}] raw shared image, flags u32[{nbox}] (1 = box i's barrier completed).
{COMMON}
#define NBOX {nbox}
#define SMEM_BYTES {smem}
__constant__ int kBoxes[NBOX][9] = {{
{table}
}};

static __device__ __forceinline__ void load4(uint32_t dst, const void* m, const int* c, uint32_t bar)
{{
    asm volatile("cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {{%2, %3, %4, %5}}], [%6], {{%7, %8}};"
                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(bar),
                   "h"((unsigned short)c[4]), "h"((unsigned short)c[5]) : "memory");
}}
static __device__ __forceinline__ void load3(uint32_t dst, const void* m, const int* c, uint32_t bar)
{{
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {{%2, %3, %4}}], [%5], {{%6}};"
                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar),
                   "h"((unsigned short)c[4]) : "memory");
}}

extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap t4,
    const __grid_constant__ CUtensorMap t4s, const __grid_constant__ CUtensorMap t3,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) {{
            const int* r = kBoxes[b];
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)r[8]);
            const uint32_t dst = smem_addr(sm) + (uint32_t)r[7];
            if (r[0] == 2)
                load3(dst, &t3, r + 1, bar);
            else
                load4(dst, r[0] ? (const void*)&t4s : (const void*)&t4, r + 1, bar);
        }}
    }}
    uint32_t ok[NBOX];
    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0)
        for (int b = 0; b < NBOX; ++b) flags[b] = ok[b];
    __syncthreads();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
}}
'''
    y = f'''# {name}: im2col-mode TMA loads, 4D (NHWC, element strides 1 and 2) and 3D (NWC), with offsets, batch wrap and OOB.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
  x4: {{dtype: u32, shape: [2, 6, 7, 16], init: iota}}
  x3: {{dtype: u32, shape: [3, 20, 8], init: iota}}
  img: {{dtype: u32, shape: [{smem // 4}]}}
  flags: {{dtype: u32, shape: [{nbox}]}}
tensormaps:
  t4: {{buffer: x4, dtype: u32, dims: [16, 7, 6, 2], strides: [64, 448, 2688], mode: im2col,
       pixel_box_lower: [-1, -1], pixel_box_upper: [-1, -1], channels_per_pixel: 8, pixels_per_column: 32}}
  t4s: {{buffer: x4, dtype: u32, dims: [16, 7, 6, 2], strides: [64, 448, 2688], element_strides: [1, 2, 2, 1],
        mode: im2col, pixel_box_lower: [-1, -1], pixel_box_upper: [-1, -1], channels_per_pixel: 16, pixels_per_column: 16}}
  t3: {{buffer: x3, dtype: u32, dims: [8, 20, 3], strides: [32, 640], mode: im2col,
       pixel_box_lower: [-2], pixel_box_upper: [0], channels_per_pixel: 8, pixels_per_column: 16}}
params:
  - {{tensormap: t4}}
  - {{tensormap: t4s}}
  - {{tensormap: t3}}
  - {{buffer: img}}
  - {{buffer: flags}}
outputs: [img, flags]
'''
    write(name, cu, y)


def main():
    gen_struct_load()
    gen_im2col()
    gen_store_clip()
    gen_store_sw128(False)
    gen_store_sw128(True)
    gen_reduce_add()
    gen_reduce_minmax()
    gen_struct_store()


if __name__ == "__main__":
    main()
