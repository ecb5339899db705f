// Probe: what decides the LDGSTS.BYPASS (cp.async.cg) shared-memory wavefronts that the model of
// smem/bypass.go does not explain (cpasync_cg_ramp 15 vs 8, cpasync_cg_gstride_sz16 64/28 vs 36/0,
// cpasync_pipeline 464 vs 242; ASYNC_FINDINGS.md). One process launches every case in order; run it
// under ncu (one profiled launch per case) and read the wavefronts per launch:
//   nvcc -arch=sm_90a -O3 -o cpasync_probe tools/record/cpasync_probe.cu
//   ncu --clock-control none --csv --metrics ... ./cpasync_probe list.txt [subset]
// list.txt gets one line per launch, in launch order: "<index> <case name>".
//
// pat<ZF>: one cp.async.cg 16-byte copy per thread, thread t: shared word doff, global word soff,
// src-size sz (ZF = 1: a run-time src-size, LDGSTS.E.BYPASS.128.ZFILL; ZF = 0: no src-size operand,
// LDGSTS.E.BYPASS.128), all three computed in the kernel from the case number (no global loads
// besides the copies, so the L2 lookup counters see only them). delay > 0 staggers the warps
// (warp w spins delay*w clock cycles before its copy).
// pipe<V>: the cpasync_pipeline kernel (3 stages, cg 16 B with src-size + ca 4/8 B), with variants:
// V0 as recorded, V1 without the .ca copies, V2 cg without src-size, V3 wait_group 0 (one tile in
// flight), V4 warp w spins delay*w cycles before each tile's copies.
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <vector>
#include <string>

static __device__ __forceinline__ uint32_t sa(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}
static __device__ __forceinline__ void spin(long long cycles)
{
    const long long t0 = clock64();
    while (clock64() - t0 < cycles) {
    }
}

// case number -> (global word, shared word, src-size) of thread t
static __device__ __forceinline__ void pattern(int mode, int t, int& soff, int& doff, int& sz)
{
    const int lane = t & 31;
    soff = 4 * t;
    doff = 4 * t;
    sz = 16;
    switch (mode) {
    case 0: sz = 4 * (lane % 5); break;                         // ramp5 (cpasync_cg_ramp)
    case 1: sz = 4 * (lane % 4); break;                         // ramp4
    case 2: sz = 4; break;
    case 3: sz = 8; break;
    case 4: sz = 12; break;
    case 5: sz = 16; break;
    case 6: sz = (lane & 1) ? 4 : 16; break;
    case 7: sz = (lane & 1) ? 8 : 4; break;
    case 8: sz = (lane & 1) ? 4 : 0; break;
    case 9: sz = 4 * ((lane / 2) % 5); break;                   // both lanes of a 32-B sector alike
    case 10: sz = 4 * (lane / 8 + 1); break;                    // quarters 4, 8, 12, 16
    case 11: sz = lane == 0 ? 4 : 16; break;
    case 12: sz = lane == 0 ? 4 : (lane == 1 ? 8 : 16); break;
    case 13: sz = lane < 3 ? 4 * (lane + 1) : 16; break;
    case 14: sz = lane < 8 ? 4 * (lane % 5) : 16; break;        // one quarter ramped
    case 15: sz = 4 * ((31 - lane) % 5); break;
    case 16: sz = lane < 8 ? 4 * (lane % 5) : 0; break;
    case 17: sz = (lane % 5) ? 16 : 0; break;                   // ramp5's zero lanes only
    case 18: sz = (lane % 5 == 0) ? 0 : ((lane % 5 == 4) ? 16 : 8); break;
    // one 128-B global line per k lanes: soff = (lane / k) * 32 + (lane % k) * 4
    case 20: soff = 32 * t; break;                              // k = 1 (cpasync_cg_gstride_sz16)
    case 21: soff = (t / 2) * 32 + (t % 2) * 4; break;
    case 22: soff = (t / 4) * 32 + (t % 4) * 4; break;
    case 23: soff = (t / 8) * 32 + (t % 8) * 4; break;
    case 24: soff = 32 * t; sz = 8; break;
    case 25: soff = 32 * t; sz = lane < 16 ? 16 : 0; break;
    case 26: soff = 32 * t + 4; break;                          // 16 B into each line
    case 27: soff = 32 * t; doff = 32 * t; break;               // each lane its own shared row too
    case 28: soff = (t % 2) * 32 + (t / 2) * 4; break;          // two lines, alternating lanes
    case 29: soff = 32 * t; sz = lane < 8 ? 16 : 0; break;      // one quarter of line-per-lane
    case 30: soff = 64 * t; break;                              // one line per lane, every other line
    case 31: soff = 4 * (t ^ 1); break;                         // contiguous, lane pairs swapped
    case 32: soff = 4 * (31 - lane) + 128 * (t / 32); break;    // contiguous, reversed
    case 33: soff = 4 * ((lane + 8) % 32) + 128 * (t / 32); break; // contiguous, rotated by a quarter
    // second device call: source-less (src-size 0) lanes and shared source chunks
    case 40: soff = 0; sz = 0; break;                            // every lane size 0, source in+0
    case 41: soff = 0; sz = t == 0 ? 16 : 0; break;              // lane 0 reads in+0, the rest size 0 on it
    case 42: soff = 0; break;                                    // every lane reads in+0 (broadcast source)
    case 43: sz = 0; break;                                      // cpasync_cg_sz0
    case 44: sz = lane < 16 ? 16 : 0; break;                     // cpasync_cg_half
    case 45: {                                                   // cpasync_pipeline's last tile
        const int rem = 37 - 4 * t;
        sz = rem >= 4 ? 16 : (rem > 0 ? 4 * rem : 0);
        soff = sz ? 3584 + 4 * t : 0;
    } break;
    case 46: {                                                   // cpasync_cg_tail_w4
        const int rem = 37 - 4 * t;
        sz = rem >= 4 ? 16 : (rem > 0 ? 4 * rem : 0);
        soff = sz ? 4 * t : 0;
    } break;
    case 47: soff = 2048; sz = 0; break;                         // size 0, one far chunk
    case 48: soff = 0; sz = 16; break;                           // size 16, one chunk for all lanes
    case 49: soff = 4 * (t % 2); sz = 0; break;                  // size 0, two chunks alternating
    case 50: soff = 32 * t; sz = 0; break;                       // size 0, a line per lane
    case 51: soff = 3584 + 4 * (t % 8); sz = 0; break;           // size 0, a quarter's 8 chunks repeated
    default: break;
    }
}

template <int ZF>
__global__ void __launch_bounds__(128) pat(const uint32_t* __restrict__ in, uint32_t* __restrict__ out, int mode,
                                           int delay)
{
    __shared__ __align__(1024) uint32_t sm[8192];
    const int t = threadIdx.x;
    for (int i = t; i < 8192; i += blockDim.x) sm[i] = 0;
    int soff, doff, sz;
    pattern(mode, t, soff, doff, sz);
    __syncthreads();
    if (delay) spin((long long)delay * (t >> 5));
    if (ZF)
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(sa(&sm[doff])), "l"(in + soff), "r"(sz)
                     : "memory");
    else
        asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sa(&sm[doff])), "l"(in + soff) : "memory");
    asm volatile("cp.async.commit_group;" ::: "memory");
    asm volatile("cp.async.wait_all;" ::: "memory");
    __syncthreads();
    out[t] = sm[doff] + sm[doff + 3];
}

#define STAGES 3
#define TILE 512
#define TILE2 256

template <int V>
__global__ void __launch_bounds__(128) pipe(const uint32_t* __restrict__ in, const uint32_t* __restrict__ in2, int n,
                                            uint32_t* __restrict__ out, uint32_t* __restrict__ out2, int delay)
{
    __shared__ __align__(128) uint32_t S[STAGES][TILE];
    __shared__ __align__(128) uint32_t S2[STAGES][TILE2];
    const int t = threadIdx.x;
    const int tiles = (n + TILE - 1) / TILE;
    auto load = [&](int k) {
        if (V == 4) spin((long long)delay * (t >> 5));
        const int s = k % STAGES;
        const int idx = k * TILE + 4 * t;
        const int rem = n - idx;
        const uint32_t bytes = rem >= 4 ? 16u : (rem > 0 ? 4u * rem : 0u);
        if (V == 2)
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(sa(&S[s][4 * t])), "l"(in + (bytes ? idx : 0))
                         : "memory");
        else
            asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(sa(&S[s][4 * t])),
                         "l"(in + (bytes ? idx : 0)), "r"(bytes) : "memory");
        if (V != 1) {
            const uint32_t* g2 = in2 + k * TILE2 + 2 * t;
            if ((t & 1) == 0) {
                asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(sa(&S2[s][2 * t])), "l"(g2) : "memory");
                asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(sa(&S2[s][2 * t + 1])), "l"(g2 + 1)
                             : "memory");
            } else {
                asm volatile("cp.async.ca.shared.global [%0], [%1], 8;" ::"r"(sa(&S2[s][2 * t])), "l"(g2) : "memory");
            }
        }
    };
    for (int k = 0; k < STAGES - 1; ++k) {
        if (k < tiles) load(k);
        asm volatile("cp.async.commit_group;" ::: "memory");
    }
    for (int k = 0; k < tiles; ++k) {
        if (V == 3)
            asm volatile("cp.async.wait_group 0;" ::: "memory");
        else
            asm volatile("cp.async.wait_group 1;" ::: "memory");
        __syncthreads();
        const int kn = k + STAGES - 1;
        if (kn < tiles) load(kn);
        asm volatile("cp.async.commit_group;" ::: "memory");
        const int s = k % STAGES;
        for (int j = t; j < TILE; j += 128) out[k * TILE + j] = S[s][TILE - 1 - j];
        for (int j = t; j < TILE2; j += 128) out2[k * TILE2 + j] = S2[s][TILE2 - 1 - j];
    }
    asm volatile("cp.async.wait_all;" ::: "memory");
}

struct Launch {
    std::string name;
    int kind;  // 0 pat ZF, 1 pat plain, 2.. pipe variant (kind - 2)
    int mode, nt, delay, n;
};

int main(int argc, char** argv)
{
    if (argc < 2) {
        printf("usage: %s LIST_FILE [subset]\n", argv[0]);
        return 2;
    }
    const bool subset = argc > 2;
    std::vector<Launch> L;
    auto P = [&](const char* name, int zf, int mode, int nt, int delay, int reps) {
        for (int r = 0; r < reps; ++r) L.push_back({name, zf ? 0 : 1, mode, nt, delay, 0});
    };
    auto Q = [&](const char* name, int v, int n, int delay, int reps) {
        for (int r = 0; r < reps; ++r) L.push_back({name, 2 + v, 0, 128, delay, n});
    };
    const bool v2 = subset && std::string(argv[2]) == "v2";
    if (v2) {
        P("ramp5", 1, 0, 32, 0, 2);
        P("sz0_same_chunk", 1, 40, 32, 0, 2);
        P("lane0_data_rest_sz0_same", 1, 41, 32, 0, 1);
        P("nosz_same_chunk", 0, 42, 32, 0, 2);
        P("sz0_contiguous", 1, 43, 32, 0, 2);
        P("half_contiguous", 1, 44, 32, 0, 2);
        P("pipe_tail_w4", 1, 45, 128, 0, 2);
        P("tail_w4", 1, 46, 128, 0, 2);
        P("sz0_far_chunk", 1, 47, 32, 0, 1);
        P("sz16_same_chunk", 1, 48, 32, 0, 1);
        P("sz0_two_chunks", 1, 49, 32, 0, 1);
        P("sz0_line_per_lane", 1, 50, 32, 0, 1);
        P("sz0_quarter_repeat", 1, 51, 32, 0, 1);
        P("pipe_tail_w4_nosz", 0, 45, 128, 0, 1);
        P("tail_w4_nosz", 0, 46, 128, 0, 1);
        P("sz0_quarter_repeat_w4", 1, 51, 128, 0, 1);
    } else if (!subset) {
        P("ramp5", 1, 0, 32, 0, 3);
        P("ramp4", 1, 1, 32, 0, 1);
        P("all4", 1, 2, 32, 0, 1);
        P("all8", 1, 3, 32, 0, 1);
        P("all12", 1, 4, 32, 0, 1);
        P("all16", 1, 5, 32, 0, 1);
        P("alt16_4", 1, 6, 32, 0, 1);
        P("alt4_8", 1, 7, 32, 0, 1);
        P("alt0_4", 1, 8, 32, 0, 1);
        P("pair5", 1, 9, 32, 0, 1);
        P("quarters_4_8_12_16", 1, 10, 32, 0, 1);
        P("one4", 1, 11, 32, 0, 1);
        P("one4_one8", 1, 12, 32, 0, 1);
        P("4_8_12_then16", 1, 13, 32, 0, 1);
        P("q0ramp5_rest16", 1, 14, 32, 0, 1);
        P("ramp5_reversed", 1, 15, 32, 0, 1);
        P("q0ramp5_rest0", 1, 16, 32, 0, 1);
        P("ramp5_zero_lanes_only", 1, 17, 32, 0, 1);
        P("ramp5_0_8_16", 1, 18, 32, 0, 1);
        P("ramp5_w4", 1, 0, 128, 0, 1);
        P("ramp5_w4_delay", 1, 0, 128, 3000, 1);
        P("gline1_sz16", 1, 20, 32, 0, 3);
        P("gline2_sz16", 1, 21, 32, 0, 1);
        P("gline4_sz16", 1, 22, 32, 0, 1);
        P("gline8_sz16", 1, 23, 32, 0, 1);
        P("gline1_nosz", 0, 20, 32, 0, 2);
        P("gline2_nosz", 0, 21, 32, 0, 1);
        P("gline4_nosz", 0, 22, 32, 0, 1);
        P("gline8_nosz", 0, 23, 32, 0, 1);
        P("gline1_sz8", 1, 24, 32, 0, 1);
        P("gline1_half16", 1, 25, 32, 0, 1);
        P("gline1_shift16_sz16", 1, 26, 32, 0, 1);
        P("gline1_shift16_nosz", 0, 26, 32, 0, 1);
        P("gline1_dstrow_sz16", 1, 27, 32, 0, 1);
        P("gline1_dstrow_nosz", 0, 27, 32, 0, 1);
        P("twolines_alt_sz16", 1, 28, 32, 0, 1);
        P("twolines_alt_nosz", 0, 28, 32, 0, 1);
        P("gline1_q0only_sz16", 1, 29, 32, 0, 1);
        P("gline_every2_sz16", 1, 30, 32, 0, 1);
        P("gline1_w4_sz16", 1, 20, 128, 0, 1);
        P("gline1_w4_sz16_delay", 1, 20, 128, 3000, 1);
        P("swap_pairs_sz16", 1, 31, 32, 0, 1);
        P("swap_pairs_nosz", 0, 31, 32, 0, 1);
        P("reversed_sz16", 1, 32, 32, 0, 1);
        P("reversed_nosz", 0, 32, 32, 0, 1);
        P("rotq_sz16", 1, 33, 32, 0, 1);
        P("rotq_nosz", 0, 33, 32, 0, 1);
        P("w4_sz16", 1, 5, 128, 0, 1);
        P("w4_sz16_delay", 1, 5, 128, 3000, 1);
        Q("pipe_v0", 0, 3621, 0, 3);
        Q("pipe_v0_n4096", 0, 4096, 0, 2);
        Q("pipe_v1_noca", 1, 3621, 0, 2);
        Q("pipe_v1_noca_n4096", 1, 4096, 0, 1);
        Q("pipe_v2_nosz", 2, 3621, 0, 2);
        Q("pipe_v3_wait0", 3, 3621, 0, 2);
        Q("pipe_v3_wait0_n4096", 3, 4096, 0, 1);
        Q("pipe_v4_delay500", 4, 3621, 500, 2);
        Q("pipe_v4_delay5000", 4, 3621, 5000, 2);
    } else {
        P("ramp5", 1, 0, 32, 0, 3);
        P("gline1_sz16", 1, 20, 32, 0, 3);
        P("all16", 1, 5, 32, 0, 2);
        Q("pipe_v0", 0, 3621, 0, 3);
        Q("pipe_v1_noca", 1, 3621, 0, 2);
    }
    FILE* f = fopen(argv[1], "w");
    if (!f) return 2;
    uint32_t *in, *in2, *out, *out2;
    cudaMalloc(&in, 16384 * 4);
    cudaMalloc(&in2, 4096 * 4);
    cudaMalloc(&out, 8192 * 4);
    cudaMalloc(&out2, 4096 * 4);
    std::vector<uint32_t> h(16384);
    for (int i = 0; i < 16384; ++i) h[i] = 0x9E3779B9u * (uint32_t)(i + 1);
    cudaMemcpy(in, h.data(), 16384 * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(in2, h.data(), 4096 * 4, cudaMemcpyHostToDevice);
    for (size_t i = 0; i < L.size(); ++i) {
        const Launch& x = L[i];
        switch (x.kind) {
        case 0: pat<1><<<1, x.nt>>>(in, out, x.mode, x.delay); break;
        case 1: pat<0><<<1, x.nt>>>(in, out, x.mode, x.delay); break;
        case 2: pipe<0><<<1, 128>>>(in, in2, x.n, out, out2, x.delay); break;
        case 3: pipe<1><<<1, 128>>>(in, in2, x.n, out, out2, x.delay); break;
        case 4: pipe<2><<<1, 128>>>(in, in2, x.n, out, out2, x.delay); break;
        case 5: pipe<3><<<1, 128>>>(in, in2, x.n, out, out2, x.delay); break;
        case 6: pipe<4><<<1, 128>>>(in, in2, x.n, out, out2, x.delay); break;
        }
        cudaError_t e = cudaDeviceSynchronize();
        fprintf(f, "%zu %s kind=%d mode=%d nt=%d delay=%d n=%d %s\n", i, x.name.c_str(), x.kind, x.mode, x.nt, x.delay,
                x.n, e == cudaSuccess ? "ok" : cudaGetErrorName(e));
        if (e != cudaSuccess) {
            printf("launch %zu %s: %s\n", i, x.name.c_str(), cudaGetErrorName(e));
            fclose(f);
            return 1;
        }
    }
    fclose(f);
    printf("%zu launches\n", L.size());
    return 0;
}
