#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
#
# Usage: tools/wasm/oldest-node.sh [--fetch]
#
# Prints the path of a Node.js of the oldest major version the JavaScript
# package and the web page claim (18, the `engines` of
# bindings/js/package.json and web/package.json; Debian 12's own nodejs),
# so that the meson test node-oldest can run the JS and web suites with
# it.  In this order:
#   1. $CARC_OLDEST_NODE, when set (must be a Node 18);
#   2. `node` on the PATH, when it is a Node 18 (a plain Debian 12);
#   3. the copy of Debian's nodejs 18 unpacked in $DIR (below).
# With --fetch and none of these, it unpacks Debian 12's nodejs and
# libnode108 packages (apt-get download, then dpkg -x; nothing is
# installed, the system's Node stays as it is) into $DIR, which is
# $CARC_OLDEST_NODE_DIR or else ${XDG_CACHE_HOME:-~/.cache}/libcarcassonne/node18,
# and writes $DIR/bin/node, a wrapper that runs it with its libnode.
# tools/install-deps.sh --tests does that (it also installs the shared
# libraries libnode108 links with).  Exit 1, with a message on stderr,
# when no Node 18 can be had.
set -euo pipefail

major=18
fetch=0
case ${1:-} in
--fetch) fetch=1 ;;
'') ;;
*) echo "usage: $0 [--fetch]" >&2; exit 2 ;;
esac

is_oldest() {	# is_oldest COMMAND: a Node of major version $major?
	local v
	v=$("$1" --version 2>/dev/null) || return 1
	[ "${v%%.*}" = "v$major" ]
}

if [ -n "${CARC_OLDEST_NODE:-}" ]; then
	if is_oldest "$CARC_OLDEST_NODE"; then
		echo "$CARC_OLDEST_NODE"
		exit 0
	fi
	echo "oldest-node: CARC_OLDEST_NODE=$CARC_OLDEST_NODE is not a Node $major" >&2
	exit 1
fi
if command -v node >/dev/null 2>&1 && is_oldest node; then
	command -v node
	exit 0
fi

dir=${CARC_OLDEST_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/libcarcassonne/node$major}
if [ -x "$dir/bin/node" ] && is_oldest "$dir/bin/node"; then
	echo "$dir/bin/node"
	exit 0
fi
if [ "$fetch" = 0 ]; then
	echo "oldest-node: no Node $major: neither \`node\` on the PATH nor $dir/bin/node" \
	     "(tools/wasm/oldest-node.sh --fetch, or tools/install-deps.sh --tests, unpacks Debian's)" >&2
	exit 1
fi

# The newest nodejs 18 of the package lists, and its libnode108.
if ! command -v apt-cache >/dev/null 2>&1 || ! command -v dpkg >/dev/null 2>&1; then
	echo "oldest-node: no apt-cache/dpkg to fetch Debian's nodejs $major" >&2
	exit 1
fi
version=$(apt-cache madison nodejs 2>/dev/null |
	awk -F'|' -v m="$major." '{ gsub(/ /, "", $2) } index($2, m) == 1 { print $2; exit }')
if [ -z "$version" ]; then
	echo "oldest-node: the package lists have no nodejs $major.x" \
	     "(Debian 12's; apt-get update first?)" >&2
	exit 1
fi
libnode=$(apt-cache depends "nodejs=$version" 2>/dev/null |
	awk '$1 == "Depends:" && $2 ~ /^libnode/ { print $2; exit }')
: "${libnode:=libnode108}"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
echo "oldest-node: unpacking Debian's nodejs $version and $libnode into $dir" >&2
(cd "$tmp" && apt-get download -q "nodejs=$version" "$libnode=$version" >&2) || {
	echo "oldest-node: apt-get download of nodejs=$version failed" >&2
	exit 1
}
rm -rf "$tmp/root"
for deb in "$tmp"/*.deb; do
	dpkg -x "$deb" "$tmp/root"
done
[ -x "$tmp/root/usr/bin/node" ] || {
	echo "oldest-node: the nodejs package holds no usr/bin/node" >&2
	exit 1
}
rm -rf "$dir"
mkdir -p "$(dirname "$dir")"
mv "$tmp/root" "$dir"
mkdir -p "$dir/bin"
libdir=$(dirname "$(find "$dir/usr/lib" -name 'libnode.so.*' -print -quit)")
# Debian's Node searches /usr/share/nodejs for the system's modules
# (node-acorn, node-typescript ...) by itself.
cat > "$dir/bin/node" <<EOF
#!/bin/sh
# Debian's nodejs $version, unpacked by tools/wasm/oldest-node.sh
LD_LIBRARY_PATH="$libdir\${LD_LIBRARY_PATH:+:\$LD_LIBRARY_PATH}" exec "$dir/usr/bin/node" "\$@"
EOF
chmod +x "$dir/bin/node"
if ! is_oldest "$dir/bin/node"; then
	echo "oldest-node: $dir/bin/node does not run:" >&2
	"$dir/bin/node" --version >&2 || true
	exit 1
fi
echo "$dir/bin/node"
