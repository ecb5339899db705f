"""Part 13 of the microbenchmark list, branch helper (session 13):
brsplit13_* (brsplit13.cu), a counted loop's iteration from two trip counts
in one launch (the method of brloop8_*, gen8_core.py) with bodies that make
branch_latency_cycles and branch_predicate_cycles enter in different
combinations: k<K> K NOPs (fence.mbarrier_init) per iteration (the compare
chain or the issue bounds the loop), c<D> a dependent IMAD chain of D with a
counter exit (the compare off the chain), x<D> the same chain with an exit
on its value (compare and predicate wait in series with the chain). Family
"chain" (its figure cycles_per_op = clk[1] / ops_per_rep, here the
iterations n2 - n1). Imported by gen.py (register(add));
`python3 tools/microbench/gen13_brsplit.py` writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
N1, N2 = 8, 72

VARIANTS = (
    ("k4", "four fence.mbarrier_init (NOPs), counter exit"),
    ("k8", "eight fence.mbarrier_init (NOPs), counter exit"),
    ("k12", "twelve fence.mbarrier_init (NOPs), counter exit"),
    ("k24", "24 fence.mbarrier_init (NOPs), counter exit"),
    ("c4", "a dependent chain of four mad.lo.u32 (IMAD), counter exit"),
    ("c8", "a dependent chain of eight mad.lo.u32 (IMAD), counter exit"),
    ("x1", "one mad.lo.u32 (IMAD), exit on its value"),
    ("x4", "a dependent chain of four mad.lo.u32 (IMAD), exit on the chain's value"),
    ("x8", "a dependent chain of eight mad.lo.u32 (IMAD), exit on the chain's value"),
)


def src():
    return open(os.path.join(HERE, "brsplit13.cu")).read()


def register(add):
    for v, what in VARIANTS:
        add(f"brsplit13_{v}", "chain", f"brsplit13_{v}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": N1}, {"s32": N2}, {"u32": 1}, {"u32": 1}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"counted loop iteration, body {what} (one warp; {N2} minus {N1} trips)",
             "ops_per_rep": N2 - N1, "warps": 1, "n1": N1, "n2": N2,
             "derive": "cycles_per_op = clk[1] / ops_per_rep (clk[rep] = t(n2 trips) - t(n1 trips))"},
            source=src())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
