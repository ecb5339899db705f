#!/usr/bin/env bash
# helper fa (session 27), diagnosis: the tensor clock with FP work beside the tensor pipe
# (gen27_tclk.py variants), run from the repo root:  bash device27_tclk.sh DIR...
# mb.py once x3 interleaved without ncu (the stamps of each launch), then ncu --cache-control all x1
# interleaved (sm__cycles_elapsed and the ncu clock). Results: $OUT/tclk.tgz
set -u
MB=$(pwd); B=/tmp/b27tclk; rm -rf $B; mkdir -p $B; export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,power.draw,power.limit --format=csv > $B/nvidia_smi.txt 2>&1; cat $B/nvidia_smi.txt
L=(); for r in 1 2 3; do L+=("$@"); done
timeout 60 python3 $MB/tools/microbench/mb.py once --order $B/order_plain.txt --dump $B/dump_plain.jsonl "${L[@]}" > $B/plain.log 2>&1
echo "plain rc=$?"; tail -3 $B/plain.log
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum
timeout 60 ncu --clock-control none --cache-control all --print-units base --csv --metrics $M0 \
  --log-file $B/ncu.csv python3 $MB/tools/microbench/mb.py once --order $B/order_ncu.txt --dump $B/dump_ncu.jsonl "$@" > $B/ncu.log 2>&1
echo "ncu rc=$?"; grep -c elapsed.max $B/ncu.csv
K=$1/kernel.ptx; (ptxas -arch=sm_90a -v $K -o $B/k.cubin && cuobjdump -sass $B/k.cubin > $B/k.sass) > $B/ptxas.txt 2>&1
grep -E "registers|error" $B/ptxas.txt; for o in FFMA MUFU.EX2 HGMMA; do echo "$o $(grep -c $o $B/k.sass)"; done
(cd $B && tar czf $OUT/tclk.tgz .)
