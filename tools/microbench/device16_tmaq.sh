#!/usr/bin/env bash
# gemms (session 13): record family tmaq (gen16_tmaq.py) on the device, run from the repo root.
# Usage (repo root): python3 tools/microbench/gen16_tmaq.py (writes validation/microbench/tmaq_*), copy them and ref_<sgp dir>
# copies (kernel.ptx + launch.yaml) into .devbuild/gemms/mb, then one device call with carry [".devbuild/gemms"];
# results: python3 tools/microbench/collect16_tmaq.py RESULT_DIR [--suffix h100], then summarize.py.
# H = the folder holding the tmaq_* directories and ref_* copies of recorded sgp directories (kernel.ptx,
# launch.yaml: the same session's reference, not written back). Steps: nvcc -ptx per tmaq directory,
# ptxas -v + cuobjdump SASS of one; mb.py run --runs 5 (clock_runs.json, provenance.json, gpu/); one ncu pass
# (ncu's default cache flush) over tmaq + ref, x3 interleaved, --dump keeping each profiled launch's clk
# (clock_ncu.json via flushrec-like packing below; cycles.json via mb.py cycles).
# Results: $OUT/mb.tgz (per directory), $OUT/flushcmp.tgz, $OUT/build.tgz; the stamps printed.
set -u
MB=$(pwd); H=${H:-.devbuild/gemms/mb}; D=/tmp/tmaq; B=/tmp/b16; F=/tmp/flush16; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
ls -d $D/tmaq_* | xargs -P 8 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || cat {}/nvcc.txt'
ptxas -arch=sm_90a -v -o $B/tmaq.cubin $D/tmaq_s3/kernel.ptx > $B/sass/ptxas.txt 2>&1; grep -E "registers|error" $B/sass/ptxas.txt
cuobjdump --dump-sass $B/tmaq.cubin > $B/sass/tmaq.sass 2>&1
cp $D/tmaq_s3/kernel.ptx $B/sass/
grep -cE "UTMALDG|UTMAPF|SYNCS" $B/sass/tmaq.sass; grep -E "UTMALDG|UTMAPF|CS2R" $B/sass/tmaq.sass | head -20
for d in $D/tmaq_*; do cmp -s <(grep -v '^//' $d/kernel.ptx) <(grep -v '^//' $D/tmaq_s3/kernel.ptx) || echo "PTX DIFFERS $d"; rm -f $d/nvcc.txt; done
NEW=(); for d in $D/tmaq_*; do [ "${d%_mc}" = "$d" ] && NEW+=($d); done
MC=(); for d in $D/tmaq_*_mc; do MC+=($d); done   # the cluster variant in passes of its own (a hang loses only it)
REF=(); for d in $D/ref_*; do REF+=($d); done
stamp "warm runs (${#NEW[@]} dirs)"
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" > $B/run.log 2>&1; echo "run rc=$?"
tail -3 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${NEW[@]}" "${REF[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu --cache-control all: ${#L[@]} launches"
timeout 150 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device16_tmaq.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${NEW[@]}" "${REF[@]}" 2>&1 | tail -12
stamp "cluster variant: runs and ncu x3"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 "${MC[@]}" > $B/run_mc.log 2>&1; echo "run mc rc=$?"; tail -2 $B/run_mc.log | cut -c1-300
timeout 60 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_mc.csv python3 $MB/tools/microbench/mb.py once --order $F/order_mc.txt --dump $F/dump_mc.jsonl "${MC[@]}" "${MC[@]}" "${MC[@]}" > $F/log_mc.txt 2>&1
echo "pass mc rc=$? launches=$(wc -l < $F/order_mc.txt)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_mc.txt --csv $F/ncu_mc.csv --env $B/env --command "$CMD" "${MC[@]}" 2>&1 | tail -3
cat $F/dump_mc.jsonl >> $F/dump_all.jsonl
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in tmaq_* ref_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
python3 - <<'PY'
import json
import os
for ln in open("/tmp/flush16/dump_all.jsonl"):
    r = json.loads(ln)
    c = r["outputs"].get("clk", [])
    n = r["dir"].split("/")[-1]
    for cta in range(min(len(c) // 16, 2)):
        x = c[16 * cta:16 * cta + 16]
        e0 = x[1]
        print(n, cta, [v - e0 if 0 < i < 12 and v else v for i, v in enumerate(x)] if n.startswith("ref") else
              [x[0]] + [v - x[1] if v else 0 for v in x[1:]])
PY
stamp done
