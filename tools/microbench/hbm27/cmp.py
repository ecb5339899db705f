# hbm27.md: compare two `calibrate --group none` outputs figure by figure (the "before" columns);
# prints the figures that moved and, by family, how many are within 5%.
# usage: python3 cmp.py BASE.txt AFTER.txt
import sys,re,collections
def load(p):
    d={}
    for l in open(p):
        f=l.split()
        if len(f)>=7 and f[4].endswith('%'):
            try: d[(f[0],f[1])]=(float(f[2]),float(f[3]),float(f[4].rstrip('%')))
            except: pass
    return d
a=load(sys.argv[1]); b=load(sys.argv[2])
fam=lambda n: re.match(r'[a-z]+[0-9]*',n).group(0)
ca=collections.Counter(); cb=collections.Counter(); tot=collections.Counter()
for k in b:
    if k not in a: continue
    f=fam(k[0]); tot[f]+=1
    ca[f]+=abs(a[k][2])<=5; cb[f]+=abs(b[k][2])<=5
    if abs(a[k][1]-b[k][1])>1e-9*abs(a[k][1])+1e-6:
        print('%-34s %-28s gpu %9g  %9g (%+.1f%%) -> %9g (%+.1f%%)'%(k[0],k[1],a[k][0],a[k][1],a[k][2],b[k][1],b[k][2]))
print(' '.join('%s %d->%d/%d'%(f,ca[f],cb[f],tot[f]) for f in sorted(tot)))
print('total within 5%%: %d -> %d of %d'%(sum(ca.values()),sum(cb.values()),sum(tot.values())))
