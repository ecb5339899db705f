package kname

import (
	"fmt"
	"regexp"
	"strings"
)

// Match picks the entry that query names among names (the PTX's .entry
// names, mangled): the exact mangled name; else the entry whose demangled
// name (with or without parameters, or its short name) equals query; else
// the entries a regular expression (Go RE2 syntax, unanchored) matches in
// the mangled or the demangled name. Exactly one entry must match; the
// error lists the candidates (or, when none matched, every entry) by short
// name.
func Match(names []string, query string) (string, error) {
	for _, n := range names {
		if n == query {
			return n, nil
		}
	}
	var hits []string
	for _, n := range names {
		if query == Demangled(n) || query == base(n) || query == Short(n) {
			hits = append(hits, n)
		}
	}
	if len(hits) == 1 {
		return hits[0], nil
	}
	if len(hits) > 1 {
		return "", fmt.Errorf("%q names %d entries (%s); give the mangled name", query, len(hits), List(hits))
	}
	re, err := regexp.Compile(query)
	if err != nil {
		return "", fmt.Errorf("%q is no .entry name and not a regular expression (%v); entries: %s",
			query, strings.TrimPrefix(err.Error(), "error parsing regexp: "), List(names))
	}
	for _, n := range names {
		if re.MatchString(n) || re.MatchString(Demangled(n)) {
			hits = append(hits, n)
		}
	}
	switch len(hits) {
	case 1:
		return hits[0], nil
	case 0:
		return "", fmt.Errorf("no .entry matches %q (entries: %s)", query, List(names))
	}
	return "", fmt.Errorf("%q matches %d entries (%s); make it match one", query, len(hits), List(hits))
}

// List renders entry names for a message: short names, comma-separated;
// entries whose short names coincide are shown by their full demangled
// name, and, if that still coincides, by the mangled name.
func List(names []string) string {
	shown := make([]string, len(names))
	count := map[string]int{}
	for i, n := range names {
		shown[i] = Short(n)
		count[shown[i]]++
	}
	full := map[string]int{}
	for i, n := range names {
		if count[shown[i]] > 1 {
			shown[i] = Demangled(n)
			full[shown[i]]++
		}
	}
	for i, n := range names {
		if full[shown[i]] > 1 {
			shown[i] = n
		}
	}
	return strings.Join(shown, ", ")
}
