/* SPDX-License-Identifier: CC0-1.0 */
/*
 * mcts-search: an information-set Monte Carlo tree search for
 * libcarcassonne, using only the public API.  Used by examples/mcts.c and
 * by `carcassonne play --bot mcts`.
 *
 * The search is "single observer" ISMCTS: every iteration copies the real
 * game, reshuffles the tiles still in the stack (the draws nobody has
 * seen) with carc_game_shuffle_stack(), and walks one tree whose edges are
 * moves.  Because different reshuffles draw different tiles, a node's
 * children are not all legal in every iteration; UCB1 then counts, for
 * each child, the iterations in which it was available instead of the
 * parent's visits.  Leaves are finished with random playouts and every
 * player is rewarded 1 for a win, 1/2 for a shared win, 0 otherwise,
 * credited to the player who chose each move.
 *
 * Free to copy; see COPYING in this directory.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "mcts-search.h"

/* The move buffer starts at the most moves of a base-game position
 * (carcassonne.h: 8 n + 8 placements for n tiles on the board) and grows
 * when carc_game_legal_moves() reports more, as on a long custom stack. */
#define FIRST_MOVES 584

struct node {
	carc_move_t move;	/* the move that leads here */
	int player;		/* who chose it */
	uint32_t visits, avail;
	double reward;
	int first_child, next_sibling;
};

struct mcts {
	struct node *nodes;
	int n, cap;
	int playouts;
	struct carc_game *scratch;
	carc_move_t *moves;
	size_t moves_cap;
};

uint64_t
mcts_random(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

uint32_t
mcts_below(uint64_t *s, uint32_t n)
{
	return (uint32_t)((mcts_random(s) >> 32) * n >> 32);
}

static int
new_node(struct mcts *t, carc_move_t move, int player)
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
void
mcts_rewards(const struct carc_game *g, int n_players, double *out)
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

/* Every legal move of @g into t->moves, grown to fit: the count, or a
 * negative error (CARC_E_NOMEM when the buffer cannot grow). */
static int
list_moves(struct mcts *t, const struct carc_game *g)
{
	int n = carc_game_legal_moves(g, t->moves, t->moves_cap);

	if (n > 0 && (size_t)n > t->moves_cap) {
		carc_move_t *grown = realloc(t->moves,
					     (size_t)n * sizeof(*grown));

		if (!grown)
			return CARC_E_NOMEM;
		t->moves = grown;
		t->moves_cap = (size_t)n;
		n = carc_game_legal_moves(g, t->moves, t->moves_cap);
	}
	return n;
}

static int
playout(struct mcts *t, struct carc_game *g, uint64_t *rng)
{
	while (!carc_game_is_over(g)) {
		int n = list_moves(t, g);
		int rc;

		if (n <= 0)
			return n < 0 ? n : CARC_E_INVALID;
		rc = carc_game_apply(g,
				     t->moves[mcts_below(rng, (uint32_t)n)]);
		if (rc < 0)
			return rc;
	}
	return 0;
}

carc_move_t
mcts_choose(struct mcts *t, const struct carc_game *root, uint64_t *rng)
{
	struct carc_game *scratch = t->scratch;
	carc_move_t *moves = t->moves;
	int playouts = t->playouts;
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
		    carc_game_shuffle_stack(scratch, mcts_random(rng)) < 0)
			return CARC_MOVE_NONE;
		path[depth++] = 0;
		/* selection and expansion */
		while (!carc_game_is_over(scratch) && depth < 1024) {
			int n = list_moves(t, scratch);
			int player = carc_game_current_player(scratch);
			int child, pick = -1, untried = 0;
			double best_ucb = -1.0;

			if (n <= 0)
				return CARC_MOVE_NONE;
			moves = t->moves;
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
				carc_move_t m = moves[mcts_below(rng,
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
		if (playout(t, scratch, rng) < 0)
			return CARC_MOVE_NONE;
		mcts_rewards(scratch, n_players, r);
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


struct mcts *
mcts_new(const struct carc_game *like, int playouts)
{
	struct mcts *t = calloc(1, sizeof(*t));

	if (!t || playouts < 1)
		goto fail;
	t->playouts = playouts;
	t->cap = playouts + 1;
	t->nodes = calloc((size_t)t->cap, sizeof(*t->nodes));
	t->moves_cap = FIRST_MOVES;
	t->moves = calloc(t->moves_cap, sizeof(*t->moves));
	if (!t->nodes || !t->moves || carc_game_clone(like, &t->scratch) < 0)
		goto fail;
	return t;
fail:
	mcts_free(t);
	return NULL;
}

void
mcts_free(struct mcts *t)
{
	if (!t)
		return;
	carc_game_free(t->scratch);
	free(t->nodes);
	free(t->moves);
	free(t);
}
