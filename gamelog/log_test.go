package gamelog_test

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

func TestRoundTrip(t *testing.T) {
	h := testHeader()
	evs := sampleEvents()
	data := writeLog(t, h, evs)

	lg, err := gamelog.Read("game.log", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if lg.Warning != "" {
		t.Errorf("Warning = %q", lg.Warning)
	}
	if !eqHeader(lg.Header, *h) {
		t.Errorf("header = %+v, want %+v", lg.Header, *h)
	}
	if lg.Header.Opt("campaign") != "long" || lg.Header.Opt("note") != h.Options[2].Value || lg.Header.Opt("missing") != "" {
		t.Error("Header.Opt")
	}
	if len(lg.Events) != len(evs) || len(lg.Lines) != len(evs) {
		t.Fatalf("read %d events, %d lines; want %d", len(lg.Events), len(lg.Lines), len(evs))
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != len(evs)+1 {
		t.Fatalf("the log has %d lines, want %d: a string leaked a raw newline", len(lines), len(evs)+1)
	}
	for i := range evs {
		if !eqEvent(lg.Events[i], evs[i]) {
			t.Errorf("event %d = %+v, want %+v", i+1, lg.Events[i], evs[i])
		}
		if lg.Lines[i] != lines[i+1] {
			t.Errorf("Lines[%d] = %q, want the raw line %q", i, lg.Lines[i], lines[i+1])
		}
	}

	// Byte-identical re-encoding: the header and every event.
	var again []byte
	again = lg.Header.AppendJSON(again)
	again = append(again, '\n')
	for i := range lg.Events {
		line := lg.Events[i].AppendJSON(nil)
		if string(line) != lg.Lines[i] {
			t.Errorf("event %d re-encodes as\n%s\nwant\n%s", i+1, line, lg.Lines[i])
		}
		again = append(again, line...)
		again = append(again, '\n')
	}
	if !bytes.Equal(again, data) {
		t.Errorf("re-encoded log differs:\n%s\nwant\n%s", again, data)
	}
	// And writing the read log again gives the same bytes.
	if rewritten := writeLog(t, &lg.Header, lg.Events); !bytes.Equal(rewritten, data) {
		t.Error("rewriting the read log gives other bytes")
	}
}

// Each line is JSON that encoding/json reads back to the same values.
func TestLinesAreJSON(t *testing.T) {
	data := writeLog(t, testHeader(), sampleEvents())
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Errorf("line %d is not JSON: %v\n%s", i+1, err, line)
		}
	}
}

func TestStringEscaping(t *testing.T) {
	tests := []struct {
		in   string
		want string // the JSON text
	}{
		{"", `""`},
		{"plain", `"plain"`},
		{`say "hi"`, `"say \"hi\""`},
		{`a\b`, `"a\\b"`},
		{"a\nb", `"a\nb"`},
		{"a\tb", `"a\tb"`},
		{"a\rb", `"a\rb"`},
		{"\x00", `"\u0000"`},
		{"\x01\x1f", `"\u0001\u001f"`},
		{"\x7f", "\"\x7f\""},
		{"ü", `"ü"`},
		{"日本", `"日本"`},
		{"🚤", `"🚤"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"<&>", `"<&>"`},
		{"bad \xff byte", `"bad \ufffd byte"`},
		{"cut \xe6\x97", `"cut \ufffd\ufffd"`},
	}
	// Invalid UTF-8 is written as U+FFFD, one per bad byte.
	readAs := map[string]string{"bad \xff byte": "bad \ufffd byte", "cut \xe6\x97": "cut \ufffd\ufffd"}
	for _, tc := range tests {
		ev := gamelog.Event{Seq: 1, Type: "t", Fields: []gamelog.Field{gamelog.Str("s", tc.in)}}
		got := string(ev.AppendJSON(nil))
		want := `{"seq":1,"type":"t","s":` + tc.want + `}`
		if got != want {
			t.Errorf("%q encodes as %s, want %s", tc.in, got, want)
		}
		if strings.ContainsAny(got, "\n\r") {
			t.Errorf("%q encodes with a raw line break", tc.in)
		}
		// encoding/json reads it as the string (invalid UTF-8 as U+FFFD).
		var v struct{ S string }
		if err := json.Unmarshal([]byte(got), &v); err != nil {
			t.Errorf("%s: %v", got, err)
		} else if want := cmp.Or(readAs[tc.in], tc.in); v.S != want {
			t.Errorf("%s reads as %q, want %q", got, v.S, want)
		}
	}
}

func TestValueAppendJSON(t *testing.T) {
	tests := []struct {
		v    gamelog.Value
		want string
	}{
		{gamelog.Value{}, "null"},
		{gamelog.IntV(-42), "-42"},
		{gamelog.StrV("x"), `"x"`},
		{gamelog.Value{Kind: gamelog.KBool, B: true}, "true"},
		{gamelog.Value{Kind: gamelog.KBool}, "false"},
		{gamelog.Value{Kind: gamelog.KList}, "[]"},
		{gamelog.Value{Kind: gamelog.KObj}, "{}"},
		{gamelog.Value{Kind: gamelog.KList, L: []gamelog.Value{gamelog.IntV(1), {}, gamelog.StrV("a")}}, `[1,null,"a"]`},
		{gamelog.ObjV(gamelog.Int("b", 1), gamelog.Int("a", 2), gamelog.Obj("c", gamelog.Strs("d", []string{"e"}))), `{"b":1,"a":2,"c":{"d":["e"]}}`},
		{gamelog.Value{Kind: gamelog.Kind(99)}, "null"},
	}
	for _, tc := range tests {
		if got := string(tc.v.AppendJSON([]byte("prefix:"))); got != "prefix:"+tc.want {
			t.Errorf("%+v encodes as %s, want %s", tc.v, got, tc.want)
		}
	}
	h := gamelog.Header{Format: "f", Version: 3, Game: "g", Seed: 18446744073709551615, Dice: "physical", Tables: "t"}
	want := `{"format":"f","version":3,"game":"g","seed":18446744073709551615,"dice":"physical","options":[],"tables":"t"}`
	if got := string(h.AppendJSON(nil)); got != want {
		t.Errorf("header encodes as\n%s\nwant\n%s", got, want)
	}
}

func TestAccessors(t *testing.T) {
	ev := sampleEvents()[1]
	if ev.Str("table") != "A-1" || ev.Int("total") != 100 || ev.Int("mod") != -3 {
		t.Error("Str/Int")
	}
	if ev.Str("missing") != "" || ev.Int("missing") != 0 || ev.Int("table") != 0 {
		t.Error("missing or mistyped fields do not read as zero")
	}
	v, ok := ev.Get("faces")
	if !ok || fmt.Sprint(v.Ints()) != "[0 0]" {
		t.Errorf("faces = %+v, %v", v, ok)
	}
	if _, ok := ev.Get("nope"); ok {
		t.Error("Get of a missing field")
	}
	c := sampleEvents()[2]
	opts, _ := c.Get("options")
	if fmt.Sprintf("%q", opts.Strs()) != `["attack" "evade" ""]` {
		t.Errorf("Strs = %q", opts.Strs())
	}
	st, _ := c.Get("state")
	if a, ok := st.Get("a"); !ok || a.I != 2 {
		t.Error("Value.Get")
	}
	mixed, _ := st.Get("mixed")
	if got := fmt.Sprint(mixed.Ints()); got != "[1 0 0 0 0]" {
		t.Errorf("Ints of a mixed list = %s (non-ints read 0)", got)
	}
	if d, _ := c.Get("dup"); d.S != "first" {
		t.Errorf("Get of a repeated key = %q, want the first", d.S)
	}
}

func TestParseEventFieldOrder(t *testing.T) {
	line := `{"seq":7,"type":"move","z":1,"a":"x","m":{"q":1,"b":[3,2,1],"a":{"y":true,"x":null}},"b":false,"z":2}`
	ev, err := gamelog.ParseEvent([]byte(line))
	if err != nil {
		t.Fatal(err)
	}
	if ev.Seq != 7 || ev.Type != "move" {
		t.Errorf("seq %d type %q", ev.Seq, ev.Type)
	}
	var keys []string
	for _, f := range ev.Fields {
		keys = append(keys, f.Key)
	}
	if got := strings.Join(keys, ","); got != "z,a,m,b,z" {
		t.Errorf("field order = %s, want z,a,m,b,z", got)
	}
	m := ev.Fields[2].Val
	if m.Kind != gamelog.KObj || len(m.O) != 3 || m.O[0].Key != "q" || m.O[1].Key != "b" || m.O[2].Key != "a" {
		t.Errorf("nested object = %+v", m)
	}
	if inner := m.O[2].Val; inner.O[0].Key != "y" || inner.O[1].Key != "x" || inner.O[1].Val.Kind != gamelog.KNull {
		t.Errorf("inner object = %+v", inner)
	}
	if fmt.Sprint(m.O[1].Val.Ints()) != "[3 2 1]" {
		t.Errorf("list order = %v", m.O[1].Val.Ints())
	}
	if got := string(ev.AppendJSON(nil)); got != line {
		t.Errorf("re-encoded as\n%s\nwant\n%s", got, line)
	}
	// Whitespace is read but not kept.
	spaced := "  { \"seq\" : 7 , \"type\":\"move\" ,\t\"z\" : [ 1 , 2 ] }  \r"
	ev, err = gamelog.ParseEvent([]byte(spaced))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(ev.AppendJSON(nil)); got != `{"seq":7,"type":"move","z":[1,2]}` {
		t.Errorf("spaced event re-encodes as %s", got)
	}
}

func TestParseEventErrors(t *testing.T) {
	deep := func(n int) string {
		return `{"seq":1,"type":"t","d":` + strings.Repeat("[", n) + "1" + strings.Repeat("]", n) + "}"
	}
	tests := []struct {
		line string
		want string
	}{
		{``, "not a JSON event"},
		{`   `, "not a JSON event"},
		{`{`, "not a JSON event"},
		{`{"seq":1,"type":"t"`, "not a JSON event"},
		{`{"seq":1,"type":"t",}`, "not a JSON event"},
		{`{"seq":1 "type":"t"}`, "not a JSON event"},
		{`{"seq":1,"type":"t","a":[1 2]}`, "not a JSON event"},
		{`{"seq":1,"type":"t","a":tru}`, "not a JSON event"},
		{`{"seq":1,"type":"t","a":01}`, "not a JSON event"},
		{`{"seq":1,"type":"t","a":1.5}`, "number 1.5 is not an integer"},
		{`{"seq":1,"type":"t","a":1e3}`, "number 1e3 is not an integer"},
		{`{"seq":1,"type":"t","a":1E3}`, "is not an integer"},
		{`{"seq":1,"type":"t","a":9007199254740993}`, "number 9007199254740993 is out of range"},
		{`{"seq":1,"type":"t","a":-9007199254740993}`, "out of range"},
		{`{"seq":1,"type":"t","a":99999999999999999999}`, "out of range"},
		{`{"seq":1,"type":"t"} {"seq":2,"type":"t"}`, "extra data after the event object"},
		{`{"seq":1,"type":"t"},`, "extra data after the event object"},
		{`{"seq":1,"type":"t"}x`, "extra data"},
		{`[1,2]`, "an event must be a JSON object"},
		{`"event"`, "an event must be a JSON object"},
		{`42`, "an event must be a JSON object"},
		{`null`, "an event must be a JSON object"},
		{`{}`, `an event starts with "seq" and "type"`},
		{`{"seq":1}`, `an event starts with "seq" and "type"`},
		{`{"type":"t","seq":1}`, `an event starts with "seq" and "type"`},
		{`{"seq":1,"kind":"t"}`, `an event starts with "seq" and "type"`},
		{`{"seq":0,"type":"t"}`, `"seq" must be a positive integer`},
		{`{"seq":-1,"type":"t"}`, `"seq" must be a positive integer`},
		{`{"seq":"1","type":"t"}`, `"seq" must be a positive integer`},
		{`{"seq":null,"type":"t"}`, `"seq" must be a positive integer`},
		{`{"seq":1,"type":""}`, `"type" must be a non-empty string`},
		{`{"seq":1,"type":3}`, `"type" must be a non-empty string`},
		{`{"seq":1,"type":["t"]}`, `"type" must be a non-empty string`},
		{deep(100), "nested too deep"},
		{deep(40), "nested too deep"},
	}
	for _, tc := range tests {
		ev, err := gamelog.ParseEvent([]byte(tc.line))
		if err == nil {
			t.Errorf("ParseEvent(%s) = %+v, want an error", tc.line, ev)
			continue
		}
		if !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseEvent(%s) error %q, want it to contain %q", tc.line, err, tc.want)
		}
	}
	// Moderate nesting and the largest exact integers are fine.
	for _, ok := range []string{
		deep(20),
		`{"seq":1,"type":"t","a":9007199254740992,"b":-9007199254740992,"c":-0}`,
	} {
		if _, err := gamelog.ParseEvent([]byte(ok)); err != nil {
			t.Errorf("ParseEvent(%s): %v", ok, err)
		}
	}
}

// A log whose last line was cut by a crash: the line is dropped with a
// warning and the rest loads.
func TestReadTornLastLine(t *testing.T) {
	evs := sampleEvents()[:3]
	data := writeLog(t, testHeader(), evs)
	full := len(data)
	lastStart := bytes.LastIndexByte(data[:full-1], '\n') + 1
	lastLen := full - 1 - lastStart
	for _, cut := range []int{1, 2, lastLen / 2, lastLen - 1} {
		t.Run(fmt.Sprint(cut), func(t *testing.T) {
			torn := data[:lastStart+cut]
			lg, err := gamelog.Read("game.log", bytes.NewReader(torn))
			if err != nil {
				t.Fatalf("Read of a log with a torn last line: %v", err)
			}
			if len(lg.Events) != 2 || len(lg.Lines) != 2 {
				t.Fatalf("read %d events, want the 2 before the torn line", len(lg.Events))
			}
			for i := range 2 {
				if !eqEvent(lg.Events[i], evs[i]) {
					t.Errorf("event %d = %+v", i+1, lg.Events[i])
				}
			}
			for _, w := range []string{"game.log:4:", "dropped a torn last line", fmt.Sprintf("(%d bytes)", cut)} {
				if !strings.Contains(lg.Warning, w) {
					t.Errorf("Warning %q does not contain %q", lg.Warning, w)
				}
			}
		})
	}
	// Only the newline is missing: the line is whole, and kept.
	lg, err := gamelog.Read("game.log", bytes.NewReader(data[:full-1]))
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Events) != 3 || lg.Warning != "" {
		t.Errorf("a last line without its newline: %d events, warning %q; want 3 and none", len(lg.Events), lg.Warning)
	}
	// A torn last line right after the header.
	hdr := writeLog(t, testHeader(), nil)
	lg, err = gamelog.Read("game.log", bytes.NewReader(append(hdr, `{"seq":1,"ty`...)))
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Events) != 0 || !strings.Contains(lg.Warning, "game.log:2:") {
		t.Errorf("%d events, warning %q", len(lg.Events), lg.Warning)
	}
	// Any bad last line without its newline is treated as torn, even one
	// that is whole JSON with the wrong seq.
	lg, err = gamelog.Read("game.log", bytes.NewReader(append(append([]byte{}, hdr...), `{"seq":5,"type":"t"}`...)))
	if err != nil || len(lg.Events) != 0 || lg.Warning == "" {
		t.Errorf("unterminated last line with a wrong seq: %v, %d events, warning %q", err, len(lg.Events), lg.Warning)
	}
}

func TestReadCorruptLine(t *testing.T) {
	evs := sampleEvents()[:4]
	data := writeLog(t, testHeader(), evs)
	lines := strings.SplitAfter(string(data), "\n") // lines[0] is the header
	replace := func(n int, with string) []byte {
		ls := append([]string{}, lines...)
		ls[n-1] = with
		return []byte(strings.Join(ls, ""))
	}
	tests := []struct {
		name string
		data []byte
		line int
		want string
	}{
		{"garbage", replace(3, "garbage\n"), 3, "not a JSON event"},
		{"cut line in the middle", replace(3, lines[2][:10]+"\n"), 3, "not a JSON event"},
		{"empty line", replace(2, "\n"), 2, "not a JSON event"},
		{"seq skipped", replace(3, `{"seq":3,"type":"x"}`+"\n"), 3, "seq 3 out of order (want 2)"},
		{"seq repeated", replace(4, `{"seq":2,"type":"x"}`+"\n"), 4, "seq 2 out of order (want 3)"},
		{"no type", replace(2, `{"seq":1}`+"\n"), 2, `an event starts with "seq" and "type"`},
		{"float", replace(5, `{"seq":4,"type":"x","v":0.5}`+"\n"), 5, "not an integer"},
		{"bad last line with its newline", replace(5, "{\"seq\":4,\n"), 5, "not a JSON event"},
		{"two events on a line", replace(2, `{"seq":1,"type":"x"}{"seq":2,"type":"x"}`+"\n"), 2, "extra data"},
		{"corrupt line before a torn one", append(replace(3, "%%%\n"), `{"seq":5,"ty`...), 3, "not a JSON event"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lg, err := gamelog.Read("save.log", bytes.NewReader(tc.data))
			if err == nil {
				t.Fatalf("Read succeeded with %d events, warning %q", len(lg.Events), lg.Warning)
			}
			if lg != nil {
				t.Error("Read returned a log with its error")
			}
			checkLineError(t, err, "save.log", tc.line, tc.want)
		})
	}
}

func checkLineError(t *testing.T, err error, name string, line int, want string) {
	t.Helper()
	var le *gamelog.LineError
	if !errors.As(err, &le) {
		t.Fatalf("error %v (%T) is not a *LineError", err, err)
	}
	if !errors.Is(err, gamelog.ErrCorrupt) {
		t.Errorf("error %v does not wrap ErrCorrupt", err)
	}
	if le.Name != name || le.Line != line {
		t.Errorf("error at %s:%d, want %s:%d (%s)", le.Name, le.Line, name, line, le.Msg)
	}
	if !strings.Contains(le.Msg, want) {
		t.Errorf("message %q does not contain %q", le.Msg, want)
	}
	if prefix := fmt.Sprintf("%s:%d: ", name, line); !strings.HasPrefix(err.Error(), prefix) {
		t.Errorf("Error() = %q, want the prefix %q", err.Error(), prefix)
	}
}

func TestReadHeaderErrors(t *testing.T) {
	ev := "\n" + `{"seq":1,"type":"t"}` + "\n"
	header := func(edit func(h *gamelog.Header)) string {
		h := testHeader()
		edit(h)
		return string(h.AppendJSON(nil))
	}
	tests := []struct {
		name string
		data string
		want string
	}{
		{"empty file", "", "empty log: no header line"},
		{"wrong format name", header(func(h *gamelog.Header) { h.Format = "other-log" }) + ev, `not a schnell log (format "other-log", want "schnell-log")`},
		{"no format", header(func(h *gamelog.Header) { h.Format = "" }) + ev, `not a schnell log (format ""`},
		{"newer version", header(func(h *gamelog.Header) { h.Version = gamelog.Version + 1 }) + ev,
			fmt.Sprintf("log format version %d is not supported (this schnell reads version %d)", gamelog.Version+1, gamelog.Version)},
		{"version 0", header(func(h *gamelog.Header) { h.Version = 0 }) + ev, "log format version 0 is not supported"},
		{"bad dice mode", header(func(h *gamelog.Header) { h.Dice = "loaded" }) + ev, `dice mode "loaded": want digital or physical`},
		{"unknown field", `{"format":"schnell-log","version":1,"game":"g","seed":1,"dice":"digital","options":[],"tables":"t","extra":1}` + ev, "bad header"},
		{"not JSON", "schnell-log v1" + ev, "bad header"},
		{"blank first line", ev, "bad header"},
		{"extra data", header(func(*gamelog.Header) {}) + ` {"a":1}` + ev, "bad header: extra data after the header object"},
		{"seed negative", `{"format":"schnell-log","version":1,"game":"g","seed":-1,"dice":"digital","options":[],"tables":"t"}` + ev, "bad header"},
		{"version string", `{"format":"schnell-log","version":"1","game":"g","seed":1,"dice":"digital","options":[],"tables":"t"}` + ev, "bad header"},
		{"torn header", header(func(*gamelog.Header) {}), "the header line is torn"},
		{"cut header", header(func(*gamelog.Header) {})[:30], "bad header"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lg, err := gamelog.Read("h.log", strings.NewReader(tc.data))
			if err == nil {
				t.Fatalf("Read succeeded: %+v", lg.Header)
			}
			checkLineError(t, err, "h.log", 1, tc.want)
		})
	}
	// A header alone, with its newline, is a log with no events.
	lg, err := gamelog.Read("h.log", bytes.NewReader(writeLog(t, testHeader(), nil)))
	if err != nil || len(lg.Events) != 0 || lg.Warning != "" {
		t.Errorf("header-only log: %v, %d events, warning %q", err, len(lg.Events), lg.Warning)
	}
	// Physical dice are fine too, and options may be null.
	phys := `{"format":"schnell-log","version":1,"game":"g","seed":0,"dice":"physical","options":null,"tables":""}` + "\n"
	lg, err = gamelog.Read("h.log", strings.NewReader(phys))
	if err != nil || lg.Header.Dice != "physical" || len(lg.Header.Options) != 0 {
		t.Errorf("physical header: %v, %+v", err, lg)
	}
}

type errReader struct{}

func (errReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReadIOError(t *testing.T) {
	_, err := gamelog.Read("x.log", errReader{})
	if err == nil || !strings.Contains(err.Error(), "disk on fire") || !strings.Contains(err.Error(), "x.log") {
		t.Errorf("Read error = %v", err)
	}
	if errors.Is(err, gamelog.ErrCorrupt) {
		t.Error("an I/O error is reported as a corrupt log")
	}
}

// writes records every Write call.
type writes struct {
	calls [][]byte
	fail  bool
}

func (w *writes) Write(p []byte) (int, error) {
	if w.fail {
		return 0, errors.New("no space left")
	}
	w.calls = append(w.calls, append([]byte(nil), p...))
	return len(p), nil
}

// Each Write hands over whole lines only, so a crash leaves at worst a torn
// last line; lines larger than the buffer go out whole too.
func TestWriterWholeLines(t *testing.T) {
	var w writes
	lw := gamelog.NewWriter(&w, testHeader())
	var evs []gamelog.Event
	for i := range 3000 {
		ev := gamelog.Event{Seq: i + 1, Type: "tick", Fields: []gamelog.Field{gamelog.Int("i", i), gamelog.Str("pad", strings.Repeat("x", i%97))}}
		if i == 1500 {
			ev.Fields = append(ev.Fields, gamelog.Str("huge", strings.Repeat("é", 50_000))) // > the 64 KiB buffer
		}
		evs = append(evs, ev)
		if err := lw.Append(&evs[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := lw.Flush(); err != nil {
		t.Fatal(err)
	}
	if len(w.calls) < 3 {
		t.Fatalf("%d writes: the test should cross the buffer size", len(w.calls))
	}
	var all []byte
	for i, c := range w.calls {
		if len(c) == 0 || c[len(c)-1] != '\n' {
			t.Fatalf("write %d of %d does not end at a line end", i+1, len(w.calls))
		}
		all = append(all, c...)
	}
	lg, err := gamelog.Read("big.log", bytes.NewReader(all))
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Events) != len(evs) {
		t.Fatalf("read %d events, want %d", len(lg.Events), len(evs))
	}
	for i := range evs {
		if !eqEvent(lg.Events[i], evs[i]) {
			t.Fatalf("event %d differs", i+1)
		}
	}
}

func TestWriterError(t *testing.T) {
	w := &writes{fail: true}
	lw := gamelog.NewWriter(w, testHeader())
	ev := gamelog.Event{Seq: 1, Type: "t"}
	// The header goes out at once (a log is never left empty): its write
	// fails, and the error sticks.
	if err := lw.Append(&ev); err == nil {
		t.Fatal("Append after a failed header succeeded")
	}
	if err := lw.Flush(); err == nil {
		t.Fatal("Flush to a failing writer succeeded")
	}
	if err := lw.Append(&ev); err == nil {
		t.Error("Append after a failed Flush succeeded")
	}
	if err := lw.Flush(); err == nil {
		t.Error("Flush after a failed Flush succeeded")
	}
	// A line too big for the buffer is written at once: the error shows.
	w2 := &writes{fail: true}
	lw2 := gamelog.NewWriter(w2, testHeader())
	big := gamelog.Event{Seq: 1, Type: "t", Fields: []gamelog.Field{gamelog.Str("x", strings.Repeat("x", 100_000))}}
	if err := lw2.Append(&big); err == nil {
		t.Error("Append of a huge line to a failing writer succeeded")
	}
}

// Read consumes all of r (the log is small; it reads at once).
func TestReadFromReader(t *testing.T) {
	data := writeLog(t, testHeader(), sampleEvents())
	lg, err := gamelog.Read("slow.log", io.MultiReader(bytes.NewReader(data[:7]), bytes.NewReader(data[7:100]), bytes.NewReader(data[100:])))
	if err != nil || len(lg.Events) != len(sampleEvents()) {
		t.Fatalf("%v, %d events", err, len(lg.Events))
	}
}

// Skim reads the events a glance needs and the last one; the others are
// checked for their place, and a line that is not written as Append writes
// it is read in full (and refused if bad).
func TestSkim(t *testing.T) {
	evs := []gamelog.Event{
		{Seq: 1, Type: "start"}, {Seq: 2, Type: "roll", Fields: []gamelog.Field{gamelog.Int("total", 3)}},
		{Seq: 3, Type: "score", Fields: []gamelog.Field{gamelog.Int("vp", 5)}}, {Seq: 4, Type: "roll"}, {Seq: 5, Type: "end"},
	}
	data := writeLog(t, testHeader(), evs)
	want := func(typ string) bool { return typ == "score" }
	lg, err := gamelog.Skim("s.log", bytes.NewReader(data), want)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, e := range lg.Events {
		got = append(got, fmt.Sprintf("%d:%s", e.Seq, e.Type))
		if !strings.HasPrefix(lg.Lines[i], fmt.Sprintf(`{"seq":%d,`, e.Seq)) {
			t.Errorf("line %q does not go with event %d", lg.Lines[i], e.Seq)
		}
	}
	if strings.Join(got, " ") != "3:score 5:end" || lg.Events[0].Int("vp") != 5 {
		t.Errorf("skimmed %v, want 3:score 5:end", got)
	}
	lines := strings.Split(string(data), "\n")
	for _, tc := range []struct {
		name, line string
		at         int
		msg        string
	}{
		{"skipped line out of order", `{"seq":9,"type":"roll"}`, 3, "seq 9 out of order (want 2)"},
		{"not as Append writes it", `{ "seq":2, "type":"roll", "x": tru }`, 3, "not a JSON event"},
		{"garbage", `garbage`, 3, "not a JSON event"},
	} {
		bad := slices.Clone(lines)
		bad[2] = tc.line
		_, err := gamelog.Skim("s.log", strings.NewReader(strings.Join(bad, "\n")), want)
		checkLineError(t, err, "s.log", tc.at, tc.msg)
	}
}

// A huge number or word in a log is named by its start and its length, not
// echoed whole (issue 27, item 9): in an event's seq, in the header's seed,
// in the format's name, and by ReadHeader.
func TestLongWordsClipped(t *testing.T) {
	big := strings.Repeat("9", 400)
	h := string(testHeader().AppendJSON(nil))
	for _, c := range []struct{ name, data, want string }{
		{"seq", h + "\n" + `{"seq":` + big + `,"type":"t"}` + "\n", "number 999999999999999999999999… (400 characters) is out of range"},
		{"seed", `{"format":"schnell-log","version":1,"game":"g","seed":` + big + `,"dice":"digital","options":[],"tables":"t"}` + "\n", "cannot unmarshal number 999999999999999999999999… (400 characters) into"},
		{"format", strings.Replace(h, `"schnell-log"`, `"`+strings.Repeat("x", 400)+`"`, 1) + "\n", `format "xxxxxxxxxxxxxxxxxxxxxxx… (402 characters), want "schnell-log"`},
	} {
		_, err := gamelog.Read("h.log", strings.NewReader(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 200 {
			t.Errorf("%s: %v\nwant %q in at most 200 characters", c.name, err, c.want)
		}
		if c.name == "seq" {
			continue
		}
		_, err = gamelog.ReadHeader(strings.NewReader(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) || len(err.Error()) > 200 {
			t.Errorf("ReadHeader %s: %v\nwant %q in at most 200 characters", c.name, err, c.want)
		}
	}
}

// ReadLines reads a log as Read does — the same header, lines, warning,
// events (each read when asked for), and the same error for the same bad
// line, whether Read finds it at once or Event when it is reached.
func TestReadLinesAgreesWithRead(t *testing.T) {
	evs := sampleEvents()[:4]
	data := writeLog(t, testHeader(), evs)
	lines := strings.SplitAfter(string(data), "\n")
	replace := func(n int, with string) string {
		ls := append([]string{}, lines...)
		ls[n-1] = with
		return strings.Join(ls, "")
	}
	hdr := string(writeLog(t, testHeader(), nil))
	inputs := map[string]string{
		"whole":                  string(data),
		"no last newline":        string(data[:len(data)-1]),
		"torn last line":         string(data[:len(data)-5]),
		"torn after the header":  hdr + `{"seq":1,"ty`,
		"unterminated wrong seq": hdr + `{"seq":5,"type":"t"}`,
		"header only":            hdr,
		"empty":                  "",
		"torn header":            strings.TrimSuffix(hdr, "\n"),
		"bad header":             "schnell-log v1\n" + `{"seq":1,"type":"t"}` + "\n",
		"garbage":                replace(3, "garbage\n"),
		"seq skipped":            replace(3, `{"seq":3,"type":"x"}`+"\n"),
		"bad last line":          replace(5, "{\"seq\":4,\n"),
		"corrupt before torn":    replace(3, "%%%\n") + `{"seq":5,"ty`,
		"long line":              hdr + `{"seq":1,"type":"x","pad":"` + strings.Repeat("y", gamelog.MaxLineBytes) + "\"}\n",
	}
	for name, in := range inputs {
		t.Run(name, func(t *testing.T) { readLinesAgrees(t, in) })
	}
	// An event read again is the same; another line's reuses its memory.
	lg, err := gamelog.ReadLines("a.log", bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := lg.Event(1)
	b, _ := lg.Event(1)
	if a != b || !eqEvent(*a, evs[1]) {
		t.Errorf("event 2 read twice: %+v, %+v", *a, *b)
	}
	if allocs := testing.AllocsPerRun(20, func() {
		for i := range lg.Lines {
			lg.Event(i)
		}
	}); allocs > 0 {
		t.Errorf("reading the events again allocates %.0f times", allocs)
	}
}

// readLinesAgrees fails unless ReadLines and its events read in as Read
// does (FuzzReadLines too).
func readLinesAgrees(t *testing.T, in string) {
	t.Helper()
	want, werr := gamelog.Read("a.log", strings.NewReader(in))
	got, err := gamelog.ReadLines("a.log", strings.NewReader(in))
	if err == nil {
		if want != nil && (!eqHeader(got.Header, want.Header) || got.Warning != want.Warning || !slices.Equal(got.Lines, want.Lines)) {
			t.Fatalf("ReadLines: header %+v, warning %q, %d lines; Read: %+v, %q, %d", got.Header, got.Warning, len(got.Lines), want.Header, want.Warning, len(want.Lines))
		}
		for i := range got.Lines {
			ev, e := got.Event(i)
			if e != nil {
				err = e
				break
			}
			if want != nil && !eqEvent(*ev, want.Events[i]) {
				t.Fatalf("event %d: %+v, Read's %+v", i, *ev, want.Events[i])
			}
		}
	}
	switch {
	case werr == nil && err != nil:
		t.Fatalf("Read succeeded, ReadLines: %v", err)
	case werr != nil && err == nil:
		t.Fatalf("Read: %v; ReadLines and its events succeeded", werr)
	case werr != nil && err.Error() != werr.Error():
		t.Fatalf("ReadLines: %v\nRead:      %v", err, werr)
	}
}
