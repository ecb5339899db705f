#!/usr/bin/env python3
"""fit.py ROWS: the code-size table of ptx/exec/codesize.go (codeExtraSlots) from `go run ./tools/codesize > ROWS`:
least squares on the relative error of each row's SASS bytes (Huber-reweighted, extras >= 0, ALU / compares /
memory / moves / calls held at 0), the redops twins left out (the out-of-sample check). Prints the table,
the rows off by more than 30% and the per-family median errors (new, and 16 bytes a slot)."""
import sys,collections,math
rows=[];cur=None
for l in open(sys.argv[1]):
    f=l.rstrip('\n').split('\t')
    if f[0]=='ROW':
        cur=dict(b=f[1],e=f[2],sass=int(f[3]),ins=[]); rows.append(cur)
    else: cur['ins'].append((f[1],int(f[2]),int(f[3])))
def cls(t,s):
    if t.startswith('cp.reduce.async.bulk.tensor'): return 'tma_red'
    if t.startswith('cp.reduce.async.bulk'): return 'bulk_red'
    if t.startswith('cp.async.bulk.tensor'):
        return 'tma_load' if '.shared::cluster.global' in t else 'tma_store'
    if t.startswith('cp.async.bulk.prefetch'): return 'bulk_prefetch'
    if t.startswith(('cp.async.bulk.commit','cp.async.bulk.wait')): return 'bulk_group'
    if t.startswith('cp.async.bulk.shared::cluster.global'): return 'bulk_load'
    if t.startswith('cp.async.bulk.global'): return 'bulk_store'
    if t.startswith('cp.async'): return 'cpasync'
    if t.startswith('mbarrier.init'): return 'mbar_init'
    if t.startswith(('mbarrier.try_wait','mbarrier.test_wait')): return 'mbar_wait'
    if t.startswith('mbarrier.arrive.expect_tx'): return 'mbar_arrive_tx'
    if t.startswith('mbarrier'): return 'mbar_other'
    if t.startswith('fence.proxy.tensormap'): return 'fence_tensormap'
    if t.startswith(('fence.proxy','fence.mbarrier_init')): return 'fence_async'
    if t.startswith('fence'): return 'fence'
    if t.startswith('elect'): return 'elect'
    if t.startswith('wgmma.mma_async'): return 'wgmma'
    if t.startswith('wgmma'): return 'wgmma_sync'
    if t.startswith('barrier.cluster'): return 'cluster_bar'
    if t.startswith(('div','rem')) and s>40: return 'div64'
    if t.startswith('setp'): return 'setp'
    if t=='bra': return 'bra'
    if t=='bra.uni': return 'bra_uni'
    if t.startswith(('ld.global','ld.volatile.global','st.global','ld.shared','st.shared')): return 'mem'
    if t.startswith(('call','ret')): return 'callret'
    if s==0: return 'free'
    return 'alu'
CL=sorted({cls(t,s) for r in rows for t,s,c in r['ins']})+['const']
exclude=lambda r: r['b'].startswith(('tph_redops','tph_tma_reduce_ops'))
def feats(r):
    n=collections.Counter()
    base=0
    for t,s,c in r['ins']:
        k=cls(t,s); n[k]+=1
        base+= ({86:4,69:4,80:6,65:4}[s] if k=='div64' else s)   # code size: call site only for 64-bit division
    n['const']=1
    return base,n
def solve(A,b):
    n=len(b)
    M=[A[i][:]+[b[i]] for i in range(n)]
    for c in range(n):
        p=max(range(c,n),key=lambda r:abs(M[r][c])); M[c],M[p]=M[p],M[c]
        for r in range(n):
            if r!=c and M[c][c]!=0:
                f=M[r][c]/M[c][c]
                for k in range(c,n+1): M[r][k]-=f*M[c][k]
    return [M[i][n]/M[i][i] if M[i][i] else 0 for i in range(n)]
def fit(CL,lam=1e-3,rw=None,fixed=None):
  fixed=dict(fixed or {})
  while True:
    x=fit1(CL,lam,rw,fixed)
    bad=[c for c in CL if c not in fixed and c!='const' and x[c]< 0]
    if not bad: return x
    c=min(bad,key=lambda c:x[c]); fixed[c]=0
def fit1(CL,lam,rw,fixed):
    K=len(CL); A=[[0]*K for _ in range(K)]; bb=[0]*K
    for r in rows:
        if exclude(r): continue
        base,n=feats(r); y=r['sass']/16-base-sum(v*n.get(c,0) for c,v in fixed.items()); w=(16/r['sass'])**2*(rw.get(id(r),1) if rw else 1)
        x=[0 if c in fixed else n.get(c,0) for c in CL]
        for i in range(K):
            if not x[i]: continue
            bb[i]+=w*x[i]*y
            for j in range(K): A[i][j]+=w*x[i]*x[j]
    for i in range(K): A[i][i]+=lam
    out=dict(zip(CL,solve(A,bb))); out.update(fixed); return out
def pred(r,x):
    base,n=feats(r); return 16*(base+sum(x[c]*v for c,v in n.items()))
FIX={c:0 for c in ("alu","setp","free","mem","callret","bulk_group","wgmma_sync")}
x=fit(CL,fixed=FIX)
for it in range(30):
    rw={}
    for r in rows:
        e=abs(pred(r,x)/r['sass']-1) if 'pred' in globals() else 0
        rw[id(r)]=1 if e<0.1 else 0.1/e
    x=fit(CL,rw=rw,fixed=FIX)
for c in CL: print('%-14s %7.2f'%(c,x[c]))
fam=collections.defaultdict(list)
errs=[]
for r in rows:
    p=pred(r,x); e=p/r['sass']-1
    m=sum(i[2] for i in r['ins'])
    fam[''.join(ch for ch in r['b'].split('_')[0])].append((e,m/r['sass']-1))
    if not exclude(r): errs.append(abs(e))
    if exclude(r) or abs(e)>0.3: print('   %-28s %-20s sass %6d model %6d pred %6d err %+.2f'%(r['b'],r['e'][:20],r['sass'],m,p,e))
errs.sort(); print('median |err|',errs[len(errs)//2],'p90',errs[int(.9*len(errs))])
for f,v in sorted(fam.items()):
    v.sort(); print('%-10s n=%3d  med new %+.2f  old %+.2f'%(f,len(v),v[len(v)//2][0],sorted(x[1] for x in v)[len(v)//2]))
