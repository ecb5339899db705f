"""Part 9 of the microbenchmark list, ihash helper (issue 13, session 7):
int_hash's mix, isolated. int_hash spends three quarters of its warp time in
64-bit division subroutines with 240 other SASS instructions per round beside
them, at 10 warps per scheduler, and its SASS puts 58% of its FMA-heavy pipe
time in those subroutines. ihash9_div_* (ihash9.cu, family idivtput) is one
u64 division per step plus 8 or 32 independent IMADs, or 32 independent
xor+add (LOP3 + IADD3), at 2, 4 and 8 warps per scheduler; itput64_add_w*
(itput64.cu, family itput) is independent add.u64 (IADD3 + IADD3.X) at 1, 2
and 8 warps per scheduler (itput64_add has 4). Imported by gen.py
(register(add)); `python3 tools/microbench/gen9_ihash.py` writes only these
directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def src(name):
    return open(os.path.join(HERE, name)).read()


def register(add):
    # ------------------------------------------------------------ division + independent integer work
    for fill, what in (("imad8", "8 independent mad.lo.u32 (IMAD)"),
                       ("imad32", "32 independent mad.lo.u32 (IMAD)"),
                       ("alu32", "32 independent xor + add.u32 (LOP3 + IADD3)")):
        for warps in (8, 16, 32):
            iters = 2
            add(f"ihash9_div_{fill}_w{warps}", "idivtput", f"ihash9_div_{fill}", [1, 1, 1], [32 * warps, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
                {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
                {"kind": "throughput",
                 "op": f"u64 x / d, both 64-bit (the subroutine), one chain, beside {what}, {warps} warps",
                 "warps": warps, "warp_ops_per_warp": iters * 4,
                 "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1] (divisions)"},
                source=src("ihash9.cu"))
    # ------------------------------------------------------------ add.u64 by warps per scheduler
    for warps in (4, 8, 32):
        iters = 4
        add(f"itput64_add_w{warps}", "itput", "itput64_add", [1, 1, 1], [32 * warps, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": iters}, {"u32": 12345}],
            {"clk": ("u64", [warps, 2]), "sink": ("u32", [32 * warps])}, ["clk", "sink"],
            {"kind": "throughput", "op": f"independent add.u64 (IADD3 + IADD3.X), ILP 8, {warps} warps",
             "warps": warps, "warp_ops_per_warp": iters * 16 * 8,
             "derive": "warp_inst_per_sm_cycle = warps * warp_ops_per_warp / max_w clk[w][1]"},
            source=src("itput64.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
