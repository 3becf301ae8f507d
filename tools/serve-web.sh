#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/serve-web.sh [--build-only] [--port N] [SITE_DIR]
#
# Puts the web page (web/) and the JavaScript package of the WebAssembly
# build together in SITE_DIR (default build-web/) and serves it at
# http://127.0.0.1:PORT/ (default 8000) with Python's static server:
# open that address in a browser and play.  The WebAssembly module is
# built first (tools/build-wasm.sh, emscripten) when it is missing or
# older than the library's sources.  --build-only stops before serving
# (the browser test uses it).  Nothing is fetched from the network: the
# page works offline.  PYTHON names the interpreter of the server
# (default: python3 on PATH).
set -euo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
port=8000
serve=1
site=
while [ $# -gt 0 ]; do
	case $1 in
	--build-only) serve=0 ;;
	--port) port=$2; shift ;;
	--port=*) port=${1#--port=} ;;
	-h|--help) sed -n '3,15p' "$0"; exit 0 ;;
	-*) echo "serve-web: unknown option $1" >&2; exit 2 ;;
	*) site=$1 ;;
	esac
	shift
done
site=${site:-$top/build-web}
pkg=$site/carcassonne
wasm=$pkg/carcassonne-wasm.wasm

# the package: rebuilt when a source of the library or of the package
# is newer than the module
stale=1
if [ -f "$wasm" ] && [ -f "$pkg/carcassonne.mjs" ]; then
	newer=$(find "$top/lib" "$top/include" "$top/bindings/js" \
		\( -name '*.c' -o -name '*.h' -o -name '*.mjs' -o -name '*.map' \
		   -o -name 'meson.build' \) -newer "$wasm" -print -quit 2>/dev/null || true)
	[ -z "$newer" ] && stale=0
fi
if [ $stale = 1 ]; then
	echo "serve-web: building the WebAssembly module (tools/build-wasm.sh)"
	"$top/tools/build-wasm.sh" "$pkg" "${CARC_WASM_BUILD:-$top/build-wasm}"
	rm -rf "$pkg/test"
fi

# the page itself: copied every time (small)
mkdir -p "$site/js"
cp "$top/web/index.html" "$top/web/style.css" "$site/"
# The page's scripts are ES modules: say so to Node (the browser test
# imports js/engine.js), which before 20.19 does not guess it from the
# syntax; the package in carcassonne/ has its own package.json.
printf '%s\n' '{' '  "name": "carcassonne-web-site",' '  "private": true,' \
	'  "type": "module"' '}' > "$site/package.json"
cp "$top/web/js/"*.js "$site/js/"

if [ $serve = 0 ]; then
	echo "serve-web: the page is in $site"
	exit 0
fi
echo "serve-web: open http://127.0.0.1:$port/ (Ctrl-C stops the server)"
cd "$site"
exec "${PYTHON:-python3}" -m http.server "$port" --bind 127.0.0.1
