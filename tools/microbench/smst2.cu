// sm90sim microbenchmark family "smst2": the probe of a shared-memory
// exchange kernel, 4 warps (block 128): st.shared of a word per lane,
// bar.sync, ld.shared of the next lane's word, bar.sync, then a st.global of
// the loaded value to out[tid * stride + probe] (stride 42 words: a line
// per lane, 32 lines per warp-store; stride 1 with the probe index
// scaled: one line per warp-store). mode 0: the whole probe; mode 1: no
// st.global (shared and barriers only); mode 2: only the st.global (of a
// value computed without shared memory). 8 probes unrolled per iteration.
// Does the strided stores' L1 work overlap the shared accesses and barriers?
// smst2: the shared words of a warp sstride words apart (sstride 32: every
// shared access a 32-way bank conflict, 32 wavefronts; 8: 8-way).
// params (u64 *clk, u32 *out, u32 *sink, s32 iters, u32 stride, u32 mode, u32 sstride)
// clk[w][rep] = %clock64 after - before; cycles per probe = max_w clk[w][1] / (iters * 8).
#define UNROLL 8
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(16) unsigned sx[4 * 1024];

extern "C" __global__ void smst2(unsigned long long* clk, unsigned* out, unsigned* sink, int iters,
                                 unsigned stride, unsigned mode, unsigned sstride) {
    const unsigned tid = threadIdx.x, lane = tid & 31, w = tid >> 5;
    unsigned v = tid * 0x9E3779B1u;
    unsigned* o = out + tid * stride;
    const unsigned step = stride == 1 ? 128u : 1u;
    const unsigned rd = (w * 1024 + ((lane + 1) & 31) * sstride) * 4;
    const unsigned wr = (w * 1024 + lane * sstride) * 4;
    const unsigned base = (unsigned)__cvta_generic_to_shared(&sx[0]);
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        __syncthreads();
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
#pragma unroll
            for (int k = 0; k < UNROLL; k++) {
                if (mode != 2) {
                    asm volatile("st.shared.u32 [%0], %1;" :: "r"(base + wr), "r"(v) : "memory");
                    asm volatile("bar.sync 0;" ::: "memory");
                    asm volatile("ld.shared.u32 %0, [%1];" : "=r"(v) : "r"(base + rd) : "memory");
                    asm volatile("bar.sync 0;" ::: "memory");
                } else {
                    v = v * 0x01000193u + 7u;
                }
                if (mode != 1)
                    asm volatile("st.global.u32 [%0], %1;" :: "l"(o + (i * UNROLL + k) * step), "r"(v) : "memory");
            }
        }
        unsigned long long t1 = mb_clock();
        if (lane == 0) clk[w * 2 + rep] = t1 - t0;
    }
    sink[tid] = v;
}
