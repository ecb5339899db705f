#!/usr/bin/env bash
# Session 29 (helper sgp): record the sgp29 probes (gen.py) in one call, from the repo root:
#   bash .devbuild/sgp/run.sh      (this file, carried with the generated directories in .devbuild/sgp/mb)
# (1) nvcc -ptx of the probe kernel, ptxas -v + cuobjdump of it and of sgp's recorded PTX; (2) ncu with its cache
# flush x3, the probes and the recorded sgp_k0_c1 / sgp_k512_c1 interleaved, mb.py once --dump keeping each
# launch's stamps (as clock_ncu); (3) mb.py run --runs 5 (warm stamps). Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb29; B=/tmp/b29; rm -rf $D $B; mkdir -p $D $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1 PATH=/usr/local/cuda/bin:$PATH
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
cp -r .devbuild/sgp/mb/* $D/
P=(); for d in $D/sgp29_*; do P+=($d); done
REF0=$MB/validation/microbench/sgp_k0_c1; REF1=$MB/validation/microbench/sgp_k512_c1
stamp compile
nvcc -ptx -arch=sm_90a -O3 -o $B/sgp29.ptx ${P[0]}/kernel.cu > $B/sass/sgp29.nvcc.txt 2>&1 || cat $B/sass/sgp29.nvcc.txt
for d in "${P[@]}"; do cp $B/sgp29.ptx $d/kernel.ptx; done
ptxas -arch=sm_90a -v -o $B/p.cubin $B/sgp29.ptx > $B/sass/sgp29.ptxas.txt 2>&1; cuobjdump --dump-sass $B/p.cubin > $B/sass/sgp29.sass 2>&1
python3 -c "import sys; sys.path.insert(0,'tools/record'); import gzcompat; open('$B/sgp.ptx','w').write(gzcompat.read_text('$REF1/kernel.ptx'))"
ptxas -arch=sm_90a -v -o $B/o.cubin $B/sgp.ptx > $B/sass/sgp.ptxas.txt 2>&1; cuobjdump --dump-sass $B/o.cubin > $B/sass/sgp.sass 2>&1
rm -f $B/*.cubin
grep -E "registers|spill|error" $B/sass/*.ptxas.txt
for f in $B/sass/*.sass; do echo "$f: $(grep -c 'SR_CLOCK' $f) SR_CLOCK, $(grep -c 'STG' $f) STG, $(grep -c 'HGMMA' $f) HGMMA"; done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum,dram__cycles_elapsed.avg.per_second
L=(); for r in 1 2 3; do L+=("${P[@]}" $REF0 $REF1); done
stamp "ncu --cache-control all x3"
timeout 120 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $B/order_all.txt --dump $B/dump_all.jsonl "${L[@]}" > $B/ncu_all.log 2>&1
echo "all rc=$?"; tail -2 $B/ncu_all.log
stamp "warm run x5"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${P[@]}" 2>&1 | tail -7 | cut -c1-200
grep 'elapsed' $B/ncu_all.csv | awk -F'","' '{print $5, $(NF-2), $NF}' | cut -c1-60,200- | head -60
stamp pack
(cd $D && tar czf $OUT/mb.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.ptx)
stamp done
