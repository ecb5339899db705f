#!/usr/bin/env python3
"""Writes the cp.async probe corpus directories validation/testdata/cpasync_cg_* (kernel.cu +
launch.yaml): one kernel (one launch, so its own ncu counters) per probe of the shared-memory
side of cp.async, to settle what LDGSTS.BYPASS (.cg) costs with and without a src-size operand
(ptxas emits LDGSTS.E.BYPASS.128.ZFILL for a run-time src-size: it adds (16 - src_size) & 15 to
the global address and predicates the read on src_size != 0).

    python3 tools/record/gen_cpasync_cg.py [validation/testdata]

Every kernel: one CTA of NT threads, a 16 KiB shared image pre-filled with 0xEEEE0000 | word,
the probe's copies, commit_group + wait_all, then img[0..4096) = the image and
img[4096 + t] = sink[t] (the warm-up loads of the _warm probe, else 0). Params: in, img, sz
(a run-time u32, so ptxas cannot fold the src-size). Recorded with
tools/record/record_cpasync_cg.sh.
"""
import os
import sys

TD = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..", "validation", "testdata")

HEAD = r'''#include <cuda.h>
#include <stdint.h>

// ---- helpers (inline PTX), tools/record/gen_cpasync_cg.py
static __device__ __forceinline__ uint32_t sa(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
// cp.async.cg 16 B with a run-time src-size (LDGSTS.E.BYPASS.128.ZFILL)
static __device__ __forceinline__ void cg(uint32_t* dst, const uint32_t* src, uint32_t s)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(sa(dst)), "l"(src), "r"(s) : "memory");
}
// cp.async.cg 16 B without src-size (LDGSTS.E.BYPASS.128)
static __device__ __forceinline__ void cgn(uint32_t* dst, const uint32_t* src)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sa(dst)), "l"(src) : "memory");
}
// cp.async.cg 16 B with ignore-src (a predicate): all 16 bytes zero when ign != 0
static __device__ __forceinline__ void cgi(uint32_t* dst, const uint32_t* src, uint32_t ign)
{
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.b32 p, %2, 0;\n\t"
                 "cp.async.cg.shared.global [%0], [%1], 16, p;\n\t}" ::"r"(sa(dst)), "l"(src), "r"(ign) : "memory");
}
static __device__ __forceinline__ void ca16n(uint32_t* dst, const uint32_t* src)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(sa(dst)), "l"(src) : "memory");
}
static __device__ __forceinline__ void ca16(uint32_t* dst, const uint32_t* src, uint32_t s)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16, %2;" ::"r"(sa(dst)), "l"(src), "r"(s) : "memory");
}
static __device__ __forceinline__ void ca4(uint32_t* dst, const uint32_t* src, uint32_t s)
{
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(sa(dst)), "l"(src), "r"(s) : "memory");
}
static __device__ __forceinline__ void commit_wait_all()
{
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
}
'''

KERNEL = r'''
extern "C" __global__ void __launch_bounds__(NT) {name}(const uint32_t* __restrict__ in, uint32_t* __restrict__ img, uint32_t sz)
{{
    __shared__ __align__(1024) uint32_t sm[4096];
    __shared__ uint32_t sink[NT];
    const uint32_t t = threadIdx.x, lane = t & 31;
    (void)lane;
    for (int i = t; i < 4096; i += NT) sm[i] = 0xEEEE0000u | (uint32_t)i;
    sink[t] = 0;
    __syncthreads();
{body}
    commit_wait_all();
    __syncthreads();
    for (int i = t; i < 4096; i += NT) img[i] = sm[i];
    img[4096 + t] = sink[t];
}}
'''

# name suffix, threads, sz, description, body
P = [
    ("nosz", 32, 16, "cg 16 B, no src-size, contiguous 512 B (dst word 4*lane, src word 4*lane)",
     "    cgn(&sm[4 * lane], in + 4 * lane);"),
    ("sz16", 32, 16, "cg 16 B, src-size 16 (run time) on every lane, contiguous",
     "    cg(&sm[4 * lane], in + 4 * lane, sz);"),
    ("sz8", 32, 8, "cg 16 B, src-size 8 on every lane, contiguous",
     "    cg(&sm[4 * lane], in + 4 * lane, sz);"),
    ("sz4", 32, 4, "cg 16 B, src-size 4 on every lane, contiguous",
     "    cg(&sm[4 * lane], in + 4 * lane, sz);"),
    ("sz0", 32, 0, "cg 16 B, src-size 0 on every lane (pure zero fill)",
     "    cg(&sm[4 * lane], in + 4 * lane, sz);"),
    ("half", 32, 16, "cg 16 B, src-size 16 on lanes 0-15, 0 on lanes 16-31",
     "    cg(&sm[4 * lane], in + 4 * lane, lane < 16 ? sz : 0u);"),
    ("odd", 32, 16, "cg 16 B, src-size 16 on even lanes, 0 on odd lanes",
     "    cg(&sm[4 * lane], in + 4 * lane, (lane & 1) ? 0u : sz);"),
    ("ramp", 32, 16, "cg 16 B, src-size 4*(lane%5) (0,4,8,12,16,0,...)",
     "    cg(&sm[4 * lane], in + 4 * lane, (lane % 5) * (sz / 4));"),
    ("tail", 32, 16, "cg 16 B, warp 0 of cpasync_pipeline's last tile: 37 words left, lanes 0-8 16 B, lane 9 4 B, rest 0 (src word 0)",
     "    const int rem = 37 - 4 * (int)lane;\n"
     "    const uint32_t b = rem >= 4 ? sz : (rem > 0 ? 4u * rem : 0u);\n"
     "    cg(&sm[4 * lane], in + (b ? 4 * lane : 0), b);"),
    ("tail_w4", 128, 16, "cg 16 B, cpasync_pipeline's last tile, 4 warps (thread t: 37 - 4t words left)",
     "    const int rem = 37 - 4 * (int)t;\n"
     "    const uint32_t b = rem >= 4 ? sz : (rem > 0 ? 4u * rem : 0u);\n"
     "    cg(&sm[4 * t], in + (b ? 4 * t : 0), b);"),
    ("w4_sz16", 128, 16, "cg 16 B, src-size 16, 4 warps, contiguous 2 KiB",
     "    cg(&sm[4 * t], in + 4 * t, sz);"),
    ("w4_nosz", 128, 16, "cg 16 B, no src-size, 4 warps, contiguous 2 KiB",
     "    cgn(&sm[4 * t], in + 4 * t);"),
    ("x4_sz16", 32, 16, "four cg 16 B src-size 16 copies back to back (src and dst word 128*r + 4*lane)",
     "    for (int r = 0; r < 4; ++r) cg(&sm[128 * r + 4 * lane], in + 128 * r + 4 * lane, sz);"),
    ("strided_nosz", 32, 16, "cg 16 B, no src-size, dst word 32*lane (all lanes on banks 0-3)",
     "    cgn(&sm[32 * lane], in + 4 * lane);"),
    ("strided_sz16", 32, 16, "cg 16 B, src-size 16, dst word 32*lane",
     "    cg(&sm[32 * lane], in + 4 * lane, sz);"),
    ("shift_nosz", 32, 16, "cg 16 B, no src-size, global source 16 B past a 128-B line (5 lines)",
     "    cgn(&sm[4 * lane], in + 4 + 4 * lane);"),
    ("shift_sz16", 32, 16, "cg 16 B, src-size 16, global source 16 B past a 128-B line",
     "    cg(&sm[4 * lane], in + 4 + 4 * lane, sz);"),
    ("gstride_nosz", 32, 16, "cg 16 B, no src-size, global source word 32*lane (one 128-B line per lane)",
     "    cgn(&sm[4 * lane], in + 32 * lane);"),
    ("gstride_sz16", 32, 16, "cg 16 B, src-size 16, global source word 32*lane",
     "    cg(&sm[4 * lane], in + 32 * lane, sz);"),
    ("twice_nosz", 32, 16, "cg 16 B no src-size, the same 512 B twice (L2 miss, wait_all, L2 hit; dst 4*lane, 128+4*lane)",
     "    cgn(&sm[4 * lane], in + 4 * lane);\n    commit_wait_all();\n"
     "    cgn(&sm[128 + 4 * lane], in + 4 * lane);"),
    ("twice_sz16", 32, 16, "cg 16 B src-size 16, the same 512 B twice (miss, then hit)",
     "    cg(&sm[4 * lane], in + 4 * lane, sz);\n    commit_wait_all();\n"
     "    cg(&sm[128 + 4 * lane], in + 4 * lane, sz);"),
    ("warm_sz16", 32, 16, "ld.global of the 512 B first (sink), then cg 16 B src-size 16",
     "    sink[t] = in[4 * lane] + in[4 * lane + 1] + in[4 * lane + 2] + in[4 * lane + 3];\n"
     "    __syncthreads();\n"
     "    cg(&sm[4 * lane], in + 4 * lane, sz);"),
    ("ign", 32, 16, "cg 16 B with ignore-src (predicate) true on lanes 16-31",
     "    cgi(&sm[4 * lane], in + 4 * lane, lane >= sz ? 1u : 0u);"),
    ("ca16_nosz", 32, 16, "ca 16 B, no src-size, contiguous",
     "    ca16n(&sm[4 * lane], in + 4 * lane);"),
    ("ca16_sz16", 32, 16, "ca 16 B, src-size 16 (run time), contiguous",
     "    ca16(&sm[4 * lane], in + 4 * lane, sz);"),
    ("ca4_sz4", 32, 4, "ca 4 B, src-size 4 (run time), contiguous 128 B",
     "    ca4(&sm[lane], in + lane, sz);"),
]


def main():
    for suf, nt, sz, desc, body in P:
        name = "cpasync_cg_" + suf
        d = os.path.join(TD, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.cu"), "w") as f:
            f.write(f"// {name}: {desc}.\n")
            f.write("// One CTA of %d threads; probe of the ldgsts shared-memory counters (tools/record/gen_cpasync_cg.py).\n" % nt)
            f.write("// Output: img u32[4224]: [0, 4096) the 16 KiB shared image after wait_all (pre-filled with\n")
            f.write("// 0xEEEE0000 | word), [4096 + t] = sink[t] (warm-up sums, else 0).\n")
            f.write(HEAD)
            f.write(f"\n#define NT {nt}\n")
            f.write(KERNEL.format(name=name, body=body))
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(f"# {name}: {desc}.\n")
            f.write(f"kernel: {name}\ngrid: [1, 1, 1]\nblock: [{nt}, 1, 1]\nseed: 23\n")
            f.write("buffers:\n  in: {dtype: u32, shape: [2048], init: uniform}\n  img: {dtype: u32, shape: [4224]}\n")
            f.write(f"params:\n  - {{buffer: in}}\n  - {{buffer: img}}\n  - {{u32: {sz}}}\noutputs: [img]\n")
    print(len(P), "probes written to", TD)


if __name__ == "__main__":
    main()
