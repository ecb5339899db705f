// sm90sim microbenchmark family "cpasync" (part 8, helper ldg): cp.async.cg
// (LDGSTS.BYPASS) 16 B per lane with the src-size forms compilers emit, on a
// contiguous or a Triton-swizzled shared destination.
//
// ldg8_cp: params (u64 *clk, u32 *sink, uint4 *src, s32 iters, s32 limit, u32 form, u32 swz, u32 inflight)
// form 0: no src-size (LDGSTS.E.BYPASS.128);
// form 1: src-size = selp(16, 0, step < limit), Triton's pipelined copy
//         (`selp.b32 %r, 16, 0, %p; cp.async.cg ... 0x10, %r`);
// form 2: src-size = limit (a run-time register, all lanes equal);
// form 3: ignore-src = (step >= limit).
// swz 0: lane l writes bytes [16 l, 16 l + 16) of the warp's 512-B slot;
// swz 1: Triton's 128-B swizzle of a 64-halfs row tile (row = l / 8, chunk
//        (l % 8) ^ (row of the CTA % 8)), the layout of triton_matmul's A tile.
// Every warp copies 512 B per step from src (1 MiB, L2-resident after rep 0):
// lanes 8q..8q+7 read one 128-B line in order. A step is cp.async; commit_group;
// then inflight 1: wait_group 0 (latency); inflight 4: wait_group 3 (throughput).
// clk[cta][warp][rep] = t1 - t0 (rep 0 warm-up); sink[cta][warp].
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(1024) unsigned char ldg8_slots[32 * 4 * 512];   // 64 KiB: [warp][4 slots][512 B]

template <int FORM>
__device__ __forceinline__ void ldg8_copy(unsigned dst, const void* src, int step, int limit) {
    if (FORM == 0) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(dst), "l"(src) : "memory");
    } else if (FORM == 1) {
        asm volatile("{\n\t.reg .pred p;\n\t.reg .b32 n;\n\tsetp.lt.s32 p, %2, %3;\n\tselp.b32 n, 16, 0, p;\n\t"
                     "cp.async.cg.shared.global [%0], [%1], 16, n;\n\t}" ::"r"(dst), "l"(src), "r"(step), "r"(limit)
                     : "memory");
    } else if (FORM == 2) {
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(dst), "l"(src), "r"(limit) : "memory");
    } else {
        asm volatile("{\n\t.reg .pred p;\n\tsetp.ge.s32 p, %2, %3;\n\tcp.async.cg.shared.global [%0], [%1], 16, p;\n\t}"
                     ::"r"(dst), "l"(src), "r"(step), "r"(limit) : "memory");
    }
}

template <int FORM>
__device__ __forceinline__ void ldg8_run(unsigned long long* clk, unsigned* sink, const unsigned char* src, int iters,
                                         int limit, unsigned swz, unsigned inflight) {
    const unsigned lane = threadIdx.x & 31, w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    const unsigned row = w * 4 + (lane >> 3);
    const unsigned off = swz ? ((lane >> 3) * 128 + (((lane & 7) ^ (row & 7)) << 4)) : lane * 16;
    const unsigned slot0 = (unsigned)__cvta_generic_to_shared(ldg8_slots) + w * 2048 + off;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
        if (inflight == 1) {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long o = ((unsigned long long)(i * nw + w + blockIdx.x * 977) * 512 + lane * 16) & 0xFFFFF;
                ldg8_copy<FORM>(slot0, src + o, i, limit);
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 0;" ::: "memory");
            }
        } else {
#pragma unroll 1
            for (int i = 0; i < iters; i++) {
                unsigned long long o = ((unsigned long long)(i * nw + w + blockIdx.x * 977) * 512 + lane * 16) & 0xFFFFF;
                ldg8_copy<FORM>(slot0 + (i & 3) * 512, src + o, i, limit);
                asm volatile("cp.async.commit_group;" ::: "memory");
                asm volatile("cp.async.wait_group 3;" ::: "memory");
            }
            asm volatile("cp.async.wait_group 0;" ::: "memory");
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[(blockIdx.x * nw + w) * 2 + rep] = t1 - t0;
    }
    __syncwarp();
    if (lane == 0) sink[blockIdx.x * nw + w] = *(const unsigned*)(ldg8_slots + w * 2048);
}

extern "C" __global__ void ldg8_cp(unsigned long long* clk, unsigned* sink, const unsigned char* src, int iters,
                                   int limit, unsigned form, unsigned swz, unsigned inflight) {
    if (form == 0) ldg8_run<0>(clk, sink, src, iters, limit, swz, inflight);
    else if (form == 1) ldg8_run<1>(clk, sink, src, iters, limit, swz, inflight);
    else if (form == 2) ldg8_run<2>(clk, sink, src, iters, limit, swz, inflight);
    else ldg8_run<3>(clk, sink, src, iters, limit, swz, inflight);
}
