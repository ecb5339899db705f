// sm90sim microbenchmark family "smgst": the latency of a shared-memory
// access issued right behind global stores (do shared requests wait for the
// stores' L1 work?). One warp. Each sample: t0 = %clock64; nst stores
// st.global.u32 (lane stride `stride` words: 1 = one 128-byte line per
// warp-store, 32 = a line per lane); then mode 0: ld.volatile.shared.u32 and
// an add on its value, mode 1: st.volatile.shared.u32 then bar.sync 0,
// mode 2: the nst accesses are ld.global.u32 (their values are used after
// t1) and mode 0's ld.shared follows; then
// t1 = %clock64; then the warp spins 4000 cycles on %clock64 so the stores
// drain before the next sample.
// params (u64 *clk, u32 *dst, u32 *sink, s32 iters, u32 stride, u32 nst, u32 mode)
// clk[rep] = sum over iters samples of t1 - t0 (rep 0 warms the code and
// the lines); cycles per sample = clk[1] / iters.
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

__shared__ __align__(16) unsigned sbuf[64];

extern "C" __global__ void smgst(unsigned long long* clk, unsigned* dst, unsigned* sink, int iters,
                                 unsigned stride, unsigned nst, unsigned mode) {
    const unsigned lane = threadIdx.x & 31;
    sbuf[lane] = lane * 7u;
    __syncthreads();
    unsigned sa = (unsigned)__cvta_generic_to_shared(&sbuf[lane]);
    unsigned v = lane;
    unsigned* p = dst + lane * stride;
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        unsigned long long sum = 0;
#pragma unroll 1
        for (int i = 0; i < iters; i++) {
            unsigned long long t0 = mb_clock();
#pragma unroll 1
            unsigned g = 0;
            for (unsigned k = 0; k < nst; k++) {
                if (mode == 2) {
                    unsigned r;
                    asm volatile("ld.global.u32 %0, [%1];" : "=r"(r) : "l"(p + k * 32u * stride) : "memory");
                    g ^= r;
                } else {
                    asm volatile("st.global.u32 [%0], %1;" :: "l"(p + k * 32u * stride), "r"(v) : "memory");
                }
            }
            if (mode != 1) {
                unsigned r;
                asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(r) : "r"(sa) : "memory");
                asm volatile("add.u32 %0, %0, %1;" : "+r"(v) : "r"(r) : "memory");
            } else {
                asm volatile("st.volatile.shared.u32 [%0], %1;" :: "r"(sa), "r"(v) : "memory");
                asm volatile("bar.sync 0;" ::: "memory");
            }
            unsigned long long t1 = mb_clock();
            sum += t1 - t0;
            v += g;
            while (mb_clock() - t1 < 4000ull) {}
        }
        if (lane == 0) clk[rep] = sum;
    }
    sink[lane] = v;
}
