// Package gamelog reads and writes game logs: JSON Lines, a header first,
// then one event per line, each with "seq" and "type". The log is the save:
// it is appended as play goes, and a torn last line (a crash mid-write) is
// dropped with a warning when it is read back. Events are ordered fields
// written without reflection. docs/log-format.md describes the format.
package gamelog
