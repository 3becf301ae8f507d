/* SPDX-License-Identifier: MIT */
/*
 * Property tests: seeded random games under every rule combination.
 *
 * Game i uses combination i % 960 of the expansions (phantom, Crop
 * Circles I and II, Little Buildings: 16), the farm rule (3), farmers on
 * or off (2), the small-city rule (2) and the player count (2-6: 5);
 * The River, Inns & Cathedrals and Traders & Builders (8) are spread
 * over those so that every 300 games play all 128 combinations of the
 * seven switches.  The eight doc/users/rules.md#ambiguities options
 * (CARC_OPT_LB_*, CARC_OPT_CROP_*), the options of the newer three and
 * the follower count come from a hash of i.
 * CARC_PROPERTY_GAMES sets the
 * number of games (default 300; tests/robust/meson.build runs 300 in
 * 'unit' and 10,000 in 'slow').  At every decision:
 *
 * - every listed move is legal and applies (on a copy);
 * - moves outside the list are refused and leave the hash as it was;
 * - followers, the phantom, the large follower, the builder, the pig and
 *   building tokens are conserved;
 * - goods tokens are conserved: never lost, reported by the events that
 *   give them, and as many of each kind as the completed cities show;
 * - scores never decrease, and each apply raises them by the points of
 *   its events;
 * - every 16th move, carc_game_undo() gives back the earlier hash and
 *   scores.
 *
 * At the end: the stack is empty, and each final score is the sum over
 * every event of the game of CARC_EVENT_POINTS + CARC_EVENT_BUILDING_POINTS.
 *
 * The soak (tools/soak.sh, not run by CI) sets CARC_PROPERTY_SOAK=1, which
 * adds, for game i:
 *
 * - the rule options enumerated rather than hashed: game i uses
 *   combination i % 960 as above and setting (i / 960) % 256 of the eight
 *   ambiguity options, so 245,760 games cover every combination of every
 *   option but the follower count, with every player count;
 * - after every move, the hash recomputed from scratch: a new game from
 *   the same rules and seed replays the history (carc_game_history_at())
 *   and must give the same carc_game_hash() and scores;
 * - every 16th move and at the end, a save/load round trip: the record
 *   loads to the same hash and history, and saves to the same text.
 *
 * CARC_PROPERTY_FIRST sets the index of the first game (default 0), so
 * that a soak can be split or resumed; CARC_PROPERTY_PROGRESS=N prints a
 * line to stderr every N games.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

/*
 * Check's ck_assert_*() record their location on every call (a write()
 * each), too slow for millions of checks: these report only failures.
 */
#define REQUIRE(cond_)                                                     \
	do {                                                               \
		if (!(cond_))                                              \
			ck_abort_msg("%s:%d: %s", __FILE__, __LINE__,      \
				     #cond_);                              \
	} while (0)
#define REQUIRE_CMP(a_, op_, b_)                                           \
	do {                                                               \
		long long a__ = (long long)(a_), b__ = (long long)(b_);    \
		if (!(a__ op_ b__))                                        \
			ck_abort_msg("%s:%d: %s %s %s (%lld, %lld)",       \
				     __FILE__, __LINE__, #a_, #op_, #b_,   \
				     a__, b__);                            \
	} while (0)
#define REQUIRE_OK(expr_)                                                  \
	do {                                                               \
		int rc__ = (expr_);                                        \
		if (rc__ != CARC_OK)                                       \
			ck_abort_msg("%s:%d: %s: %s", __FILE__, __LINE__,  \
				     #expr_, carc_strerror(rc__));         \
	} while (0)

#define COMBINATIONS 960

struct config {
	int32_t opt[CARC_OPT_RIVER_LAKE_TURN + 1];
	uint32_t players;
};

static uint64_t
mix(uint64_t v)
{
	uint64_t s = v;

	return test_rand(&s);
}

static int soak;		/* CARC_PROPERTY_SOAK */

static void
config_of(uint32_t i, struct config *c)
{
	uint32_t k = i % COMBINATIONS;
	uint32_t newer = ((k >> 4) + 3 * (k & 15) + i / COMBINATIONS) % 8;
	uint64_t h = mix(i * 0x9e3779b97f4a7c15ull + 1);

	if (soak)	/* the ambiguity options enumerated, not hashed */
		h = (h & ~(uint64_t)0xff) | (i / COMBINATIONS) % 256;

	memset(c, 0, sizeof(*c));
	c->opt[CARC_OPT_PHANTOM] = k & 1;
	c->opt[CARC_OPT_CROP_CIRCLES_I] = (k >> 1) & 1;
	c->opt[CARC_OPT_CROP_CIRCLES_II] = (k >> 2) & 1;
	c->opt[CARC_OPT_LITTLE_BUILDINGS] = (k >> 3) & 1;
	k >>= 4;				/* 0 .. 59 */
	c->opt[CARC_OPT_FARM_SCORING] = (int32_t)(k % 3);
	k /= 3;					/* 0 .. 19 */
	c->opt[CARC_OPT_FARMERS] = (int32_t)(k % 2);
	k /= 2;					/* 0 .. 9 */
	c->opt[CARC_OPT_SMALL_CITY] = (int32_t)(k % 2);
	k /= 2;					/* 0 .. 4 */
	c->players = 2 + k;

	c->opt[CARC_OPT_LB_SCORING] = (int32_t)(h & 1);
	c->opt[CARC_OPT_LB_DISTRIBUTION] = (int32_t)(h >> 1 & 1);
	c->opt[CARC_OPT_LB_ZERO_FIELD] = (int32_t)(h >> 2 & 1);
	c->opt[CARC_OPT_LB_PER_CITY_FIELDS] = (int32_t)(h >> 3 & 1);
	c->opt[CARC_OPT_CROP_DEPLOY_ANY] = (int32_t)(h >> 4 & 1);
	c->opt[CARC_OPT_CROP_DEPLOY_MANDATORY] = (int32_t)(h >> 5 & 1);
	c->opt[CARC_OPT_CROP_PHANTOM] = (int32_t)(h >> 6 & 1);
	c->opt[CARC_OPT_CROP_AFTER_PHANTOM] = (int32_t)(h >> 7 & 1);
	/* mostly the usual 7 followers, sometimes few (crop circles and
	 * scoring with an empty supply) */
	c->opt[CARC_OPT_FOLLOWERS] = (h >> 8 & 3) == 0 ?
		(int32_t)(1 + (h >> 10) % 15) : 7;
	/* The River, Inns & Cathedrals and Traders & Builders: combination
	 * (m + 3 l + round) % 8 with the older four l and the rest m, so
	 * that every 300 games play all 128 combinations of the seven
	 * switches */
	c->opt[CARC_OPT_RIVER] = (int32_t)(newer & 1);
	c->opt[CARC_OPT_INNS_CATHEDRALS] = (int32_t)(newer >> 1 & 1);
	c->opt[CARC_OPT_TRADERS_BUILDERS] = (int32_t)(newer >> 2 & 1);
	/* each U-turn rule and start tile */
	c->opt[CARC_OPT_RIVER_U_TURN] = (int32_t)(h >> 16 & 3);
	c->opt[CARC_OPT_RIVER_START_TILE] = (int32_t)((h >> 18 & 3) % 3);
	/* and the lake laid by the engine in one river game in two */
	c->opt[CARC_OPT_RIVER_LAKE_TURN] = (int32_t)(h >> 20 & 1);
	/* the options of Traders & Builders, each one way in two games */
	c->opt[CARC_OPT_BUILDER_TURN] = (int32_t)(h >> 21 & 1);
	c->opt[CARC_OPT_PHANTOM_WITH_FIGURE] = (int32_t)(h >> 22 & 1);
	c->opt[CARC_OPT_BUILDER_ON_COMPLETED] = (int32_t)(h >> 23 & 1);
}

struct run {
	struct carc_game *game;
	struct carc_game *scratch;	/* copies for trying moves */
	struct config cfg;
	int32_t score[MAX_PLAYERS];
	int32_t event_sum[MAX_PLAYERS];	/* over the whole game */
	int32_t tokens[MAX_PLAYERS][3];
	int32_t tokens_total[3];
	int32_t goods[MAX_PLAYERS][3];	/* Traders & Builders' tokens */
	int shared;
	struct random_game walk;	/* the harness of test-common.h */
	const carc_move_t *moves;	/* its legal moves now */
	int n;
};

static int
listed(const struct run *r, carc_move_t m)
{
	for (int i = 0; i < r->n; i++)
		if (r->moves[i] == m)
			return 1;
	return 0;
}

static void
check_figures(const struct run *r)
{
	struct carc_game *g = r->game;
	int fol[MAX_PLAYERS] = { 0 }, pha[MAX_PLAYERS] = { 0 };
	int big[MAX_PLAYERS] = { 0 }, builder[MAX_PLAYERS] = { 0 };
	int pig[MAX_PLAYERS] = { 0 };
	int board[3] = { 0 }, left[3] = { 0 };
	int fc = carc_game_figure_count(g), bc = carc_game_building_count(g);

	REQUIRE_CMP(fc, >=, 0);
	for (int i = 0; i < fc; i++) {
		uint32_t p, fig;

		REQUIRE_OK(carc_game_figure_at(g, (uint32_t)i, &p, &fig, NULL,
					      NULL, NULL));
		REQUIRE_CMP(p, <, r->cfg.players);
		if (fig == CARC_FIGURE_PHANTOM)
			pha[p]++;
		else if (fig == CARC_FIGURE_LARGE_FOLLOWER)
			big[p]++;
		else if (fig == CARC_FIGURE_BUILDER)
			builder[p]++;
		else if (fig == CARC_FIGURE_PIG)
			pig[p]++;
		else
			fol[p]++;
	}
	for (int i = 0; i < bc; i++) {
		uint32_t fig;

		REQUIRE_OK(carc_game_building_at(g, (uint32_t)i, NULL, NULL,
						&fig));
		board[fig - CARC_FIGURE_TOWER]++;
	}
	for (uint32_t p = 0; p < r->cfg.players; p++) {
		REQUIRE_CMP(fol[p] + carc_game_supply(g, p,
						CARC_FIGURE_FOLLOWER), ==, r->cfg.opt[CARC_OPT_FOLLOWERS]);
		REQUIRE_CMP(pha[p], <=, 1);
		REQUIRE_CMP(pha[p] + carc_game_supply(g, p,
						CARC_FIGURE_PHANTOM), ==, r->cfg.opt[CARC_OPT_PHANTOM]);
		/* the large follower: one with Inns & Cathedrals */
		REQUIRE_CMP(big[p] + carc_game_supply(g, p,
				CARC_FIGURE_LARGE_FOLLOWER), ==,
			    r->cfg.opt[CARC_OPT_INNS_CATHEDRALS]);
		/* the builder and the pig: one each with Traders & Builders */
		REQUIRE_CMP(builder[p] + carc_game_supply(g, p,
				CARC_FIGURE_BUILDER), ==,
			    r->cfg.opt[CARC_OPT_TRADERS_BUILDERS]);
		REQUIRE_CMP(pig[p] + carc_game_supply(g, p, CARC_FIGURE_PIG),
			    ==, r->cfg.opt[CARC_OPT_TRADERS_BUILDERS]);
		for (int k = 0; k < 3; k++) {
			int s = carc_game_supply(g, p,
					CARC_FIGURE_TOWER + (uint32_t)k);

			REQUIRE_CMP(s, ==, r->shared ? r->tokens[p][0]
						      : r->tokens[p][k]);
			left[k] += s;
		}
	}
	if (r->shared) {
		REQUIRE_CMP(left[0] + bc, ==, r->tokens_total[0]);
	} else {
		for (int k = 0; k < 3; k++)
			REQUIRE_CMP(left[k] + board[k], ==, r->tokens_total[k]);
	}
}

/*
 * Traders & Builders' goods (doc/users/rules.md#traders-goods): nobody's
 * tokens ever decrease, the last apply's events report exactly the
 * tokens taken, and the tokens held of each kind are exactly the goods
 * symbols on the pieces of the completed cities on the board once they
 * are scored.
 */
static void
check_goods(struct run *r)
{
	struct carc_game *g = r->game;
	int32_t taken[3] = { 0 }, told[3] = { 0 }, printed[3] = { 0 };
	int n = carc_game_event_count(g), nt = carc_game_tile_count(g);
	int scored = carc_game_phase(g) != CARC_PHASE_DEPLOY &&
		     carc_game_phase(g) != CARC_PHASE_PHANTOM;

	for (uint32_t p = 0; p < r->cfg.players; p++)
		for (uint32_t k = 0; k < 3; k++) {
			int v = carc_game_goods(g, p, k + 1);

			REQUIRE_CMP(v, >=, r->goods[p][k]);
			if (!r->cfg.opt[CARC_OPT_TRADERS_BUILDERS])
				REQUIRE_CMP(v, ==, 0);
			taken[k] += v - r->goods[p][k];
			r->goods[p][k] = v;
		}
	if (!r->cfg.opt[CARC_OPT_TRADERS_BUILDERS])
		return;
	for (int i = 0; i < n; i++)
		for (uint32_t k = 0; k < 3; k++) {
			int32_t v;

			REQUIRE_OK(carc_game_event_get(g, (uint32_t)i,
						      CARC_EVENT_WINE + k, &v));
			told[k] += v;
		}
	for (uint32_t k = 0; k < 3; k++)
		REQUIRE_CMP(taken[k], ==, told[k]);
	for (int i = 0; i < nt; i++) {
		uint32_t type, feats[16];
		int32_t x, y;
		int nf;

		REQUIRE_OK(carc_game_tile_at(g, (uint32_t)i, &x, &y, &type,
					    NULL));
		nf = carc_tile_features(type, feats, 16);
		for (int j = 0; j < nf; j++) {
			int kind = feats[j] >> 4 == CARC_FEATURE_CITY ?
				carc_tile_feature_goods(type, feats[j]) : 0;

			if (kind > 0 && carc_game_feature_is_complete(
						g, x, y, feats[j]) == 1)
				printed[kind - 1]++;
		}
	}
	/* while deploying on the tile just placed, what it completes is
	 * not scored yet */
	for (uint32_t k = 0; k < 3; k++) {
		int32_t held = 0;

		for (uint32_t p = 0; p < r->cfg.players; p++)
			held += r->goods[p][k];
		if (scored)
			REQUIRE_CMP(held, ==, printed[k]);
		else
			REQUIRE_CMP(held, <=, printed[k]);
	}
}

/* Points of the last apply's events per player; checks the scorers. */
static void
event_points(const struct run *r, int32_t *sum)
{
	int n = carc_game_event_count(r->game);

	REQUIRE_CMP(n, >=, 0);
	memset(sum, 0, MAX_PLAYERS * sizeof(*sum));
	for (int i = 0; i < n; i++) {
		int32_t scorers, pts, bpts;

		REQUIRE_OK(carc_game_event_get(r->game, (uint32_t)i,
					      CARC_EVENT_SCORERS, &scorers));
		for (uint32_t p = 0; p < r->cfg.players; p++) {
			REQUIRE_OK(carc_game_event_get(r->game, (uint32_t)i,
						      CARC_EVENT_POINTS + p,
						      &pts));
			REQUIRE_OK(carc_game_event_get(r->game, (uint32_t)i,
					CARC_EVENT_BUILDING_POINTS + p, &bpts));
			REQUIRE_CMP(pts, >=, 0);
			REQUIRE_CMP(bpts, >=, 0);
			if (!(scorers & (1 << p)))
				REQUIRE_CMP(pts + bpts, ==, 0);
			sum[p] += pts + bpts;
		}
	}
}

/* A move that is probably not legal now. */
static carc_move_t
stray_move(struct run *r)
{
	uint64_t v = test_rand(&r->walk.rng);
	carc_move_t base = r->moves[v % (uint64_t)r->n];
	int32_t x = carc_move_x(base), y = carc_move_y(base);

	switch ((v >> 16) % 6) {
	case 0:
		return carc_move_place(x + (int32_t)(v >> 24 & 3) - 1,
				       y + (int32_t)(v >> 26 & 3) - 1,
				       (uint32_t)(v >> 28 & 3));
	case 1:
		return carc_move_deploy(1 + (uint32_t)(v >> 24) % 5, x, y,
					0x11 + (uint32_t)(v >> 32) % 0x34);
	case 2:
		return carc_move_remove(1 + (uint32_t)(v >> 24) % 2, x, y,
					0x11 + (uint32_t)(v >> 32) % 0x34);
	case 3:
		return carc_move_crop_choice(1 + (uint32_t)(v >> 24) % 2);
	case 4:
		return carc_move_pass();
	default:
		return base ^ (1ull << (v >> 32) % 64);
	}
}

/* Check the decision point: every listed move applies, strays don't. */
static void
check_moves(struct run *r)
{
	uint64_t h = carc_game_hash(r->game);

	for (int i = 0; i < r->n; i++) {
		REQUIRE_CMP(carc_game_is_legal(r->game, r->moves[i]), ==, 1);
		REQUIRE_OK(carc_game_copy(r->scratch, r->game));
		REQUIRE_OK(carc_game_apply(r->scratch, r->moves[i]));
	}
	for (int k = 0; k < 4; k++) {
		carc_move_t m = stray_move(r);
		int rc;

		if (listed(r, m))
			continue;
		REQUIRE_CMP(carc_game_is_legal(r->game, m), ==, 0);
		rc = carc_game_apply(r->game, m);
		if (rc >= 0)
			ck_abort_msg("move %#llx not listed but applied",
				     (unsigned long long)m);
		REQUIRE(carc_game_hash(r->game) == h);
	}
}

/* The soak's recomputation from scratch: @fresh, a new game of the same
 * rules and seed, replays the history of r->game and must reach the same
 * hash and scores. */
static void
check_replay(struct run *r, const struct carc_game *start,
	     struct carc_game *fresh)
{
	int hc = carc_game_history_count(r->game);

	REQUIRE_OK(carc_game_copy(fresh, start));
	for (int k = 0; k < hc; k++) {
		carc_move_t m;

		REQUIRE_OK(carc_game_history_at(r->game, (uint32_t)k, &m));
		REQUIRE_OK(carc_game_apply(fresh, m));
	}
	REQUIRE(carc_game_hash(fresh) == carc_game_hash(r->game));
	for (uint32_t p = 0; p < r->cfg.players; p++)
		REQUIRE_CMP(carc_game_score(fresh, p), ==,
			    carc_game_score(r->game, p));
}

/* The soak's save/load round trip. */
static void
check_save_load(const struct carc_game *g)
{
	int len = carc_game_save(g, NULL, 0), len2;
	char *text, *again;
	struct carc_game *l = NULL;
	char msg[128];

	REQUIRE_CMP(len, >, 0);
	text = malloc((size_t)len + 1);
	REQUIRE(text != NULL);
	REQUIRE_CMP(carc_game_save(g, text, (size_t)len + 1), ==, len);
	if (carc_game_load(text, (size_t)len, &l, NULL, NULL, msg,
			   sizeof(msg)) != CARC_OK)
		ck_abort_msg("the saved record does not load: %s", msg);
	REQUIRE(carc_game_hash(l) == carc_game_hash(g));
	REQUIRE_CMP(carc_game_history_count(l), ==,
		    carc_game_history_count(g));
	len2 = carc_game_save(l, NULL, 0);
	REQUIRE_CMP(len2, ==, len);
	again = malloc((size_t)len + 1);
	REQUIRE(again != NULL);
	REQUIRE_CMP(carc_game_save(l, again, (size_t)len + 1), ==, len);
	REQUIRE(memcmp(text, again, (size_t)len) == 0);
	free(again);
	free(text);
	carc_game_free(l);
}

static void
play_game(uint32_t i)
{
	struct carc_game *start = NULL, *fresh = NULL;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct run *r = calloc(1, sizeof(*r));
	int32_t sum[MAX_PLAYERS];
	int decisions = 0;

	REQUIRE(r != NULL);
	config_of(i, &r->cfg);
	REQUIRE_OK(carc_rules_builder_new(&b));
	for (uint32_t o = 1; o <= CARC_OPT_RIVER_LAKE_TURN; o++)
		REQUIRE_OK(carc_rules_builder_set(b, o, r->cfg.opt[o]));
	REQUIRE_OK(carc_rules_builder_build(b, &rules));
	carc_rules_builder_free(b);
	REQUIRE_OK(carc_game_new(rules, r->cfg.players, mix(i), &r->game));
	REQUIRE_OK(carc_game_clone(r->game, &r->scratch));
	random_game_start(&r->walk, r->game, mix(i + 0x1234));
	if (soak) {
		REQUIRE_OK(carc_game_clone(r->game, &start));
		REQUIRE_OK(carc_game_clone(r->game, &fresh));
	}
	carc_rules_unref(rules);

	r->shared = r->cfg.opt[CARC_OPT_LB_SCORING] == CARC_LB_STANDARD &&
		    r->cfg.opt[CARC_OPT_LB_DISTRIBUTION] == CARC_LB_DIST_RULES;
	for (uint32_t p = 0; p < r->cfg.players; p++)
		for (int k = 0; k < 3; k++) {
			int32_t each = !r->cfg.opt[CARC_OPT_LITTLE_BUILDINGS] ?
				0 : r->shared ? 18 / (int32_t)r->cfg.players
					      : 6 / (int32_t)r->cfg.players;

			r->tokens[p][k] = each;
			if (!r->shared || k == 0)
				r->tokens_total[k] += each;
		}
	check_figures(r);

	while (random_game_next(&r->walk)) {
		int player = carc_game_current_player(r->game);
		carc_move_t m;
		uint64_t h;

		r->moves = r->walk.moves;
		r->n = r->walk.n;
		check_moves(r);

		h = carc_game_hash(r->game);
		m = random_game_play(&r->walk);
		/* now and then the move taken back: the earlier hash and
		 * scores, then the move again */
		if (decisions % 16 == 5) {
			REQUIRE_OK(carc_game_undo(r->game));
			REQUIRE(carc_game_hash(r->game) == h);
			for (uint32_t p = 0; p < r->cfg.players; p++)
				REQUIRE_CMP(carc_game_score(r->game, p), ==,
					    r->score[p]);
			REQUIRE_OK(carc_game_apply(r->game, m));
		}
		if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		    carc_move_figure(m) >= CARC_FIGURE_TOWER &&
		    carc_move_figure(m) <= CARC_FIGURE_SHED)
			r->tokens[player][r->shared ? 0 :
				carc_move_figure(m) - CARC_FIGURE_TOWER]--;
		event_points(r, sum);
		for (uint32_t p = 0; p < r->cfg.players; p++) {
			int32_t s = carc_game_score(r->game, p);

			REQUIRE_CMP(s, >=, r->score[p]);
			REQUIRE_CMP(s - r->score[p], ==, sum[p]);
			r->score[p] = s;
			r->event_sum[p] += sum[p];
		}
		check_figures(r);
		check_goods(r);
		REQUIRE_CMP(++decisions, <, 100000);
		if (soak) {
			check_replay(r, start, fresh);
			if (decisions % 16 == 0)
				check_save_load(r->game);
		}
	}
	if (soak) {
		check_save_load(r->game);
		carc_game_free(start);
		carc_game_free(fresh);
	}

	REQUIRE_CMP(carc_game_remaining_total(r->game), ==, 0);
	REQUIRE_CMP(carc_game_legal_moves(r->game, NULL, 0), ==, 0);
	for (uint32_t p = 0; p < r->cfg.players; p++)
		ck_assert_msg(carc_game_score(r->game, p) == r->event_sum[p],
			      "game %u player %u: score %d, events %d", i, p,
			      carc_game_score(r->game, p), r->event_sum[p]);
	random_game_end(&r->walk);
	carc_game_free(r->scratch);
	carc_game_free(r->game);
	free(r);
}

static uint32_t
n_games(void)
{
	const char *v = getenv("CARC_PROPERTY_GAMES");
	unsigned long n = v && *v ? strtoul(v, NULL, 0) : 300;

	if (getenv("CARC_TEST_QUICK") && n > 40)
		n = 40;
	return (uint32_t)n;
}

START_TEST(random_games)
{
	uint32_t n = n_games();
	const char *v = getenv("CARC_PROPERTY_FIRST");
	const char *pv = getenv("CARC_PROPERTY_PROGRESS");
	uint32_t first = v && *v ? (uint32_t)strtoul(v, NULL, 0) : 0;
	uint32_t every = pv && *pv ? (uint32_t)strtoul(pv, NULL, 0) : 0;

	v = getenv("CARC_PROPERTY_SOAK");
	soak = v && *v && strcmp(v, "0") != 0;
	for (uint32_t i = 0; i < n; i++) {
		play_game(first + i);
		if (every && (i + 1) % every == 0)
			fprintf(stderr, "property: %u games (%u to %u) passed\n",
				i + 1, first, first + i);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("property");
	TCase *tc = tcase_create("random_games");

	tcase_add_test(tc, random_games);
	tcase_set_timeout(tc, 1200);
	suite_add_tcase(s, tc);
	return s;
}
