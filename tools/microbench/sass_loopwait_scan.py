#!/usr/bin/env python3
"""Conditional forward BRAs of cuobjdump -sass dumps (sm_90) with a global load (LDG/LD) in flight:
does the BRA's wait mask hold the load's write barrier? 'loopcarried': the load comes later in
the code (a previous iteration's), found by a scoreboard dataflow over the control-flow graph.
Usage: sass_loopwait_scan.py 'GLOB' ... (validation/timing/hbm18.md: the dumps earlier sessions'
device calls left under /tmp/*/sass and /tmp/*/*/sass; files with the same name counted once)."""
import re,sys,glob,collections
files=sorted(set(sum((glob.glob(a) for a in sys.argv[1:]), [])))
seen=set(); res=collections.Counter(); ex=collections.defaultdict(list)
def funcs(fn):
    cur=None;prev=None
    for l in open(fn,errors='replace'):
        if 'Function :' in l:
            if cur: yield cur
            cur=[]; continue
        m=re.match(r'\s+/\*([0-9a-f]{4,5})\*/\s+(.*?);\s+/\* (0x[0-9a-f]+) \*/',l)
        if m: prev=(int(m.group(1),16),m.group(2)); continue
        m2=re.match(r'\s+/\* (0x[0-9a-f]+) \*/',l)
        if m2 and prev is not None and cur is not None:
            hi=int(m2.group(1),16); cur.append((prev[0],prev[1],(hi>>46)&7,(hi>>49)&7,(hi>>52)&63)); prev=None
    if cur: yield cur
for fn in files:
    base=fn.split('/')[-1]
    if base in seen: continue
    seen.add(base)
    for ins in funcs(fn):
        idx={pc:i for i,(pc,*_) in enumerate(ins)}
        n=len(ins); succ=[[] for _ in range(n)]; info=[]
        for i,(pc,t,wb,rb,wm) in enumerate(ins):
            m=re.match(r'(@!?U?P\w+\s+)?(\S+)',t); op=m.group(2); pred=m.group(1)
            info.append((op,pred))
            tg=None
            if op in('BRA','BRA.U','BRA.DIV'):
                mt=re.search(r'(0x[0-9a-f]+)\s*$',t)
                if mt and int(mt.group(1),16) in idx: tg=idx[int(mt.group(1),16)]
            if tg is not None: succ[i].append(tg)
            if not ((op.startswith('BRA') or op=='EXIT') and not pred) and i+1<n: succ[i].append(i+1)
        state=[None]*n; state[0]=frozenset()
        changed=True; it=0
        while changed and it<50:
            changed=False; it+=1
            for i in range(n):
                if state[i] is None: continue
                pc,t,wb,rb,wm=ins[i]
                s=frozenset(x for x in state[i] if not (wm>>x[0]&1))
                op=info[i][0]
                if re.match(r'^(LDG|LD)(\.|$)',op) and wb!=7: s=frozenset(x for x in s if x[0]!=wb)|{(wb,pc)}
                for j in succ[i]:
                    ns=s if state[j] is None else state[j]|s
                    if ns!=state[j]: state[j]=ns; changed=True
        for i in range(n):
            pc,t,wb,rb,wm=ins[i]; op,pred=info[i]
            if op=='BRA' and pred and state[i]:
                fwd=any(ins[j][0]>pc for j in succ[i] if j!=i+1)
                if not fwd: continue
                w=[x for x in state[i] if wm>>x[0]&1]
                loopc=any(x[1]>pc for x in state[i])
                k=('waits' if w else 'nowait', 'loopcarried' if loopc else 'straight')
                res[k]+=1
                if len(ex[k])<12: ex[k].append(f"{base} {pc:04x} {t} ldg@{sorted(hex(x[1]) for x in state[i])} waited {[hex(x[1]) for x in w]}")
for k in sorted(res): print(k,res[k])
for k in ex:
    print(k); [print('   ',e) for e in ex[k]]
