package main

import (
	"encoding/xml"
	"fmt"
	"io"
	"strings"
)

// JUnit XML (the schema Jenkins, GitLab and GitHub Actions read:
// testsuites > testsuite > testcase with failure, error or nothing).
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Time     string      `xml:"time,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitProblem `xml:"failure,omitempty"`
	Error     *junitProblem `xml:"error,omitempty"`
}

type junitProblem struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

func writeJUnit(w io.Writer, results []checkResult) error {
	s := junitSuite{Name: "sm90sim check"}
	var total float64
	for _, r := range results {
		c := junitCase{Name: r.Dir, Classname: "sm90sim.check", Time: fmt.Sprintf("%.3f", r.Seconds)}
		total += r.Seconds
		p := &junitProblem{Message: r.Summary, Type: r.Status, Text: strings.Join(r.Details, "\n")}
		switch r.Status {
		case "fail":
			c.Failure = p
			s.Failures++
		case "error", "malformed":
			c.Error = p
			s.Errors++
		}
		s.Cases = append(s.Cases, c)
		s.Tests++
	}
	s.Time = fmt.Sprintf("%.3f", total)
	doc := junitSuites{Tests: s.Tests, Failures: s.Failures, Errors: s.Errors, Suites: []junitSuite{s}}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}
