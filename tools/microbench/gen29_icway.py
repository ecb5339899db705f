"""Session 29 probe (helper icap): the SM instruction cache's associativity. Not a registered
family: its kernels are written under .devbuild/icap/ (git-ignored) for one device call
(tools/microbench/device29_icway.sh); the clk it brought back is in validation/timing/icap29.md.

icway_s<S>_n<N>: one warp, one CTA, 3 reps (icap's kernel, gen22_icap.py's PTX layout) of N
segments of 1 KiB of FFMA (8 lines), segment i starting i * S KiB (+ 16 B a BRA) after the
first: after each segment but the last, a `@%p3 bra` over a pad of S - 1 KiB that never runs.
The loop's footprint is N x 8-9 lines whatever S is; a set-associative cache of sets x 128 B
a way maps the segments to the same sets when S KiB is a multiple of sets x 128 B, so a loop
of more segments than ways misses on every line (rep 2 as slow as rep 0), while a fully
associative cache of ~32 KiB holds every such loop. clk[rep] = t1 - t0 (thread 0).
`python3 tools/microbench/gen29_icway.py OUTDIR` writes OUTDIR/icway_*/{kernel.ptx,launch.yaml}."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen22_icap as G  # noqa: E402

# (stride KiB, segments)
CASES = [(1, 8), (8, 4), (8, 5), (8, 6), (8, 8), (4, 8), (4, 10), (16, 5), (2, 16)]

LAUNCH = """# %(name)s: %(n)d segments of 1 KiB of FFMA %(s)d KiB apart (jumps over never-run pads), run 3 times by 1 warp
kernel: icap_kernel
grid: [1, 1, 1]
block: [32, 1, 1]
shared_bytes: 0
seed: 1
buffers:
  clk: {dtype: u64, shape: [1, 3]}
  sink: {dtype: u32, shape: [32]}
params:
  - {buffer: clk}
  - {buffer: sink}
  - {u32: 12345}
outputs: [clk, sink]
compare:
  clk: {ignore: all}
"""


def ptx(s, n):
    body = ""
    for i in range(n):
        body += G.ptx_kib(1)
        if i < n - 1 and s > 1:
            body += f"\t@%p3 bra \t$L__BB0_S{i};\n\n" + G.ptx_kib(s - 1) + f"\n$L__BB0_S{i}:\n"
    return G.PTX_HEAD + body + G.PTX_TAIL


def main(out):
    for s, n in CASES:
        name = f"icway_s{s}_n{n}"
        d = os.path.join(out, name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "kernel.ptx"), "w") as f:
            f.write(ptx(s, n))
        with open(os.path.join(d, "launch.yaml"), "w") as f:
            f.write(LAUNCH % {"name": name, "n": n, "s": s})


if __name__ == "__main__":
    main(sys.argv[1])
