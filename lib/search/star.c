/* SPDX-License-Identifier: MIT */
/*
 * The Star2.5 bot of carc_bot_choose(): expectimax with Ballard's
 * *-minimax pruning and probing, as Heyden's thesis applied it to
 * Carcassonne ("Implementing a computer player for Carcassonne",
 * Maastricht 2009) and Ameneyro, Galván and Kuri Morales took it up as
 * their reference player (2020).  Public API only;
 * doc/bindings/bots.md describes it and its parameters.
 *
 * The tree: a move of a player is his whole turn (the placement and what
 * follows it: deployment, phantom, building, crop-circle choice), so a
 * max node (the bot's turn) or a min node (any other player's: the
 * paranoid reading for more than two players) lists every way to finish
 * the turn.  After a turn the next tile is drawn: a chance node with one
 * outcome per tile type left, of probability its count over the tiles
 * left.  The depth counts turns; at depth 0 a position is worth the
 * heuristic, the difference of virtual scores (see eval()).
 *
 * Pruning: a min or max node is an alpha-beta node; a chance node is
 * searched in two phases.  Probing (Star2) searches, for each outcome in
 * order of probability, only the first few moves of the node after it
 * (the probing factor, carc_bot_options.probing, 5 unless given; 1 is
 * Star2, more is Star2.5), which bounds that
 * node from one side (a lower bound under a max node, an upper bound
 * under a min node) and can prove that the chance node is outside the
 * window.  Otherwise Star1 searches every outcome in full, with windows
 * narrowed by the bounds of the outcomes not yet searched (the probed
 * bounds, or the heuristic's limits).  Moves are ordered by the
 * heuristic of the position after them, best first for the player to
 * move, ties in an order drawn from the seed.
 *
 * The budget (positions evaluated, or time) is spent by iterative
 * deepening: depth 1, 2, ... turns (up to carc_bot_options.depth, 8
 * unless given), the root's best move from the previous depth searched
 * first; a search cut by the budget is thrown away and the move of the
 * last complete depth is played.
 *
 * The stack's hidden order is never read: the outcomes of a chance node
 * come from the counts of tiles left, set with carc_game_set_next_tile()
 * on a copy whose stack was put in canonical order first.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "search-private.h"

/* Heuristic values are clamped to [-LIMIT, LIMIT] points: the bounds
 * *-minimax needs at chance nodes. */
#define LIMIT 200.0

/* Deepest iterative-deepening depth, in turns (carc_bot_options.depth
 * is at most this). */
#define MAX_TURNS CARC_BOT_MAX_DEPTH

/* Nested calls: a max/min level and a chance level per turn. */
#define MAX_LEVELS (2 * MAX_TURNS + 4)

/* Check the clock every this many evaluations. */
#define CLOCK_EVERY 16

/* Traders & Builders: the points of a goods majority at the end, and
 * the share of an open city's goods the heuristic gives each player
 * holding its majority (see goods_majorities()). */
#define GOODS_MAJORITY 10.0
#define GOODS_PENDING 0.5

/* A way to finish a turn: its decisions and the heuristic after it. */
struct turn {
	carc_move_t seq[SRCH_TURN_MAX];
	double h;
	uint64_t key;		/* tie order, from the seed */
	int len;
	int over;		/* the game is over after it */
	int chance;		/* a tile is drawn after it */
};

struct level {
	struct carc_game *step[SRCH_TURN_MAX];	/* the turn's enumeration */
	struct carc_game *child;	/* a position after a turn */
	struct carc_game *outcome;	/* a chance outcome */
	struct turn *turns;
	size_t n_turns, cap_turns;
	struct srch_moves moves[SRCH_TURN_MAX];
	carc_move_t seq[SRCH_TURN_MAX];
};

struct star {
	uint32_t me;
	int players;
	uint64_t evals, budget;	/* budget 0: none */
	struct srch_clock clock;
	uint64_t rng;
	int probing;		/* moves probed after a chance node */
	int goods;		/* Traders & Builders: count the goods */
	int stop;		/* the budget ran out */
	int whole;		/* list the root's turns whatever the budget */
	int err;		/* a CARC_E_* error, else 0 */
	struct level lv[MAX_LEVELS];
};

/* A game in *slot: cloned from g the first time, else copied. */
static int
reuse(struct carc_game **slot, const struct carc_game *g)
{
	if (!*slot)
		return carc_game_clone(g, slot);
	return carc_game_copy(*slot, g);
}

/*
 * The goods of an open city (Traders & Builders) whose feature holds a
 * figure, for its majority: GOODS_PENDING of each of its tokens to every
 * player who holds the city's majority now.  Its tokens go to whoever
 * completes it, most often a player who holds it, but not surely (any
 * player may place the closing tile, and the city may stay open, whose
 * goods then go to nobody), so they count half: a token held beats a
 * token to come, and completing one's city to take its goods is worth
 * something, as is completing another's.
 */
static void
pending_goods(const struct carc_game *g, int32_t x, int32_t y,
	      uint32_t feature, int players, double tokens[][3])
{
	int32_t n[3], scorers;

	for (uint32_t k = 0; k < 3; k++)
		if (carc_game_feature_get(g, x, y, feature,
					  CARC_FEATURE_ATTR_WINE + k,
					  &n[k]) < 0)
			return;
	if (n[0] + n[1] + n[2] == 0 ||
	    carc_game_feature_get(g, x, y, feature, CARC_FEATURE_ATTR_SCORERS,
				  &scorers) < 0)
		return;
	for (int p = 0; p < players; p++)
		if (scorers >> p & 1)
			for (int k = 0; k < 3; k++)
				tokens[p][k] += GOODS_PENDING * n[k];
}

/* The goods majorities as the final scoring counts them
 * (doc/users/rules.md#traders-goods-final): GOODS_MAJORITY to each
 * player with the most tokens of a kind, ties all; here the tokens held
 * plus the pending ones (multiples of a half: the comparisons are
 * exact). */
static void
goods_majorities(int players, double tokens[][3], double *v)
{
	for (int k = 0; k < 3; k++) {
		double best = 0;

		for (int p = 0; p < players; p++)
			if (tokens[p][k] > best)
				best = tokens[p][k];
		if (best > 0)
			for (int p = 0; p < players; p++)
				if (tokens[p][k] == best)
					v[p] += GOODS_MAJORITY;
	}
}

/* A player's virtual score: his score plus what the features his figures
 * stand on would give him if the game ended now (incomplete roads,
 * cities and monasteries, farms, Little Buildings points) and, with
 * @goods (Traders & Builders), the goods majorities of the tokens held
 * and to come (goods_majorities()).  Followers, phantoms and large
 * followers hold features; a builder or a pig stands only where its
 * owner's follower does. */
static void
virtual_scores(const struct carc_game *g, int players, int goods, double *v)
{
	int32_t ids[128];
	int n_ids = 0, n = carc_game_figure_count(g);
	double tokens[6][3];

	for (int p = 0; p < players; p++)
		v[p] = carc_game_score(g, (uint32_t)p);
	if (carc_game_is_over(g))
		return;	/* the final scoring is done */
	if (goods)
		for (int p = 0; p < players; p++)
			for (uint32_t k = 0; k < 3; k++)
				tokens[p][k] = carc_game_goods(
					g, (uint32_t)p, CARC_GOODS_WINE + k);
	for (int i = 0; i < n; i++) {
		uint32_t figure, feature;
		int32_t x, y, id, pts;
		int seen = 0;

		if (carc_game_figure_at(g, (uint32_t)i, NULL, &figure, &x, &y,
					&feature) < 0 ||
		    (figure != CARC_FIGURE_FOLLOWER &&
		     figure != CARC_FIGURE_PHANTOM &&
		     figure != CARC_FIGURE_LARGE_FOLLOWER) ||
		    carc_game_feature_get(g, x, y, feature, CARC_FEATURE_ATTR_ID,
					  &id) < 0)
			continue;
		for (int k = 0; k < n_ids; k++)
			seen |= ids[k] == id;
		if (seen)
			continue;
		if (n_ids < (int)(sizeof(ids) / sizeof(ids[0])))
			ids[n_ids++] = id;
		for (int p = 0; p < players; p++) {
			if (carc_game_feature_get(g, x, y, feature,
						  CARC_FEATURE_ATTR_POINTS +
							  (uint32_t)p,
						  &pts) == 0)
				v[p] += pts;
			if (carc_game_feature_get(g, x, y, feature,
						  CARC_FEATURE_ATTR_BUILDING_POINTS +
							  (uint32_t)p,
						  &pts) == 0)
				v[p] += pts;
		}
		if (goods)
			pending_goods(g, x, y, feature, players, tokens);
	}
	if (goods)
		goods_majorities(players, tokens, v);
}

/*
 * The heuristic: the bot's virtual score minus the best other player's,
 * clamped to [-LIMIT, LIMIT].  Counts against the budget.
 */
static double
eval(struct star *s, const struct carc_game *g)
{
	double v[6], best = -1e9, x;

	if (++s->evals % CLOCK_EVERY == 0 && srch_clock_expired(&s->clock))
		s->stop = 1;
	if (s->budget && s->evals >= s->budget)
		s->stop = 1;
	virtual_scores(g, s->players, s->goods, v);
	for (int p = 0; p < s->players; p++)
		if ((uint32_t)p != s->me && v[p] > best)
			best = v[p];
	x = v[s->me] - best;
	return x > LIMIT ? LIMIT : x < -LIMIT ? -LIMIT : x;
}

static int
add_turn(struct star *s, struct level *lv, const struct carc_game *g, int len)
{
	struct turn *t;

	if (lv->n_turns == lv->cap_turns) {
		size_t cap = lv->cap_turns ? 2 * lv->cap_turns : 256;
		struct turn *grown = realloc(lv->turns, cap * sizeof(*grown));

		if (!grown)
			return CARC_E_NOMEM;
		lv->turns = grown;
		lv->cap_turns = cap;
	}
	t = &lv->turns[lv->n_turns++];
	memcpy(t->seq, lv->seq, (size_t)len * sizeof(t->seq[0]));
	t->len = len;
	t->over = carc_game_is_over(g) != 0;
	t->chance = !t->over && carc_game_phase(g) == CARC_PHASE_PLACE_TILE;
	t->h = eval(s, g);
	t->key = srch_random(&s->rng);
	return CARC_OK;
}

/* Every way for the player to move in g (who) to finish his turn, into
 * lv->turns: depth-first over his decisions. */
static int
enumerate(struct star *s, struct level *lv, const struct carc_game *g,
	  uint32_t who, int k)
{
	struct srch_moves *m = &lv->moves[k];
	int n = carc__srch_list_moves(m, g);

	if (n < 0)
		return n;
	for (int i = 0; i < n && (!s->stop || s->whole); i++) {
		int rc = reuse(&lv->step[k], g);

		if (rc >= 0)
			rc = carc_game_apply(lv->step[k], m->v[i]);
		if (rc < 0)
			return rc;
		lv->seq[k] = m->v[i];
		if (k + 1 >= SRCH_TURN_MAX || srch_turn_over(lv->step[k], who))
			rc = add_turn(s, lv, lv->step[k], k + 1);
		else
			rc = enumerate(s, lv, lv->step[k], who, k + 1);
		if (rc < 0)
			return rc;
	}
	return CARC_OK;
}

static int
by_value_desc(const void *a, const void *b)
{
	const struct turn *x = a, *y = b;

	if (x->h != y->h)
		return x->h > y->h ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

static int
by_value_asc(const void *a, const void *b)
{
	const struct turn *x = a, *y = b;

	if (x->h != y->h)
		return x->h < y->h ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* The turns of the player to move in g at level L, best first for him. */
static int
list_turns(struct star *s, int L, const struct carc_game *g)
{
	struct level *lv = &s->lv[L];
	uint32_t who = (uint32_t)carc_game_current_player(g);
	int rc;

	lv->n_turns = 0;
	rc = enumerate(s, lv, g, who, 0);
	if (rc < 0)
		return rc;
	/* (no turns: the list may not be allocated, and qsort() takes no
	 * NULL even for none) */
	if (lv->n_turns > 1)
		qsort(lv->turns, lv->n_turns, sizeof(*lv->turns),
		      who == s->me ? by_value_desc : by_value_asc);
	return CARC_OK;
}

static double search(struct star *s, int L, const struct carc_game *g,
		     int depth, double alpha, double beta, int limit);

/* g after one turn: a chance node (the tile to draw). */
static double
chance(struct star *s, int L, const struct carc_game *g, int depth,
       double alpha, double beta)
{
	struct level *lv = &s->lv[L];
	uint32_t tiles[CARC_TILE_TYPES], count[CARC_TILE_TYPES];
	double p[CARC_TILE_TYPES], bound[CARC_TILE_TYPES];
	int n = 0, total;
	int succ_max = (uint32_t)carc_game_current_player(g) == s->me;
	double x, rest_p;

	/* depth >= 1 (turn_value() goes deeper only from depth 2), and
	 * n >= 1: after a turn that leaves the game going, a tile is in
	 * hand, drawn from the tiles carc_game_draw_counts() counts */
	total = carc_game_draw_counts(g, count, CARC_TILE_TYPES);
	if (total < 0) {
		s->err = total;
		return 0;
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		if (count[t] > 0) {
			tiles[n] = t;
			p[n++] = count[t];
		}
	}
	/* by probability, the most likely first (stable by tile type) */
	for (int i = 1; i < n; i++)
		for (int j = i; j > 0 && p[j] > p[j - 1]; j--) {
			double tp = p[j];
			uint32_t tt = tiles[j];

			p[j] = p[j - 1];
			tiles[j] = tiles[j - 1];
			p[j - 1] = tp;
			tiles[j - 1] = tt;
		}
	for (int i = 0; i < n; i++) {
		p[i] /= total;
		bound[i] = succ_max ? -LIMIT : LIMIT;
	}

	/* probing: the first moves of each outcome bound it from one side;
	 * one turn from the horizon the list of the outcome's turns, sorted
	 * by the heuristic, gives its exact value at once: no probes */
	x = 0;
	rest_p = 1;
	for (int i = 0; i < n && depth > 1; i++) {
		double v, target;
		int rc;

		rest_p -= p[i];
		rc = reuse(&lv->outcome, g);
		if (rc >= 0)
			rc = carc_game_set_next_tile(lv->outcome, tiles[i]);
		if (rc < 0) {
			s->err = rc;
			return 0;
		}
		if (succ_max) {
			/* lower bounds: can the node reach beta? */
			target = (beta - x - -LIMIT * rest_p) / p[i];
			v = search(s, L + 1, lv->outcome, depth, -LIMIT,
				   target < LIMIT ? target : LIMIT,
				   s->probing);
			if (s->stop || s->err)
				return 0;
			if (v >= target)
				return beta;
		} else {
			/* upper bounds: can it fall to alpha? */
			target = (alpha - x - LIMIT * rest_p) / p[i];
			v = search(s, L + 1, lv->outcome, depth,
				   target > -LIMIT ? target : -LIMIT, LIMIT,
				   s->probing);
			if (s->stop || s->err)
				return 0;
			if (v <= target)
				return alpha;
		}
		bound[i] = v;
		x += p[i] * v;
	}

	/* Star1: every outcome in full, windows narrowed by the bounds of
	 * the outcomes after it */
	x = 0;
	for (int i = 0; i < n; i++) {
		double lo_rest = 0, hi_rest = 0, a, b, v;
		int rc;

		for (int j = i + 1; j < n; j++) {
			lo_rest += p[j] * (succ_max ? bound[j] : -LIMIT);
			hi_rest += p[j] * (succ_max ? LIMIT : bound[j]);
		}
		a = (alpha - x - hi_rest) / p[i];
		b = (beta - x - lo_rest) / p[i];
		rc = reuse(&lv->outcome, g);
		if (rc >= 0)
			rc = carc_game_set_next_tile(lv->outcome, tiles[i]);
		if (rc < 0) {
			s->err = rc;
			return 0;
		}
		v = search(s, L + 1, lv->outcome, depth,
			   a > -LIMIT ? a : -LIMIT, b < LIMIT ? b : LIMIT, 0);
		if (s->stop || s->err)
			return 0;
		if (v >= b)
			return beta;
		if (v <= a)
			return alpha;
		x += p[i] * v;
	}
	return x;
}

/* The value of turn t of level L's list, from g, with depth turns. */
static double
turn_value(struct star *s, int L, const struct carc_game *g,
	   const struct turn *t, int depth, double alpha, double beta)
{
	struct level *lv = &s->lv[L];
	int rc;

	if (depth <= 1 || t->over)
		return t->h;
	rc = reuse(&lv->child, g);
	for (int k = 0; rc >= 0 && k < t->len; k++)
		rc = carc_game_apply(lv->child, t->seq[k]);
	if (rc < 0) {
		s->err = rc;
		return 0;
	}
	if (t->chance)
		return chance(s, L + 1, lv->child, depth - 1, alpha, beta);
	return search(s, L + 1, lv->child, depth - 1, alpha, beta, 0);
}

/*
 * The value of g, where a player is to move, searched depth turns deep
 * in the window (alpha, beta), fail-hard: alpha when the value is at
 * most alpha, beta when at least beta.  limit > 0 looks at only the
 * first limit moves (the probes of Star2.5).
 */
static double
search(struct star *s, int L, const struct carc_game *g, int depth,
       double alpha, double beta, int limit)
{
	struct level *lv;
	int maxing, rc;
	size_t n;

	/* depth >= 1 and g not over: turn_value() searches only after a
	 * turn that leaves the game going, from depth 2, and chance() passes
	 * on its own depth, at least 1.  L < MAX_LEVELS: a turn takes at
	 * most two levels (its own and a chance node's), and a search at
	 * depth >= 1 is at most MAX_TURNS - 1 turns below the root. */
	lv = &s->lv[L];
	maxing = (uint32_t)carc_game_current_player(g) == s->me;
	rc = list_turns(s, L, g);
	if (rc < 0) {
		s->err = rc;
		return 0;
	}
	if (s->stop)
		return 0;
	n = lv->n_turns;
	if (limit > 0 && n > (size_t)limit)
		n = (size_t)limit;
	for (size_t i = 0; i < n; i++) {
		/* the list may move: deeper levels have their own */
		struct turn t = lv->turns[i];
		double v = turn_value(s, L, g, &t, depth, alpha, beta);

		if (s->stop || s->err)
			return 0;
		if (maxing && v > alpha)
			alpha = v;
		if (!maxing && v < beta)
			beta = v;
		if (alpha >= beta)
			return maxing ? beta : alpha;
	}
	return maxing ? alpha : beta;
}

/* The root at depth turns: the index of the best turn of level 0's list
 * (searched in its order), or -1 when the budget ran out before the first
 * turn (the previous depth's best) was searched: a later turn that beat
 * it is better at this depth, so a search cut short still counts. */
static int
root(struct star *s, const struct carc_game *g, int depth)
{
	struct level *lv = &s->lv[0];
	double best = -LIMIT - 1;
	int choice = -1;

	for (size_t i = 0; i < lv->n_turns; i++) {
		struct turn t = lv->turns[i];
		double v = turn_value(s, 0, g, &t, depth,
				      best > -LIMIT ? best : -LIMIT, LIMIT);

		if (s->stop || s->err)
			return s->err ? -1 : choice;
		if (choice < 0 || v > best) {
			best = v;
			choice = (int)i;
		}
		if (best >= LIMIT)
			break;
	}
	return choice;
}

int
carc__srch_star_choose(const struct carc_game *game,
		       const struct carc_bot_options *o, int cpu,
		       carc_move_t *move_out, struct carc_bot_stats *st)
{
	struct star *s = calloc(1, sizeof(*s));
	struct carc_game *canon = NULL;
	int rc, done = 0, left;

	if (!s)
		return CARC_E_NOMEM;
	s->me = (uint32_t)carc_game_current_player(game);
	s->players = carc_game_player_count(game);
	{
		int32_t tb = 0;

		if (carc_rules_get(carc_game_rules(game),
				   CARC_OPT_TRADERS_BUILDERS, &tb) == 0)
			s->goods = tb != 0;
	}
	s->budget = o->playouts;
	s->rng = o->seed;
	s->probing = (int)o->probing;
	srch_clock_start(&s->clock, cpu, 1000u * (uint64_t)o->time_ms);
	for (int L = 0; L < MAX_LEVELS; L++)
		for (int k = 0; k < SRCH_TURN_MAX; k++)
			s->lv[L].moves[k].heap = 1;
	rc = carc_game_clone(game, &canon);
	if (rc >= 0)
		rc = carc__srch_forget_order(canon);
	s->whole = 1;
	if (rc >= 0)
		rc = list_turns(s, 0, canon);
	s->whole = 0;
	if (rc >= 0 && s->lv[0].n_turns == 0)
		rc = CARC_E_GAME_OVER;
	if (rc < 0)
		goto out;
	/* depth 1 is the turns' own heuristic, always complete */
	*move_out = s->lv[0].turns[0].seq[0];
	done = 1;
	left = carc_game_remaining_total(canon) + 1;
	for (int depth = 2; depth <= (int)o->depth && depth <= left + 1;
	     depth++) {
		int best = root(s, canon, depth);
		struct turn t;

		if (s->err) {
			rc = s->err;
			goto out;
		}
		if (best < 0)
			break;
		*move_out = s->lv[0].turns[best].seq[0];
		if (s->stop)
			break;	/* cut short: its best so far, not a depth */
		done = depth;
		/* the best first at the next depth */
		t = s->lv[0].turns[best];
		memmove(&s->lv[0].turns[1], &s->lv[0].turns[0],
			(size_t)best * sizeof(t));
		s->lv[0].turns[0] = t;
	}
	rc = CARC_OK;
	st->playouts = s->evals;
	st->nodes = (uint32_t)done;
out:
	for (int L = 0; L < MAX_LEVELS; L++) {
		struct level *lv = &s->lv[L];

		for (int k = 0; k < SRCH_TURN_MAX; k++) {
			carc_game_free(lv->step[k]);
			free(lv->moves[k].v);
		}
		carc_game_free(lv->child);
		carc_game_free(lv->outcome);
		free(lv->turns);
	}
	carc_game_free(canon);
	free(s);
	return rc;
}
