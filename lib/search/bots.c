/* SPDX-License-Identifier: MIT */
/*
 * carc_bot_choose(): the built-in bots.  Random and greedy are here, the
 * tree search in mcts.c.  Public API only.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "search-private.h"

static const char *const kind_names[] = {
	[CARC_BOT_RANDOM] = "random",
	[CARC_BOT_GREEDY] = "greedy",
	[CARC_BOT_MCTS] = "mcts",
	[CARC_BOT_STAR25] = "star2.5",
	[CARC_BOT_MCTS_RAVE] = "mcts-rave",
};

#define N_KINDS (sizeof(kind_names) / sizeof(kind_names[0]))

CARC_EXPORT const char *
carc_bot_kind_name(uint32_t kind)
{
	return kind < N_KINDS ? kind_names[kind] : NULL;
}

CARC_EXPORT int
carc_bot_kind_from_name(const char *name)
{
	if (!name)
		return CARC_E_INVALID;
	for (uint32_t k = 1; k < N_KINDS; k++)
		if (strcmp(name, kind_names[k]) == 0)
			return (int)k;
	return CARC_E_INVALID;
}

/* Own score minus the best opponent's. */
static int
margin(const struct carc_game *g, uint32_t player, int n_players)
{
	int best = -1000000;

	for (int p = 0; p < n_players; p++)
		if ((uint32_t)p != player &&
		    carc_game_score(g, (uint32_t)p) > best)
			best = carc_game_score(g, (uint32_t)p);
	return carc_game_score(g, player) - best;
}

/* The end of the turn of @p me: the phase returns to a tile placement,
 * another player is to move (a crop-circle response), or the game is
 * over. */
#define turn_over srch_turn_over

/* Decisions of one turn: place, deploy, phantom, crop choice. */
#define GREEDY_DEPTH SRCH_TURN_MAX

struct greedy {
	uint32_t me;
	int players;
	int deploy_bonus;	/* supply > 2 at the start of the turn */
	int err;		/* the first error (CARC_E_*), else 0 */
	struct carc_game *level[GREEDY_DEPTH];
	struct srch_moves moves[GREEDY_DEPTH];
};

/*
 * The value of position g, in which @p me has the decision number
 * @p depth of his turn: the best over his moves of the value they lead
 * to, or, once the turn is over, 4 * (own score - best opponent's) plus
 * 3 for each follower deployed on the way (@p deployed).  An error
 * (no memory) is kept in s->err, and the value returned is then 0.
 */
static int
greedy_value(struct greedy *s, const struct carc_game *g, int depth,
	     int deployed)
{
	struct srch_moves *m;
	int n, best = INT_MIN;

	if (turn_over(g, s->me) || depth >= GREEDY_DEPTH)
		return 4 * margin(g, s->me, s->players) +
		       (s->deploy_bonus ? 3 * deployed : 0);
	if (!s->level[depth]) {
		int rc = carc_game_clone(g, &s->level[depth]);

		if (rc < 0) {
			s->err = rc;
			return 0;
		}
	}
	m = &s->moves[depth];
	n = carc__srch_list_moves(m, g);
	if (n < 0) {
		s->err = n;
		return 0;
	}
	for (int i = 0; i < n; i++) {
		struct carc_game *next = s->level[depth];
		int v, rc;

		/* the moves are legal: a failure is an error (no memory),
		 * never a move to leave out */
		rc = carc_game_copy(next, g);
		if (rc >= 0)
			rc = carc_game_apply(next, m->v[i]);
		if (rc < 0) {
			s->err = rc;
			return 0;
		}
		v = greedy_value(s, next, depth + 1,
				 deployed + (carc_move_kind(m->v[i]) ==
					     CARC_MOVE_DEPLOY));
		if (s->err)
			return 0;
		if (v > best)
			best = v;
	}
	/* n >= 1: the turn is not over, so neither is the game */
	return best;
}

/*
 * The greedy bot plays one turn ahead: every legal move is valued by the
 * best way to finish the player's turn after it (the deployment, the
 * phantom, a crop-circle choice), each sequence measured once the turn
 * is over, forced scoring included, as 4 * (own score - best opponent's
 * score), plus 3 for each follower deployed when more than two were in
 * the supply at the start of the turn, so the bot does claim features
 * instead of always passing.  A placement thus counts the points of the
 * features it completes that the player holds or can take at once.  The
 * best value wins; ties go to a random one of the tied moves (reservoir
 * sampling from the seed).
 */
static int
choose_greedy(const struct carc_game *game, const carc_move_t *moves, int n,
	      uint64_t seed, carc_move_t *out)
{
	struct greedy s;
	int best = INT_MIN, n_best = 0, rc = CARC_OK;
	carc_move_t choice = moves[0];
	struct carc_game *scratch;

	memset(&s, 0, sizeof(s));
	s.me = (uint32_t)carc_game_current_player(game);
	s.players = carc_game_player_count(game);
	s.deploy_bonus = carc_game_supply(game, s.me,
					  CARC_FIGURE_FOLLOWER) > 2;
	for (int d = 0; d < GREEDY_DEPTH; d++)
		s.moves[d].heap = 1;
	rc = carc_game_clone(game, &scratch);
	if (rc < 0)
		return rc;
	for (int i = 0; i < n; i++) {
		int v;

		rc = carc_game_copy(scratch, game);
		if (rc >= 0)
			rc = carc_game_apply(scratch, moves[i]);
		if (rc < 0)
			break;
		rc = CARC_OK;
		v = greedy_value(&s, scratch, 1,
				 carc_move_kind(moves[i]) == CARC_MOVE_DEPLOY);
		if (s.err) {
			rc = s.err;
			break;
		}
		if (v > best) {
			best = v;
			n_best = 0;
		}
		if (v == best && srch_random(&seed) % (uint64_t)++n_best == 0)
			choice = moves[i];
	}
	carc_game_free(scratch);
	for (int d = 0; d < GREEDY_DEPTH; d++) {
		carc_game_free(s.level[d]);
		free(s.moves[d].v);
	}
	if (rc < 0)
		return rc;
	*out = choice;
	return CARC_OK;
}

CARC_EXPORT int
carc_bot_choose(const struct carc_game *game,
		const struct carc_bot_options *opts, carc_move_t *move_out,
		struct carc_bot_stats *stats)
{
	struct carc_bot_options o;
	struct carc_bot_stats st;
	struct srch_moves m = { NULL, 0, 1 };
	uint64_t start = carc__srch_now_us();
	carc_move_t move = CARC_MOVE_NONE;
	int n, rc;

	if (!game || !move_out)
		return CARC_E_INVALID;
	int cpu;

	memset(&o, 0, sizeof(o));
	if (opts) {
		/* 0.4's struct ended with the seed: its callers get the
		 * defaults of the members added since */
		size_t old_size = offsetof(struct carc_bot_options, rave_bias);

		if (opts->size != sizeof(*opts) && opts->size != old_size)
			return CARC_E_INVALID;
		memcpy(&o, opts, opts->size);
	}
	o.size = sizeof(o);
	if (stats && stats->size != sizeof(*stats))
		return CARC_E_INVALID;
	if (o.kind == 0)
		o.kind = CARC_BOT_MCTS;
	if (o.kind >= N_KINDS || o.threads > CARC_BOT_MAX_THREADS ||
	    o.time_ms >= 2u * (uint32_t)CARC_BOT_CPU_TIME ||
	    o.reward > CARC_BOT_REWARD_MARGIN ||
	    o.probing > CARC_BOT_MAX_PROBING || o.depth > CARC_BOT_MAX_DEPTH)
		return CARC_E_INVALID;
	cpu = (o.time_ms & (uint32_t)CARC_BOT_CPU_TIME) != 0;
	o.time_ms &= ~(uint32_t)CARC_BOT_CPU_TIME;
	if (o.threads == 0)
		o.threads = 1;
	if (o.playouts == 0 && o.time_ms == 0)
		o.playouts = o.kind == CARC_BOT_STAR25
				     ? CARC_BOT_DEFAULT_EVALUATIONS
				     : CARC_BOT_DEFAULT_PLAYOUTS;
	if (o.reward == 0)
		o.reward = CARC_BOT_REWARD_MARGIN;
	if (o.exploration == 0)
		o.exploration = o.reward == CARC_BOT_REWARD_MARGIN ? 8485 : 600;
	if (o.rave_bias == 0)
		o.rave_bias = 10000;
	if (o.probing == 0)
		o.probing = 5;
	if (o.depth == 0)
		o.depth = CARC_BOT_MAX_DEPTH;
	rc = carc_game_is_over(game);
	if (rc != 0)
		return rc < 0 ? rc : CARC_E_GAME_OVER;

	memset(&st, 0, sizeof(st));
	st.size = sizeof(st);
	st.threads = 1;
	st.value = -1;
	n = carc__srch_list_moves(&m, game);
	if (n <= 0) {
		rc = n < 0 ? n : CARC_E_GAME_OVER;
		goto out;
	}
	st.moves = (uint32_t)n;
	if (n == 1) {
		move = m.v[0];
	} else if (o.kind == CARC_BOT_RANDOM) {
		/* the first output of the generator seeded with the seed */
		uint64_t s = o.seed;

		move = m.v[srch_random(&s) % (uint64_t)n];
	} else if (o.kind == CARC_BOT_GREEDY) {
		rc = choose_greedy(game, m.v, n, o.seed, &move);
	} else if (o.kind == CARC_BOT_STAR25) {
		rc = carc__srch_star_choose(game, &o, cpu, &move, &st);
	} else {
		rc = carc__srch_mcts_choose(game, &o, cpu, &move, &st);
	}
	if (rc < 0)
		goto out;
	st.elapsed_us = carc__srch_now_us() - start;
	*move_out = move;
	if (stats)
		*stats = st;
	rc = CARC_OK;
out:
	free(m.v);
	return rc;
}
