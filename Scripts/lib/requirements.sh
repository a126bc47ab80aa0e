# Shared by the scripts: checks for the Swift toolchain and installs the Debian packages the
# project needs when they are absent. Nothing is installed when everything is present.

# Debian packages the scripts need (the build itself needs none): jemalloc's shared library, which
# `masonry bench` preloads to measure memory and allocations, valgrind for instruction counts
# (`masonry bench --metric instructions`; its callgrind.h header is compiled into the harness when
# present, so the scripts install it before building), and python3 for the example engine of
# another language (Examples/PythonEngine), which the engine protocol's tests run.
MASONRY_APT_PACKAGES=(libjemalloc2 valgrind python3)

ensure_requirements() {
    if ! command -v swift >/dev/null 2>&1; then
        echo "error: the Swift toolchain (swift 6) is not on PATH; install it from swift.org first" >&2
        exit 2
    fi
    local missing=()
    for package in "${MASONRY_APT_PACKAGES[@]}"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    if ((${#missing[@]})); then
        echo "installing ${missing[*]}" >&2
        local sudo=""
        [[ $(id -u) -eq 0 ]] || sudo="sudo"
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
    fi
}
