"""Part 15 of the microbenchmark list, atomu helper (issue 13, session 12):
a warp-uniform dead shared atomic's per-iteration cost (ptxas's S2R +
REDUX.SUM + VOTEU + UFLO before one lane's ATOMS) by atomics an iteration
and warps, and which pipe REDUX.SUM and S2R SR_LANEID share with 32-lane
ATOMS (atom15.cu, family atom); REDUX.SUM alone at 8 warps (redux13.cu,
family warppipe). Imported by gen.py (register(add)); `python3
tools/microbench/gen15_atomu.py` writes only these directories.

What ptxas 13.0 made of them (tools/microbench/atom15_sass.txt): atom15_redU
is atom7_const_dead's loop (REDUX.SUM, VOTEU.ANY, UFLO, ISETP, IMAD.U32, U
one-lane ATOMS) with S2R SR_LANEID hoisted before the loop at U = 8;
atom15_mixr puts its 4 REDUX.SUM + IMAD.U32 among the 32 ATOMS; atom15_mixs
does NOT measure S2R: ptxas reads %laneid once before the loop and adds it
with 4 IMAD.IADD an iteration (ncu: 2 more LSU instructions a warp than
atom15_mixr, not 32). Recorded on the H200 and the H100 (device.sh, the same PTX)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ reduced atomics, U an iteration
    for u, warpset in ((8, (1, 8, 32)), (32, (8,)), (128, (1, 8, 32))):
        for warps in warpset:
            atoms = 256 if warps == 1 else 128
            iters = atoms // u
            add(f"atom15_red{u}_w{warps}", "atom", f"atom15_red{u}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 0}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"independent atom.shared.add.u32, all lanes one word at a shared symbol (warp-uniform: "
                       f"REDUX.SUM + one lane), result dead, {u} an iteration, {warps} warp(s)",
                 "warps": warps, "atoms_per_warp": iters * u, "atoms_per_iteration": u, "derive": "as smem_ld"},
                source=src("atom15.cu"))
    # ------------------------------------------------------------ 32-lane atomics beside REDUX or S2R
    for kern, what in (("mixr", "plus 4 independent redux.sync.add.u32 an iteration"),
                       ("mixs", "plus 4 reads of %laneid an iteration")):
        for warps in (1, 32):
            iters = 8 if warps == 1 else 4
            add(f"atom15_{kern}_w{warps}", "atom", f"atom15_{kern}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 0}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"independent atom.shared.add.u32, 32 lanes on 32 distinct words, result dead, {what}, "
                       f"{warps} warp(s)",
                 "warps": warps, "atoms_per_warp": iters * 32, "atoms_per_iteration": 32, "derive": "as smem_ld"},
                source=src("atom15.cu"))
    # ------------------------------------------------------------ REDUX.SUM, 2 warps a sub-partition
    iters = 16
    add("redux15_tput_w8", "warppipe", "redux13_tput", [1, 1, 1], [256, 1, 1],
        [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
        {"clk": ("u64", [8, 2]), "sink": ("u32", [256])}, ["clk", "sink"],
        {"kind": "throughput", "op": "independent x = redux.sync.add.u32(x) (REDUX.SUM), ILP 16, 8 warps",
         "warps": 8, "warp_ops_per_warp": iters * 4 * 16,
         "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
        source=src("redux13.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
