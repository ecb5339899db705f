#!/bin/bash
# run.sh BIN PROFILE TAG MIB "M U W C" ...
B=$1; P=$2; T=$3; MIB=$4; shift 4
for pt in "$@"; do set -- $pt; d=o_${T}_m$1u$2w$3c$4; mkdir -p $d
python3 mkspec.py $1 $2 $3 $4 $MIB > $d/spec.yaml
$B run copy29.ptx --spec $d/spec.yaml --mode timed --config $P --sm-clock-mhz 1980 --out $d --report $d/report.json --progress off --jobs 1 --top 0 > $d/log 2>&1 || tail -3 $d/log
python3 ana.py $d:$1:$MIB; done
