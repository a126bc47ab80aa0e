# shellcheck shell=bash
# Shared by Scripts/ab, Scripts/history and Scripts/bisect (sourced, from the repository's root):
# the one place that turns a revision into a release `masonry` executable, and a commit into its
# instruction-mode results. Everything lives under .build/history/ (clean up with
# `rm -rf .build/history && git worktree prune`):
#   tools/<key>/masonry          a commit's executable, by the cache key of its build inputs
#   worktree/                    the one reusable worktree the builds run in, incremental from the
#                                previous build (flock on .build/history/lock: one build at a time)
#   logs/<commit>.log            a build's log; logs/<commit>.bench.log a measurement's
#   results/<suite>-instructions-<hash of the filter>/<commit>.json   measured once per key
# The cache key is the hash of `git ls-tree -r COMMIT -- Package.swift Sources Benchmarks` less
# the .docc/ and *.md entries: commits that change only documentation share a build.
# The callers set REVISION_ERROR_PREFIX ("Scripts/NAME") for their messages; tests override the
# build with MASONRY_REVISION_BUILD (a command run in the worktree) and MASONRY_REVISION_PRODUCT
# (the executable it leaves, relative to the worktree). REVISION_CHECKOUT_TOOL, when a caller has
# just built this checkout's masonry, is used for the commits whose build inputs are this
# checkout's (no uncommitted change to them): no build.

REVISION_ROOT=.build/history
REVISION_BUILD_INPUTS=(Package.swift Sources Benchmarks)

# The full hash of REV's commit, or one line on stderr and status 1.
revision_commit() {
    git rev-parse --verify --quiet "$1^{commit}" && return
    echo "${REVISION_ERROR_PREFIX:-revisions}: '$1' is not a revision of this repository" >&2
    return 1
}

# The cache key of COMMIT's build: a hash of its build inputs' blobs, documentation left out.
revision_key() {
    git ls-tree -r "$1" -- "${REVISION_BUILD_INPUTS[@]}" | grep -vE '\.docc/|\.md$' | git hash-object --stdin
}

# A commit's short hash and subject, for progress lines: "abc123def456 (subject)".
revision_title() {
    echo "${1:0:12} ($(git log -1 --format=%s "$1"))"
}

# Where COMMIT's executable is cached (it may not be there yet).
revision_tool_path() {
    echo "$REVISION_ROOT/tools/$(revision_key "$1")/masonry"
}

# Prints the path of COMMIT's cached executable, building it first when absent (progress on
# stderr: "building …", "built … in Xs", "failed to build … (log: …)"). Status 1 when the commit
# does not build (not remembered: the next call tries again); the caller says what it does then.
revision_tool() {
    local commit=$1 tool folder
    tool=$(revision_tool_path "$commit")
    folder=$(dirname "$tool")
    if [[ -x "$tool" ]]; then
        echo "$tool"
        return
    fi
    mkdir -p "$REVISION_ROOT/tools" "$REVISION_ROOT/logs"
    local lock
    exec {lock}>"$REVISION_ROOT/lock"
    flock "$lock"
    if [[ ! -x "$tool" ]] && ! revision_build "$commit" "$folder"; then
        exec {lock}>&-
        return 1
    fi
    exec {lock}>&-
    echo "$tool"
}

# Builds COMMIT into FOLDER/masonry (the lock held): this checkout's own build when its build
# inputs are COMMIT's, otherwise in the reusable worktree.
revision_build() {
    local commit=$1 folder=$2 worktree=$REVISION_ROOT/worktree
    local log=$REVISION_ROOT/logs/$commit.log
    if [[ -n "${REVISION_CHECKOUT_TOOL:-}" && -x "$REVISION_CHECKOUT_TOOL" ]] \
        && [[ "$(revision_key "$commit")" == "$(revision_key HEAD)" ]] \
        && [[ -z "$(git status --porcelain -- "${REVISION_BUILD_INPUTS[@]}")" ]]; then
        echo "using this checkout's build for $(revision_title "$commit") (same build inputs)" >&2
        revision_store "$REVISION_CHECKOUT_TOOL" "$folder"
        return
    fi
    revision_worktree "$worktree" "$commit" || return 1
    git -C "$worktree" checkout --quiet --detach --force "$commit"
    git -C "$worktree" clean -fdq  # files a build left in the tree; the ignored .build stays
    local start=$SECONDS
    echo "building $(revision_title "$commit")…" >&2
    if ! (cd "$worktree" && eval "${MASONRY_REVISION_BUILD:-swift build -c release --product masonry}") >"$log" 2>&1; then
        echo "failed to build ${commit:0:12} (after $((SECONDS - start))s; log: $log)" >&2
        return 1
    fi
    local product=$worktree/${MASONRY_REVISION_PRODUCT:-.build/release/masonry}
    if [[ ! -x "$product" ]]; then
        echo "failed to build ${commit:0:12}: no executable at $product (log: $log)" >&2
        return 1
    fi
    revision_store "$product" "$folder"
    echo "built ${commit:0:12} in $((SECONDS - start))s" >&2
}

# Copies the executable EXECUTABLE into the cache folder FOLDER as FOLDER/masonry, whole or not
# at all (a partial copy renamed), so an interrupted copy never leaves a broken cached tool.
revision_store() {
    mkdir -p "$2"
    cp "$1" "$2/masonry.partial" && mv "$2/masonry.partial" "$2/masonry"
}

# Makes FOLDER a detached worktree of this repository (at COMMIT), unless it is one already.
# (Only a worktree's own top level counts: in a plain folder below the checkout, git -C would
# act on the checkout itself.)
revision_worktree() {
    local folder=$1 commit=$2
    [[ -d "$folder" && "$(git -C "$folder" rev-parse --show-toplevel 2>/dev/null)" == "$(cd "$folder" && pwd -P)" ]] && return
    rm -rf "$folder"
    git worktree prune
    git worktree add --detach --force "$folder" "$commit" >/dev/null 2>&1 && return
    echo "${REVISION_ERROR_PREFIX:-revisions}: cannot create the worktree $folder" >&2
    return 1
}

# The results folder of a suite and filter.
revision_results_folder() {
    echo "$REVISION_ROOT/results/$1-instructions-$(printf '%s' "$2" | git hash-object --stdin | cut -c1-12)"
}

# Where COMMIT's results for SUITE and FILTER are cached (they may not be there yet).
revision_results_path() {
    echo "$(revision_results_folder "$2" "$3")/$1.json"
}

# Prints the path of COMMIT's instruction-mode result file for SUITE and FILTER (empty: every
# benchmark), measured once with the commit's tool; a commit whose build inputs were measured
# already reuses that measurement (counts are exact). The file's git_commit is COMMIT. Status 1
# when the commit does not build; bench's own status (2 and its message on stderr: "no benchmark
# matches the filter") when the measurement fails.
revision_results() {
    local commit=$1 suite=$2 filter=$3 folder file tool key
    folder=$(revision_results_folder "$suite" "$filter")
    file=$folder/$commit.json
    if [[ -s "$file" ]]; then
        echo "$file"
        return
    fi
    mkdir -p "$folder/keys"
    key=$(revision_key "$commit")
    if [[ ! -s "$folder/keys/$key.json" ]]; then
        tool=$(revision_tool "$commit") || return 1
        local options=(bench --metric instructions --suite "$suite" --quiet --out "$folder/keys/$key.partial.json")
        [[ -z "$filter" ]] || options+=(--filter "$filter")
        local status=0 log=$REVISION_ROOT/logs/$commit.bench.log
        "$tool" "${options[@]}" >/dev/null 2>"$log" || status=$?
        if ((status != 0)); then
            echo "${REVISION_ERROR_PREFIX:-revisions}: measuring ${commit:0:12} failed: $(tail -1 "$log")" >&2
            return "$status"
        fi
        mv "$folder/keys/$key.partial.json" "$folder/keys/$key.json"
    fi
    # The tool names the commit of its working directory: the file names COMMIT instead.
    sed -E 's/("git_commit" *: *")[^"]*"/\1'"$commit"'"/' "$folder/keys/$key.json" >"$file.partial"
    mv "$file.partial" "$file"
    echo "$file"
}

# The driver: this checkout's masonry (it runs `compare` and `history`; the revisions' tools run
# `bench`), or MASONRY_TOOL. Sets REVISION_DRIVER, and REVISION_CHECKOUT_TOOL when it built it.
revision_driver() {
    if [[ -n "${MASONRY_TOOL:-}" ]]; then
        REVISION_DRIVER=$MASONRY_TOOL
        return
    fi
    swift build -c release --product masonry >&2 || {
        echo "${REVISION_ERROR_PREFIX:-revisions}: this checkout does not build" >&2
        return 1
    }
    # shellcheck disable=SC2034  # the callers' variable
    REVISION_DRIVER=.build/release/masonry
    REVISION_CHECKOUT_TOOL=.build/release/masonry
}
