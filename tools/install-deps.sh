#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/install-deps.sh [--tests] [--fuzz]
#
# Installs, with apt-get, the Debian packages that building libcarcassonne
# needs and that this machine lacks: meson, ninja-build and pkg-config, and
# with --tests also what every stage of tools/setup-and-test.sh runs: check,
# valgrind, clang, python3, xmllint (libxml2-utils, which checks the SVG
# pictures), tcc (stage 'portable'), doxygen ('docs'), git and xz-utils
# ('dist'), binutils (readelf), clang-tools (scan-build) and cppcheck
# ('static'), abigail-tools ('abi'), gcovr (tools/coverage.sh), and python3-mesonpy, python3-build,
# python3-pip and patchelf (suite packaging, the pip wheel), python3-pytest
# and mypy (suite ffi), python3-numpy (suite python-env), emscripten,
# nodejs and node-typescript (suite wasm, tsc for its test js-types),
# librsvg2-bin and python3-pyqt5.qtsvg (suite renderers, the picture drawn
# by two SVG renderers), chromium and npm (suite web, whose npm packages it
# then installs into web/node_modules with `npm ci`), and where `node` is
# not Node 18, a private copy of Debian's nodejs 18 with the libraries
# it needs (suite node-oldest, tools/wasm/oldest-node.sh).  With --fuzz, clang
# and, only when clang cannot link -fsanitize=fuzzer, the package that
# holds its libFuzzer runtime (libclang-rt-<version>-dev).  Installs nothing
# when everything is present.  Uses sudo only when not run as root; runs
# `apt-get update` only if the first install attempt fails.
set -euo pipefail

want_tests=0
want_fuzz=0
for arg in "$@"; do
	case "$arg" in
	--tests) want_tests=1 ;;
	--fuzz) want_fuzz=1 ;;
	*) echo "usage: $0 [--tests] [--fuzz]" >&2; exit 2 ;;
	esac
done

missing=()
need_command() {	# need_command COMMAND PACKAGE
	if ! command -v "$1" >/dev/null 2>&1; then
		missing+=("$2")
	fi
}

need_command meson meson
need_command ninja ninja-build
need_command pkg-config pkg-config
if ! command -v cc >/dev/null 2>&1 && ! command -v gcc >/dev/null 2>&1; then
	missing+=(gcc)
fi

if [ "$want_tests" = 1 ]; then
	need_command python3 python3
	need_command valgrind valgrind
	need_command clang clang
	need_command xmllint libxml2-utils
	need_command tcc tcc
	need_command doxygen doxygen
	need_command git git
	need_command xz xz-utils
	need_command readelf binutils
	# stages static (scan-build, cppcheck) and abi (abidiff, abidw),
	# and tools/coverage.sh (gcovr)
	need_command scan-build clang-tools
	need_command cppcheck cppcheck
	need_command abidiff abigail-tools
	need_command gcovr gcovr
	# The pip package test (suite packaging): meson-python builds the
	# wheel, python3 -m build drives it, patchelf lets build see that
	# meson-python's optional RPATH tool is there (all Debian's, for
	# /usr/bin/python3), pip installs the wheel.
	need_command patchelf patchelf
	# The WebAssembly build and its JavaScript tests (suite wasm).
	need_command emcc emscripten
	need_command node nodejs
	# tsc checks the package's TypeScript declarations (test js-types).
	need_command tsc node-typescript
	# The web page's browser test (suite web): Debian's Chromium, driven
	# by puppeteer-core from npm (web/package-lock.json, below).
	need_command chromium chromium
	need_command npm npm
	# The picture drawn by librsvg and QtSvg, compared (suite renderers).
	need_command rsvg-convert librsvg2-bin
	# The Python tests (suite ffi): pytest runs them, mypy checks the
	# package's type hints (--strict); python3-distributed is Dask, for
	# carcassonne.cluster (suite cluster); the learning environments
	# (suite python-env) need numpy; python3-venv makes the venv of the
	# documented install (suite packaging).
	for pkg in python3-mesonpy python3-build python3-pip python3-venv python3-pytest \
		mypy python3-distributed python3-numpy python3-pyqt5.qtsvg; do
		if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
			grep -q 'ok installed'; then
			missing+=("$pkg")
		fi
	done
	# Suite node-oldest runs the JS and web suites with Node 18 too, the
	# oldest the package files claim: where `node` is another version
	# (NodeSource's 20 ...), tools/wasm/oldest-node.sh unpacks Debian
	# 12's nodejs 18 privately (below); its libnode needs these, the
	# JavaScript ones under /usr/share/nodejs, which only Debian's Node
	# reads.
	if ! { command -v node >/dev/null 2>&1 &&
	       [ "$(node --version 2>/dev/null | cut -d. -f1)" = v18 ]; }; then
		for pkg in libbrotli1 libc-ares2 libicu72 libnghttp2-14 libssl3 \
			libuv1 zlib1g node-acorn node-cjs-module-lexer node-undici; do
			if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
				grep -q 'ok installed'; then
				missing+=("$pkg")
			fi
		done
	fi
	# libedit: line editing at the prompt of play --human (the build
	# option libedit; the test cli-pty checks its history).
	if ! dpkg-query -W -f='${Status}' libedit-dev 2>/dev/null |
		grep -q 'ok installed'; then
		missing+=(libedit-dev)
	fi
	# JCloisterZone's engine for suite jcz-engine (../shared/jcz/README.md):
	# Java 17 and the engine's libraries.
	need_command java default-jre-headless
	for pkg in libvavr0-java libgoogle-gson-java libslf4j-java; do
		if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null |
			grep -q 'ok installed'; then
			missing+=("$pkg")
		fi
	done
	# Check is a library: ask pkg-config when it is there, else dpkg.
	if ! { command -v pkg-config >/dev/null 2>&1 &&
	       pkg-config --exists 'check >= 0.11'; } &&
	   ! dpkg-query -W -f='${Status}' check 2>/dev/null |
		grep -q 'ok installed'; then
		missing+=(check)
	fi
fi

# clang's libFuzzer runtime: Debian ships it apart from clang since
# LLVM 14 (libclang-rt-14-dev); older clang packages had it built in.
fuzzer_links() {
	local dir rc
	dir=$(mktemp -d)
	printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
		'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
		'{ return d && n > 1000000; }' > "$dir/f.c"
	clang -fsanitize=fuzzer -o "$dir/f" "$dir/f.c" >/dev/null 2>&1
	rc=$?
	rm -rf "$dir"
	return "$rc"
}
if [ "$want_fuzz" = 1 ]; then
	if ! command -v clang >/dev/null 2>&1; then
		need_command clang clang
	elif ! fuzzer_links; then
		major=$(clang -dumpversion | cut -d. -f1)
		missing+=("libclang-rt-$major-dev")
	fi
fi

install_missing() {
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "missing: ${missing[*]}; install them with your package manager" >&2
		exit 1
	fi

	sudo_cmd=()
	if [ "$(id -u)" -ne 0 ]; then
		if ! command -v sudo >/dev/null 2>&1; then
			echo "missing: ${missing[*]}; run as root or install sudo" >&2
			exit 1
		fi
		sudo_cmd=(sudo)
	fi

	apt_install() {
		"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive \
			apt-get install -y -q --no-install-recommends "${missing[@]}"
	}

	echo "Installing missing packages: ${missing[*]}"
	if ! apt_install; then
		echo "apt-get install failed; updating the package lists and retrying"
		"${sudo_cmd[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q
		apt_install
	fi
}

if [ "${#missing[@]}" -gt 0 ]; then
	install_missing
fi

if [ "$want_tests" = 1 ] && command -v node >/dev/null 2>&1; then
	node_major=$(node --version | sed 's/^v\([0-9]*\).*/\1/')
	if [ "$node_major" -lt 18 ]; then
		echo "install-deps: $(command -v node) is Node $(node --version);" \
		     "the JavaScript package and the web page need Node 18 or later" \
		     "(Debian 12's nodejs is 18)" >&2
	fi
	# A Node 18 for suite node-oldest, unless `node` is one: Debian's
	# nodejs 18 unpacked into ~/.cache/libcarcassonne/node18 (nothing is
	# installed; the system's node stays).  Not fatal: the suite then
	# skips, or fails in CI.
	top_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
	if ! bash "$top_dir/tools/wasm/oldest-node.sh" >/dev/null 2>&1; then
		echo "Unpacking Debian's nodejs 18 for suite node-oldest"
		if ! bash "$top_dir/tools/wasm/oldest-node.sh" --fetch >/dev/null; then
			echo "updating the package lists and retrying"
			sudo_list=()
			[ "$(id -u)" -ne 0 ] && sudo_list=(sudo)
			"${sudo_list[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >/dev/null || true
			bash "$top_dir/tools/wasm/oldest-node.sh" --fetch >/dev/null ||
				echo "install-deps: no Node 18 could be unpacked; suite node-oldest cannot run" >&2
		fi
	fi
fi

# The browser test's npm packages (puppeteer-core, which downloads no
# browser) into web/node_modules, exactly as web/package-lock.json pins
# them; again only when the lock file changed since.  A failure (no
# registry) is reported, not fatal: suite web then skips, or fails in CI.
if [ "$want_tests" = 1 ] && command -v npm >/dev/null 2>&1; then
	web=$(cd "$(dirname "${BASH_SOURCE[0]}")/../web" && pwd)
	if [ ! -f "$web/node_modules/.package-lock.json" ] ||
	   [ "$web/package-lock.json" -nt "$web/node_modules/.package-lock.json" ]; then
		echo "Installing the web page's test packages (npm ci in web/)"
		(cd "$web" && npm ci --ignore-scripts --no-audit --no-fund) ||
			echo "install-deps: npm ci in web/ failed; suite web cannot run" >&2
	fi
fi
