#!/usr/bin/env python3
"""Writes the im2col-mode TMA store / reduce corpus directories (kernel.cu + launch.yaml):

    tma_im2c_store_3d   cp.async.bulk.tensor.3d.global.shared::cta.im2col_no_offs.bulk_group (NWC)
    tma_im2c_store_4d   the 4d form (NHWC), one map 32B-swizzled, one with traversal strides
    tma_im2c_store_5d   the 5d form (NDHWC)
    tma_im2c_reduce_add cp.reduce.async.bulk.tensor.4d.global.shared::cta.add.im2col_no_offs.bulk_group
    tma_im2c_store_{box,lower,estride,upper}  one pixel-box feature each (upper corner -1, lower
                        corner +1, traversal strides 2, upper corner +1)

    python3 tools/record/gen_im2c.py [validation/testdata]

Every kernel: one CTA of 128 threads; shared memory holds 2 KiB per store, word i = 0xA0000000 | i
(reduce: 0x100 + i), then fence.proxy.async.shared::cta and bar.sync; thread 0 issues store s through
map t<s> (each map over its own iota-filled output o<s>, so every store's footprint is visible on
its own) from byte 2048*s, commit_group, wait_group 0, flags[s] = 1. Coordinates are innermost first
(C, W, (H, (D,)) N) and never negative. First device call: every directory faulted
(ILLEGAL_INSTRUCTION), each held a store whose pixel walk left the image or started outside the pixel
box (tools/record/im2c_probe.cu cases 0-19); the main directories now keep pixel boxes equal to the
image (lower 0, upper 0) and walk past N and past the channel count only, which the probe showed to
be clipped; the four one-feature directories test the rest.
Recorded with tools/record/record_issue4.sh.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
TD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "validation", "testdata")
sys.argv = sys.argv[:1] + [TD]
import gen_async as ga  # noqa: E402

SLOT = 2048


def dims_strides(shape):
    """shape outermost first (N, (D,) (H,) W, C) -> dims innermost first, byte strides of dims 1.."""
    dims = list(reversed(shape))
    strides, s = [], 4
    for d in dims[:-1]:
        s *= d
        strides.append(s)
    return dims, strides


def fmt(v):
    return "[" + ", ".join(str(x) for x in v) + "]"


def asm_op(rank, red):
    coords = ", ".join("%%%d" % (i + 1) for i in range(rank))
    if red:
        op = "cp.reduce.async.bulk.tensor.%dd.global.shared::cta.add.im2col_no_offs.bulk_group" % rank
    else:
        op = "cp.async.bulk.tensor.%dd.global.shared::cta.im2col_no_offs.bulk_group" % rank
    ins = ", ".join('"r"(c[%d])' % i for i in range(rank))
    return f'''static __device__ __forceinline__ void im2c_op(const void* m, const int* c, uint32_t src)
{{
    asm volatile("{op}"
                 " [%0, {{{coords}}}], [%{rank + 1}];"
                 ::"l"(m), {ins}, "r"(src) : "memory");
}}
'''


def gen(name, doc, shape, maps, stores, red=False):
    """maps: list of dicts (lower, upper, cpp, ppc, estr?, swizzle?); stores: (map, coords)."""
    rank = len(shape)
    dims, strides = dims_strides(shape)
    n = len(stores)
    smem = SLOT * n
    rows = ",\n".join("    {%d, %s}" % (m, ", ".join(str(x) for x in (list(c) + [0] * (5 - len(c)))))
                      for m, c in stores)
    params = ", ".join("const __grid_constant__ CUtensorMap t%d" % i for i in range(len(maps)))
    pick = " : ".join("m == %d ? (const void*)&t%d" % (i, i) for i in range(len(maps) - 1))
    pick = (pick + " : " if pick else "") + "(const void*)&t%d" % (len(maps) - 1)
    fill = "0x100u + (uint32_t)i" if red else "0xA0000000u | (uint32_t)i"
    mapdoc = "\n".join(
        "//   t%d: lower %s upper %s channels/pixel %d pixels/column %d%s%s" % (
            i, fmt(m["lower"]), fmt(m["upper"]), m["cpp"], m["ppc"],
            " element strides " + fmt(m["estr"]) if "estr" in m else "",
            " swizzle " + m["swizzle"] if "swizzle" in m else "") for i, m in enumerate(maps))
    stdoc = "\n".join("//   op %d: map t%d at %s from byte %d" % (i, m, fmt(c), SLOT * i) for i, (m, c) in enumerate(stores))
    cu = f'''// {name}: {doc}
// Tensor u32 {fmt(shape)} (outermost first; dims {fmt(dims)}, strides {fmt(strides)} bytes); each map t<i>
// covers its own output o<i>, pre-filled with iota, so elements an operation skips keep their index.
{mapdoc}
{stdoc}
// Shared word i = {fill}; one CTA of 128 threads; thread 0 issues op i from byte {SLOT}*i of the shared
// image through t<map>, commit_group, wait_group 0, flags[i] = 1 (gen_im2c.py).
// Outputs: o0..o{len(maps) - 1} (the tensors), flags u32[{n}].
{ga.COMMON}
static __device__ __forceinline__ void bulk_commit() {{ asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }}
static __device__ __forceinline__ void bulk_wait0() {{ asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }}
{asm_op(rank, red)}
#define NOPS {n}
#define SMEM_BYTES {smem}
__constant__ int kOps[NOPS][6] = {{
{rows}
}};

extern "C" __global__ void __launch_bounds__(128) {name}({params}, uint32_t* __restrict__ flags)
{{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = {fill};
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {{
        for (int s = 0; s < NOPS; ++s) {{
            const int m = kOps[s][0];
            im2c_op({pick}, kOps[s] + 1, smem_addr(sm) + {SLOT}u * s);
            bulk_commit();
            bulk_wait0();
            flags[s] = 1;
        }}
    }}
}}
'''
    bufs = "\n".join("  o%d: {dtype: u32, shape: %s, init: iota}" % (i, fmt(shape)) for i in range(len(maps)))
    tms = []
    for i, m in enumerate(maps):
        extra = ""
        if "estr" in m:
            extra += ", element_strides: " + fmt(m["estr"])
        if "swizzle" in m:
            extra += ", swizzle: " + m["swizzle"]
        tms.append("  t%d: {buffer: o%d, dtype: u32, dims: %s, strides: %s, mode: im2col,\n"
                   "       pixel_box_lower: %s, pixel_box_upper: %s, channels_per_pixel: %d, pixels_per_column: %d%s}"
                   % (i, i, fmt(dims), fmt(strides), fmt(m["lower"]), fmt(m["upper"]), m["cpp"], m["ppc"], extra))
    prm = "\n".join("  - {tensormap: t%d}" % i for i in range(len(maps)))
    outs = ", ".join("o%d" % i for i in range(len(maps)))
    y = f'''# {name}: {doc}
kernel: {name}
grid: [1, 1, 1]
block: [128, 1, 1]
buffers:
{bufs}
  flags: {{dtype: u32, shape: [{n}]}}
tensormaps:
{chr(10).join(tms)}
params:
{prm}
  - {{buffer: flags}}
outputs: [{outs}, flags]
'''
    d = os.path.join(TD, name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "kernel.cu"), "w") as f:
        f.write(cu)
    with open(os.path.join(d, "launch.yaml"), "w") as f:
        f.write(y)


def main():
    z1 = {"lower": [0], "upper": [0]}
    z2 = {"lower": [0, 0], "upper": [0, 0]}
    z3 = {"lower": [0, 0, 0], "upper": [0, 0, 0]}
    gen("tma_im2c_store_3d", "im2col_no_offs TMA stores, 3d (NWC): a whole batch, a channel half into the next batch and past N, channels past C, 32B swizzle.",
        [3, 10, 8],
        [dict(z1, cpp=8, ppc=16), dict(z1, cpp=4, ppc=32), dict(z1, cpp=8, ppc=4), dict(z1, cpp=8, ppc=12, swizzle="32B")],
        [(0, (0, 0, 0)), (1, (4, 7, 1)), (2, (4, 8, 2)), (3, (0, 5, 1))])
    gen("tma_im2c_store_4d", "im2col_no_offs TMA stores, 4d (NHWC): a whole image, a channel half across images, past N, 32B and 64B swizzles (the latter past C).",
        [2, 4, 5, 8],
        [dict(z2, cpp=8, ppc=20), dict(z2, cpp=4, ppc=16), dict(z2, cpp=8, ppc=32), dict(z2, cpp=8, ppc=16, swizzle="32B"),
         dict(z2, cpp=16, ppc=8, swizzle="64B")],
        [(0, (0, 0, 0, 0)), (1, (4, 1, 1, 0)), (2, (0, 2, 2, 1)), (3, (0, 0, 1, 1)), (4, (0, 3, 3, 0))])
    gen("tma_im2c_store_5d", "im2col_no_offs TMA stores, 5d (NDHWC): a whole batch, a column across batches, past N, 128B swizzle past C.",
        [2, 3, 3, 4, 4],
        [dict(z3, cpp=4, ppc=36), dict(z3, cpp=4, ppc=32), dict(z3, cpp=4, ppc=40), dict(z3, cpp=32, ppc=4, swizzle="128B")],
        [(0, (0, 0, 0, 0, 0)), (1, (0, 1, 1, 1, 0)), (2, (0, 3, 2, 2, 1)), (3, (0, 1, 2, 0, 1))])
    gen("tma_im2c_reduce_add", "im2col_no_offs TMA reduce-add (u32), 4d (NHWC): two overlapping columns summed into one map, one past N.",
        [2, 4, 5, 8],
        [dict(z2, cpp=8, ppc=20), dict(z2, cpp=8, ppc=24)],
        [(0, (0, 0, 0, 0)), (0, (0, 3, 1, 0)), (1, (0, 2, 3, 1))], red=True)
    # one pixel-box feature each (the first device call's directories mixed them and faulted)
    gen("tma_im2c_store_box", "im2col_no_offs TMA stores, 4d, pixel box upper corner -1,-1 (a 4x3 box inside the 5x4 image), walks inside it.",
        [2, 4, 5, 8],
        [{"lower": [0, 0], "upper": [-1, -1], "cpp": 8, "ppc": 12}, {"lower": [0, 0], "upper": [-1, -1], "cpp": 4, "ppc": 13}],
        [(0, (0, 0, 0, 0)), (1, (4, 1, 1, 0))])
    gen("tma_im2c_store_lower", "im2col_no_offs TMA stores, 4d, pixel box lower corner 1,1, walks starting inside the box.",
        [2, 4, 5, 8],
        [{"lower": [1, 1], "upper": [0, 0], "cpp": 8, "ppc": 8}],
        [(0, (0, 1, 1, 0))])
    gen("tma_im2c_store_estride", "im2col_no_offs TMA stores, 4d, traversal strides 2 in W and H (lower 0, upper 0).",
        [2, 4, 5, 8],
        [dict(z2, cpp=8, ppc=6, estr=[1, 2, 2, 1]), dict(z2, cpp=8, ppc=4, estr=[1, 2, 2, 1])],
        [(0, (0, 0, 0, 0)), (1, (0, 1, 0, 1))])
    gen("tma_im2c_store_upper", "im2col_no_offs TMA stores, 4d, pixel box upper corner +1,+1 (past the image), walks that stay inside the image.",
        [2, 4, 5, 8],
        [{"lower": [0, 0], "upper": [1, 1], "cpp": 8, "ppc": 5}],
        [(0, (0, 0, 0, 0))])
    print("8 directories written to", TD)


if __name__ == "__main__":
    main()
