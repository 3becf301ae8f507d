#!/bin/bash
# SPDX-License-Identifier: MIT
#
# The ladder of doc/bindings/bots.md: the built-in bots against each other
# in two-player base games, at equal CPU time per decision and at equal
# playouts, each match reported by `carcassonne match` (Elo and its 95 %
# interval).  Long: never part of the CI.
#
#   tools/ladder.sh [--carcassonne PATH] [--games N] [--seed S]
#                   [--cpu "MS MS ..."] [--out DIR] [--jobs N] [--all]
#                   [--no-greedy] [--no-playouts]
#
#   --carcassonne PATH  the tool (default: carcassonne on the PATH, else
#                       build/cli/carcassonne)
#   --games N           games per match (default 20, whole rounds of 2)
#   --seed S            seed of the first round (default 1): a match cut
#                       in pieces (--seed 1, 11, 21, ... with --games 20)
#                       plays the rounds of one longer match
#   --cpu "MS ..."      CPU milliseconds per decision of the time rungs
#                       (default "10 100")
#   --out DIR           one JSON report per match, DIR/NAME-sSEED.json,
#                       its games as records in DIR/NAME-sSEED/
#                       (default ladder-out)
#   --jobs N            games played at once (default 2; on a machine
#                       shared with other work, 1)
#   --all               every expansion instead of the base game
#   --no-greedy         leave out the time rungs against greedy
#   --no-playouts       leave out the playout rungs
#
# Each match prints its command and the report's Elo line; DIR/*.json
# keep the whole reports, DIR/*/game-*.rec the games (with comments
# saying who sat where, doc/users/record-format.md), which
# tools/ladder-merge.py counts together when a match was played in
# pieces (--seed 1, 11, 21, ...).  The time rungs give every search the
# same CPU time per decision (the searches' cpu=MS parameter,
# CARC_BOT_CPU_TIME: measured on the searching thread, so the load of
# the machine does not favour either side); the playout rungs give the
# same playouts (for star2.5: positions evaluated).  The same command
# plays the same games again only for the playout rungs.
set -euo pipefail

carc=
games=20
seed=1
cpus="10 100"
out=ladder-out
jobs=2
rules=()
greedy=1
playouts=1
while [ $# -gt 0 ]; do
	case $1 in
	--carcassonne) carc=$2; shift 2 ;;
	--games) games=$2; shift 2 ;;
	--seed) seed=$2; shift 2 ;;
	--cpu) cpus=$2; shift 2 ;;
	--out) out=$2; shift 2 ;;
	--jobs) jobs=$2; shift 2 ;;
	--all) rules=(--all); shift ;;
	--no-greedy) greedy=0; shift ;;
	--no-playouts) playouts=0; shift ;;
	-h|--help) sed -n '3,39p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "ladder.sh: unknown argument '$1'" >&2; exit 2 ;;
	esac
done
if [ -z "$carc" ]; then
	carc=$(command -v carcassonne || echo build/cli/carcassonne)
fi
[ -x "$carc" ] || { echo "ladder.sh: no tool at $carc" >&2; exit 2; }
mkdir -p "$out"

# match NAME BOT BOT: play it, keep the JSON, print the Elo line
match() {
	local name=$1; shift
	echo "\$ carcassonne match $* --games $games --seed $seed ${rules[*]}"
	nice -n 19 "$carc" match "$@" --games "$games" --seed "$seed" \
		--jobs "$jobs" --move-time 600000 "${rules[@]}" \
		--records "$out/$name-s$seed" --json --quiet \
		> "$out/$name-s$seed.json"
	python3 - "$out/$name-s$seed.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
a, b = r['bots'][0], r['bots'][1]
print(f"  {a['name']} vs {b['name']}: {a['wins']}-{a['draws']}-"
      f"{a['losses']} in {r['games']} games, score {a['score']['mean']:.3f}"
      f" ({a['score']['lo']:.3f} .. {a['score']['hi']:.3f}), Elo "
      f"{a['elo']['value']:+.0f} ({a['elo']['lo']:+.0f} .. "
      f"{a['elo']['hi']:+.0f}); CPU ms per move "
      f"{a['ms_per_move']['cpu']:.1f} / {b['ms_per_move']['cpu']:.1f}")
EOF
}

# equal CPU time per decision
for ms in $cpus; do
	t="playouts=0,cpu=$ms"
	match "cpu$ms-mcts-star" "mcts:$t" "star2.5:$t"
	match "cpu$ms-mcts-rave" "mcts:$t" "mcts-rave:$t"
	if [ "$greedy" = 1 ]; then
		match "cpu$ms-star-greedy" "star2.5:$t" greedy
		match "cpu$ms-mcts-greedy" "mcts:$t" greedy
	fi
done
[ "$playouts" = 1 ] || exit 0

# equal playouts (the defaults: 1,000 playouts; Star2.5 at its default
# of 100,000 positions evaluated against the tree search's default)
match "po1000-mcts-rave" mcts:playouts=1000 mcts-rave:playouts=1000
match "po-default-mcts-star" mcts star2.5
