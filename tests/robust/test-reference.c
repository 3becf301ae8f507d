/* SPDX-License-Identifier: MIT */
/*
 * The fast listing against the reference move generator
 * (reference-moves.c): over seeded random games under every rule
 * combination, at every decision point,
 *
 * - carc_game_legal_moves() gives exactly the reference's moves, in the
 *   same (canonical) order;
 * - carc_game_is_legal() accepts every one of them and refuses every
 *   other move of a broad sample (every position of the board's bounding
 *   box grown by two in every rotation, every feature id with every
 *   figure on the tiles that matter, pass, the crop choices);
 * - the board queries carc_game_feature_figures() and
 *   carc_game_feature_is_complete() agree with the reference's own walk
 *   of the board, for every feature of the tile just placed;
 * - the players who answer a crop-circle choice are those the rules
 *   name, in the rules' order;
 * - every other decision belongs to the active player, counted by the
 *   rules: the turns go round, and the builder's second tile
 *   (Traders & Builders) comes exactly when the first part's tile
 *   extended the player's builder's road or city
 *   (ref_builder_extended()) and a tile is left, as the choice or at
 *   once; carc_game_turn_part() agrees;
 * - with The River, every river tile on the board lies on the river's
 *   course from the spring, and the lake, once laid, closes it
 *   (ref_river_check(); the engine lays it itself under
 *   CARC_RIVER_LAKE_AUTOMATIC).
 *
 * Game i uses combination i % 480 of the older expansions (16), the
 * farm rule (3), farmers on or off (2) and the player count (2-6); the
 * combination of The River, Inns & Cathedrals and Traders & Builders
 * (8) is spread over those so that every 480 games play all 128
 * combinations of the seven switches; the crop-circle
 * options, the Little Buildings options, the small-city rule, the
 * follower count and the options of the newer three come from a hash of
 * i, and the follower count is often
 * small so that supplies run out, and every other game with crop circles
 * has five of each crop-circle tile; from game 480 on, each round of 480
 * games plays one setting of the four crop-circle options (and of the
 * Little Buildings values and distribution) on every combination.
 * CARC_REFERENCE_GAMES sets the number of games and CARC_REFERENCE_FIRST
 * the first (tests/robust/meson.build: games 0-479 in 'unit', 480-8159
 * in 'slow', every crop-circle setting on every combination).
 * A disagreement is reported with the game, the decision and the moves.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"
#include "reference-moves.h"

#define COMBINATIONS 480
#define MOVES_MAX 8192

/* Only failures are reported: Check's ck_assert records every call. */
#define REQUIRE_CMP(a_, op_, b_)                                           \
	do {                                                               \
		long long a__ = (long long)(a_), b__ = (long long)(b_);    \
		if (!(a__ op_ b__))                                        \
			ck_abort_msg("%s:%d: %s %s %s (%lld, %lld) in %s", \
				     __FILE__, __LINE__, #a_, #op_, #b_,   \
				     a__, b__, r->where);                  \
	} while (0)

struct run {
	uint32_t game_index;
	int32_t opt[CARC_OPT_RIVER_LAKE_TURN + 1];
	uint32_t players;
	int crop_heavy;		/* five of each crop-circle tile */
	struct carc_game *game;
	carc_move_t ref[MOVES_MAX], fast[MOVES_MAX];
	int n_ref, n_fast;
	uint64_t rng;
	int decision;
	char where[256];
	/* crop-circle responders still expected, in order */
	uint32_t responders[MAX_PLAYERS];
	int n_responders, next_responder;
	/* the turn as the rules run it (doc/users/rules.md#turn,
	 * #traders-second-tile): the active player, whether this is the
	 * second part of his turn, whether the first part's tile extended
	 * his builder's road or city */
	uint32_t active;
	int second_part, earned;
};

static uint64_t
mix(uint64_t v)
{
	uint64_t s = v;

	return test_rand(&s);
}

static void
config_of(struct run *r, uint32_t i)
{
	uint32_t k = i % COMBINATIONS, newer;
	uint64_t h = mix(i * 0x9e3779b97f4a7c15ull + 7);
	static const int32_t followers[8] = { 7, 7, 7, 1, 2, 3, 15, 7 };

	newer = ((k >> 4) + 3 * (k & 15) + i / COMBINATIONS) % 8;
	memset(r->opt, 0, sizeof(r->opt));
	r->opt[CARC_OPT_PHANTOM] = k & 1;
	r->opt[CARC_OPT_CROP_CIRCLES_I] = (k >> 1) & 1;
	r->opt[CARC_OPT_CROP_CIRCLES_II] = (k >> 2) & 1;
	r->opt[CARC_OPT_LITTLE_BUILDINGS] = (k >> 3) & 1;
	k >>= 4;
	r->opt[CARC_OPT_FARM_SCORING] = (int32_t)(k % 3);
	k /= 3;
	r->opt[CARC_OPT_FARMERS] = (int32_t)(k % 2);
	k /= 2;
	r->players = 2 + k % 5;

	r->opt[CARC_OPT_CROP_DEPLOY_ANY] = (int32_t)(h & 1);
	r->opt[CARC_OPT_CROP_DEPLOY_MANDATORY] = (int32_t)(h >> 1 & 1);
	r->opt[CARC_OPT_CROP_PHANTOM] = (int32_t)(h >> 2 & 1);
	r->opt[CARC_OPT_CROP_AFTER_PHANTOM] = (int32_t)(h >> 3 & 1);
	r->opt[CARC_OPT_LB_SCORING] = (int32_t)(h >> 4 & 1);
	r->opt[CARC_OPT_LB_DISTRIBUTION] = (int32_t)(h >> 5 & 1);
	r->opt[CARC_OPT_LB_ZERO_FIELD] = (int32_t)(h >> 6 & 1);
	r->opt[CARC_OPT_LB_PER_CITY_FIELDS] = (int32_t)(h >> 7 & 1);
	r->opt[CARC_OPT_SMALL_CITY] = (int32_t)(h >> 8 & 1);
	r->opt[CARC_OPT_FOLLOWERS] = followers[h >> 9 & 7];
	/* The River, Inns & Cathedrals and Traders & Builders: combination
	 * (m + 3 l + round) % 8 with the older four l, so that each round of
	 * 480 games plays all 128 combinations of the seven switches, each
	 * with every player count, and the rounds shift them */
	r->opt[CARC_OPT_RIVER] = (int32_t)(newer & 1);
	r->opt[CARC_OPT_INNS_CATHEDRALS] = (int32_t)(newer >> 1 & 1);
	r->opt[CARC_OPT_TRADERS_BUILDERS] = (int32_t)(newer >> 2 & 1);
	/* The River with each U-turn rule and each place of the start
	 * tile */
	r->opt[CARC_OPT_RIVER_U_TURN] = (int32_t)(h >> 15 & 3);
	r->opt[CARC_OPT_RIVER_START_TILE] = (int32_t)((h >> 17 & 3) % 3);
	/* Traders & Builders' second tile mandatory in one game in two,
	 * the phantom after the builder or pig refused in one in two */
	r->opt[CARC_OPT_PHANTOM_WITH_FIGURE] = (int32_t)(h >> 20 & 1);
	r->opt[CARC_OPT_BUILDER_TURN] = (int32_t)(h >> 21 & 1);
	/* the builder on a feature its tile completes refused in one game
	 * in two, the lake placed by the engine in one in two */
	r->opt[CARC_OPT_BUILDER_ON_COMPLETED] = (int32_t)(h >> 22 & 1);
	r->opt[CARC_OPT_RIVER_LAKE_TURN] = (int32_t)(h >> 23 & 1);
	/* every other game with crop circles plays many more of their
	 * tiles, so that the action meets crowded boards */
	r->crop_heavy = (r->opt[CARC_OPT_CROP_CIRCLES_I] ||
			 r->opt[CARC_OPT_CROP_CIRCLES_II]) && (h >> 12 & 1);
	/* past the first round, round k plays crop-circle options k % 16
	 * and Little Buildings values and distribution (k / 16 + k) % 4 on
	 * every combination above: 16 rounds cover every crop setting */
	if (i >= COMBINATIONS) {
		uint32_t round = i / COMBINATIONS, c = round % 16;
		uint32_t lb = (round / 16 + round) % 4;

		r->opt[CARC_OPT_CROP_DEPLOY_ANY] = (int32_t)(c & 1);
		r->opt[CARC_OPT_CROP_DEPLOY_MANDATORY] = (int32_t)(c >> 1 & 1);
		r->opt[CARC_OPT_CROP_PHANTOM] = (int32_t)(c >> 2 & 1);
		r->opt[CARC_OPT_CROP_AFTER_PHANTOM] = (int32_t)(c >> 3 & 1);
		r->opt[CARC_OPT_LB_SCORING] = (int32_t)(lb & 1);
		r->opt[CARC_OPT_LB_DISTRIBUTION] = (int32_t)(lb >> 1 & 1);
	}
}

static const char *
describe(carc_move_t m, char *buf, size_t n)
{
	if (carc_move_describe(m, buf, n) < 0)
		snprintf(buf, n, "%#llx", (unsigned long long)m);
	return buf;
}

static int
in_list(const carc_move_t *list, int n, carc_move_t m)
{
	for (int i = 0; i < n; i++)
		if (list[i] == m)
			return 1;
	return 0;
}

/* Report a difference between the two listings precisely. */
static void
report_lists(struct run *r)
{
	char msg[4096], a[64], b[64];
	size_t len;

	len = (size_t)snprintf(msg, sizeof(msg),
			       "%s: reference %d moves, fast %d", r->where,
			       r->n_ref, r->n_fast);
	for (int i = 0; i < r->n_ref && len < sizeof(msg) - 128; i++)
		if (!in_list(r->fast, r->n_fast, r->ref[i]))
			len += (size_t)snprintf(msg + len, sizeof(msg) - len,
						"; missing from the fast list: %s",
						describe(r->ref[i], a,
							 sizeof(a)));
	for (int i = 0; i < r->n_fast && len < sizeof(msg) - 128; i++)
		if (!in_list(r->ref, r->n_ref, r->fast[i]))
			len += (size_t)snprintf(msg + len, sizeof(msg) - len,
						"; not in the reference: %s",
						describe(r->fast[i], a,
							 sizeof(a)));
	for (int i = 0; i < r->n_ref && i < r->n_fast; i++)
		if (r->ref[i] != r->fast[i] && len < sizeof(msg) - 128) {
			snprintf(msg + len, sizeof(msg) - len,
				 "; first difference in order at %d: "
				 "reference %s, fast %s", i,
				 describe(r->ref[i], a, sizeof(a)),
				 describe(r->fast[i], b, sizeof(b)));
			break;
		}
	ck_abort_msg("%s", msg);
}

/* A move outside the reference list must be refused by is_legal. */
static void
expect_illegal(struct run *r, carc_move_t m)
{
	char buf[64];

	if (m == CARC_MOVE_NONE || in_list(r->ref, r->n_ref, m))
		return;
	if (carc_game_is_legal(r->game, m) != 0)
		ck_abort_msg("%s: %s is not in the reference list but "
			     "carc_game_is_legal() accepts it", r->where,
			     describe(m, buf, sizeof(buf)));
}

/* Every deploy, remove and build move naming a tile at (x, y). */
static void
illegal_on_tile(struct run *r, int32_t x, int32_t y)
{
	static const uint32_t ids[13] = { 0x11, 0x12, 0x13, 0x14, 0x21, 0x22,
		0x23, 0x24, 0x31, 0x32, 0x33, 0x34, 0x41 };

	for (int k = 0; k < 13; k++)
		for (uint32_t fig = CARC_FIGURE_FOLLOWER;
		     fig <= CARC_FIGURE_PHANTOM; fig++) {
			expect_illegal(r, carc_move_deploy(fig, x, y, ids[k]));
			expect_illegal(r, carc_move_remove(fig, x, y, ids[k]));
		}
	for (uint32_t fig = CARC_FIGURE_TOWER; fig <= CARC_FIGURE_SHED; fig++)
		expect_illegal(r, carc_move_build(fig, x, y));
}

static void
check_illegal(struct run *r)
{
	int nt = carc_game_tile_count(r->game);
	int nf = carc_game_figure_count(r->game);
	int32_t minx = 0, maxx = 0, miny = 0, maxy = 0, x, y;

	for (int i = 0; i < nt; i++) {
		carc_game_tile_at(r->game, (uint32_t)i, &x, &y, NULL, NULL);
		minx = x < minx ? x : minx;
		maxx = x > maxx ? x : maxx;
		miny = y < miny ? y : miny;
		maxy = y > maxy ? y : maxy;
	}
	expect_illegal(r, carc_move_pass());
	expect_illegal(r, carc_move_crop_choice(CARC_CROP_DEPLOY));
	expect_illegal(r, carc_move_crop_choice(CARC_CROP_REMOVE));
	if (carc_game_phase(r->game) == CARC_PHASE_PLACE_TILE) {
		for (y = miny - 2; y <= maxy + 2; y++)
			for (x = minx - 2; x <= maxx + 2; x++)
				for (uint32_t rot = 0; rot < 4; rot++)
					expect_illegal(r, carc_move_place(x, y,
									  rot));
		carc_game_tile_at(r->game, (uint32_t)nt - 1, &x, &y, NULL,
				  NULL);
		illegal_on_tile(r, x, y);
		return;
	}
	/* the tile just placed, the start tile, an empty position, and
	 * every tile a figure stands on */
	carc_game_tile_at(r->game, (uint32_t)nt - 1, &x, &y, NULL, NULL);
	illegal_on_tile(r, x, y);
	illegal_on_tile(r, 0, 0);
	illegal_on_tile(r, minx - 1, miny);
	expect_illegal(r, carc_move_place(minx - 1, miny, 0));
	for (int i = 0; i < nf; i++) {
		carc_game_figure_at(r->game, (uint32_t)i, NULL, NULL, &x, &y,
				    NULL);
		illegal_on_tile(r, x, y);
	}
}

/* The library's board queries against the reference's own walk, for
 * every feature of the tile just placed. */
static void
check_board_queries(struct run *r)
{
	int nt = carc_game_tile_count(r->game);
	int32_t x, y;
	uint32_t tile, feats[16];
	int nfeat;

	carc_game_tile_at(r->game, (uint32_t)nt - 1, &x, &y, &tile, NULL);
	nfeat = carc_tile_features(tile, feats, 16);
	for (int k = 0; k < nfeat; k++) {
		int per[MAX_PLAYERS];
		int total = ref_feature_figures(r->game, x, y, feats[k], per);

		REQUIRE_CMP(total, >=, 0);
		for (uint32_t p = 0; p < r->players; p++)
			REQUIRE_CMP(carc_game_feature_figures(r->game, x, y,
							      feats[k], p),
				    ==, per[p]);
		REQUIRE_CMP(carc_game_feature_is_complete(r->game, x, y,
							  feats[k]),
			    ==, ref_feature_is_complete(r->game, x, y,
							feats[k]));
	}
}

/* The listing into a buffer shorter than the moves (the snprintf
 * contract): the same total, the first moves, nothing written past the
 * buffer.  The length varies with the decision, so that every part of
 * the placement listing (sixteen positions at a time while 64 slots are
 * free, one at a time after) meets the buffer's end. */
static void
check_short_buffer(struct run *r)
{
	static const carc_move_t mark = 0x5a5a5a5a5a5a5a5aull;
	size_t cap;

	if (r->n_fast == 0)
		return;
	cap = (size_t)(mix((uint64_t)r->game_index << 32 ^
			   (uint64_t)r->decision) %
		       (uint64_t)r->n_fast);
	for (size_t i = 0; i <= cap; i++)
		r->fast[i] = mark;
	REQUIRE_CMP(carc_game_legal_moves(r->game, r->fast, cap), ==,
		    r->n_ref);
	if (memcmp(r->ref, r->fast, cap * sizeof(*r->ref)) != 0)
		ck_abort_msg("%s: the first %zu of %d moves differ", r->where,
			     cap, r->n_ref);
	REQUIRE_CMP(r->fast[cap], ==, mark);
}

static void
check_decision(struct run *r)
{
	int phase = carc_game_phase(r->game);

	snprintf(r->where, sizeof(r->where),
		 "game %u (%u players), decision %d, history %d, phase %d, "
		 "player %d", r->game_index, r->players, r->decision,
		 carc_game_history_count(r->game), phase,
		 carc_game_current_player(r->game));
	r->n_ref = ref_legal_moves(r->game, r->ref, MOVES_MAX);
	r->n_fast = carc_game_legal_moves(r->game, r->fast, MOVES_MAX);
	REQUIRE_CMP(r->n_ref, >=, 0);
	REQUIRE_CMP(r->n_fast, >=, 0);
	REQUIRE_CMP(r->n_fast, <=, MOVES_MAX);
	if (r->n_ref != r->n_fast ||
	    memcmp(r->ref, r->fast, (size_t)r->n_ref * sizeof(*r->ref)) != 0)
		report_lists(r);
	check_short_buffer(r);
	if (r->opt[CARC_OPT_RIVER])
		REQUIRE_CMP(ref_river_check(r->game), ==, 1);
	for (int i = 0; i < r->n_ref; i++)
		if (carc_game_is_legal(r->game, r->ref[i]) != 1) {
			char buf[64];

			ck_abort_msg("%s: carc_game_is_legal() refuses %s",
				     r->where, describe(r->ref[i], buf,
							sizeof(buf)));
		}
	check_illegal(r);

	/* crop-circle responders: exactly the expected players, in order */
	if (phase == CARC_PHASE_CROP_RESPONSE) {
		REQUIRE_CMP(r->next_responder, <, r->n_responders);
		REQUIRE_CMP(carc_game_current_player(r->game), ==,
			    r->responders[r->next_responder]);
		r->next_responder++;
	} else {
		REQUIRE_CMP(r->next_responder, ==, r->n_responders);
		r->n_responders = r->next_responder = 0;
	}
	if (phase == CARC_PHASE_DEPLOY || phase == CARC_PHASE_PHANTOM)
		check_board_queries(r);
	if (phase != CARC_PHASE_GAME_OVER)
		REQUIRE_CMP(r->n_ref, >, 0);
	/* a player who is asked to respond has something to do */
	if (phase == CARC_PHASE_CROP_RESPONSE)
		REQUIRE_CMP(r->ref[0], !=, carc_move_pass());
}

/* Who plays after move @m, applied at phase @before with @left tiles
 * still to draw (doc/users/rules.md#turn, #traders-second-tile): the
 * active player through his part; when a part ends (the next phase is a
 * placement, the second-tile choice or the end), the same player again
 * when his first part's tile extended his builder's road or city and a
 * tile is left (the choice, or at once under a mandatory second tile),
 * else the next player in turn. */
static void
check_turn(struct run *r, carc_move_t m, int before, int left)
{
	int after = carc_game_phase(r->game);
	int player = carc_game_current_player(r->game);

	if (carc_move_kind(m) == CARC_MOVE_PLACE) {
		REQUIRE_CMP(after, ==, CARC_PHASE_DEPLOY);
		if (!r->second_part) {
			r->earned = ref_builder_extended(r->game, r->active);
			REQUIRE_CMP(r->earned, >=, 0);
		}
	} else if (before == CARC_PHASE_SECOND_TILE) {
		if (carc_move_kind(m) == CARC_MOVE_SECOND_TILE) {
			r->second_part = 1;
		} else {
			r->active = (r->active + 1) % r->players;
			r->second_part = 0;
		}
		REQUIRE_CMP(after == CARC_PHASE_PLACE_TILE ||
			    after == CARC_PHASE_GAME_OVER, ==, 1);
	} else if (after == CARC_PHASE_PLACE_TILE ||
		   after == CARC_PHASE_SECOND_TILE ||
		   after == CARC_PHASE_GAME_OVER) {
		/* the part is over */
		int due = !r->second_part && r->earned && left > 0;

		if (due && r->opt[CARC_OPT_BUILDER_TURN] ==
				   CARC_BUILDER_TURN_OPTIONAL) {
			REQUIRE_CMP(after, ==, CARC_PHASE_SECOND_TILE);
		} else if (due) {
			REQUIRE_CMP(after, !=, CARC_PHASE_SECOND_TILE);
			r->second_part = 1;
		} else {
			REQUIRE_CMP(after, !=, CARC_PHASE_SECOND_TILE);
			r->active = (r->active + 1) % r->players;
			r->second_part = 0;
		}
		r->earned = 0;
	}
	if (after != CARC_PHASE_GAME_OVER && after != CARC_PHASE_CROP_RESPONSE)
		REQUIRE_CMP(player, ==, r->active);
	REQUIRE_CMP(carc_game_turn_part(r->game), ==,
		    after == CARC_PHASE_GAME_OVER ? CARC_E_GAME_OVER :
		    r->second_part ? CARC_TURN_SECOND :
		    r->earned || after == CARC_PHASE_SECOND_TILE ?
			    CARC_TURN_FIRST_BUILDER : CARC_TURN_FIRST);
}

/* Whether the tile just placed starts a crop-circle action
 * (doc/users/rules.md#crop-action, #crop-pitchfork-no-farmers). */
static int
crop_action_due(const struct run *r)
{
	int nt = carc_game_tile_count(r->game);
	uint32_t tile;

	carc_game_tile_at(r->game, (uint32_t)nt - 1, NULL, NULL, &tile, NULL);
	switch (carc_tile_symbol(tile)) {
	case CARC_SYMBOL_PITCHFORK:
		return r->opt[CARC_OPT_FARMERS] != 0;
	case CARC_SYMBOL_CLUB:
	case CARC_SYMBOL_SHIELD:
		return 1;
	}
	return 0;
}

/* The decision point a move leads to (doc/users/rules.md#decision-points):
 * the phantom step follows the deployment step exactly when the player's
 * phantom is in his supply; after the deployment steps comes the
 * crop-circle choice exactly when the tile shows a circle that acts. */
static void
check_next_phase(struct run *r, int before, int phantom)
{
	int after = carc_game_phase(r->game);

	if (before == CARC_PHASE_DEPLOY && phantom == 1)
		REQUIRE_CMP(after, ==, CARC_PHASE_PHANTOM);
	if (after == CARC_PHASE_PHANTOM) {
		REQUIRE_CMP(before, ==, CARC_PHASE_DEPLOY);
		REQUIRE_CMP(phantom, ==, 1);
		REQUIRE_CMP(carc_game_supply(r->game,
				(uint32_t)carc_game_current_player(r->game),
				CARC_FIGURE_PHANTOM), ==, 1);
	}
	if ((before == CARC_PHASE_DEPLOY || before == CARC_PHASE_PHANTOM) &&
	    after != CARC_PHASE_PHANTOM)
		REQUIRE_CMP(after == CARC_PHASE_CROP_CHOICE, ==,
			    crop_action_due(r));
	if (after == CARC_PHASE_CROP_CHOICE)
		REQUIRE_CMP(before == CARC_PHASE_DEPLOY ||
			    before == CARC_PHASE_PHANTOM, ==, 1);
}

static void
play_game(uint32_t i)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	struct run *r = calloc(1, sizeof(*r));

	ck_assert(r != NULL);
	r->game_index = i;
	config_of(r, i);
	r->rng = mix(i + 0x5151);
	snprintf(r->where, sizeof(r->where), "game %u", i);
	REQUIRE_CMP(carc_rules_builder_new(&b), ==, CARC_OK);
	for (uint32_t o = 1; o <= CARC_OPT_RIVER_U_TURN; o++)
		REQUIRE_CMP(carc_rules_builder_set(b, o, r->opt[o]), ==,
			    CARC_OK);
	for (uint32_t o = CARC_OPT_INNS_CATHEDRALS;
	     o <= CARC_OPT_RIVER_LAKE_TURN; o++)
		REQUIRE_CMP(carc_rules_builder_set(b, o, r->opt[o]), ==,
			    CARC_OK);
	if (r->crop_heavy)
		for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
			REQUIRE_CMP(carc_rules_builder_set_tile_count(b, t, 5),
				    ==, CARC_OK);
	REQUIRE_CMP(carc_rules_builder_build(b, &rules), ==, CARC_OK);
	carc_rules_builder_free(b);
	REQUIRE_CMP(carc_game_new(rules, r->players, mix(i ^ 0xabcdef), &r->game),
		    ==, CARC_OK);
	carc_rules_unref(rules);

	for (;;) {
		carc_move_t m;
		int before, player, phantom, left;

		check_decision(r);
		if (carc_game_phase(r->game) == CARC_PHASE_GAME_OVER)
			break;
		m = r->ref[test_rand(&r->rng) % (uint64_t)r->n_ref];
		if (carc_move_kind(m) == CARC_MOVE_CROP_CHOICE) {
			r->n_responders = ref_crop_responders(r->game,
					carc_move_figure(m), r->responders);
			r->next_responder = 0;
			REQUIRE_CMP(r->n_responders, >=, 0);
		}
		before = carc_game_phase(r->game);
		left = carc_game_remaining_total(r->game);
		player = carc_game_current_player(r->game);
		phantom = carc_game_supply(r->game, (uint32_t)player,
					   CARC_FIGURE_PHANTOM);
		/* doc/users/rules.md#traders-phantom */
		if (carc_move_kind(m) == CARC_MOVE_DEPLOY &&
		    (carc_move_figure(m) == CARC_FIGURE_BUILDER ||
		     carc_move_figure(m) == CARC_FIGURE_PIG) &&
		    !r->opt[CARC_OPT_PHANTOM_WITH_FIGURE])
			phantom = 0;
		REQUIRE_CMP(carc_game_apply(r->game, m), ==, CARC_OK);
		check_next_phase(r, before, phantom);
		check_turn(r, m, before, left);
		REQUIRE_CMP(++r->decision, <, 100000);
	}
	REQUIRE_CMP(carc_game_legal_moves(r->game, NULL, 0), ==, 0);
	carc_game_free(r->game);
	free(r);
}

static uint32_t
n_games(void)
{
	const char *v = getenv("CARC_REFERENCE_GAMES");
	unsigned long n = v && *v ? strtoul(v, NULL, 0) : COMBINATIONS;

	if (getenv("CARC_TEST_QUICK") && n > 40)
		n = 40;
	return (uint32_t)n;
}

START_TEST(fast_equals_reference)
{
	uint32_t n = n_games();
	const char *first = getenv("CARC_REFERENCE_FIRST");
	uint32_t i0 = first && *first ? (uint32_t)strtoul(first, NULL, 0) : 0;

	for (uint32_t i = i0; i < i0 + n; i++)
		play_game(i);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("reference");
	TCase *tc = tcase_create("reference");

	tcase_add_test(tc, fast_equals_reference);
	tcase_set_timeout(tc, 3600);
	suite_add_tcase(s, tc);
	return s;
}
