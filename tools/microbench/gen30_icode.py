"""Session 30 probe (helper icode): the cost of a call in code order when the code streams from the
L2 (coldj's rep 1), by function size and count. Not a registered family: its kernels are written
under .devbuild/icode/ (git-ignored) for one device call (tools/microbench/device30_icode.sh); the clk
it brought back is in validation/timing/icode30.md.

icj_k<K>_f<F>_s<S>: gen8_cold.py's coldj source (K __noinline__ functions of F independent
fma.rn.f32, called in the order i * S mod K), two reps (rep 0 cold, rep 1 warm), one warp.
`python3 tools/microbench/gen30_icode.py OUTDIR` writes OUTDIR/icj_*/{kernel.cu,launch.yaml}."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen8_cold as G  # noqa: E402

# (functions, FFMAs a function, call stride)
CASES = [(64, 32, 1), (64, 64, 1), (128, 16, 1), (256, 8, 1), (32, 32, 1), (16, 32, 1),
         (64, 32, 17), (128, 16, 17), (64, 96, 1), (96, 32, 1)]

LAUNCH = """# %(name)s: %(k)d calls of functions of %(f)d FFMA in the order i * %(s)d mod %(k)d, 1 warp
kernel: coldj_call
grid: [1, 1, 1]
block: [32, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {dtype: u64, shape: [1, 2]}
  sink: {dtype: u32, shape: [32]}
params:
  - {buffer: clk}
  - {buffer: sink}
  - {u32: 12345}
outputs: [clk, sink]
compare:
  clk: {ignore: all}
  sink: {ignore: all}
"""


def main(out):
    for k, f, s in CASES:
        name = f"icj_k{k}_f{f}_s{s}"
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.cu"), "w") as fh:
            fh.write(G.jump_source(k, f, s))
        with open(os.path.join(d, "launch.yaml"), "w") as fh:
            fh.write(LAUNCH % {"name": name, "k": k, "f": f, "s": s})


if __name__ == "__main__":
    main(sys.argv[1])
