/* SPDX-License-Identifier: MIT */
/*
 * The River (doc/users/rules.md#river): the stack and the spring at the
 * start, the placement of river tiles (exact legal moves, the U-turn
 * options, a non-river tile kept off the river), the lake last, the
 * fields the river splits and scoring on river tiles.
 */
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

#define RIVER_OPT ((uint32_t)CARC_OPT_RIVER)

/* Rules with the river and @u_turn, @start; @counts (NULL: defaults)
 * gives every type's count. */
static struct carc_rules *
river_rules(int32_t u_turn, int32_t start, const uint32_t *counts)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, RIVER_OPT, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_U_TURN, u_turn));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_START_TILE, start));
	if (counts)
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			assert_ok(carc_rules_builder_set_tile_count(b, t,
								    counts[t]));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	return r;
}

static struct carc_game *
river_game(int32_t u_turn, int32_t start, const uint32_t *counts,
	   uint64_t seed)
{
	struct carc_rules *r = river_rules(u_turn, start, counts);
	struct carc_game *game = make_game(r, 2, seed);

	carc_rules_unref(r);
	return game;
}

/* The legal moves now, asserted equal to @want (@n of them). */
static void
assert_moves(const carc_move_t *want, int n)
{
	carc_move_t moves[256];
	int got = carc_game_legal_moves(g, moves, 256);

	ck_assert_int_eq(got, n);
	for (int i = 0; i < n; i++)
		ck_assert_msg(moves[i] == want[i], "move %d: %016llx, want %016llx",
			      i, (unsigned long long)moves[i],
			      (unsigned long long)want[i]);
}

/* ---- set-up ------------------------------------------------------------ */

START_TEST(spring_starts)
{
	uint32_t tile = 99, rot = 9, order[128];
	int32_t x = 9, y = 9;
	int n;

	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, NULL,
		       (uint64_t)_i);
	ck_assert_int_eq(carc_game_tile_count(g), 1);
	assert_ok(carc_game_tile_at(g, 0, &x, &y, &tile, &rot));
	ck_assert_int_eq(x, 0);
	ck_assert_int_eq(y, 0);
	ck_assert_uint_eq(tile, CARC_TILE_RI_1);
	ck_assert_uint_eq(rot, 0);
	/* 71 base tiles and 11 river tiles to draw */
	n = carc_game_draw_order(g, order, 128);
	ck_assert_int_eq(n, 82);
	for (int i = 0; i < 10; i++)
		ck_assert_msg(order[i] >= CARC_TILE_RI_3 &&
			      order[i] <= CARC_TILE_RI_10,
			      "draw %d is %s", i, carc_tile_name(order[i]));
	ck_assert_uint_eq(order[10], CARC_TILE_RI_2);
	for (int i = 11; i < n; i++)
		ck_assert_uint_lt(order[i], CARC_TILE_CCI_1);
	ck_assert_int_eq(carc_game_remaining(g, CARC_TILE_D), 3);
	ck_assert_int_eq(carc_game_remaining(g, CARC_TILE_RI_1), 0);
	ck_assert_int_ge(carc_game_current_tile(g), CARC_TILE_RI_3);
}
END_TEST

START_TEST(start_tile_options)
{
	uint32_t order[128];
	int n, d = 0;

	/* after the lake */
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_AFTER_RIVER,
		       NULL, 7);
	n = carc_game_draw_order(g, order, 128);
	ck_assert_int_eq(n, 83);
	ck_assert_uint_eq(order[10], CARC_TILE_RI_2);
	ck_assert_uint_eq(order[11], CARC_TILE_D);
	ck_assert_int_eq(carc_rules_tile_count(carc_game_rules(g),
					       CARC_TILE_D), 4);
	ck_assert_int_eq(carc_rules_default_tile_count(carc_game_rules(g),
						       CARC_TILE_D), 4);
	carc_game_free(g);
	/* in the river stack: one of the first 11 is D, the lake is 12th */
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_IN_RIVER_STACK,
		       NULL, 7);
	n = carc_game_draw_order(g, order, 128);
	ck_assert_int_eq(n, 83);
	for (int i = 0; i < 11; i++)
		d += order[i] == CARC_TILE_D;
	ck_assert_int_eq(d, 1);
	ck_assert_uint_eq(order[11], CARC_TILE_RI_2);
}
END_TEST

/* The lake keeps its place: reorders that move it are refused. */
START_TEST(lake_keeps_its_place)
{
	uint32_t order[128];
	int n;

	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, NULL,
		       3);
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_RI_2),
			 CARC_E_NOT_ALLOWED);
	assert_status_eq(carc_game_set_next_tile(g, CARC_TILE_U),
			 CARC_E_NOT_ALLOWED);
	n = carc_game_draw_order(g, order, 128);
	/* the stack after the hand: swap a course tile with the lake */
	{
		uint32_t rest[128];

		memcpy(rest, order + 1, (size_t)(n - 1) * sizeof(*rest));
		rest[0] = order[10];
		rest[9] = order[1];
		assert_status_eq(carc_game_set_stack_order(g, rest,
							   (size_t)n - 1),
				 CARC_E_NOT_ALLOWED);
		/* within the course tiles: allowed */
		rest[0] = order[2];
		rest[1] = order[1];
		rest[9] = order[10];
		assert_ok(carc_game_set_stack_order(g, rest, (size_t)n - 1));
	}
	/* shuffling keeps the lake 11th */
	assert_ok(carc_game_shuffle_stack(g, 12345));
	n = carc_game_draw_order(g, order, 128);
	ck_assert_uint_eq(order[10], CARC_TILE_RI_2);
	for (int i = 0; i < 10; i++)
		ck_assert_uint_ge(order[i], CARC_TILE_RI_3);
}
END_TEST

/* carc_game_sort_stack() sorts the course and the rest apart and keeps
 * the lake (and the start tile after it) in place; carc_game_draw_counts()
 * counts the part the tile in hand came from. */
START_TEST(sort_stack_and_draw_counts)
{
	static const int32_t starts[] = { CARC_RIVER_START_REMOVED,
					  CARC_RIVER_START_AFTER_RIVER,
					  CARC_RIVER_START_IN_RIVER_STACK };

	for (size_t k = 0; k < sizeof(starts) / sizeof(starts[0]); k++) {
		uint32_t before[128], after[128], counts[CARC_TILE_TYPES + 2];
		uint32_t want[CARC_TILE_TYPES] = { 0 };
		/* the course: 10 river tiles, and D with in-river-stack */
		uint32_t course = starts[k] == CARC_RIVER_START_IN_RIVER_STACK
				  ? 11 : 10;
		uint32_t fixed = course + (starts[k] ==
					   CARC_RIVER_START_AFTER_RIVER ? 2 : 1);
		uint64_t hash;
		int n;

		g = river_game(CARC_RIVER_U_ADJACENT, starts[k], NULL, 5 + k);
		n = carc_game_draw_order(g, before, 128);
		ck_assert_int_gt(n, (int)fixed);
		for (uint32_t i = 0; i < course; i++)
			want[before[i]]++;
		memset(counts, 0xff, sizeof(counts));
		ck_assert_int_eq(carc_game_draw_counts(g, counts,
						       CARC_TILE_TYPES + 2),
				 (int)course);
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			ck_assert_uint_eq(counts[t], want[t]);
		ck_assert_uint_eq(counts[CARC_TILE_TYPES], 0);
		ck_assert_uint_eq(counts[CARC_TILE_TYPES + 1], 0);
		/* exactly the types counted can be taken in hand */
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
			struct carc_game *c = NULL;

			if (carc_game_remaining(g, t) == 0 &&
			    t != (uint32_t)carc_game_current_tile(g))
				continue;
			assert_ok(carc_game_clone(g, &c));
			assert_status_eq(carc_game_set_next_tile(c, t),
					 want[t] ? CARC_OK : CARC_E_NOT_ALLOWED);
			carc_game_free(c);
		}
		hash = carc_game_hash(g);
		assert_ok(carc_game_sort_stack(g));
		ck_assert(carc_game_hash(g) == hash);
		ck_assert_int_eq(carc_game_draw_order(g, after, 128), n);
		ck_assert_uint_eq(after[0], before[0]);
		for (int i = 1; i < n; i++) {
			/* the fixed places stay, each part ascends */
			if ((uint32_t)i >= course && (uint32_t)i < fixed)
				ck_assert_uint_eq(after[i], before[i]);
			else if (i != 1 && (uint32_t)i != fixed)
				ck_assert_uint_le(after[i - 1], after[i]);
		}
		ck_assert_uint_eq(after[course], CARC_TILE_RI_2);
		if (starts[k] == CARC_RIVER_START_AFTER_RIVER)
			ck_assert_uint_eq(after[course + 1], CARC_TILE_D);
		/* at the lake, the lake alone */
		while (carc_game_drawn_count(g) < (int)course + 1 &&
		       !carc_game_is_over(g)) {
			carc_move_t m[256];

			ck_assert_int_gt(carc_game_legal_moves(g, m, 256), 0);
			assert_ok(carc_game_apply(g, m[0]));
		}
		/* (these seeds' rivers reach the lake with no discard) */
		ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_2);
		ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
		ck_assert_int_eq(carc_game_draw_counts(g, counts,
						       CARC_TILE_TYPES), 1);
		ck_assert_uint_eq(counts[CARC_TILE_RI_2], 1);
		carc_game_free(g);
		g = NULL;
	}
}
END_TEST

/* Saves a record of @g, loads it back and asserts the same state and
 * the same text again. */
static void
assert_round_trip(const char *tiles_line)
{
	struct carc_game *l = NULL;
	char text[4096], again[4096];
	int n = carc_game_save(g, text, sizeof(text));

	ck_assert_int_gt(n, 0);
	ck_assert_int_lt(n, (int)sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, tiles_line));
	assert_ok(carc_game_load(text, (size_t)n, &l, NULL, NULL, NULL, 0));
	ck_assert(carc_game_hash(l) == carc_game_hash(g));
	ck_assert_int_eq(carc_game_save(l, again, sizeof(again)), n);
	ck_assert_str_eq(again, text);
	carc_game_free(l);
}

/* With the start tile drawn after the lake, the rules count it among
 * the D tiles; a record's counts are the builder's, without it. */
START_TEST(record_tile_counts)
{
	uint32_t counts[CARC_TILE_TYPES] = { 0 };

	counts[CARC_TILE_V] = 1;
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_AFTER_RIVER,
		       counts, 5);
	ck_assert_int_eq(carc_rules_tile_count(carc_game_rules(g),
					       CARC_TILE_D), 1);
	assert_round_trip("\ntiles *=0 V=1\n");
}
END_TEST

/* No river tile but the spring: C fits nowhere (not on the river, no
 * field of its own), so a first draw of C discards it.  The game still
 * saves and loads, and its whole draw order, C included, starts it
 * again. */
START_TEST(first_draw_discards)
{
	uint32_t counts[CARC_TILE_TYPES] = { 0 }, order[4], back[4];
	uint64_t seed = 1, h;

	counts[CARC_TILE_C] = 1;
	counts[CARC_TILE_V] = 1;
	for (;; seed++) {
		g = river_game(CARC_RIVER_U_ADJACENT,
			       CARC_RIVER_START_REMOVED, counts, seed);
		if (carc_game_discard_count(g) == 1)
			break;
		ck_assert_int_eq(carc_game_discard_count(g), 0);
		ck_assert_uint_lt(seed, 64);
		carc_game_free(g);
	}
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_C);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_V);
	ck_assert_int_eq(carc_game_draw_order(g, order, 4), 2);
	ck_assert_uint_eq(order[0], CARC_TILE_C);
	ck_assert_uint_eq(order[1], CARC_TILE_V);
	/* the whole order starts the game again, as it was */
	h = carc_game_hash(g);
	assert_ok(carc_game_set_draw_order(g, order, 2));
	ck_assert(carc_game_hash(g) == h);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_draw_order(g, back, 4), 2);
	ck_assert(memcmp(back, order, 2 * sizeof(*back)) == 0);
	/* a list that is no permutation of the stack changes nothing */
	order[0] = CARC_TILE_V;
	assert_status_eq(carc_game_set_draw_order(g, order, 2),
			 CARC_E_UNKNOWN_TILE);
	ck_assert(carc_game_hash(g) == h);
	/* the list from now on still works: V alone */
	assert_ok(carc_game_set_draw_order(g, order + 1, 1));
	ck_assert(carc_game_hash(g) == h);
	assert_round_trip("\ntiles *=0 C=1 V=1\n");
	/* the other way round nothing is discarded */
	order[0] = CARC_TILE_V;
	order[1] = CARC_TILE_C;
	assert_ok(carc_game_set_draw_order(g, order, 2));
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_V);
}
END_TEST

/* ---- placement --------------------------------------------------------- */

START_TEST(straight_continues)
{
	const carc_move_t want[] = {
		carc_move_place(1, 0, 0), carc_move_place(1, 0, 2),
	};

	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, NULL,
		       1);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_7));
	assert_moves(want, 2);
	/* beside the spring but not at the river's end */
	apply_expect(g, carc_move_place(0, -1, 0), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(0, -1, 1), CARC_E_EDGE_MISMATCH);
	/* the river against the field */
	apply_expect(g, carc_move_place(1, 0, 1), CARC_E_EDGE_MISMATCH);
	apply_expect(g, carc_move_place(2, 0, 0), CARC_E_NOT_ADJACENT);
}
END_TEST

START_TEST(curve_turns_either_way)
{
	/* RI-10's river runs W-S: r0 turns right (south), r1 left (north) */
	const carc_move_t want[] = {
		carc_move_place(1, 0, 0), carc_move_place(1, 0, 1),
	};

	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, NULL,
		       1);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	assert_moves(want, 2);
}
END_TEST

/* Two curves in a row the same way: refused under adjacent and
 * successive, allowed under allowed. */
START_TEST(u_turn_adjacent)
{
	int32_t mode = _i;
	const carc_move_t both[] = {
		carc_move_place(1, 1, 1), carc_move_place(1, 1, 2),
	};

	g = river_game(mode, CARC_RIVER_START_REMOVED, NULL, 1);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	play(g, CARC_TILE_RI_10, 1, 0, 0);	/* east, then south */
	pass(g);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	if (mode == CARC_RIVER_U_ALLOWED) {
		assert_moves(both, 2);
	} else {
		/* r1 flows west, back beside the spring; r2 east */
		assert_moves(both + 1, 1);
		apply_expect(g, carc_move_place(1, 1, 1), CARC_E_NOT_ALLOWED);
	}
}
END_TEST

/* A straight tile between the two curves: only successive refuses. */
START_TEST(u_turn_successive)
{
	int32_t mode = _i;
	const carc_move_t both[] = {
		carc_move_place(1, 2, 1), carc_move_place(1, 2, 2),
	};

	g = river_game(mode, CARC_RIVER_START_REMOVED, NULL, 1);
	play(g, CARC_TILE_RI_10, 1, 0, 0);	/* turns right, to the south */
	pass(g);
	play(g, CARC_TILE_RI_7, 1, 1, 1);	/* straight N-S */
	pass(g);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	if (mode == CARC_RIVER_U_SUCCESSIVE) {
		assert_moves(both + 1, 1);
		apply_expect(g, carc_move_place(1, 2, 1), CARC_E_NOT_ALLOWED);
	} else {
		assert_moves(both, 2);
	}
}
END_TEST

/* JCloisterZone's rule: room ahead of the new open end. */
START_TEST(u_turn_jcz)
{
	g = river_game(CARC_RIVER_U_JCZ, CARC_RIVER_START_REMOVED, NULL, 1);
	play(g, CARC_TILE_RI_10, 1, 0, 0);	/* flows south from (1, 0) */
	pass(g);
	/* a curve at (1, 1) flowing west would flow into (0, 1), beside
	 * which lies the spring at (0, 0); flowing east it has room */
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	{
		const carc_move_t want[] = { carc_move_place(1, 1, 2) };

		assert_moves(want, 1);
	}
	apply_expect(g, carc_move_place(1, 1, 1), CARC_E_NOT_ALLOWED);
}
END_TEST

/* With the start tile in the river stack, D keeps off the river's end. */
START_TEST(land_tile_off_the_river)
{
	const carc_move_t want[] = {
		carc_move_place(0, -1, 0), carc_move_place(-1, 0, 3),
		carc_move_place(0, 1, 2),
	};

	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_IN_RIVER_STACK,
		       NULL, 1);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_D));
	assert_moves(want, 3);
	apply_expect(g, carc_move_place(1, 0, 1), CARC_E_EDGE_MISMATCH);
}
END_TEST

/* JCloisterZone's rule with the start tile in the river stack: D north
 * of the spring leaves the river no room to turn north at (1, 0). */
START_TEST(jcz_room_blocked_by_land)
{
	const carc_move_t want[] = { carc_move_place(1, 0, 0) };

	g = river_game(CARC_RIVER_U_JCZ, CARC_RIVER_START_IN_RIVER_STACK, NULL,
		       1);
	play(g, CARC_TILE_D, 0, -1, 0);
	pass(g);
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_RI_10));
	assert_moves(want, 1);
	apply_expect(g, carc_move_place(1, 0, 1), CARC_E_NOT_ALLOWED);
}
END_TEST

/* A river tile that fits nowhere is discarded and the next one drawn
 * (doc/users/rules.md#river-dead-end): D south of the spring puts its
 * road against the cell the river flows into, where a curve can neither
 * turn west (onto D) nor east (its field against D's road). */
START_TEST(unplaceable_river_tile_discarded)
{
	uint32_t counts[CARC_TILE_TYPES] = { 0 };
	const uint32_t order[] = {
		CARC_TILE_D, CARC_TILE_RI_10, CARC_TILE_RI_10, CARC_TILE_RI_6,
		CARC_TILE_RI_2, CARC_TILE_B, CARC_TILE_D,
	};
	const carc_move_t want[] = {
		carc_move_place(1, 1, 0), carc_move_place(1, 1, 2),
	};

	counts[CARC_TILE_RI_10] = 2;
	counts[CARC_TILE_RI_6] = 1;
	counts[CARC_TILE_RI_2] = 1;
	counts[CARC_TILE_D] = 1;		/* and the start tile */
	counts[CARC_TILE_B] = 1;
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_IN_RIVER_STACK,
		       counts, 1);
	assert_ok(carc_game_set_draw_order(g, order, 7));
	play(g, CARC_TILE_D, 0, 1, 2);		/* road W-E, south of it */
	pass(g);
	play(g, CARC_TILE_RI_10, 1, 0, 0);	/* flows south to (1, 1) */
	pass(g);
	ck_assert_int_eq(carc_game_discard_count(g), 1);
	ck_assert_int_eq(carc_game_discard_at(g, 0), CARC_TILE_RI_10);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_6);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	/* the bridge carries D's road over the river */
	assert_moves(want, 2);
}
END_TEST

/* ---- fields and scoring ------------------------------------------------ */

START_TEST(river_splits_fields)
{
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, NULL,
		       1);
	play(g, CARC_TILE_RI_10, 1, 0, 0);	/* flows south */
	pass(g);
	play(g, CARC_TILE_RI_6, 1, 1, 0);	/* N-S under the bridge */
	deploy(g, CARC_F1);			/* player 1, north-west */
	/* across the river and the road: a field of its own */
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 1, CARC_F3, 1), 0);
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 1, CARC_F4, 1), 0);
	/* across the river only, the banks meet round the spring */
	ck_assert_int_eq(carc_game_feature_figures(g, 1, 1, CARC_F2, 1), 1);
	ck_assert_int_eq(carc_game_feature_figures(g, 0, 0, CARC_F1, 1), 1);
	/* the road crosses the river on its bridge, open at both ends */
	ck_assert_int_eq(carc_game_feature_is_complete(g, 1, 1, CARC_R1), 0);
}
END_TEST

/* A city cap on a river tile scores as usual once the lake is down. */
START_TEST(city_on_river_tile_scores)
{
	uint32_t counts[CARC_TILE_TYPES] = { 0 };
	struct event ev[16];
	int n, k;

	counts[CARC_TILE_RI_2] = 1;
	counts[CARC_TILE_RI_3] = 1;
	counts[CARC_TILE_E] = 1;
	counts[CARC_TILE_B] = 1;
	g = river_game(CARC_RIVER_U_ADJACENT, CARC_RIVER_START_REMOVED, counts,
		       1);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_3);
	assert_ok(carc_game_apply(g, carc_move_place(1, 0, 0)));
	deploy(g, CARC_C1);			/* the north cap */
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_2);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	assert_ok(carc_game_apply(g, carc_move_place(2, 0, 0)));
	pass(g);
	/* the river is closed: base tiles again, anywhere they fit */
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_E));
	assert_ok(carc_game_apply(g, carc_move_place(1, -1, 2)));
	pass(g);
	n = collect_events(g, ev, 16);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_CITY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].tiles, 2);
	ck_assert_int_eq(ev[k].points[0], 4);
	ck_assert_int_eq(carc_game_score(g, 0), 4);
}
END_TEST

/* river-lake-turn automatic (doc/users/rules.md#river-lake-turn): once
 * the last course tile is down the engine lays the lake at the open end
 * and the next player draws a base tile; the record and the undo keep
 * it. */
START_TEST(lake_automatic)
{
	uint32_t counts[CARC_TILE_TYPES] = { 0 }, tile = 99, rot = 9;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	struct carc_game *back = NULL;
	char text[4096];
	int32_t x = 9, y = 9;
	int idx, len;

	counts[CARC_TILE_RI_2] = 1;
	counts[CARC_TILE_RI_3] = 1;
	counts[CARC_TILE_E] = 1;
	counts[CARC_TILE_B] = 1;
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, RIVER_OPT, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_LAKE_TURN,
					 CARC_RIVER_LAKE_AUTOMATIC));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, counts[t]));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	g = make_game(r, 2, 1);
	carc_rules_unref(r);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_3);
	assert_ok(carc_game_apply(g, carc_move_place(1, 0, 0)));
	deploy(g, CARC_C1);			/* the north cap */
	/* the lake lies at (2, 0), the river flowing into it from the
	 * west; player 1 holds a base tile and nothing was discarded */
	idx = carc_game_tile_find(g, 2, 0);
	ck_assert_int_eq(idx, 2);
	assert_ok(carc_game_tile_at(g, (uint32_t)idx, &x, &y, &tile, &rot));
	ck_assert_uint_eq(tile, CARC_TILE_RI_2);
	ck_assert_uint_eq(rot, 0);
	ck_assert_int_eq(carc_game_tile_count(g), 3);
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_current_player(g), 1);
	ck_assert_int_eq(carc_game_history_count(g), 2);
	ck_assert_int_eq(carc_game_remaining_total(g), 1);
	ck_assert_int_eq(carc_game_remaining(g, CARC_TILE_RI_2), 0);
	/* the river is closed: the city cap closes as in the ordinary
	 * turn's game (city_on_river_tile_scores) */
	assert_ok(carc_game_set_next_tile(g, CARC_TILE_E));
	assert_ok(carc_game_apply(g, carc_move_place(1, -1, 2)));
	pass(g);
	ck_assert_int_eq(carc_game_score(g, 0), 4);
	ck_assert_int_eq(carc_game_current_player(g), 0);
	/* the record says the option and plays back to the same game */
	len = carc_game_save(g, text, sizeof(text));
	ck_assert_int_gt(len, 0);
	ck_assert_int_lt(len, (int)sizeof(text));
	ck_assert_ptr_nonnull(strstr(text, "option river-lake-turn automatic\n"));
	assert_ok(carc_game_load(text, (size_t)len, &back, NULL, NULL, NULL,
				 0));
	ck_assert(carc_game_hash(back) == carc_game_hash(g));
	carc_game_free(back);
	/* undoing the deployment of the first turn takes the lake away */
	for (int k = 0; k < 3; k++)
		assert_ok(carc_game_undo(g));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_DEPLOY);
	ck_assert_int_lt(carc_game_tile_find(g, 2, 0), 0);
	ck_assert_int_eq(carc_game_tile_count(g), 2);
}
END_TEST

/* The rotation of river tile @tile whose river sides are exactly @river
 * (bit = side N, E, S, W) and whose side @side is @edge (@side 4: any). */
static uint32_t
river_rotation(uint32_t tile, uint32_t river, uint32_t side, int edge)
{
	for (uint32_t r = 0; r < 4; r++) {
		uint32_t have = 0;

		for (uint32_t s = 0; s < 4; s++)
			if (carc_tile_edge(tile, r, s) == CARC_EDGE_RIVER)
				have |= 1u << s;
		if (have == river &&
		    (side > 3 || carc_tile_edge(tile, r, side) == edge))
			return r;
	}
	ck_abort_msg("no rotation of %s", carc_tile_name(tile));
	return 0;
}

#define N_ (1u << 0)
#define E_ (1u << 1)
#define S_ (1u << 2)
#define W_ (1u << 3)

/* A river that spirals round its own monastery (river-u-turn allowed, a
 * custom set of course tiles): the lake is the monastery's eighth
 * neighbour.  Player 0's monk scores 9 when the lake is laid: in player
 * 0's own lake turn under river-lake-turn turn (_i 0), within player 1's
 * last move under automatic (_i 1), after which player 0 draws a base
 * tile (doc/users/rules.md#river-lake-turn). */
START_TEST(lake_completes_monastery)
{
	static const struct {
		uint32_t tile;
		int32_t x, y;
		uint32_t river, side;
		int edge;
	} course[] = {
		{ CARC_TILE_RI_5, 1, 0, W_ | E_, 4, 0 },	/* the monastery */
		{ CARC_TILE_RI_10, 2, 0, W_ | S_, 4, 0 },
		{ CARC_TILE_RI_10, 2, 1, N_ | W_, 4, 0 },
		{ CARC_TILE_RI_4, 1, 1, E_ | W_, 0, CARC_EDGE_ROAD },
		{ CARC_TILE_RI_7, 0, 1, E_ | W_, 4, 0 },
		{ CARC_TILE_RI_10, -1, 1, E_ | N_, 4, 0 },
		{ CARC_TILE_RI_7, -1, 0, S_ | N_, 4, 0 },
		{ CARC_TILE_RI_10, -1, -1, S_ | E_, 4, 0 },
		{ CARC_TILE_RI_7, 0, -1, W_ | E_, 4, 0 },
		{ CARC_TILE_RI_7, 1, -1, W_ | E_, 4, 0 },
	};
	uint32_t counts[CARC_TILE_TYPES] = { 0 }, tile = 99;
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	struct event ev[16];
	int n, k;

	counts[CARC_TILE_RI_2] = 1;
	counts[CARC_TILE_RI_4] = 1;
	counts[CARC_TILE_RI_5] = 1;
	counts[CARC_TILE_RI_7] = 4;
	counts[CARC_TILE_RI_10] = 4;
	counts[CARC_TILE_B] = 2;
	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, RIVER_OPT, 1));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_U_TURN,
					 CARC_RIVER_U_ALLOWED));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_LAKE_TURN, _i));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(b, t, counts[t]));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	g = make_game(r, 2, 5);
	carc_rules_unref(r);
	/* the draw order of the spiral: a tile that fits nowhere when drawn
	 * would be discarded */
	{
		uint32_t order[13];

		for (size_t i = 0; i < 10; i++)
			order[i] = course[i].tile;
		order[10] = CARC_TILE_RI_2;
		order[11] = order[12] = CARC_TILE_B;
		assert_ok(carc_game_set_draw_order(g, order, 13));
	}
	for (size_t i = 0; i < sizeof(course) / sizeof(course[0]); i++) {
		ck_assert_int_eq(carc_game_current_player(g), (int)(i % 2));
		ck_assert_int_eq(carc_game_current_tile(g), (int)course[i].tile);
		assert_ok(carc_game_apply(g, carc_move_place(
			course[i].x, course[i].y,
			river_rotation(course[i].tile, course[i].river,
				       course[i].side, course[i].edge))));
		if (i == 0)
			deploy(g, CARC_MONASTERY);	/* player 0's monk */
		else
			pass(g);
	}
	ck_assert_int_eq(carc_game_discard_count(g), 0);
	if (_i == CARC_RIVER_LAKE_TURN) {
		ck_assert_int_eq(carc_game_score(g, 0), 0);
		ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_2);
		ck_assert_int_eq(carc_game_current_player(g), 0);
		assert_ok(carc_game_apply(g, carc_move_place(2, -1,
			river_rotation(CARC_TILE_RI_2, W_, 4, 0))));
		pass(g);
	}
	/* the lake at (2, 0)'s north, the monastery scored for player 0 in
	 * the move that laid it (player 0's pass, or player 1's) */
	ck_assert_int_ge(carc_game_tile_find(g, 2, -1), 0);
	assert_ok(carc_game_tile_at(g, (uint32_t)carc_game_tile_find(g, 2, -1),
				    NULL, NULL, &tile, NULL));
	ck_assert_uint_eq(tile, CARC_TILE_RI_2);
	n = collect_events(g, ev, 16);
	k = find_event(ev, n, CARC_EVENT_COMPLETED, CARC_FEATURE_MONASTERY);
	ck_assert_int_ge(k, 0);
	ck_assert_int_eq(ev[k].points[0], 9);
	ck_assert_int_eq(carc_game_score(g, 0), 9);
	ck_assert_int_eq(carc_game_score(g, 1), 0);
	ck_assert_int_eq(carc_game_supply(g, 0, CARC_FIGURE_FOLLOWER), 7);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_B);
	ck_assert_int_eq(carc_game_current_player(g),
			 _i == CARC_RIVER_LAKE_AUTOMATIC ? 0 : 1);
	ck_assert_int_eq(carc_game_history_count(g),
			 _i == CARC_RIVER_LAKE_AUTOMATIC ? 20 : 22);
}
END_TEST

/* Random river games: every listed move is legal, every game ends, the
 * river's 12 tiles form one chain from the spring. */
START_TEST(random_river_games)
{
	for (uint64_t seed = 1; seed <= 40; seed++) {
		struct random_game r;
		int river = 0, gone = 0;

		g = river_game((int32_t)(seed % 4),
			       (int32_t)(seed / 4 % 3), NULL, seed);
		random_game_start(&r, g, seed);
		while (random_game_next(&r)) {
			for (int i = 0; i < r.n; i++)
				ck_assert_int_eq(carc_game_is_legal(g,
								    r.moves[i]),
						 1);
			random_game_play(&r);
		}
		random_game_end(&r);
		ck_assert_int_eq(carc_game_is_over(g), 1);
		for (int i = 0; i < carc_game_tile_count(g); i++) {
			uint32_t t;

			assert_ok(carc_game_tile_at(g, (uint32_t)i, NULL, NULL,
						    &t, NULL));
			river += t >= CARC_TILE_RI_1;
		}
		for (int i = 0; i < carc_game_discard_count(g); i++)
			gone += carc_game_discard_at(g, (uint32_t)i) >=
				CARC_TILE_RI_1;
		/* the spring and the 11 drawn: placed or discarded */
		ck_assert_int_eq(river + gone, 12);
		ck_assert_int_ge(river, 2);
		carc_game_free(g);
		g = NULL;
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("river");
	TCase *tc;

	tc = tcase_create("setup");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, spring_starts, 1, 6);
	tcase_add_test(tc, start_tile_options);
	tcase_add_test(tc, lake_keeps_its_place);
	tcase_add_test(tc, sort_stack_and_draw_counts);
	tcase_add_test(tc, record_tile_counts);
	tcase_add_test(tc, first_draw_discards);
	suite_add_tcase(s, tc);

	tc = tcase_create("placement");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, straight_continues);
	tcase_add_test(tc, curve_turns_either_way);
	tcase_add_loop_test(tc, u_turn_adjacent, CARC_RIVER_U_ADJACENT,
			    CARC_RIVER_U_ALLOWED + 1);
	tcase_add_loop_test(tc, u_turn_successive, CARC_RIVER_U_ADJACENT,
			    CARC_RIVER_U_ALLOWED + 1);
	tcase_add_test(tc, u_turn_jcz);
	tcase_add_test(tc, land_tile_off_the_river);
	tcase_add_test(tc, jcz_room_blocked_by_land);
	tcase_add_test(tc, unplaceable_river_tile_discarded);
	suite_add_tcase(s, tc);

	tc = tcase_create("play");
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, river_splits_fields);
	tcase_add_test(tc, city_on_river_tile_scores);
	tcase_add_test(tc, lake_automatic);
	tcase_add_loop_test(tc, lake_completes_monastery, 0, 2);
	tcase_add_test(tc, random_river_games);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
