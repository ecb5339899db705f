"""Part 11 of the microbenchmark list, atom helper (issue 15, session 8):
the warp pipe's throughput (SHFL.BFLY / IDX / UP, VOTE.ANY) by warps per SM
and the latency of ptxas's scan step and of a VOTE chain (warp11.cu, family
warppipe), and one warp's shared atomics that ptxas reduces to one lane on
distinct words, or that 32 lanes do on distinct words (atom11.cu, family
atom). Imported by gen.py (register(add)); `python3
tools/microbench/gen11_atom.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ warp pipe throughput
    for op, what in (("bfly", "shfl.sync.bfly.b32 (SHFL.BFLY)"),
                     ("idx", "shfl.sync.idx.b32, run-time lane (SHFL.IDX)"),
                     ("up", "shfl.sync.up.b32 (SHFL.UP)"),
                     ("vote", "x = ballot(x != 0) (ISETP + VOTE.ANY)"),
                     ("shfl_atom", "SHFL.BFLY + a dead atom.shared.add to the lane's own word (ATOMS) pairs"),
                     ("shfl_vote", "SHFL.BFLY + ballot (ISETP + VOTE.ANY) pairs")):
        for warps in ((1, 4, 8, 16, 32) if "_" not in op else (1, 32)):
            iters = 16
            add(f"warp11_{op}_w{warps}", "warppipe", f"warp11_{op}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
                {"kind": "throughput", "op": f"independent {what}, ILP 16, {warps} warps", "warps": warps,
                 "warp_ops_per_warp": iters * 4 * 16,
                 "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
                source=src("warp11.cu"))
    # ------------------------------------------------------------ dependent chains, one warp
    for op, what in (("vote_chain", "x = ballot(x != 0) (ISETP + VOTE.ANY)"),
                     ("scan_chain", "shfl.sync.up y|p, x, 1; @p add x, x, y (SHFL.UP + predicated IADD)")):
        iters = 8
        add(f"warp11_{op}", "warppipe", f"warp11_{op}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [1, 2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"dependent {what}, 1 warp", "warps": 1,
             "warp_ops_per_warp": iters * 32,
             "derive": "cycles_per_op = clk[0][1] / warp_ops_per_warp"},
            source=src("warp11.cu"))
    # ------------------------------------------------------------ one warp's atomics on distinct words
    for kern, what in (("dist_dead", "32 distinct words at a shared symbol + 4 k (warp-uniform: one lane each)"),
                       ("lanes_dead", "32 lanes on 32 distinct words (symbol + 4 * lane)")):
        for warps in (1, 32):
            iters = 8 if warps == 1 else 2
            add(f"atom11_{kern}_w{warps}", "atom", f"atom11_{kern}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 0}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"independent atom.shared.add.u32, {what}, result dead, {warps} warp(s)",
                 "warps": warps, "atoms_per_warp": iters * 32, "derive": "as smem_ld"},
                source=src("atom11.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
