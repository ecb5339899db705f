#!/usr/bin/env bash
# tmab34 (session 34, helper lane l2b; validation/timing/l2b34.md): one device call. Run from the repo root:
#   bash .devbuild/l2b/device34_tmab.sh   (carry [".devbuild/l2b"])
# .devbuild/l2b/mb/tmab_* : the directories of tools/microbench/tmab34/gen34_tmab.py (launch.yaml + kernel.ptx).
# Steps: GPU clocks; ptxas -v + cuobjdump of tmab.ptx; mb.py run --runs 5 (warm: inputs uploaded right before
# each launch, L2-resident); ncu (default cache control: flushed) each directory 3 times interleaved with the
# L2 metrics (those ncu --query-metrics lists), mb.py cycles; ncu --cache-control none once each (the warm runs'
# L2 state) with the same metrics and the launches' stamps (--dump). Results: $OUT/tmab34.tgz.
set -u
MB=$(pwd); H=.devbuild/l2b/mb; D=/tmp/tmab34; rm -rf $D; mkdir -p $D/env
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv | tee $D/env/nvidia_smi_csv.txt
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $D/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $D/env/driver.txt
ncu --version > $D/env/ncu_version.txt 2>&1; nvcc --version > $D/env/nvcc_version.txt 2>&1
cp -rL $H/tmab_* $D/
ptxas -arch=sm_90a -v -o $D/env/k.cubin $D/tmab_dist_k1/kernel.ptx > $D/env/ptxas.txt 2>&1; cat $D/env/ptxas.txt
cuobjdump --dump-sass $D/env/k.cubin > $D/env/kernel.sass 2>&1; rm -f $D/env/k.cubin
grep -o "UTMALDG[.A-Z0-9]*\|UTMAPF[.A-Z0-9]*\|SYNCS[.A-Z0-9]*\|CS2R[.A-Z0-9]* R[0-9]*, SR_CLOCK[A-Z]*\|UCGABAR[_A-Z]*" $D/env/kernel.sass | sort | uniq -c
DIRS=$(ls -d $D/tmab_*)
stamp run
timeout 120 python3 $MB/tools/microbench/mb.py run --runs 5 $DIRS > $D/env/run.log 2>&1; echo "run rc=$?"; grep -v " ok " $D/env/run.log | tail -5 | cut -c1-300; grep -c " ok " $D/env/run.log
WANT="sm__cycles_elapsed.max sm__cycles_elapsed.avg.per_second lts__cycles_elapsed.avg.per_second lts__t_sectors.sum lts__t_sectors_srcunit_tex.sum lts__t_requests_srcunit_tex.sum lts__t_sectors_srcunit_ltcfabric.sum lts__t_sector_hit_rate.pct gpu__time_duration.sum lts__t_bytes.sum dram__bytes_read.sum lts__throughput.avg.pct_of_peak_sustained_elapsed"
ncu --query-metrics --chip gh100 > $D/env/query.txt 2>&1
M=""; for m in $WANT; do b=${m%%.*}; if grep -q "^$b[[:space:]]" $D/env/query.txt; then M="$M,$m"; else echo "metric not listed: $m"; fi; done; M=${M#,}
[ -n "$M" ] || M=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,lts__cycles_elapsed.avg.per_second,lts__t_bytes.sum,lts__t_sector_hit_rate.pct,gpu__time_duration.sum
echo "metrics: $M"
L=(); for r in 1 2 3; do L+=($DIRS); done
stamp "ncu flush x3"
timeout 200 ncu --clock-control none --print-units base --csv --metrics $M --log-file $D/env/ncu_all.csv \
  python3 $MB/tools/microbench/mb.py once --order $D/env/order.txt --dump $D/env/dump_all.jsonl "${L[@]}" > $D/env/ncu_all.log 2>&1
echo "ncu rc=$? launches=$(wc -l < $D/env/order.txt)"; tail -2 $D/env/ncu_all.log | cut -c1-300
CMD="ncu --clock-control none --print-units base --csv --metrics $M python3 tools/microbench/mb.py once (each directory 3 times, interleaved; tools/microbench/tmab34/device34_tmab.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $D/env/order.txt --csv $D/env/ncu_all.csv --env $D/env --command "$CMD" $DIRS > $D/env/cycles.log 2>&1; echo "cycles rc=$?"; cat $D/env/cycles.log | head -30
stamp "ncu no flush x1"
timeout 120 ncu --clock-control none --cache-control none --print-units base --csv --metrics $M --log-file $D/env/ncu_none.csv \
  python3 $MB/tools/microbench/mb.py once --order $D/env/order_none.txt --dump $D/env/dump_none.jsonl $DIRS > $D/env/ncu_none.log 2>&1
echo "ncu rc=$?"; tail -2 $D/env/ncu_none.log | cut -c1-300
nvidia-smi --query-gpu=clocks.sm,clocks.mem --format=csv >> $D/env/nvidia_smi_csv.txt
D=$D python3 - <<'PY'
import json, glob, os
for d in sorted(glob.glob(os.environ["D"] + "/tmab_*")):
    p = os.path.join(d, "clock_runs.json")
    if not os.path.exists(p): print(os.path.basename(d), "no clock_runs"); continue
    K = int(d[-1]); res = []
    for o in json.load(open(p))["outputs"]:
        c = o["clk"]; rows = [c[i * 16:(i + 1) * 16] for i in range(len(c) // 16)]
        f = sorted(r[1] for r in rows); l = sorted(r[K] for r in rows); n = len(rows)
        res.append("%d/%d/%d|%d/%d/%d" % (f[0], f[n // 2], f[-1], l[0], l[n // 2], l[-1]))
    print(os.path.basename(d), "first|last min/med/max:", " ".join(res))
PY
(cd $D && tar czf $OUT/tmab34.tgz env $(for d in tmab_*; do for f in clock_runs.json provenance.json gpu cycles.json; do [ -e $d/$f ] && echo $d/$f; done; done))
ls -la $OUT; stamp done
