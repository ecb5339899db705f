#!/usr/bin/env python3
"""side30: per SM and block, the median chain cycles over launches 1..4 (h200/side.jsonl.gz); each block's
SMs cut at the midpoint of its min and max; SMs clustered by agreement with the lowest SM id's pattern; the
side found for each SM of the H200 GPC map (sim/gpu/gpcs.go) against the model's (GPC index parity)."""
import gzip, json, os, re, statistics as st
here = os.path.dirname(os.path.abspath(__file__))
L = [json.loads(l) for l in gzip.open(os.path.join(here, 'h200', 'side.jsonl.gz'), 'rt')]
src = open(os.path.join(here, '..', '..', '..', 'sim', 'gpu', 'gpcs.go')).read()
i = src.index('var h200GPCs'); blk = src[i:src.index('\n}\n', i)]
gpcs = [list(map(int, re.findall(r'\d+', ln))) for ln in blk.split('\n')[1:] if '{' in ln]
NB = len(L[0]['lat'][0])
lat = {}
for r in L[1:]:
    for c, sm in enumerate(r['smid']):
        lat.setdefault(sm, []).append(r['lat'][c])
med = {sm: [st.median(x[b] for x in v) for b in range(NB)] for sm, v in lat.items()}
allv = sorted(v for m in med.values() for v in m)
print('chain cycles quantiles 0/10/25/50/75/90/100%:', [allv[int(q * (len(allv) - 1))] for q in (0, .1, .25, .5, .75, .9, 1)])
thr = [(min(med[s][b] for s in med) + max(med[s][b] for s in med)) / 2 for b in range(NB)]
vec = {s: [int(med[s][b] > thr[b]) for b in range(NB)] for s in med}
ref = vec[min(vec)]
agree = {s: sum(a == b for a, b in zip(vec[s], ref)) for s in vec}
print('SMs agreeing with SM %d on > 75%% of blocks: %d, < 25%%: %d, between: %d' % (
    min(vec), sum(a > .75 * NB for a in agree.values()), sum(a < .25 * NB for a in agree.values()),
    sum(.25 * NB <= a <= .75 * NB for a in agree.values())))
for g, ss in enumerate(gpcs):
    print('GPC', g, ''.join(str(int(agree[s] <= NB / 2)) for s in ss if s in agree), 'model side', g % 2)
