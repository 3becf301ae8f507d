/* SPDX-License-Identifier: MIT */
/*
 * Every public function called with bad input: NULL handles and out
 * pointers, players, tile types, positions, options and values out of
 * range, buffers too small, moves for another decision point and moves
 * with reserved bits set.
 *
 * One table row per call.  Each row states the documented result; after
 * each row the games of the fixture must hash as before, the builder
 * must still build the default rules, and no output may have been
 * written by a failing call (outputs hold a sentinel beforehand).
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

#define SENTINEL 0x5a5a5a5a
#define CLOBBERED 9999		/* a row's result when an output was written */
#define N_OPTIONS 25

/* A fixture of games at different decision points. */
static struct fixture {
	struct carc_rules_builder *builder;
	struct carc_rules *rules;	/* every expansion */
	struct carc_rules *empty;	/* no tiles in the stack */
	struct carc_game *place;	/* CARC_PHASE_PLACE_TILE */
	struct carc_game *deploy;	/* CARC_PHASE_DEPLOY */
	struct carc_game *events;	/* the last apply scored */
	struct carc_game *over;		/* CARC_PHASE_GAME_OVER */
	uint64_t hash[4];
} fx;

static struct carc_game **
fixture_games(void)
{
	static struct carc_game **games[4] = {
		&fx.place, &fx.deploy, &fx.events, &fx.over,
	};
	static struct carc_game *list[4];

	for (int i = 0; i < 4; i++)
		list[i] = *games[i];
	return list;
}

static void
setup(void)
{
	struct carc_rules_builder *b = NULL;
	carc_move_t moves[1024];
	uint64_t rng = 42;
	int n;

	assert_ok(carc_rules_builder_new(&fx.builder));
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1));
	/* one tile type never in the stack, for the "not left" rows */
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_CCII_6, 0));
	assert_ok(carc_rules_builder_build(b, &fx.rules));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, 0));
	assert_ok(carc_rules_builder_build(b, &fx.empty));
	carc_rules_builder_free(b);

	assert_ok(carc_game_new(fx.rules, 3, 1, &fx.place));
	assert_ok(carc_game_clone(fx.place, &fx.deploy));
	n = carc_game_legal_moves(fx.deploy, moves, 1024);
	ck_assert_int_gt(n, 0);
	assert_ok(carc_game_apply(fx.deploy, moves[0]));
	assert_status_eq(carc_game_phase(fx.deploy), CARC_PHASE_DEPLOY);

	/* play on until an apply scores something */
	assert_ok(carc_game_new(fx.rules, 2, 7, &fx.events));
	while (carc_game_event_count(fx.events) == 0) {
		ck_assert_int_eq(carc_game_is_over(fx.events), 0);
		n = carc_game_legal_moves(fx.events, moves, 1024);
		ck_assert_int_gt(n, 0);
		ck_assert_int_le(n, 1024);
		/* prefer deploying, so that features get scored */
		assert_ok(carc_game_apply(fx.events,
			carc_game_phase(fx.events) == CARC_PHASE_DEPLOY ?
			moves[0] : moves[test_rand(&rng) % (uint64_t)n]));
	}

	assert_ok(carc_game_new(fx.empty, 2, 1, &fx.over));
	ck_assert_int_eq(carc_game_is_over(fx.over), 1);

	for (int i = 0; i < 4; i++)
		fx.hash[i] = carc_game_hash(fixture_games()[i]);
}

static void
teardown(void)
{
	carc_game_free(fx.place);
	carc_game_free(fx.deploy);
	carc_game_free(fx.events);
	carc_game_free(fx.over);
	carc_rules_unref(fx.rules);
	carc_rules_unref(fx.empty);
	carc_rules_builder_free(fx.builder);
	memset(&fx, 0, sizeof(fx));
}

/* Helpers for rows whose call has outputs: the result, or CLOBBERED if
 * a failing call wrote an output. */

static int
rules_new_kept(int with_out)
{
	struct carc_rules_builder *b = (void *)&fx;
	int rc = carc_rules_builder_new(with_out ? &b : NULL);

	return rc < 0 && b != (void *)&fx ? CLOBBERED : rc;
}

static int
build_kept(const struct carc_rules_builder *b, int with_out)
{
	struct carc_rules *r = (void *)&fx;
	int rc = carc_rules_builder_build(b, with_out ? &r : NULL);

	if (rc == CARC_OK)
		carc_rules_unref(r);
	return rc < 0 && r != (void *)&fx ? CLOBBERED : rc;
}

/* A builder whose stack is one tile over the limit. */
static int
build_too_big(void)
{
	struct carc_rules_builder *b = NULL;
	int rc;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_A, 4000));
	rc = build_kept(b, 1);
	carc_rules_builder_free(b);
	return rc;
}

static int
rules_get_kept(const struct carc_rules *r, uint32_t option, int with_out)
{
	int32_t v = SENTINEL;
	int rc = carc_rules_get(r, option, with_out ? &v : NULL);

	return rc < 0 && v != SENTINEL ? CLOBBERED : rc;
}

static int
game_new_kept(const struct carc_rules *r, uint32_t n, int with_out)
{
	struct carc_game *g = (void *)&fx;
	int rc = carc_game_new(r, n, 1, with_out ? &g : NULL);

	if (rc == CARC_OK)
		carc_game_free(g);
	return rc < 0 && g != (void *)&fx ? CLOBBERED : rc;
}

static int
clone_kept(const struct carc_game *src, int with_out)
{
	struct carc_game *g = (void *)&fx;
	int rc = carc_game_clone(src, with_out ? &g : NULL);

	if (rc == CARC_OK)
		carc_game_free(g);
	return rc < 0 && g != (void *)&fx ? CLOBBERED : rc;
}

static int
tile_at_kept(const struct carc_game *g, uint32_t index)
{
	int32_t x = SENTINEL, y = SENTINEL;
	uint32_t t = SENTINEL, r = SENTINEL;
	int rc = carc_game_tile_at(g, index, &x, &y, &t, &r);

	if (rc < 0 && (x != SENTINEL || y != SENTINEL || t != SENTINEL ||
		       r != SENTINEL))
		return CLOBBERED;
	return rc;
}

static int
figure_at_kept(const struct carc_game *g, uint32_t index)
{
	uint32_t p = SENTINEL, f = SENTINEL, feat = SENTINEL;
	int32_t x = SENTINEL, y = SENTINEL;
	int rc = carc_game_figure_at(g, index, &p, &f, &x, &y, &feat);

	if (rc < 0 && (p != SENTINEL || f != SENTINEL || x != SENTINEL ||
		       y != SENTINEL || feat != SENTINEL))
		return CLOBBERED;
	return rc;
}

static int
building_at_kept(const struct carc_game *g, uint32_t index)
{
	int32_t x = SENTINEL, y = SENTINEL;
	uint32_t f = SENTINEL;
	int rc = carc_game_building_at(g, index, &x, &y, &f);

	if (rc < 0 && (x != SENTINEL || y != SENTINEL || f != SENTINEL))
		return CLOBBERED;
	return rc;
}

static int
event_get_kept(const struct carc_game *g, uint32_t index, uint32_t attr)
{
	int32_t v = SENTINEL;
	int rc = carc_game_event_get(g, index, attr, &v);

	return rc < 0 && v != SENTINEL ? CLOBBERED : rc;
}

static int
history_at_kept(const struct carc_game *g, uint32_t index)
{
	carc_move_t m = SENTINEL;
	int rc = carc_game_history_at(g, index, &m);

	return rc < 0 && m != SENTINEL ? CLOBBERED : rc;
}

/* carc_game_load(): on failure *out untouched, msg terminated */
static int
load_kept(const char *text, size_t len, int with_out)
{
	struct carc_game *g = (void *)&fx;
	char msg[16];
	uint32_t line, col;
	int rc;

	memset(msg, 'Z', sizeof(msg));
	rc = carc_game_load(text, len, with_out ? &g : NULL, &line, &col, msg,
			    sizeof(msg));
	if (rc == CARC_OK)
		carc_game_free(g);
	if (rc < 0 && g != (void *)&fx)
		return CLOBBERED;
	/* a record that was read names its problem; a caller bug
	 * (CARC_E_INVALID) leaves the outputs alone, as everywhere */
	if (rc < 0 && rc != CARC_E_INVALID &&
	    memchr(msg, '\0', sizeof(msg)) == NULL)
		return CLOBBERED;
	return rc;
}

/* legal_moves into a buffer of @cap: the total, with nothing written at
 * or past @cap. */
static int
legal_short(const struct carc_game *g, size_t cap)
{
	carc_move_t buf[4] = { 1, 1, 1, 1 };
	int rc = carc_game_legal_moves(g, cap ? buf : NULL, cap);

	for (size_t i = cap; i < 4; i++)
		if (buf[i] != 1)
			return CLOBBERED;
	return rc;
}

static int
tile_features_short(uint32_t tile, size_t cap)
{
	uint32_t buf[4] = { SENTINEL, SENTINEL, SENTINEL, SENTINEL };
	int rc = carc_tile_features(tile, cap ? buf : NULL, cap);

	for (size_t i = cap; i < 4; i++)
		if (buf[i] != SENTINEL)
			return CLOBBERED;
	return rc;
}

/* describe into @cap bytes: the full length, the text cut and
 * terminated, nothing written past @cap. */
static int
describe_short(carc_move_t m, size_t cap)
{
	char buf[8];
	int rc;

	memset(buf, 'Z', sizeof(buf));
	rc = carc_move_describe(m, cap ? buf : NULL, cap);
	for (size_t i = cap; i < sizeof(buf); i++)
		if (buf[i] != 'Z')
			return CLOBBERED;
	if (cap > 0 && rc >= 0 && strlen(buf) != (size_t)rc &&
	    strlen(buf) != cap - 1)
		return CLOBBERED;
	return rc;
}

/* The draw order of @g (tile in hand first, when @hand) or its stack
 * order, changed by @how: 0 valid, 1 one short, 2 one extra, 3 an unknown
 * tile type, 4 a tile that is not left, 5 NULL; given to
 * carc_game_set_draw_order() or carc_game_set_stack_order(). */
static int
reorder(struct carc_game *g, int how, int hand)
{
	static uint32_t order[256];
	size_t n = 0;
	int cur = carc_game_current_tile(g);

	if (hand && cur >= 0)
		order[n++] = (uint32_t)cur;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		for (int c = carc_game_remaining(g, t); c > 0; c--)
			order[n++] = t;
	switch (how) {
	case 1:
		n--;
		break;
	case 2:
		order[n] = order[0];
		n++;
		break;
	case 3:
		order[n - 1] = CARC_TILE_TYPES;
		break;
	case 4:
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			if ((int)t != cur && carc_game_remaining(g, t) == 0) {
				order[n - 1] = t;
				break;
			}
		break;
	}
	if (!hand)
		return carc_game_set_stack_order(g, how == 5 ? NULL : order, n);
	return carc_game_set_draw_order(g, how == 5 ? NULL : order, n);
}

static int
draw_order(struct carc_game *g, int how)
{
	return reorder(g, how, 1);
}

static int
stack_order(struct carc_game *g, int how)
{
	return reorder(g, how, 0);
}

/* A tile type neither in hand nor left in the stack of @g. */
static uint32_t
tile_not_left(const struct carc_game *g)
{
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if ((int)t != carc_game_current_tile(g) &&
		    carc_game_remaining(g, t) == 0)
			return t;
	ck_abort_msg("every tile type is left");
	return 0;
}

/* Coordinates of the tile just placed in fx.deploy. */
static int32_t
last_x(void)
{
	int32_t x = 0;

	carc_game_tile_at(fx.deploy,
			  (uint32_t)carc_game_tile_count(fx.deploy) - 1, &x,
			  NULL, NULL, NULL);
	return x;
}

static int32_t
last_y(void)
{
	int32_t y = 0;

	carc_game_tile_at(fx.deploy,
			  (uint32_t)carc_game_tile_count(fx.deploy) - 1, NULL,
			  &y, NULL, NULL);
	return y;
}

/* A feature id that the tile just placed in fx.deploy lacks. */
static uint32_t
missing_feature(void)
{
	static const uint32_t all[] = {
		CARC_C1, CARC_C2, CARC_C3, CARC_C4, CARC_R1, CARC_R2, CARC_R3,
		CARC_R4, CARC_F1, CARC_F2, CARC_F3, CARC_F4, CARC_MONASTERY,
	};
	uint32_t tile = (uint32_t)carc_game_current_tile(fx.deploy);

	for (size_t i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (carc_tile_feature_sides(tile, 0, all[i]) ==
		    CARC_E_NO_FEATURE)
			return all[i];
	ck_abort_msg("tile has every feature");
	return 0;
}

/* A first feature of the tile just placed in fx.deploy. */
static uint32_t
present_feature(void)
{
	uint32_t feats[16];

	ck_assert_int_gt(carc_tile_features(
		(uint32_t)carc_game_current_tile(fx.deploy), feats, 16), 0);
	return feats[0];
}

/* Moves with bits set where their kind has none. */
#define PASS_WITH(bits_) (carc_move_pass() | (carc_move_t)(bits_))
#define PLACE_RAW(rot_, fig_, feat_) \
	((carc_move_t)CARC_MOVE_PLACE | (carc_move_t)(fig_) << 8 | \
	 (carc_move_t)(rot_) << 16 | (carc_move_t)(feat_) << 24 | \
	 (carc_move_t)1 << 32)
#define DEPLOY_RAW(fig_, rot_, feat_) \
	((carc_move_t)CARC_MOVE_DEPLOY | (carc_move_t)(fig_) << 8 | \
	 (carc_move_t)(rot_) << 16 | (carc_move_t)(feat_) << 24)

#define UNKNOWN "unknown error"
#define NONE CARC_MOVE_NONE

/*
 * The rows: name, expected result, call.  A call that returns a pointer
 * or a move is turned into 1 when it matches the documented value.  P is
 * fx.place, D fx.deploy, E fx.events, O fx.over, B fx.builder, R fx.rules.
 */
#define P fx.place
#define D fx.deploy
#define E fx.events
#define O fx.over
#define B fx.builder
#define R fx.rules
#define INV CARC_E_INVALID
#define ROWS(X) \
	/* version and errors */ \
	X(version_string, 1, carc_version_string() != NULL) \
	X(version_number, 1, carc_version_number() > 0) \
	X(strerror_unknown_pos, 0, strcmp(carc_strerror(1), UNKNOWN)) \
	X(strerror_unknown_neg, 0, strcmp(carc_strerror(-1000), UNKNOWN)) \
	X(strerror_int_min, 0, strcmp(carc_strerror(INT_MIN), UNKNOWN)) \
	X(strerror_int_max, 0, strcmp(carc_strerror(INT_MAX), UNKNOWN)) \
	/* tiles */ \
	X(tile_name_types, 1, carc_tile_name(CARC_TILE_TYPES) == NULL) \
	X(tile_name_max, 1, carc_tile_name(UINT32_MAX) == NULL) \
	X(tile_from_name_null, INV, carc_tile_from_name(NULL)) \
	X(tile_from_name_empty, CARC_E_UNKNOWN_TILE, carc_tile_from_name("")) \
	X(tile_from_name_lower, CARC_E_UNKNOWN_TILE, carc_tile_from_name("d")) \
	X(tile_from_name_long, CARC_E_UNKNOWN_TILE, carc_tile_from_name("DD")) \
	X(tile_edge_tile, CARC_E_UNKNOWN_TILE, \
	  carc_tile_edge(CARC_TILE_TYPES, 0, 0)) \
	X(tile_edge_tile_max, CARC_E_UNKNOWN_TILE, \
	  carc_tile_edge(UINT32_MAX, 0, 0)) \
	X(tile_edge_rotation, INV, carc_tile_edge(CARC_TILE_D, 4, 0)) \
	X(tile_edge_side, INV, carc_tile_edge(CARC_TILE_D, 0, 4)) \
	X(tile_edge_side_max, INV, carc_tile_edge(CARC_TILE_D, 0, UINT32_MAX)) \
	X(tile_features_tile, CARC_E_UNKNOWN_TILE, \
	  carc_tile_features(CARC_TILE_TYPES, NULL, 0)) \
	X(tile_features_null_buffer, INV, carc_tile_features(CARC_TILE_D, NULL, 4)) \
	X(tile_features_size, 4, tile_features_short(CARC_TILE_D, 0)) \
	X(tile_features_short, 4, tile_features_short(CARC_TILE_D, 2)) \
	X(feature_sides_tile, CARC_E_UNKNOWN_TILE, \
	  carc_tile_feature_sides(CARC_TILE_TYPES, 0, CARC_C1)) \
	X(feature_sides_rotation, INV, \
	  carc_tile_feature_sides(CARC_TILE_D, 4, CARC_C1)) \
	X(feature_sides_missing, CARC_E_NO_FEATURE, \
	  carc_tile_feature_sides(CARC_TILE_D, 0, CARC_MONASTERY)) \
	X(feature_sides_c2_on_d, CARC_E_NO_FEATURE, \
	  carc_tile_feature_sides(CARC_TILE_D, 0, CARC_C2)) \
	X(pennants_tile, CARC_E_UNKNOWN_TILE, \
	  carc_tile_feature_pennants(CARC_TILE_TYPES, CARC_C1)) \
	X(pennants_missing, CARC_E_NO_FEATURE, \
	  carc_tile_feature_pennants(CARC_TILE_A, CARC_C1)) \
	X(field_cities_tile, CARC_E_UNKNOWN_TILE, \
	  carc_tile_field_cities(UINT32_MAX, CARC_F1)) \
	X(field_cities_missing, CARC_E_NO_FEATURE, \
	  carc_tile_field_cities(CARC_TILE_A, CARC_F4)) \
	X(symbol_tile, CARC_E_UNKNOWN_TILE, carc_tile_symbol(CARC_TILE_TYPES)) \
	X(symbol_tile_max, CARC_E_UNKNOWN_TILE, carc_tile_symbol(UINT32_MAX)) \
	X(feature_name_zero, 1, carc_feature_name(0) == NULL) \
	X(feature_name_kind0, 1, carc_feature_name(0x01) == NULL) \
	X(feature_name_num0, 1, carc_feature_name(0x10) == NULL) \
	X(feature_name_num5, 1, carc_feature_name(0x15) == NULL) \
	X(feature_name_kind5, 1, carc_feature_name(0x51) == NULL) \
	X(feature_name_monastery2, 1, carc_feature_name(0x42) == NULL) \
	X(feature_name_high, 1, carc_feature_name(0x111) == NULL) \
	X(feature_name_max, 1, carc_feature_name(UINT32_MAX) == NULL) \
	X(feature_from_name_null, INV, carc_feature_from_name(NULL)) \
	X(feature_from_name_empty, INV, carc_feature_from_name("")) \
	X(feature_from_name_c0, INV, carc_feature_from_name("c0")) \
	X(feature_from_name_c5, INV, carc_feature_from_name("c5")) \
	X(feature_from_name_upper, INV, carc_feature_from_name("C1")) \
	/* rules builder */ \
	X(builder_new_null, INV, rules_new_kept(0)) \
	X(builder_set_null, INV, carc_rules_builder_set(NULL, CARC_OPT_FARMERS, 0)) \
	X(builder_set_option0, CARC_E_UNKNOWN_OPTION, \
	  carc_rules_builder_set(B, 0, 0)) \
	X(builder_set_option17, CARC_E_UNKNOWN_OPTION, \
	  carc_rules_builder_set(B, N_OPTIONS + 1, 0)) \
	X(builder_set_option_max, CARC_E_UNKNOWN_OPTION, \
	  carc_rules_builder_set(B, UINT32_MAX, 0)) \
	X(tile_count_null, INV, carc_rules_builder_set_tile_count(NULL, 0, 1)) \
	X(tile_count_tile, CARC_E_UNKNOWN_TILE, \
	  carc_rules_builder_set_tile_count(B, CARC_TILE_TYPES, 1)) \
	X(tile_count_tile_max, CARC_E_UNKNOWN_TILE, \
	  carc_rules_builder_set_tile_count(B, UINT32_MAX, 1)) \
	X(tile_count_4001, INV, carc_rules_builder_set_tile_count(B, 0, 4001)) \
	X(tile_count_max, INV, \
	  carc_rules_builder_set_tile_count(B, 0, UINT32_MAX)) \
	X(build_null_builder, INV, build_kept(NULL, 1)) \
	X(build_null_out, INV, build_kept(B, 0)) \
	X(build_4001_tiles, INV, build_too_big()) \
	X(builder_free_null, 0, (carc_rules_builder_free(NULL), 0)) \
	/* rules */ \
	X(rules_ref_null, 1, carc_rules_ref(NULL) == NULL) \
	X(rules_unref_null, 0, (carc_rules_unref(NULL), 0)) \
	X(rules_get_null, INV, rules_get_kept(NULL, CARC_OPT_FARMERS, 1)) \
	X(rules_get_null_out, INV, rules_get_kept(R, CARC_OPT_FARMERS, 0)) \
	X(rules_get_option0, CARC_E_UNKNOWN_OPTION, rules_get_kept(R, 0, 1)) \
	X(rules_get_option17, CARC_E_UNKNOWN_OPTION, \
	  rules_get_kept(R, N_OPTIONS + 1, 1)) \
	X(rules_get_option_max, CARC_E_UNKNOWN_OPTION, \
	  rules_get_kept(R, UINT32_MAX, 1)) \
	X(rules_tile_count_null, INV, carc_rules_tile_count(NULL, 0)) \
	X(rules_tile_count_tile, CARC_E_UNKNOWN_TILE, \
	  carc_rules_tile_count(R, CARC_TILE_TYPES)) \
	/* game lifecycle */ \
	X(game_new_null_rules, INV, game_new_kept(NULL, 2, 1)) \
	X(game_new_null_out, INV, game_new_kept(R, 2, 0)) \
	X(game_new_0_players, INV, game_new_kept(R, 0, 1)) \
	X(game_new_1_player, INV, game_new_kept(R, 1, 1)) \
	X(game_new_7_players, INV, game_new_kept(R, 7, 1)) \
	X(game_new_max_players, INV, game_new_kept(R, UINT32_MAX, 1)) \
	X(clone_null, INV, clone_kept(NULL, 1)) \
	X(clone_null_out, INV, clone_kept(P, 0)) \
	X(copy_null_dst, INV, carc_game_copy(NULL, P)) \
	X(copy_null_src, INV, carc_game_copy(D, NULL)) \
	X(copy_null_both, INV, carc_game_copy(NULL, NULL)) \
	X(copy_self, CARC_OK, carc_game_copy(D, D)) \
	X(game_free_null, 0, (carc_game_free(NULL), 0)) \
	/* game state */ \
	X(game_rules_null, 1, carc_game_rules(NULL) == NULL) \
	X(player_count_null, INV, carc_game_player_count(NULL)) \
	X(phase_null, INV, carc_game_phase(NULL)) \
	X(is_over_null, INV, carc_game_is_over(NULL)) \
	X(current_player_null, INV, carc_game_current_player(NULL)) \
	X(current_tile_null, INV, carc_game_current_tile(NULL)) \
	X(current_tile_over, CARC_E_GAME_OVER, carc_game_current_tile(O)) \
	X(legal_null, INV, carc_game_legal_moves(NULL, NULL, 0)) \
	X(legal_null_buffer, INV, carc_game_legal_moves(P, NULL, 1)) \
	X(legal_size_deploy, carc_game_legal_moves(D, NULL, 0), legal_short(D, 0)) \
	X(legal_short_deploy, carc_game_legal_moves(D, NULL, 0), legal_short(D, 1)) \
	X(legal_short_place, carc_game_legal_moves(P, NULL, 0), legal_short(P, 1)) \
	X(legal_over, 0, legal_short(O, 4)) \
	X(is_legal_null, INV, carc_game_is_legal(NULL, carc_move_pass())) \
	X(is_legal_none, 0, carc_game_is_legal(P, NONE)) \
	X(is_legal_reserved, 0, carc_game_is_legal(D, PASS_WITH(1ull << 63))) \
	X(score_null, INV, carc_game_score(NULL, 0)) \
	X(score_player, INV, carc_game_score(P, 3)) \
	X(score_player_max, INV, carc_game_score(P, UINT32_MAX)) \
	X(supply_null, INV, carc_game_supply(NULL, 0, CARC_FIGURE_FOLLOWER)) \
	X(supply_player, INV, carc_game_supply(P, 3, CARC_FIGURE_FOLLOWER)) \
	X(supply_figure0, INV, carc_game_supply(P, 0, 0)) \
	X(supply_figure9, INV, carc_game_supply(P, 0, 9)) \
	X(supply_figure_max, INV, carc_game_supply(P, 0, UINT32_MAX)) \
	X(hash_null, 1, carc_game_hash(NULL) == 0) \
	/* apply: malformed moves */ \
	X(apply_null, INV, carc_game_apply(NULL, carc_move_pass())) \
	X(apply_none, INV, carc_game_apply(P, NONE)) \
	X(apply_kind0, INV, carc_game_apply(P, (carc_move_t)1 << 32)) \
	X(apply_kind7, INV, carc_game_apply(P, 7)) \
	X(apply_kind_max, INV, carc_game_apply(P, 0xff)) \
	X(apply_all_bits, INV, carc_game_apply(P, UINT64_MAX)) \
	X(apply_place_rot4, INV, carc_game_apply(P, PLACE_RAW(4, 0, 0))) \
	X(apply_place_figure, INV, carc_game_apply(P, PLACE_RAW(0, 1, 0))) \
	X(apply_place_feature, INV, carc_game_apply(P, PLACE_RAW(0, 0, 0x11))) \
	X(apply_pass_bits_8, INV, carc_game_apply(D, PASS_WITH(1u << 8))) \
	X(apply_pass_bits_16, INV, carc_game_apply(D, PASS_WITH(1u << 16))) \
	X(apply_pass_bits_24, INV, carc_game_apply(D, PASS_WITH(1u << 24))) \
	X(apply_pass_bits_32, INV, carc_game_apply(D, PASS_WITH(1ull << 32))) \
	X(apply_pass_bits_48, INV, carc_game_apply(D, PASS_WITH(1ull << 48))) \
	X(apply_deploy_figure0, INV, carc_game_apply(D, DEPLOY_RAW(0, 0, 0x11))) \
	X(apply_deploy_figure9, INV, carc_game_apply(D, DEPLOY_RAW(9, 0, 0x11))) \
	X(apply_deploy_rotation, INV, carc_game_apply(D, DEPLOY_RAW(1, 1, 0x11))) \
	X(apply_deploy_feature0, INV, carc_game_apply(D, DEPLOY_RAW(1, 0, 0))) \
	X(apply_deploy_feature_bad, INV, \
	  carc_game_apply(D, DEPLOY_RAW(1, 0, 0x15))) \
	X(apply_build_feature, INV, \
	  carc_game_apply(D, DEPLOY_RAW(CARC_FIGURE_TOWER, 0, 0x11))) \
	X(apply_crop_choice0, INV, carc_game_apply(P, CARC_MOVE_CROP_CHOICE)) \
	X(apply_crop_choice3, INV, \
	  carc_game_apply(P, CARC_MOVE_CROP_CHOICE | 3u << 8)) \
	X(apply_remove_building, INV, \
	  carc_game_apply(P, (carc_move_t)CARC_MOVE_REMOVE | \
			     (carc_move_t)CARC_FIGURE_TOWER << 8 | 0x11u << 24)) \
	/* apply: moves for another decision point */ \
	X(place_phase_pass, CARC_E_WRONG_PHASE, carc_game_apply(P, carc_move_pass())) \
	X(place_phase_deploy, CARC_E_WRONG_PHASE, \
	  carc_game_apply(P, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1))) \
	X(place_phase_build, CARC_E_WRONG_PHASE, \
	  carc_game_apply(P, carc_move_build(CARC_FIGURE_TOWER, 0, 0))) \
	X(place_phase_crop, CARC_E_WRONG_PHASE, \
	  carc_game_apply(P, carc_move_crop_choice(CARC_CROP_DEPLOY))) \
	X(place_phase_remove, CARC_E_WRONG_PHASE, \
	  carc_game_apply(P, carc_move_remove(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1))) \
	X(place_taken, CARC_E_POSITION_TAKEN, carc_game_apply(P, carc_move_place(0, 0, 0))) \
	X(place_far, CARC_E_NOT_ADJACENT, carc_game_apply(P, carc_move_place(5, 5, 0))) \
	X(place_far_corner, CARC_E_NOT_ADJACENT, \
	  carc_game_apply(P, carc_move_place(-32768, 32767, 0))) \
	X(deploy_phase_place, CARC_E_WRONG_PHASE, \
	  carc_game_apply(D, carc_move_place(0, 1, 0))) \
	X(deploy_phase_crop, CARC_E_WRONG_PHASE, \
	  carc_game_apply(D, carc_move_crop_choice(CARC_CROP_REMOVE))) \
	X(deploy_phase_remove, CARC_E_WRONG_PHASE, \
	  carc_game_apply(D, carc_move_remove(CARC_FIGURE_FOLLOWER, last_x(), \
					      last_y(), present_feature()))) \
	X(deploy_phase_phantom, CARC_E_WRONG_PHASE, \
	  carc_game_apply(D, carc_move_deploy(CARC_FIGURE_PHANTOM, last_x(), \
					      last_y(), present_feature()))) \
	X(deploy_wrong_tile, CARC_E_WRONG_TILE, \
	  carc_game_apply(D, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1))) \
	X(deploy_far_tile, CARC_E_WRONG_TILE, \
	  carc_game_apply(D, carc_move_deploy(CARC_FIGURE_FOLLOWER, 300, -300, \
					      CARC_C1))) \
	X(deploy_no_feature, CARC_E_NO_FEATURE, \
	  carc_game_apply(D, carc_move_deploy(CARC_FIGURE_FOLLOWER, last_x(), \
					      last_y(), missing_feature()))) \
	X(build_wrong_tile, CARC_E_WRONG_TILE, \
	  carc_game_apply(D, carc_move_build(CARC_FIGURE_HOUSE, 0, 0))) \
	X(over_place, CARC_E_GAME_OVER, carc_game_apply(O, carc_move_place(0, 1, 0))) \
	X(over_pass, CARC_E_GAME_OVER, carc_game_apply(O, carc_move_pass())) \
	X(over_reserved, INV, carc_game_apply(O, PASS_WITH(1u << 9))) \
	/* the stack */ \
	X(remaining_null, INV, carc_game_remaining(NULL, 0)) \
	X(remaining_tile, CARC_E_UNKNOWN_TILE, carc_game_remaining(P, CARC_TILE_TYPES)) \
	X(remaining_tile_max, CARC_E_UNKNOWN_TILE, carc_game_remaining(P, UINT32_MAX)) \
	X(remaining_total_null, INV, carc_game_remaining_total(NULL)) \
	X(draw_order_null_game, INV, carc_game_set_draw_order(NULL, NULL, 0)) \
	X(draw_order_null_list, INV, draw_order(P, 5)) \
	X(draw_order_short, INV, draw_order(P, 1)) \
	X(draw_order_long, INV, draw_order(P, 2)) \
	X(draw_order_unknown_tile, CARC_E_UNKNOWN_TILE, draw_order(P, 3)) \
	X(draw_order_not_left, CARC_E_UNKNOWN_TILE, draw_order(P, 4)) \
	X(draw_order_phase, CARC_E_WRONG_PHASE, draw_order(D, 0)) \
	X(draw_order_over, CARC_E_GAME_OVER, draw_order(O, 0)) \
	X(stack_order_null_game, INV, carc_game_set_stack_order(NULL, NULL, 0)) \
	X(stack_order_null_list, INV, stack_order(P, 5)) \
	X(stack_order_short, INV, stack_order(P, 1)) \
	X(stack_order_long, INV, stack_order(P, 2)) \
	X(stack_order_deploy_short, INV, stack_order(D, 1)) \
	X(stack_order_deploy_long, INV, stack_order(D, 2)) \
	X(stack_order_unknown_tile, CARC_E_UNKNOWN_TILE, stack_order(D, 3)) \
	X(stack_order_not_left, CARC_E_UNKNOWN_TILE, stack_order(D, 4)) \
	X(stack_order_over, CARC_E_GAME_OVER, stack_order(O, 0)) \
	X(stack_order_over_null, CARC_E_GAME_OVER, stack_order(O, 5)) \
	X(next_tile_null, INV, carc_game_set_next_tile(NULL, 0)) \
	X(next_tile_unknown, CARC_E_UNKNOWN_TILE, \
	  carc_game_set_next_tile(P, CARC_TILE_TYPES)) \
	X(next_tile_max, CARC_E_UNKNOWN_TILE, carc_game_set_next_tile(P, UINT32_MAX)) \
	X(next_tile_not_left, CARC_E_UNKNOWN_TILE, \
	  carc_game_set_next_tile(P, tile_not_left(P))) \
	X(next_tile_phase, CARC_E_WRONG_PHASE, carc_game_set_next_tile(D, 0)) \
	X(next_tile_over, CARC_E_GAME_OVER, carc_game_set_next_tile(O, 0)) \
	X(shuffle_null, INV, carc_game_shuffle_stack(NULL, 1)) \
	X(draw_order_get_null, INV, carc_game_draw_order(NULL, NULL, 0)) \
	X(draw_order_get_null_buffer, INV, carc_game_draw_order(P, NULL, 1)) \
	X(drawn_count_null, INV, carc_game_drawn_count(NULL)) \
	X(memory_size_null, INV, carc_game_memory_size(NULL)) \
	/* history and records */ \
	X(history_count_null, INV, carc_game_history_count(NULL)) \
	X(history_at_null, INV, history_at_kept(NULL, 0)) \
	X(history_at_index, INV, history_at_kept(P, 0)) \
	X(history_at_index_max, INV, history_at_kept(E, UINT32_MAX)) \
	X(history_at_null_out, INV, carc_game_history_at(E, 0, NULL)) \
	X(save_null, INV, carc_game_save(NULL, NULL, 0)) \
	X(save_null_buffer, INV, carc_game_save(P, NULL, 1)) \
	X(load_null_text, INV, load_kept(NULL, 5, 1)) \
	X(load_null_out, INV, load_kept("", 0, 0)) \
	X(load_empty, CARC_E_PARSE, load_kept("", 0, 1)) \
	X(load_garbage, CARC_E_PARSE, load_kept("\x01\xff", 2, 1)) \
	X(discard_count_null, INV, carc_game_discard_count(NULL)) \
	X(discard_at_null, INV, carc_game_discard_at(NULL, 0)) \
	X(discard_at_index, INV, carc_game_discard_at(P, 0)) \
	X(discard_at_max, INV, carc_game_discard_at(P, UINT32_MAX)) \
	/* board queries */ \
	X(tile_count_game_null, INV, carc_game_tile_count(NULL)) \
	X(tile_at_null, INV, tile_at_kept(NULL, 0)) \
	X(tile_at_index, INV, tile_at_kept(P, 1)) \
	X(tile_at_index_max, INV, tile_at_kept(E, UINT32_MAX)) \
	X(tile_at_null_outs, CARC_OK, carc_game_tile_at(P, 0, NULL, NULL, NULL, NULL)) \
	X(tile_find_null, INV, carc_game_tile_find(NULL, 0, 0)) \
	X(tile_find_empty, CARC_E_NOT_FOUND, carc_game_tile_find(P, 1, 1)) \
	X(tile_find_alias_x, CARC_E_NOT_FOUND, carc_game_tile_find(P, 65536, 0)) \
	X(tile_find_alias_y, CARC_E_NOT_FOUND, carc_game_tile_find(P, 0, -65536)) \
	X(tile_find_min, CARC_E_NOT_FOUND, carc_game_tile_find(P, INT32_MIN, INT32_MIN)) \
	X(tile_find_max, CARC_E_NOT_FOUND, carc_game_tile_find(P, INT32_MAX, INT32_MAX)) \
	X(figure_count_null, INV, carc_game_figure_count(NULL)) \
	X(figure_at_null, INV, figure_at_kept(NULL, 0)) \
	X(figure_at_index, INV, figure_at_kept(P, 0)) \
	X(figure_at_index_max, INV, figure_at_kept(E, UINT32_MAX)) \
	X(building_count_null, INV, carc_game_building_count(NULL)) \
	X(building_at_null, INV, building_at_kept(NULL, 0)) \
	X(building_at_index, INV, building_at_kept(P, 0)) \
	X(building_at_index_max, INV, building_at_kept(E, UINT32_MAX)) \
	X(crop_action_null, INV, carc_game_crop_action(NULL)) \
	X(crop_action_place, 0, carc_game_crop_action(P)) \
	X(turn_part_null, INV, carc_game_turn_part(NULL)) \
	X(turn_part_place, CARC_TURN_FIRST, carc_game_turn_part(P)) \
	X(turn_part_over, CARC_E_GAME_OVER, carc_game_turn_part(O)) \
	X(complete_null, INV, carc_game_feature_is_complete(NULL, 0, 0, CARC_C1)) \
	X(complete_no_tile, CARC_E_NOT_FOUND, \
	  carc_game_feature_is_complete(P, 3, 3, CARC_C1)) \
	X(complete_alias, CARC_E_NOT_FOUND, \
	  carc_game_feature_is_complete(P, 65536, 65536, CARC_C1)) \
	X(complete_no_feature, CARC_E_NO_FEATURE, \
	  carc_game_feature_is_complete(P, 0, 0, CARC_MONASTERY)) \
	X(complete_feature0, CARC_E_NO_FEATURE, \
	  carc_game_feature_is_complete(P, 0, 0, 0)) \
	X(figures_null, INV, carc_game_feature_figures(NULL, 0, 0, CARC_C1, 0)) \
	X(figures_player, INV, carc_game_feature_figures(P, 0, 0, CARC_C1, 3)) \
	X(figures_player_max, INV, \
	  carc_game_feature_figures(P, 0, 0, CARC_C1, UINT32_MAX)) \
	X(figures_no_tile, CARC_E_NOT_FOUND, \
	  carc_game_feature_figures(P, -4, 2, CARC_C1, 0)) \
	X(figures_no_feature, CARC_E_NO_FEATURE, \
	  carc_game_feature_figures(P, 0, 0, CARC_C2, 0)) \
	/* events */ \
	X(event_count_null, INV, carc_game_event_count(NULL)) \
	X(event_get_null, INV, event_get_kept(NULL, 0, CARC_EVENT_TYPE)) \
	X(event_get_null_out, INV, carc_game_event_get(E, 0, CARC_EVENT_TYPE, NULL)) \
	X(event_get_none, INV, event_get_kept(P, 0, CARC_EVENT_TYPE)) \
	X(event_get_index, INV, \
	  event_get_kept(E, (uint32_t)carc_game_event_count(E), CARC_EVENT_TYPE)) \
	X(event_get_index_max, INV, event_get_kept(E, UINT32_MAX, CARC_EVENT_TYPE)) \
	X(event_get_attr0, INV, event_get_kept(E, 0, 0)) \
	X(event_get_attr14, INV, event_get_kept(E, 0, CARC_EVENT_GOODS_KIND + 1)) \
	X(event_get_attr_gap, INV, event_get_kept(E, 0, 0xff)) \
	X(event_get_points_player, INV, event_get_kept(E, 0, CARC_EVENT_POINTS + 2)) \
	X(event_get_points_player_max, INV, \
	  event_get_kept(E, 0, CARC_EVENT_POINTS + 0xff)) \
	X(event_get_figures_player, INV, event_get_kept(E, 0, CARC_EVENT_FIGURES + 6)) \
	X(event_get_bpoints_player, INV, \
	  event_get_kept(E, 0, CARC_EVENT_BUILDING_POINTS + 2)) \
	X(event_get_phantom_player, INV, event_get_kept(E, 0, CARC_EVENT_PHANTOM + 2)) \
	X(event_get_attr_0x600, INV, event_get_kept(E, 0, 0x600)) \
	X(event_get_attr_max, INV, event_get_kept(E, 0, UINT32_MAX)) \
	X(event_get_ok, CARC_OK, event_get_kept(E, 0, CARC_EVENT_POINTS + 1)) \
	/* move values */ \
	X(move_place_x, 1, carc_move_place(32768, 0, 0) == NONE) \
	X(move_place_y, 1, carc_move_place(0, -32769, 0) == NONE) \
	X(move_place_rotation, 1, carc_move_place(0, 0, 4) == NONE) \
	X(move_deploy_figure0, 1, carc_move_deploy(0, 0, 0, CARC_C1) == NONE) \
	X(move_deploy_feature0, 1, \
	  carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, 0) == NONE) \
	X(move_deploy_feature_bad, 1, \
	  carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, 0x15) == NONE) \
	X(move_deploy_x, 1, \
	  carc_move_deploy(CARC_FIGURE_FOLLOWER, INT32_MIN, 0, CARC_C1) == NONE) \
	X(move_build_follower, 1, \
	  carc_move_build(CARC_FIGURE_FOLLOWER, 0, 0) == NONE) \
	X(move_build_figure6, 1, carc_move_build(6, 0, 0) == NONE) \
	X(move_build_figure8, 1, carc_move_build(8, 0, 0) == NONE) \
	X(move_build_y, 1, carc_move_build(CARC_FIGURE_TOWER, 0, 32768) == NONE) \
	X(move_crop_choice0, 1, carc_move_crop_choice(0) == NONE) \
	X(move_crop_choice3, 1, carc_move_crop_choice(3) == NONE) \
	X(move_remove_figure0, 1, carc_move_remove(0, 0, 0, CARC_C1) == NONE) \
	X(move_remove_feature0, 1, \
	  carc_move_remove(CARC_FIGURE_FOLLOWER, 0, 0, 0) == NONE) \
	X(move_remove_x, 1, \
	  carc_move_remove(CARC_FIGURE_FOLLOWER, 40000, 0, CARC_C1) == NONE) \
	X(move_kind_none, 0, (int)carc_move_kind(NONE)) \
	X(move_fields_none, 0, \
	  (int)(carc_move_x(NONE) | carc_move_y(NONE) | \
		(int32_t)carc_move_rotation(NONE) | \
		(int32_t)carc_move_figure(NONE) | \
		(int32_t)carc_move_feature(NONE))) \
	X(move_pass_kind, CARC_MOVE_PASS, (int)carc_move_kind(carc_move_pass())) \
	X(describe_none, INV, describe_short(NONE, 8)) \
	X(describe_reserved, INV, describe_short(PASS_WITH(1ull << 40), 8)) \
	X(describe_kind7, INV, describe_short(7, 8)) \
	X(describe_null_buffer, INV, carc_move_describe(carc_move_pass(), NULL, 1)) \
	X(describe_size, 4, describe_short(carc_move_pass(), 0)) \
	X(describe_short_buffer, 4, describe_short(carc_move_pass(), 2)) \
	X(describe_exact, 4, describe_short(carc_move_pass(), 4))

struct row {
	const char *name;
	int (*want)(void);
	int (*call)(void);
};

#define DEFINE_ROW(id_, want_, expr_) \
	static int expect_##id_(void) { return (int)(want_); } \
	static int call_##id_(void) { return (int)(expr_); }
ROWS(DEFINE_ROW)
#undef DEFINE_ROW

#define ROW_ENTRY(id_, want_, expr_) { #id_, expect_##id_, call_##id_ },
static const struct row rows[] = {
	ROWS(ROW_ENTRY)
};
#undef ROW_ENTRY

#define N_ROWS ((int)(sizeof(rows) / sizeof(rows[0])))

/* The builder, after every row, still builds the default rules. */
static void
assert_builder_default(void)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *got = NULL, *want = NULL;
	int32_t v, w;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_build(b, &want));
	carc_rules_builder_free(b);
	assert_ok(carc_rules_builder_build(fx.builder, &got));
	for (uint32_t o = 1; o <= N_OPTIONS; o++) {
		assert_ok(carc_rules_get(got, o, &v));
		assert_ok(carc_rules_get(want, o, &w));
		ck_assert_int_eq(v, w);
	}
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		ck_assert_int_eq(carc_rules_tile_count(got, t),
				 carc_rules_tile_count(want, t));
	carc_rules_unref(got);
	carc_rules_unref(want);
}

START_TEST(bad_input_row)
{
	const struct row *r = &rows[_i];
	int want = r->want(), got;

	got = r->call();
	ck_assert_msg(got == want, "%s: got %d (%s), want %d (%s)", r->name,
		      got, got == CLOBBERED ? "output written on failure"
					    : carc_strerror(got),
		      want, carc_strerror(want));
	for (int i = 0; i < 4; i++)
		ck_assert_msg(carc_game_hash(fixture_games()[i]) == fx.hash[i],
			      "%s: game %d changed", r->name, i);
	assert_builder_default();
}
END_TEST

/* Each option just outside its range, at both ends and at the extremes
 * of int32_t: refused, and the builder keeps its value. */
static const struct {
	int32_t min, max;
} option_range[N_OPTIONS + 1] = {
	[CARC_OPT_FARM_SCORING] = { 0, 2 },
	[CARC_OPT_FARMERS] = { 0, 1 },
	[CARC_OPT_SMALL_CITY] = { 0, 1 },
	[CARC_OPT_FOLLOWERS] = { 1, 15 },
	[CARC_OPT_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_I] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_II] = { 0, 1 },
	[CARC_OPT_LITTLE_BUILDINGS] = { 0, 1 },
	[CARC_OPT_LB_SCORING] = { 0, 1 },
	[CARC_OPT_LB_DISTRIBUTION] = { 0, 1 },
	[CARC_OPT_LB_ZERO_FIELD] = { 0, 1 },
	[CARC_OPT_LB_PER_CITY_FIELDS] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_ANY] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_MANDATORY] = { 0, 1 },
	[CARC_OPT_CROP_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_AFTER_PHANTOM] = { 0, 1 },
	[CARC_OPT_RIVER] = { 0, 1 },
	[CARC_OPT_RIVER_START_TILE] = { 0, 2 },
	[CARC_OPT_RIVER_U_TURN] = { 0, 3 },
	[CARC_OPT_INNS_CATHEDRALS] = { 0, 1 },
	[CARC_OPT_TRADERS_BUILDERS] = { 0, 1 },
	[CARC_OPT_BUILDER_TURN] = { 0, 1 },
	[CARC_OPT_PHANTOM_WITH_FIGURE] = { 0, 1 },
	[CARC_OPT_BUILDER_ON_COMPLETED] = { 0, 1 },
	[CARC_OPT_RIVER_LAKE_TURN] = { 0, 1 },
};

START_TEST(option_out_of_range)
{
	uint32_t o = (uint32_t)_i;
	int32_t lo = option_range[o].min, hi = option_range[o].max;
	const int32_t bad[] = { lo - 1, hi + 1, INT32_MIN, INT32_MAX };

	for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++)
		assert_status_eq(carc_rules_builder_set(fx.builder, o, bad[k]),
				 CARC_E_INVALID);
	/* the ends of the range are accepted */
	assert_ok(carc_rules_builder_set(fx.builder, o, lo));
	assert_ok(carc_rules_builder_set(fx.builder, o, hi));
}
END_TEST

/* Every legal move of one decision point is refused at the others. */
START_TEST(moves_of_other_points)
{
	struct carc_game *games[2] = { fx.place, fx.deploy };
	carc_move_t moves[2][512];
	int n[2];

	for (int i = 0; i < 2; i++) {
		n[i] = carc_game_legal_moves(games[i], moves[i], 512);
		ck_assert_int_gt(n[i], 0);
		ck_assert_int_le(n[i], 512);
	}
	for (int i = 0; i < 2; i++)
		for (int k = 0; k < n[1 - i]; k++) {
			carc_move_t m = moves[1 - i][k];
			int rc;

			ck_assert_int_eq(carc_game_is_legal(games[i], m), 0);
			rc = carc_game_apply(games[i], m);
			ck_assert_int_lt(rc, 0);
			if (carc_move_kind(m) == CARC_MOVE_PLACE ||
			    carc_move_kind(m) == CARC_MOVE_PASS)
				assert_status_eq(rc, CARC_E_WRONG_PHASE);
			ck_assert(carc_game_hash(games[i]) == fx.hash[i]);
			ck_assert_int_eq(carc_game_is_over(fx.over), 1);
			assert_status_eq(carc_game_apply(fx.over, m),
					 CARC_E_GAME_OVER);
		}
	for (int i = 0; i < 4; i++)
		ck_assert(carc_game_hash(fixture_games()[i]) == fx.hash[i]);
}
END_TEST

/* Each reserved bit of each legal move makes it malformed. */
START_TEST(reserved_bits)
{
	struct carc_game *games[3] = { fx.place, fx.deploy, fx.events };
	carc_move_t moves[512];

	for (int i = 0; i < 3; i++) {
		int n = carc_game_legal_moves(games[i], moves, 512);

		ck_assert_int_le(n, 512);
		for (int k = 0; k < n; k++) {
			carc_move_t m = moves[k];
			uint32_t kind = carc_move_kind(m);
			uint64_t unused;

			/* the fields each kind leaves zero (doc/api/moves.md);
			 * figure and feature bits of a deployment may name
			 * another valid move, so only rotation is reserved */
			switch (kind) {
			case CARC_MOVE_PLACE:
				unused = 0xffull << 8 | 0xfcull << 16 |
					 0xffull << 24;
				break;
			case CARC_MOVE_DEPLOY:
			case CARC_MOVE_REMOVE:
				unused = 0xffull << 16;
				break;
			default:
				unused = ~0xffull;
				break;
			}
			for (int b = 8; b < 64; b++) {
				carc_move_t bad = m | (1ull << b);

				if (!(unused & (1ull << b)) || bad == m)
					continue;
				ck_assert_msg(carc_game_is_legal(games[i],
								 bad) == 0,
					      "move %#llx bit %d",
					      (unsigned long long)m, b);
				assert_status_eq(carc_game_apply(games[i], bad),
						 CARC_E_INVALID);
			}
		}
	}
	for (int i = 0; i < 4; i++)
		ck_assert(carc_game_hash(fixture_games()[i]) == fx.hash[i]);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("badinput");
	TCase *tc;

	tc = tcase_create("rows");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, bad_input_row, 0, N_ROWS);
	suite_add_tcase(s, tc);

	tc = tcase_create("options");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_loop_test(tc, option_out_of_range, 1, N_OPTIONS + 1);
	suite_add_tcase(s, tc);

	tc = tcase_create("moves");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, moves_of_other_points);
	tcase_add_test(tc, reserved_bits);
	suite_add_tcase(s, tc);
	return s;
}
