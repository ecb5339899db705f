package report

// Performance is one performance diagnostic: code that runs correctly but
// slower than it could, as the compiler would compile it (README
// "Performance diagnostics").
type Performance struct {
	Rule    string `json:"rule"`   // "wgmma-serialized"
	Line    int    `json:"line"`   // the PTX line that causes it
	Source  string `json:"source"` // .cu position from .loc, "" without line info
	Func    string `json:"func"`   // the function whose code is affected
	Count   int    `json:"count"`  // how many instructions cause it
	Message string `json:"message"`
}
