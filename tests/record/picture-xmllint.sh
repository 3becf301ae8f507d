#!/bin/sh
# SPDX-License-Identifier: MIT
#
# The SVG of `carcassonne render` (carc_game_render_svg()) is valid XML
# for xmllint, for games of every rule set at several points, with every
# drawing option.  Usage: picture-xmllint.sh CARCASSONNE XMLLINT
set -eu
tool=$1
xmllint=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
n=0
for rules in "" --phantom --crop-circles --little-buildings --all; do
	for seed in 1 2 3; do
		rec=$tmp/g.rec
		# shellcheck disable=SC2086
		"$tool" play --seed "$seed" --players 4 $rules --quiet \
			--record "$rec" >/dev/null
		for move in 0 7 40 ""; do
			svg=$tmp/g-$n.svg
			if [ -n "$move" ]; then
				"$tool" render "$rec" -o "$svg" --move "$move" \
					--placements --highlight 0,0,r1 \
					2>/dev/null ||
				"$tool" render "$rec" -o "$svg" --move "$move" \
					--placements
			else
				"$tool" render "$rec" -o "$svg" --tile-size 40
			fi
			"$xmllint" --noout "$svg"
			n=$((n + 1))
		done
	done
done
echo "$n pictures are valid XML"
