// bar_named: named barriers. 4 blocks x 128 threads. Warps 0-1 produce,
// warps 2-3 consume, exchanging data through shared memory for 8 rounds:
//   producers: write buf; bar.arrive 1,128; bar.sync 2,128; read back;
//              exchange among themselves with barrier.sync.aligned 3,64 (twice)
//   consumers: bar.sync 1,128; read buf; write back; bar.arrive 2,128
// then bar.sync 0,128 and __syncthreads. out[g] u32 = the thread's accumulator,
// out[512 + g] = a value read after the final barriers.
#define ITERS 8

extern "C" __global__ void __launch_bounds__(128) bar_named(const unsigned* __restrict__ in, unsigned* __restrict__ out)
{
    __shared__ unsigned buf[64];
    __shared__ unsigned back[64];
    __shared__ unsigned pshare[64];
    __shared__ unsigned fin[128];
    const unsigned tid = threadIdx.x;
    const unsigned g = blockIdx.x * blockDim.x + tid;
    unsigned acc = in[g];
    if (tid < 64u) {
        for (unsigned it = 0; it < ITERS; ++it) {
            buf[tid] = acc * 2654435761u + it;
            asm volatile("bar.arrive 1, 128;" ::: "memory");
            asm volatile("bar.sync 2, 128;" ::: "memory");
            acc += back[tid ^ 1u];
            pshare[tid] = acc;
            asm volatile("barrier.sync.aligned 3, 64;" ::: "memory");
            acc ^= pshare[63u - tid];
            asm volatile("barrier.sync.aligned 3, 64;" ::: "memory");
        }
    } else {
        const unsigned c = tid - 64u;
        for (unsigned it = 0; it < ITERS; ++it) {
            asm volatile("bar.sync 1, 128;" ::: "memory");
            const unsigned x = buf[(c + it) & 63u];
            acc = acc * 31u + x;
            back[c] = x ^ (acc >> 3);
            asm volatile("bar.arrive 2, 128;" ::: "memory");
        }
    }
    fin[tid] = acc;
    asm volatile("bar.sync 0, 128;" ::: "memory");
    const unsigned other = fin[127u - tid];
    __syncthreads();
    out[g] = acc;
    out[512u + g] = other;
}
