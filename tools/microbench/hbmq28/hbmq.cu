// hbmq28 probe (session 28, lane hbmq): loaded HBM latency against the copy's bandwidth.
// One launch = `ncopy` CTAs running gmem_copy's body (tools/microbench/gmem.cu, verbatim) and, when
// chase = 1, one more CTA (blockIdx.x == ncopy) whose thread 0 chases a pointer chain of cold lines
// (stride 4224 B, 33 lines, flushed from L2 before the launch), stamping %clock64 and %globaltimer
// after each load issues (each load issues when the previous returned: diff = one load's latency).
// Stamps go to shared memory and are written out at the end. gmem_copy itself (identical source to
// gmem.cu) runs the copy-alone points. Host: build the chain, then per repetition and point: flush
// L2 (read 512 MiB), launch, read back; JSON lines on stdout.
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda_runtime.h>

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

#define NL 1024
extern "C" __global__ void hbmq_probe(unsigned long long* clk, unsigned long long* gt, unsigned* smid,
                                      const uint4* __restrict__ src, uint4* __restrict__ dst,
                                      unsigned long long bytes_per_cta, int ncopy,
                                      unsigned long long* chain, unsigned* lat, unsigned long long* lgt) {
    __shared__ unsigned s_lat[NL];
    __shared__ unsigned long long s_gt[NL];
    if ((int)blockIdx.x < ncopy) {
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
        return;
    }
    if (threadIdx.x != 0) return;
    unsigned long long p = (unsigned long long)chain;
#pragma unroll 1
    for (int i = 0; i < NL; i++) {
        asm volatile("ld.global.u64 %0, [%0];" : "+l"(p) :: "memory");
        unsigned long long t = mb_clock(), g = mb_gtimer();
        s_lat[i] = (unsigned)t;
        s_gt[i] = g;
    }
#pragma unroll 1
    for (int i = 0; i < NL; i++) { lat[i] = s_lat[i]; lgt[i] = s_gt[i]; }
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    smid[blockIdx.x] = sm;
    clk[2 * blockIdx.x] = p;   // keeps the chase live
}

__global__ void init_chain(unsigned long long* chain, unsigned long long stride_words, int n) {
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < n) chain[k * stride_words] = (unsigned long long)(chain + (k + 1) * stride_words);
}
__global__ void flush_read(const uint4* __restrict__ b, unsigned long long n, unsigned* sink) {
    unsigned acc = 0;
    for (unsigned long long i = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) { uint4 v = b[i]; acc ^= v.x ^ v.w; }
    if (acc == 0x12345678u) sink[0] = acc;
}

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

int main(int argc, char** argv) {
    const unsigned long long MIB = 1ull << 20, per = 4 * MIB;
    const int reps = argc > 1 ? atoi(argv[1]) : 3;
    const int only_ncu = argc > 2 ? atoi(argv[2]) : 0;   // ncu mode: a single probe launch at c33
    const unsigned long long stride_b = 4224, stride_w = stride_b / 8;
    uint4 *src, *dst, *fl; unsigned long long *chain, *clk, *gt, *lgt; unsigned *smid, *lat, *sink;
    CK(cudaMalloc(&src, 1024 * MIB)); CK(cudaMalloc(&dst, 133 * per)); CK(cudaMalloc(&fl, 512 * MIB));
    CK(cudaMalloc(&chain, (NL + 2) * stride_b + 64)); CK(cudaMalloc(&clk, 2 * 133 * 8)); CK(cudaMalloc(&gt, 2 * 133 * 8));
    CK(cudaMalloc(&smid, 133 * 4)); CK(cudaMalloc(&lat, NL * 4)); CK(cudaMalloc(&lgt, NL * 8)); CK(cudaMalloc(&sink, 64));
    CK(cudaMemset(src, 1, 1024 * MIB)); CK(cudaMemset(fl, 2, 512 * MIB));
    init_chain<<<(NL + 1 + 255) / 256, 256>>>(chain, stride_w, NL + 1);
    CK(cudaDeviceSynchronize());
    if (only_ncu) {
        for (int r = 0; r < 2; r++) {
            flush_read<<<264, 1024>>>(fl, 512 * MIB / 16, sink);
            hbmq_probe<<<34, 1024>>>(clk, gt, smid, src, dst, per, 33, chain, lat, lgt);
        }
        CK(cudaDeviceSynchronize());
        return 0;
    }
    const int pts[] = {0, 16, 33, 66, 131};
    const int cpts[] = {16, 33, 66, 132};
    std::vector<unsigned long long> hclk(266), hgt(266), hlgt(NL); std::vector<unsigned> hsm(133), hlat(NL);
    for (int r = 0; r < reps; r++) {
        for (int mode = 0; mode < 2; mode++) {
            int np = mode == 0 ? 5 : 4;
            for (int j = 0; j < np; j++) {
                int nc = mode == 0 ? pts[j] : cpts[j];
                CK(cudaMemset(clk, 0, 266 * 8)); CK(cudaMemset(gt, 0, 266 * 8)); CK(cudaMemset(smid, 0xff, 133 * 4));
                flush_read<<<264, 1024>>>(fl, 512 * MIB / 16, sink);
                if (mode == 0) hbmq_probe<<<nc + 1, 1024>>>(clk, gt, smid, src, dst, per, nc, chain, lat, lgt);
                else gmem_copy<<<nc, 1024>>>(clk, gt, smid, src, dst, per);
                CK(cudaGetLastError()); CK(cudaDeviceSynchronize());
                int g = mode == 0 ? nc + 1 : nc;
                CK(cudaMemcpy(hclk.data(), clk, 266 * 8, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hgt.data(), gt, 266 * 8, cudaMemcpyDeviceToHost));
                CK(cudaMemcpy(hsm.data(), smid, 133 * 4, cudaMemcpyDeviceToHost));
                printf("{\"rep\": %d, \"kernel\": \"%s\", \"ncopy\": %d, \"smid\": [", r, mode ? "gmem_copy" : "hbmq_probe", nc);
                for (int c = 0; c < g; c++) printf("%s%u", c ? ", " : "", hsm[c]);
                printf("], \"clk\": [");
                for (int c = 0; c < nc; c++) printf("%s[%llu, %llu]", c ? ", " : "", hclk[2 * c], hclk[2 * c + 1]);
                printf("], \"gt\": [");
                for (int c = 0; c < nc; c++) printf("%s[%llu, %llu]", c ? ", " : "", hgt[2 * c], hgt[2 * c + 1]);
                printf("]");
                if (mode == 0) {
                    CK(cudaMemcpy(hlat.data(), lat, NL * 4, cudaMemcpyDeviceToHost));
                    CK(cudaMemcpy(hlgt.data(), lgt, NL * 8, cudaMemcpyDeviceToHost));
                    printf(", \"chase_end\": %llu, \"lat\": [", hclk[2 * nc]);
                    for (int i = 0; i < NL; i++) printf("%s%u", i ? ", " : "", hlat[i]);
                    printf("], \"lgt\": [");
                    for (int i = 0; i < NL; i++) printf("%s%llu", i ? ", " : "", hlgt[i]);
                    printf("]");
                }
                printf("}\n");
            }
        }
    }
    return 0;
}
