"""Part 8 of the microbenchmark list, brnt helper (issues 13 and 14, session
6): brnt8_* (brnt8.cu, brnt8a.cu), the cost of a straight-line chain of N
compare-and-branch pairs as result checks write them (setp.ne.s32 + @p bra
to a failure block, never taken): nt (nvcc's code from C `if (v != 0) goto
fail`), na/nm/ns (the chain as one PTX block: plain, with a mov of the
pair's index before each pair, with the predicate through selp + setp as
the mbarrier try_wait idiom writes it), against nb (the compares
without branches, each predicating an add) and tk (forward branches that are
taken, each over a two-add block). N = 16 and 64 values loaded (zeros)
before the timed region. Family "chain" (its figure cycles_per_op = clk[1] /
ops_per_rep, here N pairs). Imported by gen.py (register(add));
`python3 tools/microbench/gen8_brnt.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

WHAT = {
    "nt": "never-taken setp.ne.s32 + @p bra to a failure block (C goto)",
    "na": "never-taken setp.ne.s32 + @p bra to a failure label (one PTX block; ptxas may merge them)",
    "nm": "never-taken mov.u32 index + setp.ne.s32 + @p bra to a failure label (one PTX block)",
    "ns": "never-taken mov.u32 index + selp.u32 1/0 of a ready predicate + setp.ne.s32 + @p bra (one PTX block)",
    "nb": "setp.ne.s32 predicating an add.u32, no branch",
    "tk": "taken forward setp.eq.s32 + @p bra over two add.u32",
}


def src(f):
    return open(os.path.join(HERE, f)).read()


def register(add):
    for kind in ("nt", "na", "nm", "ns", "nb", "tk"):
        for n in (16, 64):
            add(f"brnt8_{kind}{n}", "chain", f"brnt8_{kind}{n}", [1, 1, 1], [32, 1, 1],
                [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "data"}],
                {"clk": ("u64", [2]), "sink": ("u32", [32]), "data": ("s32", [n * 32])}, ["clk", "sink"],
                {"kind": "latency", "op": f"{WHAT[kind]}, a chain of {n} pairs (one warp)",
                 "ops_per_rep": n, "warps": 1,
                 "derive": "cycles_per_op = clk[1] / ops_per_rep (clk[rep] = t(chain) - t(empty region))"},
                source=src("brnt8a.cu" if kind in ("na", "nm", "ns") else "brnt8.cu"))


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
