#!/usr/bin/env bash
# cpa35, second call: record the twelve cpl1_* directories (loose in .devbuild/cpa/rec/mb; carry .devbuild/cpa/rec):
# mb.py run --runs 5 (warm launches, fresh buffers; gpu/*.npy, clock_runs.json, provenance.json), then ncu
# --clock-control none --cache-control all, each directory 3 times interleaved, and mb.py cycles (cycles.json).
set -u
MB=$(pwd); D=/tmp/cpl1; rm -rf $D; mkdir -p $D/env; export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $D/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $D/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $D/env/driver.txt
ncu --version > $D/env/ncu_version.txt 2>&1; nvcc --version > $D/env/nvcc_version.txt 2>&1
cp -r .devbuild/cpa/rec/mb/* $D/
DIRS=$(ls -d $D/cpl1_*)
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"
L=(); for r in 1 2 3; do L+=($DIRS); done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
timeout 150 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $D/env/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt "${L[@]}" > $D/env/log.txt 2>&1
echo "ncu rc=$? launches=$(wc -l < $D/env/order.txt)"
CMD="ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once (each directory 3 times, interleaved; tools/microbench/cpa35/rec.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $D/env/order.txt --csv $D/env/ncu_all.csv --env $D/env --command "$CMD" $DIRS
for d in $DIRS; do python3 - $d <<'PY'
import json, sys, re, os
d = sys.argv[1]; n = os.path.basename(d); k = int(re.search(r"_k(\d+)", n).group(1))
r = sorted(k * 1024 / max(o["clk"][1::2]) for o in json.load(open(d + "/clock_runs.json"))["outputs"])
print(n, " ".join("%.2f" % x for x in r), "cyc", json.load(open(d + "/cycles.json")).get("median"))
PY
done
(cd $D && tar czf $OUT/cpl1.tgz env cpl1_*)
