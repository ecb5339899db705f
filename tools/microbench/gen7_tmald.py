"""Part 7 of the microbenchmark list (issues 14/15, helper "tmald"): what a
loop of tma_mcast / tma_nomcast (tma.cu) spends besides the cluster barrier
and the TMA load, each part taken out or changed alone (family tma7ld,
tma7ld.cu: t7_mc0..t7_mc8, clusters of 2 unless named _c1 / _c4).
Imported by gen.py (register(add)); `python3 tools/microbench/gen7_tmald.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KIB = 1024
ROWS_TOTAL = 32768

MODES = {  # name -> (mode, what)
    "bar": (0, "thread 0 expect_tx; barrier.cluster.arrive (.release) + wait; thread 0 loads the box; all wait"),
    "rlx": (1, "as bar with barrier.cluster.arrive.relaxed"),
    "nobar": (2, "as bar without the cluster barrier"),
    "nobar_t0": (3, "as nobar, only thread 0 waits"),
    "arrive": (4, "no load: thread 0 arrives on the mbarrier (count 1), barrier.cluster (.release), all wait"),
    "fence": (5, "as bar with fence.acq_rel.cluster in place of the barrier"),
    "bar_t0": (6, "as bar, only thread 0 waits"),
    "baronly": (7, "barrier.cluster (.release) alone, no mbarrier, no load"),
    "arrive_after": (8, "as arrive with the mbarrier arrive after the cluster barrier"),
}


def register(add):
    for key, kb, c in (("bar", 4, 2), ("rlx", 4, 2), ("nobar", 4, 2), ("nobar_t0", 4, 2), ("arrive", 0, 2),
                       ("fence", 4, 2), ("bar_t0", 4, 2), ("baronly", 0, 2), ("arrive_after", 0, 2),
                       ("bar", 16, 2), ("rlx", 16, 2), ("nobar", 16, 2), ("nobar_t0", 16, 2),
                       ("bar", 4, 1), ("rlx", 4, 4), ("nobar", 4, 1)):
        mode, what = MODES[key]
        kbb = kb or 4
        box_bytes, rows = kbb * KIB, kbb * KIB // 128
        name = f"t7mc_{key}" + (f"_{kb}k" if kb else "") + (f"_c{c}" if c != 2 else "")
        iters = 64
        add(name, "tma7ld", f"t7_mc{mode}", [c, 1, 1], [128, 1, 1],
            [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"s32": rows},
             {"u32": box_bytes}, {"s32": mode}, {"s32": ROWS_TOTAL}],
            {"t": ("f16", [ROWS_TOTAL, 64]), "clk": ("u64", [c, 2]), "sink": ("u32", [c, 32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"cluster {c}, " + (f"box {kb} KiB (128B swizzle), " if kb else "") + what,
             "mode": mode, "box_bytes": box_bytes if kb else 0, "loads_per_rep": iters, "ctas": c,
             "derive": "cycles_per_iteration = max over CTAs of clk[cta][1] / loads_per_rep"},
            shared=box_bytes, cluster=[c, 1, 1],
            extra={"tensormaps": f"\n  tm: {{buffer: t, dtype: f16, dims: [64, {ROWS_TOTAL}], strides: [128], "
                                 f"box: [64, {rows}], swizzle: 128B}}"},
            source=open(os.path.join(HERE, "tma7ld.cu")).read())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
