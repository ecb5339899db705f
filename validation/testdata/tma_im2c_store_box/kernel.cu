// tma_im2c_store_box: im2col_no_offs TMA stores, 4d, pixel box upper corner -1,-1 (a 4x3 box inside the 5x4 image), walks inside it.
// Tensor u32 [2, 4, 5, 8] (outermost first; dims [8, 5, 4, 2], strides [32, 160, 640] bytes); each map t<i>
// covers its own output o<i>, pre-filled with iota, so elements an operation skips keep their index.
//   t0: lower [0, 0] upper [-1, -1] channels/pixel 8 pixels/column 12
//   t1: lower [0, 0] upper [-1, -1] channels/pixel 4 pixels/column 13
//   op 0: map t0 at [0, 0, 0, 0] from byte 0
//   op 1: map t1 at [4, 1, 1, 0] from byte 2048
// Shared word i = 0xA0000000u | (uint32_t)i; one CTA of 128 threads; thread 0 issues op i from byte 2048*i of the shared
// image through t<map>, commit_group, wait_group 0, flags[i] = 1 (gen_im2c.py).
// Outputs: o0..o1 (the tensors), flags u32[2].
#include <cuda.h>
#include <stdint.h>

// ---- helpers (inline PTX), shared by the async corpus kernels (tools/record/gen_async.py)
static __device__ __forceinline__ uint32_t smem_addr(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ void mbar_init(uint32_t bar, uint32_t count)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(bar), "r"(count) : "memory");
}
static __device__ __forceinline__ void fence_mbar_init()
{
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
}
static __device__ __forceinline__ void fence_proxy_async_smem()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}
static __device__ __forceinline__ void mbar_arrive_expect_tx(uint32_t bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(bytes) : "memory");
}
static __device__ __forceinline__ uint32_t mbar_try_wait_parity(uint32_t bar, uint32_t parity)
{
    uint32_t ok;
    asm volatile("{\n\t.reg .pred p;\n\t"
                 "mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2;\n\t"
                 "selp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(ok) : "r"(bar), "r"(parity) : "memory");
    return ok;
}
// Bounded wait: 1 once the phase with this parity has completed, 0 after the spin limit
// (a wrong tx count then shows as a 0 flag instead of a hung kernel).
static __device__ __forceinline__ uint32_t mbar_wait_bounded(uint32_t bar, uint32_t parity)
{
    for (int i = 0; i < (1 << 16); ++i)
        if (mbar_try_wait_parity(bar, parity)) return 1;
    return 0;
}

static __device__ __forceinline__ void bulk_commit() { asm volatile("cp.async.bulk.commit_group;" ::: "memory"); }
static __device__ __forceinline__ void bulk_wait0() { asm volatile("cp.async.bulk.wait_group 0;" ::: "memory"); }
static __device__ __forceinline__ void im2c_op(const void* m, const int* c, uint32_t src)
{
    asm volatile("cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group"
                 " [%0, {%1, %2, %3, %4}], [%5];"
                 ::"l"(m), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]), "r"(src) : "memory");
}

#define NOPS 2
#define SMEM_BYTES 4096
__constant__ int kOps[NOPS][6] = {
    {0, 0, 0, 0, 0, 0},
    {1, 4, 1, 1, 0, 0}
};

extern "C" __global__ void __launch_bounds__(128) tma_im2c_store_box(const __grid_constant__ CUtensorMap t0, const __grid_constant__ CUtensorMap t1, uint32_t* __restrict__ flags)
{
    __shared__ __align__(1024) uint32_t sm[SMEM_BYTES / 4];
    const int tid = threadIdx.x;
    for (int i = tid; i < SMEM_BYTES / 4; i += blockDim.x) sm[i] = 0xA0000000u | (uint32_t)i;
    fence_proxy_async_smem();
    __syncthreads();
    if (tid == 0) {
        for (int s = 0; s < NOPS; ++s) {
            const int m = kOps[s][0];
            im2c_op(m == 0 ? (const void*)&t0 : (const void*)&t1, kOps[s] + 1, smem_addr(sm) + 2048u * s);
            bulk_commit();
            bulk_wait0();
            flags[s] = 1;
        }
    }
}
