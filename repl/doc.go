// Package repl is schnell's prompt: it reads command lines (from a terminal
// through readline, or from a file or pipe as a script), dispatches them
// through one command table that also feeds help and tab completion, and
// prints the events the engine returns. It holds no rules: everything a
// game knows comes from its engine.Definition.
package repl
