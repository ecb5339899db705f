// tma6rep (family tma6, tools/microbench/gen6_tma.py): the tensor-map edits,
// proxy fences and prefetches of device-side tensor-map code (CUTLASS grouped
// GEMMs, tma_replace-style kernels), each in a loop of one per iteration.
// t6_rep: params (CUtensorMap *maps (maps[0]: f32 [512][32] box [32, 8]),
//                 CUtensorMap *work (128 bytes), u64 *clk, u32 *sink, s32 iters, s32 mode)
// One warp. maps[0] is copied into a 128-aligned shared map (lanes 0-7) and
// into work (lane 0). Per rep (2), `iters` times:
//   mode 0: lane 0: tensormap.replace.tile.global_address.shared::cta (the shared map);
//   mode 1: lane 0: tensormap.replace.tile.global_address.global (work);
//   mode 2: the warp: tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned
//           (shared map -> work, 128 bytes);
//   mode 3: lane 0: fence.proxy.tensormap::generic.release.gpu;
//   mode 4: lane 0: fence.proxy.tensormap::generic.acquire.gpu [work], 128;
//   mode 5: lane 0: prefetch.tensormap [maps];
//   mode 6: lane 0: cp.async.bulk.prefetch.tensor.2d.L2.global.tile [maps, {0, 8 i mod 512}];
//   mode 7: lane 0: fence.proxy.async.shared::cta;
//   mode 8: lane 0: replace .global, release fence, acquire fence (the global edit path);
//   mode 9: lane 0 replace .shared::cta, __syncwarp, the warp's cp_fenceproxy, lane 0's acquire fence
//           (the CUTLASS path).
// clk[rep][0] = clk[rep][1] = the loop's cycles (lane 0).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }
__device__ __forceinline__ void rep_s(unsigned a, unsigned long long v) {
    asm volatile("tensormap.replace.tile.global_address.shared::cta.b1024.b64 [%0], %1;" ::"r"(a), "l"(v) : "memory");
}
__device__ __forceinline__ void rep_g(unsigned long long g, unsigned long long v) {
    asm volatile("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;" ::"l"(g), "l"(v) : "memory");
}
__device__ __forceinline__ void cp_fp(unsigned long long g, unsigned a) {
    asm volatile("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu.sync.aligned [%0], [%1], 128;"
                 ::"l"(g), "r"(a) : "memory");
}
__device__ __forceinline__ void rel() { asm volatile("fence.proxy.tensormap::generic.release.gpu;" ::: "memory"); }
__device__ __forceinline__ void acq(const void* p) {
    asm volatile("fence.proxy.tensormap::generic.acquire.gpu [%0], 128;" ::"l"(p) : "memory");
}

extern "C" __global__ void t6_rep(const CUtensorMap* maps, CUtensorMap* work, unsigned long long* clk, unsigned* sink,
                                  int iters, int mode) {
    __shared__ __align__(128) CUtensorMap smap;
    const int lane = threadIdx.x;
    if (lane < 8) reinterpret_cast<uint4*>(&smap)[lane] = reinterpret_cast<const uint4*>(maps)[lane];
    if (lane == 0)
        for (int i = 0; i < 8; i++) reinterpret_cast<uint4*>(work)[i] = reinterpret_cast<const uint4*>(maps)[i];
    __syncwarp();
    const unsigned sa = smem_addr(&smap);
    const unsigned long long g = (unsigned long long)__cvta_generic_to_global(work);
    const unsigned long long base = (unsigned long long)maps & ~127ull;
    unsigned acc = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncwarp();
        const unsigned long long t0 = mb_clock();
        if (mode == 2) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) cp_fp(g, sa);
        } else if (mode == 9) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                if (lane == 0) rep_s(sa, base + 128ull * (i & 7));
                __syncwarp();
                cp_fp(g, sa);
                if (lane == 0) acq(work);
                __syncwarp();
            }
        } else if (lane == 0) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                switch (mode) {
                case 0: rep_s(sa, base + 128ull * (i & 7)); break;
                case 1: rep_g(g, base + 128ull * (i & 7)); break;
                case 3: rel(); break;
                case 4: acq(work); break;
                case 5: asm volatile("prefetch.tensormap [%0];" ::"l"(maps) : "memory"); break;
                case 6:
                    asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];"
                                 ::"l"(maps), "r"(0), "r"((8 * i) & 511) : "memory");
                    break;
                case 7: asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); break;
                case 8:
                    rep_g(g, base + 128ull * (i & 7));
                    rel();
                    acq(work);
                    break;
                }
            }
        }
        const unsigned long long t1 = mb_clock();
        __syncwarp();
        if (lane == 0) {
            clk[rep * 2] = t1 - t0;
            clk[rep * 2 + 1] = t1 - t0;
        }
    }
    acc += reinterpret_cast<const unsigned*>(&smap)[lane & 31];
    sink[lane] = acc;
}
