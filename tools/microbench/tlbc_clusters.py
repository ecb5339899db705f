#!/usr/bin/env python3
"""tlbc per-load latencies by lap, pooled over the recordings, split in two groups (least-squares
cut; loads under 1000 cycles): cold = the ncu launches (caches flushed: lines from HBM), warm = the
launches without ncu of tlbc_*_p16 (the input upload leaves their 32 MiB in L2: lines from L2).
validation/timing/hbm18.md, test 1 and 2. Run from the repository root."""
import json,gzip,glob,statistics as st,collections
def load(p): return json.load(gzip.open(p))
res=collections.defaultdict(list)
for d in sorted(glob.glob('validation/microbench/tlbc_*')):
    name=d.split('/')[-1]; P=int(name.split('_p')[1].split('_')[0]); cg='_cg_' in name
    for suf,gpu in [('','h200'),('.h100','h100')]:
        for kind in ['clock_runs','clock_ncu']:
            try: j=load(f'{d}/{kind}{suf}.json.gz')
            except Exception: continue
            for o in j['outputs']:
                lat=o['lat']; n=32+3*P
                L=[(lat[k+2]-lat[k+1])&0xffffffff for k in range(n-1)]
                laps={'C':L[1:31],'A':L[32:31+P],'B':L[32+P:31+2*P],'D':L[32+2*P:31+3*P]}
                state='warm' if kind=='clock_runs' else 'cold'
                if state=='warm' and P>16: continue  # the upload leaves only P=16's buffer in L2
                for lp,v in laps.items():
                    if lp=='D' and not cg and P<1024: continue  # L1 hits
                    key=(gpu,state,'AB' if lp in 'AB' else lp)
                    res[key]+= [x for x in v if x<1000]
def split(v):
    v=sorted(v); n=len(v); S=[0];Q=[0]
    for x in v: S.append(S[-1]+x); Q.append(Q[-1]+x*x)
    best=None
    for i in range(1,n):
        sa,qa,sb,qb=S[i],Q[i],S[n]-S[i],Q[n]-Q[i]
        c=qa-sa*sa/i+qb-sb*sb/(n-i)
        if best is None or c<best[0]: best=(c,sa/i,sb/(n-i),i,n-i)
    return best[1:]
for k in sorted(res):
    v=res[k]; ma,mb,na,nb=split(v)
    print(k, 'n',len(v),'low %.0f (%d)  high %.0f (%d)  median %.0f'%(ma,na,mb,nb,st.median(v)))
