package ptx

// Module is the parsed form of one PTX file. Every node carries the position
// of its first token.
type Module struct {
	File    string
	Version string
	Target  string
	// VersionPos and TargetPos locate the directives (zero when absent).
	VersionPos, TargetPos, AddressSizePos Pos
	// UsedBytesMaskPos is the first `.pragma "used_bytes_mask ..."` (PTX ISA 8.3).
	UsedBytesMaskPos Pos
	AddressSize      int
	Decls            []Decl // *VarDecl and *FuncDecl in file order
	// SourceFiles are the `.file N "name"` directives: index -> name.
	SourceFiles map[int]string
}

// LocDirective is a `.loc file line column` directive (the first three
// numbers; a trailing `, function_name ..., inlined_at ...` is ignored).
type LocDirective struct {
	File, Line, Col int
}

// Decl is a module-scope declaration.
type Decl interface{ declPos() Pos }

// VarDecl is a variable in a state space (module scope or inside a body).
type VarDecl struct {
	Pos     Pos
	Space   Space
	Align   int // 0 when not written
	Type    Type
	Vec     int // .v2/.v4 variables: element count, else 0
	Name    string
	Dims    []int // -1 for an unsized dimension `[]`
	Init    *InitExpr
	Extern  bool
	Visible bool
	Weak    bool
}

// InitExpr is an initializer: a brace list (Elems) or a single value (Val).
type InitExpr struct {
	Pos   Pos
	List  bool
	Elems []*InitExpr
	Val   *Expr
}

// FuncDecl is an .entry or .func, with or without a body.
type FuncDecl struct {
	Pos      Pos
	Name     string
	Entry    bool
	Visible  bool
	Extern   bool
	Weak     bool
	NoReturn bool
	Rets     []*ParamDecl
	Params   []*ParamDecl
	Perf     PerfDirectives
	Body     *Block // nil for a declaration (`;`)
}

// ParamDecl is one parameter of a function.
type ParamDecl struct {
	Pos      Pos
	Name     string
	Type     Type
	Align    int
	Dims     []int
	PtrSpace Space
	PtrAlign int
}

// Block is a `{ ... }` body or inline scope.
type Block struct {
	Pos   Pos
	Stmts []Stmt
}

// Stmt is a statement in a body: *RegStmt, *VarStmt, *LabelStmt,
// *ProtoStmt, *InstStmt, *Block.
type Stmt interface{ stmtPos() Pos }

// RegStmt is a `.reg` declaration.
type RegStmt struct {
	Pos  Pos
	Type Type
	Regs []RegName
}

// RegName is one declared name; Count > 0 for the `%r<Count>` form.
type RegName struct {
	Pos   Pos
	Name  string
	Count int
}

// VarStmt is a variable declared inside a body.
type VarStmt struct{ Var *VarDecl }

// LabelStmt is `name:`.
type LabelStmt struct {
	Pos  Pos
	Name string
}

// ProtoStmt is `name: .callprototype ...;` (the signature is not kept).
type ProtoStmt struct {
	Pos  Pos
	Name string
}

// InstStmt is one instruction. Op and Mods are decoded by the parser.
type InstStmt struct {
	Pos      Pos
	Loc      LocDirective // the last .loc before it in its function (zero: none)
	Guard    *Expr        // nil when unguarded
	GuardNeg bool
	Text     string // opcode as written
	Op       Opcode
	Quals    []string
	Mods     Mods
	Ops      []*Expr
}

// ExprKind is the kind of an operand expression.
type ExprKind uint8

// Operand expression kinds.
const (
	ExName  ExprKind = iota // Name (register, symbol, label, function); Comp for %tid.x; Off for sym+8
	ExInt                   // Int
	ExFloat                 // Int holds the bits; F32 for 0f literals
	ExAddr                  // [Base + Off] with optional Elems (tensor coordinates)
	ExVec                   // {a, b}
	ExList                  // (a, b) in call
	ExPair                  // p|q
	ExSink                  // _
)

// Expr is an operand as written.
type Expr struct {
	Kind    ExprKind
	Pos     Pos
	Name    string
	Comp    string // component after a dot: "x" in %tid.x
	Neg     bool   // !p
	Generic bool   // generic(name) in initializers
	Mask    int    // byte-mask initializer 0xff<<s(name): s+1, else 0
	Int     uint64
	F32     bool
	Off     int64
	Base    *Expr // ExAddr: register or symbol name, nil for an absolute address
	Elems   []*Expr
}

func (d *VarDecl) declPos() Pos  { return d.Pos }
func (d *FuncDecl) declPos() Pos { return d.Pos }

func (s *Block) stmtPos() Pos     { return s.Pos }
func (s *RegStmt) stmtPos() Pos   { return s.Pos }
func (s *VarStmt) stmtPos() Pos   { return s.Var.Pos }
func (s *LabelStmt) stmtPos() Pos { return s.Pos }
func (s *ProtoStmt) stmtPos() Pos { return s.Pos }
func (s *InstStmt) stmtPos() Pos  { return s.Pos }
