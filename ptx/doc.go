// Package ptx is the PTX front end: lexer, recursive-descent parser, AST with
// positions, error collection, the opcode table (isa.go) and lowering to a
// flat, index-resolved Program (program.go).
//
// API:
//
//	Parse(file, src) (*Module, error)  // AST; error is an ErrorList
//	Lower(*Module) (*Program, error)    // resolve names, lay out params/locals
//	Load(file, src) (*Program, error)   // Parse + Lower
//
// Every error is "FILE:LINE:COL: error: MSG"; an ErrorList holds all of
// them, sorted by position. No input makes the package panic (FuzzParse).
//
// Files: token.go/lexer.go (tokens; opcodes are one dotted word),
// parser*.go (module, declarations, bodies, operands and constant
// expressions), quals.go (qualifier set -> Mods), isa.go (the opcode table:
// class, operand counts, sub-operation selectors), lower*.go and layout.go
// (scopes, registers, labels, symbols, calls, initializers).
//
// It must not import ptx/exec, sim or any model package.
package ptx
