// Command codesize dumps, for each row of tools/microbench/icode30/sass_vs_model.tsv
// (a recorded microbenchmark's PTX entry and ptxas 13.0's SASS bytes of it),
// the entry's instructions and those of the functions it calls: the
// opcode text, the issue slots (exec.InstInfo.Slots) and the code bytes
// (exec.InstInfo.CodeBytes). tools/codesize/fit.py fits the code-size
// table (ptx/exec/codesize.go) on its output.
//
//	go run ./tools/codesize > /tmp/rows.tsv
package main

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/sm90sim/sm90sim/internal/gzfile"
	"github.com/sm90sim/sm90sim/ptx"
	"github.com/sm90sim/sm90sim/ptx/exec"
)

func main() {
	tsv := "tools/microbench/icode30/sass_vs_model.tsv"
	if len(os.Args) > 1 {
		tsv = os.Args[1]
	}
	b, err := os.ReadFile(tsv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	for _, line := range strings.Split(string(b), "\n") {
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Split(line, "\t")
		bench, entry, sass := f[0], f[1], f[2]
		src, err := gzfile.ReadFile(filepath.Join("validation/microbench", bench, "kernel.ptx"))
		if err != nil {
			fmt.Fprintln(os.Stderr, bench, err)
			continue
		}
		p, err := ptx.Load(bench, src)
		if err != nil {
			fmt.Fprintln(os.Stderr, bench, err)
			continue
		}
		k, err := exec.Compile(p, entry, exec.DefaultLayout())
		if err != nil {
			fmt.Fprintln(os.Stderr, bench, entry, err)
			continue
		}
		ent := -1
		for i, fn := range p.Funcs {
			if fn.Entry && fn.Name == entry {
				ent = i
			}
		}
		// the entry and the functions it calls (transitively)
		seen := map[int]bool{ent: true}
		todo := []int{ent}
		for len(todo) > 0 {
			fi := todo[0]
			todo = todo[1:]
			for _, in := range p.Funcs[fi].Insts {
				if in.Op != ptx.OpCall {
					continue
				}
				for _, o := range in.Ops {
					if fj := int(o.Func); o.Kind == ptx.OpdFunc && fj >= 0 && !seen[fj] {
						seen[fj] = true
						todo = append(todo, fj)
					}
				}
			}
		}
		fmt.Fprintf(w, "ROW\t%s\t%s\t%s\n", bench, entry, sass)
		for fi := range p.Funcs {
			if !seen[fi] {
				continue
			}
			for _, inf := range k.FuncInfos(fi) {
				fmt.Fprintf(w, "I\t%s\t%d\t%d\n", inf.Text, inf.Slots, inf.CodeBytes)
			}
		}
	}
}
