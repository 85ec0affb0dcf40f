package repl

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/sea"
	"github.com/schnell-wargames/schnell/sheet"
	"github.com/schnell-wargames/schnell/tables"
)

// The replay sheet (issue 29): a logged game on a virtual table stepped
// through turn by turn, as each side saw it. It is made the generic way:
// the log is replayed through the engine, and at the end of every turn (a
// pause of the game's `turn` level, else of its smallest) and at the
// moments the game names (Definition.Frame) each onlooker's
// Definition.Picture is taken, and the events since the frame before are
// worded as the prompt words them at brief detail — for a side, only the
// events the game says it was told (Definition.Told), other sides' hidden
// draws masked.

// ReplaySheetName is the name of the replay sheet among a game's sheets.
const ReplaySheetName = "replay"

// MaxFrames bounds the frames of a replay sheet (a log is bounded, and so
// is the page a browser is asked to hold).
const MaxFrames = 2000

// ReplaySides are the onlookers a replay sheet offers by default: the
// referee, then each side of the game.
func ReplaySides(def *engine.Definition) []string {
	return append([]string{Referee}, def.Sides...)
}

// CheckOnlookers refuses a name that is neither the referee nor a side.
func CheckOnlookers(def *engine.Definition, sides []string) error {
	for _, s := range sides {
		if s != Referee && !slices.Contains(def.Sides, s) {
			return fmt.Errorf("side %q: say %s", s, orWords(ReplaySides(def)))
		}
	}
	return nil
}

// ReplayFrames replays lg, a game of def played with tabs (nil: the
// game's booklet for its options), and returns its frames as each of
// sides (nil: ReplaySides) saw them, and the game replayed (the caller
// closes it).
func ReplayFrames(def *engine.Definition, lg *gamelog.Log, tabs *tables.Set, sides []string) ([]sea.Frame, *engine.Game, error) {
	return ReplayFramesWatch(def, lg, tabs, sides, nil)
}

// ReplayFramesWatch is ReplayFrames, calling at (if not nil) with each
// frame as it is taken, the game as it stands then (a test that checks
// each side's frame against what it has observed).
func ReplayFramesWatch(def *engine.Definition, lg *gamelog.Log, tabs *tables.Set, sides []string, at func(g *engine.Game, f *sea.Frame)) ([]sea.Frame, *engine.Game, error) {
	if def.Picture == nil {
		return nil, nil, fmt.Errorf("%s is not played on a table the program holds: it has no replay sheet", def.Name)
	}
	if len(sides) == 0 {
		sides = ReplaySides(def)
	}
	if err := CheckOnlookers(def, sides); err != nil {
		return nil, nil, err
	}
	if len(sides) > 64 {
		return nil, nil, errors.New("a replay sheet shows at most 64 sides")
	}
	fw := &frameWatch{def: def, sides: sides, level: frameLevel(def), at: at}
	g, err := engine.Replay(def, lg, 0, engine.Config{Tables: tabs, Watch: fw})
	if err != nil {
		return nil, nil, err
	}
	if fw.err != nil {
		g.Close()
		return nil, nil, fw.err
	}
	if !fw.onTable {
		if _, ok := def.Picture(g, sides[0]); !ok {
			g.Close()
			return nil, nil, notOnTable(def)
		}
	}
	if h := g.History(); len(fw.frames) == 0 || fw.from < len(h) {
		caption := "Where the log ends"
		if g.Over() {
			caption = "The end"
		}
		fw.frame(g, caption)
	}
	if fw.err != nil {
		g.Close()
		return nil, nil, fw.err
	}
	return fw.frames, g, nil
}

// frameLevel is the pause level at which a replay sheet takes a frame:
// the game's `turn`, else its smallest.
func frameLevel(def *engine.Definition) int {
	if l, err := def.PauseLevel("turn"); err == nil {
		return l
	}
	return 1
}

// frameWatch takes the frames as the log is replayed (engine.Watcher).
type frameWatch struct {
	def     *engine.Definition
	sides   []string
	level   int
	told    []uint64 // by event seq - 1: a bit for each side told of it
	from    int      // the first event of the next frame (an index of the history)
	turns   int
	frames  []sea.Frame
	onTable bool
	err     error
	at      func(g *engine.Game, f *sea.Frame)
}

func (fw *frameWatch) Event(g *engine.Game, e *gamelog.Event) {
	var bits uint64
	if fw.def.Told != nil {
		for i, s := range fw.sides {
			if s == Referee || fw.def.Told(g, e, s) {
				bits |= 1 << i
			}
		}
	}
	for len(fw.told) < e.Seq {
		fw.told = append(fw.told, 0)
	}
	fw.told[e.Seq-1] = bits
	if fw.def.Frame != nil {
		if caption := fw.def.Frame(g, e); caption != "" {
			fw.frame(g, caption)
		}
	}
}

func (fw *frameWatch) Pause(g *engine.Game, name string, level int) {
	if level < fw.level {
		return
	}
	if level > fw.level {
		fw.frame(g, "End of the "+name)
		return
	}
	fw.turns++
	fw.frame(g, fmt.Sprintf("After %s %d", name, fw.turns))
}

// frame takes the table now as each side sees it, with the events since
// the frame before.
func (fw *frameWatch) frame(g *engine.Game, caption string) {
	if fw.err != nil {
		return
	}
	if len(fw.frames) >= MaxFrames {
		fw.err = fmt.Errorf("the game has more than %d turns: too many for one page", MaxFrames)
		return
	}
	h := g.History()
	if fw.from >= len(h) && len(fw.frames) > 0 {
		return // nothing happened since the last frame (a turn's end the game names and its pause)
	}
	evs := h[min(fw.from, len(h)):]
	fw.from = len(h)
	f := sea.Frame{Caption: caption, Events: map[string][]string{}, Views: map[string]sea.Picture{}}
	for i, s := range fw.sides {
		p, ok := fw.def.Picture(g, s)
		if !ok {
			continue
		}
		fw.onTable = true
		f.Views[s] = p
		f.Events[s] = fw.words(g, evs, s, i)
	}
	if fw.onTable {
		fw.frames = append(fw.frames, f)
		if fw.at != nil {
			fw.at(g, &fw.frames[len(fw.frames)-1])
		}
	}
}

// words are the events side (its index i) was told of, in the prompt's
// words at brief detail, masked as it may see them.
func (fw *frameWatch) words(g *engine.Game, evs []gamelog.Event, side string, i int) []string {
	seen := evs
	if side != Referee {
		if fw.def.Told == nil {
			return nil
		}
		seen = nil
		for j := range evs {
			e := &evs[j]
			if e.Seq-1 < len(fw.told) && fw.told[e.Seq-1]&(1<<i) != 0 {
				seen = append(seen, g.Mask(e, side))
			}
		}
	}
	s := &Session{def: fw.def, game: g, detail: engine.Brief}
	var out []string
	for j := 0; j < len(seen); {
		line, n := s.describeRunAt(seen, j)
		j += max(n, 1)
		if line = strings.TrimSpace(line); line != "" {
			out = append(out, line)
		}
	}
	return out
}

// WriteReplaySheet replays lg and writes its replay sheet to w: in HTML one
// page that steps through the game in a browser as any of sides saw it
// (nil: the referee and every side) and prints a turn a page; in text the
// frames one after another as sides[0] saw them, each table drawn cols
// wide.
func WriteReplaySheet(w io.Writer, def *engine.Definition, lg *gamelog.Log, tabs *tables.Set, sides []string, f sheet.Format, cols int) error {
	switch f {
	case sheet.HTML, sheet.Text:
	default:
		return fmt.Errorf("the replay sheet is a page for a browser (--format html) or text (--format text), not %s", f)
	}
	frames, g, err := ReplayFrames(def, lg, tabs, sides)
	if err != nil {
		return err
	}
	defer g.Close()
	if len(sides) == 0 {
		sides = ReplaySides(def)
	}
	h := lg.Header
	title := fmt.Sprintf("%s, seed %d: replay", def.Name, h.Seed)
	if def.Title != "" {
		title = fmt.Sprintf("%s (seed %d): replay", strings.TrimRight(def.Title, "."), h.Seed)
	}
	if f == sheet.HTML {
		return sea.WritePage(w, title, sides, frames)
	}
	side := sides[0]
	fmt.Fprintf(w, "%s\n%s\n", sheet.Wrap(title, cols), strings.Repeat("=", min(len([]rune(title)), cols)))
	n := fmt.Sprintf("%d frames", len(frames))
	if len(frames) == 1 {
		n = "1 frame"
	}
	fmt.Fprintf(w, "As %s saw it, %s.\n", side, n)
	for _, fr := range frames {
		fmt.Fprintf(w, "\n%s\n%s\n", fr.Caption, strings.Repeat("-", len([]rune(fr.Caption))))
		for _, e := range fr.Events[side] {
			fmt.Fprintln(w, sheet.Wrap(e, cols))
		}
		if p, ok := fr.Views[side]; ok {
			for _, l := range p.Text(cols) {
				fmt.Fprintln(w, l)
			}
		}
	}
	return nil
}
