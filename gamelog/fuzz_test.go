package gamelog_test

import (
	"bytes"
	"errors"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// FuzzRead feeds bytes as a log. Read must never panic; what it accepts
// must re-encode to events that parse back the same. Seed corpus:
// testdata/fuzz/FuzzRead.
func FuzzRead(f *testing.F) {
	f.Add(writeLog(f, testHeader(), sampleEvents()[:3]))
	f.Fuzz(func(t *testing.T, data []byte) {
		lg, err := gamelog.Read("f.log", bytes.NewReader(data))
		if err != nil {
			var le *gamelog.LineError
			if !errors.As(err, &le) || !errors.Is(err, gamelog.ErrCorrupt) {
				t.Fatalf("error %v (%T) is not a *LineError", err, err)
			}
			if n := bytes.Count(data, []byte{'\n'}) + 1; le.Line < 1 || le.Line > n {
				t.Fatalf("error %v at line %d of %d", err, le.Line, n)
			}
			return
		}
		if len(lg.Events) != len(lg.Lines) {
			t.Fatalf("%d events, %d lines", len(lg.Events), len(lg.Lines))
		}
		for i := range lg.Events {
			ev := &lg.Events[i]
			if ev.Seq != i+1 || ev.Type == "" {
				t.Fatalf("event %d: seq %d type %q", i+1, ev.Seq, ev.Type)
			}
			// The raw line parses to the event.
			raw, err := gamelog.ParseEvent([]byte(lg.Lines[i]))
			if err != nil || !eqEvent(raw, *ev) {
				t.Fatalf("line %q parses as %+v, %v; Read gave %+v", lg.Lines[i], raw, err, *ev)
			}
			// Re-encoded, it parses back the same, and re-encodes the same.
			enc := ev.AppendJSON(nil)
			back, err := gamelog.ParseEvent(enc)
			if err != nil {
				t.Fatalf("re-encoded event %s does not parse: %v (from %q)", enc, err, lg.Lines[i])
			}
			if !eqEvent(back, *ev) {
				t.Fatalf("event %+v re-encodes as %s, which parses as %+v", *ev, enc, back)
			}
			if enc2 := back.AppendJSON(nil); !bytes.Equal(enc, enc2) {
				t.Fatalf("re-encoding is not stable: %s then %s", enc, enc2)
			}
		}
		// The whole log, re-encoded, reads back the same without warning.
		var b bytes.Buffer
		w := gamelog.NewWriter(&b, &lg.Header)
		for i := range lg.Events {
			if err := w.Append(&lg.Events[i]); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		again, err := gamelog.Read("g.log", &b)
		if err != nil {
			t.Fatalf("the re-encoded log does not read: %v\n%s", err, b.Bytes())
		}
		if again.Warning != "" || !eqHeader(again.Header, lg.Header) || len(again.Events) != len(lg.Events) {
			t.Fatalf("the re-encoded log reads as %+v, want %+v", again, lg)
		}
		for i := range lg.Events {
			if !eqEvent(again.Events[i], lg.Events[i]) {
				t.Fatalf("event %d differs after re-encoding", i+1)
			}
		}
	})
}

// FuzzReadLines feeds bytes as a log to ReadLines and reads every event:
// it must never panic, and must read what Read reads, or fail where Read
// fails with the same error. Seed corpus: testdata/fuzz/FuzzReadLines.
func FuzzReadLines(f *testing.F) {
	data := writeLog(f, testHeader(), sampleEvents()[:3])
	f.Add(data)
	f.Add(data[:len(data)-4])
	f.Fuzz(func(t *testing.T, data []byte) { readLinesAgrees(t, string(data)) })
}
