#include <cuda_fp16.h>
#include <cuda_bf16.h>
extern __shared__ float dyn[];
__global__ void __launch_bounds__(256, 2) misc(float *a, const float *__restrict__ b, unsigned *u, double *d, __half *h, __nv_bfloat16 *bf) {
  __shared__ int hist[32];
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  if (threadIdx.x < 32) hist[threadIdx.x] = 0;
  __syncthreads();
  dyn[threadIdx.x] = __ldg(&b[t]);
  __syncthreads();
  float x = dyn[(threadIdx.x + 1) % blockDim.x];
  atomicAdd(&hist[t & 31], 1);
  atomicMax(u, (unsigned)t);
  atomicCAS(u + 1, 0u, 5u);
  atomicAdd(a + 1, x);
  float s = __shfl_down_sync(0xffffffff, x, 1);
  unsigned bal = __ballot_sync(0xffffffff, x > 0);
  s += __shfl_xor_sync(0xffffffff, s, 16);
  a[t] = sinf(x) + expf(s) + __fdividef(x, s + 1) + rsqrtf(fabsf(x) + 1) + __popc(bal) + __clz(t) + (float)__brev(t);
  d[t] = sqrt((double)x) + exp((double)s);
  h[t] = __hadd(h[t], __float2half(x));
  bf[t] = __hmul(bf[t], __float2bfloat16(s));
  u[t] = __byte_perm(t, bal, 0x5140) + __funnelshift_l(t, bal, 3) + __reduce_add_sync(0xffffffff, t) + __activemask();
  __syncthreads();
  if (threadIdx.x < 32) atomicAdd(u + 2, hist[threadIdx.x]);
}
