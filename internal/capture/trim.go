package capture

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	entryRE = regexp.MustCompile(`(^|\s)\.entry\s+([\w$]+)`)
	funcRE  = regexp.MustCompile(`(^|\s)\.func\s+(?:\([^)]*\)\s*)?([\w$]+)`)
	callRE  = regexp.MustCompile(`\bcall(?:\.uni)?\s+(?:\([^)]*\)\s*,\s*)?([\w$]+)`)
)

// ptxChunk is one top-level piece of a PTX module: a function (entry or
// .func, with or without a body) or the other lines between them.
type ptxChunk struct {
	lines []string
	kind  string // "", "entry", "func"
	name  string
	body  bool
}

// TrimPTX keeps of a PTX module the one .entry named entry and the .func
// definitions it calls (transitively); every other entry and uncalled
// function definition is dropped, every other top-level line (the header,
// global variables, declarations) kept. A module from a whole translation
// unit (CUTLASS's holds its host-side reference kernels too) shrinks to
// what the launch runs.
func TrimPTX(src []byte, entry string) ([]byte, error) {
	chunks, err := splitPTX(string(src))
	if err != nil {
		return nil, err
	}
	funcs := map[string]*ptxChunk{}
	var root *ptxChunk
	for i := range chunks {
		c := &chunks[i]
		switch {
		case c.kind == "entry" && c.name == entry:
			root = c
		case c.kind == "func" && c.body:
			funcs[c.name] = c
		}
	}
	if root == nil {
		return nil, fmt.Errorf("the PTX defines no .entry %s", entry)
	}
	keep := map[*ptxChunk]bool{root: true}
	work := []*ptxChunk{root}
	for len(work) > 0 {
		c := work[len(work)-1]
		work = work[:len(work)-1]
		for _, l := range c.lines {
			for _, m := range callRE.FindAllStringSubmatch(stripComment(l), -1) {
				if f := funcs[m[1]]; f != nil && !keep[f] {
					keep[f] = true
					work = append(work, f)
				}
			}
		}
	}
	var b strings.Builder
	for i := range chunks {
		c := &chunks[i]
		if c.kind != "" && c.body && !keep[c] {
			continue
		}
		for _, l := range c.lines {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return []byte(b.String()), nil
}

func stripComment(l string) string {
	if i := strings.Index(l, "//"); i >= 0 {
		return l[:i]
	}
	return l
}

// splitPTX cuts a module into top-level chunks by brace depth.
func splitPTX(src string) ([]ptxChunk, error) {
	lines := strings.Split(strings.TrimSuffix(src, "\n"), "\n")
	var out []ptxChunk
	var cur *ptxChunk
	other := func() *ptxChunk {
		if len(out) == 0 || out[len(out)-1].kind != "" {
			out = append(out, ptxChunk{})
		}
		return &out[len(out)-1]
	}
	depth := 0
	inBlockComment := false
	for n, l := range lines {
		code := stripComment(l)
		if inBlockComment || strings.Contains(code, "/*") {
			// block comments: keep the text, count no braces in them
			if i := strings.Index(code, "*/"); i >= 0 {
				inBlockComment = false
				code = code[i+2:]
			} else if strings.Contains(code, "/*") {
				inBlockComment = !strings.Contains(code[strings.Index(code, "/*"):], "*/")
				code = code[:strings.Index(code, "/*")]
			} else {
				code = ""
			}
		}
		if cur == nil && depth == 0 {
			if m := entryRE.FindStringSubmatch(code); m != nil {
				out = append(out, ptxChunk{kind: "entry", name: m[2]})
				cur = &out[len(out)-1]
			} else if m := funcRE.FindStringSubmatch(code); m != nil {
				out = append(out, ptxChunk{kind: "func", name: m[2]})
				cur = &out[len(out)-1]
			}
		}
		if cur == nil {
			other().lines = append(other().lines, l)
			depth += strings.Count(code, "{") - strings.Count(code, "}")
			continue
		}
		cur.lines = append(cur.lines, l)
		opens, closes := strings.Count(code, "{"), strings.Count(code, "}")
		if opens > 0 {
			cur.body = true
		}
		depth += opens - closes
		if depth < 0 {
			return nil, fmt.Errorf("PTX line %d: unbalanced '}'", n+1)
		}
		if depth == 0 && (cur.body && closes > 0 || !cur.body && strings.Contains(code, ";")) {
			cur = nil
		}
	}
	if cur != nil || depth != 0 {
		return nil, fmt.Errorf("PTX ends inside a function (unbalanced braces)")
	}
	return out, nil
}
