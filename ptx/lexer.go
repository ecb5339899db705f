package ptx

// lexer turns PTX source into tokens. It never fails: bad characters are
// reported and skipped.
type lexer struct {
	file string
	src  []byte
	off  int
	line int
	col  int // column of src[off], 1-based
	errs *errSink
	toks []token
}

// lex tokenizes src. The returned slice always ends with a tEOF token.
func lex(file string, src []byte, errs *errSink) []token {
	lx := &lexer{file: file, src: src, line: 1, col: 1, errs: errs}
	lx.toks = make([]token, 0, len(src)/4+1)
	lx.run()
	lx.toks = append(lx.toks, token{Kind: tEOF, Pos: lx.pos()})
	return lx.toks
}

func (lx *lexer) pos() Pos { return Pos{File: lx.file, Line: lx.line, Col: lx.col} }

func (lx *lexer) peekAt(i int) byte {
	if lx.off+i < len(lx.src) {
		return lx.src[lx.off+i]
	}
	return 0
}

// advance moves over n bytes that contain no newline.
func (lx *lexer) advance(n int) {
	lx.off += n
	lx.col += n
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }
func isHex(c byte) bool    { return isDigit(c) || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

// isWordChar: characters that may follow the first one in an identifier.
func isWordChar(c byte) bool { return isLetter(c) || isDigit(c) || c == '_' || c == '$' }

func (lx *lexer) run() {
	for lx.off < len(lx.src) {
		c := lx.src[lx.off]
		switch {
		case c == '\n':
			lx.off++
			lx.line++
			lx.col = 1
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			lx.advance(1)
		case c == '/' && lx.peekAt(1) == '/':
			for lx.off < len(lx.src) && lx.src[lx.off] != '\n' {
				lx.advance(1)
			}
		case c == '/' && lx.peekAt(1) == '*':
			lx.blockComment()
		case isLetter(c) || c == '_' || c == '$' || c == '%':
			lx.word(tWord)
		case c == '.' && (isLetter(lx.peekAt(1)) || lx.peekAt(1) == '_'):
			lx.directive()
		case isDigit(c) || c == '.' && isDigit(lx.peekAt(1)):
			lx.number()
		case c == '"':
			lx.str()
		case isPunct(c):
			lx.emit(tPunct, lx.off, lx.off+1, lx.pos())
			lx.advance(1)
		default:
			lx.errs.add(lx.pos(), "unexpected character %q", rune(c))
			lx.advance(1)
		}
	}
}

func isPunct(c byte) bool {
	switch c {
	case ',', ';', ':', '[', ']', '{', '}', '(', ')', '<', '>', '+', '-', '*', '/', '%', '&', '|', '^', '~', '!', '@', '=':
		return true
	}
	return false
}

func (lx *lexer) emit(k tokKind, start, end int, p Pos) {
	lx.toks = append(lx.toks, token{Kind: k, Text: string(lx.src[start:end]), Pos: p})
}

func (lx *lexer) blockComment() {
	p := lx.pos()
	lx.advance(2)
	for lx.off < len(lx.src) {
		if lx.src[lx.off] == '*' && lx.peekAt(1) == '/' {
			lx.advance(2)
			return
		}
		if lx.src[lx.off] == '\n' {
			lx.off++
			lx.line++
			lx.col = 1
			continue
		}
		lx.advance(1)
	}
	lx.errs.add(p, "unterminated comment")
}

// scanWord returns the end offset of a dotted word starting at lx.off+skip:
// word characters, '.' followed by a word character, and '::' followed by a
// word character.
func (lx *lexer) scanWord(skip int) int {
	i := lx.off + skip
	for i < len(lx.src) {
		c := lx.src[i]
		switch {
		case isWordChar(c):
			i++
		case c == '.' && i+1 < len(lx.src) && isWordChar(lx.src[i+1]):
			i++
		case c == ':' && i+2 < len(lx.src) && lx.src[i+1] == ':' && isWordChar(lx.src[i+2]):
			i += 2
		default:
			return i
		}
	}
	return i
}

func (lx *lexer) word(k tokKind) {
	end := lx.scanWord(1)
	lx.emit(k, lx.off, end, lx.pos())
	lx.advance(end - lx.off)
}

// directive lexes `.name`; a run like `.visible.entry` is split into one
// directive token per dotted part, except that `::` compounds stay whole.
func (lx *lexer) directive() {
	end := lx.scanWord(1)
	start := lx.off
	for i := start + 1; i <= end; i++ {
		if i == end || lx.src[i] == '.' {
			lx.emit(tDirective, start, i, lx.pos())
			lx.advance(i - start)
			start = i
		}
	}
}

func (lx *lexer) str() {
	p := lx.pos()
	i := lx.off + 1
	for i < len(lx.src) && lx.src[i] != '"' && lx.src[i] != '\n' {
		if lx.src[i] == '\\' && i+1 < len(lx.src) && lx.src[i+1] != '\n' {
			i++
		}
		i++
	}
	if i >= len(lx.src) || lx.src[i] != '"' {
		lx.errs.add(p, "unterminated string")
		lx.emit(tString, lx.off, i, p)
		lx.advance(i - lx.off)
		return
	}
	lx.emit(tString, lx.off, i+1, p)
	lx.advance(i + 1 - lx.off)
}

// number lexes integer and float literals. Values are decoded by the parser.
func (lx *lexer) number() {
	p := lx.pos()
	s, i := lx.src, lx.off
	if s[i] == '0' && i+1 < len(s) {
		switch s[i+1] {
		case 'f', 'F', 'd', 'D':
			if i+2 < len(s) && isHex(s[i+2]) {
				j := i + 2
				for j < len(s) && isHex(s[j]) {
					j++
				}
				lx.finishNumber(tFloat, j, p)
				return
			}
		case 'x', 'X':
			j := i + 2
			for j < len(s) && isHex(s[j]) {
				j++
			}
			lx.finishNumber(tInt, j, p)
			return
		case 'b', 'B':
			j := i + 2
			for j < len(s) && (s[j] == '0' || s[j] == '1') {
				j++
			}
			lx.finishNumber(tInt, j, p)
			return
		}
	}
	j := i
	for j < len(s) && isDigit(s[j]) {
		j++
	}
	kind := tInt
	if j < len(s) && s[j] == '.' && (j+1 >= len(s) || !isLetter(s[j+1]) || s[j+1] == 'e' || s[j+1] == 'E') {
		kind = tFloat
		j++
		for j < len(s) && isDigit(s[j]) {
			j++
		}
	}
	if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if k < len(s) && isDigit(s[k]) {
			kind = tFloat
			for k < len(s) && isDigit(s[k]) {
				k++
			}
			j = k
		}
	}
	lx.finishNumber(kind, j, p)
}

// finishNumber takes an optional U suffix on integers, then rejects a literal
// glued to letters (`12abc`).
func (lx *lexer) finishNumber(kind tokKind, end int, p Pos) {
	s := lx.src
	if kind == tInt && end < len(s) && (s[end] == 'U' || s[end] == 'u') {
		end++
	}
	if end < len(s) && isWordChar(s[end]) {
		bad := end
		for bad < len(s) && isWordChar(s[bad]) {
			bad++
		}
		lx.errs.add(p, "malformed number '%s'", s[lx.off:bad])
		end = bad
	}
	lx.emit(kind, lx.off, end, p)
	lx.advance(end - lx.off)
}
