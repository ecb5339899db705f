package ptx

// module checks .version and .target (see target.go for the table).
func (c *checker) module() {}
