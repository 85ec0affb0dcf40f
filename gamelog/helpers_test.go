package gamelog_test

import (
	"bytes"
	"testing"

	"github.com/schnell-wargames/schnell/gamelog"
)

// eqValue compares values by meaning: an empty list or object equals a nil one.
func eqValue(a, b gamelog.Value) bool {
	if a.Kind != b.Kind {
		return false
	}
	switch a.Kind {
	case gamelog.KInt:
		return a.I == b.I
	case gamelog.KStr:
		return a.S == b.S
	case gamelog.KBool:
		return a.B == b.B
	case gamelog.KList:
		if len(a.L) != len(b.L) {
			return false
		}
		for i := range a.L {
			if !eqValue(a.L[i], b.L[i]) {
				return false
			}
		}
		return true
	case gamelog.KObj:
		return eqFields(a.O, b.O)
	}
	return true // KNull
}

func eqFields(a, b []gamelog.Field) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Key != b[i].Key || !eqValue(a[i].Val, b[i].Val) {
			return false
		}
	}
	return true
}

func eqEvent(a, b gamelog.Event) bool {
	return a.Seq == b.Seq && a.Type == b.Type && eqFields(a.Fields, b.Fields)
}

func eqHeader(a, b gamelog.Header) bool {
	if a.Format != b.Format || a.Version != b.Version || a.Game != b.Game || a.Seed != b.Seed ||
		a.Dice != b.Dice || a.Tables != b.Tables || len(a.Options) != len(b.Options) {
		return false
	}
	for i := range a.Options {
		if a.Options[i] != b.Options[i] {
			return false
		}
	}
	return true
}

func testHeader() *gamelog.Header {
	return &gamelog.Header{
		Format:  gamelog.FormatName,
		Version: gamelog.Version,
		Game:    "schnellboats",
		Seed:    1<<63 + 12345, // beyond int64: a uint64 seed must survive
		Dice:    "digital",
		Options: []gamelog.Option{
			{Name: "boat", Value: "S-100"},
			{Name: "campaign", Value: "long"},
			{Name: "note", Value: "Kapitänleutnant \"Schnell\"\n2nd line"},
		},
		Tables: "sha256:0123456789abcdef",
	}
}

// strangeStrings are strings an encoder gets wrong easily.
var strangeStrings = []string{
	"",
	"plain",
	`say "hi"`,
	`back\slash`,
	`\"`,
	"line one\nline two",
	"tab\there",
	"cr\r\nlf",
	"nul\x00byte",
	"bell\x07 esc\x1b unit\x1f",
	"del\x7f",
	"Ünïcödé Schnellboot ß",
	"日本語",
	"emoji 🚤⚓",
	"line sep\u2028para sep\u2029",
	"</script><b>&amp;</b>",
	"'single' `back`",
	"{\"seq\":1}",
}

// writeLog writes a log of events and returns its bytes.
func writeLog(t testing.TB, h *gamelog.Header, events []gamelog.Event) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gamelog.NewWriter(&b, h)
	for i := range events {
		if err := w.Append(&events[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// sampleEvents holds every kind of value, in fields whose order matters.
func sampleEvents() []gamelog.Event {
	evs := []gamelog.Event{
		{Seq: 1, Type: "start"},
		{Seq: 2, Type: "roll", Fields: []gamelog.Field{
			gamelog.Str("table", "A-1"),
			gamelog.Ints("faces", []int{0, 0}),
			gamelog.Int("total", 100),
			gamelog.Int("mod", -3),
			gamelog.Bool("physical", false),
			gamelog.Bool("digital", true),
		}},
		{Seq: 3, Type: "choice", Fields: []gamelog.Field{
			gamelog.Strs("options", []string{"attack", "evade", ""}),
			gamelog.Obj("state",
				gamelog.Int("z", 1),
				gamelog.Int("a", 2),
				gamelog.List("mixed", gamelog.IntV(1), gamelog.StrV("two"), gamelog.Value{}, gamelog.ObjV(gamelog.Bool("ok", true)),
					gamelog.Value{Kind: gamelog.KList, L: []gamelog.Value{gamelog.IntV(-1)}}),
				gamelog.List("empty"),
				gamelog.Obj("none"),
			),
			{Key: "null", Val: gamelog.Value{}},
			gamelog.Int("big", 1<<53),
			gamelog.Int("small", -(1 << 53)),
			gamelog.Int("zero", 0),
			gamelog.Str("", "empty key"),
			gamelog.Str("dup", "first"),
			gamelog.Str("dup", "second"),
		}},
	}
	for i, s := range strangeStrings {
		evs = append(evs, gamelog.Event{Seq: len(evs) + 1, Type: "text " + s + "!", Fields: []gamelog.Field{
			gamelog.Str(s, s),
			gamelog.Int("i", i),
			gamelog.Strs("list", []string{s, s}),
			gamelog.Obj("obj", gamelog.Str(s+"k", s)),
		}})
	}
	return evs
}
