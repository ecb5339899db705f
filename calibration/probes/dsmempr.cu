// calib helper probe (issue 15): DSMEM load latency by cluster rank and SM
// placement. Every cluster: thread 0 of rank 0 chases 256 dependent
// ld.shared::cluster.u32 through the shared memory of rank `target`
// (rank 0 = its own, through the cluster window); each CTA reports %smid.
#include <cstdio>
#include <cuda_runtime.h>
#define N 256
__global__ void dprobe(unsigned* smid, unsigned long long* cyc, unsigned target, int iters) {
  __shared__ unsigned buf[N];
  unsigned rank, nrank, sm;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(rank));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nrank));
  asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
  unsigned base = (unsigned)__cvta_generic_to_shared(buf);
  for (int k = threadIdx.x; k < N; k += blockDim.x) {
    unsigned a; unsigned nxt = base + 4u * ((k * 17 + 1) % N);  // a permutation cycle
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(a) : "r"(nxt), "r"(rank));
    buf[k] = a;
  }
  if (threadIdx.x == 0) smid[blockIdx.x] = sm;
  asm volatile("barrier.cluster.arrive.release.aligned; barrier.cluster.wait.acquire.aligned;" ::: "memory");
  unsigned cl = blockIdx.x / nrank;
  if (rank == 0 && threadIdx.x == 0) {
    unsigned p;
    asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(p) : "r"(base), "r"(target));
    for (int w = 0; w < 64; w++) asm volatile("ld.shared::cluster.u32 %0, [%0];" : "+r"(p) :: "memory");
    unsigned long long t0, t1;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0) :: "memory");
#pragma unroll 1
    for (int i = 0; i < iters / 8; i++) {
#pragma unroll
      for (int k = 0; k < 8; k++) asm volatile("ld.shared::cluster.u32 %0, [%0];" : "+r"(p) :: "memory");
    }
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1) :: "memory");
    cyc[cl * 2] = t1 - t0; cyc[cl * 2 + 1] = p;
  }
  asm volatile("barrier.cluster.arrive.release.aligned; barrier.cluster.wait.acquire.aligned;" ::: "memory");
}
int main() {
  cudaFuncSetAttribute(dprobe, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  unsigned* smid; unsigned long long* cyc; cudaMalloc(&smid, 4096 * 4); cudaMalloc(&cyc, 4096 * 16);
  unsigned hs[4096]; unsigned long long hc[8192];
  const int iters = 256;
  for (int c : {2, 4, 8, 16}) for (unsigned t = 0; t < (unsigned)c; t++) {
    int clusters = 16;
    cudaLaunchConfig_t cfg = {}; cfg.gridDim = dim3(c * clusters); cfg.blockDim = dim3(128);
    cudaLaunchAttribute at[1]; at[0].id = cudaLaunchAttributeClusterDimension; at[0].val.clusterDim.x = c; at[0].val.clusterDim.y = 1; at[0].val.clusterDim.z = 1;
    cfg.attrs = at; cfg.numAttrs = 1;
    cudaError_t e = cudaLaunchKernelEx(&cfg, dprobe, smid, cyc, t, iters);
    if (!e) e = cudaDeviceSynchronize();
    if (e) { printf("c %d t %u error %s\n", c, t, cudaGetErrorString(e)); cudaGetLastError(); continue; }
    cudaMemcpy(hs, smid, c * clusters * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(hc, cyc, clusters * 16, cudaMemcpyDeviceToHost);
    for (int k = 0; k < clusters; k++) {
      printf("c %d t %u cluster %d sm0 %u smt %u cyc_per_load %.2f sms", c, t, k, hs[k * c], hs[k * c + t], (double)hc[2 * k] / iters);
      for (int r = 0; r < c; r++) printf(" %u", hs[k * c + r]);
      printf("\n");
    }
  }
  return 0;
}
