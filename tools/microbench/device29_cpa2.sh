#!/usr/bin/env bash
# cpa29, second call: the ncu launch cycles (cycles.json, as every recorded directory has) of the eight
# cpasync_k29_* directories of device29_cpa.sh (loose in $H, default .devbuild/cpa/mb; carry [".devbuild/cpa"]):
# ncu --clock-control none --cache-control all, each directory 3 times interleaved (mb.py once), then
# mb.py cycles. Results in $OUT/cpa29_ncu.tgz (DIR/cycles.json, env/).
set -u
MB=$(pwd); H=${H:-.devbuild/cpa/mb}; D=/tmp/cpa29n; rm -rf $D; mkdir -p $D/env
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $D/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $D/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $D/env/driver.txt
ncu --version > $D/env/ncu_version.txt 2>&1
cp -rL $H/cpasync_k29_* $D/
DIRS=$(ls -d $D/cpasync_k29_*); L=(); for r in 1 2 3; do L+=($DIRS); done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
timeout 90 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $D/env/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt "${L[@]}" > $D/env/log.txt 2>&1
echo "ncu rc=$? launches=$(wc -l < $D/env/order.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved; tools/microbench/device29_cpa2.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $D/env/order.txt --csv $D/env/ncu_all.csv --env $D/env --command "$CMD" $DIRS
(cd $D && tar czf $OUT/cpa29_ncu.tgz env $(for d in cpasync_k29_*; do echo $d/cycles.json; done))
