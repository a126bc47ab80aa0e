// GitCommit: the commit of a checkout, as git reports it.

/// The commit the tool's version and the benchmarks' result files name.
public enum GitCommit {
    /// The commit checked out at `directory` (the working directory when nil), abbreviated to
    /// `length` hex digits when given; nil outside a git checkout or where git cannot be started.
    /// Starts git: milliseconds.
    public static func current(in directory: String? = nil, abbreviatedTo length: Int? = nil) -> String? {
        let arguments = ["git"] + (directory.map { ["-C", $0] } ?? []) + ["rev-parse"]
            + (length.map { ["--short=\($0)"] } ?? []) + ["HEAD"]
        return Subprocess.output(of: "/usr/bin/env", arguments)
    }
}
