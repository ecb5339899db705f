#!/usr/bin/env python3
"""Replays the timed region of a gls/gls2 load kernel from its SASS control
words (session 21, helper gls; validation/timing/gls21.md): one warp, each
instruction issued after the previous one's stall count (S) and once the
scoreboards in its wait mask are released; an LDG releases its scoreboard L
cycles after issue (L1 hit), an LDC or S2R 25, others 10; the loop body runs
twice (the recordings' iters). Prints cycles an access (32 accesses) for L =
28..50 and a minimum LDG-to-LDG interval of 0..10 cycles, beside the GPU's.
Standard library only:
  gls21_ldreplay.py CTRL_FILE FUNCTION GPU_CYCLES_PER_ACCESS
  (CTRL_FILE: a function's listing from sass_ctrl.py, e.g. the unpacked
  validation/timing/gls21_sass.ctrl.txt.gz)"""
import gzip
import re
import sys

def funcs(path):
    fs={};cur=None
    for l in (gzip.open(path, 'rt') if path.endswith('.gz') else open(path)):
        m=re.search(r'Function : (\S+)',l)
        if m: cur=m.group(1); fs[cur]=[]; continue
        m=re.match(r'/\*([0-9a-f]+)\*/ S(\d+)\s+Y(\d) W(\d) R(\d) M([0-9a-f]{2})\s+(.*)$',l)
        if m and cur: fs[cur].append((int(m.group(1),16),int(m.group(2)),int(m.group(4)),int(m.group(5)),int(m.group(6),16),m.group(7)))
    return fs
def region(ins):
    cs=[i for i,x in enumerate(ins) if 'CS2R' in x[5] and 'CLOCK' in x[5]]
    return ins[cs[0]:cs[1]+1]
def run(ins,iters,L,ldc=25,ldg_int=0,alu=0,trace=False):
    reg=region(ins); a0=reg[0][0]
    # loop: backward BRA
    br=[(i,int(re.search(r'BRA (0x[0-9a-f]+)',x[5]).group(1),16)) for i,x in enumerate(reg) if re.search(r'BRA (0x[0-9a-f]+)',x[5]) and int(re.search(r'BRA (0x[0-9a-f]+)',x[5]).group(1),16)<x[0]]
    bi,tg=br[-1]; ti=[i for i,x in enumerate(reg) if x[0]==tg][0]
    seq=list(range(0,ti))+list(range(ti,bi+1))*iters+list(range(bi+1,len(reg)))
    # skip the forward zero-trip branch target stuff: ignore BSSY/BRA semantics
    t=0;sb={};last=-100;tt=[]
    for k in seq:
        a,s,w,r,m,txt=reg[k]
        for b in range(6):
            if m>>b&1: t=max(t,sb.get(b,0))
        if 'LDG' in txt: t=max(t,last+ldg_int); last=t
        if w!=7:
            lat=L if 'LDG' in txt else (ldc if ('LDC' in txt or 'S2R' in txt) else 10)
            sb[w]=max(sb.get(w,0),t+lat)
        if r!=7: sb[r]=max(sb.get(r,0),t+alu)
        tt.append((t,txt))
        t+=max(s,1)
    if trace:
        for x in tt: print(x)
    return tt[-1][0]-tt[0][0]
if __name__=='__main__':
    path,fn=sys.argv[1],sys.argv[2]; gpu=float(sys.argv[3])
    ins=funcs(path)[fn]
    for L in (28,32,36,40,45,50):
        print(fn,'L',L,' '.join('int%d:%.2f'%(g,run(ins,2,L,ldg_int=g)/32) for g in (0,4,6,8,10)),'gpu',gpu)
