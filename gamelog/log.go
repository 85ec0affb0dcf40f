package gamelog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"unsafe"
)

// FormatName and Version identify the format in every header.
const (
	FormatName = "schnell-log"
	Version    = 1
)

// Header is the first line of a log.
type Header struct {
	Format  string   `json:"format"`
	Version int      `json:"version"`
	Game    string   `json:"game"`
	Seed    uint64   `json:"seed"`
	Dice    string   `json:"dice"`    // "digital" or "physical"
	Options []Option `json:"options"` // game options in order
	Tables  string   `json:"tables"`  // digest of the table set
	// Rules is the version of the game's rules that played the log
	// (engine.Definition.Rules); 0 (omitted) for a game that declares none.
	Rules int `json:"rules,omitempty"`
}

// Option is one game option (name=value), kept in order.
type Option struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Opt returns an option's value.
func (h *Header) Opt(name string) string {
	for _, o := range h.Options {
		if o.Name == name {
			return o.Value
		}
	}
	return ""
}

// AppendJSON writes the header line (no newline).
func (h *Header) AppendJSON(b []byte) []byte {
	opts := make([]Value, len(h.Options))
	for i, o := range h.Options {
		opts[i] = ObjV(Str("name", o.Name), Str("value", o.Value))
	}
	b = append(b, `{"format":`...)
	b = appendString(b, h.Format)
	b = append(b, `,"version":`...)
	b = IntV(h.Version).AppendJSON(b)
	b = append(b, `,"game":`...)
	b = appendString(b, h.Game)
	b = fmt.Appendf(b, `,"seed":%d,"dice":`, h.Seed)
	b = appendString(b, h.Dice)
	b = append(b, `,"options":`...)
	b = Value{Kind: KList, L: opts}.AppendJSON(b)
	b = append(b, `,"tables":`...)
	b = appendString(b, h.Tables)
	if h.Rules != 0 {
		b = fmt.Appendf(b, `,"rules":%d`, h.Rules)
	}
	return append(b, '}')
}

// Writer appends a log to w. Lines are handed to w whole, as soon as
// FlushBytes of them wait (see FlushEvery), and at every Flush: a process
// killed at any moment leaves its log whole up to a line boundary, less at
// most the lines still waiting, and at worst a torn last line.
type Writer struct {
	w     *bufio.Writer
	buf   []byte
	err   error
	limit int   // hand lines to w once this many bytes wait
	size  int64 // bytes of the log so far, the header and the lines before a Resume included

	line   []byte // the line being written field by field (Begin)
	first  []bool // per open object or list: no field yet
	inList []bool // per open object or list: it is a list
}

// NewWriter starts a log with its header.
// The header goes out at once (a log is never left empty). A w made with
// FlushEvery sets how many bytes of lines may wait; any other w gets
// FlushBytes.
func NewWriter(w io.Writer, h *Header) *Writer {
	lw := Resume(w)
	lw.buf = h.AppendJSON(lw.buf[:0])
	lw.buf = append(lw.buf, '\n')
	lw.size += int64(len(lw.buf))
	if _, lw.err = lw.w.Write(lw.buf); lw.err == nil {
		lw.err = lw.w.Flush()
	}
	return lw
}

// MaxLogEvents is more events than a log of MaxLogBytes can hold (no line
// is shorter than {"seq":1,"type":""}): a game that makes more, logged or
// not, could not be saved or read back.
const MaxLogEvents = MaxLogBytes / len(`{"seq":1,"type":""}`+"\n")

// ErrLogFull is the error of a Writer whose next line would take the log
// past MaxLogBytes, the most a log may hold and be read back: the line is
// not written, nor any after it, and the log stays whole and readable.
var ErrLogFull = fmt.Errorf("the log has reached %d MiB, the most a log may hold and be read back: the game stops here (so long a game is most likely a script answering in a loop)", MaxLogBytes>>20)

// FlushBytes is how many bytes of whole lines a Writer keeps before it
// hands them to the file: a process killed between two events of `auto`
// loses at most this much of the log's end (about 60 events; the prompt
// also flushes whenever the game waits). Writing every line at once costs
// a Long campaign's `auto --log` about 5× its CPU time; 8 KiB about 5 %
// (BenchmarkAutoLog, docs/performance.md).
const FlushBytes = 8 << 10

// FlushEvery wraps w for NewWriter: lines are handed to w once n bytes
// of them wait (0: every line at once, so that a kill loses at most the
// line being written).
func FlushEvery(w io.Writer, n int) io.Writer { return flushEvery{w, max(n, 0)} }

type flushEvery struct {
	w io.Writer
	n int
}

func (f flushEvery) Write(p []byte) (int, error) { return f.w.Write(p) }

// Append writes one event line.
func (w *Writer) Append(e *Event) error {
	if w.err != nil {
		return w.err
	}
	// The line is made in the buffer's free space when it fits (most do:
	// no copy).
	return w.write(append(e.AppendJSON(w.w.AvailableBuffer()), '\n'))
}

// write writes one line in one Write (a crash leaves at worst a torn last
// line).
func (w *Writer) write(line []byte) error {
	if w.err != nil {
		return w.err
	}
	if w.size += int64(len(line)); w.size > MaxLogBytes {
		if w.err = w.w.Flush(); w.err == nil {
			w.err = ErrLogFull
		}
		return w.err
	}
	if len(line) > w.w.Available() {
		w.buf = append(w.buf[:0], line...)
		if w.err = w.w.Flush(); w.err != nil {
			return w.err
		}
		line = w.buf
	}
	if _, w.err = w.w.Write(line); w.err == nil && w.w.Buffered() > w.limit {
		w.err = w.w.Flush()
	}
	return w.err
}

// Begin starts an event line written field by field (Str, Int, Ints,
// Open, Close), straight into JSON, and End writes it: the engine's rolls,
// half the events of a long game, go out without their fields being made.
// The line is the one Append writes for the same fields.
func (w *Writer) Begin(seq int, typ string) {
	b := append(w.line[:0], `{"seq":`...)
	b = strconv.AppendInt(b, int64(seq), 10)
	b = append(b, `,"type":`...)
	w.line = appendString(b, typ)
	w.first, w.inList = append(w.first[:0], false), append(w.inList[:0], false)
}

// key starts a field (or a list element when key is "" inside a list).
func (w *Writer) key(key string) {
	top := len(w.first) - 1
	if !w.first[top] {
		w.line = append(w.line, ',')
	}
	w.first[top] = false
	if !w.inList[top] {
		w.line = append(appendString(w.line, key), ':')
	}
}

// Str adds a string field.
func (w *Writer) Str(key, v string) {
	w.key(key)
	w.line = appendString(w.line, v)
}

// Int adds an integer field.
func (w *Writer) Int(key string, v int) {
	w.key(key)
	w.line = strconv.AppendInt(w.line, int64(v), 10)
}

// Ints adds a list of integers.
func (w *Writer) Ints(key string, v []int) {
	w.key(key)
	w.line = append(w.line, '[')
	for i, x := range v {
		if i > 0 {
			w.line = append(w.line, ',')
		}
		w.line = strconv.AppendInt(w.line, int64(x), 10)
	}
	w.line = append(w.line, ']')
}

// Open starts an object, or a list when list is true (its elements have
// the key ""); Close ends it.
func (w *Writer) Open(key string, list bool) {
	w.key(key)
	if list {
		w.line = append(w.line, '[')
	} else {
		w.line = append(w.line, '{')
	}
	w.first = append(w.first, true)
	w.inList = append(w.inList[:len(w.first)-1], list)
}

// Close ends the innermost object or list.
func (w *Writer) Close() {
	top := len(w.first) - 1
	if w.inList[top] {
		w.line = append(w.line, ']')
	} else {
		w.line = append(w.line, '}')
	}
	w.first, w.inList = w.first[:top], w.inList[:top]
}

// End writes the line begun with Begin.
func (w *Writer) End() error {
	w.line = append(w.line, '}', '\n')
	w.first, w.inList = w.first[:0], w.inList[:0]
	return w.write(w.line)
}

// Flush writes buffered lines out.
func (w *Writer) Flush() error {
	if w.err != nil {
		return w.err
	}
	w.err = w.w.Flush()
	return w.err
}

// LineError is a problem at a line of a log.
type LineError struct {
	Name string
	Line int
	Msg  string
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %s", e.Name, e.Line, e.Msg) }

// ErrCorrupt is wrapped by every error about a log's content.
var ErrCorrupt = errors.New("corrupt log")

func (e *LineError) Unwrap() error { return ErrCorrupt }

// Log is a log read back.
type Log struct {
	Header  Header
	Events  []Event
	Lines   []string // the raw event lines, for exact comparison
	Warning string   // e.g. a torn last line was dropped
}

// Read reads a whole log. name is used in messages. A torn last line (no
// newline at the end and not valid JSON) is dropped with a Warning; any other
// bad line is an error naming the line.
func Read(name string, r io.Reader) (*Log, error) { return read(name, r, nil) }

// Skim reads the header and only the events whose type want accepts, and
// the last event: enough to list a saved game in a glance (a Long
// game's log may be half a megabyte). The events it skips are checked only
// for their place (seq) and type, when written as Append writes them; the
// Log holds the events read (their Seq says where they were) and their lines.
func Skim(name string, r io.Reader, want func(typ string) bool) (*Log, error) {
	return read(name, r, want)
}

// peek reads the seq and type of a line written as Append writes it
// ({"seq":N,"type":"T",…); ok is false for any other spelling.
func peek(line string) (seq int, typ string, ok bool) {
	const pre, mid = `{"seq":`, `,"type":"`
	if !strings.HasPrefix(line, pre) {
		return 0, "", false
	}
	i, j := len(pre), len(pre)
	for j < len(line) && line[j] >= '0' && line[j] <= '9' {
		j++
	}
	if j == i || j-i > 15 || line[i] == '0' || !strings.HasPrefix(line[j:], mid) {
		return 0, "", false
	}
	seq, _ = strconv.Atoi(line[i:j])
	k := j + len(mid)
	e := strings.IndexByte(line[k:], '"')
	if e <= 0 || strings.IndexByte(line[k:k+e], '\\') >= 0 {
		return 0, "", false
	}
	return seq, line[k : k+e], true
}

func read(name string, r io.Reader, want func(typ string) bool) (*Log, error) {
	lines, torn, err := split(name, r)
	if err != nil {
		return nil, err
	}
	lg := &Log{}
	if err := readHeader(name, lines, torn, &lg.Header); err != nil {
		return nil, err
	}
	lines = lines[1:]
	var p parser
	lg.Events = make([]Event, 0, len(lines))
	lg.Lines = make([]string, 0, len(lines))
	for i, raw := range lines {
		n := i + 2
		last := i == len(lines)-1
		if want != nil && !last {
			if seq, typ, ok := peek(raw); ok && !want(typ) {
				if seq != n-1 {
					return nil, &LineError{name, n, fmt.Sprintf("seq %d out of order (want %d)", seq, n-1)}
				}
				continue
			}
		}
		ev, err := p.event(raw)
		if err == nil && ev.Seq != n-1 {
			err = fmt.Errorf("seq %d out of order (want %d)", ev.Seq, n-1)
		}
		if err != nil {
			if last && torn {
				lg.Warning = tornWarning(name, n, raw)
				break
			}
			return nil, &LineError{name, n, err.Error()}
		}
		lg.Events = append(lg.Events, ev)
		lg.Lines = append(lg.Lines, raw)
	}
	return lg, nil
}

// split reads a whole log and splits it into lines, refusing a line
// longer than any event. One string holds the whole log: the lines and
// the plain strings of the events read from them are slices of it. torn
// says the last line has no newline at its end.
func split(name string, r io.Reader) (lines []string, torn bool, err error) {
	data, err := readAll(name, r)
	if err != nil {
		return nil, false, err
	}
	// data is this function's own and never written again: the string
	// shares its bytes rather than copying a log of up to MaxLogBytes.
	all := unsafe.String(unsafe.SliceData(data), len(data))
	lines = strings.Split(all, "\n")
	// The split leaves an empty last element when the file ends in '\n'.
	torn = len(lines) > 0 && len(lines[len(lines)-1]) > 0
	if !torn {
		lines = lines[:len(lines)-1]
	}
	for i, raw := range lines {
		if len(raw) > MaxLineBytes {
			return nil, false, &LineError{name, i + 1, fmt.Sprintf("a line of %d bytes, longer than any event (at most %d KiB): it starts %s…", len(raw), MaxLineBytes>>10, strconv.Quote(raw[:60]))}
		}
	}
	return lines, torn, nil
}

// readHeader reads and checks the header, lines[0].
func readHeader(name string, lines []string, torn bool, h *Header) error {
	if len(lines) == 0 {
		return &LineError{name, 1, "empty log: no header line"}
	}
	if err := parseHeader([]byte(lines[0]), h); err != nil {
		return &LineError{name, 1, "bad header: " + clipWords(err.Error())}
	}
	if h.Format != FormatName {
		return &LineError{name, 1, fmt.Sprintf("not a schnell log (format %s, want %q)", clip(strconv.Quote(h.Format)), FormatName)}
	}
	if h.Version != Version {
		return &LineError{name, 1, fmt.Sprintf("log format version %d is not supported (this schnell reads version %d)", h.Version, Version)}
	}
	if h.Dice != "digital" && h.Dice != "physical" {
		return &LineError{name, 1, fmt.Sprintf("dice mode %q: want digital or physical", h.Dice)}
	}
	if torn && len(lines) == 1 {
		return &LineError{name, 1, "the header line is torn (no newline at its end)"}
	}
	return nil
}

func tornWarning(name string, n int, raw string) string {
	return fmt.Sprintf("%s:%d: dropped a torn last line (%d bytes): the game resumes from the line before", name, n, len(raw))
}

// Lines is a log read as its lines, each event read from its line only
// when asked for (Event): what `schnell replay --verify` needs, since a
// replay compares most events with their lines as written and reads only
// the dice, decisions and draws it takes from the log. The header and the
// length of every line are checked as Read checks them, and a torn last
// line that is not an event is dropped with a Warning; a bad event line
// is an error of Event, naming the line, when it is reached.
type Lines struct {
	Header  Header
	Lines   []string // the raw event lines
	Warning string

	name string
	p    parser
	at   int // the index of ev (-1: none)
	ev   Event
}

// ReadLines reads a whole log as Lines. name is used in messages.
func ReadLines(name string, r io.Reader) (*Lines, error) {
	lines, torn, err := split(name, r)
	if err != nil {
		return nil, err
	}
	lg := &Lines{name: name, at: -1}
	if err := readHeader(name, lines, torn, &lg.Header); err != nil {
		return nil, err
	}
	lg.Lines = lines[1:]
	if n := len(lg.Lines); torn && n > 0 {
		if _, err := lg.Event(n - 1); err != nil {
			lg.Warning = tornWarning(name, n+1, lg.Lines[n-1])
			lg.Lines = lg.Lines[:n-1]
		}
		lg.at = -1
	}
	return lg, nil
}

// ReadLinesFile opens and reads a log as Lines (see Open and ReadLines).
func ReadLinesFile(path string) (*Lines, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadLines(path, f)
}

// Event reads the event of line i+2 (Lines[i]). The Event, its fields and
// their lists are valid until the next call for another line, which reads
// that line into the same memory (a log's events are read with no garbage
// for the collector); the strings stay valid.
func (lg *Lines) Event(i int) (*Event, error) {
	if i == lg.at {
		return &lg.ev, nil
	}
	lg.at = -1
	lg.p.arena.Reset()
	ev, err := lg.p.event(lg.Lines[i])
	if err == nil && ev.Seq != i+1 {
		err = fmt.Errorf("seq %d out of order (want %d)", ev.Seq, i+1)
	}
	if err != nil {
		return nil, &LineError{lg.name, i + 2, err.Error()}
	}
	lg.at, lg.ev = i, ev
	return &lg.ev, nil
}

func parseHeader(raw []byte, h *Header) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(h); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("extra data after the header object")
	}
	return nil
}

// Resume appends to w, which already holds a log's header and lines (a
// log left in place by a save that failed): no header is written. When w
// is a file, its size counts towards MaxLogBytes.
func Resume(w io.Writer) *Writer {
	limit := FlushBytes
	if fw, ok := w.(flushEvery); ok {
		w, limit = fw.w, fw.n
	}
	lw := &Writer{w: bufio.NewWriterSize(w, 64<<10), limit: limit}
	if f, ok := w.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil {
			lw.size = fi.Size()
		}
	}
	return lw
}
