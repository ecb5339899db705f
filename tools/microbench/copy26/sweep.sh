#!/bin/bash
# usage: sweep.sh param value  -> steady B/cycle/SM (1M->2M) and 4M figure
p=$1; v=$2; cfg=/tmp/copy/small/cfg_$p_$v.yaml
sed -E "s/^(  $p: \{value: )[^,]+,/\1$v,/" /work/wt/copy/calibration/h200.yaml > $cfg
for kb in 1024 2048; do
 /tmp/copy/base run k.ptx --spec l$kb.yaml --config $cfg --mode timed --progress off --out o$kb >/dev/null 2>&1 || mkdir -p o$kb
 /tmp/copy/base run k.ptx --spec l$kb.yaml --config $cfg --mode timed --progress off --out o$kb >/dev/null 2>&1
done
python3 - <<PY
import struct
def rd(f):
  d=open(f,'rb').read(); n=struct.unpack('<H',d[8:10])[0]; return struct.unpack('<2Q',d[10+n:10+n+16])
a=rd('o1024/clk.npy'); b=rd('o2048/clk.npy')
print("$p=$v", "2M fig %.2f"%(2*2048*1024/(b[1]-b[0])), "steady %.2f"%(2*1024*1024/((b[1]-b[0])-(a[1]-a[0]))))
PY
