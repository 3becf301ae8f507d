/* SPDX-License-Identifier: MIT */
/*
 * The words (lib/words/): carc_tile_describe_feature(),
 * carc_game_describe_feature(), carc_game_explain_move(),
 * carc_game_describe_event() and carc_game_explain_refusal(), sentence by
 * sentence, and their errors.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <check.h>

#include "test-common.h"

enum { RED = 0, BLUE = 1 };

static struct carc_game *g;

static void
teardown(void)
{
	carc_game_free(g);
	g = NULL;
}

/* The text must be @want exactly, and the returned length its length. */
#define WORDS_EQ(call_, want_)                                             \
	do {                                                               \
		char b__[512];                                             \
		int n__;                                                   \
		memset(b__, 'x', sizeof(b__));                             \
		n__ = (call_);                                             \
		ck_assert_msg(n__ >= 0, "%s: %d (%s)", #call_, n__,        \
			      carc_strerror(n__));                         \
		ck_assert_str_eq(b__, (want_));                            \
		ck_assert_int_eq(n__, (int)strlen(want_));                 \
	} while (0)
#define B b__, sizeof(b__)

START_TEST(tile_features)
{
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_C1, B),
		 "the city on the north edge");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_R1, B),
		 "the road from east to west");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_D, 1, CARC_R1, B),
		 "the road from north to south");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_F1, B),
		 "the field to the north");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_F2, B),
		 "the field to the south");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_F, 1, CARC_C1, B),
		 "the city on the north and south edges, with a pennant");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_G, 0, CARC_C1, B),
		 "the city on the east and west edges");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_R, 1, CARC_C1, B),
		 "the city on the north, east and south edges");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_C, 3, CARC_C1, B),
		 "the city on all four edges, with a pennant");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_A, 0, CARC_MONASTERY, B),
		 "the monastery");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_A, 0, CARC_R1, B),
		 "the road ending at the south edge");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_A, 0, CARC_F1, B),
		 "the field all around");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_E, 0, CARC_F1, B),
		 "the field along the east, south and west edges");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_H, 0, CARC_F1, B),
		 "the field along the east and west edges");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_X, 0, CARC_F1, B),
		 "the field north-west");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_W, 0, CARC_F2, B),
		 "the field south-east");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_V, 0, CARC_F1, B),
		 "the field except the south-west corner");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_V, 2, CARC_F1, B),
		 "the field except the north-east corner");
	WORDS_EQ(carc_tile_describe_feature(CARC_TILE_V, 0, CARC_F2, B),
		 "the field south-west");
}
END_TEST

/* D at (0,0); F at (0,-1) and G at (0,-2) run north-south: Red's city
 * of three tiles with a pennant (as tests/test-query.c builds it). */
static void
build_city(void)
{
	g = make_scenario("FGEBB", 0);
	play(g, CARC_TILE_F, 0, -1, 1);
	deploy(g, CARC_C1);			/* Red */
	play(g, CARC_TILE_G, 0, -2, 1);
	pass(g);				/* Blue */
}

START_TEST(game_features)
{
	build_city();
	WORDS_EQ(carc_game_describe_feature(g, 0, 0, CARC_C1, B),
		 "the city on the north edge at 0,0: 3 tiles, 1 pennant, 1 "
		 "open side, worth 4 as it stands; taken by P0");
	WORDS_EQ(carc_game_describe_feature(g, 0, -1, CARC_C1, B),
		 "the city on the north and south edges at 0,-1, with a "
		 "pennant: 3 tiles, 1 pennant, 1 open side, worth 4 as it "
		 "stands; taken by P0");
	WORDS_EQ(carc_game_describe_feature(g, 0, 0, CARC_R1, B),
		 "the road from east to west at 0,0: 1 tile, 2 open ends, "
		 "worth 1 as it stands");
	WORDS_EQ(carc_game_describe_feature(g, 0, -1, CARC_F1, B),
		 "the field to the east at 0,-1: borders no completed city "
		 "yet");
}
END_TEST

START_TEST(move_words)
{
	build_city();
	WORDS_EQ(carc_game_explain_move(g, carc_move_place(0, -3, 2), B),
		 "place tile E at 0,-3, turned half a turn (r2)");
	WORDS_EQ(carc_game_explain_move(g, carc_move_place(1, 0, 1), B),
		 "place tile E at 1,0, turned a quarter turn clockwise (r1)");
	play(g, CARC_TILE_E, 0, -3, 2);		/* Red closes the city */
	WORDS_EQ(carc_game_explain_move(g, carc_move_place(1, 0, 0), B),
		 "place the tile at 1,0, turned as drawn (r0)");
	WORDS_EQ(carc_game_explain_move(g, carc_move_pass(), B),
		 "pass: put no figure on the tile");
	WORDS_EQ(carc_game_explain_move(
			 g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, -3,
					     CARC_C1),
			 B),
		 "put a follower on the city on the south edge at 0,-3: "
		 "complete, 4 tiles, 1 pennant, worth 10; taken by P0");
	WORDS_EQ(carc_game_explain_move(
			 g, carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, -3,
					     CARC_F1),
			 B),
		 "put a follower on the field along the north, east and west "
		 "edges at 0,-3: borders 1 completed city, worth 3 at the end "
		 "as it stands");
	WORDS_EQ(carc_game_explain_move(
			 g, carc_move_build(CARC_FIGURE_TOWER, 0, -3), B),
		 "build a tower on the tile at 0,-3");
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at 0,-3, completed with 4 tiles: P0 scores 10");
	/* scored: the knight went home */
	WORDS_EQ(carc_game_describe_feature(g, 0, 0, CARC_C1, B),
		 "the city on the north edge at 0,0: complete, 4 tiles, 1 "
		 "pennant, worth 10");
}
END_TEST

/* Two players on one city; a follower and the phantom of one player. */
START_TEST(several_figures)
{
	g = make_scenario("EDDEFBB", 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* Red: cap facing east */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_D, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* Blue: cap facing west */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_F, 1, 1, 0);		/* Red joins them */
	WORDS_EQ(carc_game_describe_feature(g, 1, 1, CARC_C1, B),
		 "the city on the east and west edges at 1,1, with a "
		 "pennant: complete, 3 tiles, 1 pennant, worth 8; taken by P0 "
		 "and P1");
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at 1,1, completed with 3 tiles: P0 scores 8, P1 "
		 "scores 8");
	carc_game_free(g);

	/* three players: P0's two caps joined by P1 */
	g = make_scenario_n(3, "EDDEF", 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* P0 */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_D, 1, 0, 0);		/* P1 */
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);		/* P2 */
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* P0 */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_F, 1, 1, 0);		/* P1 */
	WORDS_EQ(carc_game_describe_feature(g, 2, 1, CARC_C1, B),
		 "the city on the west edge at 2,1: complete, 3 tiles, 1 "
		 "pennant, worth 8; taken by P0 with 2 followers");
	carc_game_free(g);

	/* the same with the phantom on P0's second cap */
	g = make_scenario_n(3, "EDDEF", CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* P0 */
	deploy(g, CARC_C1);
	pass(g);
	play(g, CARC_TILE_D, 1, 0, 0);		/* P1 */
	pass(g);
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);		/* P2 */
	pass(g);
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* P0 */
	deploy(g, CARC_F1);
	WORDS_EQ(carc_game_explain_move(
			 g, carc_move_deploy(CARC_FIGURE_PHANTOM, 2, 1,
					     CARC_C1),
			 B),
		 "put the phantom on the city on the west edge at 2,1: 1 "
		 "tile, 1 open side, worth 1 as it stands");
	WORDS_EQ(carc_game_explain_move(g, carc_move_pass(), B),
		 "pass: keep the phantom");
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 2,
						      1, CARC_C1)));
	WORDS_EQ(carc_game_describe_feature(g, 2, 1, CARC_C1, B),
		 "the city on the west edge at 2,1: 1 tile, 1 open side, "
		 "worth 1 as it stands; taken by P0's phantom");
	play(g, CARC_TILE_F, 1, 1, 0);		/* P1 */
	WORDS_EQ(carc_game_describe_feature(g, 2, 1, CARC_C1, B),
		 "the city on the west edge at 2,1: complete, 3 tiles, 1 "
		 "pennant, worth 8; taken by P0 with 1 follower and the "
		 "phantom");
}
END_TEST

/* Inns & Cathedrals: P0's large follower in a city with his follower,
 * then with his phantom. */
START_TEST(large_follower_with_others)
{
	g = make_scenario_n(3, "EDDEF", CARC_OPT_INNS_CATHEDRALS, 1, 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* P0 */
	deploy(g, CARC_C1);
	play(g, CARC_TILE_D, 1, 0, 0);		/* P1 */
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);		/* P2 */
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* P0 */
	assert_ok(carc_game_apply(g, carc_move_deploy(
				     CARC_FIGURE_LARGE_FOLLOWER, 2, 1,
				     CARC_C1)));
	play(g, CARC_TILE_F, 1, 1, 0);		/* P1 joins them */
	WORDS_EQ(carc_game_describe_feature(g, 2, 1, CARC_C1, B),
		 "the city on the west edge at 2,1: complete, 3 tiles, 1 "
		 "pennant, worth 8; taken by P0 with 1 follower, the large "
		 "follower");
	carc_game_free(g);

	g = make_scenario_n(3, "EDDEF", CARC_OPT_INNS_CATHEDRALS, 1,
			    CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, 1, 1);		/* P0 */
	assert_ok(carc_game_apply(g, carc_move_deploy(
				     CARC_FIGURE_LARGE_FOLLOWER, 0, 1,
				     CARC_C1)));
	pass(g);
	play(g, CARC_TILE_D, 1, 0, 0);		/* P1 */
	pass(g);
	pass(g);
	play(g, CARC_TILE_D, 2, 0, 0);		/* P2 */
	pass(g);
	pass(g);
	play(g, CARC_TILE_E, 2, 1, 3);		/* P0 */
	deploy(g, CARC_F1);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PHANTOM, 2,
						      1, CARC_C1)));
	play(g, CARC_TILE_F, 1, 1, 0);		/* P1 */
	WORDS_EQ(carc_game_describe_feature(g, 2, 1, CARC_C1, B),
		 "the city on the west edge at 2,1: complete, 3 tiles, 1 "
		 "pennant, worth 8; taken by P0 with the large follower and "
		 "the phantom");
}
END_TEST

/* A monastery completed on the board, and a city with a cathedral. */
START_TEST(complete_monastery_and_cathedral)
{
	static const uint32_t ic[] = { CARC_TILE_IC_1, CARC_TILE_U };
	struct carc_rules_builder *b = NULL;

	/* Red's monastery south of the start tile, then the eight tiles
	 * around it: roads beside the start tile, monasteries elsewhere */
	g = make_scenario("BUUBBBBB", 0);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_MONASTERY);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	play(g, CARC_TILE_B, -1, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, -1, 2, 0);
	pass(g);
	play(g, CARC_TILE_B, 0, 2, 0);
	pass(g);
	WORDS_EQ(carc_game_describe_feature(g, 0, 1, CARC_MONASTERY, B),
		 "the monastery at 0,1: 8 of 9 tiles around it, worth 8 as "
		 "it stands; taken by P0");
	play(g, CARC_TILE_B, 1, 2, 0);
	pass(g);
	ck_assert_int_eq(carc_game_score(g, RED), 9);
	WORDS_EQ(carc_game_describe_feature(g, 0, 1, CARC_MONASTERY, B),
		 "the monastery at 0,1: complete, worth 9");
	carc_game_free(g);

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_INNS_CATHEDRALS, 1));
	g = make_stacked_game(b, 2, ic, 2);
	play(g, CARC_TILE_IC_1, 0, -1, 0);
	/* an open city with a cathedral is worth nothing as it stands */
	WORDS_EQ(carc_game_describe_feature(g, 0, 0, CARC_C1, B),
		 "the city on the north edge at 0,0: 2 tiles, with a "
		 "cathedral, 3 open sides, worth 0 as it stands");
}
END_TEST

/* The last tile ends the game: Red's road is scored unfinished. */
START_TEST(final_events)
{
	g = make_scenario("U", 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the road at 1,0, unfinished at the end with 2 tiles: P0 "
		 "scores 2");
}
END_TEST

START_TEST(errors)
{
	char buf[64];
	uint64_t h;

	build_city();
	h = carc_game_hash(g);
	/* snprintf-style: the whole length, what fits, NUL-terminated */
	ck_assert_int_eq(carc_game_describe_feature(g, 0, 0, CARC_R1, NULL, 0),
			 76);
	memset(buf, 'x', sizeof(buf));
	ck_assert_int_eq(carc_game_describe_feature(g, 0, 0, CARC_R1, buf, 9),
			 76);
	ck_assert_str_eq(buf, "the road");
	ck_assert_int_eq(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_C1,
						    buf, 1),
			 26);
	ck_assert_str_eq(buf, "");

	/* errors leave the empty string */
#define FAILS(call_, want_)                                                \
	do {                                                               \
		strcpy(buf, "old");                                        \
		assert_status_eq((call_), (want_));                        \
		ck_assert_str_eq(buf, "");                                 \
	} while (0)
	FAILS(carc_tile_describe_feature(CARC_TILE_TYPES, 0, CARC_C1, buf,
					 sizeof(buf)),
	      CARC_E_UNKNOWN_TILE);
	FAILS(carc_tile_describe_feature(CARC_TILE_D, 4, CARC_C1, buf,
					 sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_C2, buf,
					 sizeof(buf)),
	      CARC_E_NO_FEATURE);
	FAILS(carc_game_describe_feature(NULL, 0, 0, CARC_C1, buf,
					 sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_game_describe_feature(g, 5, 5, CARC_C1, buf, sizeof(buf)),
	      CARC_E_NOT_FOUND);
	FAILS(carc_game_describe_feature(g, 0, 0, CARC_R2, buf, sizeof(buf)),
	      CARC_E_NO_FEATURE);
	FAILS(carc_game_describe_feature(g, 0, 0, 0, buf, sizeof(buf)),
	      CARC_E_NO_FEATURE);
	FAILS(carc_game_explain_move(NULL, carc_move_pass(), buf, sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_game_explain_move(g, CARC_MOVE_NONE, buf, sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_game_explain_move(g, 0xffffffffffffffffull, buf,
				     sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_game_explain_move(g,
				     carc_move_deploy(CARC_FIGURE_FOLLOWER, 7,
						      7, CARC_C1),
				     buf, sizeof(buf)),
	      CARC_E_NOT_FOUND);
	FAILS(carc_game_explain_move(g,
				     carc_move_build(CARC_FIGURE_HOUSE, 7, 7),
				     buf, sizeof(buf)),
	      CARC_E_NOT_FOUND);
	FAILS(carc_game_explain_move(g,
				     carc_move_deploy(CARC_FIGURE_FOLLOWER, 0,
						      0, CARC_C2),
				     buf, sizeof(buf)),
	      CARC_E_NO_FEATURE);
	FAILS(carc_game_describe_event(g, 0, buf, sizeof(buf)),
	      CARC_E_INVALID);
	FAILS(carc_game_describe_event(NULL, 0, buf, sizeof(buf)),
	      CARC_E_INVALID);
	assert_status_eq(carc_game_describe_feature(g, 0, 0, CARC_C1, NULL, 5),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_explain_move(g, carc_move_pass(), NULL, 5),
			 CARC_E_INVALID);
	assert_status_eq(carc_tile_describe_feature(CARC_TILE_D, 0, CARC_C1,
						    NULL, 5),
			 CARC_E_INVALID);
	assert_status_eq(carc_game_describe_event(g, 0, NULL, 5),
			 CARC_E_INVALID);
	/* reading only */
	ck_assert_uint_eq(carc_game_hash(g), h);
}
END_TEST

/* Every legal move of random games has words, within 256 bytes. */
START_TEST(every_legal_move)
{
	uint64_t seed = 7;

	for (int game = 0; game < 4; game++) {
		struct carc_rules *r =
			make_rules(NULL, CARC_OPT_PHANTOM, 1,
				   CARC_OPT_CROP_CIRCLES_I, 1,
				   CARC_OPT_LITTLE_BUILDINGS, game & 1, 0);
		struct random_game rg;

		g = make_game(r, 2 + (uint32_t)game, test_rand(&seed));
		carc_rules_unref(r);
		random_game_start(&rg, g, seed);
		while (random_game_next(&rg)) {
			char buf[256];
			int k;

			for (int i = 0; i < rg.n; i++) {
				k = carc_game_explain_move(g, rg.moves[i], buf,
							   sizeof(buf));
				if (k <= 10 || k >= (int)sizeof(buf))
					ck_abort_msg("move %d: %d '%s'", i, k,
						     buf);
			}
			random_game_play(&rg);
			for (int e = 0; e < carc_game_event_count(g); e++) {
				k = carc_game_describe_event(g, (uint32_t)e,
							     buf, sizeof(buf));
				if (k <= 10 || k >= (int)sizeof(buf))
					ck_abort_msg("event %d: %d '%s'", e, k,
						     buf);
			}
		}
		seed = rg.rng;
		random_game_end(&rg);
		carc_game_free(g);
		g = NULL;
	}
}
END_TEST

/* Under farm-scoring per-city each completed city pays the fields around
 * it: its event names the city. */
START_TEST(farm_events_per_city)
{
	struct carc_rules *r = make_rules(NULL, CARC_OPT_FARM_SCORING,
					  CARC_FARM_PER_CITY, 0);
	struct random_game rg;
	int farms = 0, n;

	g = make_game(r, 3, 41);
	carc_rules_unref(r);
	random_game_start(&rg, g, 41);
	while (random_game_next(&rg))
		random_game_play(&rg);
	random_game_end(&rg);
	n = carc_game_event_count(g);
	for (int e = 0; e < n; e++) {
		int32_t type = -1, kind = -1, x = 0, y = 0;
		char want[64], buf[256];
		int k;

		assert_ok(carc_game_event_get(g, (uint32_t)e, CARC_EVENT_TYPE,
					      &type));
		if (type != CARC_EVENT_FARM)
			continue;
		assert_ok(carc_game_event_get(g, (uint32_t)e,
					      CARC_EVENT_FEATURE_KIND, &kind));
		ck_assert_int_eq(kind, CARC_FEATURE_CITY);
		assert_ok(carc_game_event_get(g, (uint32_t)e, CARC_EVENT_X,
					      &x));
		assert_ok(carc_game_event_get(g, (uint32_t)e, CARC_EVENT_Y,
					      &y));
		k = carc_game_describe_event(g, (uint32_t)e, buf, sizeof(buf));
		ck_assert_int_eq(k, (int)strlen(buf));
		snprintf(want, sizeof(want),
			 "farm points for the completed city at %d,%d: P",
			 (int)x, (int)y);
		ck_assert_msg(strncmp(buf, want, strlen(want)) == 0,
			      "event %d: '%s'", e, buf);
		farms++;
	}
	ck_assert_int_gt(farms, 0);
}
END_TEST

/* ---- the three large expansions --------------------------------------- */

#define TB(n) ((uint32_t)CARC_TILE_TB_1 + (n) - 1)

/* A two-player game of @option (plus @o2 = @v2 when @o2 is not 0) whose
 * stack is exactly @tiles. */
static struct carc_game *
stacked(uint32_t option, uint32_t o2, int32_t v2, const uint32_t *tiles,
	size_t n)
{
	struct carc_rules_builder *b = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, option, 1));
	if (o2)
		assert_ok(carc_rules_builder_set(b, o2, v2));
	return make_stacked_game(b, 2, tiles, n);
}

static carc_move_t
figure_move(uint32_t figure, uint32_t feature)
{
	int32_t x, y;

	last_tile_xy(g, &x, &y);
	return carc_move_deploy(figure, x, y, feature);
}

/* Traders & Builders: goods in an open city; Blue completes Red's city
 * and takes them; his majority at the end. */
START_TEST(goods_words)
{
	static const uint32_t order[] = { TB(2), CARC_TILE_E };

	g = stacked(CARC_OPT_TRADERS_BUILDERS, 0, 0, order, 2);
	play(g, TB(2), 0, -1, 2);
	deploy(g, CARC_C1);			/* Red's knight */
	WORDS_EQ(carc_game_describe_feature(g, 0, -1, CARC_C1, B),
		 "the city on the east and south edges at 0,-1: 2 tiles, "
		 "goods 1 wine, 1 open side, worth 2 as it stands; taken by "
		 "P0");
	play(g, CARC_TILE_E, 1, -1, 3);		/* Blue closes it */
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 2);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at 1,-1, completed with 3 tiles: P0 scores 6; P1, "
		 "who completed it, takes 1 wine");
	WORDS_EQ(carc_game_describe_event(g, 1, B),
		 "the wine tokens at the end: P1 holds 1: P1 scores 10");
}
END_TEST

/* Blue completes one wine city, Red another: tied for wine, both score
 * (doc/users/rules.md#traders-goods-final). */
START_TEST(goods_tie_words)
{
	static const uint32_t order[] = {
		TB(2), CARC_TILE_E, TB(2), CARC_TILE_E, CARC_TILE_E,
	};

	g = stacked(CARC_OPT_TRADERS_BUILDERS, 0, 0, order, 5);
	play(g, TB(2), 0, -1, 2);
	pass(g);
	play(g, CARC_TILE_E, 1, -1, 3);
	pass(g);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at 1,-1, completed with 3 tiles: nobody scores; "
		 "P1, who completed it, takes 1 wine");
	play(g, TB(2), -1, -1, 0);
	pass(g);
	play(g, CARC_TILE_E, -1, -2, 2);
	pass(g);
	play(g, CARC_TILE_E, -2, -1, 1);	/* Red closes it */
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 2);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at -2,-1, completed with 3 tiles: nobody scores; "
		 "P0, who completed it, takes 1 wine");
	WORDS_EQ(carc_game_describe_event(g, 1, B),
		 "the wine tokens at the end: P0 holds 1, P1 holds 1, a tie "
		 "for the most: P0 scores 10, P1 scores 10");
}
END_TEST

/* The builder on Red's road and the second tile it gives. */
START_TEST(builder_words)
{
	static const uint32_t order[] = {
		CARC_TILE_U, CARC_TILE_B, CARC_TILE_U, CARC_TILE_B,
		CARC_TILE_U, CARC_TILE_U, CARC_TILE_B, CARC_TILE_B,
	};

	g = stacked(CARC_OPT_TRADERS_BUILDERS, CARC_OPT_BUILDER_TURN,
		    CARC_BUILDER_TURN_OPTIONAL, order, 8);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, 2, 0, 0);
	WORDS_EQ(carc_game_explain_move(
			 g, figure_move(CARC_FIGURE_BUILDER, CARC_R1), B),
		 "put the builder on the road from east to west at 2,0: 3 "
		 "tiles, 2 open ends, worth 3 as it stands; taken by P0");
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_BUILDER,
						 CARC_R1)));
	WORDS_EQ(carc_game_describe_feature(g, 2, 0, CARC_R1, B),
		 "the road from east to west at 2,0: 3 tiles, 2 open ends, "
		 "worth 3 as it stands; taken by P0; P0's builder is there");
	play(g, CARC_TILE_B, 1, 1, 0);
	pass(g);
	play(g, CARC_TILE_U, 3, 0, 0);		/* extends the road */
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_SECOND_TILE);
	WORDS_EQ(carc_game_explain_move(g, carc_move_second_tile(), B),
		 "take the second tile the builder gives: draw and place "
		 "another tile");
	WORDS_EQ(carc_game_explain_move(g, carc_move_pass(), B),
		 "pass: no second tile this turn");
}
END_TEST

/* Red's pig joins his farmer; the farm scores 4 a city for him. */
START_TEST(pig_words)
{
	static const uint32_t order[] = {
		CARC_TILE_E, CARC_TILE_B, CARC_TILE_B, CARC_TILE_B,
	};

	g = stacked(CARC_OPT_TRADERS_BUILDERS, 0, 0, order, 4);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	play(g, CARC_TILE_B, 1, -1, 0);
	WORDS_EQ(carc_game_explain_move(
			 g, figure_move(CARC_FIGURE_PIG, CARC_F1), B),
		 "put the pig on the field all around at 1,-1: borders 1 "
		 "completed city, worth 3 at the end as it stands; taken by "
		 "P0");
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_PIG, CARC_F1)));
	play(g, CARC_TILE_B, -1, 1, 0);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the farm at 1,-1 (1 completed city): P0 scores 4 (with the "
		 "pig, 4 a city)");
}
END_TEST

/* Inns & Cathedrals: a cathedral city left open at the end, an inn road
 * completed under Red's large follower. */
START_TEST(inn_cathedral_words)
{
	uint32_t order[4] = { 0, CARC_TILE_F, CARC_TILE_E, CARC_TILE_E };

	order[0] = (uint32_t)carc_tile_from_name("IC-1");
	g = stacked(CARC_OPT_INNS_CATHEDRALS, 0, 0, order, 4);
	play(g, order[0], 0, -1, 0);
	deploy(g, CARC_C1);
	play(g, CARC_TILE_F, 1, -1, 0);
	pass(g);
	play(g, CARC_TILE_E, 0, -2, 2);
	pass(g);
	play(g, CARC_TILE_E, -1, -1, 1);
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the city at 0,-1, unfinished at the end with 5 tiles and a "
		 "cathedral, so worth nothing: P0 scores 0");
	carc_game_free(g);

	order[0] = (uint32_t)carc_tile_from_name("IC-15");
	order[1] = CARC_TILE_W;
	order[2] = CARC_TILE_A;
	order[3] = CARC_TILE_U;
	g = stacked(CARC_OPT_INNS_CATHEDRALS, 0, 0, order, 4);
	play(g, order[0], 1, 0, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_LARGE_FOLLOWER,
						 CARC_R1)));
	play(g, CARC_TILE_W, -1, 0, 0);
	pass(g);
	play(g, CARC_TILE_A, 2, 0, 1);
	pass(g);
	ck_assert_int_eq(carc_game_event_count(g), 1);
	WORDS_EQ(carc_game_describe_event(g, 0, B),
		 "the road at 2,0, completed with 4 tiles and an inn (2 a "
		 "tile): P0 scores 8");
}
END_TEST

/* The River: where each river tile sends the river, the lake ending it.
 * The stack: one straight river tile, the lake, one base tile. */
START_TEST(river_words)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;
	carc_move_t mv[64];

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER, 1));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		assert_ok(carc_rules_builder_set_tile_count(
			b, t,
			t == CARC_TILE_RI_1 || t == CARC_TILE_RI_2 ||
					t == CARC_TILE_RI_7 || t == CARC_TILE_U
				? 1
				: 0));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	g = make_game(r, 2, 1);
	carc_rules_unref(r);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_7);
	WORDS_EQ(carc_game_explain_move(g, carc_move_place(1, 0, 0), B),
		 "place tile RI-7 at 1,0, turned as drawn (r0); the river "
		 "flows on to the east");
	play(g, CARC_TILE_RI_7, 1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_current_tile(g), CARC_TILE_RI_2);
	ck_assert_int_eq(carc_game_legal_moves(g, mv, 64), 1);
	WORDS_EQ(carc_game_explain_move(g, mv[0], B),
		 "place tile RI-2 at 2,0, turned as drawn (r0); the lake "
		 "ends the river");
}
END_TEST


/* ---- carc_game_explain_refusal() -------------------------------------- */

#define NA "not allowed by the rules in force: "
#define WP "move not allowed at this decision point: "

/* carc_game_explain_refusal() of @m is @want exactly, the game unchanged;
 * a move it explains is one carc_game_apply() refuses. */
static void
refusal_eq(carc_move_t m, const char *want)
{
	char b[512];
	uint64_t h = carc_game_hash(g);
	int n;

	memset(b, 'x', sizeof(b));
	n = carc_game_explain_refusal(g, m, b, sizeof(b));
	ck_assert_msg(n >= 0, "%d (%s)", n, carc_strerror(n));
	ck_assert_str_eq(b, want);
	ck_assert_int_eq(n, (int)strlen(want));
	ck_assert_uint_eq(carc_game_hash(g), h);
	ck_assert_int_eq(carc_game_is_legal(g, m), want[0] == '\0');
	/* measuring gives the same length */
	ck_assert_int_eq(carc_game_explain_refusal(g, m, NULL, 0), n);
	ck_assert_uint_eq(carc_game_hash(g), h);
}

/* A two-player game of the options (pairs ended by 0) whose stack is
 * exactly the tiles named in @order ("W U CCI-4"). */
static struct carc_game *
named_game(const char *order, ...)
{
	struct carc_rules_builder *b = NULL;
	uint32_t tiles[32];
	size_t n = 0;
	char buf[128];
	va_list ap;
	int o;

	assert_ok(carc_rules_builder_new(&b));
	va_start(ap, order);
	while ((o = va_arg(ap, int)) != 0)
		assert_ok(carc_rules_builder_set(b, (uint32_t)o,
						 va_arg(ap, int)));
	va_end(ap);
	snprintf(buf, sizeof(buf), "%s", order);
	for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
		ck_assert_int_ge(carc_tile_from_name(t), 0);
		tiles[n++] = (uint32_t)carc_tile_from_name(t);
	}
	return make_stacked_game(b, 2, tiles, n);
}

/* The legal move, the bare codes, the arguments. */
START_TEST(refusal_basics)
{
	char b[64];

	g = named_game("E U U", 0);
	refusal_eq(carc_move_place(0, -1, 2), "");
	refusal_eq(carc_move_place(5, 5, 0),
		   "tile shares no side with the board");
	refusal_eq(carc_move_place(0, -1, 0),
		   "tile side does not match its neighbour");
	refusal_eq(carc_move_pass(),
		   WP "P0 is to place tile E (phase place-tile)");
	refusal_eq(CARC_MOVE_NONE, "invalid argument");
	play(g, CARC_TILE_E, 0, -1, 2);
	refusal_eq(carc_move_place(1, 0, 0),
		   WP "P0 is to put a figure on the tile just placed, or "
		      "pass (phase deploy)");
	refusal_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 0, 0, CARC_C1),
		   "figures go only on the tile just placed");
	refusal_eq(carc_move_build(CARC_FIGURE_TOWER, 0, -1),
		   NA "buildings come only with Little Buildings (option "
		      "little-buildings off)");
	refusal_eq(figure_move(CARC_FIGURE_PHANTOM, CARC_C1),
		   NA "the phantom comes only with The Phantom (option "
		      "phantom off)");
	refusal_eq(figure_move(CARC_FIGURE_LARGE_FOLLOWER, CARC_C1),
		   NA "the large follower comes only with Inns & Cathedrals "
		      "(option inns-cathedrals off)");
	refusal_eq(figure_move(CARC_FIGURE_BUILDER, CARC_C1),
		   NA "the builder and the pig come only with Traders & "
		      "Builders (option traders-builders off)");
	deploy(g, CARC_C1);
	play(g, CARC_TILE_U, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_U, -1, 0, 0);
	pass(g);
	ck_assert_int_eq(carc_game_is_over(g), 1);
	refusal_eq(carc_move_pass(), "the game is over");

	/* errors and measuring */
	ck_assert_int_eq(carc_game_explain_refusal(NULL, carc_move_pass(), b,
						   sizeof(b)),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_explain_refusal(g, carc_move_pass(), NULL,
						   4),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_explain_refusal(g, carc_move_pass(), NULL,
						   0),
			 (int)strlen("the game is over"));
	memset(b, 'x', sizeof(b));
	ck_assert_int_eq(carc_game_explain_refusal(g, carc_move_pass(), b, 5),
			 (int)strlen("the game is over"));
	ck_assert_str_eq(b, "the ");
}
END_TEST

/* Farmers off: no follower, phantom or pig in a field. */
START_TEST(refusal_farmers_off)
{
	g = named_game("E U U", CARC_OPT_FARMERS, 0, CARC_OPT_PHANTOM, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	refusal_eq(figure_move(CARC_FIGURE_FOLLOWER, CARC_F1),
		   NA "no figure goes into a field: farmers are not in play "
		      "(option farmers off)");
	refusal_eq(figure_move(CARC_FIGURE_PHANTOM, CARC_C1),
		   WP "P0 is to put a figure on the tile just placed, or "
		      "pass (phase deploy)");
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	refusal_eq(figure_move(CARC_FIGURE_PHANTOM, CARC_F1),
		   NA "no figure goes into a field: farmers are not in play "
		      "(option farmers off)");
	refusal_eq(figure_move(CARC_FIGURE_FOLLOWER, CARC_C1),
		   WP "P0 is to put the phantom on the tile just placed, or "
		      "pass (phase phantom)");
	refusal_eq(figure_move(CARC_FIGURE_PHANTOM, CARC_C1), "");
	carc_game_free(g);

	g = named_game("E U U", CARC_OPT_FARMERS, 0,
		       CARC_OPT_TRADERS_BUILDERS, 1, 0);
	play(g, CARC_TILE_E, 0, -1, 2);
	refusal_eq(figure_move(CARC_FIGURE_PIG, CARC_F1),
		   NA "the pig needs a farmer of yours, and farmers are not "
		      "in play (option farmers off)");
}
END_TEST

/* Traders & Builders: the builder and the pig need the player's own
 * follower there; builder-on-completed; phantom-with-figure. */
START_TEST(refusal_traders)
{
	g = named_game("U B U B", CARC_OPT_TRADERS_BUILDERS, 1, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	refusal_eq(figure_move(CARC_FIGURE_BUILDER, CARC_R1),
		   NA "the builder goes only onto a road or city of the tile "
		      "just placed that holds one of your followers");
	refusal_eq(figure_move(CARC_FIGURE_BUILDER, CARC_F1),
		   NA "the builder goes only onto a road or city of the tile "
		      "just placed that holds one of your followers");
	refusal_eq(figure_move(CARC_FIGURE_PIG, CARC_F1),
		   NA "the pig goes only into a field of the tile just placed "
		      "that holds one of your farmers");
	refusal_eq(figure_move(CARC_FIGURE_PIG, CARC_R1),
		   NA "the pig goes only into a field of the tile just placed "
		      "that holds one of your farmers");
	carc_game_free(g);

	/* Red's tile completes the road holding his thief */
	g = named_game("U A A U B U", CARC_OPT_TRADERS_BUILDERS, 1,
		       CARC_OPT_BUILDER_ON_COMPLETED, 0, 0);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_A, -1, 0, 3);
	pass(g);
	play(g, CARC_TILE_A, 2, 0, 1);
	refusal_eq(figure_move(CARC_FIGURE_BUILDER, CARC_R1),
		   NA "the builder may not go onto a road or city that the "
		      "tile just placed completes (option "
		      "builder-on-completed off)");
	carc_game_free(g);

	/* the pig, then no phantom step */
	g = named_game("E B B B", CARC_OPT_TRADERS_BUILDERS, 1,
		       CARC_OPT_PHANTOM, 1, CARC_OPT_PHANTOM_WITH_FIGURE, 0,
		       0);
	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_F1);
	pass(g);				/* no phantom */
	play(g, CARC_TILE_B, 0, 1, 0);
	pass(g);
	pass(g);
	play(g, CARC_TILE_B, 1, -1, 0);
	assert_ok(carc_game_apply(g, figure_move(CARC_FIGURE_PIG, CARC_F1)));
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	refusal_eq(carc_move_deploy(CARC_FIGURE_PHANTOM, 1, -1, CARC_F1),
		   WP "the phantom does not follow the builder or the pig in "
		      "the same turn (option phantom-with-figure off); P1 is to "
		      "place tile B (phase place-tile)");
}
END_TEST

/* The River: a second curve the same way, under each rule. */
START_TEST(refusal_river)
{
	static const struct {
		int32_t rule;
		const char *want;
	} cases[] = {
		{ CARC_RIVER_U_ADJACENT,
		  NA "the river may not turn back on itself (option "
		     "river-u-turn)" },
		{ CARC_RIVER_U_SUCCESSIVE,
		  NA "the river may not turn the same way twice in a row, "
		     "even with straight tiles between (option river-u-turn "
		     "successive)" },
		{ CARC_RIVER_U_JCZ,
		  NA "the river would have no room ahead (option "
		     "river-u-turn jcz)" },
		{ CARC_RIVER_U_ALLOWED, "" },
	};

	for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
		struct carc_rules_builder *b = NULL;
		struct carc_rules *r = NULL;

		assert_ok(carc_rules_builder_new(&b));
		assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER, 1));
		assert_ok(carc_rules_builder_set(b, CARC_OPT_RIVER_U_TURN,
						 cases[k].rule));
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			assert_ok(carc_rules_builder_set_tile_count(
				b, t,
				t == CARC_TILE_RI_10  ? 2
				: t == CARC_TILE_RI_2 ? 1
						      : 0));
		assert_ok(carc_rules_builder_build(b, &r));
		carc_rules_builder_free(b);
		g = make_game(r, 2, 1);
		carc_rules_unref(r);
		play(g, CARC_TILE_RI_10, 1, 0, 0);
		pass(g);
		refusal_eq(carc_move_place(1, 1, 1), cases[k].want);
		carc_game_free(g);
		g = NULL;
	}
}
END_TEST

/* Crop circles: Red's thief at 1,0, Blue's at 1,1; Red's crop circle
 * (club: roads) at 0,1.  Blue answers first. */
static void
crop_setup(int32_t option, int32_t value)
{
	g = named_game("W U CCI-4 U U", CARC_OPT_CROP_CIRCLES_I, 1, option,
		       value, 0);
	play(g, CARC_TILE_W, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_U, 1, 1, 1);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_CCI_4, 0, 1, 0);
	pass(g);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_CROP_CHOICE);
}

START_TEST(refusal_crop_circles)
{
	crop_setup(CARC_OPT_CROP_PHANTOM, 1);
	refusal_eq(carc_move_pass(),
		   WP "P0 is to choose the crop circle's action: add or take "
		      "back followers (phase crop-choice)");
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_DEPLOY)));
	ck_assert_int_eq(carc_game_current_player(g), BLUE);
	refusal_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, 1, CARC_R1), "");
	refusal_eq(carc_move_deploy(CARC_FIGURE_FOLLOWER, 1, 0, CARC_R1),
		   NA "the crop circle adds a follower only to roads that "
		      "hold one of yours (option crop-deploy-any off)");
	refusal_eq(carc_move_build(CARC_FIGURE_TOWER, 1, 1),
		   NA "a crop circle adds followers, not buildings");
	refusal_eq(carc_move_remove(CARC_FIGURE_FOLLOWER, 1, 1, CARC_R1),
		   WP "P1 is to add a follower in roads, or pass (phase "
		      "crop-response)");
	carc_game_free(g);

	crop_setup(CARC_OPT_CROP_DEPLOY_MANDATORY, 1);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_DEPLOY)));
	refusal_eq(carc_move_pass(),
		   NA "a player who can must add a follower beside one of his "
		      "in roads (option crop-deploy-mandatory on)");
	carc_game_free(g);

	crop_setup(CARC_OPT_CROP_PHANTOM, 1);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_REMOVE)));
	refusal_eq(carc_move_pass(),
		   NA "the crop circle's removal is a must: take back one of "
		      "your followers in roads");
	refusal_eq(carc_move_remove(CARC_FIGURE_FOLLOWER, 1, 1, CARC_R1), "");
	carc_game_free(g);

	crop_setup(CARC_OPT_CROP_PHANTOM, 0);
	assert_ok(carc_game_apply(g, carc_move_crop_choice(CARC_CROP_REMOVE)));
	refusal_eq(carc_move_remove(CARC_FIGURE_PHANTOM, 1, 1, CARC_R1),
		   NA "the phantom takes no part in a crop circle's action "
		      "(option crop-phantom off)");
}
END_TEST

/* Every refusal of random games with every expansion (and the
 * switches that forbid more): the move @m, whose code carc_game_apply()
 * gives on a clone, is explained as carc_strerror() of that code, a
 * NOT_ALLOWED always with its rule; a legal move as "". */
static void
refusal_agrees(carc_move_t m, int *worded)
{
	struct carc_game *c = NULL;
	uint64_t h = carc_game_hash(g);
	char b[512];
	const char *err;
	int rc, k;

	assert_ok(carc_game_clone(g, &c));
	rc = carc_game_apply(c, m);
	carc_game_free(c);
	k = carc_game_explain_refusal(g, m, b, sizeof(b));
	EQ(carc_game_hash(g), h);
	if (rc >= 0) {
		if (k != 0)
			ck_abort_msg("legal %#llx: '%s'", (unsigned long long)m,
				     b);
		return;
	}
	err = carc_strerror(rc);
	if (k <= 0 || k >= (int)sizeof(b) ||
	    strncmp(b, err, strlen(err)) != 0 ||
	    (b[strlen(err)] != '\0' && strncmp(b + strlen(err), ": ", 2)))
		ck_abort_msg("%#llx (%d): %d '%s'", (unsigned long long)m, rc,
			     k, b);
	if (rc == CARC_E_NOT_ALLOWED && b[strlen(err)] == '\0')
		ck_abort_msg("%#llx: no rule for '%s'", (unsigned long long)m,
			     b);
	*worded += b[strlen(err)] != '\0';
}

START_TEST(refusal_agrees_with_apply)
{
	static const uint32_t figs[] = {
		CARC_FIGURE_FOLLOWER, CARC_FIGURE_PHANTOM,
		CARC_FIGURE_LARGE_FOLLOWER, CARC_FIGURE_BUILDER,
		CARC_FIGURE_PIG,
	};
	uint64_t seed = 5;
	int worded = 0;

	for (int game = 0; game < 4; game++) {
		struct carc_rules *r = make_rules(
			NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
			CARC_OPT_CROP_CIRCLES_II, 1,
			CARC_OPT_LITTLE_BUILDINGS, game & 1,
			CARC_OPT_RIVER, 1, CARC_OPT_INNS_CATHEDRALS, game & 1,
			CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_FARMERS,
			game < 2, CARC_OPT_PHANTOM_WITH_FIGURE, game & 1,
			CARC_OPT_BUILDER_ON_COMPLETED, game & 1,
			CARC_OPT_CROP_PHANTOM, game & 1,
			CARC_OPT_CROP_DEPLOY_MANDATORY, game >> 1,
			CARC_OPT_RIVER_U_TURN, game, 0);
		struct random_game rg;

		g = make_game(r, 2 + (uint32_t)(game & 1), test_rand(&seed));
		carc_rules_unref(r);
		random_game_start(&rg, g, seed);
		while (random_game_next(&rg)) {
			int32_t x = 0, y = 0;
			uint32_t tile = 0, feats[16];
			int nt = carc_game_tile_count(g), nf;

			for (int i = 0; i < rg.n; i++)
				refusal_agrees(rg.moves[i], &worded);
			assert_ok(carc_game_tile_at(g, (uint32_t)nt - 1, &x, &y,
						    &tile, NULL));
			nf = carc_tile_features(tile, feats, 16);
			for (int f = 0; f < nf; f++)
				for (size_t k = 0; k < 5; k++) {
					refusal_agrees(carc_move_deploy(
							       figs[k], x, y,
							       feats[f]),
						       &worded);
					refusal_agrees(carc_move_remove(
							       figs[k], x, y,
							       feats[f]),
						       &worded);
				}
			for (uint32_t b = CARC_FIGURE_TOWER;
			     b <= CARC_FIGURE_SHED; b++)
				refusal_agrees(carc_move_build(b, x, y),
					       &worded);
			refusal_agrees(carc_move_pass(), &worded);
			refusal_agrees(carc_move_second_tile(), &worded);
			refusal_agrees(carc_move_crop_choice(CARC_CROP_DEPLOY),
				       &worded);
			for (uint32_t rot = 0; rot < 4; rot++)
				refusal_agrees(carc_move_place(x + 1, y, rot),
					       &worded);
			random_game_play(&rg);
		}
		seed = rg.rng;
		random_game_end(&rg);
		carc_game_free(g);
		g = NULL;
	}
	ck_assert_int_gt(worded, 100);
}
END_TEST

/* Every legal move and event of random games with the three expansions
 * has words, within 256 bytes. */
START_TEST(every_legal_move_expansions)
{
	uint64_t seed = 11;

	for (int game = 0; game < 3; game++) {
		struct carc_rules *r = make_rules(
			NULL, CARC_OPT_RIVER, 1, CARC_OPT_INNS_CATHEDRALS, 1,
			CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
			CARC_BUILDER_TURN_OPTIONAL, 0);
		struct random_game rg;

		g = make_game(r, 2 + (uint32_t)game, test_rand(&seed));
		carc_rules_unref(r);
		random_game_start(&rg, g, seed);
		while (random_game_next(&rg)) {
			char buf[256];
			int k;

			for (int i = 0; i < rg.n; i++) {
				k = carc_game_explain_move(g, rg.moves[i], buf,
							   sizeof(buf));
				if (k <= 10 || k >= (int)sizeof(buf))
					ck_abort_msg("move %d: %d '%s'", i, k,
						     buf);
			}
			random_game_play(&rg);
			for (int e = 0; e < carc_game_event_count(g); e++) {
				k = carc_game_describe_event(g, (uint32_t)e,
							     buf, sizeof(buf));
				if (k <= 10 || k >= (int)sizeof(buf))
					ck_abort_msg("event %d: %d '%s'", e, k,
						     buf);
			}
		}
		seed = rg.rng;
		random_game_end(&rg);
		carc_game_free(g);
		g = NULL;
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("words");
	TCase *tc = tcase_create("words");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, tile_features);
	tcase_add_test(tc, game_features);
	tcase_add_test(tc, move_words);
	tcase_add_test(tc, several_figures);
	tcase_add_test(tc, large_follower_with_others);
	tcase_add_test(tc, complete_monastery_and_cathedral);
	tcase_add_test(tc, final_events);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, every_legal_move);
	tcase_add_test(tc, farm_events_per_city);
	tcase_add_test(tc, goods_words);
	tcase_add_test(tc, goods_tie_words);
	tcase_add_test(tc, builder_words);
	tcase_add_test(tc, pig_words);
	tcase_add_test(tc, inn_cathedral_words);
	tcase_add_test(tc, river_words);
	tcase_add_test(tc, every_legal_move_expansions);
	tcase_add_test(tc, refusal_basics);
	tcase_add_test(tc, refusal_farmers_off);
	tcase_add_test(tc, refusal_traders);
	tcase_add_test(tc, refusal_river);
	tcase_add_test(tc, refusal_crop_circles);
	tcase_add_test(tc, refusal_agrees_with_apply);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
