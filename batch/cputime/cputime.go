// Package cputime reads the CPU time this process has used (user and
// system, the collector's too). On a shared, noisy machine it moves far
// less than the wall clock, so the benchmarks report their ratios in it
// (docs/performance.md).
package cputime
