// Package ptx is the PTX front end: lexer, recursive-descent parser, AST with
// positions, error collection, the opcode table (isa.go) and lowering to a
// flat, index-resolved Program (program.go).
//
// It must not import ptx/exec, sim or any model package.
package ptx
