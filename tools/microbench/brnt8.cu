// sm90sim microbenchmark family "brnt8" (brnt helper, session 6; issues 13/14):
// the cost of a straight-line chain of N compare-and-branch pairs, as result
// checks write them: setp.ne.s32 + @p bra to a failure block, never taken
// (nt), against the same compares without branches, each predicating an add
// (nb), and against forward branches that are taken, each over a two-add
// block (tk). One warp; N values loaded (zeros) before the timed loop; each
// rep launders them through an empty asm so the compiler cannot reuse rep 0's
// outcome; clk[rep] = t(chain) - t(empty region): the clock reads cancel.
// Rep 0 warms the instruction cache; rep 1 is the figure.
// params (u64 *clk, u32 *sink, const s32 *data)   data: N x 32 zeros
// cycles per pair = clk[1] / N.

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void brnt8_nt16(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        if (v0 != 0) { bad = 1; goto fail; }
        if (v1 != 0) { bad = 2; goto fail; }
        if (v2 != 0) { bad = 3; goto fail; }
        if (v3 != 0) { bad = 4; goto fail; }
        if (v4 != 0) { bad = 5; goto fail; }
        if (v5 != 0) { bad = 6; goto fail; }
        if (v6 != 0) { bad = 7; goto fail; }
        if (v7 != 0) { bad = 8; goto fail; }
        if (v8 != 0) { bad = 9; goto fail; }
        if (v9 != 0) { bad = 10; goto fail; }
        if (v10 != 0) { bad = 11; goto fail; }
        if (v11 != 0) { bad = 12; goto fail; }
        if (v12 != 0) { bad = 13; goto fail; }
        if (v13 != 0) { bad = 14; goto fail; }
        if (v14 != 0) { bad = 15; goto fail; }
        if (v15 != 0) { bad = 16; goto fail; }
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
fail:
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void brnt8_nt64(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    int v16 = data[512 + lane];
    int v17 = data[544 + lane];
    int v18 = data[576 + lane];
    int v19 = data[608 + lane];
    int v20 = data[640 + lane];
    int v21 = data[672 + lane];
    int v22 = data[704 + lane];
    int v23 = data[736 + lane];
    int v24 = data[768 + lane];
    int v25 = data[800 + lane];
    int v26 = data[832 + lane];
    int v27 = data[864 + lane];
    int v28 = data[896 + lane];
    int v29 = data[928 + lane];
    int v30 = data[960 + lane];
    int v31 = data[992 + lane];
    int v32 = data[1024 + lane];
    int v33 = data[1056 + lane];
    int v34 = data[1088 + lane];
    int v35 = data[1120 + lane];
    int v36 = data[1152 + lane];
    int v37 = data[1184 + lane];
    int v38 = data[1216 + lane];
    int v39 = data[1248 + lane];
    int v40 = data[1280 + lane];
    int v41 = data[1312 + lane];
    int v42 = data[1344 + lane];
    int v43 = data[1376 + lane];
    int v44 = data[1408 + lane];
    int v45 = data[1440 + lane];
    int v46 = data[1472 + lane];
    int v47 = data[1504 + lane];
    int v48 = data[1536 + lane];
    int v49 = data[1568 + lane];
    int v50 = data[1600 + lane];
    int v51 = data[1632 + lane];
    int v52 = data[1664 + lane];
    int v53 = data[1696 + lane];
    int v54 = data[1728 + lane];
    int v55 = data[1760 + lane];
    int v56 = data[1792 + lane];
    int v57 = data[1824 + lane];
    int v58 = data[1856 + lane];
    int v59 = data[1888 + lane];
    int v60 = data[1920 + lane];
    int v61 = data[1952 + lane];
    int v62 = data[1984 + lane];
    int v63 = data[2016 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        asm volatile("" : "+r"(v16), "+r"(v17), "+r"(v18), "+r"(v19), "+r"(v20), "+r"(v21), "+r"(v22), "+r"(v23));
        asm volatile("" : "+r"(v24), "+r"(v25), "+r"(v26), "+r"(v27), "+r"(v28), "+r"(v29), "+r"(v30), "+r"(v31));
        asm volatile("" : "+r"(v32), "+r"(v33), "+r"(v34), "+r"(v35), "+r"(v36), "+r"(v37), "+r"(v38), "+r"(v39));
        asm volatile("" : "+r"(v40), "+r"(v41), "+r"(v42), "+r"(v43), "+r"(v44), "+r"(v45), "+r"(v46), "+r"(v47));
        asm volatile("" : "+r"(v48), "+r"(v49), "+r"(v50), "+r"(v51), "+r"(v52), "+r"(v53), "+r"(v54), "+r"(v55));
        asm volatile("" : "+r"(v56), "+r"(v57), "+r"(v58), "+r"(v59), "+r"(v60), "+r"(v61), "+r"(v62), "+r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        if (v0 != 0) { bad = 1; goto fail; }
        if (v1 != 0) { bad = 2; goto fail; }
        if (v2 != 0) { bad = 3; goto fail; }
        if (v3 != 0) { bad = 4; goto fail; }
        if (v4 != 0) { bad = 5; goto fail; }
        if (v5 != 0) { bad = 6; goto fail; }
        if (v6 != 0) { bad = 7; goto fail; }
        if (v7 != 0) { bad = 8; goto fail; }
        if (v8 != 0) { bad = 9; goto fail; }
        if (v9 != 0) { bad = 10; goto fail; }
        if (v10 != 0) { bad = 11; goto fail; }
        if (v11 != 0) { bad = 12; goto fail; }
        if (v12 != 0) { bad = 13; goto fail; }
        if (v13 != 0) { bad = 14; goto fail; }
        if (v14 != 0) { bad = 15; goto fail; }
        if (v15 != 0) { bad = 16; goto fail; }
        if (v16 != 0) { bad = 17; goto fail; }
        if (v17 != 0) { bad = 18; goto fail; }
        if (v18 != 0) { bad = 19; goto fail; }
        if (v19 != 0) { bad = 20; goto fail; }
        if (v20 != 0) { bad = 21; goto fail; }
        if (v21 != 0) { bad = 22; goto fail; }
        if (v22 != 0) { bad = 23; goto fail; }
        if (v23 != 0) { bad = 24; goto fail; }
        if (v24 != 0) { bad = 25; goto fail; }
        if (v25 != 0) { bad = 26; goto fail; }
        if (v26 != 0) { bad = 27; goto fail; }
        if (v27 != 0) { bad = 28; goto fail; }
        if (v28 != 0) { bad = 29; goto fail; }
        if (v29 != 0) { bad = 30; goto fail; }
        if (v30 != 0) { bad = 31; goto fail; }
        if (v31 != 0) { bad = 32; goto fail; }
        if (v32 != 0) { bad = 33; goto fail; }
        if (v33 != 0) { bad = 34; goto fail; }
        if (v34 != 0) { bad = 35; goto fail; }
        if (v35 != 0) { bad = 36; goto fail; }
        if (v36 != 0) { bad = 37; goto fail; }
        if (v37 != 0) { bad = 38; goto fail; }
        if (v38 != 0) { bad = 39; goto fail; }
        if (v39 != 0) { bad = 40; goto fail; }
        if (v40 != 0) { bad = 41; goto fail; }
        if (v41 != 0) { bad = 42; goto fail; }
        if (v42 != 0) { bad = 43; goto fail; }
        if (v43 != 0) { bad = 44; goto fail; }
        if (v44 != 0) { bad = 45; goto fail; }
        if (v45 != 0) { bad = 46; goto fail; }
        if (v46 != 0) { bad = 47; goto fail; }
        if (v47 != 0) { bad = 48; goto fail; }
        if (v48 != 0) { bad = 49; goto fail; }
        if (v49 != 0) { bad = 50; goto fail; }
        if (v50 != 0) { bad = 51; goto fail; }
        if (v51 != 0) { bad = 52; goto fail; }
        if (v52 != 0) { bad = 53; goto fail; }
        if (v53 != 0) { bad = 54; goto fail; }
        if (v54 != 0) { bad = 55; goto fail; }
        if (v55 != 0) { bad = 56; goto fail; }
        if (v56 != 0) { bad = 57; goto fail; }
        if (v57 != 0) { bad = 58; goto fail; }
        if (v58 != 0) { bad = 59; goto fail; }
        if (v59 != 0) { bad = 60; goto fail; }
        if (v60 != 0) { bad = 61; goto fail; }
        if (v61 != 0) { bad = 62; goto fail; }
        if (v62 != 0) { bad = 63; goto fail; }
        if (v63 != 0) { bad = 64; goto fail; }
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
fail:
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void brnt8_nb16(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v0));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v1));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v2));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v3));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v4));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v5));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v6));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v7));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v8));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v9));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v10));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v11));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v12));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v13));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v14));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v15));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void brnt8_nb64(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    int v16 = data[512 + lane];
    int v17 = data[544 + lane];
    int v18 = data[576 + lane];
    int v19 = data[608 + lane];
    int v20 = data[640 + lane];
    int v21 = data[672 + lane];
    int v22 = data[704 + lane];
    int v23 = data[736 + lane];
    int v24 = data[768 + lane];
    int v25 = data[800 + lane];
    int v26 = data[832 + lane];
    int v27 = data[864 + lane];
    int v28 = data[896 + lane];
    int v29 = data[928 + lane];
    int v30 = data[960 + lane];
    int v31 = data[992 + lane];
    int v32 = data[1024 + lane];
    int v33 = data[1056 + lane];
    int v34 = data[1088 + lane];
    int v35 = data[1120 + lane];
    int v36 = data[1152 + lane];
    int v37 = data[1184 + lane];
    int v38 = data[1216 + lane];
    int v39 = data[1248 + lane];
    int v40 = data[1280 + lane];
    int v41 = data[1312 + lane];
    int v42 = data[1344 + lane];
    int v43 = data[1376 + lane];
    int v44 = data[1408 + lane];
    int v45 = data[1440 + lane];
    int v46 = data[1472 + lane];
    int v47 = data[1504 + lane];
    int v48 = data[1536 + lane];
    int v49 = data[1568 + lane];
    int v50 = data[1600 + lane];
    int v51 = data[1632 + lane];
    int v52 = data[1664 + lane];
    int v53 = data[1696 + lane];
    int v54 = data[1728 + lane];
    int v55 = data[1760 + lane];
    int v56 = data[1792 + lane];
    int v57 = data[1824 + lane];
    int v58 = data[1856 + lane];
    int v59 = data[1888 + lane];
    int v60 = data[1920 + lane];
    int v61 = data[1952 + lane];
    int v62 = data[1984 + lane];
    int v63 = data[2016 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        asm volatile("" : "+r"(v16), "+r"(v17), "+r"(v18), "+r"(v19), "+r"(v20), "+r"(v21), "+r"(v22), "+r"(v23));
        asm volatile("" : "+r"(v24), "+r"(v25), "+r"(v26), "+r"(v27), "+r"(v28), "+r"(v29), "+r"(v30), "+r"(v31));
        asm volatile("" : "+r"(v32), "+r"(v33), "+r"(v34), "+r"(v35), "+r"(v36), "+r"(v37), "+r"(v38), "+r"(v39));
        asm volatile("" : "+r"(v40), "+r"(v41), "+r"(v42), "+r"(v43), "+r"(v44), "+r"(v45), "+r"(v46), "+r"(v47));
        asm volatile("" : "+r"(v48), "+r"(v49), "+r"(v50), "+r"(v51), "+r"(v52), "+r"(v53), "+r"(v54), "+r"(v55));
        asm volatile("" : "+r"(v56), "+r"(v57), "+r"(v58), "+r"(v59), "+r"(v60), "+r"(v61), "+r"(v62), "+r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v0));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v1));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v2));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v3));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v4));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v5));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v6));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v7));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v8));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v9));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v10));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v11));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v12));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v13));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v14));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v15));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v16));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v17));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v18));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v19));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v20));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v21));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v22));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v23));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v24));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v25));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v26));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v27));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v28));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v29));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v30));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v31));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v32));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v33));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v34));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v35));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v36));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v37));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v38));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v39));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v40));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v41));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v42));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v43));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v44));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v45));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v46));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v47));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v48));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v49));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v50));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v51));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v52));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v53));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v54));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v55));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v56));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v57));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v58));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v59));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a0) : "r"(v60));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a1) : "r"(v61));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a2) : "r"(v62));
        asm volatile("{ .reg .pred p; setp.ne.s32 p, %1, 0; @p add.u32 %0, %0, 1; }" : "+r"(a3) : "r"(v63));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void brnt8_tk16(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v0));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v1));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v2));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v3));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v4));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v5));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v6));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v7));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v8));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v9));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v10));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v11));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v12));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v13));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v14));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v15));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}

extern "C" __global__ void brnt8_tk64(unsigned long long* clk, unsigned* sink, const int* data) {
    const int lane = threadIdx.x;
    int v0 = data[0 + lane];
    int v1 = data[32 + lane];
    int v2 = data[64 + lane];
    int v3 = data[96 + lane];
    int v4 = data[128 + lane];
    int v5 = data[160 + lane];
    int v6 = data[192 + lane];
    int v7 = data[224 + lane];
    int v8 = data[256 + lane];
    int v9 = data[288 + lane];
    int v10 = data[320 + lane];
    int v11 = data[352 + lane];
    int v12 = data[384 + lane];
    int v13 = data[416 + lane];
    int v14 = data[448 + lane];
    int v15 = data[480 + lane];
    int v16 = data[512 + lane];
    int v17 = data[544 + lane];
    int v18 = data[576 + lane];
    int v19 = data[608 + lane];
    int v20 = data[640 + lane];
    int v21 = data[672 + lane];
    int v22 = data[704 + lane];
    int v23 = data[736 + lane];
    int v24 = data[768 + lane];
    int v25 = data[800 + lane];
    int v26 = data[832 + lane];
    int v27 = data[864 + lane];
    int v28 = data[896 + lane];
    int v29 = data[928 + lane];
    int v30 = data[960 + lane];
    int v31 = data[992 + lane];
    int v32 = data[1024 + lane];
    int v33 = data[1056 + lane];
    int v34 = data[1088 + lane];
    int v35 = data[1120 + lane];
    int v36 = data[1152 + lane];
    int v37 = data[1184 + lane];
    int v38 = data[1216 + lane];
    int v39 = data[1248 + lane];
    int v40 = data[1280 + lane];
    int v41 = data[1312 + lane];
    int v42 = data[1344 + lane];
    int v43 = data[1376 + lane];
    int v44 = data[1408 + lane];
    int v45 = data[1440 + lane];
    int v46 = data[1472 + lane];
    int v47 = data[1504 + lane];
    int v48 = data[1536 + lane];
    int v49 = data[1568 + lane];
    int v50 = data[1600 + lane];
    int v51 = data[1632 + lane];
    int v52 = data[1664 + lane];
    int v53 = data[1696 + lane];
    int v54 = data[1728 + lane];
    int v55 = data[1760 + lane];
    int v56 = data[1792 + lane];
    int v57 = data[1824 + lane];
    int v58 = data[1856 + lane];
    int v59 = data[1888 + lane];
    int v60 = data[1920 + lane];
    int v61 = data[1952 + lane];
    int v62 = data[1984 + lane];
    int v63 = data[2016 + lane];
    unsigned bad = 0, a0 = 0, a1 = 0, a2 = 0, a3 = 0;
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("" : "+r"(v0), "+r"(v1), "+r"(v2), "+r"(v3), "+r"(v4), "+r"(v5), "+r"(v6), "+r"(v7));
        asm volatile("" : "+r"(v8), "+r"(v9), "+r"(v10), "+r"(v11), "+r"(v12), "+r"(v13), "+r"(v14), "+r"(v15));
        asm volatile("" : "+r"(v16), "+r"(v17), "+r"(v18), "+r"(v19), "+r"(v20), "+r"(v21), "+r"(v22), "+r"(v23));
        asm volatile("" : "+r"(v24), "+r"(v25), "+r"(v26), "+r"(v27), "+r"(v28), "+r"(v29), "+r"(v30), "+r"(v31));
        asm volatile("" : "+r"(v32), "+r"(v33), "+r"(v34), "+r"(v35), "+r"(v36), "+r"(v37), "+r"(v38), "+r"(v39));
        asm volatile("" : "+r"(v40), "+r"(v41), "+r"(v42), "+r"(v43), "+r"(v44), "+r"(v45), "+r"(v46), "+r"(v47));
        asm volatile("" : "+r"(v48), "+r"(v49), "+r"(v50), "+r"(v51), "+r"(v52), "+r"(v53), "+r"(v54), "+r"(v55));
        asm volatile("" : "+r"(v56), "+r"(v57), "+r"(v58), "+r"(v59), "+r"(v60), "+r"(v61), "+r"(v62), "+r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v0));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v1));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v2));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v3));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v4));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v5));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v6));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v7));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v8));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v9));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v10));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v11));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v12));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v13));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v14));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v15));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v16));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v17));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v18));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v19));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v20));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v21));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v22));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v23));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v24));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v25));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v26));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v27));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v28));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v29));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v30));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v31));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v32));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v33));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v34));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v35));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v36));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v37));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v38));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v39));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v40));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v41));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v42));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v43));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v44));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v45));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v46));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v47));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v48));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v49));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v50));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v51));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v52));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v53));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v54));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v55));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v56));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v57));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v58));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v59));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a0) : "r"(v60));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a1) : "r"(v61));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a2) : "r"(v62));
        asm volatile("{ .reg .pred p; setp.eq.s32 p, %1, 0; @p bra SKIP; add.u32 %0, %0, 1; add.u32 %0, %0, %1; SKIP: }" : "+r"(a3) : "r"(v63));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad ^ a0 ^ a1 ^ a2 ^ a3;
}
