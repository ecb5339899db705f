#!/usr/bin/env python3
"""procs.py SPLIT.yaml: the device run's processes, one per line: NAME CPUS PARTS ONLY-REGEXP.

The 16-core device host runs eight processes at once (taskset): part 1 and the captured kernels, part 2
and the sizes below 4096^3, and the eight 4096^3 launches (the longest, with their --no-sample reruns)
in five processes. gemm_wgmma_4096 is in part 2 and in sizes: it runs once, in a sizes process, and
table.py repeats its row in part 2."""
import sys, yaml
ev = yaml.safe_load(open(sys.argv[1]))['evidence']
names = {p: [d.rstrip('/').split('/')[-1] for d in ev[p]] for p in ev}
big = [n for n in names['sizes'] if n.endswith('_4096') or n.endswith('x4096')]
def rx(ns):
    return '^(' + '|'.join(sorted(set(ns))) + ')$'
groups = [
    ('p1cap', '0', 'part1,captured', ''),
    ('part2', '1-2', 'part2', rx([n for n in names['part2'] if n not in big])),
    ('sizes', '3-4', 'sizes', rx([n for n in names['sizes'] if n not in big])),
]
# the big launches, heaviest first, into five processes
order = ['cutlass_gemm_ws_cooperative_4096', 'triton_flash_attn_fwd_32x4096', 'cutlass_gemm_ws_pingpong_4096',
         'triton_matmul_4096', 'triton_matmul_tma_persistent_4096', 'triton_matmul_tma_4096',
         'cute_wgmma_tma_tn_4096', 'gemm_wgmma_4096']
big = [n for n in order if n in big] + [n for n in big if n not in order]
bins = [[] for _ in range(5)]
for i, n in enumerate(big):
    bins[i if i < 5 else 9 - i].append(n)
cpus = ['5-6', '7-8', '9-10', '11-12', '13-15']
for i, b in enumerate(bins):
    if b:
        groups.append((f'big{i}', cpus[i], 'sizes', rx(b)))
for g in groups:
    print(*[x if x else '-' for x in g])
