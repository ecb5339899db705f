// cpasync_banks: cp.async (LDGSTS) into shared memory with bank-conflicting destination strides,
// one warp, one code path per pattern (the point is the ldgsts wavefront / bank-conflict counters):
//   p0: 4-byte ca, dst word 1*lane (conflict-free)     p1: 4-byte ca, dst word 32*lane (32 lanes, 1 bank)
//   p2: 8-byte ca, dst word 2*lane                     p3: 8-byte ca, dst word 16*lane
//   p4: 16-byte cg, dst word 4*lane                    p5: 16-byte cg, dst word 32*lane
// Each pattern copies from its own part of `in` (src word = 1024*p + lane*width); shared memory is
// pre-filled with 0xEEEE0000 | word index; after wait_all the whole image is written out.
// Output: img u32[6][1024].
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

extern "C" __global__ void __launch_bounds__(32) cpasync_banks(const uint32_t* __restrict__ in, uint32_t* __restrict__ img)
{
    __shared__ __align__(1024) uint32_t sm[6][1024];
    const int lane = threadIdx.x;
    for (int i = lane; i < 6 * 1024; i += 32) (&sm[0][0])[i] = 0xEEEE0000u | (uint32_t)i;
    __syncwarp();
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&sm[0][lane])), "l"(in + 0 * 1024 + lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem_addr(&sm[1][32 * lane])), "l"(in + 1 * 1024 + lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(smem_addr(&sm[2][2 * lane])), "l"(in + 2 * 1024 + 2 * lane) : "memory");
    asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(smem_addr(&sm[3][16 * lane])), "l"(in + 3 * 1024 + 2 * lane) : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(&sm[4][4 * lane])), "l"(in + 4 * 1024 + 4 * lane) : "memory");
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(&sm[5][32 * lane])), "l"(in + 5 * 1024 + 4 * lane) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncwarp();
    for (int i = lane; i < 6 * 1024; i += 32) img[i] = (&sm[0][0])[i];
}
