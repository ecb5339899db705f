"""Part 7 of the microbenchmark list, helper fit8 (issue 15, session 5): the
microbenchmarks behind the parameters the H100 profile copied from the H200
or that were estimates (fit8.cu):

  - fence7_*: back-to-back fences of one kind in one warp (the "chain"
    family's layout and figure, cycles_per_op): fence_cycles;
  - gmem_chase_l2s_*: a pointer chase at stride 128 B whose footprint
    crosses the L2 capacity in small steps (16..64 MiB; the "gmem" family's
    figure, cycles_per_load): the share of misses at each footprint gives
    the L2's capacity and, through how gradually the misses set in, its
    associativity (l2_cache_bytes, l2_ways_count);
  - redisp7_*: one CTA per SM at a time (128 KiB of dynamic shared memory),
    2 or 4 CTAs per SM in turn: the gap from a CTA's last %clock64 to the
    next CTA's first on the same SM (dispatch_latency_cycles).

Imported by gen.py (register(add)); `python3 tools/microbench/gen7_fit8.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
UNROLL = 16
FENCES = (("mbinit", "fence.mbarrier_init.release.cluster"), ("acqrel_cta", "fence.acq_rel.cta"),
          ("acqrel_cluster", "fence.acq_rel.cluster"), ("acqrel_gpu", "fence.acq_rel.gpu"),
          ("sc_cta", "fence.sc.cta"), ("sc_gpu", "fence.sc.gpu"))
L2S_MIB = (16, 20, 24, 28, 32, 36, 40, 48, 64)
REDISP = ((2, 2000), (4, 2000))   # CTAs per SM, spin adds


def src():
    return open(os.path.join(HERE, "fit8.cu")).read()


def register(add):
    for short, ptx in FENCES:
        iters = 8
        add(f"fence7_{short}", "chain", f"fit8_fence_{short}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"back-to-back {ptx} (one warp)", "ops_per_rep": iters * UNROLL, "warps": 1,
             "derive": "cycles_per_op = clk[1] / ops_per_rep"},
            source=src())
    for mib in L2S_MIB:
        fp = mib << 20
        n = fp // 128
        timed = 16384
        add(f"gmem_chase_l2s_{mib}m", "gmem", "fit8_chase", [1, 1, 1], [1024, 1, 1],
            [{"buffer": "clk"}, {"buffer": "buf"}, {"u64": fp}, {"u64": 128}, {"s32": n}, {"s32": timed}],
            {"clk": ("u64", [2]), "buf": ("u64", [fp // 8])}, ["clk"],
            {"kind": "latency", "op": f"global pointer chase, footprint {mib} MiB (not a power of two), stride 128 B",
             "footprint_bytes": fp, "stride_bytes": 128, "warm_loads": n, "timed_loads": timed,
             "derive": "cycles_per_load = clk[0] / timed_loads"},
            source=src())
    for per, spin in REDISP:
        ctas = 132 * per
        add(f"redisp7_c{ctas}", "redisp7", "fit8_redisp", [ctas, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "smid"}, {"s32": spin}],
            {"clk": ("u64", [ctas, 2]), "smid": ("u32", [ctas])}, ["clk", "smid"],
            {"kind": "latency", "op": f"{ctas} CTAs of one warp, one per SM at a time (128 KiB dynamic shared), "
                                      f"{spin} dependent adds each", "ctas": ctas, "spin": spin,
             "derive": "redispatch_gap_cycles = median over SMs and consecutive CTA pairs on one SM "
                       "(by t0) of the next CTA's clk t0 - the previous one's t1"},
            shared=131072, source=src())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)

    def skip(b):
        if b["name"].startswith("gmem_chase_l2s_") and b["meta"]["footprint_bytes"] > (8 << 20):
            # a chase of tens of MiB: minutes in the simulator (read by the closed forms only)
            with open(os.path.join(gen.MB, b["name"], "SIM_SKIP"), "w") as f:
                f.write("tens of MiB of pointer chase: read by calibrate's closed forms (l2_capacity); --heavy simulates it\n")
    gen.write_family(register, after=skip)
