"""Part 12 of the microbenchmark list (issue 15, helper "jumptab"): the
switch loops of tmast9.cu (gen8_tmast.py) in the cases that were not
recorded, to check ptxas's two kinds of jump table (sim/sm/jumptable.go)
against a prediction made before recording:
  - case 1 of the 8-case switch: the same uniform table as case 0 (the leaf
    {0,1,2} behind the hoisted root split: ULDC c[0x2][UR] + BRXU);
  - case 3: the leaf {3,4} behind the in-loop split `sel > 4`, a table
    indexed with that compare's R register (LDC c[0x2][R] + BRX).
Each for the ALU switch (sw8) and the bulk-reduction switch (redsw8).
tmast9_<kind>_s<sel>; family tmax (cycles_per_op = clk[1][1] / ops_per_rep).
Imported by gen.py (register(add)); `python3 tools/microbench/gen12_jumptab.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from gen8_tmast import KINDS  # noqa: E402

BENCHES = (("sw8", 1), ("sw8", 3), ("redsw8", 1), ("redsw8", 3))


def register(add):
    src = open(os.path.join(HERE, "tmast9.cu")).read()
    for kn, sel in BENCHES:
        kind, what = KINDS[kn]
        iters = 32 if kind == 4 else 256
        add(f"tmast9_{kn}_s{sel}", "tmax", "t9_x", [1, 1, 1], [128, 1, 1],
            [{"buffer": "clk"}, {"buffer": "sink"}, {"buffer": "dst"}, {"s32": iters}, {"s32": kind},
             {"s32": sel}],
            {"clk": ("u64", [2, 2]), "sink": ("u32", [33]), "dst": ("u8", [65536])},
            ["clk", "sink"],
            {"kind": "latency",
             "op": f"{what}, case {sel}, {iters} per rep (thread 0)",
             "ops_per_rep": iters, "sel": sel,
             "derive": "cycles_per_op = clk[1][1] / ops_per_rep; issue_cycles_per_op = clk[1][0] / ops_per_rep"},
            shared=1024, source=src)


if __name__ == "__main__":
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    gen.write_family(register)
