#!/usr/bin/env python3
"""Writes the async-copy corpus directories (kernel.cu + launch.yaml):
tma_load_2d_*, tma_load_nd, tma_store_2d, tma_bulk, mbar_pipeline_{2,3,4}, mbar_ops,
cpasync_pipeline, cpasync_banks, ldsm_*, stsm_*.

    python3 tools/record/gen_async.py [validation/testdata] [--pending]

--pending also writes tma_store_2d (TMA stores + reduce-add + a struct param holding three maps), kept only
as the reproduction of a fault: it stores and reduces at negative coordinates, which raises
ILLEGAL_INSTRUCTION on an H200 (tools/record/ASYNC_FINDINGS.md; gen_tma2.py has the split, fixed kernels).

Kernels use inline PTX (what the simulator parses). Box tables are __constant__ arrays
generated here; each kernel.cu documents its output layout at the top.
"""
import os
import sys

ARGS = [a for a in sys.argv[1:] if not a.startswith("--")]
PENDING = "--pending" in sys.argv
TD = ARGS[0] if ARGS else os.path.join(os.path.dirname(__file__), "..", "..", "validation", "testdata")

COMMON = r'''#include <cuda.h>
#include <stdint.h>

// ---- helpers (inline PTX), shared by the async corpus kernels (tools/record/gen_async.py)
static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
static __device__ __forceinline__ void fence_proxy_async_smem()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
static __device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
static __device__ __forceinline__ uint32_t mbar_try_wait_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
// Bounded wait: 1 once the phase with this parity has completed, 0 after the spin limit
// (a wrong tx count then shows as a 0 flag instead of a hung kernel).
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 16); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}
'''


def write(name, cu, yaml_text):
    d = os.path.join(TD, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "kernel.cu"), "w") as f:
        f.write(cu)
    with open(os.path.join(d, "launch.yaml"), "w") as f:
        f.write(yaml_text)


def ru(x, a):
    return (x + a - 1) // a * a


# ------------------------------------------------------------------ 2D TMA loads
def place(boxes, slot=1024):
    """boxes: list of (map, c0, c1, bytes, shift). Returns rows (map, c0, c1, dst, bytes) and smem bytes."""
    cur = 0
    rows = []
    for (m, c0, c1, nbytes, shift) in boxes:
        dst = cur + shift
        rows.append((m, c0, c1, dst, nbytes))
        cur = ru(dst + nbytes, slot) + slot      # a 1 KiB gap of sentinel between boxes
    return rows, cur


def tma2d(name, doc, maps, buffers, boxes, yaml_extra=""):
    """maps: {'tA': (yaml dict text), 'tB': ...}; boxes: (mapidx, c0, c1, bytes, shift)."""
    rows, smem = place(boxes)
    nbox = len(rows)
    table = ",\n".join(f"    {{{m}, {c0}, {c1}, {dst}, {nb}}}" for (m, c0, c1, dst, nb) in rows)
    cu = f'''// {name}: {doc}
// One CTA of 128 threads. Shared memory `sm` ({smem} bytes, 1024-aligned) is first filled with the
// sentinel word 0xEEEE0000 | word_index, then thread 0 issues one 2D TMA tile load per row of kBoxes
// ({{map (0 = tA, 1 = tB), c0, c1, byte offset in sm, expected tx bytes}}), each completing on its own
// mbarrier (arrive.expect_tx with the full box bytes, then the copy); c0 * element size is always a
// multiple of 16 bytes (an H200 raises ILLEGAL_INSTRUCTION otherwise). Every thread waits on every
// barrier (try_wait.parity 0, bounded spin). Outputs:
//   img   u32[{smem // 4}]: the raw shared-memory image (swizzled layout, sentinel where TMA wrote nothing)
//   flags u32[{nbox}]: 1 when box i's barrier phase 0 completed (tx count met), else 0
{COMMON}
#define NBOX {nbox}
#define SMEM_BYTES {smem}
__constant__ int kBoxes[NBOX][5] = {{
{table}
}};

static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {{%2, %3}}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}}

extern "C" __global__ void __launch_bounds__(128) {name}(const __grid_constant__ CUtensorMap tA,
    const __grid_constant__ CUtensorMap tB, uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
    }}
    fence_proxy_async_smem();   // order the sentinel writes (generic proxy) before the TMA writes
    __syncthreads();
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) {{
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)kBoxes[b][4]);
            const CUtensorMap* m = kBoxes[b][0] ? &tB : &tA;
            tma_load_2d(smem_addr(sm) + (uint32_t)kBoxes[b][3], m, kBoxes[b][1], kBoxes[b][2], bar);
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
    y = f'''# {name}: {doc}
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 0
buffers:
{buffers}  img:   {{dtype: u32, shape: [{smem // 4}]}}
  flags: {{dtype: u32, shape: [{nbox}]}}
tensormaps:
{maps}params:
  - {{tensormap: tA}}
  - {{tensormap: tB}}
  - {{buffer: img}}
  - {{buffer: flags}}
outputs: [img, flags]
{yaml_extra}'''
    write(name, cu, y)


def gen_tma_load_2d():
    # a: f16 [150][256] (row pitch 512 B), tensor dims [200, 150]
    a16 = "  a: {dtype: f16, shape: [150, 256], init: uniform, low: -1000, high: 1000}\n"
    b16 = "  b: {dtype: bf16, shape: [96, 128], init: uniform, low: -1000, high: 1000}\n"
    A = "dims: [200, 150], strides: [512]"
    B = "dims: [120, 96], strides: [256]"
    tma2d("tma_load_2d_none",
          "2D TMA loads, no swizzle: f16 box [40, 12] (80-byte rows, packed densely) and bf16 box [64, 8]",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [40, 12]}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [64, 8], swizzle: none}}\n",
          a16 + b16,
          [(0, 0, 0, 960, 0), (0, 40, 5, 960, 0), (0, 168, 142, 960, 0), (0, 120, 77, 960, 128),
           (1, 0, 0, 1024, 0), (1, 56, 88, 1024, 256), (1, 8, 41, 1024, 0)])
    tma2d("tma_load_2d_sw32",
          "2D TMA loads, 32B swizzle: f16 box [16, 16] and bf16 box [16, 32] (32-byte box rows = the span)",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [16, 16], swizzle: 32B}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [16, 32], swizzle: 32B}}\n",
          a16 + b16,
          [(0, 0, 0, 512, 0), (0, 24, 3, 512, 0), (0, 184, 134, 512, 0), (1, 0, 0, 1024, 0), (1, 104, 64, 1024, 0)])
    tma2d("tma_load_2d_sw64",
          "2D TMA loads, 64B swizzle: bf16 box [32, 16] and f16 box [32, 8] (64-byte box rows = the span)",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [32, 8], swizzle: 64B}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [32, 16], swizzle: 64B}}\n",
          a16 + b16,
          [(0, 0, 0, 512, 0), (0, 48, 17, 512, 0), (0, 168, 142, 512, 0), (1, 0, 0, 1024, 0), (1, 88, 80, 1024, 0),
           (1, 8, 33, 1024, 0)])
    tma2d("tma_load_2d_sw128",
          "2D TMA loads, 128B swizzle: f16 box [64, 16] and bf16 box [64, 8] (128-byte box rows = the span)",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [64, 16], swizzle: 128B}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [64, 8], swizzle: 128B}}\n",
          a16 + b16,
          [(0, 0, 0, 2048, 0), (0, 64, 16, 2048, 0), (0, 16, 101, 2048, 0), (0, 136, 134, 2048, 0),
           (1, 0, 0, 1024, 0), (1, 56, 88, 1024, 0)])
    tma2d("tma_load_2d_sw128_narrow",
          "2D TMA loads, 128B swizzle with box rows narrower than the span: f16 box [32, 16] (64 B) and bf16 box [16, 8] (32 B)",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [32, 16], swizzle: 128B}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [16, 8], swizzle: 128B}}\n",
          a16 + b16,
          [(0, 0, 0, 1024, 0), (0, 48, 20, 1024, 0), (1, 0, 0, 256, 0), (1, 40, 7, 256, 0)])
    tma2d("tma_load_2d_shift",
          "2D TMA loads into shared addresses that are 128-byte but not swizzle-repeat aligned: f16 128B-swizzled box [64, 8] and bf16 64B-swizzled box [32, 8] at offsets +128..+640",
          f"  tA: {{buffer: a, dtype: f16, {A}, box: [64, 8], swizzle: 128B}}\n"
          f"  tB: {{buffer: b, dtype: bf16, {B}, box: [32, 8], swizzle: 64B}}\n",
          a16 + b16,
          [(0, 0, 0, 1024, 128), (0, 0, 0, 1024, 384), (0, 0, 0, 1024, 512), (0, 64, 9, 1024, 640),
           (1, 0, 0, 512, 128), (1, 0, 0, 512, 256), (1, 0, 0, 512, 384)])
    # OOB: tensor 100 x 40 of f16 in a [40][128] buffer; bf16 tensor 90 x 30 in [30][96]
    tma2d("tma_load_2d_oob",
          "2D TMA loads with boxes out of bounds on every edge (negative and past-the-end coordinates, fully outside boxes), zero fill: f16 128B-swizzled box [64, 16] and bf16 unswizzled box [24, 5]",
          "  tA: {buffer: a, dtype: f16, dims: [100, 40], strides: [256], box: [64, 16], swizzle: 128B, oob_fill: zero}\n"
          "  tB: {buffer: b, dtype: bf16, dims: [90, 30], strides: [192], box: [24, 5]}\n",
          "  a: {dtype: f16, shape: [40, 128], init: uniform, low: -1000, high: 1000}\n"
          "  b: {dtype: bf16, shape: [30, 96], init: uniform, low: -1000, high: 1000}\n",
          [(0, -8, -3, 2048, 0), (0, 88, 30, 2048, 0), (0, -64, 0, 2048, 0), (0, 104, 40, 2048, 0),
           (0, 48, -10, 2048, 0), (0, -24, 35, 2048, 0), (0, -100000, 5, 2048, 0),
           (1, -8, -2, 240, 0), (1, 80, 28, 240, 0), (1, 96, 0, 240, 0)])
    tma2d("tma_load_2d_nan",
          "2D TMA loads with oob_fill nan (NAN_REQUEST_ZERO_FMA): f32 box [32, 8] unswizzled and f16 box [64, 4] 128B-swizzled, boxes partly and fully out of bounds (records the OOB NaN bit pattern)",
          "  tA: {buffer: c, dtype: f32, dims: [50, 20], strides: [208], box: [32, 8], oob_fill: nan}\n"
          "  tB: {buffer: d, dtype: f16, dims: [70, 10], strides: [144], box: [64, 4], swizzle: 128B, oob_fill: nan}\n",
          "  c: {dtype: f32, shape: [20, 52], init: uniform, low: -1000, high: 1000}\n"
          "  d: {dtype: f16, shape: [10, 72], init: uniform, low: -1000, high: 1000}\n",
          [(0, 0, 0, 1024, 0), (0, -8, -2, 1024, 0), (0, 28, 15, 1024, 0), (0, -40, 0, 1024, 0),
           (1, -16, -1, 512, 0), (1, 40, 8, 512, 0)])


# ------------------------------------------------------------------ N-D TMA loads (maps in global memory)
ND_BUFFERS = {
    "r1": "  b1: {dtype: u8, shape: [1000], init: uniform}\n",
    "r3": "  b3: {dtype: f32, shape: [5, 7, 24], init: uniform, low: -1000, high: 1000}\n",
    "r4": "  b4: {dtype: bf16, shape: [4, 5, 6, 16], init: uniform, low: -1000, high: 1000}\n",
    "r5": "  b5: {dtype: f64, shape: [2, 3, 3, 3, 4], init: uniform, low: -1000, high: 1000}\n",
    "estride": "  b3s: {dtype: u16, shape: [9, 10, 32], init: uniform}\n",
}
ND_MAPS = {
    "r1": "  t1: {buffer: b1, dtype: u8, dims: [1000], strides: [], box: [64]}\n",
    "r3": "  t3: {buffer: b3, dtype: f32, dims: [20, 7, 5], strides: [96, 672], box: [8, 4, 3], swizzle: 32B}\n",
    "r4": "  t4: {buffer: b4, dtype: bf16, dims: [16, 6, 5, 4], strides: [32, 192, 960], box: [16, 2, 3, 2]}\n",
    "r5": "  t5: {buffer: b5, dtype: f64, dims: [4, 3, 3, 3, 2], strides: [32, 96, 288, 864], box: [4, 2, 2, 2, 2]}\n",
    "estride": "  t3s: {buffer: b3s, dtype: u16, dims: [32, 10, 9], strides: [64, 640], box: [16, 5, 6], element_strides: [1, 2, 3]}\n",
}
ND_MAPNAME = {"r1": "t1", "r3": "t3", "r4": "t4", "r5": "t5", "estride": "t3s"}
ND_BOXES = {
    "r1": (1, [[0], [496], [-16], [976], [1008]], 64),
    "r3": (3, [[0, 0, 0], [16, 5, 3], [-4, -2, -1], [4, 1, 1]], 384),
    "r4": (4, [[0, 0, 0, 0], [0, 5, 4, 3], [8, 1, 1, 1], [-8, -1, -2, -1]], 384),
    "r5": (5, [[0, 0, 0, 0, 0], [0, 2, 2, 2, 1], [-2, 0, 0, 0, 0], [2, 1, 1, 1, 0]], 512),
    "estride": (3, [[0, 0, 0], [8, 1, 2], [24, 8, 7], [-8, -3, -2]], 192),
}
ND_DOC = {
    "r1": "rank-1 u8 TMA loads (box [64]) at 0, 496, -16 (clipped), 976 (clipped) and 1008 (fully outside)",
    "r3": "rank-3 f32 TMA loads, box [8, 4, 3] with 32B swizzle (32-byte rows), in bounds, clipped and negative",
    "r4": "rank-4 bf16 TMA loads, box [16, 2, 3, 2], in bounds, clipped, half outside in dim 0, negative",
    "r5": "rank-5 f64 TMA loads, box [4, 2, 2, 2, 2], in bounds, clipped and negative",
    "estride": "rank-3 u16 TMA loads with element_strides [1, 2, 3] (box [16, 5, 6] -> 16 x 3 x 2 elements)",
}
ND_ASM = {
    1: ('"cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2}], [%3];"\n'
        '                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(bar) : "memory"'),
    3: ('"cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4}], [%5];"\n'
        '                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(bar) : "memory"'),
    4: ('"cp.async.bulk.tensor.4d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5}], [%6];"\n'
        '                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(bar) : "memory"'),
    5: ('"cp.async.bulk.tensor.5d.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3, %4, %5, %6}], [%7];"\n'
        '                 ::"r"(dst), "l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(c[4]), "r"(bar) : "memory"'),
}


def gen_tma_load_nd(key):
    name = f"tma_load_nd_{key}"
    rank, coords, nbytes = ND_BOXES[key]
    nbox = len(coords)
    slot = 1024
    smem = nbox * slot
    table = ",\n".join("    {%s, %d, %d}" % (", ".join(str(c) for c in (cs + [0] * 5)[:5]), i * slot, nbytes)
                       for i, cs in enumerate(coords))
    asm = ND_ASM[rank]
    cu = f"""// {name}: {ND_DOC[key]}.
// The tensor map lives in global memory (buffer `maps`, 128 bytes, encoded on the host) and is passed
// as a pointer; thread 0 runs fence.proxy.tensormap::generic.acquire.gpu on it before use.
// kBoxes rows: {{c0..c4, byte offset in sm, expected tx bytes}}. One CTA of 128 threads; shared memory
// is pre-filled with the sentinel 0xEEEE0000 | word_index; box i lands at byte 1024*i.
// Outputs: img u32[{smem // 4}] raw shared image, flags u32[{nbox}] (1 = box i's barrier completed with
// the expected tx bytes = the full box, out-of-bounds elements included).
{COMMON}
#define NBOX {nbox}
#define SMEM_BYTES {smem}
__constant__ int kBoxes[NBOX][7] = {{
{table}
}};

static __device__ __forceinline__ void tma_load(uint32_t dst, const void* m, const int* c, uint32_t bar)
{{
    asm volatile({asm});
}}

extern "C" __global__ void __launch_bounds__(128) {name}(const CUtensorMap* __restrict__ maps,
    uint32_t* __restrict__ img, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    __shared__ __align__(8) uint64_t bars[NBOX];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) mbar_init(smem_addr(&bars[b]), 1);
        fence_mbar_init();
        asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(maps) : "memory");
    }}
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        for (int b = 0; b < NBOX; ++b) {{
            const uint32_t bar = smem_addr(&bars[b]);
            mbar_arrive_expect_tx(bar, (uint32_t)kBoxes[b][6]);
            tma_load(smem_addr(sm) + (uint32_t)kBoxes[b][5], maps, &kBoxes[b][0], bar);
        }}
    }}
    uint32_t ok[NBOX];
    for (int b = 0; b < NBOX; ++b) ok[b] = mbar_wait_bounded(smem_addr(&bars[b]), 0);
    if (tid == 0)
        for (int b = 0; b < NBOX; ++b) flags[b] = ok[b];
    __syncthreads();
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) img[i] = sm[i];
}}
"""
    y = f"""# {name}: {ND_DOC[key]}; the map is in global memory.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 3
buffers:
{ND_BUFFERS[key]}  maps: {{tensormaps: [{ND_MAPNAME[key]}]}}
  img: {{dtype: u32, shape: [{smem // 4}]}}
  flags: {{dtype: u32, shape: [{nbox}]}}
tensormaps:
{ND_MAPS[key]}params:
  - {{buffer: maps}}
  - {{buffer: img}}
  - {{buffer: flags}}
outputs: [img, flags]
"""
    write(name, cu, y)


# ------------------------------------------------------------------ TMA stores and reduce
def gen_tma_store():
    cu = f'''// tma_store_2d: shared -> global TMA tile stores (cp.async.bulk.tensor.2d.global.shared::cta.bulk_group,
// commit_group, wait_group.read / wait_group) and cp.reduce.async.bulk.tensor add. The three maps come in
// one 512-byte by-value struct param (maps at 0, 128, 256; a u32 tag at 384; CUtensorMap is
// 128-byte aligned in CUDA 13, so the struct is .param .align 128 .b8 [512]).
// One CTA of 128 threads; thread 0 issues every bulk operation.
//   o1 u32[20][72] (pre-filled iota = sentinel), map tS: u32 dims [72, 20], box [32, 8], no swizzle.
//      S1 (32x8 u32) = 0x10000000 + i stored at (0,0); then at (-8,-3) (overlaps (0,0): a later group);
//      then at (56,16) (clipped right and bottom) and (100,100) (fully outside: nothing written);
//      after wait_group.read 0, S1 is rewritten to 0x20000000 + i and stored at (36,8).
//   o2 f16[16][128] (iota), map tW: f16 dims [128, 16], box [64, 8], 128B swizzle. S2 (8 rows x 64 u16,
//      written linearly: u16 i = 0x5000 + i) stored at (0,0) and (64,8), then at (104,12) (clipped).
//   o3 u32[12][40] (iota), map tR: u32 dims [40, 12], box [16, 4]. S3 (4x16 u32) = 1000*(i+1) reduce-added
//      at (0,0), (8,2) (overlapping), (32,10) (clipped) and (-4,-1) (clipped).
//   flags u32[4]: [0] the struct's tag, [1] 1 after the last wait_group 0.
{COMMON}
struct StoreParams {{
    CUtensorMap st;     // tS
    CUtensorMap sw;     // tW
    CUtensorMap red;    // tR
    uint32_t tag;
}};

static __device__ __forceinline__ void tma_store_2d(const void* m, int c0, int c1, uint32_t src)
{{
    asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group [%0, {{%1, %2}}], [%3];"
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory");
}}
static __device__ __forceinline__ void tma_reduce_add_2d(const void* m, int c0, int c1, uint32_t src)
{{
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {{%1, %2}}], [%3];"
                 ::"l"(m), "r"(c0), "r"(c1), "r"(src) : "memory");
}}
static __device__ __forceinline__ void bulk_commit() {{ asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }}
static __device__ __forceinline__ void bulk_wait_read0() {{ asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory"); }}
static __device__ __forceinline__ void bulk_wait0() {{ asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }}

extern "C" __global__ void __launch_bounds__(128) tma_store_2d(const __grid_constant__ StoreParams p,
    uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t s1[32 * 8];
    __shared__ __align__(1024) uint16_t s2[64 * 8];
    __shared__ __align__(128) uint32_t s3[16 * 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < 32 * 8; i += blockDim.x) s1[i] = 0x10000000u + i;
    for (int i = tid; i < 64 * 8; i += blockDim.x) s2[i] = (uint16_t)(0x5000 + i);
    for (int i = tid; i < 16 * 4; i += blockDim.x) s3[i] = 1000u * (i + 1);
    fence_proxy_async_smem();   // generic writes -> visible to the async proxy (TMA reads)
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&p.st, 0, 0, smem_addr(s1));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&p.st, -8, -3, smem_addr(s1));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&p.st, 56, 16, smem_addr(s1));
        tma_store_2d(&p.st, 100, 100, smem_addr(s1));
        tma_store_2d(&p.sw, 0, 0, smem_addr(s2));
        tma_store_2d(&p.sw, 64, 8, smem_addr(s2));
        tma_reduce_add_2d(&p.red, 0, 0, smem_addr(s3));
        tma_reduce_add_2d(&p.red, 8, 2, smem_addr(s3));
        tma_reduce_add_2d(&p.red, 32, 10, smem_addr(s3));
        tma_reduce_add_2d(&p.red, -4, -1, smem_addr(s3));
        bulk_commit();
        bulk_wait_read0();      // sources read: s1 may be rewritten
    }}
    __syncthreads();
    for (int i = tid; i < 32 * 8; i += blockDim.x) s1[i] = 0x20000000u + i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        tma_store_2d(&p.st, 36, 8, smem_addr(s1));
        bulk_commit();
        bulk_wait0();
        tma_store_2d(&p.sw, 104, 12, smem_addr(s2));
        bulk_commit();
        bulk_wait0();
        flags[0] = p.tag;
        flags[1] = 1;
    }}
}}
'''
    y = '''# tma_store_2d: TMA tile stores (clipped at every edge, one 128B-swizzled) and reduce-add into pre-filled outputs; maps in a 512-byte struct param.
kernel: tma_store_2d
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
  o1: {dtype: u32, shape: [20, 72], init: iota}
  o2: {dtype: f16, shape: [16, 128], init: iota}
  o3: {dtype: u32, shape: [12, 40], init: iota}
  flags: {dtype: u32, shape: [4]}
tensormaps:
  tS: {buffer: o1, dtype: u32, dims: [72, 20], strides: [288], box: [32, 8]}
  tW: {buffer: o2, dtype: f16, dims: [128, 16], strides: [256], box: [64, 8], swizzle: 128B}
  tR: {buffer: o3, dtype: u32, dims: [40, 12], strides: [160], box: [16, 4]}
params:
  - {bytes: 512, fields: [{offset: 0, tensormap: tS}, {offset: 128, tensormap: tW}, {offset: 256, tensormap: tR}, {offset: 384, u32: "0x5EED1234"}]}
  - {buffer: flags}
outputs: [o1, o2, o3, flags]
'''
    write("tma_store_2d", cu, y)


# ------------------------------------------------------------------ non-tensor bulk copies
def gen_tma_bulk():
    cu = f'''// tma_bulk: non-tensor bulk copies.
//  global -> shared: cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes, 6 copies
//    (kCopies rows {{dst byte in sm, src byte in src, bytes}}) on barrier 0 (arrive.expect_tx before the
//    copies) and 2 copies on barrier 1 (copies first, arrive.expect_tx after: tx may go negative).
//  cp.async.bulk.prefetch.L2.global of 256 bytes (a hint).
//  shared -> global: cp.async.bulk.global.shared::cta.bulk_group, kStores rows {{dst byte in gout,
//    src byte in sm, bytes}}, commit_group + wait_group 0; gout is pre-filled with iota.
// One CTA of 64 threads; sm (8 KiB) pre-filled with 0xEEEE0000 | word index.
// Outputs: img u32[2048] (shared image after the loads), gout u32[2048], flags u32[2] (barriers done).
{COMMON}
__constant__ int kCopies[8][3] = {{
    {{0, 0, 16}}, {{48, 112, 48}}, {{128, 64, 32}}, {{1024, 1024, 256}}, {{2064, 4128, 1040}}, {{4096, 0, 2048}},
    {{6400, 512, 128}}, {{6656, 7936, 256}}
}};
__constant__ int kStores[4][3] = {{
    {{64, 0, 128}}, {{1040, 2064, 1040}}, {{4000, 4096, 16}}, {{6144, 1024, 256}}
}};

static __device__ __forceinline__ void bulk_g2s(uint32_t dst, const void* src, uint32_t bytes, uint32_t bar)
{{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}}
static __device__ __forceinline__ void bulk_s2g(void* dst, uint32_t src, uint32_t bytes)
{{
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                 ::"l"(dst), "r"(src), "r"(bytes) : "memory");
}}

extern "C" __global__ void __launch_bounds__(64) tma_bulk(const uint32_t* __restrict__ src,
    uint32_t* __restrict__ img, uint32_t* __restrict__ gout, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[2048];
    __shared__ __align__(8) uint64_t bars[2];
    const int tid = threadIdx.x;
    for (int i = tid; i < 2048; i += blockDim.x) sm[i] = 0xEEEE0000u | (uint32_t)i;
    if (tid == 0) {{
        mbar_init(smem_addr(&bars[0]), 1);
        mbar_init(smem_addr(&bars[1]), 1);
        fence_mbar_init();
    }}
    fence_proxy_async_smem();
    __syncthreads();
    const uint32_t b0 = smem_addr(&bars[0]), b1 = smem_addr(&bars[1]);
    const char* s = reinterpret_cast<const char*>(src);
    if (tid == 0) {{
        asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(s + 2048), "r"(256) : "memory");
        uint32_t total = 0;
        for (int i = 0; i < 6; ++i) total += kCopies[i][2];
        mbar_arrive_expect_tx(b0, total);
        for (int i = 0; i < 6; ++i) bulk_g2s(smem_addr(sm) + kCopies[i][0], s + kCopies[i][1], kCopies[i][2], b0);
        for (int i = 6; i < 8; ++i) bulk_g2s(smem_addr(sm) + kCopies[i][0], s + kCopies[i][1], kCopies[i][2], b1);
        mbar_arrive_expect_tx(b1, kCopies[6][2] + kCopies[7][2]);
    }}
    const uint32_t ok0 = mbar_wait_bounded(b0, 0);
    const uint32_t ok1 = mbar_wait_bounded(b1, 0);
    __syncthreads();
    for (int i = tid; i < 2048; i += blockDim.x) img[i] = sm[i];
    __syncthreads();
    // generic writes into the first 1 KiB, then fence for the async-proxy reads of the bulk stores
    for (int i = tid; i < 256; i += blockDim.x) sm[i] = 0x30000000u + i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        char* g = reinterpret_cast<char*>(gout);
        for (int i = 0; i < 4; ++i) bulk_s2g(g + kStores[i][0], smem_addr(sm) + kStores[i][1], kStores[i][2]);
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        flags[0] = ok0;
        flags[1] = ok1;
    }}
}}
'''
    y = '''# tma_bulk: non-tensor bulk copies global->shared (mbarrier complete_tx) and shared->global (bulk_group), L2 prefetch.
kernel: tma_bulk
grid: [1, 1, 1]
block: [64, 1, 1]
seed: 5
buffers:
  src: {dtype: u32, shape: [2048], init: uniform}
  img: {dtype: u32, shape: [2048]}
  gout: {dtype: u32, shape: [2048], init: iota}
  flags: {dtype: u32, shape: [2]}
params:
  - {buffer: src}
  - {buffer: img}
  - {buffer: gout}
  - {buffer: flags}
outputs: [img, gout, flags]
'''
    write("tma_bulk", cu, y)


# ------------------------------------------------------------------ mbarrier pipelines
def gen_pipeline(S):
    mode = {2: "every consumer thread arrives on the empty barrier (count 64)",
            3: "one arrive per consumer warp after __syncwarp (empty count 2)",
            4: "lane 0 of each consumer warp arrives with count 32 (empty count 64)"}[S]
    empty_count = {2: 64, 3: 2, 4: 64}[S]
    if S == 2:
        release = "mbar_arrive(empty);"
    elif S == 3:
        release = "__syncwarp();\n            if (lane == 0) mbar_arrive(empty);"
    else:
        release = "__syncwarp();\n            if (lane == 0) mbar_arrive_cnt(empty, 32);"
    name = f"mbar_pipeline_{S}"
    cu = f'''// {name}: TMA producer/consumer pipeline with {S} stages (CUTLASS PipelineTmaAsync pattern).
// Block of 96 threads: warp 0 is the producer (one elected lane), warps 1-2 are the consumers.
// A u32 matrix [128][64] (values 0..1000) is cut into 16 tiles of 16 rows x 32 columns (2 KiB),
// tile t = (column block t % 2, row block t / 2), loaded by TMA into a ring of {S} stages.
// full[s] (count 1): producer arrive.expect_tx(2048) + TMA; consumers try_wait.parity (k & 1) with a
// suspend-time hint. empty[s]: {mode}; the producer waits on it with parity (k & 1) ^ 1 (the first
// pass succeeds at once). Consumer thread c (0..63) sums column c % 32 over rows 8*(c/32) .. +7 of each
// tile, as u32 and as f32 (exact: the sums are integers below 2^24).
// Outputs: su u32[16][64], sf f32[16][64], facts u32[16]: [0] failed (timed-out) waits of the producer,
// [1] of the consumers (0 expected); at the end, per stage s: facts[4+3s] = test_wait.parity(full[s], 0)
// | test_wait.parity(full[s], 1) << 1, facts[4+3s+1] = the same for empty[s], facts[4+3s+2] = 0xF0 + s.
{COMMON}
#define STAGES {S}
#define TILES 16
#define TILE_BYTES 2048

static __device__ __forceinline__ void tma_load_2d(uint32_t dst, const void* tmap, int c0, int c1, uint32_t bar)
{{
    asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes"
                 " [%0], [%1, {{%2, %3}}], [%4];"
                 ::"r"(dst), "l"(tmap), "r"(c0), "r"(c1), "r"(bar) : "memory");
}}
static __device__ __forceinline__ void mbar_arrive(uint32_t bar)
{{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(bar) : "memory");
}}
static __device__ __forceinline__ void mbar_arrive_cnt(uint32_t bar, uint32_t n)
{{
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}}
// try_wait with a suspend-time hint (ns), looped with a bound; returns 1 on success
static __device__ __forceinline__ uint32_t mbar_wait_hint(uint32_t bar, uint32_t parity)
{{
    for (int i = 0; i < (1 << 16); ++i) {{
        uint32_t ok;
        asm volatile("{{\\n\\t.reg .pred p;\\n\\t"
                     "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\\n\\t"
                     "selp.u32 %0, 1, 0, p;\\n\\t}}"
                     : "=r"(ok) : "r"(bar), "r"(parity), "r"(0x989680) : "memory");
        if (ok) return 1;
    }}
    return 0;
}}
static __device__ __forceinline__ uint32_t mbar_test_parity(uint32_t bar, uint32_t parity)
{{
    uint32_t ok;
    asm volatile("{{\\n\\t.reg .pred p;\\n\\t"
                 "mbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\\n\\t"
                 "selp.u32 %0, 1, 0, p;\\n\\t}}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}}
static __device__ __forceinline__ uint32_t elect_one()
{{
    uint32_t pred = 0;
    asm volatile("{{\\n\\t.reg .b32 rx;\\n\\t.reg .pred px;\\n\\t"
                 "elect.sync rx|px, %1;\\n\\t"
                 "selp.u32 %0, 1, 0, px;\\n\\t}}"
                 : "=r"(pred) : "r"(0xffffffffu));
    return pred;
}}

extern "C" __global__ void __launch_bounds__(96) {name}(const __grid_constant__ CUtensorMap tmap,
    uint32_t* __restrict__ su, float* __restrict__ sf, uint32_t* __restrict__ facts)
{{
    __shared__ __align__(1024) uint32_t stage[STAGES][TILE_BYTES / 4];
    __shared__ __align__(8) uint64_t full_bar[STAGES];
    __shared__ __align__(8) uint64_t empty_bar[STAGES];
    __shared__ uint32_t fails[2];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    if (tid == 0) {{
        for (int s = 0; s < STAGES; ++s) {{
            mbar_init(smem_addr(&full_bar[s]), 1);
            mbar_init(smem_addr(&empty_bar[s]), {empty_count});
        }}
        fails[0] = 0;
        fails[1] = 0;
        fence_mbar_init();
    }}
    __syncthreads();
    if (warp == 0) {{
        if (elect_one()) {{
            uint32_t bad = 0;
            for (int t = 0; t < TILES; ++t) {{
                const int s = t % STAGES, k = t / STAGES;
                bad += 1 - mbar_wait_hint(smem_addr(&empty_bar[s]), (k & 1) ^ 1);
                const uint32_t full = smem_addr(&full_bar[s]);
                mbar_arrive_expect_tx(full, TILE_BYTES);
                tma_load_2d(smem_addr(&stage[s][0]), &tmap, 32 * (t % 2), 16 * (t / 2), full);
            }}
            atomicAdd(&fails[0], bad);
        }}
    }} else {{
        const int c = tid - 32, col = c % 32, r0 = 8 * (c / 32);
        uint32_t bad = 0;
        for (int t = 0; t < TILES; ++t) {{
            const int s = t % STAGES, k = t / STAGES;
            bad += 1 - mbar_wait_hint(smem_addr(&full_bar[s]), k & 1);
            uint32_t u = 0;
            float f = 0.0f;
            for (int r = r0; r < r0 + 8; ++r) {{
                const uint32_t v = stage[s][r * 32 + col];
                u += v;
                f += (float)v;
            }}
            su[t * 64 + c] = u;
            sf[t * 64 + c] = f;
            const uint32_t empty = smem_addr(&empty_bar[s]);
            {release}
        }}
        atomicAdd(&fails[1], bad);
    }}
    __syncthreads();
    if (tid == 0) {{
        facts[0] = fails[0];
        facts[1] = fails[1];
        for (int s = 0; s < STAGES; ++s) {{
            facts[4 + 3 * s + 0] = mbar_test_parity(smem_addr(&full_bar[s]), 0) | (mbar_test_parity(smem_addr(&full_bar[s]), 1) << 1);
            facts[4 + 3 * s + 1] = mbar_test_parity(smem_addr(&empty_bar[s]), 0) | (mbar_test_parity(smem_addr(&empty_bar[s]), 1) << 1);
            facts[4 + 3 * s + 2] = 0xF0 + s;
        }}
    }}
}}
'''
    y = f'''# {name}: {S}-stage TMA/mbarrier producer-consumer pipeline ({mode}).
kernel: {name}
grid: [1, 1, 1]
block: [96, 1, 1]
seed: {10 + S}
buffers:
  m: {{dtype: u32, shape: [128, 64], init: uniform, low: 0, high: 1000}}
  su: {{dtype: u32, shape: [16, 64]}}
  sf: {{dtype: f32, shape: [16, 64]}}
  facts: {{dtype: u32, shape: [16]}}
tensormaps:
  tM: {{buffer: m, dtype: u32, dims: [64, 128], strides: [256], box: [32, 16]}}
params:
  - {{tensormap: tM}}
  - {{buffer: su}}
  - {{buffer: sf}}
  - {{buffer: facts}}
outputs: [su, sf, facts]
'''
    write(name, cu, y)


# ------------------------------------------------------------------ mbarrier operations
def gen_mbar_ops():
    cu = f'''// mbar_ops: mbarrier semantics as observable facts (tokens are opaque and never written out).
// Block of 64 threads. Output out u32[320]; slot meanings (expected values per the PTX ISA in brackets):
//  A (init 3): [0] pending_count of arrive.noComplete #1 [3: count before the arrive], [1] test_wait(token #1) [0],
//   [2] test_wait.parity 0 [0], [3] test_wait.parity 1 [1: the phase before phase 0 counts as complete],
//   [4] pending_count of arrive.noComplete #2 [2], then a plain arrive completes phase 0:
//   [5] test_wait(token #1) [1], [6] test_wait(token #3) [1], [7] parity 0 [1], [8] parity 1 [0];
//   arrive count 3 completes phase 1: [9] test_wait(its token) [1], [10] parity 1 [1], [11] parity 0 [0],
//   [12] try_wait(token, no parity) [1], [13] try_wait.parity 0 with a 1000 ns hint on the incomplete
//   phase 2 [0], [14] try_wait.parity 1 with hint [1].
//  B (init 4): arrive_drop (expected 4 -> 3), arrive.noComplete: [15] its pending_count [3], arrive count 2
//   completes phase 0: [16] parity 0 [1]; phase 1 expects 3: arrive count 2: [17] parity 1 [0]; arrive:
//   [18] parity 1 [1]; arrive_drop count 2 (expected 3 -> 1): [19] parity 0 [0]; arrive: [20] parity 0 [1];
//   phase 3 expects 1: arrive: [21] parity 1 [1].
//  C (init 1): expect_tx 64, arrive: [22] parity 0 [0]; complete_tx 32: [23] [0]; complete_tx 32: [24] [1];
//   complete_tx 16 before the expect_tx (tx negative): [25] parity 1 [0]; arrive.expect_tx 16: [26] [1];
//   expect_tx 128 + a 128-byte bulk copy + arrive: [27] bounded wait parity 0 [1].
//  A again: inval, init 1: [28] parity 0 [0], [29] parity 1 [1]; arrive: [30] parity 0 [1];
//   inval, init 5: arrive.noComplete 2: [31] pending_count [5]; again: [32] [3]; arrive: [33] parity 0 [1].
//  [34] 0xC0FFEE (end marker of thread 0's part).
//  D (init 64, all threads arrive, then bar.sync): [64 + tid] = test_wait(token) | parity0 << 1 | parity1 << 2 [3].
//  E (init 32): warp 1 arrives, warp 0 waits: [128 + lane] bounded wait [1] for lanes of warp 0.
//  F (init 64): each thread arrive.expect_tx 16 + a 16-byte bulk copy of src[4*tid..] into buf2:
//   [192 + tid] bounded wait parity 0 [1].
//  [256 .. 256+31]: buf (the 128-byte bulk copy of src[0..31]); buf2 goes to out2 u32[256].
{COMMON}
static __device__ __forceinline__ uint64_t arrive(uint32_t bar)
{{
    uint64_t t;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(t) : "r"(bar) : "memory");
    return t;
}}
static __device__ __forceinline__ uint64_t arrive_cnt(uint32_t bar, uint32_t n)
{{
    uint64_t t;
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}}
static __device__ __forceinline__ uint64_t arrive_nocomplete(uint32_t bar, uint32_t n)
{{
    uint64_t t;
    asm volatile("mbarrier.arrive.noComplete.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}}
static __device__ __forceinline__ uint64_t arrive_drop(uint32_t bar)
{{
    uint64_t t;
    asm volatile("mbarrier.arrive_drop.shared::cta.b64 %0, [%1];" : "=l"(t) : "r"(bar) : "memory");
    return t;
}}
static __device__ __forceinline__ uint64_t arrive_drop_cnt(uint32_t bar, uint32_t n)
{{
    uint64_t t;
    asm volatile("mbarrier.arrive_drop.shared::cta.b64 %0, [%1], %2;" : "=l"(t) : "r"(bar), "r"(n) : "memory");
    return t;
}}
static __device__ __forceinline__ uint32_t pending_count(uint64_t t)
{{
    uint32_t n;
    asm volatile("mbarrier.pending_count.b64 %0, %1;" : "=r"(n) : "l"(t));
    return n;
}}
static __device__ __forceinline__ uint32_t test_wait(uint32_t bar, uint64_t t)
{{
    uint32_t ok;
    asm volatile("{{\\n\\t.reg .pred p;\\n\\tmbarrier.test_wait.shared::cta.b64 p, [%1], %2;\\n\\t"
                 "selp.u32 %0, 1, 0, p;\\n\\t}}" : "=r"(ok) : "r"(bar), "l"(t) : "memory");
    return ok;
}}
static __device__ __forceinline__ uint32_t test_parity(uint32_t bar, uint32_t parity)
{{
    uint32_t ok;
    asm volatile("{{\\n\\t.reg .pred p;\\n\\tmbarrier.test_wait.parity.shared::cta.b64 p, [%1], %2;\\n\\t"
                 "selp.u32 %0, 1, 0, p;\\n\\t}}" : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}}
static __device__ __forceinline__ uint32_t try_wait_token(uint32_t bar, uint64_t t)
{{
    uint32_t ok;
    asm volatile("{{\\n\\t.reg .pred p;\\n\\tmbarrier.try_wait.shared::cta.b64 p, [%1], %2;\\n\\t"
                 "selp.u32 %0, 1, 0, p;\\n\\t}}" : "=r"(ok) : "r"(bar), "l"(t) : "memory");
    return ok;
}}
static __device__ __forceinline__ uint32_t try_parity_hint(uint32_t bar, uint32_t parity, uint32_t ns)
{{
    uint32_t ok;
    asm volatile("{{\\n\\t.reg .pred p;\\n\\tmbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2, %3;\\n\\t"
                 "selp.u32 %0, 1, 0, p;\\n\\t}}" : "=r"(ok) : "r"(bar), "r"(parity), "r"(ns) : "memory");
    return ok;
}}
static __device__ __forceinline__ void expect_tx(uint32_t bar, uint32_t n)
{{
    asm volatile("mbarrier.expect_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}}
static __device__ __forceinline__ void complete_tx(uint32_t bar, uint32_t n)
{{
    asm volatile("mbarrier.complete_tx.relaxed.cta.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(n) : "memory");
}}
static __device__ __forceinline__ void inval(uint32_t bar)
{{
    asm volatile("mbarrier.inval.shared::cta.b64 [%0];" ::"r"(bar) : "memory");
}}
static __device__ __forceinline__ void bulk_g2s(uint32_t dst, const void* src, uint32_t bytes, uint32_t bar)
{{
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                 ::"r"(dst), "l"(src), "r"(bytes), "r"(bar) : "memory");
}}

extern "C" __global__ void __launch_bounds__(64) mbar_ops(const uint32_t* __restrict__ src,
    uint32_t* __restrict__ out, uint32_t* __restrict__ out2)
{{
    __shared__ __align__(8) uint64_t bars[6];
    __shared__ __align__(128) uint32_t buf[32];
    __shared__ __align__(128) uint32_t buf2[256];
    const int tid = threadIdx.x;
    const uint32_t A = smem_addr(&bars[0]), B = smem_addr(&bars[1]), C = smem_addr(&bars[2]);
    const uint32_t D = smem_addr(&bars[3]), E = smem_addr(&bars[4]), F = smem_addr(&bars[5]);
    if (tid == 0) {{
        uint32_t* o = out;
        mbar_init(A, 3);
        mbar_init(B, 4);
        mbar_init(C, 1);
        fence_mbar_init();
        const uint64_t t1 = arrive_nocomplete(A, 1);
        o[0] = pending_count(t1);
        o[1] = test_wait(A, t1);
        o[2] = test_parity(A, 0);
        o[3] = test_parity(A, 1);
        const uint64_t t2 = arrive_nocomplete(A, 1);
        o[4] = pending_count(t2);
        const uint64_t t3 = arrive(A);
        o[5] = test_wait(A, t1);
        o[6] = test_wait(A, t3);
        o[7] = test_parity(A, 0);
        o[8] = test_parity(A, 1);
        const uint64_t t4 = arrive_cnt(A, 3);
        o[9] = test_wait(A, t4);
        o[10] = test_parity(A, 1);
        o[11] = test_parity(A, 0);
        o[12] = try_wait_token(A, t4);
        o[13] = try_parity_hint(A, 0, 1000);
        o[14] = try_parity_hint(A, 1, 1000);
        // B: arrive_drop
        arrive_drop(B);
        const uint64_t d1 = arrive_nocomplete(B, 1);
        o[15] = pending_count(d1);
        arrive_cnt(B, 2);
        o[16] = test_parity(B, 0);
        arrive_cnt(B, 2);
        o[17] = test_parity(B, 1);
        arrive(B);
        o[18] = test_parity(B, 1);
        arrive_drop_cnt(B, 2);
        o[19] = test_parity(B, 0);
        arrive(B);
        o[20] = test_parity(B, 0);
        arrive(B);
        o[21] = test_parity(B, 1);
        // C: transaction counts
        expect_tx(C, 64);
        arrive(C);
        o[22] = test_parity(C, 0);
        complete_tx(C, 32);
        o[23] = test_parity(C, 0);
        complete_tx(C, 32);
        o[24] = test_parity(C, 0);
        complete_tx(C, 16);
        o[25] = test_parity(C, 1);
        mbar_arrive_expect_tx(C, 16);
        o[26] = test_parity(C, 1);
        expect_tx(C, 128);
        bulk_g2s(smem_addr(buf), src, 128, C);
        arrive(C);
        o[27] = mbar_wait_bounded(C, 0);
        // A: inval and re-init
        inval(A);
        mbar_init(A, 1);
        o[28] = test_parity(A, 0);
        o[29] = test_parity(A, 1);
        arrive(A);
        o[30] = test_parity(A, 0);
        inval(A);
        mbar_init(A, 5);
        const uint64_t p1 = arrive_nocomplete(A, 2);
        o[31] = pending_count(p1);
        const uint64_t p2 = arrive_nocomplete(A, 2);
        o[32] = pending_count(p2);
        arrive(A);
        o[33] = test_parity(A, 0);
        o[34] = 0xC0FFEEu;
        mbar_init(D, 64);
        mbar_init(E, 32);
        mbar_init(F, 64);
        fence_mbar_init();
    }}
    __syncthreads();
    const uint64_t tk = arrive(D);
    __syncthreads();
    out[64 + tid] = test_wait(D, tk) | (test_parity(D, 0) << 1) | (test_parity(D, 1) << 2);
    if (tid >= 32)
        arrive(E);
    else
        out[128 + tid] = mbar_wait_bounded(E, 0);
    mbar_arrive_expect_tx(F, 16);
    bulk_g2s(smem_addr(&buf2[4 * tid]), src + 4 * tid, 16, F);
    out[192 + tid] = mbar_wait_bounded(F, 0);
    __syncthreads();
    if (tid < 32) out[256 + tid] = buf[tid];
    for (int i = tid; i < 256; i += 64) out2[i] = buf2[i];
}}
'''
    y = '''# mbar_ops: mbarrier semantics as facts: tokens + test_wait, pending_count, arrive_drop, expect_tx/complete_tx, try_wait hints, inval + re-init.
kernel: mbar_ops
grid: [1, 1, 1]
block: [64, 1, 1]
seed: 9
buffers:
  src: {dtype: u32, shape: [256], init: uniform}
  out: {dtype: u32, shape: [320]}
  out2: {dtype: u32, shape: [256]}
params:
  - {buffer: src}
  - {buffer: out}
  - {buffer: out2}
outputs: [out, out2]
'''
    write("mbar_ops", cu, y)


# ------------------------------------------------------------------ cp.async (Ampere) pipeline
def gen_cpasync():
    cu = f'''// cpasync_pipeline: a 3-stage cp.async pipeline (CUTLASS multistage order) over n u32 (n = 3621:
// 7 full tiles of 512 words and a 37-word tail). Block of 128 threads, one CTA.
// Per tile k, thread t copies words 4t..4t+3 of the tile with cp.async.cg (16 B, src-size
// clamp(4*(n - idx), 0, 16): the bytes past the end are zero-filled), and words 2t, 2t+1 of in2's tile
// (256 words) with two cp.async.ca 4-byte copies (t even) or one 8-byte copy (t odd).
// commit_group per tile; wait_group 1 (STAGES - 2) before consuming tile k; wait_all after the loop.
// Consume: out[k*512 + j] = S[k%3][511 - j], out2[k*256 + j] = S2[k%3][255 - j] (reversed, so each thread
// reads words copied by other threads).
// Epilogue: cp.async.ca 16-byte copies of in2[4t..4t+3] into E, then cp.async.mbarrier.arrive.noinc on a
// barrier initialized with count 128; wait parity 0; out3[t*4 + i] = E[(t*4 + i + 7) % 512].
// Outputs: out u32[4096] (the tail past n shows the zero fill), out2 u32[2048], out3 u32[512], flags u32[1].
{COMMON}
#define STAGES 3
#define TILE 512
#define TILE2 256

static __device__ __forceinline__ void cp_async_cg16(uint32_t dst, const void* src, uint32_t src_bytes)
{{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(src_bytes) : "memory");
}}
static __device__ __forceinline__ void cp_async_ca4(uint32_t dst, const void* src)
{{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(dst), "l"(src) : "memory");
}}
static __device__ __forceinline__ void cp_async_ca8(uint32_t dst, const void* src)
{{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(dst), "l"(src) : "memory");
}}
static __device__ __forceinline__ void cp_async_ca16(uint32_t dst, const void* src)
{{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
}}
static __device__ __forceinline__ void cp_async_commit() {{ asm volatile("cp.async.commit_group;" ::: "memory"); }}
static __device__ __forceinline__ void cp_async_wait1() {{ asm volatile("cp.async.wait_group 1;" ::: "memory"); }}
static __device__ __forceinline__ void cp_async_wait_all() {{ asm volatile("cp.async.wait_all;" ::: "memory"); }}

extern "C" __global__ void __launch_bounds__(128) cpasync_pipeline(const uint32_t* __restrict__ in,
    const uint32_t* __restrict__ in2, int n, uint32_t* __restrict__ out, uint32_t* __restrict__ out2,
    uint32_t* __restrict__ out3, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(128) uint32_t S[STAGES][TILE];
    __shared__ __align__(128) uint32_t S2[STAGES][TILE2];
    __shared__ __align__(128) uint32_t E[512];
    __shared__ __align__(8) uint64_t bar;
    const int t = threadIdx.x;
    const int tiles = (n + TILE - 1) / TILE;
    auto load = [&](int k) {{
        const int s = k % STAGES;
        const int idx = k * TILE + 4 * t;
        int rem = n - idx;
        const uint32_t bytes = rem >= 4 ? 16u : (rem > 0 ? 4u * rem : 0u);
        cp_async_cg16(smem_addr(&S[s][4 * t]), in + (bytes ? idx : 0), bytes);
        const uint32_t* g2 = in2 + k * TILE2 + 2 * t;
        if ((t & 1) == 0) {{
            cp_async_ca4(smem_addr(&S2[s][2 * t]), g2);
            cp_async_ca4(smem_addr(&S2[s][2 * t + 1]), g2 + 1);
        }} else {{
            cp_async_ca8(smem_addr(&S2[s][2 * t]), g2);
        }}
    }};
    for (int k = 0; k < STAGES - 1; ++k) {{
        if (k < tiles) load(k);
        cp_async_commit();
    }}
    for (int k = 0; k < tiles; ++k) {{
        cp_async_wait1();
        __syncthreads();
        const int kn = k + STAGES - 1;
        if (kn < tiles) load(kn);
        cp_async_commit();
        const int s = k % STAGES;
        for (int j = t; j < TILE; j += 128) out[k * TILE + j] = S[s][TILE - 1 - j];
        for (int j = t; j < TILE2; j += 128) out2[k * TILE2 + j] = S2[s][TILE2 - 1 - j];
    }}
    cp_async_wait_all();
    if (t == 0) {{
        mbar_init(smem_addr(&bar), 128);
        fence_mbar_init();
    }}
    __syncthreads();
    cp_async_ca16(smem_addr(&E[4 * t]), in2 + 4 * t);
    asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(smem_addr(&bar)) : "memory");
    const uint32_t ok = mbar_wait_bounded(smem_addr(&bar), 0);
    for (int i = 0; i < 4; ++i) out3[t * 4 + i] = E[(t * 4 + i + 7) % 512];
    if (t == 0) flags[0] = ok;
}}
'''
    y = '''# cpasync_pipeline: 3-stage cp.async pipeline (cg 16 B with zero-fill tail, ca 4/8/16 B, commit/wait_group/wait_all) + cp.async.mbarrier.arrive.noinc.
kernel: cpasync_pipeline
grid: [1, 1, 1]
block: [128, 1, 1]
seed: 21
buffers:
  in: {dtype: u32, shape: [3621], init: uniform}
  in2: {dtype: u32, shape: [2048], init: uniform}
  out: {dtype: u32, shape: [4096]}
  out2: {dtype: u32, shape: [2048]}
  out3: {dtype: u32, shape: [512]}
  flags: {dtype: u32, shape: [1]}
params:
  - {buffer: in}
  - {buffer: in2}
  - {s32: 3621}
  - {buffer: out}
  - {buffer: out2}
  - {buffer: out3}
  - {buffer: flags}
outputs: [out, out2, out3, flags]
'''
    write("cpasync_pipeline", cu, y)

    cu2 = f'''// cpasync_banks: cp.async (LDGSTS) into shared memory with bank-conflicting destination strides,
// one warp, one code path per pattern (the point is the ldgsts wavefront / bank-conflict counters):
//   p0: 4-byte ca, dst word 1*lane (conflict-free)     p1: 4-byte ca, dst word 32*lane (32 lanes, 1 bank)
//   p2: 8-byte ca, dst word 2*lane                     p3: 8-byte ca, dst word 16*lane
//   p4: 16-byte cg, dst word 4*lane                    p5: 16-byte cg, dst word 32*lane
// Each pattern copies from its own part of `in` (src word = 1024*p + lane*width); shared memory is
// pre-filled with 0xEEEE0000 | word index; after wait_all the whole image is written out.
// Output: img u32[6][1024].
{COMMON}
extern "C" __global__ void __launch_bounds__(32) cpasync_banks(const uint32_t* __restrict__ in, uint32_t* __restrict__ img)
{{
    __shared__ __align__(1024) uint32_t sm[6][1024];
    const int lane = threadIdx.x;
    for (int i = lane; i < 6 * 1024; i += 32) (&sm[0][0])[i] = 0xEEEE0000u | (uint32_t)i;
    __syncwarp();
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&sm[0][lane])), "l"(in + 0 * 1024 + lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&sm[1][32 * lane])), "l"(in + 1 * 1024 + lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(smem_addr(&sm[2][2 * lane])), "l"(in + 2 * 1024 + 2 * lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(smem_addr(&sm[3][16 * lane])), "l"(in + 3 * 1024 + 2 * lane) : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(&sm[4][4 * lane])), "l"(in + 4 * 1024 + 4 * lane) : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(&sm[5][32 * lane])), "l"(in + 5 * 1024 + 4 * lane) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncwarp();
    for (int i = lane; i < 6 * 1024; i += 32) img[i] = (&sm[0][0])[i];
}}
'''
    y2 = '''# cpasync_banks: cp.async 4/8/16-byte copies into conflicting shared strides (ldgsts counters).
kernel: cpasync_banks
grid: [1, 1, 1]
block: [32, 1, 1]
seed: 22
buffers:
  in: {dtype: u32, shape: [6144], init: uniform}
  img: {dtype: u32, shape: [6, 1024]}
params:
  - {buffer: in}
  - {buffer: img}
outputs: [img]
'''
    write("cpasync_banks", cu2, y2)


# ------------------------------------------------------------------ ldmatrix / stmatrix
SWZ = {"none": 0, "sw32": 1, "sw64": 2, "sw128": 3}
LDSM_ASM = {
    1: ('ldmatrix.sync.aligned.m8n8.x1{t}.shared.b16 {{%0}}, [%1];', '"=r"(r[0])'),
    2: ('ldmatrix.sync.aligned.m8n8.x2{t}.shared.b16 {{%0, %1}}, [%2];', '"=r"(r[0]), "=r"(r[1])'),
    4: ('ldmatrix.sync.aligned.m8n8.x4{t}.shared.b16 {{%0, %1, %2, %3}}, [%4];',
        '"=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])'),
}
STSM_ASM = {
    1: ('stmatrix.sync.aligned.m8n8.x1{t}.shared.b16 [%0], {{%1}};', '"r"(r[0])'),
    2: ('stmatrix.sync.aligned.m8n8.x2{t}.shared.b16 [%0], {{%1, %2}};', '"r"(r[0]), "r"(r[1])'),
    4: ('stmatrix.sync.aligned.m8n8.x4{t}.shared.b16 [%0], {{%1, %2, %3, %4}};',
        '"r"(r[0]), "r"(r[1]), "r"(r[2]), "r"(r[3])'),
}
VARIANTS = [(1, ""), (2, ""), (4, ""), (1, ".trans"), (2, ".trans"), (4, ".trans")]

MATRIX_DOC = '''// Tile: 64 x 64 f16, K-major (row m = 128 bytes), 1024-byte aligned; element (m, k) lives at byte
// swz(m*128 + 2*k) with swz = CuTe Swizzle<B,4,3> on byte offsets: off ^ ((off & (((1<<B)-1) << 7)) >> 3)
// (B = 0 none, 1 = 32B, 2 = 64B, 3 = 128B).
// Warp w (4 warps) owns rows 16w..16w+15: 16 8x8 matrices ("slots") s = 0..15, slot s = rows
// 16w + 8*(s&1) .. +7, 16-byte chunk s>>1. Instruction i of an .xN variant covers slots N*i .. N*i+N-1;
// lane l gives the row address of matrix j = (l/8) % N, row l%8 of slot N*i + j (lanes >= 8N repeat
// the addresses of lane l % (8N)). Variants v: 0 x1, 1 x2, 2 x4, 3 x1.trans, 4 x2.trans, 5 x4.trans;
// each variant covers the warp's 16 slots (16/N instructions, N registers each = 16 registers per lane).
'''


def lsm_common(B):
    return f'''#define SWZ_B {B}
static __device__ __forceinline__ uint32_t swz(uint32_t off)
{{
    return off ^ ((off & (((1u << SWZ_B) - 1u) << 7)) >> 3);
}}
// byte offset (unswizzled address -> swizzled) of the row that lane `lane` supplies for slot `slot`
static __device__ __forceinline__ uint32_t row_off(int warp, int slot, int lane)
{{
    const int row = 16 * warp + 8 * (slot & 1) + (lane & 7);
    return swz((uint32_t)(row * 128 + (slot >> 1) * 16));
}}
'''


def gen_ldsm(tag, B):
    name = f"ldsm_{tag}"
    body = []
    for v, (N, t) in enumerate(VARIANTS):
        asm, outs = LDSM_ASM[N]
        asm = asm.format(t=t)
        body.append(f'''    // variant {v}: .x{N}{t}
#pragma unroll
    for (int i = 0; i < 16 / {N}; ++i) {{
        uint32_t r[{N}];
        const uint32_t a = base + row_off(warp, {N} * i + (lane / 8) % {N}, lane);
        asm volatile("{asm}" : {outs} : "r"(a) : "memory");
#pragma unroll
        for (int q = 0; q < {N}; ++q) o[{v} * 16 + {N} * i + q] = r[q];
    }}''')
    body = "\n".join(body)
    cu = f'''// {name}: ldmatrix .x1/.x2/.x4 with and without .trans over a swizzled ({tag}) f16 tile.
{MATRIX_DOC}// The tile is filled from `tin` (512 16-byte chunks, chunk q = row q/8, chunk q%8 of that row) with st.shared.v4.
// Output: frag u32[128 threads][6 variants][16]: register q of instruction i of variant v at [tid][v][N*i + q].
{COMMON}
{lsm_common(B)}
extern "C" __global__ void __launch_bounds__(128) {name}(const uint4* __restrict__ tin, uint32_t* __restrict__ frag)
{{
    __shared__ __align__(1024) uint8_t tile[64 * 128];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    for (int q = tid; q < 512; q += 128) *reinterpret_cast<uint4*>(tile + swz((uint32_t)q * 16)) = tin[q];
    __syncthreads();
    const uint32_t base = smem_addr(tile);
    uint32_t* o = frag + tid * 96;
{body}
}}
'''
    y = f'''# {name}: ldmatrix x1/x2/x4 (.trans) over a 64x64 f16 K-major tile, swizzle {tag} (Swizzle<{B},4,3> on bytes); counters matter.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: {30 + B}
buffers:
  tin: {{dtype: f16, shape: [64, 64], init: uniform, low: -8, high: 8}}
  frag: {{dtype: u32, shape: [128, 6, 16]}}
params:
  - {{buffer: tin}}
  - {{buffer: frag}}
outputs: [frag]
'''
    write(name, cu, y)


def gen_stsm(tag, B):
    name = f"stsm_{tag}"
    body = []
    for v, (N, t) in enumerate(VARIANTS):
        asm, ins = STSM_ASM[N]
        asm = asm.format(t=t)
        body.append(f'''    // variant {v}: .x{N}{t}
    fill_sentinel(tile, tid);
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 16 / {N}; ++i) {{
        uint32_t r[{N}];
#pragma unroll
        for (int q = 0; q < {N}; ++q) r[q] = fr[({v} * 128 + tid) * 16 + {N} * i + q];
        const uint32_t a = base + row_off(warp, {N} * i + (lane / 8) % {N}, lane);
        asm volatile("{asm}" ::"r"(a), {ins} : "memory");
    }}
    __syncthreads();
    dump(tile, img + {v} * 2048, tid);
    __syncthreads();''')
    body = "\n".join(body)
    cu = f'''// {name}: stmatrix .x1/.x2/.x4 with and without .trans into a swizzled ({tag}) f16 tile.
{MATRIX_DOC}// Registers come from `fr` u32[6][128][16] (register q of instruction i of variant v for thread tid at
// [v][tid][N*i + q]). Before each variant the tile is filled with the sentinel 0xCDCD0000 | word index;
// after it the raw tile (8 KiB, swizzled layout) goes to img[v].
// Output: img u32[6][2048].
{COMMON}
{lsm_common(B)}
static __device__ __forceinline__ void fill_sentinel(uint8_t* tile, int tid)
{{
    for (int i = tid; i < 512; i += 128) {{
        const uint32_t w = 4u * i;
        *reinterpret_cast<uint4*>(tile + 16 * i) =
            make_uint4(0xCDCD0000u | w, 0xCDCD0000u | (w + 1), 0xCDCD0000u | (w + 2), 0xCDCD0000u | (w + 3));
    }}
}}
static __device__ __forceinline__ void dump(const uint8_t* tile, uint32_t* dst, int tid)
{{
    for (int i = tid; i < 512; i += 128) reinterpret_cast<uint4*>(dst)[i] = reinterpret_cast<const uint4*>(tile)[i];
}}

extern "C" __global__ void __launch_bounds__(128) {name}(const uint32_t* __restrict__ fr, uint32_t* __restrict__ img)
{{
    __shared__ __align__(1024) uint8_t tile[64 * 128];
    const int tid = threadIdx.x, warp = tid >> 5, lane = tid & 31;
    const uint32_t base = smem_addr(tile);
{body}
}}
'''
    y = f'''# {name}: stmatrix x1/x2/x4 (.trans) into a 64x64 f16 K-major tile, swizzle {tag} (Swizzle<{B},4,3> on bytes); counters matter.
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
seed: {40 + B}
buffers:
  fr: {{dtype: u32, shape: [6, 128, 16], init: uniform}}
  img: {{dtype: u32, shape: [6, 2048]}}
params:
  - {{buffer: fr}}
  - {{buffer: img}}
outputs: [img]
'''
    write(name, cu, y)


def main():
    gen_tma_load_2d()
    for key in ND_BOXES:
        gen_tma_load_nd(key)
    if PENDING:
        gen_tma_store()
    gen_tma_bulk()
    for S in (2, 3, 4):
        gen_pipeline(S)
    gen_mbar_ops()
    gen_cpasync()
    for tag, B in SWZ.items():
        gen_ldsm(tag, B)
        gen_stsm(tag, B)


if __name__ == "__main__":
    main()
