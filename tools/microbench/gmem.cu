// sm90sim microbenchmark family "gmem": global-memory load latency by
// footprint (pointer chase) and copy bandwidth by number of SMs.
//
// gmem_chase: params (u64 *clk, u32 *lat, u64 *buf, u64 footprint, u64 stride,
//                     s32 warm, s32 timed, s32 hist)        grid 1, block 1024
// Setup (all threads): position k = (k * stride) mod footprint (footprint a
// power of two) holds the address of position k + 1, for every k of the
// cycle (footprint / gcd(stride, footprint) positions). Then thread 0 alone
// chases `p = ld.global.u64 [p]` (default caching: L1 and L2): `warm` steps
// untimed, then `timed` steps between two %clock64 reads:
//   clk[0] = cycles of the timed steps; latency per load = clk[0] / timed.
// hist = 1: the timed steps also store the low 32 bits of %clock64 read right
// after each load is issued, lat[k] (k < 1024): lat[k+1] - lat[k] is load k's
// latency (a load issues when the previous one returned), to see the L2
// near/far split. hist = 0 leaves lat zero.
//
// gmem_copy: params (u64 *clk, u64 *gt, u32 *smid, uint4 *src, uint4 *dst,
//                    u64 bytes_per_cta)                       block 1024, grid = SMs used
// CTA c copies bytes_per_cta from src + c * bytes_per_cta to dst (16-byte
// loads and stores, 4 in flight per thread). clk[c] = {t0, t1} (%clock64 after
// the first __syncthreads and after the last), gt[c] = {%globaltimer at t0,
// at t1} in ns, smid[c]. Bandwidth = total bytes read + written / (max gt1 -
// min gt0); per-SM bytes per cycle = 2 * bytes_per_cta / (t1 - t0).
__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}
__device__ __forceinline__ unsigned long long mb_gtimer() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void gmem_chase(unsigned long long* clk, unsigned* lat, unsigned long long* buf,
                                      unsigned long long footprint, unsigned long long stride,
                                      int warm, int timed, int hist) {
    const unsigned long long mask = footprint - 1;
    unsigned long long g = stride & mask, f = footprint;
    while (g) { unsigned long long r = f % g; f = g; g = r; }   // f = gcd(stride, footprint)
    const unsigned long long n = footprint / f;
    const unsigned long long base = (unsigned long long)buf;
    for (unsigned long long k = threadIdx.x; k < n; k += blockDim.x) {
        unsigned long long o = (k * stride) & mask, o2 = ((k + 1) * stride) & mask;
        buf[o / 8] = base + o2;
    }
    __syncthreads();
    if (threadIdx.x != 0) return;
    unsigned long long p = base;
#pragma unroll 1
    for (int i = 0; i < warm; i++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
    unsigned long long t0 = mb_clock();
    if (hist) {
#pragma unroll 1
        for (int i = 0; i < timed; i++) {
            asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
            unsigned long long t = mb_clock();
            if (i < 1024) lat[i] = (unsigned)t;
        }
    } else {
#pragma unroll 1
        for (int i = 0; i < timed / 8; i++) {
#pragma unroll
            for (int k = 0; k < 8; k++) asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
        }
    }
    unsigned long long t1 = mb_clock();
    clk[0] = t1 - t0;
    clk[1] = p - base;   // where the chase ended (deterministic)
}

extern "C" __global__ void gmem_copy(unsigned long long* clk, unsigned long long* gt, unsigned* smid,
                                     const uint4* __restrict__ src, uint4* __restrict__ dst,
                                     unsigned long long bytes_per_cta) {
    const unsigned long long n = bytes_per_cta / 16;
    const uint4* s = src + blockIdx.x * n;
    uint4* d = dst + blockIdx.x * n;
    const unsigned bd = blockDim.x;
    __syncthreads();
    unsigned long long t0 = mb_clock(), g0 = mb_gtimer();
    for (unsigned long long i = threadIdx.x; i + 3 * bd < n; i += 4 * bd) {
        uint4 a = s[i], b = s[i + bd], c = s[i + 2 * bd], e = s[i + 3 * bd];
        d[i] = a; d[i + bd] = b; d[i + 2 * bd] = c; d[i + 3 * bd] = e;
    }
    __syncthreads();
    unsigned long long t1 = mb_clock(), g1 = mb_gtimer();
    if (threadIdx.x == 0) {
        clk[2 * blockIdx.x] = t0; clk[2 * blockIdx.x + 1] = t1;
        gt[2 * blockIdx.x] = g0; gt[2 * blockIdx.x + 1] = g1;
        unsigned sm;
        asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
        smid[blockIdx.x] = sm;
    }
}
