/* SPDX-License-Identifier: CC0-1.0 */
/*
 * mcts: the library's bots against each other, an example of
 * <carcassonne/search.h>.
 *
 * The search itself is in the library (carc_bot_choose()); this program
 * only plays games.  Build it with
 *     cc mcts.c $(pkg-config --cflags --libs carcassonne)
 *
 * Usage: mcts [--games N] [--playouts N] [--time-ms T] [--threads N]
 *             [--exploration C]
 *             [--opponent random|greedy|mcts:N] [--seed S] [--players N]
 *             [--all] [--quiet]
 * plays N games of the MCTS bot (N playouts, or T ms, per decision)
 * (C: the UCT constant in thousandths) against opponents of one kind in
 * the other seats.  Seats rotate: game
 * g uses the tile seed of game g - g % players, so every seating of the
 * bots plays the same stacks.  It prints the bot's wins (a shared win
 * counts half), a 95% interval, the Elo difference that win rate means,
 * and the time per decision and playouts per second of the bot.  The
 * program exits 0 when the bot won at least 90% of the games, 1
 * otherwise.
 *
 * Free to copy; see COPYING in this directory.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/search.h>

static int
parse_int(const char *s, long min, long max, long *out)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*s == '\0' || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "random", "greedy", "mcts" or "mcts:N" (N playouts) into opts. */
static int
parse_bot(const char *s, struct carc_bot_options *o)
{
	char name[16];
	const char *colon = strchr(s, ':');
	size_t len = colon ? (size_t)(colon - s) : strlen(s);
	long n = 0;
	int kind;

	if (len >= sizeof(name))
		return -1;
	memcpy(name, s, len);
	name[len] = '\0';
	kind = carc_bot_kind_from_name(name);
	if (kind < 0 || (colon && (kind != CARC_BOT_MCTS ||
				   parse_int(colon + 1, 1, 10000000, &n) < 0)))
		return -1;
	memset(o, 0, sizeof(*o));
	o->size = sizeof(*o);
	o->kind = (uint32_t)kind;
	o->playouts = (uint32_t)n;
	return 0;
}

int
main(int argc, char **argv)
{
	long games = 20, playouts = 0, time_ms = 0, threads = 1, players = 2;
	long seed = 1, exploration = 0;
	int all = 0, quiet = 0, rc = 0;
	const char *opponent = "random";
	struct carc_bot_options me, other;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	double points = 0, decisions = 0, think = 0, margin = 0, cpu = 0;
	unsigned long long done = 0;

	for (int i = 1; i < argc; i++) {
		long *dst = NULL, min = 1, max = 0;

		if (strcmp(argv[i], "--all") == 0) {
			all = 1;
			continue;
		}
		if (strcmp(argv[i], "--quiet") == 0) {
			quiet = 1;
			continue;
		}
		if (strcmp(argv[i], "--opponent") == 0 && i + 1 < argc) {
			opponent = argv[++i];
			continue;
		}
		if (strcmp(argv[i], "--games") == 0) {
			dst = &games;
			max = 1000000;
		} else if (strcmp(argv[i], "--playouts") == 0) {
			dst = &playouts;
			max = 10000000;
		} else if (strcmp(argv[i], "--time-ms") == 0) {
			dst = &time_ms;
			max = 3600000;
		} else if (strcmp(argv[i], "--exploration") == 0) {
			dst = &exploration;
			max = 100000;
		} else if (strcmp(argv[i], "--threads") == 0) {
			dst = &threads;
			max = CARC_BOT_MAX_THREADS;
		} else if (strcmp(argv[i], "--players") == 0) {
			dst = &players;
			min = 2;
			max = 6;
		} else if (strcmp(argv[i], "--seed") == 0) {
			dst = &seed;
			min = 0;
			max = 2147483647;
		}
		if (!dst || i + 1 >= argc ||
		    parse_int(argv[++i], min, max, dst) < 0) {
			fprintf(stderr,
				"usage: %s [--games N] [--playouts N] "
				"[--time-ms T] [--threads N] [--exploration "
				"C] [--opponent "
				"random|greedy|mcts:N] [--seed S] [--players N] "
				"[--all] [--quiet]\n", argv[0]);
			return 2;
		}
	}
	if (parse_bot(opponent, &other) < 0) {
		fprintf(stderr, "%s: unknown opponent '%s'\n", argv[0],
			opponent);
		return 2;
	}
	memset(&me, 0, sizeof(me));
	me.size = sizeof(me);
	me.kind = CARC_BOT_MCTS;
	me.playouts = (uint32_t)playouts;	/* 0: the default */
	me.time_ms = (uint32_t)time_ms;
	me.threads = (uint32_t)threads;
	me.exploration = (uint32_t)exploration;	/* 0: the default */

	if (carc_rules_builder_new(&b) < 0) {
		fprintf(stderr, "out of memory\n");
		return 2;
	}
	if (all) {
		carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
		carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
	}
	if (carc_rules_builder_build(b, &rules) < 0) {
		fprintf(stderr, "cannot build the rules\n");
		rc = 2;
		goto out;
	}

	for (long gi = 0; gi < games; gi++) {
		/* the bot sits in seat gi % players; the seating's games
		 * share the tile seed */
		uint32_t seat = (uint32_t)(gi % players);
		uint64_t tiles = (uint64_t)seed * 1000003u +
				 (uint64_t)(gi - gi % players);
		uint64_t move_seed = (uint64_t)seed * 7919u + (uint64_t)gi;
		struct carc_game *g;
		int32_t best = -1, mine, opp = -1;
		int winners = 0;

		if (carc_game_new(rules, (uint32_t)players, tiles, &g) < 0) {
			rc = 2;
			goto out;
		}
		while (!carc_game_is_over(g)) {
			int p = carc_game_current_player(g);
			struct carc_bot_options *o =
				(uint32_t)p == seat ? &me : &other;
			struct carc_bot_stats st;
			carc_move_t m;

			memset(&st, 0, sizeof(st));
			st.size = sizeof(st);
			clock_t c0 = clock();

			o->seed = move_seed++ * 0x9e3779b97f4a7c15ull;
			if (carc_bot_choose(g, o, &m, &st) < 0 ||
			    carc_game_apply(g, m) < 0) {
				fprintf(stderr, "game %ld: no move\n", gi);
				carc_game_free(g);
				rc = 2;
				goto out;
			}
			if (o == &me && st.playouts > 0) {
				cpu += (double)(clock() - c0) / CLOCKS_PER_SEC;
				decisions++;
				think += st.elapsed_us / 1e6;
				done += st.playouts;
			}
		}
		for (long p = 0; p < players; p++) {
			int32_t s = carc_game_score(g, (uint32_t)p);

			if (s > best) {
				best = s;
				winners = 0;
			}
			winners += s == best;
			if ((uint32_t)p != seat && s > opp)
				opp = s;
		}
		mine = carc_game_score(g, seat);
		points += mine == best ? 1.0 / winners : 0;
		margin += mine - opp;
		if (!quiet) {
			printf("game %ld (mcts P%u):", gi + 1, (unsigned)seat);
			for (long p = 0; p < players; p++)
				printf(" %d", carc_game_score(g, (uint32_t)p));
			printf("%s\n", mine == best ? "  (mcts wins)" : "");
		}
		carc_game_free(g);
	}
	{
		double p = points / games;
		double se = sqrt(p * (1 - p) / games);
		double lo = p - 1.96 * se, hi = p + 1.96 * se;
		/* Elo of a win rate against one opponent (2 players) */
		double elo = p <= 0 ? -INFINITY : p >= 1 ? INFINITY
					: -400 * log10(1 / p - 1);

		printf("mcts won %.1f of %ld games (%.1f%%, 95%% interval "
		       "%.1f-%.1f%%) against %s, Elo %+.0f, mean margin "
		       "%+.1f\n", points, games, 100 * p,
		       100 * (lo < 0 ? 0 : lo), 100 * (hi > 1 ? 1 : hi),
		       opponent, elo, margin / games);
		if (decisions > 0)
			printf("mcts: %.0f decisions, %.1f ms each (%.1f ms of "
			       "CPU), %.0f playouts/s (%.0f per CPU second), "
			       "%.0f playouts per decision\n", decisions,
			       1000 * think / decisions, 1000 * cpu / decisions,
			       done / think, done / cpu, done / decisions);
		rc = points * 10 >= games * 9 ? 0 : 1;
	}
out:
	carc_rules_unref(rules);
	carc_rules_builder_free(b);
	return rc;
}
