#!/bin/bash
# copy26.md: one SM's gmem_copy in the model at 1 and 2 MiB per CTA with one
# profile value changed; prints the 2 MiB figure and the steady rate (the
# 1 -> 2 MiB increment), B/cycle/SM read + written.
# usage (in a scratch dir holding k.ptx = zcat validation/microbench/gmem_chase_128k/kernel.ptx.gz
# and l1024.yaml / l2048.yaml = gmem_copy_c1/launch.yaml with u64: 1048576 / 2097152):
#   REPO=/path/to/checkout BIN=/path/to/sm90sim sweep.sh PARAM VALUE
p=$1; v=$2; cfg=./cfg_${p}_$v.yaml
sed -E "s/^(  $p: \{value: )[^,]+,/\1$v,/" ${REPO:-.}/calibration/h200.yaml > $cfg
for kb in 1024 2048; do
 mkdir -p o$kb
 ${BIN:-sm90sim} run k.ptx --spec l$kb.yaml --config $cfg --mode timed --progress off --out o$kb >/dev/null 2>&1
done
python3 - <<PY
import struct
def rd(f):
  d=open(f,'rb').read(); n=struct.unpack('<H',d[8:10])[0]; return struct.unpack('<2Q',d[10+n:10+n+16])
a=rd('o1024/clk.npy'); b=rd('o2048/clk.npy')
print("$p=$v", "2M fig %.2f"%(2*2048*1024/(b[1]-b[0])), "steady %.2f"%(2*1024*1024/((b[1]-b[0])-(a[1]-a[0]))))
PY
