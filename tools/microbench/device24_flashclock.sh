#!/usr/bin/env bash
# helper fa (session 24), diagnosis: the %globaltimer variants of the flash twins (gen24_flashclock.py), run from
# the repo root:  bash device24_flashclock.sh DIR...   ncu --cache-control all x3 interleaved (mb.py once --dump:
# the stamps of each profiled launch) and mb.py once x3 without ncu. Results: $OUT/gt.tgz
set -u
MB=$(pwd); B=/tmp/b24gt; rm -rf $B; mkdir -p $B; export PYTHONUNBUFFERED=1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > $B/nvidia_smi.txt 2>&1; cat $B/nvidia_smi.txt
L=(); for r in 1 2 3; do L+=("$@"); done
M0=sm__cycles_elapsed.max,sm__cycles_elapsed.avg.per_second,gpu__time_duration.sum
timeout 60 ncu --clock-control none --cache-control all --print-units base --print-kernel-base mangled --csv --metrics $M0 \
  --log-file $B/ncu.csv python3 $MB/tools/microbench/mb.py once --order $B/order.txt --dump $B/dump_ncu.jsonl "${L[@]}" > $B/ncu.log 2>&1
echo "ncu rc=$?"; grep -c elapsed.max $B/ncu.csv
timeout 30 python3 $MB/tools/microbench/mb.py once --order $B/order_plain.txt --dump $B/dump_plain.jsonl "${L[@]}" > $B/plain.log 2>&1
echo "plain rc=$?"
(cd $B && tar czf $OUT/gt.tgz .)
