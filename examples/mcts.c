/* SPDX-License-Identifier: CC0-1.0 */
/*
 * mcts: a Monte Carlo tree search bot for libcarcassonne, using only the
 * public API.
 *
 * The search is information-set UCT ("single observer" ISMCTS): every
 * iteration copies the real game, reshuffles the tiles still in the stack
 * (the draws nobody has seen) with carc_game_shuffle_stack(), and walks one
 * tree whose edges are moves.  Because different reshuffles draw different
 * tiles, a node's children are not all legal in every iteration; UCB1 then
 * counts, for each child, the iterations in which it was available instead
 * of the parent's visits.  Leaves are finished with random playouts and
 * every player is rewarded 1 for a win, 1/2 for a shared win, 0 otherwise,
 * credited to the player who chose each move.
 *
 * Usage: mcts [--games N] [--playouts N] [--seed S] [--players N]
 *             [--all] [--quiet]
 * plays N games, the MCTS bot as player 0 against random players, and
 * prints the bot's wins.  The program exits 0 when it won at least 90% of
 * the games (the project's target), 1 otherwise.
 *
 * Free to copy; see COPYING in this directory.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define MAX_MOVES 4096

struct node {
	carc_move_t move;	/* the move that leads here */
	int player;		/* who chose it */
	uint32_t visits, avail;
	double reward;
	int first_child, next_sibling;
};

struct tree {
	struct node *nodes;
	int n, cap;
};

static uint64_t
next_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static uint32_t
below(uint64_t *s, uint32_t n)
{
	return (uint32_t)((next_random(s) >> 32) * n >> 32);
}

static int
new_node(struct tree *t, carc_move_t move, int player)
{
	struct node *nd;

	if (t->n == t->cap)
		return -1;
	nd = &t->nodes[t->n];
	memset(nd, 0, sizeof(*nd));
	nd->move = move;
	nd->player = player;
	nd->first_child = -1;
	nd->next_sibling = -1;
	return t->n++;
}

/* 1 for a win, 1/2 each for a shared win, 0 for a loss. */
static void
rewards(const struct carc_game *g, int n_players, double *out)
{
	int best = -1, winners = 0;

	for (int p = 0; p < n_players; p++) {
		int s = carc_game_score(g, (uint32_t)p);
		if (s > best) {
			best = s;
			winners = 0;
		}
		if (s == best)
			winners++;
	}
	for (int p = 0; p < n_players; p++)
		out[p] = carc_game_score(g, (uint32_t)p) == best
				 ? 1.0 / winners : 0.0;
}

static int
playout(struct carc_game *g, carc_move_t *moves, uint64_t *rng)
{
	while (!carc_game_is_over(g)) {
		int n = carc_game_legal_moves(g, moves, MAX_MOVES);
		int rc;

		if (n <= 0 || n > MAX_MOVES)
			return n < 0 ? n : CARC_E_INVALID;
		rc = carc_game_apply(g, moves[below(rng, (uint32_t)n)]);
		if (rc < 0)
			return rc;
	}
	return 0;
}

/* One search from @root; returns the chosen move or CARC_MOVE_NONE. */
static carc_move_t
search(const struct carc_game *root, int playouts, uint64_t *rng,
       struct carc_game *scratch, struct tree *t, carc_move_t *moves)
{
	int n_players = carc_game_player_count(root);
	int path[1024];
	double r[6];
	carc_move_t best = CARC_MOVE_NONE;
	uint32_t best_visits = 0;

	t->n = 0;
	new_node(t, CARC_MOVE_NONE, -1);
	for (int it = 0; it < playouts; it++) {
		int node = 0, depth = 0;

		if (carc_game_copy(scratch, root) < 0 ||
		    carc_game_shuffle_stack(scratch, next_random(rng)) < 0)
			return CARC_MOVE_NONE;
		path[depth++] = 0;
		/* selection and expansion */
		while (!carc_game_is_over(scratch) && depth < 1024) {
			int n = carc_game_legal_moves(scratch, moves, MAX_MOVES);
			int player = carc_game_current_player(scratch);
			int child, pick = -1, untried = 0;
			double best_ucb = -1.0;

			if (n <= 0 || n > MAX_MOVES)
				return CARC_MOVE_NONE;
			/* count legal moves without a child; mark children
			 * available in this determinisation */
			for (int i = 0; i < n; i++) {
				int found = 0;
				for (child = t->nodes[node].first_child;
				     child >= 0;
				     child = t->nodes[child].next_sibling)
					if (t->nodes[child].move == moves[i]) {
						found = 1;
						break;
					}
				if (found) {
					t->nodes[child].avail++;
				} else {
					moves[untried++] = moves[i];
				}
			}
			if (untried > 0 && t->n < t->cap) {
				carc_move_t m = moves[below(rng,
							    (uint32_t)untried)];
				child = new_node(t, m, player);
				t->nodes[child].avail = 1;
				t->nodes[child].next_sibling =
					t->nodes[node].first_child;
				t->nodes[node].first_child = child;
				carc_game_apply(scratch, m);
				path[depth++] = child;
				break;
			}
			for (child = t->nodes[node].first_child; child >= 0;
			     child = t->nodes[child].next_sibling) {
				struct node *c = &t->nodes[child];
				double ucb;

				if (c->visits == 0 || !carc_game_is_legal(
							      scratch, c->move))
					continue;
				ucb = c->reward / c->visits +
				      0.7 * sqrt(log((double)c->avail) /
						 c->visits);
				if (ucb > best_ucb) {
					best_ucb = ucb;
					pick = child;
				}
			}
			if (pick < 0)
				break;
			carc_game_apply(scratch, t->nodes[pick].move);
			path[depth++] = pick;
			node = pick;
		}
		if (playout(scratch, moves, rng) < 0)
			return CARC_MOVE_NONE;
		rewards(scratch, n_players, r);
		for (int d = 1; d < depth; d++) {
			struct node *nd = &t->nodes[path[d]];
			nd->visits++;
			nd->reward += r[nd->player];
		}
	}
	for (int child = t->nodes[0].first_child; child >= 0;
	     child = t->nodes[child].next_sibling)
		if (t->nodes[child].visits > best_visits) {
			best_visits = t->nodes[child].visits;
			best = t->nodes[child].move;
		}
	return best;
}

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

int
main(int argc, char **argv)
{
	long games = 20, playouts = 1000, players = 2, seed = 1;
	int all = 0, quiet = 0, wins = 0, rc = 0;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct carc_game *scratch = NULL;
	struct tree t = { 0 };
	carc_move_t *moves = NULL;
	double shared = 0;

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
		if (strcmp(argv[i], "--games") == 0) {
			dst = &games;
			max = 100000;
		} else if (strcmp(argv[i], "--playouts") == 0) {
			dst = &playouts;
			max = 10000000;
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
			fprintf(stderr, "usage: %s [--games N] [--playouts N] "
					"[--seed S] [--players N] [--all] "
					"[--quiet]\n", argv[0]);
			return 2;
		}
	}

	t.cap = (int)playouts + 1;
	t.nodes = calloc((size_t)t.cap, sizeof(*t.nodes));
	moves = calloc(MAX_MOVES, sizeof(*moves));
	if (!t.nodes || !moves || carc_rules_builder_new(&b) < 0) {
		fprintf(stderr, "out of memory\n");
		rc = 2;
		goto out;
	}
	if (all) {
		carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
		carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
		carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
	}
	if (carc_rules_builder_build(b, &rules) < 0 ||
	    carc_game_new(rules, (uint32_t)players, 0, &scratch) < 0) {
		fprintf(stderr, "cannot create the game\n");
		rc = 2;
		goto out;
	}

	for (long gi = 0; gi < games; gi++) {
		struct carc_game *g;
		uint64_t rng = (uint64_t)seed * 1000003u + (uint64_t)gi;
		double r[6];

		if (carc_game_new(rules, (uint32_t)players, rng, &g) < 0) {
			rc = 2;
			goto out;
		}
		while (!carc_game_is_over(g)) {
			carc_move_t m;

			if (carc_game_current_player(g) == 0) {
				m = search(g, (int)playouts, &rng, scratch, &t,
					   moves);
			} else {
				int n = carc_game_legal_moves(g, moves,
							      MAX_MOVES);
				m = n > 0 ? moves[below(&rng, (uint32_t)n)]
					  : CARC_MOVE_NONE;
			}
			if (m == CARC_MOVE_NONE || carc_game_apply(g, m) < 0) {
				fprintf(stderr, "game %ld: no move\n", gi);
				carc_game_free(g);
				rc = 2;
				goto out;
			}
		}
		rewards(g, (int)players, r);
		wins += r[0] == 1.0;
		shared += r[0] > 0 && r[0] < 1.0;
		if (!quiet) {
			printf("game %ld:", gi + 1);
			for (long p = 0; p < players; p++)
				printf(" %d", carc_game_score(g, (uint32_t)p));
			printf("%s\n", r[0] == 1.0 ? "  (mcts wins)" : "");
		}
		carc_game_free(g);
	}
	printf("mcts won %d of %ld games (%.1f%%), shared %d, at %ld "
	       "playouts per move\n", wins, games, 100.0 * wins / games,
	       (int)shared, playouts);
	rc = wins * 10 >= games * 9 ? 0 : 1;
out:
	carc_game_free(scratch);
	carc_rules_unref(rules);
	carc_rules_builder_free(b);
	free(t.nodes);
	free(moves);
	return rc;
}
