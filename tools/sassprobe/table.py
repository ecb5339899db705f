#!/usr/bin/env python3
"""Turn the probe's SASS counts into ptx/exec/sass_slots.tsv: per PTX form,
the SASS instructions ptxas 13.0 emits for one instance (counts of the N=4
and N=2 kernels, halved, minus the loads/stores/conversions around it).
Usage: table.py data/index.json data/sass_counts.tsv > ../../ptx/exec/sass_slots.tsv"""
import json, sys
idx = json.load(open(sys.argv[1]))
c = {}
for l in open(sys.argv[2]):
    p = l.rstrip('\n').split('\t')
    if len(p) >= 2 and p[1] != '-1':
        c[p[0]] = int(p[1])
ver = open(sys.argv[2] + '.version').read().strip() if len(sys.argv) > 2 else ''
rows = []
for f, d in idx.items():
    if f + '_2' not in c or f + '_4' not in c:
        continue
    per = (c[f + '_4'] - c[f + '_2']) / 2
    v = per - (d['srcs'] + d['pred_srcs'] + d['dst'] + d['pred_dst'])
    rows.append((d['form'], max(0, int(v + 0.5))))
print('# SASS instructions per PTX instruction form, measured with ptxas -arch=sm_90a -O3 (%s)' % ver)
print('# by tools/sassprobe (forms.py over the corpus PTX, gen.py, compile.sh on the GPU machine, table.py).')
print('# Static counts: a form whose expansion calls a subroutine (64-bit integer division) counts the call only.')
for form, v in sorted(rows):
    print(f'{form}\t{v}')
