package engine

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/schnell-wargames/schnell/gamelog"
)

// ArgKind is the type of an order's argument.
type ArgKind uint8

const (
	ArgInt  ArgKind = iota + 1 // an integer in [Min, Max], in Unit ("cm")
	ArgID                      // one id of a set (a unit, a hex, an area)
	ArgYes                     // yes or no
	ArgText                    // short text (MaxText characters, printable)
)

func (k ArgKind) String() string {
	switch k {
	case ArgInt:
		return "int"
	case ArgID:
		return "id"
	case ArgYes:
		return "yes/no"
	case ArgText:
		return "text"
	}
	return "ArgKind(" + strconv.Itoa(int(k)) + ")"
}

// MaxText is the longest a text argument may be, in characters.
const MaxText = 80

// Arg is a typed value an option asks for besides its name: `choose fire
// b 35` answers option fire with target b and range 35. The kernel checks
// the type (and range, set, length); Check, when set, is the rule's own
// test of the value, and its error is what the player and the script see.
type Arg struct {
	Name     string // one word, the key in the log's "args" and in a script's answer
	Kind     ArgKind
	Text     string // what it is, for the player ("range to the target")
	Min, Max int    // ArgInt: the range
	Unit     string // ArgInt: the unit shown ("cm")
	IDs      []string
	// Default is the value a decider that answers no arguments (the
	// reference player) gives; Kind KNull: none (such a decider cannot
	// take the option).
	Default gamelog.Value
	Check   func(v gamelog.Value) error
}

// IntArg is an integer argument in [lo, hi] with a unit.
func IntArg(name string, lo, hi int, unit string) Arg {
	return Arg{Name: name, Kind: ArgInt, Min: lo, Max: hi, Unit: unit}
}

// IDArg is an argument that names one of ids.
func IDArg(name string, ids ...string) Arg { return Arg{Name: name, Kind: ArgID, IDs: ids} }

// YesArg is a yes/no argument.
func YesArg(name string) Arg { return Arg{Name: name, Kind: ArgYes} }

// TextArg is a short text argument.
func TextArg(name string) Arg { return Arg{Name: name, Kind: ArgText} }

// Usage is the argument as the prompt's usage shows it: <range 1-60cm>.
func (a *Arg) Usage() string {
	switch a.Kind {
	case ArgInt:
		return fmt.Sprintf("<%s %d-%d%s>", a.Name, a.Min, a.Max, a.Unit)
	case ArgID:
		if len(a.IDs) <= 6 {
			return "<" + a.Name + " " + strings.Join(a.IDs, "|") + ">"
		}
		return "<" + a.Name + ">"
	case ArgYes:
		return "<" + a.Name + " yes|no>"
	}
	return "<" + a.Name + " text>"
}

// Parse reads a word typed at the prompt as the argument's value.
func (a *Arg) Parse(word string) (gamelog.Value, error) {
	switch a.Kind {
	case ArgInt:
		n, err := strconv.Atoi(strings.TrimSuffix(word, a.Unit))
		if err != nil || a.Unit == "" && word != strings.TrimSpace(word) {
			return gamelog.Value{}, fmt.Errorf("%s: %q is not a number: want %d to %d%s", a.Name, word, a.Min, a.Max, a.Unit)
		}
		return gamelog.IntV(n), nil
	case ArgID:
		for _, id := range a.IDs {
			if strings.EqualFold(id, word) {
				return gamelog.StrV(id), nil
			}
		}
		return gamelog.StrV(word), nil // Validate names the set
	case ArgYes:
		switch strings.ToLower(word) {
		case "yes", "y":
			return gamelog.Value{Kind: gamelog.KBool, B: true}, nil
		case "no", "n":
			return gamelog.Value{Kind: gamelog.KBool}, nil
		}
		return gamelog.Value{}, fmt.Errorf("%s: %q: say yes or no", a.Name, word)
	}
	return gamelog.StrV(word), nil
}

// Validate checks a value's type and bounds, then the rule's Check.
func (a *Arg) Validate(v gamelog.Value) error {
	switch a.Kind {
	case ArgInt:
		if v.Kind != gamelog.KInt {
			return fmt.Errorf("%s: want a number from %d to %d%s", a.Name, a.Min, a.Max, a.Unit)
		}
		if v.I < a.Min || v.I > a.Max {
			return fmt.Errorf("%s: %d%s is out of range: want %d to %d%s", a.Name, v.I, a.Unit, a.Min, a.Max, a.Unit)
		}
	case ArgID:
		if v.Kind != gamelog.KStr || !slices.Contains(a.IDs, v.S) {
			return fmt.Errorf("%s: %s is not one of %s", a.Name, valueText(v), strings.Join(a.IDs, ", "))
		}
	case ArgYes:
		if v.Kind != gamelog.KBool {
			return fmt.Errorf("%s: want yes or no", a.Name)
		}
	case ArgText:
		if v.Kind != gamelog.KStr {
			return fmt.Errorf("%s: want text", a.Name)
		}
		if !utf8.ValidString(v.S) {
			return fmt.Errorf("%s: %q is not UTF-8 text", a.Name, v.S)
		}
		if n := utf8.RuneCountInString(v.S); n == 0 || n > MaxText {
			return fmt.Errorf("%s: want 1 to %d characters, not %d", a.Name, MaxText, n)
		}
		for _, r := range v.S {
			if !unicode.IsPrint(r) {
				return fmt.Errorf("%s: %q holds a character that cannot be printed", a.Name, v.S)
			}
		}
		if strings.Contains(v.S, `"`) && strings.Contains(v.S, "'") {
			return fmt.Errorf("%s: %q holds both kinds of quote: keep one", a.Name, v.S)
		}
		if strings.TrimSpace(v.S) != v.S {
			return fmt.Errorf("%s: %q starts or ends with a space", a.Name, v.S)
		}
	default:
		return fmt.Errorf("%s: argument of unknown kind %d", a.Name, a.Kind)
	}
	if a.Check != nil {
		if err := a.Check(v); err != nil {
			return fmt.Errorf("%s: %w", a.Name, err)
		}
	}
	return nil
}

// Word writes a value as the prompt reads it back: Word(v), kept for the
// callers that have an Arg at hand.
func (a *Arg) Word(v gamelog.Value) string { return Word(v) }

// Word is the one way a value becomes a word for the player: a number in
// digits, yes or no, text as it is, or quoted where the prompt would split
// it (spaces, quotes, #) or lose it (empty), so that the prompt reads the
// word back as the value; a list or an object, which no argument holds,
// in JSON.
func Word(v gamelog.Value) string {
	switch v.Kind {
	case gamelog.KNull, gamelog.KList, gamelog.KObj:
		return string(v.AppendJSON(nil))
	case gamelog.KInt:
		return strconv.Itoa(v.I)
	case gamelog.KBool:
		if v.B {
			return "yes"
		}
		return "no"
	}
	if v.S == "" || strings.ContainsAny(v.S, " \t\"'#") {
		// The prompt's words (repl.Split) keep what is inside quotes as
		// it is: no escapes. Text never holds both quotes (Validate).
		if strings.Contains(v.S, `"`) {
			return "'" + v.S + "'"
		}
		return `"` + v.S + `"`
	}
	return v.S
}

// Complete lists candidates for the argument at the prompt: the ids, yes
// and no, every number of a short range (else its ends), the default text.
func (a *Arg) Complete() []string {
	switch a.Kind {
	case ArgID:
		return a.IDs
	case ArgYes:
		return []string{"yes", "no"}
	case ArgInt:
		if a.Max-a.Min < 24 {
			out := make([]string, 0, a.Max-a.Min+1)
			for n := a.Min; n <= a.Max; n++ {
				out = append(out, strconv.Itoa(n))
			}
			return out
		}
		out := []string{strconv.Itoa(a.Min), strconv.Itoa(a.Max)}
		if a.Default.Kind == gamelog.KInt && a.Default.I != a.Min && a.Default.I != a.Max {
			out = slices.Insert(out, 1, strconv.Itoa(a.Default.I))
		}
		return out
	}
	if a.Default.Kind == gamelog.KStr {
		return []string{Word(a.Default)}
	}
	return nil
}

func valueText(v gamelog.Value) string {
	switch v.Kind {
	case gamelog.KInt:
		return strconv.Itoa(v.I)
	case gamelog.KStr:
		return strconv.Quote(v.S)
	case gamelog.KBool:
		return strconv.FormatBool(v.B)
	case gamelog.KNull:
		return "nothing"
	}
	return "a list or table"
}

// ArgValues holds the arguments of an answer, by the chosen option's Args.
type ArgValues struct {
	args []Arg
	vals []gamelog.Value
}

// Get returns the value of argument name (KNull when the option has none).
func (a ArgValues) Get(name string) gamelog.Value {
	for i := range a.args {
		if a.args[i].Name == name && i < len(a.vals) {
			return a.vals[i]
		}
	}
	return gamelog.Value{}
}

// Int returns an integer argument (0 when absent).
func (a ArgValues) Int(name string) int { return a.Get(name).I }

// Str returns an id or text argument ("" when absent).
func (a ArgValues) Str(name string) string { return a.Get(name).S }

// Yes returns a yes/no argument (false when absent).
func (a ArgValues) Yes(name string) bool { return a.Get(name).B }

// Len is the number of arguments.
func (a ArgValues) Len() int { return len(a.vals) }

// Answer is a decider's answer to a decision whose options take
// arguments: the option and its arguments by name (missing ones take their
// default).
type Answer struct {
	Option int
	Args   map[string]gamelog.Value
}

// ArgDecider is a Decider that can answer arguments (a script). A decider
// that is not one answers with the options' default arguments.
type ArgDecider interface {
	DecideArgs(d *Decision) (Answer, error)
}

// HasArgs reports whether any option of d takes arguments.
func (d *Decision) HasArgs() bool {
	for i := range d.Options {
		if len(d.Options[i].Args) > 0 {
			return true
		}
	}
	return false
}

// Args are the arguments of the answer the decision got (valid until the
// decision is asked again).
func (d *Decision) Args() ArgValues {
	if d.got == nil {
		return ArgValues{}
	}
	return *d.got
}

// answered notes the answer's arguments (nothing is kept for an option
// without any: most decisions).
func (d *Decision) answered(i int, vals []gamelog.Value) {
	if len(vals) == 0 {
		d.got = nil
		return
	}
	d.gotv = ArgValues{d.Options[i].Args, vals}
	d.got = &d.gotv
}

// ParseArgs reads the words of option i's arguments as the prompt reads
// an answer (defaults for those left out, each argument's check and the
// option's), without answering: a game checks with it an order given
// ahead for a decision (Decision.SetStanding).
func (d *Decision) ParseArgs(i int, words []string) ([]gamelog.Value, error) {
	return d.argsFromWords(i, words)
}

// argsFromWords reads the words typed after the option's name.
func (d *Decision) argsFromWords(i int, words []string) ([]gamelog.Value, error) {
	o := &d.Options[i]
	if len(words) > len(o.Args) {
		if len(o.Args) == 0 {
			return nil, fmt.Errorf("%s takes no arguments", o.Name)
		}
		return nil, fmt.Errorf("%s takes %s: %s", o.Name, values(len(o.Args)), d.Usage(i))
	}
	vals := make([]gamelog.Value, len(o.Args))
	for k := range o.Args {
		a := &o.Args[k]
		if k >= len(words) {
			if a.Default.Kind == gamelog.KNull {
				return nil, fmt.Errorf("%s needs %s: %s", o.Name, a.Name, d.Usage(i))
			}
			vals[k] = a.Default
			continue
		}
		v, err := a.Parse(words[k])
		if err != nil {
			return nil, err
		}
		vals[k] = v
	}
	return vals, d.checkArgs(i, vals)
}

// argsFromMap reads the arguments a decider (a script) gave by name.
func (d *Decision) argsFromMap(i int, m map[string]gamelog.Value) ([]gamelog.Value, error) {
	o := &d.Options[i]
	for k := range m {
		if !slices.ContainsFunc(o.Args, func(a Arg) bool { return a.Name == k }) {
			if len(o.Args) == 0 {
				return nil, fmt.Errorf("%s takes no arguments, not %s", o.Name, k)
			}
			return nil, fmt.Errorf("%s has no argument %s: %s", o.Name, k, d.Usage(i))
		}
	}
	if cap(d.valBuf) < len(o.Args) {
		d.valBuf = make([]gamelog.Value, len(o.Args))
	}
	vals := d.valBuf[:len(o.Args)] // each set below; valid until d is asked again (as Args)
	for k := range o.Args {
		a := &o.Args[k]
		v, ok := m[a.Name]
		if !ok {
			if a.Default.Kind == gamelog.KNull {
				return nil, fmt.Errorf("%s needs %s: %s", o.Name, a.Name, d.Usage(i))
			}
			v = a.Default
		}
		vals[k] = v
	}
	return vals, d.checkArgs(i, vals)
}

// argsFromLog reads the "args" object of a logged decision.
func (d *Decision) argsFromLog(i int, ev *gamelog.Event) ([]gamelog.Value, error) {
	o := &d.Options[i]
	v, ok := ev.Get("args")
	if !ok {
		if len(o.Args) > 0 {
			return nil, fmt.Errorf("%s takes arguments, the log gives none", o.Name)
		}
		return nil, d.checkArgs(i, nil)
	}
	if v.Kind != gamelog.KObj || len(v.O) != len(o.Args) {
		return nil, fmt.Errorf("args: want %s for %s", values(len(o.Args)), o.Name)
	}
	vals := make([]gamelog.Value, len(o.Args))
	for k := range o.Args {
		if v.O[k].Key != o.Args[k].Name {
			return nil, fmt.Errorf("args: %q where %s wants %q", v.O[k].Key, o.Name, o.Args[k].Name)
		}
		vals[k] = v.O[k].Val
	}
	return vals, d.checkArgs(i, vals)
}

func (d *Decision) checkArgs(i int, vals []gamelog.Value) error {
	o := &d.Options[i]
	var errs []error
	for k := range o.Args {
		if err := o.Args[k].Validate(vals[k]); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s: %w", o.Name, errors.Join(errs...))
	}
	if o.Check != nil {
		return o.Check(ArgValues{o.Args, vals})
	}
	return nil
}

// defaultArgs are the arguments a decider that answers none gives (an
// option without arguments: none, its Check run).
func (d *Decision) defaultArgs(i int) ([]gamelog.Value, error) {
	if len(d.Options[i].Args) == 0 {
		return nil, d.checkArgs(i, nil)
	}
	return d.argsFromMap(i, nil)
}

// Usage is option i as typed at the prompt: choose fire <target a|b|c> <range 1-60cm>.
func (d *Decision) Usage(i int) string {
	var b strings.Builder
	b.WriteString(d.commandName(i))
	for k := range d.Options[i].Args {
		b.WriteByte(' ')
		b.WriteString(d.Options[i].Args[k].Usage())
	}
	return b.String()
}

func (d *Decision) commandName(i int) string {
	if c := d.Options[i].Command; c != "" {
		return c
	}
	return "choose " + d.Options[i].Name
}

// commandWith is the command that makes the choice with its arguments.
func (d *Decision) commandWith(i int, vals []gamelog.Value) string {
	if len(vals) == 0 {
		return d.CommandFor(i)
	}
	var b strings.Builder
	b.WriteString(d.commandName(i))
	for _, v := range vals {
		b.WriteByte(' ')
		b.WriteString(Word(v))
	}
	return b.String()
}

// Complete lists the candidates for the last of words typed after
// `choose`: an option's name, then its arguments in turn.
func (d *Decision) Complete(words []string) []string {
	if len(words) <= 1 {
		out := make([]string, len(d.Options))
		for i := range d.Options {
			out[i] = d.Options[i].Name
		}
		return out
	}
	i, err := d.Find(words[0])
	if err != nil {
		return nil
	}
	k := len(words) - 2
	if k >= len(d.Options[i].Args) {
		return nil
	}
	return d.Options[i].Args[k].Complete()
}

// ChooseArgs answers the pending decision with an option name or number
// and the words typed for its arguments (`choose fire b 35`).
func (g *Game) ChooseArgs(answer string, args []string, who Who, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	if d == nil {
		return nil, errors.New("no decision is pending")
	}
	i, err := d.Find(answer)
	if err != nil {
		return nil, err
	}
	vals, err := d.argsFromWords(i, args)
	if err != nil {
		return nil, err
	}
	return g.choose(i, vals, who, level)
}

// choose answers the pending decision with option i and its arguments.
func (g *Game) choose(i int, vals []gamelog.Value, who Who, level int) ([]gamelog.Event, error) {
	d := g.pendingDecision()
	d.answered(i, vals)
	g.answer, g.who, g.as = i, who, ""
	return g.advance(level)
}

// argsOf is the answer's arguments from a decider.
func argsOf(dec Decider, d *Decision) (int, []gamelog.Value, error) {
	w := ways{dec: dec}
	w.args, _ = dec.(ArgDecider)
	return w.argsOf(d)
}

// argsOf is argsOf for the decider of w.
func (w *ways) argsOf(d *Decision) (int, []gamelog.Value, error) {
	dec := w.dec
	if ad := w.args; ad != nil && d.HasArgs() {
		a, err := ad.DecideArgs(d)
		if err != nil {
			return 0, nil, err
		}
		if a.Option < 0 || a.Option >= len(d.Options) {
			return a.Option, nil, nil // the caller names the bad option
		}
		vals, err := d.argsFromMap(a.Option, a.Args)
		return a.Option, vals, err
	}
	i, err := dec.Decide(d)
	if err != nil || i < 0 || i >= len(d.Options) {
		return i, nil, err
	}
	if o := &d.Options[i]; len(o.Args) == 0 && o.Check == nil {
		return i, nil, nil // nothing to check: most decisions
	}
	vals, err := d.defaultArgs(i)
	return i, vals, err
}

// values counts an option's values in words: "1 value", "3 values".
func values(n int) string {
	if n == 1 {
		return "1 value"
	}
	return strconv.Itoa(n) + " values"
}
