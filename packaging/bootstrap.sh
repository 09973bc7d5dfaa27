#!/usr/bin/env bash
# Sets up a fresh Debian 12 (bookworm) machine and builds Railyard.
#
#   packaging/bootstrap.sh run    build, then run Railyard on the bundled sample
#   packaging/bootstrap.sh test   build (warnings are errors), then run every test in parallel
#   packaging/bootstrap.sh build  build only
#   packaging/bootstrap.sh fuzz   libFuzzer targets (ASan+UBSan, clang) in build-fuzz/,
#                                 each run RAILYARD_FUZZ_RUNS times (default 20000)
#   packaging/bootstrap.sh sanitize  every test under ASan+UBSan (clang) in build-asan/
#   packaging/bootstrap.sh sanitize-security  the control service, the intent tools and
#                                 their hostile-input suites under ASan+UBSan (build-asan/)
#
# Missing Debian packages are installed first (apt-get update, then install;
# sudo when not root). Nothing is installed when everything is present.
# The build goes to build/ (CMake + Ninja); RAILYARD_BUILD_DIR overrides the
# directory and RAILYARD_JOBS the parallelism (default: number of CPUs).
set -euo pipefail

cd "$(dirname "$(readlink -f "$0")")/.."

PACKAGES=(
    build-essential cmake ninja-build ccache
    qt6-base-dev libqt6opengl6-dev qt6-charts-dev qt6-svg-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libboost-graph-dev nlohmann-json3-dev libsqlite3-dev libssl-dev libgl-dev
    xvfb appstream desktop-file-utils fonts-dejavu-core
    python3-yaml python3-jsonschema slurmctld slurm-client slurmd munge openssl wrk
    ibsim-utils infiniband-diags opensm
    clang libclang-rt-14-dev
    prometheus prometheus-node-exporter
)
BUILD_DIR="${RAILYARD_BUILD_DIR:-build}"
JOBS="${RAILYARD_JOBS:-$(nproc)}"

usage() {
    sed -n '2,15s/^# \{0,1\}//p' "$0"
}

as_root() {
    if [[ $(id -u) -eq 0 ]]; then
        "$@"
    else
        sudo "$@"
    fi
}

install_missing_packages() {
    local missing=() package status
    for package in "${PACKAGES[@]}"; do
        status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
        if [[ $status != "install ok installed" ]]; then
            missing+=("$package")
        fi
    done
    if ((${#missing[@]} == 0)); then
        return
    fi
    echo "bootstrap: installing missing packages: ${missing[*]}"
    as_root apt-get update
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"
}

# ccache shares compiled objects between checkouts of this repository: paths
# under the checkout are hashed relative to it (base_dir) and the working
# directory is left out of the hash, so a fresh clone elsewhere (CI) reuses
# the objects a developer's build already made.
use_ccache() {
    export CCACHE_BASEDIR="$PWD"
    export CCACHE_NOHASHDIR=1
    export CCACHE_SLOPPINESS="${CCACHE_SLOPPINESS:-pch_defines,time_macros,include_file_mtime,include_file_ctime}"
    export CCACHE_MAXSIZE="${CCACHE_MAXSIZE:-20G}"
}

# build [CMAKE_ARGS...]
build() {
    install_missing_packages
    use_ccache
    cmake -S . -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@"
    cmake --build "$BUILD_DIR" -j "$JOBS"
}

case "${1:-}" in
run)
    build
    if [[ -z ${DISPLAY:-} && -z ${WAYLAND_DISPLAY:-} ]]; then
        # No display: render the window headless and say where the picture is.
        "$BUILD_DIR/app/gui/railyard" samples/cluster-3k.fabric.json --screenshot "$BUILD_DIR/cluster-3k.png"
        echo "bootstrap: no display; Railyard rendered the sample to $BUILD_DIR/cluster-3k.png"
        exit 0
    fi
    exec "$BUILD_DIR/app/gui/railyard" samples/cluster-3k.fabric.json
    ;;
test)
    # CI's build: a warning is an error.
    build -DRAILYARD_WERROR=ON
    # The tests are isolated (own settings, temporary directories and free
    # ports), so they run in parallel, one per CPU.
    # ctest prints its summary ("100% tests passed, 0 tests failed out of N").
    exec ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$JOBS"
    ;;
build)
    # Extra arguments go to CMake (bootstrap.sh build -DRAILYARD_WERROR=ON).
    shift
    build "$@"
    ;;
fuzz)
    install_missing_packages
    cmake --preset fuzz
    cmake --build build-fuzz -j "$JOBS"
    fuzz/seeds.sh build-fuzz/seeds
    for source in fuzz/fuzz_*.cpp; do
        target=$(basename "$source" .cpp)
        target=${target#fuzz_}
        mkdir -p "build-fuzz/corpus/$target"
        # Qt's global caches live until exit: leaks are not findings here.
        ASAN_OPTIONS=detect_leaks=0 "build-fuzz/fuzz/fuzz_$target" -runs="${RAILYARD_FUZZ_RUNS:-20000}" \
            -max_len=65536 -timeout=10 -rss_limit_mb=2048 "build-fuzz/corpus/$target" "build-fuzz/seeds/$target"
    done
    ;;
sanitize)
    install_missing_packages
    use_ccache
    cmake --preset sanitize -DCMAKE_CXX_COMPILER_LAUNCHER=ccache
    cmake --build build-asan -j "$JOBS"
    ASAN_OPTIONS=detect_leaks=0 exec ctest --test-dir build-asan --output-on-failure
    ;;
sanitize-security)
    # docs/reliability.md, "The control plane under sanitizers".
    install_missing_packages
    use_ccache
    cmake --preset sanitize -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DRAILYARD_TEST_AREAS="common;intents;controlplane"
    cmake --build build-asan -j "$JOBS" --target railyard-controld railyard-cli railyard-forge-intent \
        tst_jsonbounds tst_controlsecurity tst_controlservice tst_intentreader tst_intentreview tst_intentcli
    ASAN_OPTIONS=detect_leaks=0 exec ctest --test-dir build-asan --output-on-failure \
        -R 'common/|intents/intent(reader|review|cli)|controlplane/(controlsecurity|controlservice|controld_)'
    ;;
-h | --help | help)
    usage
    ;;
*)
    usage >&2
    exit 2
    ;;
esac
