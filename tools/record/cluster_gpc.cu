// cluster_gpc: measures how an H100/H200 places thread-block clusters (sm90sim issue 6).
//   nvcc -arch=sm_90a -O2 -o cluster_gpc tools/record/cluster_gpc.cu && ./cluster_gpc > cluster_gpc.txt
// Prints, for cluster sizes 1..16 (9..16 with cudaFuncAttributeNonPortableClusterSizeAllowed):
//   occ <config> size <s> clusters <cudaOccupancyMaxActiveClusters>
// for two configs: "big" (block 128, 120 KiB dynamic shared memory: one CTA per SM) and "small"
// (block 128, no dynamic shared memory). Then, for each size with big CTAs, two launches:
//   resident: grid = clusters * s CTAs; every CTA records %smid, %clusterid.x, %cluster_ctarank, then
//     counts itself in a global counter and spins (bounded by clock64) until all CTAs have arrived:
//     "arrived" = the count it saw (all of them when the grid is co-resident);
//   waves: grid = 6 * clusters * s CTAs, no spin (later clusters land where earlier ones finished).
// Lines: cta <launch> <size> <block> <smid> <clusterid> <rank> <arrived>
// A cluster's CTAs share one GPC, so SMs seen in one cluster are in one GPC (union-find offline).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void probe(unsigned* out, unsigned* counter, unsigned total, int spin)
{
    extern __shared__ unsigned char dyn[];
    unsigned smid, cid, rank;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
    asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
    asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
    if (threadIdx.x == 0) {
        unsigned seen = 0;
        if (spin) {
            atomicAdd(counter, 1u);
            long long t0 = clock64();
            do {
                seen = *(volatile unsigned*)counter;
            } while (seen < total && clock64() - t0 < 400000000LL);
        }
        out[blockIdx.x * 4 + 0] = smid;
        out[blockIdx.x * 4 + 1] = cid;
        out[blockIdx.x * 4 + 2] = rank;
        out[blockIdx.x * 4 + 3] = seen;
        dyn[0] = (unsigned char)smid;
    }
}

#define CK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("error %s: %s\n", #x, cudaGetErrorString(e)); return 1; } } while (0)

static int launch(const char* name, int size, int grid, size_t smem, int spin, unsigned* dout, unsigned* dcnt, unsigned* host)
{
    CK(cudaMemset(dcnt, 0, 4));
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(grid);
    cfg.blockDim = dim3(128);
    cfg.dynamicSmemBytes = smem;
    cudaLaunchAttribute at[1];
    at[0].id = cudaLaunchAttributeClusterDimension;
    at[0].val.clusterDim.x = size;
    at[0].val.clusterDim.y = 1;
    at[0].val.clusterDim.z = 1;
    cfg.attrs = at;
    cfg.numAttrs = 1;
    CK(cudaLaunchKernelEx(&cfg, probe, dout, dcnt, (unsigned)grid, spin));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(host, dout, (size_t)grid * 16, cudaMemcpyDeviceToHost));
    for (int b = 0; b < grid; ++b)
        printf("cta %s %d %d %u %u %u %u\n", name, size, b, host[b * 4], host[b * 4 + 1], host[b * 4 + 2], host[b * 4 + 3]);
    return 0;
}

int main()
{
    cudaDeviceProp p;
    CK(cudaGetDeviceProperties(&p, 0));
    printf("device %s sms %d smem_per_sm %zu smem_optin %zu\n", p.name, p.multiProcessorCount,
           p.sharedMemPerMultiprocessor, p.sharedMemPerBlockOptin);
    const size_t big = 120 * 1024;
    CK(cudaFuncSetAttribute(probe, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)big));
    CK(cudaFuncSetAttribute(probe, cudaFuncAttributeNonPortableClusterSizeAllowed, 1));
    int clusters[17] = {0};
    for (int cfgi = 0; cfgi < 2; ++cfgi) {
        for (int s = 1; s <= 16; ++s) {
            cudaLaunchConfig_t cfg = {};
            cfg.gridDim = dim3(s * 64);
            cfg.blockDim = dim3(128);
            cfg.dynamicSmemBytes = cfgi == 0 ? big : 0;
            cudaLaunchAttribute at[1];
            at[0].id = cudaLaunchAttributeClusterDimension;
            at[0].val.clusterDim.x = s;
            at[0].val.clusterDim.y = 1;
            at[0].val.clusterDim.z = 1;
            cfg.attrs = at;
            cfg.numAttrs = 1;
            int n = -1;
            cudaError_t e = cudaOccupancyMaxActiveClusters(&n, probe, &cfg);
            printf("occ %s size %d clusters %d%s%s\n", cfgi == 0 ? "big" : "small", s, n,
                   e == cudaSuccess ? "" : " error ", e == cudaSuccess ? "" : cudaGetErrorString(e));
            if (cfgi == 0) clusters[s] = e == cudaSuccess ? n : 0;
        }
    }
    unsigned *dout, *dcnt;
    const int maxgrid = 6 * 132 * 2 + 64;
    CK(cudaMalloc(&dout, (size_t)maxgrid * 16 * 2));
    CK(cudaMalloc(&dcnt, 4));
    unsigned* host = (unsigned*)malloc((size_t)maxgrid * 16 * 2);
    for (int s = 1; s <= 16; ++s) {
        if (clusters[s] <= 0) continue;
        if (launch("resident", s, clusters[s] * s, big, 1, dout, dcnt, host)) return 1;
        if (launch("waves", s, 6 * clusters[s] * s, big, 0, dout, dcnt, host)) return 1;
    }
    printf("done\n");
    return 0;
}
