// tmast7 (family tmax, tools/microbench/gen7_tmast.py, helper tmast): shared
// memory to global memory, one operation per loop iteration, with no run-time
// branch inside the timed loop (the kind and the mode are template arguments;
// the loop is only what ptxas emits around one instruction). tmax.cu's tma_st
// and bulk_red test `red`, `mode` and `op` inside their loops, so ptxas adds
// taken branches and a jump table (BRX) around each operation there.
// t7_st: params (tensormap tm, u64 *clk, u32 *sink, u8 *dst, s32 iters,
//                s32 bytes, s32 kind, s32 mode)
// Operation i of a rep:
//   kind 0: TMA 2D tile store of the map's box (bytes / 128 rows of 32 f32)
//           at row (i * rows) mod 512;
//   kind 1: the same as a TMA .add reduction (f32);
//   kind 2: cp.async.bulk.global.shared::cta.bulk_group of `bytes` to
//           dst + (i * bytes) mod 64 KiB (non-tensor bulk store);
//   kind 3: cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 of
//           `bytes`, same destinations (non-tensor bulk reduction);
// and after each
//   mode 0: nothing (all in one bulk group, committed after the loop);
//   mode 1: cp.async.bulk.commit_group;
//   mode 2: commit_group, cp.async.bulk.wait_group 0;
//   mode 3: commit_group, cp.async.bulk.wait_group.read 0;
// then (after the loop) commit_group and wait_group 0. clk[rep][0] = the loop,
// clk[rep][1] = to the end of wait_group 0 (rep 0 warms the descriptor, the
// code and the destination lines in L2).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

extern __shared__ __align__(1024) unsigned char dsm[];

template <int KIND>
__device__ __forceinline__ void op7(const void* tm, unsigned char* dst, int i, int rows, int bytes, unsigned src) {
    if (KIND == 0) {
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(tm), "r"(0), "r"((i * rows) & 511), "r"(src) : "memory");
    } else if (KIND == 1) {
        asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %2}], [%3];"
                     ::"l"(tm), "r"(0), "r"((i * rows) & 511), "r"(src) : "memory");
    } else if (KIND == 2) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;"
                     ::"l"(dst + ((i * bytes) & 65535)), "r"(src), "r"(bytes) : "memory");
    } else {
        asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group.add.u32 [%0], [%1], %2;"
                     ::"l"(dst + ((i * bytes) & 65535)), "r"(src), "r"(bytes) : "memory");
    }
}

template <int KIND, int MODE>
__device__ __forceinline__ void loop7(const void* tm, unsigned long long* clk, unsigned char* dst, int iters, int bytes,
                                   unsigned src) {
    const int rows = bytes >> 7;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        const unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            op7<KIND>(tm, dst, i, rows, bytes, src);
            if (MODE >= 1) asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            if (MODE == 2) asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
            if (MODE == 3) asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
        }
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        const unsigned long long t1 = mb_clock();
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        const unsigned long long t2 = mb_clock();
        clk[rep * 2] = t1 - t0;
        clk[rep * 2 + 1] = t2 - t0;
    }
}

template <int KIND>
__device__ __forceinline__ void modes7(const void* tm, unsigned long long* clk, unsigned char* dst, int iters, int bytes,
                                       int mode, unsigned src) {
    switch (mode) {
    case 0: loop7<KIND, 0>(tm, clk, dst, iters, bytes, src); break;
    case 1: loop7<KIND, 1>(tm, clk, dst, iters, bytes, src); break;
    case 2: loop7<KIND, 2>(tm, clk, dst, iters, bytes, src); break;
    default: loop7<KIND, 3>(tm, clk, dst, iters, bytes, src); break;
    }
}

extern "C" __global__ void t7_st(const __grid_constant__ CUtensorMap tm, unsigned long long* clk, unsigned* sink,
                                 unsigned char* dst, int iters, int bytes, int kind, int mode) {
    for (int i = threadIdx.x; i < bytes / 4; i += blockDim.x) ((unsigned*)dsm)[i] = (unsigned)(i & 7);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        const unsigned src = smem_addr(dsm);
        switch (kind) {
        case 0: modes7<0>(&tm, clk, dst, iters, bytes, mode, src); break;
        case 1: modes7<1>(&tm, clk, dst, iters, bytes, mode, src); break;
        case 2: modes7<2>(&tm, clk, dst, iters, bytes, mode, src); break;
        default: modes7<3>(&tm, clk, dst, iters, bytes, mode, src); break;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
