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

/* What the command line asked for. */
struct play_options {
	struct rule_flags rf;
	uint64_t players, seed, playouts;
	const char *record;	/* NULL, "-" (stdout at the end) or a path */
	int bot;
	bool is_human[6], any_human;
	bool quiet, no_color, line_mode;
};

/* A game in progress and what its loop keeps between moves. */
struct play {
	const struct play_options *opt;
	struct carc_game *game, *scratch, *before;
	struct human *person;	/* NULL: bots only */
	carc_move_t *moves;
	size_t moves_cap;
	int *marks;		/* history lengths of human moves (undo) */
	size_t n_marks, marks_cap;
	FILE *out;		/* everything but the record */
	char line[1024];	/* the log line of the turn being played */
	int turn;
	uint64_t rng;
};

/* What a turn of the loop did. */
enum turn_result { TURN_MOVE, TURN_AGAIN, TURN_STOP, TURN_FAIL };

/* The value of an option that takes one: 0, or 2 for a usage error. */
static int
parse_valued(const char *a, const char *val, struct play_options *o,
	     const char **humans, int *n_humans)
{
	if (strcmp(a, "--players") == 0)
		return parse_number(a, val, 2, 6, &o->players) < 0 ? 2 : 0;
	if (strcmp(a, "--seed") == 0)
		return parse_number(a, val, 0, UINT64_MAX, &o->seed) < 0 ? 2
									 : 0;
	if (strcmp(a, "--human") == 0) {
		/* checked against --players once all are read */
		if (*n_humans == 64)
			return usage_error("--human: more people than seats");
		humans[(*n_humans)++] = val;
		return 0;
	}
	if (strcmp(a, "--playouts") == 0)
		return parse_number(a, val, 1, 10000000, &o->playouts) < 0 ? 2
									   : 0;
	if (strcmp(a, "--bot") == 0) {
		o->bot = carc_bot_kind_from_name(val);
		if (o->bot < 0)
			return usage_error("--bot: unknown bot '%s' (random, "
					   "greedy, mcts, star2.5 or "
					   "mcts-rave)",
					   val);
		return 0;
	}
	o->record = val;	/* --record */
	return 0;
}

/* The seats --human named: 0, or 2 with one message for a bad seat,
 * giving the real range. */
static int
seat_humans(struct play_options *o, const char **humans, int n_humans)
{
	for (int i = 0; i < n_humans; i++) {
		const char *h = humans[i];
		uint64_t v = strlen(h) == 1 && h[0] >= '0' && h[0] <= '9'
				     ? (uint64_t)(h[0] - '0')
				     : UINT64_MAX;

		if (v >= o->players)
			return usage_error(
				"--human: '%s' is not a player of a %u-player "
				"game (0 to %u)",
				h, (unsigned)o->players,
				(unsigned)o->players - 1);
		if (o->is_human[v])
			return usage_error("--human: player %u is given twice",
					   (unsigned)v);
		o->is_human[v] = o->any_human = true;
	}
	return 0;
}

/* The command line: -1 to go on, else the exit status (0 after --help,
 * 2 for a usage error, which has been said). */
static int
parse_play_args(int argc, char **argv, struct play_options *o)
{
	const char *humans[64];
	int n_humans = 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val;
		int k;

		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(a, "--quiet") == 0) {
			o->quiet = true;
		} else if (strcmp(a, "--line-mode") == 0) {
			o->line_mode = true;
		} else if (strcmp(a, "--no-color") == 0 ||
			   strcmp(a, "--no-colour") == 0) {
			o->no_color = true;
		} else if ((k = parse_rule_flag(argc, argv, &i, &o->rf)) != 0) {
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
			if (parse_valued(a, val, o, humans, &n_humans) != 0)
				return 2;
		} else if (a[0] == '-') {
			return unknown_flag(a);
		} else {
			return usage_error("play: unexpected argument '%s'",
					   a);
		}
	}
	if (seat_humans(o, humans, n_humans) != 0)
		return 2;
	return -1;
}

/* Whether the record goes to a file, rewritten after every move. */
static bool
record_to_file(const struct play_options *o)
{
	return o->record && strcmp(o->record, "-") != 0;
}

/* The game from the options as the command line named them, the stack
 * shuffled by the seed: 0, or -1 (said). */
static int
play_start(struct play *p)
{
	const struct play_options *o = p->opt;
	struct carc_rules *rules = NULL;
	int rc = rule_flags_build(&o->rf, &rules);

	if (rc >= 0)
		rc = carc_game_new(rules, (uint32_t)o->players, o->seed,
				   &p->game);
	carc_rules_unref(rules);
	if (rc < 0) {
		fprintf(stderr, "%s: cannot start the game: %s\n", progname,
			carc_strerror(rc));
		return -1;
	}
	/* a bad --record path is an error before the first move */
	if (record_to_file(o) && save_record_atomic(p->game, o->record) < 0)
		return -1;
	if (carc_game_clone(p->game, &p->scratch) < 0 ||
	    carc_game_clone(p->game, &p->before) < 0)
		return -1;
	if (o->any_human &&
	    !(p->person = human_new(want_colour(p->out, o->no_color),
				    o->line_mode, p->out)))
		return -1;
	p->rng = o->seed ^ 0x5eedull;
	return 0;
}

/* Take back the person's last move (his and the bots' after it). */
static enum turn_result
undo_human(struct play *p)
{
	int target;

	if (p->n_marks == 0) {
		fprintf(human_stream(p->person),
			"nothing to undo: this is your first move\n");
		return TURN_AGAIN;
	}
	target = p->marks[--p->n_marks];
	if (rewind_game(p->game, target) < 0 ||
	    carc_game_copy(p->scratch, p->game) < 0)
		return TURN_FAIL;
	fprintf(human_stream(p->person), "undone: back to move %d\n",
		target + 1);
	if (record_to_file(p->opt))
		save_record_atomic(p->game, p->opt->record);
	return TURN_AGAIN;
}

/* Remember where the person's move starts, for undo. */
static int
mark_human_move(struct play *p)
{
	if (p->n_marks == p->marks_cap) {
		size_t cap = p->marks_cap ? 2 * p->marks_cap : 64;
		int *grown = realloc(p->marks, cap * sizeof(*grown));

		if (!grown)
			return -1;
		p->marks = grown;
		p->marks_cap = cap;
	}
	p->marks[p->n_marks++] = carc_game_history_count(p->game);
	return 0;
}

/* The person to move picks from the @p n legal moves, undoes or
 * leaves. */
static enum turn_result
human_turn(struct play *p, int n, carc_move_t *m)
{
	int action;

	*m = human_pick(p->person, p->game, p->moves, n, &action);
	if (action == HUMAN_UNDO)
		return undo_human(p);
	if (action == HUMAN_QUIT) {
		human_leave(p->person);
		fprintf(p->out, "you left the game after %d moves\n",
			carc_game_history_count(p->game));
		return TURN_STOP;
	}
	if (*m == CARC_MOVE_NONE) {
		human_leave(p->person);
		fprintf(stderr, "%s: end of input\n", progname);
		return TURN_FAIL;
	}
	return mark_human_move(p) < 0 ? TURN_FAIL : TURN_MOVE;
}

/* One decision of the game: the player to move chooses, the move is
 * applied, shown and recorded. */
static enum turn_result
play_turn(struct play *p)
{
	const struct play_options *o = p->opt;
	int n = legal_moves(p->game, &p->moves, &p->moves_cap);
	int player = carc_game_current_player(p->game);
	carc_move_t m;
	int err;

	if (n < 0) {
		human_leave(p->person);
		fprintf(stderr, "%s: cannot list the moves: %s\n", progname,
			carc_strerror(n));
		return TURN_FAIL;
	}
	if (n == 0)
		return TURN_STOP;
	if (o->is_human[player]) {
		enum turn_result r = human_turn(p, n, &m);

		if (r != TURN_MOVE)
			return r;
	} else if ((err = bot_move(p->game, (uint32_t)o->bot,
				   (uint32_t)o->playouts, &p->rng, &m)) < 0) {
		human_leave(p->person);
		fprintf(stderr, "%s: the bot cannot move: %s\n", progname,
			carc_strerror(err));
		return TURN_FAIL;
	}
	carc_game_copy(p->before, p->game);
	if (carc_game_apply(p->game, m) < 0) {
		human_leave(p->person);
		fprintf(stderr, "%s: the bot chose an illegal move\n",
			progname);
		return TURN_FAIL;
	}
	if (p->person)
		human_report(p->person, p->before, p->game, m,
			     o->is_human[player]);
	else
		log_move(p->line, sizeof(p->line), p->before, p->game, m,
			 &p->turn, o->quiet, p->out);
	if (record_to_file(o) && save_record_atomic(p->game, o->record) < 0)
		return TURN_FAIL;
	return TURN_MOVE;
}

/* The end of the game: the last log line, the final scores and a record
 * asked for on stdout.  The exit status. */
static int
play_finish(struct play *p)
{
	human_leave(p->person);
	if (!p->opt->quiet && p->line[0])
		fprintf(p->out, "%s\n", p->line);
	if (p->person && carc_game_is_over(p->game) == 1)
		human_game_over(p->person, p->game);
	fprintf(p->out, "tiles discarded: %d\n",
		carc_game_discard_count(p->game));
	print_scores(p->game, p->out);
	if (p->opt->record && strcmp(p->opt->record, "-") == 0 &&
	    save_record(p->game, "-") < 0)
		return 1;
	return 0;
}

static void
play_free(struct play *p)
{
	free(p->moves);
	free(p->marks);
	human_free(p->person);
	carc_game_free(p->before);
	carc_game_free(p->scratch);
	carc_game_free(p->game);
}

int
cmd_play(int argc, char **argv)
{
	struct play_options opt = { .players = 2, .seed = 1,
				    .bot = CARC_BOT_RANDOM };
	struct play p = { .opt = &opt, .out = stdout };
	enum turn_result r = TURN_MOVE;
	int rc;

	if ((rc = parse_play_args(argc, argv, &opt)) >= 0)
		return rc;
	if (opt.record && strcmp(opt.record, "-") == 0)
		p.out = stderr;
	rc = 1;
	if (play_start(&p) == 0) {
		while (carc_game_is_over(p.game) == 0 &&
		       (r = play_turn(&p)) != TURN_STOP && r != TURN_FAIL)
			;
		if (r != TURN_FAIL)
			rc = play_finish(&p);
	}
	play_free(&p);
	return rc;
}
