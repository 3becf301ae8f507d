/* SPDX-License-Identifier: MIT */
/*
 * native-learn: the learning interface of <carcassonne/learn.h> along a
 * seeded game played through actions, for the JavaScript package's tests
 * to compare with (bindings/js/test/learn.test.mjs): the WebAssembly
 * build must give the same windows, masks, observations and moves.
 *
 *     native-learn SEED PLAYERS EXPANSIONS WINDOW DECISIONS
 *
 * EXPANSIONS is the bit set of bindings/seeded-rules.h, WINDOW the
 * window side (0: the default).  At each of the first DECISIONS decision
 * points, and once more at the end of the game, it prints one line:
 *     D x0,y0 | mask N a1 a2 ... | to-move P V | player Q P V | action A M
 * D the decision's number, x0,y0 the window's corner, N the number of
 * actions the mask sets and their indices, P and V the FNV-1a (32-bit)
 * digests of the planes and of the vector (int32 little-endian) observed
 * for the player to move and for player Q = D mod PLAYERS, and A the
 * action played: set action number (hash mod N), M its move's words.
 * The last line has no action part.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <carcassonne/carcassonne.h>
#include <carcassonne/learn.h>

#include "../seeded-rules.h"

static uint32_t
fnv1a(uint32_t h, const uint8_t *p, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return h;
}

/* Prints " P V" for one observation of game for player. */
static int
print_observation(struct carc_learn *learn, const struct carc_game *game,
		  uint32_t player, uint8_t *planes, size_t n_planes)
{
	int32_t vector[CARC_LEARN_VEC_LENGTH];
	uint32_t hv = 2166136261u;

	if (carc_learn_observe(learn, game, player, planes, n_planes, vector,
			       CARC_LEARN_VEC_LENGTH) < 0)
		return -1;
	for (size_t i = 0; i < CARC_LEARN_VEC_LENGTH; i++) {
		uint32_t v = (uint32_t)vector[i];
		uint8_t b[4] = { (uint8_t)v, (uint8_t)(v >> 8),
				 (uint8_t)(v >> 16), (uint8_t)(v >> 24) };

		hv = fnv1a(hv, b, 4);
	}
	printf(" %" PRIu32 " %" PRIu32,
	       fnv1a(2166136261u, planes, n_planes), hv);
	return 0;
}

int
main(int argc, char **argv)
{
	struct carc_game *game;
	struct carc_learn *learn;
	struct carc_learn_options opts = { .size = sizeof(opts) };
	struct carc_learn_shape shape = { .size = sizeof(shape) };
	unsigned long players, exp, decisions;
	uint8_t *mask, *planes;
	uint32_t *set;
	size_t n_planes;
	uint64_t seed;
	int status = 1;

	if (argc != 6) {
		fprintf(stderr, "usage: %s SEED PLAYERS EXPANSIONS WINDOW "
			"DECISIONS\n", argv[0]);
		return 2;
	}
	seed = strtoull(argv[1], NULL, 0);
	players = strtoul(argv[2], NULL, 0);
	exp = strtoul(argv[3], NULL, 0);
	opts.window = (uint32_t)strtoul(argv[4], NULL, 0);
	decisions = strtoul(argv[5], NULL, 0);
	if (seeded_game_new(seed, (uint32_t)players, exp, &game) < 0)
		return 1;
	if (carc_learn_new(carc_game_rules(game), (uint32_t)players, &opts,
			   &learn) < 0) {
		carc_game_free(game);
		return 1;
	}
	if (carc_learn_shape(learn, &shape) < 0)
		goto out;
	n_planes = (size_t)shape.n_planes * shape.window * shape.window;
	mask = malloc(shape.n_actions);
	set = malloc(sizeof(*set) * shape.n_actions);
	planes = malloc(n_planes);
	if (mask == NULL || set == NULL || planes == NULL)
		goto out_free;
	for (unsigned long d = 0; d <= decisions; d++) {
		uint32_t n = 0, action;
		int32_t x0, y0;
		carc_move_t move;
		char words[96];
		int rc;

		if (carc_learn_window(learn, game, &x0, &y0) < 0)
			goto out_free;
		rc = carc_learn_mask(learn, game, mask, shape.n_actions);
		if (rc < 0)
			goto out_free;
		printf("%lu %" PRId32 ",%" PRId32 " | mask %d", d, x0, y0, rc);
		for (uint32_t a = 0; a < shape.n_actions; a++) {
			if (mask[a]) {
				set[n++] = a;
				printf(" %" PRIu32, a);
			}
		}
		printf(" | to-move");
		if (print_observation(learn, game, CARC_LEARN_TO_MOVE, planes,
				      n_planes) < 0)
			goto out_free;
		printf(" | player %lu", d % players);
		if (print_observation(learn, game, (uint32_t)(d % players),
				      planes, n_planes) < 0)
			goto out_free;
		if (n == 0 || d == decisions) {
			printf("\n");
			break;
		}
		action = set[carc_game_hash(game) % n];
		if (carc_learn_action_to_move(learn, game, action, &move) < 0 ||
		    carc_move_describe(move, words, sizeof(words)) < 0 ||
		    carc_game_apply(game, move) < 0)
			goto out_free;
		printf(" | action %" PRIu32 " %s\n", action, words);
	}
	status = 0;
out_free:
	free(mask);
	free(set);
	free(planes);
out:
	carc_learn_free(learn);
	carc_game_free(game);
	return status;
}
