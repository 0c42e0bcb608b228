// Package cputime reads the process's CPU time, for benchmarks that report games per CPU-second
// (a figure that holds when other processes share the machine, as wall-clock time does not).
// Tests and benchmarks only: the engine itself never reads a clock.
package cputime
