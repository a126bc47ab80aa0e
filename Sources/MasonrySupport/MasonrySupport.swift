// MasonrySupport: the tool's shared plumbing (console, text tables, SVG text, child processes,
// the executable's path, the git commit, command-line options), used by the verifier, the
// benchmark harness, the command line and the mutation tool. Internal to the package: not a
// product, and the engine library (MasonryLayout) never depends on it.
