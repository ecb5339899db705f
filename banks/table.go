package banks

import (
	"fmt"
	"io"
	"strings"
)

// WriteTable prints r with the swizzle modes side by side, a verdict line
// and the caveats.
func WriteTable(w io.Writer, r *Result) error {
	var b strings.Builder
	fmt.Fprintf(&b, "layout  %s\n", r.Spec)
	fmt.Fprintf(&b, "memory  %d lines x %d B, counted as %s; tile base 1024-byte aligned\n\n", r.Lines, r.Bytes, r.Kind)
	fmt.Fprintf(&b, "%-14s", "")
	for i := range r.Modes {
		fmt.Fprintf(&b, "%10s", r.Modes[i].Mode)
	}
	b.WriteByte('\n')
	rows := []struct {
		name string
		val  func(m *ModeResult) int
	}{
		{"instructions", func(m *ModeResult) int { return m.Instructions }},
		{"wavefronts", func(m *ModeResult) int { return m.Wavefronts }},
		{"ideal", func(m *ModeResult) int { return m.Ideal }},
		{"conflicts", func(m *ModeResult) int { return m.Conflicts }},
		{"worst n-way", func(m *ModeResult) int { return m.MaxWay }},
	}
	for _, row := range rows {
		fmt.Fprintf(&b, "%-14s", row.name)
		for i := range r.Modes {
			m := &r.Modes[i]
			if !m.Applies() {
				fmt.Fprintf(&b, "%10s", "n/a")
				continue
			}
			fmt.Fprintf(&b, "%10d", row.val(m))
		}
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	b.WriteString(Verdict(r) + "\n")
	for i := range r.Modes {
		if m := &r.Modes[i]; !m.Applies() {
			fmt.Fprintf(&b, "%s: %s\n", m.Mode, m.NotApplicable)
		}
	}
	if r.Note != "" {
		fmt.Fprintf(&b, "note: %s\n", r.Note)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// Verdict is the one-line answer: which modes are conflict-free.
func Verdict(r *Result) string {
	var free, bad []string
	for i := range r.Modes {
		m := &r.Modes[i]
		switch {
		case !m.Applies():
		case m.Conflicts == 0:
			free = append(free, modeWord(m.Mode))
		default:
			bad = append(bad, fmt.Sprintf("%s (%d-way)", modeWord(m.Mode), m.MaxWay))
		}
	}
	switch {
	case len(bad) == 0:
		return "conflict-free in every applicable mode: " + strings.Join(free, ", ")
	case len(free) == 0:
		return "conflicts in every applicable mode: " + strings.Join(bad, ", ")
	}
	return "conflict-free: " + strings.Join(free, ", ") + "; conflicts: " + strings.Join(bad, ", ")
}

// modeWord names a mode in prose ("unswizzled", "128B swizzle").
func modeWord(mode string) string {
	if mode == "none" {
		return "unswizzled"
	}
	return mode + " swizzle"
}
