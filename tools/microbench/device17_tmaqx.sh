#!/usr/bin/env bash
# smallgemm (session 14): record families tmaqx (gen17_tmaqx.py) and, on the H100, tmaq (gen16_tmaq.py) on the
# device, run from the repo root. Usage: copy the generated tmaqx_* (and tmaq_*) directories (kernel.cu,
# launch.yaml) into $H (default .devbuild/smallgemm/mb), one device call with carry [".devbuild/smallgemm"];
# results: python3 tools/microbench/collect17_tmaqx.py RESULT_DIR [--suffix h100], then summarize.py.
# Steps as device16_tmaq.sh: nvcc -ptx per directory, ptxas -v + cuobjdump SASS of tmaqx_s3; mb.py run --runs 5
# (clock_runs.json, provenance.json, gpu/); ncu (its default cache flush) x3 interleaved with --dump keeping each
# profiled launch's clk (clock_ncu.json); the cluster variants in passes of their own.
set -u
MB=$(pwd); H=${H:-.devbuild/smallgemm/mb}; D=/tmp/tmaqx; B=/tmp/b17; F=/tmp/flush17; rm -rf $D $B $F; mkdir -p $D $B/env $B/sass $F
T0=$(date +%s); stamp() { echo "=== [$(( $(date +%s) - T0 ))s] $*"; }
export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,clocks.max.sm,clocks.max.mem --format=csv > $B/env/nvidia_smi_csv.txt 2>&1
nvidia-smi --query-gpu=name --format=csv,noheader | head -1 > $B/env/gpu_name.txt
nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1 > $B/env/driver.txt
nvcc --version > $B/env/nvcc_version.txt 2>&1; ncu --version > $B/env/ncu_version.txt 2>&1
cat $B/env/nvidia_smi_csv.txt
stamp compile
cp -rL $H/* $D/
ls -d $D/tmaq*_* | xargs -P 8 -I{} sh -c 'nvcc -ptx -arch=sm_90a -O3 -o {}/kernel.ptx {}/kernel.cu > {}/nvcc.txt 2>&1 || cat {}/nvcc.txt'
ptxas -arch=sm_90a -v -o $B/tmaqx.cubin $D/tmaqx_s3/kernel.ptx > $B/sass/ptxas.txt 2>&1; grep -E "registers|error" $B/sass/ptxas.txt
cuobjdump --dump-sass $B/tmaqx.cubin > $B/sass/tmaqx.sass 2>&1
grep -E "UTMALDG|UTMACCTL|CS2R|SYNCS|LDC|BAR|MEMBAR|FENCE" $B/sass/tmaqx.sass | head -40
for d in $D/tmaq*_*; do r=$D/tmaqx_s3; [ "${d#$D/tmaqx}" = "$d" ] && r=$D/tmaq_s3; cmp -s <(grep -v '^//' $d/kernel.ptx) <(grep -v '^//' $r/kernel.ptx) || echo "PTX DIFFERS $d"; rm -f $d/nvcc.txt; done
NEW=(); for d in $D/tmaq*_*; do [ "${d%_mc}" = "$d" ] && NEW+=($d); done
MC=(); for d in $D/tmaq*_mc; do MC+=($d); done
stamp "warm runs (${#NEW[@]} dirs)"
timeout 100 python3 $MB/tools/microbench/mb.py run --runs 5 "${NEW[@]}" > $B/run.log 2>&1; echo "run rc=$?"
tail -3 $B/run.log | cut -c1-300
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,smsp__inst_executed.sum
L=(); for r in 1 2 3; do L+=("${NEW[@]}"); done
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv > $F/host.txt
stamp "ncu --cache-control all: ${#L[@]} launches"
timeout 150 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_all.csv python3 $MB/tools/microbench/mb.py once --order $F/order_all.txt --dump $F/dump_all.jsonl "${L[@]}" > $F/log_all.txt 2>&1
echo "pass all rc=$? launches=$(wc -l < $F/order_all.txt)"
CMD="ncu --clock-control none --print-units base --csv --metrics $M0 python3 tools/microbench/mb.py once --dump (each directory 3 times, interleaved; tools/microbench/device17_tmaqx.sh)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_all.txt --csv $F/ncu_all.csv --env $B/env --command "$CMD" "${NEW[@]}" 2>&1 | tail -5
stamp "cluster variants: runs and ncu x3"
timeout 40 python3 $MB/tools/microbench/mb.py run --runs 5 "${MC[@]}" > $B/run_mc.log 2>&1; echo "run mc rc=$?"; tail -2 $B/run_mc.log | cut -c1-300
timeout 60 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $F/ncu_mc.csv python3 $MB/tools/microbench/mb.py once --order $F/order_mc.txt --dump $F/dump_mc.jsonl "${MC[@]}" "${MC[@]}" "${MC[@]}" > $F/log_mc.txt 2>&1
echo "pass mc rc=$? launches=$(wc -l < $F/order_mc.txt)"
python3 $MB/tools/microbench/mb.py cycles --order $F/order_mc.txt --csv $F/ncu_mc.csv --env $B/env --command "$CMD" "${MC[@]}" 2>&1 | tail -3
cat $F/dump_mc.jsonl >> $F/dump_all.jsonl
stamp pack
(cd $D && tar czf $OUT/mb.tgz $(for d in tmaq*_*; do for f in kernel.ptx clock_runs.json cycles.json provenance.json gpu; do [ -e $d/$f ] && echo $d/$f; done; done))
(cd $F && tar czf $OUT/flushcmp.tgz .)
(cd $B && tar czf $OUT/build.tgz env sass *.log)
python3 - <<'PY'
import json
for ln in open("/tmp/flush17/dump_all.jsonl"):
    r = json.loads(ln)
    c = r["outputs"].get("clk", [])
    n = r["dir"].split("/")[-1]
    w = 24 if n.startswith("tmaqx") else 16
    for cta in range(min(len(c) // w, 2)):
        x = c[w * cta:w * cta + w]
        print(n, cta, [x[0]] + [v - x[1] if v else 0 for v in x[1:20]])
PY
stamp done
