#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# The meson test npm-pack (suite wasm): the JavaScript package as npm
# publishes it.  Builds the package (tools/build-wasm.sh, into a directory
# of its own), packs it with `npm pack` (its prepack script,
# bindings/js/prepack.mjs, checks the module is built and adds LICENSE),
# checks that the tarball holds exactly the module, the wasm, index.d.ts
# and the generated carcassonne-abi.mjs and carcassonne-abi.d.mts,
# README.md, LICENSE and package.json, then installs the tarball into a
# fresh project outside the source tree (npm install --offline: it has no
# dependencies) and runs a JavaScript and a TypeScript consumer there:
# the README's two examples, taken from the packed README, the TypeScript
# one compiled with the `tsc` on the PATH (Debian: node-typescript), and
# tools/wasm/npm-consumer.test.mjs with `node --test`.
#
# Skips (77) without emcc, node, npm or tsc, except under CI=true, where
# a missing tool fails.  Environment: CARCASSONNE_SOURCE,
# CARCASSONNE_WASM_OUT (this test's directory), CARCASSONNE_WASM_BUILD
# (emscripten's build, shared with suite wasm under its lock).
set -euo pipefail

: "${CARCASSONNE_SOURCE:?}" "${CARCASSONNE_WASM_OUT:?}" "${CARCASSONNE_WASM_BUILD:?}"

missing=
command -v emcc >/dev/null 2>&1 || missing="$missing emcc (Debian package emscripten)"
command -v node >/dev/null 2>&1 || missing="$missing node (Debian package nodejs)"
command -v npm >/dev/null 2>&1 || missing="$missing npm (Debian package npm)"
command -v tsc >/dev/null 2>&1 || missing="$missing tsc (Debian package node-typescript)"
if [ -n "$missing" ]; then
	if [ "${CI:-}" = true ]; then
		echo "npm-pack: missing:$missing; tools/install-deps.sh --tests installs them" >&2
		exit 1
	fi
	echo "npm-pack: SKIP, missing:$missing (tools/install-deps.sh --tests)"
	exit 77
fi

out=$CARCASSONNE_WASM_OUT
pkg=$out/package
rm -rf "$out"
mkdir -p "$out"
flock "$CARCASSONNE_WASM_BUILD.lock" \
	bash "$CARCASSONNE_SOURCE/tools/build-wasm.sh" "$pkg" "$CARCASSONNE_WASM_BUILD" >/dev/null
rm -rf "$pkg/test" "$pkg/LICENSE"

# npm writes nothing into the user's cache or configuration
export npm_config_cache=$out/npm-cache npm_config_userconfig=$out/npmrc
export npm_config_update_notifier=false npm_config_fund=false npm_config_audit=false
tgz=$(cd "$pkg" && npm pack --pack-destination "$out" --silent | tail -n 1)
tgz=$out/$tgz
[ -f "$tgz" ] || { echo "npm-pack: npm pack wrote no tarball" >&2; exit 1; }

# exactly these files, each not empty
want='LICENSE README.md carcassonne-abi.d.mts carcassonne-abi.mjs carcassonne-wasm.mjs carcassonne-wasm.wasm carcassonne.mjs index.d.ts package.json'
got=$(tar -tzf "$tgz" | sed 's|^package/||' | sort | tr '\n' ' ' | sed 's/ $//')
if [ "$got" != "$want" ]; then
	echo "npm-pack: the tarball holds [$got], not [$want]" >&2
	exit 1
fi
echo "npm-pack: $(basename "$tgz"), $(wc -c < "$tgz") bytes: $got"

# without the module and no tree to build it in, prepack refuses to pack
bare=$out/bare
mkdir -p "$bare"
cp "$pkg/package.json" "$pkg/carcassonne.mjs" "$pkg/index.d.ts" "$pkg/README.md" \
   "$pkg/prepack.mjs" "$bare/"
if (cd "$bare" && env -u CARCASSONNE_SOURCE npm pack --pack-destination "$bare" \
	--silent >"$bare/log" 2>&1); then
	echo "npm-pack: npm pack packed a package without its WebAssembly module" >&2
	exit 1
fi
if ! grep -q 'carcassonne prepack: the WebAssembly module is not built' "$bare/log" ||
   ls "$bare"/*.tgz >/dev/null 2>&1; then
	echo "npm-pack: no clear refusal of a package without its module:" >&2
	cat "$bare/log" >&2
	exit 1
fi
echo "npm-pack: without the module: $(grep -m1 'carcassonne prepack' "$bare/log")"

# a consumer project outside the tree
proj=$(mktemp -d "${TMPDIR:-/tmp}/carcassonne-consumer.XXXXXX")
trap 'rm -rf "$proj"' EXIT
printf '%s\n' '{' '  "name": "carcassonne-consumer",' '  "private": true,' \
	'  "type": "module"' '}' > "$proj/package.json"
(cd "$proj" && npm install --offline --ignore-scripts --silent "$tgz")
cmp "$proj/node_modules/carcassonne/carcassonne-wasm.wasm" "$pkg/carcassonne-wasm.wasm"

# the README's examples, as a user would copy them
readme=$proj/node_modules/carcassonne/README.md
block() {	# block LANG: the first ```LANG block of the README
	awk -v lang="$1" '$0 == "```" lang { on = 1; next }
		on && $0 == "```" { exit } on { print }' "$readme"
}
block js > "$proj/example.mjs"
block ts > "$proj/example.ts"
if [ ! -s "$proj/example.mjs" ] || [ ! -s "$proj/example.ts" ]; then
	echo "npm-pack: the packed README has no js or ts example" >&2
	exit 1
fi
(cd "$proj" && tsc --strict --module nodenext --target es2022 \
	--lib es2022,dom --outDir out example.ts)
echo "npm-pack: $(tsc --version) compiled the README's TypeScript example"

cp "$CARCASSONNE_SOURCE/tools/wasm/npm-consumer.test.mjs" "$proj/"
cd "$proj"
node --test npm-consumer.test.mjs
