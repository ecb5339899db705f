// tmast9 (family tmax, tools/microbench/gen8_tmast.py, helper tmast): the
// code ptxas puts around a bulk reduction when the operation is picked at
// run time (bulkred_*, tma_reduce_ops-style kernels), one piece at a time,
// in loops whose kind is a template argument (tmast7.cu's style: the loop is
// only what ptxas emits around the body).
// t9_x: params (u64 *clk, u32 *sink, u8 *dst, s32 iters, s32 kind, s32 sel)
// Thread 0, `iters` iterations per rep, each:
//   kind 0 (alu):    acc = acc + i (one asm add: the loop alone);
//   kind 1 (sw8):    switch (sel) over 8 cases, each a different asm integer
//                    op on acc (ptxas: a jump table, LDC c[0x2] + BRX);
//   kind 2 (sw2):    if (sel == 0) one asm op else another (a compare and a
//                    branch around the two blocks);
//   kind 3 (red):    cp.reduce.async.bulk .add.u32 of 1 KiB of shared memory
//                    to dst + (i KiB mod 64 KiB), commit_group, wait_group 0;
//   kind 4 (redsw8): the same with the reduction's operation picked by an
//                    8-case switch on sel (add.u32, add.s32, min.u32,
//                    max.u32, and.b32, or.b32, xor.b32, inc.u32), as
//                    bulkred_* and tma_reduce_ops do;
//   kind 5 (redif):  the reduction add.u32 if sel == 0 else min.u32 (two
//                    blocks, one compare);
//   kind 6 (ctarank): acc += %cluster_ctarank (asm: a special-register read
//                    in the loop, SR_CgaCtaId);
//   kind 7 (skip):   kind 0's add, then the 1 KiB add.u32 reduction (commit,
//                    wait_group 0) only if sel == 1: with sel 0 a forward
//                    branch over a block ptxas cannot predicate, every
//                    iteration.
// clk[rep][0] = the loop, clk[rep][1] = to after a final wait_group 0
// (rep 0 warms the code, the jump table and the destination lines).
#include <cuda.h>

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

extern __shared__ __align__(1024) unsigned char dsm[];

#define ALU(OP) asm volatile(OP " %0, %0, %1;" : "+r"(acc) : "r"(i))
#define RED(OP)                                                                                          \
    asm volatile("cp.reduce.async.bulk.global.shared::cta.bulk_group." OP " [%0], [%1], 1024;"           \
                 ::"l"(d), "r"(smem_addr(dsm)) : "memory")

template <int KIND>
__device__ __forceinline__ void body9(unsigned& acc, unsigned i, int sel, unsigned char* dst) {
    unsigned char* d = dst + ((i * 1024u) & 65535u);
    if (KIND == 0) {
        ALU("add.u32");
    } else if (KIND == 1) {
        switch (sel) {
        case 0: ALU("add.u32"); break;
        case 1: ALU("xor.b32"); break;
        case 2: ALU("sub.u32"); break;
        case 3: ALU("or.b32"); break;
        case 4: ALU("and.b32"); break;
        case 5: ALU("mul.lo.u32"); break;
        case 6: ALU("min.u32"); break;
        default: ALU("max.u32"); break;
        }
    } else if (KIND == 2) {
        if (sel == 0) ALU("add.u32");
        else ALU("xor.b32");
    } else if (KIND == 3) {
        RED("add.u32");
    } else if (KIND == 4) {
        switch (sel) {
        case 0: RED("add.u32"); break;
        case 1: RED("add.s32"); break;
        case 2: RED("min.u32"); break;
        case 3: RED("max.u32"); break;
        case 4: RED("and.b32"); break;
        case 5: RED("or.b32"); break;
        case 6: RED("xor.b32"); break;
        default: RED("inc.u32"); break;
        }
    } else if (KIND == 5) {
        if (sel == 0) RED("add.u32");
        else RED("min.u32");
    } else if (KIND == 7) {
        ALU("add.u32");
        if (sel == 1) {
            RED("add.u32");
            asm volatile("cp.async.bulk.commit_group;" ::: "memory");
            asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        }
    } else {
        unsigned r;
        asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
        acc += r + i;
    }
    if (KIND >= 3 && KIND <= 5) {
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
}

template <int KIND>
__device__ __forceinline__ void loop9(unsigned long long* clk, unsigned* sink, unsigned char* dst, int iters,
                                      int sel) {
    unsigned acc = 0;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        const unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) body9<KIND>(acc, (unsigned)i, sel, dst);
        const unsigned long long t1 = mb_clock();
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
        const unsigned long long t2 = mb_clock();
        clk[rep * 2] = t1 - t0;
        clk[rep * 2 + 1] = t2 - t0;
    }
    sink[32] = acc;
}

extern "C" __global__ void t9_x(unsigned long long* clk, unsigned* sink, unsigned char* dst, int iters, int kind,
                                int sel) {
    for (int i = threadIdx.x; i < 256; i += blockDim.x) ((unsigned*)dsm)[i] = (unsigned)(i & 7);
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    if (threadIdx.x == 0) {
        switch (kind) {
        case 0: loop9<0>(clk, sink, dst, iters, sel); break;
        case 1: loop9<1>(clk, sink, dst, iters, sel); break;
        case 2: loop9<2>(clk, sink, dst, iters, sel); break;
        case 3: loop9<3>(clk, sink, dst, iters, sel); break;
        case 4: loop9<4>(clk, sink, dst, iters, sel); break;
        case 5: loop9<5>(clk, sink, dst, iters, sel); break;
        case 6: loop9<6>(clk, sink, dst, iters, sel); break;
        default: loop9<7>(clk, sink, dst, iters, sel); break;
        }
    }
    __syncthreads();
    if (threadIdx.x < 32) sink[threadIdx.x] = ((const unsigned*)dsm)[threadIdx.x];
}
