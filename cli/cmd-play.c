/* SPDX-License-Identifier: MIT */
/*
 * carcassonne play: a game between bots and people.
 */
#define _POSIX_C_SOURCE 200809L /* fileno, isatty */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef _WIN32
#include <io.h>
#define isatty _isatty
#define fileno _fileno
#else
#include <unistd.h>
#endif

#include <carcassonne/carcassonne.h>

#include "common.h"

#include <carcassonne/search.h>	/* the bots */

/* Colour on a terminal unless NO_COLOR (https://no-color.org) is set. */
static bool
want_colour(FILE *f, bool no_color)
{
	const char *nc = getenv("NO_COLOR");

	if (no_color || (nc && nc[0]) || !isatty(fileno(f)))
		return false;
	nc = getenv("TERM");
	return !nc || strcmp(nc, "dumb") != 0;
}

/* The log line of a bots-only game: one line per turn. */
static void
log_move(char *line, size_t size, const struct carc_game *before,
	 const struct carc_game *after, carc_move_t m, int *turn, bool quiet,
	 FILE *out)
{
	int phase = carc_game_phase(before);
	int player = carc_game_current_player(before);
	char text[160];
	size_t len;

	if (phase == CARC_PHASE_PLACE_TILE) {
		if (!quiet && line[0])
			fprintf(out, "%s\n", line);
		snprintf(line, size, "turn %d: P%d %s", ++*turn, player,
			 carc_tile_name(
				 (uint32_t)carc_game_current_tile(before)));
	}
	carc_move_describe(m, text, sizeof(text));
	len = strlen(line);
	if (phase == CARC_PHASE_CROP_RESPONSE)
		snprintf(line + len, size - len, "; P%d %s", player, text);
	else
		snprintf(line + len, size - len, "%s %s",
			 phase == CARC_PHASE_PLACE_TILE ? ":" : ";", text);
	if (carc_game_event_count(after) > 0) {
		int np = carc_game_player_count(after);

		len = strlen(line);
		snprintf(line + len, size - len, " [");
		for (int p = 0; p < np; p++) {
			len = strlen(line);
			snprintf(line + len, size - len, "%s%d", p ? " " : "",
				 carc_game_score(after, (uint32_t)p));
		}
		len = strlen(line);
		snprintf(line + len, size - len, "]");
	}
}

/* Back to history length @p target, one carc_game_undo() at a time (the
 * draw order is kept). */
static int
rewind_game(struct carc_game *game, int target)
{
	while (carc_game_history_count(game) > target) {
		int rc = carc_game_undo(game);

		if (rc < 0) {
			fprintf(stderr, "%s: undo: %s\n", progname,
				carc_strerror(rc));
			return -1;
		}
	}
	return 0;
}

int
cmd_play(int argc, char **argv)
{
	struct rule_flags rf = { 0 };
	struct carc_rules *rules = NULL;
	uint64_t players = 2, seed = 1, playouts = 0, v;
	const char *record = NULL;
	int bot = CARC_BOT_RANDOM;
	bool is_human[6] = { false }, any_human = false;
	const char *humans[64];
	int n_humans = 0;
	bool quiet = false, no_color = false, line_mode = false;
	struct carc_game *game = NULL, *scratch = NULL, *before = NULL;
	struct human *person = NULL;
	carc_move_t *moves = NULL;
	char line[1024] = "";
	FILE *out = stdout;	/* everything but the record */
	int *marks = NULL;	/* history lengths of human moves */
	size_t n_marks = 0, marks_cap = 0, moves_cap = 0;
	uint64_t rng;
	int turn = 0, rc = 1;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val;
		int k;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--quiet") == 0) {
			quiet = true;
		} else if (strcmp(a, "--line-mode") == 0) {
			line_mode = true;
		} else if (strcmp(a, "--no-color") == 0 ||
			   strcmp(a, "--no-colour") == 0) {
			no_color = true;
		} else if ((k = parse_rule_flag(argc, argv, &i, &rf)) != 0) {
			if (k == -1)
				return usage_error("too many rule options");
			if (k < 0)
				return 2;
		} else if (strcmp(a, "--players") == 0 ||
			   strcmp(a, "--seed") == 0 ||
			   strcmp(a, "--human") == 0 ||
			   strcmp(a, "--playouts") == 0 ||
			   strcmp(a, "--bot") == 0 ||
			   strcmp(a, "--record") == 0) {
			if (!(val = option_value(argc, argv, &i)))
				return 2;
			if (strcmp(a, "--players") == 0) {
				if (parse_number(a, val, 2, 6, &players) < 0)
					return 2;
			} else if (strcmp(a, "--seed") == 0) {
				if (parse_number(a, val, 0, UINT64_MAX,
						 &seed) < 0)
					return 2;
			} else if (strcmp(a, "--human") == 0) {
				/* checked against --players after the loop */
				if (n_humans == 64)
					return usage_error("--human: more "
							   "people than seats");
				humans[n_humans++] = val;
			} else if (strcmp(a, "--playouts") == 0) {
				if (parse_number(a, val, 1, 10000000,
						 &playouts) < 0)
					return 2;
			} else if (strcmp(a, "--bot") == 0) {
				bot = carc_bot_kind_from_name(val);
				if (bot < 0)
					return usage_error(
						"--bot: unknown bot '%s' (random, "
						"greedy or mcts)",
						val);
			} else {
				record = val;
			}
		} else if (a[0] == '-') {
			return unknown_flag(a);
		} else {
			return usage_error("play: unexpected argument '%s'",
					   a);
		}
	}
	for (int i = 0; i < n_humans; i++) {
		const char *h = humans[i];

		/* one message for every bad seat, with the real range */
		v = strlen(h) == 1 && h[0] >= '0' && h[0] <= '9'
			    ? (uint64_t)(h[0] - '0')
			    : UINT64_MAX;
		if (v >= players)
			return usage_error(
				"--human: '%s' is not a player of a %u-player "
				"game (0 to %u)",
				h, (unsigned)players, (unsigned)players - 1);
		if (is_human[v])
			return usage_error("--human: player %u is given twice",
					   (unsigned)v);
		is_human[v] = any_human = true;
	}
	if (record && strcmp(record, "-") == 0)
		out = stderr;

	/* The rules from the options as the command line named them, the
	 * stack shuffled by the seed. */
	rc = rule_flags_build(&rf, &rules);
	if (rc >= 0)
		rc = carc_game_new(rules, (uint32_t)players, seed, &game);
	carc_rules_unref(rules);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot start the game: %s\n", progname,
			carc_strerror(rc));
		return 1;
	}
	rc = 1;
	/* a bad --record path is an error before the first move */
	if (record && strcmp(record, "-") != 0 &&
	    save_record_atomic(game, record) < 0)
		goto out;
	if (carc_game_clone(game, &scratch) < 0 ||
	    carc_game_clone(game, &before) < 0)
		goto out;
	if (any_human &&
	    !(person = human_new(want_colour(out, no_color), line_mode,
				 out)))
		goto out;
	rng = seed ^ 0x5eedull;

	while (carc_game_is_over(game) == 0) {
		int n = legal_moves(game, &moves, &moves_cap);
		int player = carc_game_current_player(game);
		carc_move_t m;
		int err;

		if (n < 0) {
			human_leave(person);
			fprintf(stderr, "%s: cannot list the moves: %s\n",
				progname, carc_strerror(n));
			goto out;
		}
		if (n == 0)
			break;
		if (is_human[player]) {
			int action;

			m = human_pick(person, game, moves, n, &action);
			if (action == HUMAN_UNDO) {
				int target;

				if (n_marks == 0) {
					fprintf(human_stream(person),
						"nothing to undo: this "
						     "is your first move\n");
					continue;
				}
				target = marks[--n_marks];
				if (rewind_game(game, target) < 0 ||
				    carc_game_copy(scratch, game) < 0)
					goto out;
				fprintf(human_stream(person),
					"undone: back to move %d\n",
					target + 1);
				if (record && strcmp(record, "-") != 0)
					save_record_atomic(game, record);
				continue;
			}
			if (action == HUMAN_QUIT) {
				human_leave(person);
				fprintf(out, "you left the game after %d "
					     "moves\n",
					carc_game_history_count(game));
				break;
			}
			if (m == CARC_MOVE_NONE) {
				human_leave(person);
				fprintf(stderr, "%s: end of input\n",
					progname);
				goto out;
			}
			if (n_marks == marks_cap) {
				size_t cap = marks_cap ? 2 * marks_cap : 64;
				int *grown = realloc(marks,
						     cap * sizeof(*grown));

				if (!grown)
					goto out;
				marks = grown;
				marks_cap = cap;
			}
			marks[n_marks++] = carc_game_history_count(game);
		} else if ((err = bot_move(game, (uint32_t)bot,
					   (uint32_t)playouts, &rng, &m)) < 0) {
			human_leave(person);
			fprintf(stderr, "%s: the bot cannot move: %s\n",
				progname, carc_strerror(err));
			goto out;
		}
		carc_game_copy(before, game);
		if (carc_game_apply(game, m) < 0) {
			human_leave(person);
			fprintf(stderr, "%s: the bot chose an illegal move\n",
				progname);
			goto out;
		}
		if (person)
			human_report(person, before, game, m,
				     is_human[player]);
		else
			log_move(line, sizeof(line), before, game, m, &turn,
				 quiet, out);
		if (record && strcmp(record, "-") != 0 &&
		    save_record_atomic(game, record) < 0)
			goto out;
	}
	human_leave(person);
	if (!quiet && line[0])
		fprintf(out, "%s\n", line);
	if (person && carc_game_is_over(game) == 1)
		human_game_over(person, game);
	fprintf(out, "tiles discarded: %d\n", carc_game_discard_count(game));
	print_scores(game, out);
	rc = 0;
	if (record && strcmp(record, "-") == 0 && save_record(game, "-") < 0)
		rc = 1;
out:
	free(moves);
	free(marks);
	human_free(person);
	carc_game_free(before);
	carc_game_free(scratch);
	carc_game_free(game);
	return rc;
}
