#!/bin/sh
# SPDX-License-Identifier: CC0-1.0
#
# Usage: check-deterministic.sh PROGRAM [ARGS...]
#
# Runs PROGRAM twice with the same arguments and fails unless both runs
# succeed and print exactly the same output.
set -eu

if [ "$#" -lt 1 ]; then
	echo "usage: $0 PROGRAM [ARGS...]" >&2
	exit 2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/carc-determinism.XXXXXX")
trap 'rm -rf "$tmp"' EXIT INT TERM

"$@" > "$tmp/first"
"$@" > "$tmp/second"

if ! cmp -s "$tmp/first" "$tmp/second"; then
	echo "$1: two runs with the same arguments differ:" >&2
	diff "$tmp/first" "$tmp/second" >&2 || true
	exit 1
fi
if ! grep -q '^scores:' "$tmp/first"; then
	echo "$1: no final 'scores:' line" >&2
	exit 1
fi
lines=$(wc -l < "$tmp/first")
echo "identical output, $lines lines"
