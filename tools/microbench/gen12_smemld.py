"""Part 12 of the microbenchmark list, smemld helper (issue 13, session 12):
a dependent SHFL.BFLY chain of one warp beside other warps' ldmatrix or
ld.shared wavefronts, or their ALU work (shflq12.cu, family warppipe,
kind latency: cycles_per_op = clk[0][1] / warp_ops_per_warp). Imported by
gen.py (register(add)); `python3 tools/microbench/gen12_smemld.py` writes
only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


MODES = (("none", 0, "nothing (the chain alone)"),
         ("ldsm", 1, "ldmatrix.x4, 4 wavefronts each, 4 independent a round"),
         ("lds", 2, "ld.shared.v4.u32 at a 32-byte lane stride, 8 wavefronts each, 4 independent a round"),
         ("alu", 3, "16 independent xor chains (issue slots only)"))


def register(add):
    for short, mode, what in MODES:
        for warps in ((1,) if mode == 0 else (8, 32)):
            iters = 8
            # background rounds: 2 x 256 SHFL x ~60 cycles (the model's chain
            # behind a full port queue) over a round's port or issue cycles
            per_round = {0: 1, 1: 16, 2: 32, 3: 16}[mode] * max(warps - 1, 1)
            rounds = 0 if mode == 0 else -(-2 * 256 * 60 // per_round)
            add(f"shflq12_{short}_w{warps}", "warppipe", "shflq12", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": mode}, {"s32": rounds}, {"u32": 12345}],
                {"clk": ("u64", [1, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
                {"kind": "latency",
                 "op": f"dependent shfl.sync.bfly.b32 chain of warp 0 while {warps - 1} other warps run {what}",
                 "warps": warps, "warp_ops_per_warp": iters * 32, "background_rounds": rounds,
                 "derive": "cycles_per_op = clk[0][1] / warp_ops_per_warp"},
                source=src("shflq12.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
