"""Part 13 of the microbenchmark list, mio helper (issue 13, session 10):
which shared-memory traffic a SHFL queues behind, by sub-partition
(shflq13.cu: background ld.shared / ldmatrix only in the chain's
sub-partition or only in the others; family warppipe, kind latency), and
REDUX.SUM by warps (redux13.cu: family warppipe, throughput and latency),
the reduction ptxas puts before a warp-reduced shared atomic. Imported by
gen.py (register(add)); `python3 tools/microbench/gen13_mio.py` writes only
these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ SHFL behind one or three sub-partitions
    for short, mode, wf in (("ldsm", 1, 16), ("lds", 2, 32)):
        for where, mask, warps in (("same", 1, 32), ("same", 1, 16), ("other", 14, 32)):
            if short == "ldsm" and warps != 32:
                continue
            bg = sum(1 for w in range(1, warps) if (mask >> (w & 3)) & 1)
            iters = 8
            # background port time >= 3 x 256 SHFL x 140 cycles (the GPU's
            # slowest step behind 31 warps)
            rounds = -(-3 * 256 * 140 // (wf * bg))
            what = {"same": "the chain's sub-partition", "other": "the three other sub-partitions"}[where]
            add(f"shflq13_{short}_{where}_w{warps}", "warppipe", "shflq13", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": mode}, {"s32": rounds},
                 {"u32": 12345}, {"u32": mask}],
                {"clk": ("u64", [1, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
                {"kind": "latency",
                 "op": f"dependent shfl.sync.bfly.b32 chain of warp 0 while {bg} warps of {what} run "
                       + ("ldmatrix.x4, 4 independent a round" if mode == 1 else
                          "ld.shared.v4.u32 at a 32-byte lane stride, 4 independent a round"),
                 "warps": warps, "background_warps": bg, "warp_ops_per_warp": iters * 32,
                 "background_rounds": rounds,
                 "derive": "cycles_per_op = clk[0][1] / warp_ops_per_warp"},
                source=src("shflq13.cu"))
    # ------------------------------------------------------------ REDUX.SUM
    for warps in (1, 32):
        iters = 16
        add(f"redux13_tput_w{warps}", "warppipe", "redux13_tput", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent x = redux.sync.add.u32(x) (REDUX.SUM), ILP 16, {warps} warps",
             "warps": warps, "warp_ops_per_warp": iters * 4 * 16,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=src("redux13.cu"))
    iters = 8
    add("redux13_chain", "warppipe", "redux13_chain", [1, 1, 1], [32, 1, 1],
        [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
        {"clk": ("u64", [1, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
        {"kind": "latency", "op": "dependent x = redux.sync.add.u32(x) (REDUX.SUM), 1 warp", "warps": 1,
         "warp_ops_per_warp": iters * 32,
         "derive": "cycles_per_op = clk[0][1] / warp_ops_per_warp"},
        source=src("redux13.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
