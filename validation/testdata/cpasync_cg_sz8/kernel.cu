// cpasync_cg_sz8: cg 16 B, src-size 8 on every lane, contiguous.
// One CTA of 32 threads; probe of the ldgsts shared-memory counters (tools/record/gen_cpasync_cg.py).
// Output: img u32[4224]: [0, 4096) the 16 KiB shared image after wait_all (pre-filled with
// 0xEEEE0000 | word), [4096 + t] = sink[t] (warm-up sums, else 0).
#include <cuda.h>
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

#define NT 32

extern "C" __global__ void __launch_bounds__(NT) cpasync_cg_sz8(const uint32_t* __restrict__ in, uint32_t* __restrict__ img, uint32_t sz)
{
    __shared__ __align__(1024) uint32_t sm[4096];
    __shared__ uint32_t sink[NT];
    const uint32_t t = threadIdx.x, lane = t & 31;
    (void)lane;
    for (int i = t; i < 4096; i += NT) sm[i] = 0xEEEE0000u | (uint32_t)i;
    sink[t] = 0;
    __syncthreads();
    cg(&sm[4 * lane], in + 4 * lane, sz);
    commit_wait_all();
    __syncthreads();
    for (int i = t; i < 4096; i += NT) img[i] = sm[i];
    img[4096 + t] = sink[t];
}
