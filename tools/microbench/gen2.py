"""Part 2 of the microbenchmark list (issue 14): global memory, copy
bandwidth, TMA, cp.async, wgmma, DSMEM, cluster barrier. Imported by gen.py
(register(add)); the wgmma kernels are generated here, one entry per
(dtype, N, SS/RS) directory."""

KIB, MIB, GIB = 1 << 10, 1 << 20, 1 << 30


def size_name(b):
    if b >= GIB:
        return f"{b // GIB}g"
    if b >= MIB:
        return f"{b // MIB}m"
    return f"{b // KIB}k"


def register(add):
    # ------------------------------------------------------------ pointer chase
    for fp in (16 * KIB, 32 * KIB, 64 * KIB, 128 * KIB, 256 * KIB, 512 * KIB, 1 * MIB, 4 * MIB, 16 * MIB,
               32 * MIB, 64 * MIB, 128 * MIB, 256 * MIB, 1 * GIB):
        chase(add, f"gmem_chase_{size_name(fp)}", fp, 128, hist=0)
    for fp in (64 * MIB, 256 * MIB, 1 * GIB):
        chase(add, f"gmem_chase_page_{size_name(fp)}", fp, 2 * MIB + 128, hist=0)
    for fp in (16 * KIB, 4 * MIB, 1 * GIB):
        chase(add, f"gmem_chase_hist_{size_name(fp)}", fp, 128, hist=1)

    # ------------------------------------------------------------ copy bandwidth
    per = 4 * MIB
    for ctas in (1, 2, 4, 8, 16, 33, 66, 132):
        add(f"gmem_copy_c{ctas}", "gmem", "gmem_copy", [ctas, 1, 1], [1024, 1, 1],
            [{"buffer": "clk"}, {"buffer": "gt"}, {"buffer": "smid"}, {"buffer": "src"}, {"buffer": "dst"},
             {"u64": per}],
            {"clk": ("u64", [ctas, 2]), "gt": ("u64", [ctas, 2]), "smid": ("u32", [ctas]),
             "src": ("u32", [(GIB if ctas >= 33 else GIB // 4) // 4]), "dst": ("u32", [ctas * per // 4])}, ["clk", "gt", "smid"],
            {"kind": "bandwidth", "op": f"global copy, {ctas} CTAs of 1024 threads, 4 MiB per CTA (16-byte ld/st)",
             "ctas": ctas, "bytes_per_cta": per,
             "derive": "GB/s = 2 * ctas * bytes_per_cta / (max gt1 - min gt0 ns); per-SM bytes/cycle = "
                       "2 * bytes_per_cta / (t1 - t0), median over CTAs"})

    # ------------------------------------------------------------ TMA
    span = {"none": 128, "32B": 32, "64B": 64, "128B": 128}
    rows_total = 32768
    for sw, inner_b in span.items():
        for kb in (1, 2, 4, 8, 16, 32):
            rows = kb * KIB // inner_b
            if rows > 256:
                continue
            for mode, stages, iters, ctas in (("lat", 1, 64, 1), ("tput", 4, 256, 1), ("tput132", 4, 256, 132)):
                if mode == "tput132" and (sw not in ("none", "128B") or kb not in (4, 16)):
                    continue
                tma(add, f"tma_load_{sw.lower()}_{kb}k_{mode}", "tma_load", sw, inner_b, rows, kb * KIB, stages,
                    iters, ctas, None, rows_total)
    for c in (2, 4):
        for kb in (4, 16):
            for mc in (1, 0):
                tma(add, f"tma_{'mcast' if mc else 'nomcast'}{c}_{kb}k", "tma_mcast", "128B", 128, kb * KIB // 128,
                    kb * KIB, mc, 64, c, c, rows_total)

    # ------------------------------------------------------------ cp.async
    for name, mode, warps, inflight, ctas in (("cg16_lat", 0, 1, 1, 1), ("ca16_lat", 1, 1, 1, 1), ("ca4_lat", 2, 1, 1, 1),
                                              ("cg16_tput", 0, 32, 4, 1), ("ca16_tput", 1, 32, 4, 1),
                                              ("cg16_tput132", 0, 32, 4, 132)):
        iters = 64
        add(f"cpasync_{name}", "cpasync", "cpasync", [ctas, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "src"}, {"s32": iters}, {"u32": mode},
             {"u32": inflight}],
            {"clk": ("u64", [ctas * warps, 2]), "sink": ("u32", [ctas * warps]),
             "src": "{dtype: u32, shape: [262144], init: iota}"}, ["clk", "sink"],
            {"kind": "latency" if inflight == 1 else "throughput",
             "op": f"cp.async.{'cg' if mode == 0 else 'ca'} {4 if mode == 2 else 16} B per lane, "
                   f"{warps} warps x {ctas} CTAs, {inflight} group(s) in flight",
             "warps": warps, "ctas": ctas, "steps_per_warp": iters, "bytes_per_step": 32 * (4 if mode == 2 else 16),
             "derive": "latency: cycles_per_step = clk[w][1] / steps; throughput: bytes per cycle per SM = "
                       "warps * steps * bytes_per_step / max_w clk[w][1]"})

    # ------------------------------------------------------------ DSMEM, cluster barrier
    for name, c, target, lanes in (("remote_1lane", 2, 1, 1), ("remote_32lanes", 2, 1, 32), ("local_1lane", 2, 0, 1),
                                   ("local_32lanes", 2, 0, 32), ("remote_c4_r3_1lane", 4, 3, 1)):
        iters = 16
        add(f"dsmem_{name}", "cluster", "dsmem_chase", [c, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": target}, {"u32": lanes}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"ld.shared::cluster chain from rank 0 to rank {target} ({lanes} lanes), cluster {c}",
             "loads_per_rep": iters * 16, "derive": "cycles_per_load = clk[1] / loads_per_rep"}, cluster=[c, 1, 1])
    for c, rel in ((1, 0), (2, 0), (4, 0), (8, 0), (2, 1), (4, 1)):
        iters = 16
        add(f"cluster_bar_c{c}" + ("_relaxed" if rel else ""), "cluster", "cluster_bar", [c, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": rel}],
            {"clk": ("u64", [c, 2]), "sink": ("u32", [c])}, ["clk", "sink"],
            {"kind": "latency", "op": f"barrier.cluster.arrive{'.relaxed' if rel else ''} + wait, cluster of {c} CTAs x 128 threads",
             "barriers_per_rep": iters * 8, "derive": "cycles_per_barrier = max_cta clk[cta][1] / barriers_per_rep"},
            cluster=[c, 1, 1])

    # ------------------------------------------------------------ wgmma
    for dt in ("f16", "bf16", "tf32", "e4m3", "s8"):
        for n in (8, 16, 32, 64, 128, 256):
            for rs in (0, 1):
                name = f"wgmma_{dt}_n{n}_{'rs' if rs else 'ss'}"
                lat_it, tput_it = 32, 32
                add(name, name, "wgmma_bench", [1, 1, 1], [128, 1, 1],
                    [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": lat_it}, {"s32": tput_it}, {"u32": 7}],
                    {"clk": ("u64", [4]), "sink": ("u32", [128])}, ["clk", "sink"],
                    {"kind": "tensor", "op": f"wgmma m64n{n}k{KDIM[dt]} {dt} {'RS' if rs else 'SS'} "
                                             f"({'s32' if dt == 's8' else 'f32'} accumulators), K-major 128B swizzle",
                     "dtype": dt, "n": n, "k": KDIM[dt], "rs": rs, "lat_wgmmas": lat_it, "tput_wgmmas": 4 * tput_it,
                     "derive": "latency (dependent: fence, wgmma, commit, wait 0) = clk[1] / lat_wgmmas; "
                               "issue interval (back to back into the same accumulators, 4 per commit, "
                               "one wait at the end) = clk[3] / tput_wgmmas"},
                    source=wgmma_source(dt, n, rs))


def chase(add, name, fp, stride, hist):
    n = fp // 128 if stride == 128 else fp // 128
    warm = (fp // stride if stride == 128 else min(n, 4096)) if fp <= 64 * MIB else 0
    timed = 1024 if hist else 4096
    add(name, "gmem", "gmem_chase", [1, 1, 1], [1024, 1, 1],
        [{"buffer": "clk"}, {"buffer": "lat"}, {"buffer": "buf"}, {"u64": fp}, {"u64": stride}, {"s32": warm},
         {"s32": timed}, {"s32": hist}],
        {"clk": ("u64", [2]), "lat": ("u32", [1024]), "buf": ("u64", [fp // 8])}, ["clk", "lat"] if hist else ["clk"],
        {"kind": "latency", "op": f"global pointer chase, footprint {size_name(fp)}, stride {stride} B"
                                  + (", per-load timestamps" if hist else ""),
         "footprint_bytes": fp, "stride_bytes": stride, "warm_loads": warm, "timed_loads": timed,
         "derive": "cycles_per_load = clk[0] / timed_loads" + ("; per-load: diff(lat)" if hist else "")})


def tma(add, name, kernel, sw, inner_b, rows, box_bytes, stages_or_mc, iters, ctas, cluster, rows_total):
    inner = inner_b // 2
    smem = box_bytes * (stages_or_mc if kernel == "tma_load" else 1)
    tmap = (f"{{buffer: t, dtype: f16, dims: [64, {rows_total}], strides: [128], box: [{inner}, {rows}]"
            + (f", swizzle: {sw}" if sw != "none" else "") + "}")
    meta = {"kind": "latency" if (kernel == "tma_mcast" or stages_or_mc == 1) else "throughput",
            "op": f"TMA 2D load, box {box_bytes // KIB} KiB ([{inner} f16, {rows} rows]), swizzle {sw}, "
                  + (f"{stages_or_mc} in flight, {ctas} CTA(s)" if kernel == "tma_load"
                     else f"cluster {cluster[0] if isinstance(cluster, list) else cluster}, "
                          f"{'multicast from rank 0' if stages_or_mc else 'every CTA loads (no multicast)'}"),
            "box_bytes": box_bytes, "swizzle": sw, "loads_per_rep": iters, "ctas": ctas,
            "derive": "latency = clk[cta][1] / loads_per_rep; throughput bytes/cycle = loads_per_rep * box_bytes / clk[cta][1]"}
    add(name, "tma", kernel, [ctas, 1, 1], [128, 1, 1],
        [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows},
         {"u32": box_bytes}, {"s32": stages_or_mc}, {"s32": rows_total}],
        {"t": ("f16", [rows_total, 64]), "clk": ("u64", [ctas, 2]), "sink": ("u32", [ctas, 32])}, ["clk", "sink"],
        meta, shared=smem, cluster=[cluster, 1, 1] if cluster else None, extra={"tensormaps": f"\n  tm: {tmap}"})


KDIM = {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "s8": 32}


def wgmma_source(dt, n, rs):
    k = KDIM[dt]
    acc_int = dt == "s8"
    nr = n // 2
    cons = "r" if acc_int else "f"
    acc_t = "unsigned" if acc_int else "float"
    if dt in ("f16", "bf16"):
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.f32.{dt}.{dt}"
        tail = "p, 1, 1, 0;" if rs else "p, 1, 1, 0, 0;"
    elif dt in ("tf32", "e4m3"):
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.f32.{dt}.{dt}"
        tail = "p, 1, 1;"
    else:
        op = f"wgmma.mma_async.sync.aligned.m64n{n}k{k}.s32.s8.s8"
        tail = "p;"
    regs = ", ".join(f"%{i}" for i in range(nr))
    if rs:
        aop = "{" + ", ".join(f"%{nr + j}" for j in range(4)) + "}"
        bop = f"%{nr + 4}"
        ins = ", ".join(f'"r"(a[{j}])' for j in range(4)) + ', "l"(db), "r"(one)'
    else:
        aop = f"%{nr}"
        bop = f"%{nr + 1}"
        ins = '"l"(da), "l"(db), "r"(one)'
    outs = ", ".join(f'"+{cons}"(d[{i}])' for i in range(nr))
    afill = {"f16": "0x3c003c00u", "bf16": "0x3f803f80u", "tf32": "0x3f800000u", "e4m3": "0x38383838u",
             "s8": "0x01010101u"}[dt]
    return f"""// {'wgmma_' + dt}_n{n}_{'rs' if rs else 'ss'}: wgmma issue interval and latency (sm90sim
// microbenchmark family "wgmma", generated by tools/microbench/gen2.py).
// {op} ({'RS: A from registers' if rs else 'SS: A and B from shared memory'}), one warpgroup
// (block 128, grid 1). Operands: K-major, 128B swizzle (descriptor LBO 16, SBO 1024),
// shared memory filled with small values (bytes (hash(i) & 0x37)); RS A registers = {afill}.
// params (u64 *clk, u32 *sink, s32 iters_lat, s32 iters_tput, u32 fill)
// Phase 1 (dependent): iters_lat x (wgmma.fence; wgmma; commit_group; wait_group 0):
//   clk[0] (warm-up), clk[1]: latency per wgmma = clk[1] / iters_lat.
// Phase 2 (back to back): iters_tput x (wgmma.fence; 4 x wgmma into the same
//   accumulators; commit_group), one wait_group 0 at the end:
//   clk[2] (warm-up), clk[3]: issue interval = clk[3] / (4 iters_tput).
// sink[thread] = bits of accumulators 0 and {nr - 1} (deterministic).
#define N {n}
#define NR {nr}

__device__ __forceinline__ unsigned long long mb_clock() {{
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) :: "memory");
    return t;
}}

__device__ __forceinline__ void mma({acc_t} (&d)[NR], unsigned long long da, unsigned long long db, const unsigned* a, unsigned one) {{
    asm volatile("{{\\n.reg .pred p;\\nsetp.ne.b32 p, %{nr + (5 if rs else 2)}, 0;\\n{op} {{{regs}}}, {aop}, {bop}, {tail}\\n}}\\n"
        : {outs}
        : {ins});
}}

__device__ __forceinline__ unsigned long long desc(unsigned addr) {{
    return (unsigned long long)((addr & 0x3FFFF) >> 4) | ((unsigned long long)(16 >> 4) << 16) |
           ((unsigned long long)(1024 >> 4) << 32) | (1ull << 62);
}}

extern "C" __global__ void __launch_bounds__(128) wgmma_bench(unsigned long long* clk, unsigned* sink,
                                                           int iters_lat, int iters_tput, unsigned fill) {{
    __shared__ __align__(1024) unsigned sA[64 * 128 / 4];
    __shared__ __align__(1024) unsigned sB[N * 128 / 4];
    for (unsigned i = threadIdx.x; i < 64 * 32; i += 128) {{
        unsigned v = 0;
        for (int b = 0; b < 4; b++) v |= (((4 * i + b) * 2654435761u + fill) >> 24 & 0x37u) << (8 * b);
        sA[i] = v;
    }}
    for (unsigned i = threadIdx.x; i < N * 32; i += 128) {{
        unsigned v = 0;
        for (int b = 0; b < 4; b++) v |= (((4 * i + b) * 2246822519u + fill) >> 24 & 0x37u) << (8 * b);
        sB[i] = v;
    }}
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    __syncthreads();
    const unsigned long long da = desc((unsigned)__cvta_generic_to_shared(sA));
    const unsigned long long db = desc((unsigned)__cvta_generic_to_shared(sB));
    {acc_t} d[NR];
#pragma unroll
    for (int i = 0; i < NR; i++) d[i] = 0;
    unsigned a[4];
#pragma unroll
    for (int j = 0; j < 4; j++) a[j] = {afill};
    asm volatile("" : "+r"(a[0]), "+r"(a[1]), "+r"(a[2]), "+r"(a[3]));
    const unsigned one = fill != 0xFFFFFFFFu;   // the scale-d predicate (1: accumulate), a run-time value
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {{
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters_lat; i++) {{
            asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
            mma(d, da, db, a, one);
            asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
            asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
        }}
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[rep] = t1 - t0;
    }}
#pragma unroll 1
    for (int rep = 0; rep < 2; rep++) {{
        unsigned long long t0 = mb_clock();
#pragma unroll 1
        for (int i = 0; i < iters_tput; i++) {{
            asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
            mma(d, da, db, a, one);
            mma(d, da, db, a, one);
            mma(d, da, db, a, one);
            mma(d, da, db, a, one);
            asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
        }}
        asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
        unsigned long long t1 = mb_clock();
        if (threadIdx.x == 0) clk[2 + rep] = t1 - t0;
    }}
    unsigned x0, x1;
    asm volatile("mov.b32 %0, %1;" : "=r"(x0) : "{cons}"(d[0]));
    asm volatile("mov.b32 %0, %1;" : "=r"(x1) : "{cons}"(d[NR - 1]));
    sink[threadIdx.x] = x0 ^ (x1 * 0x9e3779b9u);
}}
"""
