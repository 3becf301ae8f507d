/* SPDX-License-Identifier: MIT */
/*
 * carcassonne play: a game between bots and people.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

#include "mcts-search.h"	/* examples/: the search of --bot mcts */

int
cmd_play(int argc, char **argv)
{
	char hdr[4096] = "";
	unsigned long players = 2;
	unsigned long long seed = 1;
	const char *bot = "random", *record = NULL;
	unsigned long playouts = 1000;
	long human = -1;
	struct mcts *search = NULL;
	bool quiet = false;
	struct carc_game *game = NULL, *scratch = NULL;
	carc_move_t *moves = NULL;
	char line[1024] = "", text[160], msg[256];
	uint64_t rng;
	uint32_t eline, ecol;
	int turn = 0, rc = 1;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		char name[64];
		const char *eq;

		if (strcmp(a, "--players") == 0 && v) {
			players = strtoul(v, NULL, 10);
			i++;
		} else if (strcmp(a, "--seed") == 0 && v) {
			seed = strtoull(v, NULL, 0);
			i++;
		} else if (strcmp(a, "--human") == 0 && v) {
			human = strtol(v, NULL, 10);
			if (human < 0 || human > 5)
				goto bad;
			i++;
		} else if (strcmp(a, "--playouts") == 0 && v) {
			playouts = strtoul(v, NULL, 10);
			if (playouts < 1 || playouts > 10000000)
				goto bad;
			i++;
		} else if (strcmp(a, "--bot") == 0 && v) {
			bot = v;
			i++;
		} else if (strcmp(a, "--record") == 0 && v) {
			record = v;
			i++;
		} else if (strcmp(a, "--quiet") == 0) {
			quiet = true;
		} else if (strcmp(a, "--phantom") == 0) {
			add_option(hdr, sizeof(hdr), "phantom", "on");
		} else if (strcmp(a, "--crop-circles") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
		} else if (strcmp(a, "--crop-circles-i") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
		} else if (strcmp(a, "--crop-circles-ii") == 0) {
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
		} else if (strcmp(a, "--little-buildings") == 0) {
			add_option(hdr, sizeof(hdr), "little-buildings", "on");
		} else if (strcmp(a, "--all") == 0) {
			add_option(hdr, sizeof(hdr), "phantom", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-i", "on");
			add_option(hdr, sizeof(hdr), "crop-circles-ii", "on");
			add_option(hdr, sizeof(hdr), "little-buildings", "on");
		} else if (strcmp(a, "--farm-scoring") == 0 && v) {
			add_option(hdr, sizeof(hdr), "farm-scoring", v);
			i++;
		} else if (strcmp(a, "--option") == 0 && v &&
			   (eq = strchr(v, '=')) != NULL &&
			   (size_t)(eq - v) < sizeof(name)) {
			memcpy(name, v, (size_t)(eq - v));
			name[eq - v] = '\0';
			if (add_option(hdr, sizeof(hdr), name, eq + 1) < 0)
				goto bad;
			i++;
		} else {
			goto bad;
		}
	}
	if (strcmp(bot, "random") != 0 && strcmp(bot, "greedy") != 0 &&
	    strcmp(bot, "mcts") != 0)
		goto bad;
	if (players < 2 || players > 6) {
		fprintf(stderr, "%s: --players must be 2 to 6\n", progname);
		return 2;
	}

	/* The rules and the seeded stack come from a record header, so the
	 * options have the same names and checks as in records. */
	{
		char rec[8192];
		int k = snprintf(rec, sizeof(rec),
				 "carcassonne-record 1\nplayers %lu\n"
				 "seed %llu\n%send\n",
				 players, seed, hdr);

		if (k < 0 || (size_t)k >= sizeof(rec))
			goto bad;
		rc = carc_game_load(rec, (size_t)k, &game, &eline, &ecol, msg,
				    sizeof(msg));
		if (rc < 0) {
			fprintf(stderr, "%s: %s\n", progname, msg);
			return 2;
		}
	}
	rc = 1;
	moves = malloc(MAX_MOVES * sizeof(*moves));
	if (!moves || carc_game_clone(game, &scratch) < 0)
		goto out;
	if (strcmp(bot, "mcts") == 0 &&
	    !(search = mcts_new(game, (int)playouts)))
		goto out;
	rng = seed ^ 0x5eedull;

	while (carc_game_is_over(game) == 0) {
		int n = carc_game_legal_moves(game, moves, MAX_MOVES);
		int phase = carc_game_phase(game);
		int player = carc_game_current_player(game);
		int tile = carc_game_current_tile(game);
		carc_move_t m;

		if (n <= 0)
			break;
		if (player == human) {
			m = pick_human(game, moves, n);
			if (m == CARC_MOVE_NONE) {
				fprintf(stderr, "%s: end of input\n", progname);
				goto out;
			}
		} else if (search)
			m = mcts_choose(search, game, &rng);
		else if (strcmp(bot, "greedy") == 0)
			m = pick_greedy(game, moves, n, scratch, &rng);
		else
			m = moves[rng_next(&rng) % (uint64_t)n];
		if (phase == CARC_PHASE_PLACE_TILE) {
			if (!quiet && line[0])
				printf("%s\n", line);
			snprintf(line, sizeof(line), "turn %d: P%d %s", ++turn,
				 player, carc_tile_name((uint32_t)tile));
		}
		carc_move_describe(m, text, sizeof(text));
		{
			size_t len = strlen(line);

			if (phase == CARC_PHASE_CROP_RESPONSE)
				snprintf(line + len, sizeof(line) - len,
					 "; P%d %s", player, text);
			else
				snprintf(line + len, sizeof(line) - len,
					 "%s %s",
					 phase == CARC_PHASE_PLACE_TILE ? ":"
									: ";",
					 text);
		}
		if (carc_game_apply(game, m) < 0) {
			fprintf(stderr, "%s: the bot chose an illegal move\n",
				progname);
			goto out;
		}
		if (carc_game_event_count(game) > 0) {
			size_t len = strlen(line);
			int np = carc_game_player_count(game);

			snprintf(line + len, sizeof(line) - len, " [");
			for (int p = 0; p < np; p++) {
				len = strlen(line);
				snprintf(line + len, sizeof(line) - len,
					 "%s%d", p ? " " : "",
					 carc_game_score(game, (uint32_t)p));
			}
			len = strlen(line);
			snprintf(line + len, sizeof(line) - len, "]");
		}
	}
	if (!quiet && line[0])
		printf("%s\n", line);
	printf("tiles discarded: %d\n", carc_game_discard_count(game));
	print_scores(game, stdout);
	rc = 0;
	if (record && save_record(game, record) < 0)
		rc = 1;
out:
	free(moves);
	mcts_free(search);
	carc_game_free(scratch);
	carc_game_free(game);
	return rc;
bad:
	usage(stderr);
	return 2;
}
