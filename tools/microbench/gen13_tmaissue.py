"""Part 13 of the microbenchmark list (issues 14/15, session 10, helper "tmaissue"): the issue cost of a
TMA load against its latency. Family "tmai" (tmai.cu): one thread issues N = 1, 2, 4, 8 TMA 2D loads back
to back (unrolled; distinct boxes), a %clock64 stamp after each issue and after each load's mbarrier
wait; boxes of 1, 4 and 16 KiB, swizzle none and 128B; all loads on one mbarrier ("one"); multicast to
the 2 CTAs of a cluster ("mc"). Rep 0 warms L2 and the descriptor; the figures come from rep 1.

Figures (validation/calibrate/groups13_tmaissue.go; summarize.py):
  issue_cycles       stamp after issue 0 - t0 (one UTMALDG and a CS2R);
  issue_step_cycles  (stamp after issue N-1 - stamp after issue 0) / (N - 1), N >= 2;
  done_cycles        stamp after load 0's wait - t0 (issue -> complete_tx -> wake);
  done_last_cycles   stamp after the last wait - t0 (N >= 2; "one": its single wait).
`python3 tools/microbench/gen13_tmaissue.py` writes only these directories."""
import os
import sys

KIB = 1024
ROWS = 4096   # the tensor: f16 [4096][64] (128-byte rows, 512 KiB)


def bench(add, mode, n, kb, sw):
    rows = kb * KIB // 128
    box = kb * KIB
    name = f"tmai_{mode}_n{n}_{kb}k_{sw.lower()}"
    ctas = 2 if mode == "mc" else 1
    tmap = (f"{{buffer: t, dtype: f16, dims: [64, {ROWS}], strides: [128], box: [64, {rows}]"
            + (f", swizzle: {sw}" if sw != "none" else "") + "}")
    what = {"sep": "each on its own mbarrier",
            "one": "all on one mbarrier (expect_tx of all bytes), one wait",
            "mc": ".multicast::cluster to both CTAs of a cluster of 2 from rank 0, each on its own mbarrier"}[mode]
    add(name, "tmai", f"tmai_{mode}_n{n}", [ctas, 1, 1], [32, 1, 1],
        [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": rows}, {"u32": box}],
        {"t": ("f16", [ROWS, 64]), "clk": ("u64", [ctas, 2, 16]), "sink": ("u32", [ctas, 32])}, ["clk", "sink"],
        {"kind": "latency", "op": f"{n} TMA 2D loads of {kb} KiB boxes ([64 f16, {rows} rows], swizzle {sw}) "
                                  f"issued back to back by one thread, {what}; L2-resident (rep 1)",
         "loads": n, "box_bytes": box, "swizzle": sw, "mode": mode, "ctas": ctas,
         "derive": "rep 1 of CTA 0 (c = clk[0][1]): issue_cycles = c[0]; issue_step_cycles = (c[N-1] - c[0]) / (N-1); "
                   "done_cycles = c[8]; done_last_cycles = c[8 + N - 1] (one: c[8])"},
        shared=n * box, cluster=[2, 1, 1] if mode == "mc" else None, extra={"tensormaps": f"\n  tm: {tmap}"})


def register(add):
    for kb in (1, 4, 16):
        for n in (1, 2, 4, 8):
            bench(add, "sep", n, kb, "none")
        for n in (1, 4, 8):
            bench(add, "sep", n, kb, "128B")
    for n in (2, 4, 8):
        bench(add, "one", n, 1, "none")
    bench(add, "one", 4, 4, "128B")
    for n in (1, 2, 4, 8):
        bench(add, "mc", n, 4, "128B")
    for n in (1, 8):
        bench(add, "mc", n, 1, "none")


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
