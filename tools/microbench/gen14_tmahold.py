"""Part 14 of the microbenchmark list (session 11, helper "tmanthold"): the hold a TMA load puts on its warp
in the code shape of the CuTe tutorial GEMM (tmah.cu): thread 0 of a 128-thread CTA issues N
cp.async.bulk.tensor.2d loads with .L2::cache_hint straight-line, with no %clock64 stamp between them,
against family tmai's stamp after every load (gen13_tmaissue.py). Boxes [64 f16, 8 rows] (1 KiB, the CuTe
NT kernel's) and [64 f16, 128 rows] (16 KiB, the TN kernel's), swizzle 128B. Rep 0 warms L2 and the
descriptor; the figures come from rep 1 (c = clk[1]).

Figures (validation/calibrate/groups14_tmahold.go; summarize.py):
  issue_cycles       c[0]: t0 -> the stamp after the last issue (every mode);
  issue_first_cycles c[1] (stp): t0 -> the stamp after the first issue;
  issue_step_cycles  (c[0] - c[1]) / (N - 1) (stp);
  done_cycles        c[2]: t0 -> the stamp after mbarrier 0's wait (the first stage's, stg);
  done_last_cycles   c[4] (stg): after the third stage's wait;
  w4_loop_cycles, w5_loop_cycles  c[5], c[6] (ovl): warp 4's (warp 0's sub-partition) and warp 5's 2048
                     fma.rn.f32 (4 chains) beside warp 0's loads.
`python3 tools/microbench/gen14_tmahold.py` writes only these directories."""
import os
import sys

KIB = 1024
ROWS = 4096   # the tensor: f16 [4096][64] (128-byte rows, 512 KiB)


def bench(add, mode, n, kb, hint=True, elect=False):
    rows = kb * KIB // 128
    box = kb * KIB
    suf = ("" if hint else "_nohint") + ("_elect" if elect else "")
    name = f"tmah_{mode}_n{n}_{kb}k" + suf
    kernel = f"tmah_{mode}_n{n}" + suf
    threads = 256 if mode == "ovl" else 128
    tmap = f"{{buffer: t, dtype: f16, dims: [64, {ROWS}], strides: [128], box: [64, {rows}], swizzle: 128B}}"
    who = "warp 0's elect.sync lane (CuTe's shape: no ELECT loop in the SASS)" if elect else "thread 0"
    what = {"blk": "straight-line by thread 0 of 128, all on one mbarrier, no stamp between them",
            "stp": "by thread 0 of 128 with a %clock64 stamp after each (tmai's shape), all on one mbarrier",
            "stg": "by thread 0 of 128 in 3 stages of N/3 (arrive.expect_tx on the stage's own mbarrier, then "
                   "its loads: the CuTe tutorial GEMM's prologue), no stamp between them",
            "ovl": "straight-line by thread 0 of warp 0 while warps 1..7 run 4 fma.rn.f32 chains of 512 "
                   "(N = 0: the control)"}[mode]
    add(name, "tmah", kernel, [1, 1, 1], [threads, 1, 1],
        [{"tensormap": "tm"}, {"buffer": "clk"}, {"buffer": "sink"}, {"s32": rows}, {"u32": box}],
        {"t": ("f16", [ROWS, 64]), "clk": ("u64", [2, 16]), "sink": ("u32", [64])}, ["clk", "sink"],
        {"kind": "latency", "op": f"{n} TMA 2D loads{'' if hint else ' (no cache hint)'} of {kb} KiB boxes "
                                  f"([64 f16, {rows} rows], swizzle 128B) issued {what.replace('thread 0', who)}; L2-resident (rep 1)",
         "loads": n, "box_bytes": box, "mode": mode, "hint": 1 if hint else 0, "elect": 1 if elect else 0, "stages": 3 if mode == "stg" else 1,
         "derive": "rep 1 (c = clk[1]): issue_cycles = c[0]; stp: issue_first_cycles = c[1], issue_step_cycles = "
                   "(c[0] - c[1]) / (N - 1); done_cycles = c[2]; stg: done_last_cycles = c[4]; ovl: "
                   "w4_loop_cycles = c[5], w5_loop_cycles = c[6]"},
        shared=max(n, 1) * box, extra={"tensormaps": f"\n  tm: {tmap}"})


def register(add):
    bench(add, "blk", 8, 1)
    bench(add, "blk", 32, 1)
    bench(add, "blk", 32, 1, hint=False)
    bench(add, "blk", 8, 16)
    bench(add, "stp", 32, 1)
    bench(add, "stg", 96, 1)
    bench(add, "stg", 6, 16)
    bench(add, "ovl", 0, 1)
    bench(add, "ovl", 32, 1)
    bench(add, "blk", 8, 1, elect=True)
    bench(add, "blk", 32, 1, elect=True)
    bench(add, "blk", 8, 16, elect=True)
    bench(add, "stp", 32, 1, elect=True)
    bench(add, "stg", 96, 1, elect=True)
    bench(add, "stg", 6, 16, elect=True)
    bench(add, "ovl", 32, 1, elect=True)


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
