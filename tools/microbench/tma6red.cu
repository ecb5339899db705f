// tma6red (family tma6, tools/microbench/gen6_tma.py): one bulk reduction of
// 1 KiB per launch, the way tma_reduce_ops-style kernels issue it, timed as a
// whole launch under ncu (caches flushed: code, data and the tensor map come
// from memory) and in phases by %clock64.
// t6_red1: params (CUtensorMap *maps (maps[0]: u32 [N] box [256] over dst),
//                  u32 *src, u32 *dst, u32 *flags, u64 *clk, s32 mode)
// CTA v (grid 1 or one CTA per SM) works on row v (256 u32) of src and dst.
// 128 threads copy src row v into a 1024-aligned shared tile,
// fence.proxy.async.shared::cta, __syncthreads; thread 0 then
//   mode bit 1: fence.proxy.tensormap::generic.acquire.gpu [maps], 128 first,
//               and the reduction is cp.reduce.async.bulk.tensor.1d add (maps[0]);
//               else cp.reduce.async.bulk.global.shared::cta add.u32 of 1024 bytes;
//   mode bit 0: no reduction at all (the kernel around it);
//   mode bit 2: the reduction twice, commit_group + wait_group 0 between;
//   mode bit 3 (bulk only): the reduction's operation picked by v % 8 in a switch
//               (add.u32, add.s32, min.u32, max.u32, and.b32, or.b32, xor.b32, inc.u32:
//               ptxas's jump table, as in kernels that pick a case per CTA);
// commit_group, wait_group 0, flags[v] = 1.
// clk[0] = start -> after __syncthreads, clk[1] = the acquire fence,
// clk[2] = the reduction's issue, clk[3] = commit + wait_group 0 (thread 0).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
__device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
__device__ __forceinline__ void red_bulk(unsigned* d, unsigned s) {
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%0], [%1], %2;"
                 ::"l"(d), "r"(s), "r"(1024) : "memory");
}
#define RED_OP(NAME, OP)                                                                                   \
    __device__ __forceinline__ void NAME(unsigned* d, unsigned s) {                                        \
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group." OP " [%0], [%1], %2;"          \
                     ::"l"(d), "r"(s), "r"(1024) : "memory");                                              \
    }
RED_OP(red_s32, "add.s32")
RED_OP(red_min, "min.u32")
RED_OP(red_max, "max.u32")
RED_OP(red_and, "and.b32")
RED_OP(red_or, "or.b32")
RED_OP(red_xor, "xor.b32")
RED_OP(red_inc, "inc.u32")
__device__ __forceinline__ void red_pick(int k, unsigned* d, unsigned s) {
    switch (k) {
    case 0: red_bulk(d, s); break;
    case 1: red_s32(d, s); break;
    case 2: red_min(d, s); break;
    case 3: red_max(d, s); break;
    case 4: red_and(d, s); break;
    case 5: red_or(d, s); break;
    case 6: red_xor(d, s); break;
    default: red_inc(d, s); break;
    }
}
__device__ __forceinline__ void red_tensor(const CUtensorMap* m, int c0, unsigned s) {
    asm volatile("cp.reduce.async.bulk.tensor.1d.global.shared::cta.add.tile.bulk_group [%0, {%1}], [%2];"
                 ::"l"(m), "r"(c0), "r"(s) : "memory");
}

extern "C" __global__ void t6_red1(const CUtensorMap* maps, const unsigned* src, unsigned* dst, unsigned* flags,
                                   unsigned long long* clk, int mode) {
    __shared__ __align__(1024) unsigned tile[256];
    const int v = blockIdx.x;
    const unsigned long long t0 = mb_clock();
    for (int i = threadIdx.x; i < 256; i += blockDim.x) tile[i] = src[v * 256 + i];
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x != 0) return;
    const unsigned long long t1 = mb_clock();
    const unsigned s = smem_addr(tile);
    if (mode & 2) asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(maps) : "memory");
    const unsigned long long t2 = mb_clock();
    unsigned* d = dst + v * 256;
    if (!(mode & 1)) {
        if (mode & 2) red_tensor(maps, v * 256, s);
        else if (mode & 8) red_pick(v & 7, d, s);
        else red_bulk(d, s);
        if (mode & 4) {
            bulk_commit();
            bulk_wait0();
            if (mode & 2) red_tensor(maps, v * 256, s);
            else red_bulk(d, s);
        }
    }
    const unsigned long long t3 = mb_clock();
    bulk_commit();
    bulk_wait0();
    const unsigned long long t4 = mb_clock();
    flags[v] = 1;
    if (v == 0) {
        clk[0] = t1 - t0;
        clk[1] = t2 - t1;
        clk[2] = t3 - t2;
        clk[3] = t4 - t3;
    }
}
