# Sourced by scripts/run and scripts/test: installs the Debian packages Tessera needs, if any is missing.
# Uses sudo when not root. Package names are Debian 12's (Qt 6.4).

TESSERA_PACKAGES=(
    cmake ninja-build g++ pkg-config ccache
    qt6-base-dev qt6-base-dev-tools qt6-charts-dev qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
    libgl-dev
    qt6-webengine-dev  # the canvas kind's sandboxed web view (issue 3)
    nlohmann-json3-dev libvalijson-dev libsource-highlight-dev
    libsimdjson-dev  # the strict JSON parser reads through simdjson On-Demand (issue 17)
    libmimalloc-dev  # the programs allocate through mimalloc (issue 17, cmake/TesseraAllocator.cmake)
    qt6-websockets-dev  # the WebSocket backend and its loopback test server (issue 5)
    qt6-pdf-dev  # pdf tabs of the canvas panel (issue 15)
    qt6-webchannel-dev  # the postMessage bridge of MCP App views (issue 16)
    qtkeychain-qt6-dev  # API keys of named backends in the desktop keyring (issue 12)
    gnome-keyring dbus-daemon libsecret-tools  # tests: a private Secret Service (tests/auto/backendprofiles)
    xvfb at-spi2-core python3-pyatspi  # tests: the window read through AT-SPI, as Orca reads it (tests/auto/atspi)
    libqt6sql6-sqlite  # the QSQLITE driver for the conversation store (qt6-base-dev brings Qt6::Sql)
    libsqlite3-dev  # the store imports through SQLite's C API on the driver's connection (issue 17)
    fonts-dejavu-core
    dpkg-dev file desktop-file-utils appstream librsvg2-bin  # the .deb (cpack), its checks, icon PNGs (issue 7)
)

# Only scripts/fuzz installs these: the libFuzzer harnesses (fuzz/) build with clang and its sanitizer
# runtimes; scripts/test never needs clang.
TESSERA_FUZZ_PACKAGES=(clang libfuzzer-14-dev libclang-rt-14-dev)

# Installs those of the named Debian packages that are missing (and npm when no npm is on the PATH if
# asked with --npm).
tessera_install_packages() {
    local missing=()
    local p
    if [ "${1:-}" = --npm ]; then
        shift
        # npm installs the pinned canvas libraries (package-lock.json). Debian 12 splits it from nodejs;
        # a nodejs that already bundles npm (e.g. NodeSource) must not get Debian's npm on top.
        if ! command -v npm >/dev/null 2>&1; then
            missing+=(npm)
        fi
    fi
    for p in "$@"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
    if [ ${#missing[@]} -eq 0 ]; then
        return 0
    fi
    echo "Installing missing packages: ${missing[*]}"
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        sudo=(sudo)
    fi
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
}

tessera_install_deps() {
    tessera_install_packages --npm "${TESSERA_PACKAGES[@]}"
}

tessera_install_fuzz_deps() {
    tessera_install_packages "${TESSERA_FUZZ_PACKAGES[@]}"
}

# tessera_configure BUILD_DIR [CMAKE ARGUMENTS…]: the extra arguments apply when BUILD_DIR is new.
tessera_configure() {
    local build_dir=$1
    shift
    # echarts@1 for canvases and the reference MCP servers the MCP tests start (issue 16): `npm ci` from
    # package-lock.json when node_modules lacks one of them (offline after).
    if [ ! -f node_modules/echarts/dist/echarts.min.js ] \
        || [ ! -e node_modules/.bin/mcp-server-everything ] || [ ! -e node_modules/.bin/mcp-server-filesystem ]; then
        npm ci --ignore-scripts --no-audit --no-fund
    fi
    # CI builds with -Werror (STYLE.md rule 12); TESSERA_WERROR=ON asks for it anywhere.
    local werror=${TESSERA_WERROR:-OFF}
    if [ -n "${CI:-}" ]; then
        werror=ON
    fi
    if [ ! -f "$build_dir/build.ninja" ]; then
        cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DTESSERA_WERROR="$werror" "$@"
    else
        cmake -S . -B "$build_dir" -DTESSERA_WERROR="$werror" >/dev/null
    fi
}
