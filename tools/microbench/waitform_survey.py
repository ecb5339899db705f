"""The SASS layout of every `W: mbarrier.try_wait p, ...; @!p bra W;` wait (session 16, helper tmawait).

Per distinct microbench/testdata PTX that uses the idiom, how ptxas 13.0 laid out each TRYWAIT: "fast"
(TRYWAIT; @!P BRA forward to an out-of-line retry loop), "oolretry"/"ool_noyield" (that retry loop, with or
without its YIELD), "inline_yield" (YIELD; TRYWAIT; @!P BRA back in place, then BSYNC: mbar_pingpong only).
Usage: python3 tools/microbench/waitform_survey.py SASSDIR [REPO]; SASSDIR holds HASH.sass and map.json as
written by the survey of tools/microbench/paramldc.py (validation/timing/paramldc.md)."""
import json,re,gzip,os,collections
import sys
root=os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else '.') + '/'
os.chdir(sys.argv[1])  # HASH.sass + map.json of tools/microbench/paramldc.py's survey
m=json.load(open('map.json'))
out=collections.defaultdict(list)
for h,dirs in m.items():
    d=root+dirs[0]
    p=d+'/kernel.ptx'; 
    ptx=open(p).read() if os.path.exists(p) else (gzip.open(p+'.gz','rt').read() if os.path.exists(p+'.gz') else '')
    n_idiom=len(re.findall(r'try_wait[^\n]*@!p bra W',ptx))
    if not n_idiom: continue
    txt=open(h+'.sass').read()
    ins=[(int(a,16),b.strip()) for a,b in re.findall(r'/\*([0-9a-f]{4})\*/\s+(.*?);',txt)]
    c=collections.Counter()
    for i,(pc,t) in enumerate(ins):
        if 'TRYWAIT' not in t: continue
        nxt=ins[i+1][1]; prv=ins[i-1][1]
        mb=re.search(r'BRA (0x[0-9a-f]+)',nxt)
        if not mb: c['other']+=1; continue
        tgt=int(mb.group(1),16)
        if tgt>pc: c['fast']+=1
        elif 'YIELD' in prv:
            # retry loop: out-of-line if followed by BRA back
            c['oolretry' if ins[i+2][1].startswith('BRA') else 'inline_yield']+=1
        else: c['inline_noyield' if not ins[i+2][1].startswith('BRA') else 'ool_noyield']+=1
    out[tuple(sorted(c.items()))].append(dirs[0].split('/')[-1])
for k,v in out.items(): print(k, len(v), v[:12])
