package gamelog

// The parser log lines had before parse.go: encoding/json's tokens. It is
// kept as the reference the fuzzer holds the hand-written parser to.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"testing"
)

// refParseEvent is ParseEvent as it was.
func refParseEvent(raw []byte) (Event, error) {
	var ev Event
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := refParseValue(dec, 0)
	if err != nil {
		return ev, fmt.Errorf("not a JSON event: %v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return ev, errors.New("extra data after the event object")
	}
	return eventOf(v)
}

func refParseValue(dec *json.Decoder, depth int) (Value, error) {
	if depth > maxDepth {
		return Value{}, errors.New("nested too deep")
	}
	tok, err := dec.Token()
	if err != nil {
		if err == io.EOF {
			return Value{}, io.ErrUnexpectedEOF
		}
		return Value{}, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			v := Value{Kind: KObj}
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return v, err
				}
				k, ok := kt.(string)
				if !ok {
					return v, errors.New("object key is not a string")
				}
				fv, err := refParseValue(dec, depth+1)
				if err != nil {
					return v, err
				}
				v.O = append(v.O, Field{k, fv})
			}
			if _, err := dec.Token(); err != nil {
				return v, err
			}
			return v, nil
		case '[':
			v := Value{Kind: KList}
			for dec.More() {
				ev, err := refParseValue(dec, depth+1)
				if err != nil {
					return v, err
				}
				v.L = append(v.L, ev)
			}
			if _, err := dec.Token(); err != nil {
				return v, err
			}
			return v, nil
		}
		return Value{}, fmt.Errorf("unexpected %v", t)
	case json.Number:
		s := t.String()
		if strings.ContainsAny(s, ".eE") {
			return Value{}, fmt.Errorf("number %s is not an integer", s)
		}
		i, err := t.Int64()
		if err != nil || i != int64(int(i)) || i > 1<<53 || i < -(1<<53) {
			return Value{}, fmt.Errorf("number %s is out of range", s)
		}
		return Value{Kind: KInt, I: int(i)}, nil
	case string:
		return Value{Kind: KStr, S: t}, nil
	case bool:
		return Value{Kind: KBool, B: t}, nil
	case nil:
		return Value{Kind: KNull}, nil
	}
	return Value{}, fmt.Errorf("unexpected token %v", tok)
}

// FuzzParseEvent holds the hand-written parser to encoding/json's reading:
// the same lines accepted, read as the same events. Seed corpus:
// testdata/fuzz/FuzzParseEvent.
func FuzzParseEvent(f *testing.F) {
	for _, line := range []string{
		`{"seq":1,"type":"roll","table":"A-1","for":"","dice":"2D10","faces":[0,0],"mods":[{"value":-2,"reason":"fog"}],"total":100,"row":">=10","result":"x"}`,
		`{"seq":2,"type":"t","s":"say \"hi\"\n\u0000 \u2028 \ud83d\udea4 \ud800 lone \/ \b\f\r\t","u":"\u00FCnï"}`,
		` { "seq" : 3 , "type" : "x" , "n" : -0 , "big" : 9007199254740992 , "b": [true,false,null,{}] }` + "\r",
		`{"seq":1,"type":"t","a":1.5}`, `{"seq":1,"type":"t","a":1e3}`, `{"seq":1,"type":"t","a":01}`,
		`{"seq":1,"type":"t","a":[1 2]}`, `{"seq":1,"type":"t",}`, `{"seq":1,"type":"t","s":"\x"}`, `[1]`, ``, `{"seq":1,"type":"t"} x`,
		"{\"seq\":1,\"type\":\"t\xff\",\"s\":\"cut \xe6\x97\"}",
	} {
		f.Add([]byte(line))
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		got, err := ParseEvent(line)
		want, werr := refParseEvent(line)
		if (err == nil) != (werr == nil) {
			t.Fatalf("%q: error %v, encoding/json says %v", line, err, werr)
		}
		if err == nil && !reflect.DeepEqual(got, want) {
			t.Fatalf("%q reads as\n%+v\nencoding/json reads\n%+v", line, got, want)
		}
	})
}
