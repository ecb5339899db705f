"""Part 6 of the microbenchmark list, helper "flash" (issue 14: the Triton
flash-attention forward at 32x4096 ran 4 CTAs per SM in the model, 2 on the
GPU, because the model took 32 registers per thread where ptxas gives 109):
register-limited occupancy (regocc). Each kernel holds K values live (a
chain of K dependent L2 loads, folded in reverse order), 128 threads, 4224
CTAs: the launch takes about ceil(4224 / (132 x CTAs per SM)) waves of K L2
round trips. The figure is ncu's sm__cycles_elapsed.max; the registers the
driver's JIT gave each kernel are in provenance.json (func_attributes.num_regs).
Imported by gen.py (register(add)); `python3 tools/microbench/gen6_flash.py`
writes only these directories."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

KS = (24, 40, 56, 72, 88, 104, 120, 152, 184, 216)
CTAS = 132 * 32


def register(add):
    for k in KS:
        add(f"regocc_k{k}", "regocc", f"regocc_k{k}", [CTAS, 1, 1], [128, 1, 1],
            [{"buffer": "buf"}, {"buffer": "out"}],
            {"buf": ("u32", [4096 * 32]), "out": ("f32", [CTAS * 128])}, ["out"],
            {"kind": "launch", "op": f"{k} values live: a chain of {k} dependent ld.volatile.global (one 128-byte "
                                     "line per warp), folded in reverse order by fma; 4224 CTAs of 128 threads",
             "live_values": k, "warps": 4,
             "derive": "ncu sm__cycles_elapsed.max; registers per thread: provenance func_attributes.num_regs"})


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    import gen  # noqa: E402  (builds gen.BENCH, writes nothing)
    mine = []
    register(lambda *a, **k: mine.append(a[0]))
    todo = [b for b in gen.BENCH if b["name"] in mine and not os.path.exists(os.path.join(gen.MB, b["name"]))]
    for b in todo:
        gen.write_dir(b)
    print(f"{len(todo)} of {len(mine)} benchmarks written")
