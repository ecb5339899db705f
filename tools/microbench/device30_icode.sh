#!/usr/bin/env bash
# icode (session 30): one device call. (1) nvcc -ptx + ptxas + cuobjdump of the icj probe kernels, mb.py run
# --runs 5 each (clk); one ncu launch for the clocks. (2) ptxas + cuobjdump --dump-sass of every recorded
# microbenchmark PTX (code sizes for the code-size model). Results in $OUT.
set -u
H=.devbuild/icode; D=/tmp/icj; R=$OUT/r; S=/tmp/sass; rm -rf $D $S; mkdir -p $D $R $S
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $R/nvidia_smi.txt 2>&1
nvcc --version | tail -2 > $R/nvcc.txt
cp -r $H/icj_* $D/
for d in $D/icj_*; do n=$(basename $d)
  ( cd $d && timeout 60 nvcc -ptx -arch=sm_90a -O3 -o kernel.ptx kernel.cu && timeout 30 ptxas -arch=sm_90a -v -o k.cubin kernel.ptx 2> ptxas.txt && cuobjdump --dump-sass k.cubin > $R/$n.sass 2>&1 && cuobjdump --dump-elf k.cubin > $R/$n.elf 2>&1 ) &
done
mkdir -p $S && tar xJf $H/ptx.tar.xz -C $S
wait; stamp "icj built"
for d in $D/icj_*; do n=$(basename $d)
  timeout 20 python3 tools/microbench/mb.py run --runs 5 $d >> $R/run.log 2>&1
  echo "$n $(python3 -c "import json;print([x['clk'] for x in json.load(open('$d/clock_runs.json'))['outputs']])" 2>&1)" | tee -a $R/clk.txt
done
stamp "icj run"
timeout 40 ncu --clock-control none --cache-control all --print-units base --csv --metrics sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,dram__cycles_elapsed.avg.per_second \
  python3 tools/microbench/mb.py once --order $R/order.txt $D/icj_k64_f32_s1 $D/icj_k16_f32_s1 > $R/ncu.csv 2>&1
tail -4 $R/ncu.csv; stamp "ncu"
mkdir -p $S/out
ls $S/ptx/*.ptx | timeout 60 xargs -P 16 -I{} bash -c 'n=$(basename {} .ptx); timeout 20 ptxas -arch=sm_90a -o /tmp/sass/$n.cubin {} 2>/dev/null && cuobjdump --dump-sass /tmp/sass/$n.cubin > /tmp/sass/out/$n.sass 2>/dev/null; rm -f /tmp/sass/$n.cubin'
stamp "corpus sass $(ls $S/out | wc -l)"
(cd $S && tar cJf $OUT/sass.tar.xz out)
(cd $R && tar czf $OUT/icj.tgz .)
stamp done
