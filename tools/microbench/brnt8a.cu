// sm90sim microbenchmark family "brnt8" (brnt helper, session 6), asm form:
// the never-taken chain of brnt8.cu's nt kernels written as one PTX block,
// N pairs to one failure label; the block ends with one bra.uni over the
// failure code (a constant, not per pair). na: setp.ne.s32 + @p bra (ptxas
// may merge the compares: nothing happens between the branches); nm: each
// pair after a mov.u32 of its index to the result register (the failure
// code sees which pair failed: no merging, as in nvcc's nt code); ns: as
// nm, the predicate through selp.u32 1/0 + setp.ne.s32 (the mbarrier
// try_wait idiom). The N values (na, nm) or their predicates (ns) are made
// into function-scope PTX registers bq<N> / bp<N> outside the timed region.
// params (u64 *clk, u32 *sink, const s32 *data)   data: N x 32 zeros
// cycles per pair = clk[1] / N.

__device__ __forceinline__ unsigned long long mb_clock() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}

extern "C" __global__ void brnt8_na16(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .b32 bq<16>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("mov.b32 bq0, %0; mov.b32 bq1, %1; mov.b32 bq2, %2; mov.b32 bq3, %3; mov.b32 bq4, %4; mov.b32 bq5, %5; mov.b32 bq6, %6; mov.b32 bq7, %7;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("mov.b32 bq8, %0; mov.b32 bq9, %1; mov.b32 bq10, %2; mov.b32 bq11, %3; mov.b32 bq12, %4; mov.b32 bq13, %5; mov.b32 bq14, %6; mov.b32 bq15, %7;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; setp.ne.s32 p, bq0, 0; @p bra FAIL; setp.ne.s32 p, bq1, 0; @p bra FAIL; setp.ne.s32 p, bq2, 0; @p bra FAIL; setp.ne.s32 p, bq3, 0; @p bra FAIL; setp.ne.s32 p, bq4, 0; @p bra FAIL; setp.ne.s32 p, bq5, 0; @p bra FAIL; setp.ne.s32 p, bq6, 0; @p bra FAIL; setp.ne.s32 p, bq7, 0; @p bra FAIL; setp.ne.s32 p, bq8, 0; @p bra FAIL; setp.ne.s32 p, bq9, 0; @p bra FAIL; setp.ne.s32 p, bq10, 0; @p bra FAIL; setp.ne.s32 p, bq11, 0; @p bra FAIL; setp.ne.s32 p, bq12, 0; @p bra FAIL; setp.ne.s32 p, bq13, 0; @p bra FAIL; setp.ne.s32 p, bq14, 0; @p bra FAIL; setp.ne.s32 p, bq15, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}

extern "C" __global__ void brnt8_na64(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .b32 bq<64>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("mov.b32 bq0, %0; mov.b32 bq1, %1; mov.b32 bq2, %2; mov.b32 bq3, %3; mov.b32 bq4, %4; mov.b32 bq5, %5; mov.b32 bq6, %6; mov.b32 bq7, %7;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("mov.b32 bq8, %0; mov.b32 bq9, %1; mov.b32 bq10, %2; mov.b32 bq11, %3; mov.b32 bq12, %4; mov.b32 bq13, %5; mov.b32 bq14, %6; mov.b32 bq15, %7;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        asm volatile("mov.b32 bq16, %0; mov.b32 bq17, %1; mov.b32 bq18, %2; mov.b32 bq19, %3; mov.b32 bq20, %4; mov.b32 bq21, %5; mov.b32 bq22, %6; mov.b32 bq23, %7;" :: "r"(v16), "r"(v17), "r"(v18), "r"(v19), "r"(v20), "r"(v21), "r"(v22), "r"(v23));
        asm volatile("mov.b32 bq24, %0; mov.b32 bq25, %1; mov.b32 bq26, %2; mov.b32 bq27, %3; mov.b32 bq28, %4; mov.b32 bq29, %5; mov.b32 bq30, %6; mov.b32 bq31, %7;" :: "r"(v24), "r"(v25), "r"(v26), "r"(v27), "r"(v28), "r"(v29), "r"(v30), "r"(v31));
        asm volatile("mov.b32 bq32, %0; mov.b32 bq33, %1; mov.b32 bq34, %2; mov.b32 bq35, %3; mov.b32 bq36, %4; mov.b32 bq37, %5; mov.b32 bq38, %6; mov.b32 bq39, %7;" :: "r"(v32), "r"(v33), "r"(v34), "r"(v35), "r"(v36), "r"(v37), "r"(v38), "r"(v39));
        asm volatile("mov.b32 bq40, %0; mov.b32 bq41, %1; mov.b32 bq42, %2; mov.b32 bq43, %3; mov.b32 bq44, %4; mov.b32 bq45, %5; mov.b32 bq46, %6; mov.b32 bq47, %7;" :: "r"(v40), "r"(v41), "r"(v42), "r"(v43), "r"(v44), "r"(v45), "r"(v46), "r"(v47));
        asm volatile("mov.b32 bq48, %0; mov.b32 bq49, %1; mov.b32 bq50, %2; mov.b32 bq51, %3; mov.b32 bq52, %4; mov.b32 bq53, %5; mov.b32 bq54, %6; mov.b32 bq55, %7;" :: "r"(v48), "r"(v49), "r"(v50), "r"(v51), "r"(v52), "r"(v53), "r"(v54), "r"(v55));
        asm volatile("mov.b32 bq56, %0; mov.b32 bq57, %1; mov.b32 bq58, %2; mov.b32 bq59, %3; mov.b32 bq60, %4; mov.b32 bq61, %5; mov.b32 bq62, %6; mov.b32 bq63, %7;" :: "r"(v56), "r"(v57), "r"(v58), "r"(v59), "r"(v60), "r"(v61), "r"(v62), "r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; setp.ne.s32 p, bq0, 0; @p bra FAIL; setp.ne.s32 p, bq1, 0; @p bra FAIL; setp.ne.s32 p, bq2, 0; @p bra FAIL; setp.ne.s32 p, bq3, 0; @p bra FAIL; setp.ne.s32 p, bq4, 0; @p bra FAIL; setp.ne.s32 p, bq5, 0; @p bra FAIL; setp.ne.s32 p, bq6, 0; @p bra FAIL; setp.ne.s32 p, bq7, 0; @p bra FAIL; setp.ne.s32 p, bq8, 0; @p bra FAIL; setp.ne.s32 p, bq9, 0; @p bra FAIL; setp.ne.s32 p, bq10, 0; @p bra FAIL; setp.ne.s32 p, bq11, 0; @p bra FAIL; setp.ne.s32 p, bq12, 0; @p bra FAIL; setp.ne.s32 p, bq13, 0; @p bra FAIL; setp.ne.s32 p, bq14, 0; @p bra FAIL; setp.ne.s32 p, bq15, 0; @p bra FAIL; setp.ne.s32 p, bq16, 0; @p bra FAIL; setp.ne.s32 p, bq17, 0; @p bra FAIL; setp.ne.s32 p, bq18, 0; @p bra FAIL; setp.ne.s32 p, bq19, 0; @p bra FAIL; setp.ne.s32 p, bq20, 0; @p bra FAIL; setp.ne.s32 p, bq21, 0; @p bra FAIL; setp.ne.s32 p, bq22, 0; @p bra FAIL; setp.ne.s32 p, bq23, 0; @p bra FAIL; setp.ne.s32 p, bq24, 0; @p bra FAIL; setp.ne.s32 p, bq25, 0; @p bra FAIL; setp.ne.s32 p, bq26, 0; @p bra FAIL; setp.ne.s32 p, bq27, 0; @p bra FAIL; setp.ne.s32 p, bq28, 0; @p bra FAIL; setp.ne.s32 p, bq29, 0; @p bra FAIL; setp.ne.s32 p, bq30, 0; @p bra FAIL; setp.ne.s32 p, bq31, 0; @p bra FAIL; setp.ne.s32 p, bq32, 0; @p bra FAIL; setp.ne.s32 p, bq33, 0; @p bra FAIL; setp.ne.s32 p, bq34, 0; @p bra FAIL; setp.ne.s32 p, bq35, 0; @p bra FAIL; setp.ne.s32 p, bq36, 0; @p bra FAIL; setp.ne.s32 p, bq37, 0; @p bra FAIL; setp.ne.s32 p, bq38, 0; @p bra FAIL; setp.ne.s32 p, bq39, 0; @p bra FAIL; setp.ne.s32 p, bq40, 0; @p bra FAIL; setp.ne.s32 p, bq41, 0; @p bra FAIL; setp.ne.s32 p, bq42, 0; @p bra FAIL; setp.ne.s32 p, bq43, 0; @p bra FAIL; setp.ne.s32 p, bq44, 0; @p bra FAIL; setp.ne.s32 p, bq45, 0; @p bra FAIL; setp.ne.s32 p, bq46, 0; @p bra FAIL; setp.ne.s32 p, bq47, 0; @p bra FAIL; setp.ne.s32 p, bq48, 0; @p bra FAIL; setp.ne.s32 p, bq49, 0; @p bra FAIL; setp.ne.s32 p, bq50, 0; @p bra FAIL; setp.ne.s32 p, bq51, 0; @p bra FAIL; setp.ne.s32 p, bq52, 0; @p bra FAIL; setp.ne.s32 p, bq53, 0; @p bra FAIL; setp.ne.s32 p, bq54, 0; @p bra FAIL; setp.ne.s32 p, bq55, 0; @p bra FAIL; setp.ne.s32 p, bq56, 0; @p bra FAIL; setp.ne.s32 p, bq57, 0; @p bra FAIL; setp.ne.s32 p, bq58, 0; @p bra FAIL; setp.ne.s32 p, bq59, 0; @p bra FAIL; setp.ne.s32 p, bq60, 0; @p bra FAIL; setp.ne.s32 p, bq61, 0; @p bra FAIL; setp.ne.s32 p, bq62, 0; @p bra FAIL; setp.ne.s32 p, bq63, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}

extern "C" __global__ void brnt8_nm16(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .b32 bq<16>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("mov.b32 bq0, %0; mov.b32 bq1, %1; mov.b32 bq2, %2; mov.b32 bq3, %3; mov.b32 bq4, %4; mov.b32 bq5, %5; mov.b32 bq6, %6; mov.b32 bq7, %7;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("mov.b32 bq8, %0; mov.b32 bq9, %1; mov.b32 bq10, %2; mov.b32 bq11, %3; mov.b32 bq12, %4; mov.b32 bq13, %5; mov.b32 bq14, %6; mov.b32 bq15, %7;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; mov.u32 %0, 1; setp.ne.s32 p, bq0, 0; @p bra FAIL; mov.u32 %0, 2; setp.ne.s32 p, bq1, 0; @p bra FAIL; mov.u32 %0, 3; setp.ne.s32 p, bq2, 0; @p bra FAIL; mov.u32 %0, 4; setp.ne.s32 p, bq3, 0; @p bra FAIL; mov.u32 %0, 5; setp.ne.s32 p, bq4, 0; @p bra FAIL; mov.u32 %0, 6; setp.ne.s32 p, bq5, 0; @p bra FAIL; mov.u32 %0, 7; setp.ne.s32 p, bq6, 0; @p bra FAIL; mov.u32 %0, 8; setp.ne.s32 p, bq7, 0; @p bra FAIL; mov.u32 %0, 9; setp.ne.s32 p, bq8, 0; @p bra FAIL; mov.u32 %0, 10; setp.ne.s32 p, bq9, 0; @p bra FAIL; mov.u32 %0, 11; setp.ne.s32 p, bq10, 0; @p bra FAIL; mov.u32 %0, 12; setp.ne.s32 p, bq11, 0; @p bra FAIL; mov.u32 %0, 13; setp.ne.s32 p, bq12, 0; @p bra FAIL; mov.u32 %0, 14; setp.ne.s32 p, bq13, 0; @p bra FAIL; mov.u32 %0, 15; setp.ne.s32 p, bq14, 0; @p bra FAIL; mov.u32 %0, 16; setp.ne.s32 p, bq15, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}

extern "C" __global__ void brnt8_nm64(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .b32 bq<64>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("mov.b32 bq0, %0; mov.b32 bq1, %1; mov.b32 bq2, %2; mov.b32 bq3, %3; mov.b32 bq4, %4; mov.b32 bq5, %5; mov.b32 bq6, %6; mov.b32 bq7, %7;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("mov.b32 bq8, %0; mov.b32 bq9, %1; mov.b32 bq10, %2; mov.b32 bq11, %3; mov.b32 bq12, %4; mov.b32 bq13, %5; mov.b32 bq14, %6; mov.b32 bq15, %7;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        asm volatile("mov.b32 bq16, %0; mov.b32 bq17, %1; mov.b32 bq18, %2; mov.b32 bq19, %3; mov.b32 bq20, %4; mov.b32 bq21, %5; mov.b32 bq22, %6; mov.b32 bq23, %7;" :: "r"(v16), "r"(v17), "r"(v18), "r"(v19), "r"(v20), "r"(v21), "r"(v22), "r"(v23));
        asm volatile("mov.b32 bq24, %0; mov.b32 bq25, %1; mov.b32 bq26, %2; mov.b32 bq27, %3; mov.b32 bq28, %4; mov.b32 bq29, %5; mov.b32 bq30, %6; mov.b32 bq31, %7;" :: "r"(v24), "r"(v25), "r"(v26), "r"(v27), "r"(v28), "r"(v29), "r"(v30), "r"(v31));
        asm volatile("mov.b32 bq32, %0; mov.b32 bq33, %1; mov.b32 bq34, %2; mov.b32 bq35, %3; mov.b32 bq36, %4; mov.b32 bq37, %5; mov.b32 bq38, %6; mov.b32 bq39, %7;" :: "r"(v32), "r"(v33), "r"(v34), "r"(v35), "r"(v36), "r"(v37), "r"(v38), "r"(v39));
        asm volatile("mov.b32 bq40, %0; mov.b32 bq41, %1; mov.b32 bq42, %2; mov.b32 bq43, %3; mov.b32 bq44, %4; mov.b32 bq45, %5; mov.b32 bq46, %6; mov.b32 bq47, %7;" :: "r"(v40), "r"(v41), "r"(v42), "r"(v43), "r"(v44), "r"(v45), "r"(v46), "r"(v47));
        asm volatile("mov.b32 bq48, %0; mov.b32 bq49, %1; mov.b32 bq50, %2; mov.b32 bq51, %3; mov.b32 bq52, %4; mov.b32 bq53, %5; mov.b32 bq54, %6; mov.b32 bq55, %7;" :: "r"(v48), "r"(v49), "r"(v50), "r"(v51), "r"(v52), "r"(v53), "r"(v54), "r"(v55));
        asm volatile("mov.b32 bq56, %0; mov.b32 bq57, %1; mov.b32 bq58, %2; mov.b32 bq59, %3; mov.b32 bq60, %4; mov.b32 bq61, %5; mov.b32 bq62, %6; mov.b32 bq63, %7;" :: "r"(v56), "r"(v57), "r"(v58), "r"(v59), "r"(v60), "r"(v61), "r"(v62), "r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; mov.u32 %0, 1; setp.ne.s32 p, bq0, 0; @p bra FAIL; mov.u32 %0, 2; setp.ne.s32 p, bq1, 0; @p bra FAIL; mov.u32 %0, 3; setp.ne.s32 p, bq2, 0; @p bra FAIL; mov.u32 %0, 4; setp.ne.s32 p, bq3, 0; @p bra FAIL; mov.u32 %0, 5; setp.ne.s32 p, bq4, 0; @p bra FAIL; mov.u32 %0, 6; setp.ne.s32 p, bq5, 0; @p bra FAIL; mov.u32 %0, 7; setp.ne.s32 p, bq6, 0; @p bra FAIL; mov.u32 %0, 8; setp.ne.s32 p, bq7, 0; @p bra FAIL; mov.u32 %0, 9; setp.ne.s32 p, bq8, 0; @p bra FAIL; mov.u32 %0, 10; setp.ne.s32 p, bq9, 0; @p bra FAIL; mov.u32 %0, 11; setp.ne.s32 p, bq10, 0; @p bra FAIL; mov.u32 %0, 12; setp.ne.s32 p, bq11, 0; @p bra FAIL; mov.u32 %0, 13; setp.ne.s32 p, bq12, 0; @p bra FAIL; mov.u32 %0, 14; setp.ne.s32 p, bq13, 0; @p bra FAIL; mov.u32 %0, 15; setp.ne.s32 p, bq14, 0; @p bra FAIL; mov.u32 %0, 16; setp.ne.s32 p, bq15, 0; @p bra FAIL; mov.u32 %0, 17; setp.ne.s32 p, bq16, 0; @p bra FAIL; mov.u32 %0, 18; setp.ne.s32 p, bq17, 0; @p bra FAIL; mov.u32 %0, 19; setp.ne.s32 p, bq18, 0; @p bra FAIL; mov.u32 %0, 20; setp.ne.s32 p, bq19, 0; @p bra FAIL; mov.u32 %0, 21; setp.ne.s32 p, bq20, 0; @p bra FAIL; mov.u32 %0, 22; setp.ne.s32 p, bq21, 0; @p bra FAIL; mov.u32 %0, 23; setp.ne.s32 p, bq22, 0; @p bra FAIL; mov.u32 %0, 24; setp.ne.s32 p, bq23, 0; @p bra FAIL; mov.u32 %0, 25; setp.ne.s32 p, bq24, 0; @p bra FAIL; mov.u32 %0, 26; setp.ne.s32 p, bq25, 0; @p bra FAIL; mov.u32 %0, 27; setp.ne.s32 p, bq26, 0; @p bra FAIL; mov.u32 %0, 28; setp.ne.s32 p, bq27, 0; @p bra FAIL; mov.u32 %0, 29; setp.ne.s32 p, bq28, 0; @p bra FAIL; mov.u32 %0, 30; setp.ne.s32 p, bq29, 0; @p bra FAIL; mov.u32 %0, 31; setp.ne.s32 p, bq30, 0; @p bra FAIL; mov.u32 %0, 32; setp.ne.s32 p, bq31, 0; @p bra FAIL; mov.u32 %0, 33; setp.ne.s32 p, bq32, 0; @p bra FAIL; mov.u32 %0, 34; setp.ne.s32 p, bq33, 0; @p bra FAIL; mov.u32 %0, 35; setp.ne.s32 p, bq34, 0; @p bra FAIL; mov.u32 %0, 36; setp.ne.s32 p, bq35, 0; @p bra FAIL; mov.u32 %0, 37; setp.ne.s32 p, bq36, 0; @p bra FAIL; mov.u32 %0, 38; setp.ne.s32 p, bq37, 0; @p bra FAIL; mov.u32 %0, 39; setp.ne.s32 p, bq38, 0; @p bra FAIL; mov.u32 %0, 40; setp.ne.s32 p, bq39, 0; @p bra FAIL; mov.u32 %0, 41; setp.ne.s32 p, bq40, 0; @p bra FAIL; mov.u32 %0, 42; setp.ne.s32 p, bq41, 0; @p bra FAIL; mov.u32 %0, 43; setp.ne.s32 p, bq42, 0; @p bra FAIL; mov.u32 %0, 44; setp.ne.s32 p, bq43, 0; @p bra FAIL; mov.u32 %0, 45; setp.ne.s32 p, bq44, 0; @p bra FAIL; mov.u32 %0, 46; setp.ne.s32 p, bq45, 0; @p bra FAIL; mov.u32 %0, 47; setp.ne.s32 p, bq46, 0; @p bra FAIL; mov.u32 %0, 48; setp.ne.s32 p, bq47, 0; @p bra FAIL; mov.u32 %0, 49; setp.ne.s32 p, bq48, 0; @p bra FAIL; mov.u32 %0, 50; setp.ne.s32 p, bq49, 0; @p bra FAIL; mov.u32 %0, 51; setp.ne.s32 p, bq50, 0; @p bra FAIL; mov.u32 %0, 52; setp.ne.s32 p, bq51, 0; @p bra FAIL; mov.u32 %0, 53; setp.ne.s32 p, bq52, 0; @p bra FAIL; mov.u32 %0, 54; setp.ne.s32 p, bq53, 0; @p bra FAIL; mov.u32 %0, 55; setp.ne.s32 p, bq54, 0; @p bra FAIL; mov.u32 %0, 56; setp.ne.s32 p, bq55, 0; @p bra FAIL; mov.u32 %0, 57; setp.ne.s32 p, bq56, 0; @p bra FAIL; mov.u32 %0, 58; setp.ne.s32 p, bq57, 0; @p bra FAIL; mov.u32 %0, 59; setp.ne.s32 p, bq58, 0; @p bra FAIL; mov.u32 %0, 60; setp.ne.s32 p, bq59, 0; @p bra FAIL; mov.u32 %0, 61; setp.ne.s32 p, bq60, 0; @p bra FAIL; mov.u32 %0, 62; setp.ne.s32 p, bq61, 0; @p bra FAIL; mov.u32 %0, 63; setp.ne.s32 p, bq62, 0; @p bra FAIL; mov.u32 %0, 64; setp.ne.s32 p, bq63, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}

extern "C" __global__ void brnt8_ns16(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .pred bp<16>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("setp.ne.s32 bp0, %0, 0; setp.ne.s32 bp1, %1, 0; setp.ne.s32 bp2, %2, 0; setp.ne.s32 bp3, %3, 0; setp.ne.s32 bp4, %4, 0; setp.ne.s32 bp5, %5, 0; setp.ne.s32 bp6, %6, 0; setp.ne.s32 bp7, %7, 0;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("setp.ne.s32 bp8, %0, 0; setp.ne.s32 bp9, %1, 0; setp.ne.s32 bp10, %2, 0; setp.ne.s32 bp11, %3, 0; setp.ne.s32 bp12, %4, 0; setp.ne.s32 bp13, %5, 0; setp.ne.s32 bp14, %6, 0; setp.ne.s32 bp15, %7, 0;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; mov.u32 %0, 1; selp.u32 t, 1, 0, bp0; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 2; selp.u32 t, 1, 0, bp1; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 3; selp.u32 t, 1, 0, bp2; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 4; selp.u32 t, 1, 0, bp3; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 5; selp.u32 t, 1, 0, bp4; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 6; selp.u32 t, 1, 0, bp5; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 7; selp.u32 t, 1, 0, bp6; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 8; selp.u32 t, 1, 0, bp7; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 9; selp.u32 t, 1, 0, bp8; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 10; selp.u32 t, 1, 0, bp9; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 11; selp.u32 t, 1, 0, bp10; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 12; selp.u32 t, 1, 0, bp11; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 13; selp.u32 t, 1, 0, bp12; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 14; selp.u32 t, 1, 0, bp13; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 15; selp.u32 t, 1, 0, bp14; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 16; selp.u32 t, 1, 0, bp15; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}

extern "C" __global__ void brnt8_ns64(unsigned long long* clk, unsigned* sink, const int* data) {
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
    unsigned bad = 0;
    asm volatile(".reg .pred bp<64>;");
    #pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {
        asm volatile("setp.ne.s32 bp0, %0, 0; setp.ne.s32 bp1, %1, 0; setp.ne.s32 bp2, %2, 0; setp.ne.s32 bp3, %3, 0; setp.ne.s32 bp4, %4, 0; setp.ne.s32 bp5, %5, 0; setp.ne.s32 bp6, %6, 0; setp.ne.s32 bp7, %7, 0;" :: "r"(v0), "r"(v1), "r"(v2), "r"(v3), "r"(v4), "r"(v5), "r"(v6), "r"(v7));
        asm volatile("setp.ne.s32 bp8, %0, 0; setp.ne.s32 bp9, %1, 0; setp.ne.s32 bp10, %2, 0; setp.ne.s32 bp11, %3, 0; setp.ne.s32 bp12, %4, 0; setp.ne.s32 bp13, %5, 0; setp.ne.s32 bp14, %6, 0; setp.ne.s32 bp15, %7, 0;" :: "r"(v8), "r"(v9), "r"(v10), "r"(v11), "r"(v12), "r"(v13), "r"(v14), "r"(v15));
        asm volatile("setp.ne.s32 bp16, %0, 0; setp.ne.s32 bp17, %1, 0; setp.ne.s32 bp18, %2, 0; setp.ne.s32 bp19, %3, 0; setp.ne.s32 bp20, %4, 0; setp.ne.s32 bp21, %5, 0; setp.ne.s32 bp22, %6, 0; setp.ne.s32 bp23, %7, 0;" :: "r"(v16), "r"(v17), "r"(v18), "r"(v19), "r"(v20), "r"(v21), "r"(v22), "r"(v23));
        asm volatile("setp.ne.s32 bp24, %0, 0; setp.ne.s32 bp25, %1, 0; setp.ne.s32 bp26, %2, 0; setp.ne.s32 bp27, %3, 0; setp.ne.s32 bp28, %4, 0; setp.ne.s32 bp29, %5, 0; setp.ne.s32 bp30, %6, 0; setp.ne.s32 bp31, %7, 0;" :: "r"(v24), "r"(v25), "r"(v26), "r"(v27), "r"(v28), "r"(v29), "r"(v30), "r"(v31));
        asm volatile("setp.ne.s32 bp32, %0, 0; setp.ne.s32 bp33, %1, 0; setp.ne.s32 bp34, %2, 0; setp.ne.s32 bp35, %3, 0; setp.ne.s32 bp36, %4, 0; setp.ne.s32 bp37, %5, 0; setp.ne.s32 bp38, %6, 0; setp.ne.s32 bp39, %7, 0;" :: "r"(v32), "r"(v33), "r"(v34), "r"(v35), "r"(v36), "r"(v37), "r"(v38), "r"(v39));
        asm volatile("setp.ne.s32 bp40, %0, 0; setp.ne.s32 bp41, %1, 0; setp.ne.s32 bp42, %2, 0; setp.ne.s32 bp43, %3, 0; setp.ne.s32 bp44, %4, 0; setp.ne.s32 bp45, %5, 0; setp.ne.s32 bp46, %6, 0; setp.ne.s32 bp47, %7, 0;" :: "r"(v40), "r"(v41), "r"(v42), "r"(v43), "r"(v44), "r"(v45), "r"(v46), "r"(v47));
        asm volatile("setp.ne.s32 bp48, %0, 0; setp.ne.s32 bp49, %1, 0; setp.ne.s32 bp50, %2, 0; setp.ne.s32 bp51, %3, 0; setp.ne.s32 bp52, %4, 0; setp.ne.s32 bp53, %5, 0; setp.ne.s32 bp54, %6, 0; setp.ne.s32 bp55, %7, 0;" :: "r"(v48), "r"(v49), "r"(v50), "r"(v51), "r"(v52), "r"(v53), "r"(v54), "r"(v55));
        asm volatile("setp.ne.s32 bp56, %0, 0; setp.ne.s32 bp57, %1, 0; setp.ne.s32 bp58, %2, 0; setp.ne.s32 bp59, %3, 0; setp.ne.s32 bp60, %4, 0; setp.ne.s32 bp61, %5, 0; setp.ne.s32 bp62, %6, 0; setp.ne.s32 bp63, %7, 0;" :: "r"(v56), "r"(v57), "r"(v58), "r"(v59), "r"(v60), "r"(v61), "r"(v62), "r"(v63));
        unsigned long long t0 = mb_clock();
        unsigned long long t1 = mb_clock();
        asm volatile("{ .reg .pred p; .reg .b32 t; mov.u32 %0, 1; selp.u32 t, 1, 0, bp0; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 2; selp.u32 t, 1, 0, bp1; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 3; selp.u32 t, 1, 0, bp2; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 4; selp.u32 t, 1, 0, bp3; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 5; selp.u32 t, 1, 0, bp4; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 6; selp.u32 t, 1, 0, bp5; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 7; selp.u32 t, 1, 0, bp6; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 8; selp.u32 t, 1, 0, bp7; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 9; selp.u32 t, 1, 0, bp8; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 10; selp.u32 t, 1, 0, bp9; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 11; selp.u32 t, 1, 0, bp10; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 12; selp.u32 t, 1, 0, bp11; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 13; selp.u32 t, 1, 0, bp12; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 14; selp.u32 t, 1, 0, bp13; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 15; selp.u32 t, 1, 0, bp14; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 16; selp.u32 t, 1, 0, bp15; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 17; selp.u32 t, 1, 0, bp16; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 18; selp.u32 t, 1, 0, bp17; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 19; selp.u32 t, 1, 0, bp18; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 20; selp.u32 t, 1, 0, bp19; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 21; selp.u32 t, 1, 0, bp20; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 22; selp.u32 t, 1, 0, bp21; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 23; selp.u32 t, 1, 0, bp22; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 24; selp.u32 t, 1, 0, bp23; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 25; selp.u32 t, 1, 0, bp24; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 26; selp.u32 t, 1, 0, bp25; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 27; selp.u32 t, 1, 0, bp26; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 28; selp.u32 t, 1, 0, bp27; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 29; selp.u32 t, 1, 0, bp28; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 30; selp.u32 t, 1, 0, bp29; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 31; selp.u32 t, 1, 0, bp30; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 32; selp.u32 t, 1, 0, bp31; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 33; selp.u32 t, 1, 0, bp32; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 34; selp.u32 t, 1, 0, bp33; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 35; selp.u32 t, 1, 0, bp34; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 36; selp.u32 t, 1, 0, bp35; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 37; selp.u32 t, 1, 0, bp36; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 38; selp.u32 t, 1, 0, bp37; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 39; selp.u32 t, 1, 0, bp38; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 40; selp.u32 t, 1, 0, bp39; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 41; selp.u32 t, 1, 0, bp40; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 42; selp.u32 t, 1, 0, bp41; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 43; selp.u32 t, 1, 0, bp42; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 44; selp.u32 t, 1, 0, bp43; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 45; selp.u32 t, 1, 0, bp44; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 46; selp.u32 t, 1, 0, bp45; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 47; selp.u32 t, 1, 0, bp46; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 48; selp.u32 t, 1, 0, bp47; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 49; selp.u32 t, 1, 0, bp48; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 50; selp.u32 t, 1, 0, bp49; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 51; selp.u32 t, 1, 0, bp50; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 52; selp.u32 t, 1, 0, bp51; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 53; selp.u32 t, 1, 0, bp52; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 54; selp.u32 t, 1, 0, bp53; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 55; selp.u32 t, 1, 0, bp54; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 56; selp.u32 t, 1, 0, bp55; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 57; selp.u32 t, 1, 0, bp56; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 58; selp.u32 t, 1, 0, bp57; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 59; selp.u32 t, 1, 0, bp58; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 60; selp.u32 t, 1, 0, bp59; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 61; selp.u32 t, 1, 0, bp60; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 62; selp.u32 t, 1, 0, bp61; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 63; selp.u32 t, 1, 0, bp62; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 64; selp.u32 t, 1, 0, bp63; setp.ne.s32 p, t, 0; @p bra FAIL; mov.u32 %0, 0; bra.uni DONE; FAIL: add.u32 %0, %0, 100; DONE: }" : "+r"(bad));
        unsigned long long t2 = mb_clock();
        if (lane == 0) clk[rep] = (t2 - t1) - (t1 - t0);
    }
    sink[lane] = bad;
}
