#!/usr/bin/env bash
# helper flash (session 31): record family tph31 (gen31_flash.py: stamped flash twins, 32 key blocks, [1|2, 132])
# and three more mufutc30 directories (gen31_mufu.py) on the device, run from the repo root:
#   bash device31_flash.sh DIR... -- SLOPEDIR...
# Steps: ptxas -v + cuobjdump SASS counts of the twin and the flash PTX; mb.py run (tph31 x3, mufutc30 x5:
# clock_runs.json, provenance.json, gpu/); ncu sm__cycles_elapsed.max / .avg.per_second x3 interleaved (cache flush)
# via mb.py once --dump (the twins' stamps under ncu: dump.jsonl) + cycles. SLOPEDIRs (diagnosis, not
# microbenchmarks: the unstamped flash PTX on the twins' grids) get ncu x3 only. Results: $OUT/mb.tgz, $OUT/build.tgz.
set -u
MB=$(pwd); D=/tmp/mb31; S=/tmp/sl31; B=/tmp/b31; rm -rf $D $S $B; mkdir -p $D $S $B/env $B/sass
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
NS=(); TW=(); MU=(); SL=(); sl=0
for t in "$@"; do
  if [ "$t" = "--" ]; then sl=1; continue; fi
  if [ $sl = 0 ]; then cp -rL $t $D/; NS+=($(basename $t)); case $(basename $t) in tph31*) TW+=($D/$(basename $t));; *) MU+=($D/$(basename $t));; esac
  else cp -rL $t $S/; SL+=($S/$(basename $t)); fi
done
stamp sass
zcat ${TW[0]}/kernel.ptx.gz > $B/twin.ptx; zcat validation/testdata/triton_flash_attn_fwd_1x128/kernel.ptx.gz > $B/ev.ptx
for n in twin ev; do ptxas -arch=sm_90a -v -o $B/k.cubin $B/$n.ptx > $B/sass/$n.ptxas.txt 2>&1; cuobjdump --dump-sass $B/k.cubin > $B/sass/$n.sass 2>&1
  echo "$n $(grep -o 'Used [0-9]* registers' $B/sass/$n.ptxas.txt) CS2R.CLOCK=$(grep -c SR_CLOCK $B/sass/$n.sass) HGMMA=$(grep -c HGMMA $B/sass/$n.sass) MUFU=$(grep -c MUFU $B/sass/$n.sass) SHFL=$(grep -c SHFL $B/sass/$n.sass) LDGSTS=$(grep -c LDGSTS $B/sass/$n.sass) lines=$(grep -cE '^\s+/\*[0-9a-f]{4}\*/' $B/sass/$n.sass)"
  gzip -9 $B/sass/$n.sass; done; rm -f $B/k.cubin $B/*.ptx
stamp "run"
timeout 60 python3 $MB/tools/microbench/mb.py run --runs 5 "${MU[@]}" 2>&1 | cut -c1-200
timeout 90 python3 $MB/tools/microbench/mb.py run --runs 3 "${TW[@]}" 2>&1 | cut -c1-200
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${TW[@]}" "${MU[@]}" "${SL[@]}"); done
stamp "ncu x3"
timeout 150 ncu --clock-control none --print-units base --csv --metrics $M0 --log-file $B/ncu.csv \
  python3 $MB/tools/microbench/mb.py once --order $B/order.txt --dump $B/dump.jsonl "${L[@]}" > $B/ncu.log 2>&1; echo "ncu rc=$?"; tail -3 $B/ncu.log
python3 $MB/tools/microbench/mb.py cycles --order $B/order.txt --csv $B/ncu.csv --env $B/env \
  --command "ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (x3 interleaved; tools/microbench/device31_flash.sh)" "${TW[@]}" "${MU[@]}" "${SL[@]}" 2>&1 | tail -16
for s in "${SL[@]}"; do cp $s/cycles.json $B/$(basename $s)_cycles.json 2>/dev/null; done
(cd $D && tar czf $OUT/mb.tgz "${NS[@]}")
(cd $B && tar czf $OUT/build.tgz env sass *.csv *.txt *.log *.jsonl *.json)
ls -la $OUT
stamp done
