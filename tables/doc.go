// Package tables reads rules tables as data: the .tbl format (see
// docs/table-format.md), its validation against a game's Schema (known
// facts, known effects, required tables), overlays by table id, lookup of a
// modified roll to its row, and printing. It knows nothing of any one game:
// a game supplies the Schema and the facts at roll time.
package tables
