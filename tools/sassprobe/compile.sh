#!/usr/bin/env bash
# On the GPU machine: ptxas every probe kernel for sm_90a and count its SASS
# instructions (cuobjdump --dump-sass; NOPs and the trailing BRA excluded).
# Usage: compile.sh DIR OUT.tsv
set -u
dir=$1; out=$2
count() {
  f=$1
  if ptxas -arch=sm_90a -O3 "$f" -o "${f%.ptx}.cubin" 2>"${f%.ptx}.err"; then
    n=$(cuobjdump --dump-sass "${f%.ptx}.cubin" | grep -E '^\s+/\*[0-9a-f]{4}\*/' | grep -vE '\bNOP\b|BRA 0x' | wc -l)
    echo -e "$(basename ${f%.ptx})\t$n"
  else
    echo -e "$(basename ${f%.ptx})\t-1\t$(head -c 200 ${f%.ptx}.err | tr '\t\n' '  ')"
  fi
}
export -f count
ls $dir/*.ptx | xargs -P 16 -I{} bash -c 'count {}' | sort > $out
ptxas --version | tail -1 >> $out.version
