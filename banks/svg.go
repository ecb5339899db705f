package banks

import (
	"fmt"
	"io"
	"strings"

	"github.com/sm90sim/sm90sim/smem"
)

// SVG geometry (pixels).
const (
	svgCell      = 9   // one bank x one phase
	svgGap       = 40  // between panels
	svgMargin    = 30  // left/top margin
	svgHeader    = 48  // title + bank axis
	svgMaxPhases = 512 // phases drawn per panel; the rest are summarized
)

// WriteSVG draws r as one heat map per swizzle mode, side by side: x is the
// bank (0..31), y the phase (one 128-B pass group, in access order), and the
// color the number of distinct 32-bit words the phase asks of that bank
// (white: none, green: 1 = no conflict, yellow to red: 2..32-way). Each
// cell's tooltip gives the words and the lane requests (broadcasts
// included). Plain SVG 1.1, no dependencies.
func WriteSVG(w io.Writer, r *Result) error {
	phases := 0
	for i := range r.Modes {
		phases = max(phases, min(len(r.Modes[i].Phases), svgMaxPhases))
	}
	panelW := smem.NumBanks * svgCell
	width := 2*svgMargin + len(r.Modes)*panelW + (len(r.Modes)-1)*svgGap
	height := svgMargin + svgHeader + max(phases, 1)*svgCell + 60
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="monospace" font-size="11">`+"\n", width, height)
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="white"/>`+"\n", width, height)
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="13">%s</text>`+"\n", svgMargin, esc(r.Spec+" — "+Verdict(r)))
	for i := range r.Modes {
		x0 := svgMargin + i*(panelW+svgGap)
		panel(&b, &r.Modes[i], x0, svgMargin+svgHeader)
	}
	legend(&b, svgMargin, height-22)
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func panel(b *strings.Builder, m *ModeResult, x0, y0 int) {
	title := fmt.Sprintf("%s: %d wavefronts, %d conflicts, worst %d-way", m.Mode, m.Wavefronts, m.Conflicts, m.MaxWay)
	if !m.Applies() {
		title = m.Mode + ": n/a"
	}
	fmt.Fprintf(b, `<text x="%d" y="%d">%s</text>`+"\n", x0, y0-28, esc(title))
	for bank := 0; bank < smem.NumBanks; bank += 8 {
		fmt.Fprintf(b, `<text x="%d" y="%d" font-size="9">%d</text>`+"\n", x0+bank*svgCell, y0-6, bank)
	}
	n := min(len(m.Phases), svgMaxPhases)
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", x0, y0, smem.NumBanks*svgCell, max(n, 1)*svgCell, heatColor(0))
	for p := 0; p < n; p++ {
		ph := &m.Phases[p]
		for bank := 0; bank < smem.NumBanks; bank++ {
			if ph.Words[bank] == 0 {
				continue // the panel background is the "no request" color
			}
			fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"><title>phase %d bank %d: %d words, %d requests</title></rect>`+"\n",
				x0+bank*svgCell, y0+p*svgCell, svgCell, svgCell, heatColor(ph.Words[bank]), p, bank, ph.Words[bank], ph.Requests[bank])
		}
	}
	if len(m.Phases) > n {
		fmt.Fprintf(b, `<text x="%d" y="%d">… %d more phases</text>`+"\n", x0, y0+n*svgCell+12, len(m.Phases)-n)
	}
	for bank := 0; bank <= smem.NumBanks; bank += 8 { // bank-group guides
		fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#bbb"/>`+"\n", x0+bank*svgCell, y0, x0+bank*svgCell, y0+max(n, 1)*svgCell)
	}
	fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", x0, y0, smem.NumBanks*svgCell, max(n, 1)*svgCell)
}

func legend(b *strings.Builder, x, y int) {
	fmt.Fprintf(b, `<text x="%d" y="%d">distinct words per bank per phase:</text>`+"\n", x, y)
	for i, n := range []int{0, 1, 2, 4, 8, 16, 32} {
		lx := x + 260 + i*60
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="12" height="12" fill="%s" stroke="#888"/><text x="%d" y="%d">%d</text>`+"\n",
			lx, y-10, heatColor(n), lx+16, y, n)
	}
}

// heatColor maps distinct words per bank to a color: 0 white, 1 green,
// 2..32 from yellow to dark red on a log scale.
func heatColor(words int) string {
	switch {
	case words <= 0:
		return "#ffffff"
	case words == 1:
		return "#7fc97f"
	}
	t := 0.0 // 0 at 2-way, 1 at 32-way
	for n := words; n > 2; n /= 2 {
		t += 0.25
	}
	t = min(t, 1)
	r := 255 - int(100*t)
	g := int(220 * (1 - t))
	return fmt.Sprintf("#%02x%02x%02x", r, g, 0)
}

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
