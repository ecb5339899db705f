"""Part 8 of the microbenchmark list, core helper (issues 13 and 15, session
6): brloop8_* (core8.cu), the cost of one iteration of a counted loop from
two trip counts in one launch (the difference cancels the loop's entry,
exit and clock reads): branch_latency_cycles. Family "chain" (its figure
cycles_per_op = clk[1] / ops_per_rep, here the iterations n2 - n1).
Imported by gen.py (register(add)); `python3 tools/microbench/gen8_core.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
N1, N2 = 8, 72


def src():
    return open(os.path.join(HERE, "core8.cu")).read()


def register(add):
    for body, what in (("b1", "one add.u32 (IADD3)"), ("b4", "four independent add.u32")):
        add(f"brloop8_{body}", "chain", f"core8_brloop_{body}", [1, 1, 1], [32, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"s32": N1}, {"s32": N2}],
            {"clk": ("u64", [2]), "sink": ("u32", [32])}, ["clk", "sink"],
            {"kind": "latency", "op": f"counted loop iteration, body {what} (one warp; {N2} minus {N1} trips)",
             "ops_per_rep": N2 - N1, "warps": 1, "n1": N1, "n2": N2,
             "derive": "cycles_per_op = clk[1] / ops_per_rep (clk[rep] = t(n2 trips) - t(n1 trips))"},
            source=src())


if __name__ == "__main__":
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
