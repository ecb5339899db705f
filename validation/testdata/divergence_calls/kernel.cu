// divergence_calls: data-dependent branches and loops (per-thread trip
// counts), nested divergence, early return, __noinline__ device functions
// (.func + call), a recursive function, a struct return value, a function
// with several return paths and a dense switch.
// 512 threads, v = in[t]; out[t][14] u32:
//  0 loop with per-thread trip count (v & 31) and continue
//  1 nested divergence     2 fib(v % 13) (recursive)
//  3..7 multi(v): a, b, c (f32 bits), d lo, d hi (struct return)
//  8 classify(v >> 20) (several returns)   9 do_switch(v % 13, v) (dense switch)
// 10 Collatz steps (<= 200)   11 Collatz end value
// 12 mix(acc, r1), or 0xdead for threads with v % 7 == 0, which return early
// 13 fib((v >> 4) % 10) + 1, left 0 by the early-returning threads
#define NS 14

struct Res {
    unsigned a;
    int b;
    float c;
    unsigned long long d;
};

__device__ __noinline__ unsigned mix(unsigned a, unsigned b)
{
    a ^= b * 0x9E3779B1u;
    a = (a << 7) | (a >> 25);
    return a + b;
}

__device__ __noinline__ unsigned fib(unsigned n)
{
    return n < 2u ? n : fib(n - 1u) + fib(n - 2u);
}

__device__ __noinline__ Res multi(unsigned x)
{
    Res r;
    r.a = x * 3u;
    r.b = -(int)(x & 0xffffu);
    r.c = (float)(x & 0xfffu) * 0.5f;
    r.d = (unsigned long long)x * x;
    return r;
}

__device__ __noinline__ unsigned classify(unsigned v)
{
    if (v < 100u) return 1u;
    if (v & 1u) {
        if (v % 3u == 0u) return 2u;
        return 3u;
    }
    unsigned s = 0;
    for (unsigned k = 0; k < (v & 7u); ++k) {
        s += k * v;
        if (s > 5000u) return 4u + k;
    }
    return 100u + s;
}

__device__ __noinline__ unsigned do_switch(unsigned k, unsigned v)
{
    switch (k) {
    case 0: return v + 1u;
    case 1: return v ^ 0xffu;
    case 2: return v * 3u;
    case 3: return v >> 3;
    case 4: return ~v;
    case 5: return v - 77u;
    case 6: return v | 0x100u;
    case 7: return v & 0xf0f0u;
    case 8: return __brev(v);
    case 9: return (unsigned)__popc(v);
    case 10: return v * v;
    case 11: return v << 5;
    default: return 0xdeadu;
    }
}

extern "C" __global__ void divergence_calls(const unsigned* __restrict__ in, unsigned* __restrict__ out)
{
    const unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned v = in[t];
    unsigned* o = out + (size_t)t * NS;

    unsigned n = v & 31u, acc = v;
    for (unsigned k = 0; k < n; ++k) {
        acc = acc * 3u + (k ^ v);
        if (acc & 0x100u) continue;
        acc ^= acc >> 5;
    }
    o[0] = acc;

    unsigned r1;
    if (v & 1u) {
        if (v & 2u) r1 = mix(v, 1u);
        else r1 = v * 5u;
    } else {
        if (v & 4u) {
            r1 = 0;
            for (unsigned k = 0; k < ((v >> 8) & 7u); ++k) r1 += k * v;
        } else {
            r1 = mix(v, 2u) ^ 3u;
        }
    }
    o[1] = r1;
    o[2] = fib(v % 13u);
    Res r = multi(v);
    o[3] = r.a;
    o[4] = (unsigned)r.b;
    o[5] = __float_as_uint(r.c);
    o[6] = (unsigned)r.d;
    o[7] = (unsigned)(r.d >> 32);
    o[8] = classify(v >> 20);
    o[9] = do_switch(v % 13u, v);
    unsigned x = v, steps = 0;
    while (x != 1u && steps < 200u) {
        x = (x & 1u) ? 3u * x + 1u : x >> 1;
        ++steps;
    }
    o[10] = steps;
    o[11] = x;
    if ((v % 7u) == 0u) {
        o[12] = 0xdeadu;
        return;
    }
    o[12] = mix(acc, r1);
    o[13] = fib((v >> 4) % 10u) + 1u;
}
