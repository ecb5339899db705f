#!/usr/bin/env bash
# helper tcp (session 32): run from the repo root on the device: bash .devbuild/tcp/device32_tcp.sh
# .devbuild/tcp/tw/<3 twins> (gen32_tcp.py), .devbuild/tcp/ev/triton_matmul_cpasync_1536x1408x1024 (the evidence
# launch's directory with its PTX). Steps: ptxas -v + SASS counts; mb.py run x5 of the twins (warm: fresh uploads,
# inputs L2-resident); ncu cycles x3 interleaved (cache flush) of twins + evidence with their stamps (--dump);
# ncu cycles of the evidence with --cache-control none (inputs left in L2 by the upload) x3; ncu --set full of one
# evidence launch (raw, details, source pages). Results: $OUT/tcp32.tgz.
set -u
MB=$(pwd); T=.devbuild/tcp; B=/tmp/b32; D=/tmp/d32; rm -rf $B $D; mkdir -p $B/env $B/sass $D
cp -r $T/tw/* $T/ev/* $D/
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
TW=($D/tcp32_mm_g132 $D/tcp32_mm_g12 $D/tcp32_mm_g1); EV=$D/triton_matmul_cpasync_1536x1408x1024
stamp sass
zcat $D/tcp32_mm_g132/kernel.ptx.gz > $B/twin.ptx; zcat $EV/kernel.ptx.gz > $B/ev.ptx
for n in twin ev; do ptxas -arch=sm_90a -v -o $B/k.cubin $B/$n.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/k.cubin > $B/sass/$n.sass 2>&1
  echo "$n $(grep -o 'Used [0-9]* registers.*' $B/sass/$n.ptxas.txt) CLOCK=$(grep -c SR_CLOCK $B/sass/$n.sass) HGMMA=$(grep -c HGMMA $B/sass/$n.sass) LDGSTS=$(grep -c LDGSTS $B/sass/$n.sass) DEPBAR=$(grep -c DEPBAR $B/sass/$n.sass) BAR=$(grep -c 'BAR.SYNC' $B/sass/$n.sass) lines=$(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $B/sass/$n.sass)"
  gzip -9 $B/sass/$n.sass; done; rm -f $B/k.cubin $B/*.ptx
stamp "run x5 (warm)"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${TW[@]}" 2>&1 | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,sm__ctas_launched.max,sm__ctas_launched.min,sm__cycles_active.max,sm__cycles_active.min,sm__cycles_active.avg,lts__t_sector_hit_rate.pct,dram__bytes_read.sum,dram__bytes_write.sum
L=(); for r in 1 2 3; do L+=("${TW[@]}" $EV); done
stamp "ncu x3 (flush)"
timeout 120 ncu --clock-control none --print-units base --csv --metrics $M0 --log-file $B/ncu.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order.txt --dump $B/dump.jsonl "${L[@]}" > $B/ncu.log 2>&1; echo "ncu rc=$?"; tail -3 $B/ncu.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order.txt --csv $B/ncu.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (x3 interleaved; tools/microbench/tcp32/device32_tcp.sh)" "${TW[@]}" $EV 2>&1 | tail -8
stamp "ncu x3 (no flush)"
timeout 60 ncu --clock-control none --cache-control none --print-units base --csv --metrics $M0 --log-file $B/ncu_nf.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order_nf.txt $EV $EV $EV > $B/ncu_nf.log 2>&1; echo "ncu rc=$?"
grep -E 'cycles_elapsed.max|hit_rate|dram__bytes_read' $B/ncu_nf.csv | cut -c1-220 | tail -9
stamp "ncu full"
timeout 150 ncu --clock-control none --set full --import-source no -k regex:matmul_kernel -c 1 -o $B/ev_full \
  python3 $MB/tools/microbench/mb.py once --order $B/order_full.txt $EV > $B/ncu_full.log 2>&1; echo "ncu full rc=$?"; tail -3 $B/ncu_full.log
ncu --import $B/ev_full.ncu-rep --page raw --csv --print-units base > $B/ev_full_raw.csv 2>&1
ncu --import $B/ev_full.ncu-rep --page details --csv --print-units base > $B/ev_full_details.csv 2>&1
ncu --import $B/ev_full.ncu-rep --page source --csv --print-source sass > $B/ev_full_source.csv 2>&1
wc -c $B/*.csv
grep -E 'Stall|Occupancy|Hit Rate|Duration|Elapsed Cycles|Registers|Waves' $B/ev_full_details.csv | cut -c1-200 | head -60
for d in "${TW[@]}"; do cp $d/cycles.json $B/$(basename $d)_cycles.json; cp $d/clock_runs.json $B/$(basename $d)_clock_runs.json; cp $d/provenance.json $B/$(basename $d)_provenance.json 2>/dev/null; done
cp $EV/cycles.json $B/ev_cycles.json
(cd $D && tar czf $OUT/mb.tgz tcp32_mm_g132 tcp32_mm_g12 tcp32_mm_g1)
(cd $B && tar czf $OUT/tcp32.tgz env sass *.csv *.txt *.log *.jsonl *.json ev_full.ncu-rep)
ls -la $OUT
stamp done
