"""Part 7 of the microbenchmark list, core helper (issues 13 and 15, session
5): same-word shared atomics by address kind and result liveness (atom7.cu:
does ptxas reduce in the warp, and when does the hardware serialise per
lane?), 32- and 64-bit division throughput at 8 warps per scheduler
(idivtput at 32 warps; gen5.py has 16, gen6_core.py 4 and 8), and the
IMAD + LOP3 mixes at 1 and 8 warps per scheduler (itmix at 4 and 32 warps;
gen5.py has 16). Imported by gen.py (register(add));
`python3 tools/microbench/gen7_core.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ same-word shared atomics
    # family atom (figures as atom_shared_*: cycles_per_warp_inst = max_w clk / (warps * atoms_per_warp))
    for addr, awhat in (("const", "a shared symbol (warp-uniform to ptxas)"),
                        ("param", "symbol + 4 * a kernel parameter (warp-uniform to ptxas)"),
                        ("lane", "symbol + 4 * (lane & zero), zero = 0 (per-lane to ptxas)")):
        for res in ("dead", "used"):
            for warps in (1, 32):
                iters = 8 if warps == 1 else 2
                add(f"atom7_{addr}_{res}_w{warps}", "atom", f"atom7_{addr}_{res}", [1, 1, 1], [32 * warps, 1, 1],
                    [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 0}, {"u32": 0}],
                    {"clk": ("u64", [warps, 2]), "sink": ("u32", [warps])}, ["clk", "sink"],
                    {"kind": "throughput",
                     "op": f"independent atom.shared.add.u32, all lanes one word at {awhat}, result {res}, {warps} warp(s)",
                     "warps": warps, "atoms_per_warp": iters * 32, "derive": "as smem_ld"},
                    source=src("atom7.cu"))
    # ------------------------------------------------------------ division throughput at 8 warps per scheduler
    for op, what in (("u64", "u64 x / d, both 64-bit (the subroutine)"),
                     ("s64", "s64 x / d, |d| > 2^32 (the subroutine)"),
                     ("u32", "u32 x / d")):
        warps, iters = 32, 2
        add(f"idivtput_{op}_w{warps}", "idivtput", f"idivtput_{op}", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent {what}, ILP 4, {warps} warps", "warps": warps,
             "warp_ops_per_warp": iters * 4 * 4,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1] (divisions)"},
            source=src("idivtput.cu"))
    # ------------------------------------------------------------ IMAD + LOP3 at 1 and 8 warps per scheduler
    for op, what in (("imad_lop", "IMAD + LOP3 of three distinct registers (y ^ (x & m))"),
                     ("imad_lop2", "IMAD + LOP3 of two distinct registers (y ^ (x & x))"),
                     ("imad3_shf", "IMAD of three distinct registers + SHF.L.W")):
        for warps in (4, 32):
            iters = 4
            add(f"itmix_{op}_w{warps}", "itmix", f"itmix_{op}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
                {"kind": "throughput", "op": f"independent {what} pairs, ILP 8, {warps} warps", "warps": warps,
                 "warp_ops_per_warp": iters * 8 * 8 * 2,
                 "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
                source=src("itmix.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
