package ptx

// tokKind is the kind of a lexical token.
type tokKind uint8

const (
	tEOF       tokKind = iota
	tWord              // identifier or dotted opcode word: ld.global.u32, %r1, %tid.x, $L__BB0_1, _
	tDirective         // .reg, .shared::cta (starts with a dot)
	tInt               // integer literal (decimal, 0x, 0b, octal; optional U suffix)
	tFloat             // 0f/0d bit literals or decimal floats
	tString            // "..." (Text keeps the quotes)
	tPunct             // one of , ; : [ ] { } ( ) < > + - * / % & | ^ ~ ! @ =
)

var tokKindNames = [...]string{"end of file", "identifier", "directive", "integer", "float", "string", "punctuation"}

func (k tokKind) String() string { return tokKindNames[k] }

// token is one lexeme. Text is a slice of the source (no copy).
type token struct {
	Kind tokKind
	Text string
	Pos  Pos
}

// is reports whether the token is the punctuation p.
func (t *token) is(p byte) bool {
	return t.Kind == tPunct && len(t.Text) == 1 && t.Text[0] == p
}

// describe renders a token for error messages.
func (t *token) describe() string {
	if t.Kind == tEOF {
		return "end of file"
	}
	return "'" + t.Text + "'"
}
