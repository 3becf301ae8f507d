/* SPDX-License-Identifier: MIT */
/*
 * Crop Circles I and II (doc/users/rules.md#crop-circles, rulings
 * doc/users/rules.md#ruling-1 to #ruling-7, doc/users/rules.md#example-e9 (b),
 * (c)): the 12 tiles, their place in the stack, and the crop-circle action with
 * its options.
 */
#include <stdarg.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/* ---- helpers ---------------------------------------------------------- */

/*
 * A scenario game of @players players (seed 1): @order names the draw
 * stack and order by tile names separated by blanks ("U CCI-4 A"), the
 * first in hand; @opts holds (option, value) pairs ended by 0.
 */
static struct carc_game *
scen_v(uint32_t players, const char *order, const int *opts)
{
	struct carc_rules_builder *b = NULL;
	uint32_t tiles[128];
	size_t n = 0;
	char buf[512];

	assert_ok(carc_rules_builder_new(&b));
	for (; opts[0] != 0; opts += 2)
		assert_ok(carc_rules_builder_set(b, (uint32_t)opts[0],
						 opts[1]));
	ck_assert_uint_lt(strlen(order), sizeof(buf));
	strcpy(buf, order);
	for (char *tok = strtok(buf, " "); tok != NULL;
	     tok = strtok(NULL, " ")) {
		int t = carc_tile_from_name(tok);

		ck_assert_msg(t >= 0, "unknown tile %s", tok);
		ck_assert_uint_lt(n, 128);
		tiles[n++] = (uint32_t)t;
	}
	return make_stacked_game(b, players, tiles, n);
}

/* scen_v() with the options as variable arguments ended by 0. */
static struct carc_game *
scen(uint32_t players, const char *order, ...)
{
	int opts[64];
	int k = 0;
	va_list ap;

	va_start(ap, order);
	for (;;) {
		ck_assert_int_lt(k, 62);
		opts[k] = va_arg(ap, int);
		if (opts[k] == 0)
			break;
		opts[k + 1] = va_arg(ap, int);
		k += 2;
	}
	va_end(ap);
	return scen_v(players, order, opts);
}

static void
phantom(uint32_t feature)
{
	carc_move_t m = deploy_move(g, feature);

	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM,
						      carc_move_x(m),
						      carc_move_y(m),
						      feature)));
}

static void
choose(uint32_t choice)
{
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(choice)));
}

static void
respond(carc_move_t m)
{
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_RESPONSE);
	assert_ok(carc_game_apply(g, m));
}

/* A crop-circle deployment or removal. */
static carc_move_t
dep(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	return carc_move_deploy(figure, x, y, feature);
}

static carc_move_t
rem(uint32_t figure, int32_t x, int32_t y, uint32_t feature)
{
	return carc_move_remove(figure, x, y, feature);
}

#define FOL CARC_FIGURE_FOLLOWER
#define PHA CARC_FIGURE_PHANTOM

/* The legal moves are exactly @want (in any order), each is_legal. */
static void
expect_moves_n(const carc_move_t *want, int n_want)
{
	carc_move_t got[64];
	int n = carc_game_legal_moves(g, got, 64);

	ck_assert_int_eq(n, n_want);
	for (int i = 0; i < n_want; i++) {
		int found = 0;
		char text[64];

		for (int k = 0; k < n; k++)
			found += got[k] == want[i];
		carc_move_describe(want[i], text, sizeof(text));
		ck_assert_msg(found == 1, "%s listed %d times", text, found);
		ck_assert_int_eq(carc_game_is_legal(g, want[i]), 1);
	}
}

#define expect_moves(...)                                                  \
	do {                                                               \
		const carc_move_t w__[] = { __VA_ARGS__ };                 \
		expect_moves_n(w__, (int)(sizeof(w__) / sizeof(w__[0])));  \
	} while (0)

/* @m is refused, the state (hash) unchanged. */
static void
reject(carc_move_t m)
{
	uint64_t before = carc_game_hash(g);

	ck_assert_int_eq(carc_game_is_legal(g, m), 0);
	ck_assert_int_lt(carc_game_apply(g, m), 0);
	ck_assert_msg(carc_game_hash(g) == before, "hash changed");
}

static void
at_response(uint32_t player)
{
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_RESPONSE);
	ck_assert_int_eq(carc_game_current_player(g), (int)player);
}

static void
at_place(uint32_t player)
{
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), (int)player);
	ck_assert_int_eq(carc_game_crop_action(g), 0);
}

static int
supply(uint32_t player, uint32_t figure)
{
	return carc_game_supply(g, player, figure);
}

/* ---- the 12 tiles (doc/users/rules.md#tiles-crop, transcribed
 * independently) */

#define SN 1
#define SE 2
#define SS 4
#define SW 8
#define NL (1 << 0)
#define NR (1 << 1)
#define EL (1 << 2)
#define ER (1 << 3)
#define SL (1 << 4)
#define SR (1 << 5)
#define WL (1 << 6)
#define WR (1 << 7)

struct cc_feat {
	uint32_t id;
	int mask;	/* sides of a city/road, half-edges of a field */
	int cities;	/* fields: bit n-1 for city cn */
};

struct cc_tile {
	uint32_t type;
	const char *name;
	int symbol;
	const char *sides;	/* N E S W */
	int n;
	struct cc_feat f[7];
};

#define SHIELD CARC_SYMBOL_SHIELD
#define CLUB CARC_SYMBOL_CLUB
#define FORK CARC_SYMBOL_PITCHFORK

static const struct cc_tile cc_tiles[12] = {
	{ CARC_TILE_CCI_1, "CCI-1", SHIELD, "CFFC", 2,
	  { { CARC_C1, SN | SW, 0 }, { CARC_F1, EL | ER | SL | SR, 1 } } },
	{ CARC_TILE_CCI_2, "CCI-2", SHIELD, "CCFF", 3,
	  { { CARC_C1, SN, 0 }, { CARC_C2, SE, 0 },
	    { CARC_F1, SL | SR | WL | WR, 3 } } },
	{ CARC_TILE_CCI_3, "CCI-3", FORK, "CRFF", 3,
	  { { CARC_C1, SN, 0 }, { CARC_R1, SE, 0 },
	    { CARC_F1, EL | ER | SL | SR | WL | WR, 1 } } },
	{ CARC_TILE_CCI_4, "CCI-4", CLUB, "FFRR", 3,
	  { { CARC_R1, SS | SW, 0 },
	    { CARC_F1, NL | NR | EL | ER | SL | WR, 0 },
	    { CARC_F2, SR | WL, 0 } } },
	{ CARC_TILE_CCI_5, "CCI-5", FORK, "CFRR", 4,
	  { { CARC_C1, SN, 0 }, { CARC_R1, SS | SW, 0 },
	    { CARC_F1, EL | ER | SL | WR, 1 }, { CARC_F2, SR | WL, 0 } } },
	{ CARC_TILE_CCI_6, "CCI-6", CLUB, "RFRR", 6,
	  { { CARC_R1, SN, 0 }, { CARC_R2, SS, 0 }, { CARC_R3, SW, 0 },
	    { CARC_F1, NL | WR, 0 }, { CARC_F2, NR | EL | ER | SL, 0 },
	    { CARC_F3, SR | WL, 0 } } },
	{ CARC_TILE_CCII_1, "CCII-1", CLUB, "FRRR", 5,
	  { { CARC_R1, SE, 0 }, { CARC_R2, SS | SW, 0 },
	    { CARC_F1, NL | NR | EL | WR, 0 }, { CARC_F2, ER | SL, 0 },
	    { CARC_F3, SR | WL, 0 } } },
	{ CARC_TILE_CCII_2, "CCII-2", CLUB, "RRRR", 6,
	  { { CARC_R1, SN, 0 }, { CARC_R2, SE, 0 }, { CARC_R3, SS | SW, 0 },
	    { CARC_F1, NL | ER | SL | WR, 0 }, { CARC_F2, NR | EL, 0 },
	    { CARC_F3, SR | WL, 0 } } },
	{ CARC_TILE_CCII_3, "CCII-3", FORK, "CFRF", 3,
	  { { CARC_C1, SN, 0 }, { CARC_R1, SS, 0 },
	    { CARC_F1, EL | ER | SL | SR | WL | WR, 1 } } },
	{ CARC_TILE_CCII_4, "CCII-4", FORK, "CRFR", 5,
	  { { CARC_C1, SN, 0 }, { CARC_R1, SE, 0 }, { CARC_R2, SW, 0 },
	    { CARC_F1, EL | WR, 1 }, { CARC_F2, ER | SL | SR | WL, 0 } } },
	{ CARC_TILE_CCII_5, "CCII-5", SHIELD, "CFCF", 4,
	  { { CARC_C1, SN, 0 }, { CARC_C2, SS, 0 },
	    { CARC_F1, EL | ER, 3 }, { CARC_F2, WL | WR, 3 } } },
	{ CARC_TILE_CCII_6, "CCII-6", SHIELD, "CCCC", 2,
	  { { CARC_C1, SN | SW, 0 }, { CARC_C2, SE | SS, 0 } } },
};

static int
edge_of(char c)
{
	return c == 'C' ? CARC_EDGE_CITY
	     : c == 'R' ? CARC_EDGE_ROAD : CARC_EDGE_FIELD;
}

static int
rot_sides(int mask, uint32_t r)
{
	int out = 0;

	for (uint32_t s = 0; s < 4; s++)
		if (mask & (1 << s))
			out |= 1 << ((s + r) % 4);
	return out;
}

static int
rot_halves(int mask, uint32_t r)
{
	int out = 0;

	for (uint32_t h = 0; h < 8; h++)
		if (mask & (1 << h))
			out |= 1 << ((h + 2 * r) % 8);
	return out;
}

START_TEST(cc_tile_names)
{
	const struct cc_tile *t = &cc_tiles[_i];

	ck_assert_uint_eq(t->type, CARC_TILE_CCI_1 + (uint32_t)_i);
	ck_assert_ptr_nonnull(carc_tile_name(t->type));
	ck_assert_str_eq(carc_tile_name(t->type), t->name);
	ck_assert_int_eq(carc_tile_from_name(t->name), (int)t->type);
	ck_assert_int_eq(carc_tile_symbol(t->type), t->symbol);
}
END_TEST

START_TEST(cc_tile_edges)
{
	const struct cc_tile *t = &cc_tiles[_i / 4];
	uint32_t r = (uint32_t)_i % 4;

	for (uint32_t s = 0; s < 4; s++)
		ck_assert_msg(carc_tile_edge(t->type, r, (s + r) % 4) ==
			      edge_of(t->sides[s]), "%s r%u side %u",
			      t->name, r, s);
}
END_TEST

START_TEST(cc_tile_features)
{
	const struct cc_tile *t = &cc_tiles[_i];
	uint32_t got[16];

	memset(got, 0xff, sizeof(got));
	ck_assert_int_eq(carc_tile_features(t->type, NULL, 0), t->n);
	ck_assert_int_eq(carc_tile_features(t->type, got, 16), t->n);
	for (int i = 0; i < t->n; i++) {
		ck_assert_msg(got[i] == t->f[i].id, "%s feature %d", t->name,
			      i);
		/* no pennant on any crop-circle tile */
		ck_assert_int_eq(carc_tile_feature_pennants(t->type, got[i]),
				 0);
		ck_assert_msg(carc_tile_field_cities(t->type, got[i]) ==
			      t->f[i].cities, "%s %s borders %d", t->name,
			      carc_feature_name(got[i]),
			      carc_tile_field_cities(t->type, got[i]));
	}
	ck_assert_uint_eq(got[t->n], UINT32_MAX);
	/* no monastery; features not listed do not exist */
	assert_status_eq(carc_tile_feature_sides(t->type, 0, CARC_MONASTERY),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_tile_feature_sides(t->type, 0, CARC_C3),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_tile_feature_sides(t->type, 0, CARC_R4),
			 CARC_E_NO_FEATURE);
	assert_status_eq(carc_tile_feature_sides(t->type, 0, CARC_F4),
			 CARC_E_NO_FEATURE);
}
END_TEST

START_TEST(cc_tile_feature_sides)
{
	const struct cc_tile *t = &cc_tiles[_i / 4];
	uint32_t r = (uint32_t)_i % 4;
	int fields = 0, cities = 0, roads = 0;

	for (int i = 0; i < t->n; i++) {
		const struct cc_feat *f = &t->f[i];
		int kind = (int)(f->id >> 4);
		int want = kind == CARC_FEATURE_FIELD ? rot_halves(f->mask, r)
						       : rot_sides(f->mask, r);

		ck_assert_msg(carc_tile_feature_sides(t->type, r, f->id) ==
			      want, "%s r%u %s: %#x want %#x", t->name, r,
			      carc_feature_name(f->id),
			      (unsigned)carc_tile_feature_sides(t->type, r,
								f->id),
			      (unsigned)want);
		if (kind == CARC_FEATURE_FIELD)
			fields |= want;
		else if (kind == CARC_FEATURE_CITY)
			cities |= want;
		else
			roads |= want;
	}
	/* the transcription is consistent with the side types */
	for (uint32_t s = 0; s < 4; s++) {
		int e = carc_tile_edge(t->type, r, s);

		ck_assert_int_eq(!!(cities & (1 << s)), e == CARC_EDGE_CITY);
		ck_assert_int_eq(!!(roads & (1 << s)), e == CARC_EDGE_ROAD);
		ck_assert_int_eq((fields >> (2 * s)) & 3,
				 e == CARC_EDGE_CITY ? 0 : 3);
	}
}
END_TEST

START_TEST(base_tiles_have_no_symbol)
{
	for (uint32_t t = CARC_TILE_A; t <= CARC_TILE_X; t++)
		ck_assert_int_eq(carc_tile_symbol(t), CARC_SYMBOL_NONE);
	assert_status_eq(carc_tile_symbol(CARC_TILE_TYPES),
			 CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_tile_from_name("CCI-7"), CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_tile_from_name("cci-1"), CARC_E_UNKNOWN_TILE);
	/* each set has two tiles of each symbol */
	for (int set = 0; set < 2; set++) {
		int n[4] = { 0, 0, 0, 0 };

		for (int i = 0; i < 6; i++)
			n[carc_tile_symbol(cc_tiles[set * 6 + i].type)]++;
		ck_assert_int_eq(n[CARC_SYMBOL_PITCHFORK], 2);
		ck_assert_int_eq(n[CARC_SYMBOL_CLUB], 2);
		ck_assert_int_eq(n[CARC_SYMBOL_SHIELD], 2);
	}
}
END_TEST

/* ---- the stack -------------------------------------------------------- */

static int
stack_total(const struct carc_rules *rules)
{
	int total = 0;

	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int c = carc_rules_tile_count(rules, t);

		ck_assert_int_ge(c, 0);
		total += c;
	}
	return total;
}

START_TEST(cc_tiles_only_when_switched_on)
{
	struct carc_rules *r;

	r = make_rules(NULL, 0);
	for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
		ck_assert_int_eq(carc_rules_tile_count(r, t), 0);
	ck_assert_int_eq(stack_total(r), 71);
	carc_rules_unref(r);

	r = make_rules(NULL, CARC_OPT_CROP_CIRCLES_I, 1, 0);
	for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
		ck_assert_int_eq(carc_rules_tile_count(r, t),
				 t <= CARC_TILE_CCI_6 ? 1 : 0);
	ck_assert_int_eq(stack_total(r), 77);
	carc_rules_unref(r);

	r = make_rules(NULL, CARC_OPT_CROP_CIRCLES_II, 1, 0);
	for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
		ck_assert_int_eq(carc_rules_tile_count(r, t),
				 t >= CARC_TILE_CCII_1 ? 1 : 0);
	ck_assert_int_eq(stack_total(r), 77);
	carc_rules_unref(r);
}
END_TEST

START_TEST(cc_both_sets_84_tiles)
{
	struct carc_rules *r = make_rules(NULL, CARC_OPT_CROP_CIRCLES_I, 1,
					  CARC_OPT_CROP_CIRCLES_II, 1, 0);
	int32_t v = -1;

	assert_ok(carc_rules_get(r, CARC_OPT_CROP_CIRCLES_I, &v));
	ck_assert_int_eq(v, 1);
	ck_assert_int_eq(stack_total(r), 83);	/* + start tile = 84 */
	g = make_game(r, 3, 7);
	carc_rules_unref(r);
	/* one tile in hand, 82 in the stack */
	ck_assert_int_eq(carc_game_remaining_total(g), 82);
	{
		int cc = 0;

		for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
			cc += carc_game_remaining(g, t);
		cc += carc_game_current_tile(g) >= CARC_TILE_CCI_1;
		ck_assert_int_eq(cc, 12);
	}
}
END_TEST

START_TEST(cc_count_ignored_when_off)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;

	/* a count set for a switched-off set's tile does not put it in */
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set_tile_count(b, CARC_TILE_CCI_2, 2));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	ck_assert_int_eq(carc_rules_tile_count(r, CARC_TILE_CCI_2), 0);
	ck_assert_int_eq(stack_total(r), 71);
	/* and a game of these rules never draws one */
	g = make_game(r, 2, 3);
	carc_rules_unref(r);
	for (uint32_t t = CARC_TILE_CCI_1; t <= CARC_TILE_CCII_6; t++)
		ck_assert_int_eq(carc_game_remaining(g, t), 0);
	ck_assert_int_lt(carc_game_current_tile(g), CARC_TILE_CCI_1);
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_CCI_1),
			 CARC_E_UNKNOWN_TILE);
}
END_TEST

/* ---- the choice ------------------------------------------------------- */

START_TEST(choice_even_without_figures)
{
	g = scen(2, "CCI-4 U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_CCI_4, 1, 0, 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	ck_assert_int_eq(carc_game_crop_action(g), 0);
	expect_moves(carc_move_crop_choice(CARC_CROP_DEPLOY),
		     carc_move_crop_choice(CARC_CROP_REMOVE));
	reject(carc_move_pass());
	reject(carc_move_place(2, 0, 0));
	reject(dep(FOL, 1, 0, CARC_R1));
	ck_assert(carc_move_crop_choice(3) == CARC_MOVE_NONE);
	ck_assert(carc_move_crop_choice(0) == CARC_MOVE_NONE);
	choose(CARC_CROP_REMOVE);
	/* nobody can act: straight to the next turn */
	at_place(1);
}
END_TEST

START_TEST(no_crop_circle_no_choice)
{
	g = scen(2, "V U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_V, 1, 0, 0);
	deploy(g, CARC_R1);
	at_place(1);
}
END_TEST

/* ---- order of the responses ------------------------------------------ */

/*
 * Four players, thieves on separate roads: P0 on the east road of
 * W(0)@(1,0), P1 on U(1)@(1,1) (south road of the W), P2 on
 * U(0)@(-1,0) (the road through SD to the W), then P3 places
 * CCI-4(0)@(0,1) (club), with a thief on its own road if @p3_thief.
 */
static void
setup4(int p3_thief, const int *opts)
{
	int o[32] = { CARC_OPT_CROP_CIRCLES_I, 1 };
	int k = 2;

	for (; opts[0] != 0; opts += 2) {
		o[k++] = opts[0];
		o[k++] = opts[1];
	}
	o[k] = 0;
	g = scen_v(4, "W U U CCI-4 U", o);
	play(g, CARC_TILE_W, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 1, 1, 1);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, -1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);
	if (p3_thief)
		deploy(g, CARC_R1);
	else
		pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	ck_assert_int_eq(carc_game_current_player(g), 3);
}

static const int no_opts[] = { 0 };

START_TEST(order_four_players_deploy)
{
	setup4(1, no_opts);
	choose(CARC_CROP_DEPLOY);
	ck_assert_int_eq(carc_game_crop_action(g), CARC_CROP_DEPLOY);
	at_response(0);
	expect_moves(dep(FOL, 1, 0, CARC_R1), carc_move_pass());
	respond(dep(FOL, 1, 0, CARC_R1));
	ck_assert_int_eq(carc_game_event_count(g), 0);
	at_response(1);
	expect_moves(dep(FOL, 1, 1, CARC_R1), carc_move_pass());
	respond(carc_move_pass());
	at_response(2);
	expect_moves(dep(FOL, -1, 0, CARC_R1), carc_move_pass());
	respond(dep(FOL, -1, 0, CARC_R1));
	/* the active player last */
	at_response(3);
	ck_assert_int_eq(carc_game_crop_action(g), CARC_CROP_DEPLOY);
	expect_moves(dep(FOL, 0, 1, CARC_R1), carc_move_pass());
	respond(dep(FOL, 0, 1, CARC_R1));
	at_place(0);
	ck_assert_int_eq(supply(0, FOL), 5);
	ck_assert_int_eq(supply(1, FOL), 6);
	ck_assert_int_eq(supply(2, FOL), 5);
	ck_assert_int_eq(supply(3, FOL), 5);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_R1, 0), 2);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, 2), 2);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 1, CARC_R1, 3), 2);
	ck_assert_int_eq(carc_game_figure_count(g), 7);
	/* nothing was scored */
	for (uint32_t p = 0; p < 4; p++)
		ck_assert_int_eq(carc_game_score(g, p), 0);
}
END_TEST

START_TEST(order_four_players_active_skipped)
{
	setup4(0, no_opts);
	choose(CARC_CROP_REMOVE);
	ck_assert_int_eq(carc_game_crop_action(g), CARC_CROP_REMOVE);
	at_response(0);
	expect_moves(rem(FOL, 1, 0, CARC_R1));
	reject(carc_move_pass());
	respond(rem(FOL, 1, 0, CARC_R1));
	at_response(1);
	respond(rem(FOL, 1, 1, CARC_R1));
	at_response(2);
	respond(rem(FOL, -1, 0, CARC_R1));
	/* P3 has no thief: skipped */
	at_place(0);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	for (uint32_t p = 0; p < 4; p++) {
		ck_assert_int_eq(supply(p, FOL), 7);
		ck_assert_int_eq(carc_game_score(g, p), 0);
	}
}
END_TEST

START_TEST(order_three_players_wraps)
{
	/* P1 is active: P2 first, then P0; P1 (no thief) is skipped */
	g = scen(3, "W U U U CCI-4 U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_W, 1, 0, 0);		/* P0 */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 1, 1, 1);		/* P1 */
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);		/* P2 */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 2, 0, 0);		/* P0: his road, no thief */
	pass(g);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);	/* P1 */
	pass(g);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	choose(CARC_CROP_REMOVE);
	at_response(2);
	expect_moves(rem(FOL, -1, 0, CARC_R1));
	reject(rem(FOL, 1, 0, CARC_R1));	/* not his */
	respond(rem(FOL, -1, 0, CARC_R1));
	at_response(0);
	expect_moves(rem(FOL, 1, 0, CARC_R1));
	respond(rem(FOL, 1, 0, CARC_R1));
	at_place(2);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
}
END_TEST

START_TEST(order_three_players_deploy_wraps)
{
	g = scen(3, "W U U U CCI-4 U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_W, 1, 0, 0);		/* P0 */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 1, 1, 1);		/* P1 */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, -1, 0, 0);		/* P2 */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 2, 0, 0);		/* P0 */
	pass(g);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);	/* P1 */
	pass(g);
	choose(CARC_CROP_DEPLOY);
	at_response(2);
	respond(carc_move_pass());
	at_response(0);
	respond(carc_move_pass());
	at_response(1);
	respond(carc_move_pass());
	at_place(2);
}
END_TEST

START_TEST(skip_player_with_empty_supply)
{
	/* two followers each: Red has none left, Blue one */
	g = scen(2, "W U U CCI-4 U", CARC_OPT_CROP_CIRCLES_I, 1,
		 CARC_OPT_FOLLOWERS, 2, 0);
	play(g, CARC_TILE_W, 1, 0, 0);		/* Red */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 1, 1, 1);		/* Red */
	deploy(g, CARC_R1);
	ck_assert_int_eq(supply(0, FOL), 0);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);	/* Blue */
	pass(g);
	choose(CARC_CROP_DEPLOY);
	/* Red cannot add anything: skipped; Blue acts last */
	at_response(1);
	expect_moves(dep(FOL, -1, 0, CARC_R1), carc_move_pass());
	respond(dep(FOL, -1, 0, CARC_R1));
	at_place(0);
	ck_assert_int_eq(supply(1, FOL), 0);
}
END_TEST

START_TEST(remove_with_empty_supply_not_skipped)
{
	g = scen(2, "W U U CCI-4 U", CARC_OPT_CROP_CIRCLES_I, 1,
		 CARC_OPT_FOLLOWERS, 2, 0);
	play(g, CARC_TILE_W, 1, 0, 0);		/* Red */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	pass(g);
	play(g, CARC_TILE_U, 1, 1, 1);		/* Red */
	deploy(g, CARC_R1);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);	/* Blue */
	pass(g);
	choose(CARC_CROP_REMOVE);
	/* Red chooses which of his two thieves goes */
	at_response(0);
	expect_moves(rem(FOL, 1, 0, CARC_R1), rem(FOL, 1, 1, CARC_R1));
	reject(carc_move_pass());
	reject(rem(FOL, -1, 0, CARC_R1));	/* nobody there */
	reject(rem(PHA, 1, 1, CARC_R1));	/* wrong figure kind */
	reject(rem(FOL, 1, 0, CARC_F1));	/* not where he stands */
	reject(rem(FOL, 5, 5, CARC_R1));	/* no tile */
	reject(dep(FOL, 1, 1, CARC_R1));	/* removal was chosen */
	respond(rem(FOL, 1, 1, CARC_R1));
	/* Blue has no thief: skipped */
	at_place(0);
	ck_assert_int_eq(supply(0, FOL), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 0, CARC_R1, 0), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 1, CARC_R1, 0), 0);
}
END_TEST

/* ---- deploy target, mandatory ------------------------------------------ */

START_TEST(deploy_next_to_own_only)
{
	setup4(1, no_opts);
	choose(CARC_CROP_DEPLOY);
	at_response(0);
	/* another player's thief, another piece of his own road, a tile
	 * without figures: all refused */
	reject(dep(FOL, -1, 0, CARC_R1));
	reject(dep(FOL, 1, 1, CARC_R1));
	reject(dep(FOL, 0, 0, CARC_R1));
	reject(dep(FOL, 1, 0, CARC_R3));
	reject(dep(FOL, 1, 0, CARC_F1));
	reject(dep(FOL, 1, 0, CARC_C1));
	reject(carc_move_build(CARC_FIGURE_TOWER, 1, 0));
	reject(rem(FOL, 1, 0, CARC_R1));
	reject(carc_move_crop_choice(CARC_CROP_DEPLOY));
	respond(carc_move_pass());
}
END_TEST

START_TEST(deploy_any_option)
{
	static const int any[] = { CARC_OPT_CROP_DEPLOY_ANY, 1, 0 };

	setup4(1, any);
	choose(CARC_CROP_DEPLOY);
	at_response(0);
	expect_moves(dep(FOL, 1, 0, CARC_R1), dep(FOL, 1, 1, CARC_R1),
		     dep(FOL, -1, 0, CARC_R1), dep(FOL, 0, 1, CARC_R1),
		     carc_move_pass());
	/* still the piece where a thief stands, not any piece */
	reject(dep(FOL, 0, 0, CARC_R1));
	respond(dep(FOL, -1, 0, CARC_R1));
	ck_assert_int_eq(carc_game_feature_figures(g, -1, 0, CARC_R1, 0), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, -1, 0, CARC_R1, 2), 1);
	at_response(1);
	respond(carc_move_pass());
	at_response(2);
	respond(carc_move_pass());
	at_response(3);
	respond(carc_move_pass());
	at_place(0);
}
END_TEST

START_TEST(deploy_any_still_needs_own_figure)
{
	static const int any[] = { CARC_OPT_CROP_DEPLOY_ANY, 1, 0 };

	setup4(0, any);
	choose(CARC_CROP_DEPLOY);
	at_response(0);
	respond(carc_move_pass());
	at_response(1);
	respond(carc_move_pass());
	at_response(2);
	respond(carc_move_pass());
	/* P3 has no thief of his own: skipped although ANY */
	at_place(0);
}
END_TEST

START_TEST(deploy_mandatory_option)
{
	static const int mand[] = { CARC_OPT_CROP_DEPLOY_MANDATORY, 1, 0 };

	setup4(1, mand);
	choose(CARC_CROP_DEPLOY);
	at_response(0);
	expect_moves(dep(FOL, 1, 0, CARC_R1));
	apply_expect(g, carc_move_pass(), CARC_E_NOT_ALLOWED);
	respond(dep(FOL, 1, 0, CARC_R1));
	at_response(1);
	reject(carc_move_pass());
	respond(dep(FOL, 1, 1, CARC_R1));
	at_response(2);
	respond(dep(FOL, -1, 0, CARC_R1));
	at_response(3);
	respond(dep(FOL, 0, 1, CARC_R1));
	at_place(0);
	ck_assert_int_eq(carc_game_figure_count(g), 8);
}
END_TEST

START_TEST(deploy_optional_by_default)
{
	setup4(1, no_opts);
	choose(CARC_CROP_DEPLOY);
	at_response(0);
	apply_expect(g, carc_move_pass(), CARC_OK);
	at_response(1);
}
END_TEST

/* ---- symbols ---------------------------------------------------------- */

START_TEST(pitchfork_ignored_without_farmers)
{
	g = scen(2, "CCI-3 U", CARC_OPT_CROP_CIRCLES_I, 1, CARC_OPT_FARMERS, 0,
		 0);
	play(g, CARC_TILE_CCI_3, 0, -1, 2);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_score(g, 0), 4);
	at_place(1);
}
END_TEST

START_TEST(pitchfork_with_farmers)
{
	g = scen(2, "CCI-3 U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_CCI_3, 0, -1, 2);
	deploy(g, CARC_F1);
	choose(CARC_CROP_REMOVE);
	at_response(0);
	expect_moves(rem(FOL, 0, -1, CARC_F1));
	respond(rem(FOL, 0, -1, CARC_F1));
	at_place(1);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	ck_assert_int_eq(supply(0, FOL), 7);
}
END_TEST

START_TEST(shield_affects_knights_only)
{
	/* Red has a thief, Blue a knight: under a shield only Blue acts,
	 * and only next to his knight */
	g = scen(2, "U CCI-2 U", CARC_OPT_CROP_CIRCLES_I, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);		/* Red */
	deploy(g, CARC_R1);
	/* CCI-2(1)@(0,-1): cap c2 faces S and closes SD's city, cap c1
	 * faces E and stays open */
	play(g, CARC_TILE_CCI_2, 0, -1, 1);	/* Blue */
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_feature_is_complete(g, 0, 0, CARC_C1), 1);
	ck_assert_int_eq(carc_game_figure_count(g), 2);
	choose(CARC_CROP_DEPLOY);
	at_response(1);
	expect_moves(dep(FOL, 0, -1, CARC_C1), carc_move_pass());
	reject(dep(FOL, 1, 0, CARC_R1));
	respond(dep(FOL, 0, -1, CARC_C1));
	at_place(0);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, -1, CARC_C1, 1), 2);
}
END_TEST

/* ---- discarded and last tiles ---------------------------------------- */

START_TEST(discarded_crop_tile_triggers_nothing)
{
	/* after E(2)@(0,-1) every open position needs a field or road
	 * side: CCII-6 (all city) fits nowhere and is discarded */
	g = scen(2, "E CCII-6 U", CARC_OPT_CROP_CIRCLES_II, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	at_place(1);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_U);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_CCII_6);
}
END_TEST

START_TEST(discarded_last_crop_tile_ends_game)
{
	g = scen(2, "E CCII-6", CARC_OPT_CROP_CIRCLES_II, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	/* the farmer's field borders the completed 2-tile city: 3 */
	ck_assert_int_eq(carc_game_score(g, 0), 3);
}
END_TEST

/* ---- E9: phantom and the crop-circle action -------------------------- */

#define BLUE 0
#define RED 1

/*
 * E9 up to Blue's crop-circle tile: Blue's thief on U(0)@(-1,0), Red's
 * phantom on V(0)@(-1,1), the roads joined by V(3)@(-2,0) and
 * V(2)@(-2,1).  @extra: further (option, value) pairs ended by 0.
 */
static void
e9_setup(const char *order, const int *extra)
{
	int o[32] = { CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1 };
	int k = 4;

	for (; extra[0] != 0; extra += 2) {
		o[k++] = extra[0];
		o[k++] = extra[1];
	}
	o[k] = 0;
	g = scen_v(2, order, o);
	play(g, CARC_TILE_U, -1, 0, 0);		/* Blue */
	deploy(g, CARC_R1);
	pass(g);
	play(g, CARC_TILE_V, -1, 1, 0);		/* Red */
	pass(g);
	phantom(CARC_R1);
	play(g, CARC_TILE_V, -2, 0, 3);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_V, -2, 1, 2);		/* Red */
	pass(g);
	at_place(BLUE);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, RED), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, BLUE), 1);
}

/* Blue: CCI-4(0)@(1,0), nothing deployed. */
static void
e9_crop_tile(void)
{
	play(g, CARC_TILE_CCI_4, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
}

/* Red: A(2)@(-1,2), Blue: A(2)@(1,1): the road is complete. */
static void
e9_finish(void)
{
	play(g, CARC_TILE_A, -1, 2, 2);		/* Red */
	pass(g);
	if (carc_game_phase(g) == CARC_PHASE_PHANTOM)
		pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	play(g, CARC_TILE_A, 1, 1, 2);		/* Blue */
	pass(g);
	if (carc_game_phase(g) == CARC_PHASE_PHANTOM)
		pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
}

static int32_t
ev_attr(uint32_t index, uint32_t attr)
{
	int32_t v = -999;

	assert_ok(carc_game_event_get(g, index, attr, &v));
	return v;
}

START_TEST(e9b_both_add)
{
	e9_setup("U V V V CCI-4 A A", no_opts);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	/* Red first: his only thief is the phantom, the anchor */
	at_response(RED);
	expect_moves(dep(FOL, -1, 1, CARC_R1), carc_move_pass());
	reject(dep(PHA, -1, 1, CARC_R1));	/* his phantom is out */
	respond(dep(FOL, -1, 1, CARC_R1));
	/* Blue last; his phantom is in the supply */
	at_response(BLUE);
	expect_moves(dep(FOL, -1, 0, CARC_R1), dep(PHA, -1, 0, CARC_R1),
		     carc_move_pass());
	respond(dep(FOL, -1, 0, CARC_R1));
	at_place(RED);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, RED), 2);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, BLUE), 2);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 8);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 8);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + BLUE), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + BLUE), 0);
	ck_assert_int_eq(supply(RED, FOL), 7);
	ck_assert_int_eq(supply(RED, PHA), 1);
	ck_assert_int_eq(supply(BLUE, FOL), 7);
}
END_TEST

/* After both add, a second club: each removes one of his two thieves
 * and the road, still held by one each, scores for both when complete
 * (a removal leaves the set held while others stand on it). */
START_TEST(e9b_remove_one_of_two)
{
	carc_move_t moves[256];
	int n, k;

	e9_setup("U V V V CCI-4 CCI-4 A A", no_opts);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	respond(dep(FOL, -1, 1, CARC_R1));
	respond(dep(FOL, -1, 0, CARC_R1));
	at_place(RED);
	/* Red: the second club north of the start tile, off the road */
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_CCI_4));
	n = carc_game_legal_moves(g, moves, 256);
	for (k = 0; k < n && carc_move_y(moves[k]) >= 0; k++)
		;
	ck_assert_int_lt(k, n);
	assert_ok(carc_game_apply(g, moves[k]));
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
	choose(CARC_CROP_REMOVE);
	at_response(BLUE);
	respond(rem(FOL, -1, 0, CARC_R1));
	at_response(RED);
	respond(rem(PHA, -1, 1, CARC_R1));
	at_place(BLUE);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, RED), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_R1, BLUE), 1);
	/* both phantoms are in the supply now: a phantom step each */
	play(g, CARC_TILE_A, -1, 2, 2);		/* Blue */
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
	play(g, CARC_TILE_A, 1, 1, 2);		/* Red */
	pass(g);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 8);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + BLUE), 1);
	ck_assert_int_eq(supply(RED, FOL), 7);
	ck_assert_int_eq(supply(RED, PHA), 1);
	ck_assert_int_eq(supply(BLUE, FOL), 7);
}
END_TEST

START_TEST(e9b_blue_declines)
{
	e9_setup("U V V V CCI-4 A A", no_opts);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	respond(dep(FOL, -1, 1, CARC_R1));
	at_response(BLUE);
	respond(carc_move_pass());
	at_place(RED);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(e9c_remove)
{
	e9_setup("U V V V CCI-4 A A", no_opts);
	e9_crop_tile();
	choose(CARC_CROP_REMOVE);
	at_response(RED);
	expect_moves(rem(PHA, -1, 1, CARC_R1));
	apply_expect(g, carc_move_pass(), CARC_E_NOT_ALLOWED);
	reject(rem(FOL, -1, 1, CARC_R1));
	respond(rem(PHA, -1, 1, CARC_R1));
	ck_assert_int_eq(supply(RED, PHA), 1);
	at_response(BLUE);
	expect_moves(rem(FOL, -1, 0, CARC_R1));
	respond(rem(FOL, -1, 0, CARC_R1));
	at_place(RED);
	ck_assert_int_eq(carc_game_figure_count(g), 0);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(crop_phantom_excluded)
{
	static const int o[] = { CARC_OPT_CROP_PHANTOM, 0, 0 };

	/* deploy: Red's only thief is the phantom, so he is skipped; Blue
	 * may not add his phantom */
	e9_setup("U V V V CCI-4 A A", o);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	at_response(BLUE);
	expect_moves(dep(FOL, -1, 0, CARC_R1), carc_move_pass());
	apply_expect(g, dep(PHA, -1, 0, CARC_R1), CARC_E_NOT_ALLOWED);
	respond(dep(FOL, -1, 0, CARC_R1));
	at_place(RED);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	ck_assert_int_eq(carc_game_score(g, BLUE), 8);
}
END_TEST

START_TEST(crop_phantom_excluded_remove)
{
	static const int o[] = { CARC_OPT_CROP_PHANTOM, 0, 0 };

	e9_setup("U V V V CCI-4 A A", o);
	e9_crop_tile();
	choose(CARC_CROP_REMOVE);
	/* the phantom stays; Red is skipped */
	at_response(BLUE);
	respond(rem(FOL, -1, 0, CARC_R1));
	at_place(RED);
	ck_assert_int_eq(supply(RED, PHA), 0);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(crop_phantom_added)
{
	/* one follower each, deploy mandatory: Blue's only piece in the
	 * supply is his phantom, which he must add */
	static const int o[] = { CARC_OPT_FOLLOWERS, 1,
				 CARC_OPT_CROP_DEPLOY_MANDATORY, 1, 0 };

	e9_setup("U V V V CCI-4 A A", o);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	at_response(RED);
	expect_moves(dep(FOL, -1, 1, CARC_R1));
	respond(dep(FOL, -1, 1, CARC_R1));
	at_response(BLUE);
	expect_moves(dep(PHA, -1, 0, CARC_R1));
	reject(dep(FOL, -1, 0, CARC_R1));
	respond(dep(PHA, -1, 0, CARC_R1));
	ck_assert_int_eq(supply(BLUE, PHA), 0);
	ck_assert_int_eq(supply(BLUE, FOL), 0);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 8);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + BLUE), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_PHANTOM + RED), 1);
}
END_TEST

/* Blue places the crop tile with his phantom as farmer on it. */
static void
e9_crop_tile_with_phantom(void)
{
	play(g, CARC_TILE_CCI_4, 1, 0, 0);
	pass(g);
	phantom(CARC_F1);
	ck_assert_int_eq(supply(BLUE, PHA), 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
}

START_TEST(crop_after_phantom_allowed)
{
	e9_setup("U V V V CCI-4 A A", no_opts);
	e9_crop_tile_with_phantom();
	choose(CARC_CROP_DEPLOY);
	at_response(RED);
	respond(dep(FOL, -1, 1, CARC_R1));
	at_response(BLUE);
	expect_moves(dep(FOL, -1, 0, CARC_R1), carc_move_pass());
	respond(dep(FOL, -1, 0, CARC_R1));
	at_place(RED);
}
END_TEST

START_TEST(crop_after_phantom_forbidden)
{
	static const int o[] = { CARC_OPT_CROP_AFTER_PHANTOM, 0, 0 };

	e9_setup("U V V V CCI-4 A A", o);
	e9_crop_tile_with_phantom();
	choose(CARC_CROP_DEPLOY);
	at_response(RED);
	respond(dep(FOL, -1, 1, CARC_R1));
	/* Blue placed his phantom this turn: no crop deploy for him */
	at_place(RED);
	e9_finish();
	ck_assert_int_eq(carc_game_score(g, RED), 8);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(crop_after_phantom_forbidden_remove_still_due)
{
	static const int o[] = { CARC_OPT_CROP_AFTER_PHANTOM, 0, 0 };

	e9_setup("U V V V CCI-4 A A", o);
	e9_crop_tile_with_phantom();
	choose(CARC_CROP_REMOVE);
	at_response(RED);
	respond(rem(PHA, -1, 1, CARC_R1));
	at_response(BLUE);
	expect_moves(rem(FOL, -1, 0, CARC_R1));
	respond(rem(FOL, -1, 0, CARC_R1));
	at_place(RED);
}
END_TEST

START_TEST(crop_after_phantom_other_turn)
{
	/* the restriction is about the phantom placed in this turn only:
	 * Red placed his phantom turns ago and is the active player of a
	 * later crop tile */
	static const int o[] = { CARC_OPT_CROP_AFTER_PHANTOM, 0, 0 };

	e9_setup("U V V V U CCI-4 A", o);
	play(g, CARC_TILE_U, 1, 0, 0);		/* Blue */
	pass(g);
	pass(g);
	play(g, CARC_TILE_CCI_4, 2, 0, 0);	/* Red: road continues */
	pass(g);
	choose(CARC_CROP_DEPLOY);
	at_response(BLUE);
	respond(carc_move_pass());
	at_response(RED);
	expect_moves(dep(FOL, -1, 1, CARC_R1), carc_move_pass());
}
END_TEST

/* ---- last tile -------------------------------------------------------- */

START_TEST(last_tile_action_before_final_remove)
{
	e9_setup("U V V V CCI-4", no_opts);
	e9_crop_tile();
	ck_assert_int_eq(carc_game_is_over(g), 0);
	choose(CARC_CROP_REMOVE);
	respond(rem(PHA, -1, 1, CARC_R1));
	ck_assert_int_eq(carc_game_is_over(g), 0);
	respond(rem(FOL, -1, 0, CARC_R1));
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_GAME_OVER);
	ck_assert_int_eq(carc_game_event_count(g), 0);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	ck_assert_int_eq(carc_game_score(g, BLUE), 0);
}
END_TEST

START_TEST(last_tile_action_before_final_deploy)
{
	e9_setup("U V V V CCI-4", no_opts);
	e9_crop_tile();
	choose(CARC_CROP_DEPLOY);
	respond(carc_move_pass());
	ck_assert_int_eq(carc_game_is_over(g), 0);
	respond(dep(FOL, -1, 0, CARC_R1));
	ck_assert_int_eq(carc_game_is_over(g), 1);
	/* incomplete road of 6 tiles, Blue 2 : Red 1 */
	ck_assert_int_eq(carc_game_score(g, BLUE), 6);
	ck_assert_int_eq(carc_game_score(g, RED), 0);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TYPE), CARC_EVENT_FINAL);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_TILES), 6);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + BLUE), 2);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_FIGURES + RED), 1);
	ck_assert_int_eq(ev_attr(0, CARC_EVENT_SCORERS), 1 << BLUE);
}
END_TEST

START_TEST(crop_rejections_keep_hash)
{
	e9_setup("U V V V CCI-4 A A", no_opts);
	e9_crop_tile();
	reject(carc_move_pass());
	reject(dep(FOL, -1, 0, CARC_R1));
	reject(rem(FOL, -1, 0, CARC_R1));
	choose(CARC_CROP_DEPLOY);
	reject(carc_move_crop_choice(CARC_CROP_REMOVE));
	reject(rem(PHA, -1, 1, CARC_R1));
	reject(carc_move_place(5, 5, 0));
	reject(dep(CARC_FIGURE_TOWER, -1, 1, CARC_R1));
	reject(dep(FOL, -1, 1, CARC_F1));
	reject(dep(FOL, -1, 1, CARC_C1));
	reject(dep(FOL, 9, 9, CARC_R1));
	ck_assert_int_eq(carc_game_current_player(g), RED);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("cropcircles");
	TCase *tc;

	tc = tcase_create("tiles");
	tcase_add_loop_test(tc, cc_tile_names, 0, 12);
	tcase_add_loop_test(tc, cc_tile_edges, 0, 12 * 4);
	tcase_add_loop_test(tc, cc_tile_features, 0, 12);
	tcase_add_loop_test(tc, cc_tile_feature_sides, 0, 12 * 4);
	tcase_add_test(tc, base_tiles_have_no_symbol);
	suite_add_tcase(s, tc);

	tc = tcase_create("stack");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, cc_tiles_only_when_switched_on);
	tcase_add_test(tc, cc_both_sets_84_tiles);
	tcase_add_test(tc, cc_count_ignored_when_off);
	suite_add_tcase(s, tc);

	tc = tcase_create("choice");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, choice_even_without_figures);
	tcase_add_test(tc, no_crop_circle_no_choice);
	suite_add_tcase(s, tc);

	tc = tcase_create("order");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, order_four_players_deploy);
	tcase_add_test(tc, order_four_players_active_skipped);
	tcase_add_test(tc, order_three_players_wraps);
	tcase_add_test(tc, order_three_players_deploy_wraps);
	tcase_add_test(tc, skip_player_with_empty_supply);
	tcase_add_test(tc, remove_with_empty_supply_not_skipped);
	suite_add_tcase(s, tc);

	tc = tcase_create("deploy_options");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, deploy_next_to_own_only);
	tcase_add_test(tc, deploy_any_option);
	tcase_add_test(tc, deploy_any_still_needs_own_figure);
	tcase_add_test(tc, deploy_mandatory_option);
	tcase_add_test(tc, deploy_optional_by_default);
	suite_add_tcase(s, tc);

	tc = tcase_create("symbols");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, pitchfork_ignored_without_farmers);
	tcase_add_test(tc, pitchfork_with_farmers);
	tcase_add_test(tc, shield_affects_knights_only);
	tcase_add_test(tc, discarded_crop_tile_triggers_nothing);
	tcase_add_test(tc, discarded_last_crop_tile_ends_game);
	suite_add_tcase(s, tc);

	tc = tcase_create("phantom");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, e9b_both_add);
	tcase_add_test(tc, e9b_remove_one_of_two);
	tcase_add_test(tc, e9b_blue_declines);
	tcase_add_test(tc, e9c_remove);
	tcase_add_test(tc, crop_phantom_excluded);
	tcase_add_test(tc, crop_phantom_excluded_remove);
	tcase_add_test(tc, crop_phantom_added);
	tcase_add_test(tc, crop_after_phantom_allowed);
	tcase_add_test(tc, crop_after_phantom_forbidden);
	tcase_add_test(tc, crop_after_phantom_forbidden_remove_still_due);
	tcase_add_test(tc, crop_after_phantom_other_turn);
	tcase_add_test(tc, crop_rejections_keep_hash);
	suite_add_tcase(s, tc);

	tc = tcase_create("last_tile");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, last_tile_action_before_final_remove);
	tcase_add_test(tc, last_tile_action_before_final_deploy);
	suite_add_tcase(s, tc);

	return s;
}
