// Command balance rewrites the generated part of docs/balance.md: what the
// reference Kommandant scores over seeds 1..N of every campaign length and
// boat, under the rules and tables of this commit. Run it after a rules
// change that moves play, then say what moved in the prose below:
//
//	go run ./schnellboats/balance -w docs/balance.md
//
// The numbers are what `schnell sim --runs N --campaign LENGTH --boat BOAT`
// prints. Without -w it prints the generated part.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/schnell-wargames/schnell/batch"
	"github.com/schnell-wargames/schnell/engine"
	"github.com/schnell-wargames/schnell/gamelog"
	"github.com/schnell-wargames/schnell/schnellboats"
)

func main() {
	runs := flag.Int("runs", 1000, "campaigns per length and boat (seeds 1..runs)")
	file := flag.String("w", "", "rewrite the generated part of this file (between its markers)")
	flag.Parse()
	if err := run(*file, *runs); err != nil {
		fmt.Fprintln(os.Stderr, "balance:", err)
		os.Exit(1)
	}
}

const begin, end = "<!-- begin generated: go run ./schnellboats/balance -w docs/balance.md -->\n", "<!-- end generated -->\n"

func run(file string, runs int) error {
	var gen strings.Builder
	if err := write(&gen, runs); err != nil {
		return err
	}
	if file == "" {
		_, err := io.WriteString(os.Stdout, gen.String())
		return err
	}
	raw, err := os.ReadFile(file)
	if err != nil {
		return err
	}
	doc := string(raw)
	i, j := strings.Index(doc, begin), strings.Index(doc, end)
	if i < 0 || j < i {
		return fmt.Errorf("%s: no %q … %q markers around the generated part", file, strings.TrimSpace(begin), strings.TrimSpace(end))
	}
	doc = doc[:i+len(begin)] + gen.String() + doc[j:]
	return os.WriteFile(file, []byte(doc), 0o644)
}

var (
	lengths = []string{"short", "medium", "long"}
	boats   = []struct{ id, title string }{{"s100", "S-100"}, {"5b", "Projekt 5b"}}
	enemies = []string{"merchant", "tanker", "destroyer", "light_cruiser", "mtb", "mgb", "submarine"}
)

// study plays runs campaigns of one length and boat with the reference
// Kommandant and adds up what the game scores.
func study(def *engine.Definition, length, boat string, runs int) (*batch.Aggregate, string, error) {
	agg := batch.NewAggregate()
	digest := ""
	for seed := 1; seed <= runs; seed++ {
		g, err := engine.New(engine.Config{Def: def, Seed: uint64(seed), Options: []gamelog.Option{
			{Name: "campaign", Value: length}, {Name: "boat", Value: boat},
		}})
		if err != nil {
			return nil, "", err
		}
		digest = g.Header().Tables
		if err := g.PlayOut(def.Reference(g.Rules()), nil); err != nil {
			return nil, "", fmt.Errorf("%s %s seed %d: %w", length, boat, seed, err)
		}
		agg.Add(def.Score(g.Rules()))
	}
	return agg, digest, nil
}

func write(w io.Writer, runs int) error {
	def, err := schnellboats.Definition()
	if err != nil {
		return err
	}
	var body strings.Builder
	var digests []string
	for _, b := range boats {
		cols := make([]map[string]batch.Number, len(lengths))
		words := make([]map[string]batch.Words, len(lengths))
		for i, l := range lengths {
			agg, digest, err := study(def, l, b.id, runs)
			if err != nil {
				return err
			}
			if !slices.Contains(digests, digest) {
				digests = append(digests, digest)
			}
			cols[i], words[i] = map[string]batch.Number{}, map[string]batch.Words{}
			for _, n := range agg.Numbers() {
				cols[i][n.Name] = n
			}
			for _, ws := range agg.Words() {
				words[i][ws.Name] = ws
			}
		}
		row := func(label string, cell func(n map[string]batch.Number, ws map[string]batch.Words) string) {
			fmt.Fprintf(&body, "| %s |", label)
			for i := range lengths {
				fmt.Fprintf(&body, " %s |", cell(cols[i], words[i]))
			}
			body.WriteString("\n")
		}
		fmt.Fprintf(&body, "\n## %s\n| | Short | Medium | Long |\n| --- | --- | --- | --- |\n", b.title)
		row("VP median (p10–p90)", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			v := n["vp"]
			return fmt.Sprintf("%d (%d–%d)", v.Median, v.P10, v.P90)
		})
		row("missions played (successful)", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			return fmt.Sprintf("%.2f (%.0f%%)", n["missions"].Mean, 100*n["successful"].Mean/max(n["missions"].Mean, 1e-9))
		})
		row("ships sunk per campaign", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			return fmt.Sprintf("%.2f", n["ships_sunk"].Mean)
		})
		row("engagements per campaign", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			atSea := n["missions"].Mean - n["abstract"].Mean // abstract missions meet nobody
			return fmt.Sprintf("%.2f (%.2f per mission at sea)", n["engagements"].Mean, n["engagements"].Mean/max(atSea, 1e-9))
		})
		row("ships sunk per engagement", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			var parts []string
			for _, e := range enemies {
				if s, ok := n["sunk_"+e]; ok && n["engagements"].Mean > 0 {
					parts = append(parts, fmt.Sprintf("%s %.3f", e, s.Mean/n["engagements"].Mean))
				}
			}
			return strings.Join(parts, ", ")
		})
		row("Schnell Boats lost per campaign (mean)", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			return fmt.Sprintf("%.1f", n["boats_lost"].Mean)
		})
		row("Boat #1 crewmen killed per campaign (mean)", func(n map[string]batch.Number, _ map[string]batch.Words) string {
			return fmt.Sprintf("%.1f", n["crew_killed"].Mean)
		})
		row("no Iron Cross / IC / Oak Leaves / Swords / Diamonds", func(_ map[string]batch.Number, ws map[string]batch.Words) string {
			return shares(ws["medal"], runs, "none", "Iron Cross", "Oak Leaves", "Swords", "Diamonds")
		})
		row("ends: completed / relieved / court-martial / killed", func(_ map[string]batch.Number, ws map[string]batch.Words) string {
			return shares(ws["end"], runs, "completed", "relieved", "court_martial", "killed")
		})
	}
	fmt.Fprintf(w, `Numbers from `+"`schnell sim --runs %d --campaign LENGTH --boat BOAT`"+` (seeds 1–%d, the built-in
reference Kommandant), surface combat included, under Schnell Boats rules version %d and tables
%s. Regenerate them with `+"`go run ./schnellboats/balance -w docs/balance.md`"+`.
`, runs, runs, def.Rules, strings.Join(digests, ", "))
	_, err = io.WriteString(w, body.String())
	return err
}

// shares gives each word's share of the runs, in the order asked.
func shares(ws batch.Words, runs int, order ...string) string {
	parts := make([]string, len(order))
	for i, word := range order {
		var n int64
		for _, c := range ws.Counts {
			if c.Word == word {
				n = c.N
			}
		}
		parts[i] = fmt.Sprintf("%.1f%%", 100*float64(n)/float64(runs))
	}
	return strings.Join(parts, " / ")
}
