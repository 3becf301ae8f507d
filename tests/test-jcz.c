/* SPDX-License-Identifier: MIT */
/*
 * JCloisterZone saved games (include/carcassonne/jcz.h): the tile table
 * against JCZ's tile definitions, the saved games of JCZ's own test suite
 * with the scores its Java tests assert, round trips over random games,
 * bad input and bad arguments.
 *
 * The program links the library's internal archive to check the tile
 * and location tables of lib/jcz/ directly; every other check goes
 * through the two public calls.  JCZ_FIXTURES names tests/jcz/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include <carcassonne/jcz.h>

#include "jcz/jcz-private.h"
#include "test-common.h"

#define UNTOUCHED 0x5a5a5a5au

/* ---- helpers ------------------------------------------------------------ */

static char *
export_text(const struct carc_game *g)
{
	int len = carc_jcz_export(g, NULL, 0);
	char *text;

	ck_assert_int_gt(len, 0);
	text = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_int_eq(carc_jcz_export(g, text, (size_t)len + 1), len);
	ck_assert_uint_eq(strlen(text), (size_t)len);
	return text;
}

/* Import @p text expecting @p want, a message containing @p part and the
 * error line @p line; *out stays untouched. */
static void
import_fails(const char *text, int want, uint32_t line, const char *part)
{
	struct carc_game *g = (struct carc_game *)&g;
	uint32_t l = UNTOUCHED, c = UNTOUCHED;
	char msg[512];
	int rc = carc_jcz_import(text, strlen(text), &g, &l, &c, msg,
				 sizeof(msg));

	ck_assert_msg(rc == want, "got %d (%s), want %d: %s", rc,
		      carc_strerror(rc), want, msg);
	ck_assert_ptr_eq(g, (struct carc_game *)&g);
	ck_assert_msg(strstr(msg, part) != NULL, "message '%s' lacks '%s'",
		      msg, part);
	ck_assert_msg(l == line, "line %u, want %u (%s)", l, line, msg);
}

/* ---- tiles and locations ------------------------------------------------ */

/* JCZ's definitions of the first-edition base tiles (tile-definitions/
 * basic.xml of JCloisterZone): per id, cities ("sides/pennant"), roads,
 * fields (half edges) and the cloister. */
static const struct jcz_def {
	const char *id;
	unsigned count;
	const char *cities[2], *roads[4], *fields[4];
	bool cloister;
} jcz_defs[] = {
	{ "BA.L", 4, { NULL }, { NULL }, { "NL NR EL ER SL SR WL WR" }, true },
	{ "BA.LR", 2, { NULL }, { "S" }, { "NL NR EL ER SL SR WL WR" }, true },
	{ "BA.RCr", 4, { "N/0" }, { "W E" }, { "EL WR", "ER SL SR WL" },
	  false },
	{ "BA.Cccc+", 1, { "N W S E/1" }, { NULL }, { NULL }, false },
	{ "BA.CccR+", 2, { "N W E/1" }, { "S" }, { "SL", "SR" }, false },
	{ "BA.CccR", 1, { "N W E/0" }, { "S" }, { "SL", "SR" }, false },
	{ "BA.CFc+", 2, { "W E/1" }, { NULL }, { "NL NR", "SL SR" }, false },
	{ "BA.CFc.1", 1, { "W E/0" }, { NULL }, { "NL NR", "SL SR" }, false },
	{ "BA.Cc.1", 3, { "N W/0" }, { NULL }, { "SL SR EL ER" }, false },
	{ "BA.Cc+", 2, { "N W/1" }, { NULL }, { "SL SR EL ER" }, false },
	{ "BA.CcRr", 3, { "N W/0" }, { "E S" }, { "EL SR", "ER SL" }, false },
	{ "BA.CcRr+", 2, { "N W/1" }, { "E S" }, { "EL SR", "ER SL" }, false },
	{ "BA.Ccc", 3, { "N E W/0" }, { NULL }, { "SL SR" }, false },
	{ "BA.Ccc+", 1, { "N E W/1" }, { NULL }, { "SL SR" }, false },
	{ "BA.CRr", 3, { "N/0" }, { "E S" }, { "EL WL WR SR", "ER SL" },
	  false },
	{ "BA.CRRR", 3, { "N/0" }, { "E", "S", "W" },
	  { "WR EL", "WL SR", "ER SL" }, false },
	{ "BA.RrC", 3, { "N/0" }, { "S W" }, { "WR EL ER SL", "WL SR" },
	  false },
	{ "BA.C", 5, { "N/0" }, { NULL }, { "WL WR SL SR EL ER" }, false },
	{ "BA.CFC.2", 3, { "N/0", "S/0" }, { NULL }, { "WL WR EL ER" }, false },
	{ "BA.CC.2", 2, { "N/0", "W/0" }, { NULL }, { "EL ER SL SR" }, false },
	{ "BA.RRRR", 1, { NULL }, { "N", "E", "S", "W" },
	  { "WR NL", "NR EL", "ER SL", "SR WL" }, false },
	{ "BA.RRR", 4, { NULL }, { "E", "S", "W" },
	  { "WR NL NR EL", "ER SL", "SR WL" }, false },
	{ "BA.Rr", 9, { NULL }, { "W S" }, { "WR NL NR EL ER SL", "SR WL" },
	  false },
	{ "BA.RFr", 8, { NULL }, { "W E" }, { "WR NL NR EL", "ER SL SR WL" },
	  false },
};

#define N_JCZ_DEFS (sizeof(jcz_defs) / sizeof(jcz_defs[0]))

/* "N W" -> side mask (N=1, E=2, S=4, W=8) or half-edge mask */
static uint32_t
words_mask(const char *s, bool half)
{
	static const char *const sides[4] = { "N", "E", "S", "W" };
	static const char *const halves[8] = { "NL", "NR", "EL", "ER",
					       "SL", "SR", "WL", "WR" };
	uint32_t m = 0;
	char w[8];
	int k = 0;

	for (const char *p = s;; p++) {
		if (*p && *p != ' ' && *p != '/') {
			w[k++] = *p;
			continue;
		}
		w[k] = '\0';
		for (uint32_t i = 0; i < (half ? 8u : 4u); i++)
			if (k && strcmp(w, half ? halves[i] : sides[i]) == 0)
				m |= 1u << i;
		k = 0;
		if (!*p || *p == '/')
			break;
	}
	return m;
}

/* rotate a side mask (4 bits) or half-edge mask (8 bits) clockwise */
static uint32_t
rot_mask(uint32_t m, uint32_t r, bool half)
{
	uint32_t bits = half ? 8 : 4, step = half ? 2 * r : r;
	uint32_t all = (1u << bits) - 1;

	return ((m << step) | (m >> (bits - step))) & all;
}

/* Whether JCZ's definition @p def has feature @p f of @p tile, which
 * reaches @p sides in rotation @p r: a city of the same sides and
 * pennant, a road or a field of the same sides, or the cloister. */
static bool
def_has_feature(const struct jcz_def *def, uint32_t tile, uint32_t r,
		uint32_t f, int sides)
{
	uint32_t kind = f >> 4;
	bool found = false;

	for (int j = 0; j < 4; j++) {
		const char *d;

		if (kind == CARC_FEATURE_CITY && j < 2 &&
		    (d = def->cities[j]) != NULL) {
			bool pen = strchr(d, '/')[1] == '1';
			bool has_pen = carc_tile_feature_pennants(tile, f) > 0;

			found |= rot_mask(words_mask(d, false), r, false) ==
					 (uint32_t)sides &&
				 pen == has_pen;
		}
		if (kind == CARC_FEATURE_ROAD && (d = def->roads[j]) != NULL)
			found |= rot_mask(words_mask(d, false), r, false) ==
				 (uint32_t)sides;
		if (kind == CARC_FEATURE_FIELD && (d = def->fields[j]) != NULL)
			found |= rot_mask(words_mask(d, true), r, true) ==
				 (uint32_t)sides;
	}
	if (kind == CARC_FEATURE_MONASTERY)
		found = def->cloister;
	return found;
}

START_TEST(tile_table_matches_jcz_definitions)
{
	unsigned total = 0;

	for (size_t i = 0; i < N_JCZ_DEFS; i++) {
		const struct jcz_def *def = &jcz_defs[i];
		int tile = carc__jcz_tile_from_id(def->id);
		uint32_t feats[16], t;
		int nf;

		ck_assert_msg(tile >= 0, "%s unmapped", def->id);
		t = (uint32_t)tile;
		nf = carc_tile_features(t, feats, 16);
		total += def->count;
		ck_assert_int_eq(carc_rules_tile_count(NULL, 0) < 0, 1);
		for (uint32_t r = 0; r < 4; r++) {
			unsigned nc = 0, nr = 0, nfi = 0, nm = 0;

			for (int k = 0; k < nf; k++) {
				uint32_t f = feats[k], kind = f >> 4;
				int sides = carc_tile_feature_sides(t, r, f);
				bool found = def_has_feature(def, t, r, f,
							     sides);

				ck_assert_msg(found,
					      "%s r%u: feature %s differs",
					      def->id, r,
					      carc_feature_name(f));
				nc += kind == CARC_FEATURE_CITY;
				nr += kind == CARC_FEATURE_ROAD;
				nfi += kind == CARC_FEATURE_FIELD;
				nm += kind == CARC_FEATURE_MONASTERY;
			}
			for (unsigned j = 0; j < 4; j++) {
				nc -= j < 2 && def->cities[j] != NULL;
				nr -= def->roads[j] != NULL;
				nfi -= def->fields[j] != NULL;
			}
			ck_assert_msg(nc == 0 && nr == 0 && nfi == 0 &&
				      nm == (def->cloister ? 1u : 0u),
				      "%s: feature counts differ", def->id);
		}
		/* JCZ's count is ours (the start tile is one of the D) */
		{
			struct carc_rules *rules = make_rules(NULL, 0);

			ck_assert_int_eq(carc_rules_tile_count(rules, t) +
						 (tile == CARC_TILE_D),
					 (int)def->count);
			carc_rules_unref(rules);
		}
	}
	ck_assert_uint_eq(total, 72);
	/* every row of the table is one of the definitions above */
	for (const struct jcz_tile_id *t = carc__jcz_tile_ids; t->id; t++) {
		bool listed = false;

		for (size_t i = 0; i < N_JCZ_DEFS; i++)
			listed |= strcmp(jcz_defs[i].id, t->id) == 0;
		ck_assert_msg(listed, "%s is not a JCZ base tile", t->id);
	}
}
END_TEST

START_TEST(tile_ids_both_spellings)
{
	char buf[32];

	ck_assert_int_eq(carc__jcz_tile_from_id("BA.CcRr+"), CARC_TILE_O);
	ck_assert_int_eq(carc__jcz_tile_from_id("BA/CcRr+"), CARC_TILE_O);
	ck_assert_int_eq(carc__jcz_tile_from_id("BA/CFc.1"), CARC_TILE_G);
	ck_assert_int_eq(carc__jcz_tile_from_id("BA.CFc/1"), -1);
	ck_assert_int_eq(carc__jcz_tile_from_id("BA.CFc"), -1);
	ck_assert_int_eq(carc__jcz_tile_from_id("ba.C"), -1);
	ck_assert_int_eq(carc__jcz_tile_from_id(""), -1);
	ck_assert_int_eq(carc__jcz_tile_from_id(NULL), -1);
	ck_assert_str_eq(carc__jcz_tile_id5(CARC_TILE_G, buf, sizeof(buf)),
			 "BA/CFc.1");
	ck_assert_str_eq(carc__jcz_tile_id5(CARC_TILE_D, buf, sizeof(buf)),
			 "BA/RCr");
	ck_assert_ptr_null(carc__jcz_tile_id5(CARC_TILE_D, buf, 4));
	/* the river, Inns & Cathedrals, Traders & Builders: JCZ 5 ids only */
	ck_assert_int_eq(carc__jcz_tile_from_id("RI/s"), CARC_TILE_RI_1);
	ck_assert_int_eq(carc__jcz_tile_from_id("RI.1/I.e"), CARC_TILE_RI_2);
	ck_assert_int_eq(carc__jcz_tile_from_id("IC/Cccc.c"), CARC_TILE_IC_1);
	ck_assert_int_eq(carc__jcz_tile_from_id("TB/RRrr"), CARC_TILE_TB_24);
	ck_assert_int_eq(carc__jcz_tile_from_id("IC.Cccc.c"), -1);
	ck_assert_int_eq(carc__jcz_tile_from_id("RI.1/IIG"), -1);
	ck_assert_str_eq(carc__jcz_tile_id5(CARC_TILE_TB_7, buf, sizeof(buf)),
			 "TB/CcRR!.c");
	ck_assert_ptr_null(carc__jcz_tile_id5(CARC_TILE_TB_7, buf, 10));
	ck_assert_ptr_null(carc__jcz_tile_id5(CARC_TILE_TYPES, buf,
					      sizeof(buf)));
}
END_TEST

START_TEST(locations_parse_and_name)
{
	char buf[32];

	ck_assert_int_eq(carc__jcz_location_parse("NL"), 1);
	ck_assert_int_eq(carc__jcz_location_parse("NL.NR.EL.ER.WL.WR"),
			 0xcf);
	ck_assert_int_eq(carc__jcz_location_parse("N"), 0x300);
	ck_assert_int_eq(carc__jcz_location_parse("NW"), 0xc300);
	ck_assert_int_eq(carc__jcz_location_parse("_N"), 0xfc00);
	ck_assert_int_eq(carc__jcz_location_parse("N.W"), 0xc300);
	/* the monastery: "I" from JCZ 5.7 on, "CLOISTER" before */
	ck_assert_int_eq(carc__jcz_location_parse("I"), 0x10000);
	ck_assert_int_eq(carc__jcz_location_parse("CLOISTER"), 0x10000);
	ck_assert_int_eq(carc__jcz_location_parse("II"), -1);
	ck_assert_int_eq(carc__jcz_location_parse("CLOISTE"), -1);
	ck_assert_int_eq(carc__jcz_location_parse("NWSE"), 0xff00);
	ck_assert_int_eq(carc__jcz_location_parse(""), -1);
	ck_assert_int_eq(carc__jcz_location_parse("NL."), -1);
	ck_assert_int_eq(carc__jcz_location_parse("XX"), -1);
	ck_assert_int_eq(carc__jcz_location_parse("nl"), -1);
	/* E's city (north in rotation 0) faces south in rotation 2 */
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_E, 2, 0x3000, 0),
			 CARC_C1);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_E, 2, 0x300, 0),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_E, 2, 0x1000, 0),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_E, 0, 0x300,
						    CARC_FEATURE_ROAD),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_B, 1, 0x10000, 0),
			 CARC_MONASTERY);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_B, 1, 0xff, 0),
			 CARC_F1);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_B, 1, 0x10001, 0),
			 CARC_E_NO_FEATURE);
	/* every feature of every base tile in every rotation: the name
	 * parses back to the feature */
	for (uint32_t t = 0; t < 24; t++) {
		uint32_t feats[16];
		int nf = carc_tile_features(t, feats, 16);

		for (uint32_t r = 0; r < 4; r++)
			for (int k = 0; k < nf; k++) {
				const char *name;
				int32_t m;

				name = carc__jcz_location_name(
					t, r, feats[k], buf, sizeof(buf));

				ck_assert_ptr_nonnull(name);
				m = carc__jcz_location_parse(name);
				ck_assert_int_ge(m, 0);
				ck_assert_int_eq(carc__jcz_location_feature(
							 t, r, (uint32_t)m, 0),
						 (int)feats[k]);
			}
	}
	/* and of every tile with its feature kind, as JCZ 5 names it */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		uint32_t feats[16];
		int nf = carc_tile_features(t, feats, 16);

		for (uint32_t r = 0; r < 4; r++)
			for (int k = 0; k < nf; k++) {
				const char *name = carc__jcz_location_name(
					t, r, feats[k], buf, sizeof(buf));

				ck_assert_ptr_nonnull(name);
				ck_assert_int_eq(
					carc__jcz_location_feature(
						t, r,
						(uint32_t)carc__jcz_location_parse(
							name),
						feats[k] >> 4),
					(int)feats[k]);
			}
	}
	/* "I": the monastery, or a field that reaches no side */
	ck_assert_str_eq(carc__jcz_location_name(CARC_TILE_IC_3, 2, CARC_F1,
						 buf, sizeof(buf)), "I");
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_IC_3, 0, 0x10000,
						    CARC_FEATURE_FIELD),
			 CARC_F1);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_IC_3, 0, 0x10000,
						    0),
			 CARC_F1);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_IC_3, 0, 0x10000,
						    CARC_FEATURE_MONASTERY),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_IC_2, 0, 0x10000,
						    CARC_FEATURE_FIELD),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc__jcz_location_feature(CARC_TILE_IC_2, 0, 0x10000,
						    CARC_FEATURE_MONASTERY),
			 CARC_MONASTERY);
	ck_assert_str_eq(carc__jcz_location_name(CARC_TILE_B, 3, CARC_MONASTERY,
						 buf, sizeof(buf)), "I");
	ck_assert_str_eq(carc__jcz_location_name(CARC_TILE_R, 0, CARC_C1, buf,
						 sizeof(buf)), "_S");
	ck_assert_str_eq(carc__jcz_location_name(CARC_TILE_R, 1, CARC_C1, buf,
						 sizeof(buf)), "_W");
	ck_assert_str_eq(carc__jcz_location_name(CARC_TILE_E, 0, CARC_F1, buf,
						 sizeof(buf)),
			 "EL.ER.SL.SR.WL.WR");
	ck_assert_ptr_null(carc__jcz_location_name(CARC_TILE_E, 0, CARC_F1, buf,
						   8));
	ck_assert_ptr_null(carc__jcz_location_name(CARC_TILE_E, 0, CARC_R1, buf,
						   sizeof(buf)));
}
END_TEST

/* ---- JCZ's own saved games ---------------------------------------------- */

/* The points each player scored for features of @p kind, feature by
 * feature in the order of the game (finals included): the game's moves
 * replayed on a new game with the same rules and draw order.  Writes up
 * to @p n values "player * 1000 + points" into @p out; returns how many. */
static int
scored(const struct carc_game *g, uint32_t kind, int *out, int n)
{
	struct carc_game *r = NULL;
	int total = carc_game_draw_order(g, NULL, 0), k = 0;
	uint32_t *order = malloc((size_t)total * sizeof(*order));
	int players = carc_game_player_count(g);

	ck_assert_ptr_nonnull(order);
	carc_game_draw_order(g, order, (size_t)total);
	assert_ok(carc_game_new(carc_game_rules(g), (uint32_t)players, 0, &r));
	assert_ok(carc_game_set_draw_order(r, order, (size_t)total));
	free(order);
	for (int i = 0; i < carc_game_history_count(g); i++) {
		carc_move_t m = 0;

		carc_game_history_at(g, (uint32_t)i, &m);
		assert_ok(carc_game_apply(r, m));
		for (int e = 0; e < carc_game_event_count(r); e++) {
			int32_t fk = 0;

			carc_game_event_get(r, (uint32_t)e,
					    CARC_EVENT_FEATURE_KIND, &fk);
			if ((uint32_t)fk != kind)
				continue;
			for (int p = 0; p < players; p++) {
				uint32_t what = CARC_EVENT_POINTS + (uint32_t)p;
				int32_t pts = 0;

				carc_game_event_get(r, (uint32_t)e, what, &pts);
				if (pts > 0 && k < n)
					out[k++] = p * 1000 + pts;
			}
		}
	}
	carc_game_free(r);
	return k;
}

/* The points of @p player for features of @p kind, summed */
static int
scored_sum(const struct carc_game *g, uint32_t kind, int player)
{
	int pts[64], n = scored(g, kind, pts, 64), sum = 0;

	for (int i = 0; i < n; i++)
		if (pts[i] / 1000 == player)
			sum += pts[i] % 1000;
	return sum;
}

/* What a check of a saved game reads (jcz_check.what). */
enum {
	CHK_END,
	CHK_PHASE,		/* carc_game_phase() */
	CHK_TILES,		/* carc_game_tile_count() */
	CHK_HISTORY,		/* carc_game_history_count() */
	CHK_DRAWN,		/* carc_game_drawn_count() */
	CHK_REMAINING,		/* carc_game_remaining_total() */
	CHK_RULES_TILES,	/* tiles of type a in the rules */
	CHK_POINTS,		/* points of player b for kind a, summed */
	CHK_SCORED_COUNT,	/* features of kind a that scored */
	CHK_SCORED,		/* the b-th: player * 1000 + points */
};

/* JCZ's own saved games and what JCZ's tests assert of them: the final
 * scores, whether the game is over, the tiles of the draw order, then
 * further checks up to CHK_END. */
static const struct jcz_game {
	const char *files[2];	/* saves of the same game */
	int32_t score[2];
	int over;
	int draw_order;
	struct jcz_check {
		int what;
		uint32_t a, b;
		int want;
	} more[16];
} jcz_games[] = {
	/* saved-games/basic of JCloisterZone and the scores its
	 * BasicScoringTest asserts: Alice 14 (roads 6, cities 0, cloister
	 * 5, farm 3), Bob 11 (cities 11); "#END" after 7 tiles: the stack
	 * is exactly those 7 */
	{ { "scoring.jcz", "basicScoring.jcz" }, { 14, 11 }, 1, 7, {
		{ CHK_POINTS, CARC_FEATURE_ROAD, 0, 6 },
		{ CHK_POINTS, CARC_FEATURE_CITY, 0, 0 },
		{ CHK_POINTS, CARC_FEATURE_MONASTERY, 0, 5 },
		{ CHK_POINTS, CARC_FEATURE_FIELD, 0, 3 },
		{ CHK_POINTS, CARC_FEATURE_ROAD, 1, 0 },
		{ CHK_POINTS, CARC_FEATURE_CITY, 1, 11 },
		{ CHK_POINTS, CARC_FEATURE_MONASTERY, 1, 0 },
		{ CHK_POINTS, CARC_FEATURE_FIELD, 1, 0 },
		{ CHK_TILES, 0, 0, 8 },
		{ CHK_HISTORY, 0, 0, 14 },
		{ CHK_RULES_TILES, CARC_TILE_E, 0, 2 },
		{ CHK_RULES_TILES, CARC_TILE_B, 0, 0 },
	} },
	/* "farm scoring, one city on multiple farms, tie on one farm":
	 * Alice 9, Bob 15 */
	{ { "scoringFarms.jcz" }, { 9, 15 }, 1, 6, { { CHK_END, 0, 0, 0 } } },
	/* "features with two parts on one tile score once, a completed
	 * cloister, two followers on one feature": Alice 28, Bob 13 after
	 * 14 tiles of a forced order without an end, so the game goes on
	 * with the full stack */
	{ { "scoringMultiTiles.jcz" }, { 28, 13 }, 0, 71, {
		{ CHK_PHASE, 0, 0, CARC_PHASE_PLACE_TILE },
		{ CHK_DRAWN, 0, 0, 15 },
		{ CHK_REMAINING, 0, 0, 56 },
	} },
	/* JCZ 5 engine tests (JCloisterZone-Client engine-tests/basic):
	 * "David has 7 points, scored road for 3 and for 4 points; Wendy
	 * has 16 points, scored city for 8 points" (forced order, no end:
	 * the game goes on with the full stack) */
	{ { "city-and-road-scoring.jcz" }, { 7, 16 }, 0, 71, {
		{ CHK_SCORED_COUNT, CARC_FEATURE_ROAD, 0, 2 },
		{ CHK_SCORED, CARC_FEATURE_ROAD, 0, 3 },
		{ CHK_SCORED, CARC_FEATURE_ROAD, 1, 4 },
		{ CHK_SCORED_COUNT, CARC_FEATURE_CITY, 0, 2 },
		{ CHK_SCORED, CARC_FEATURE_CITY, 0, 1008 },
		{ CHK_SCORED, CARC_FEATURE_CITY, 1, 1008 },
	} },
	/* "Oscar has 9 points (fields for 3 and 6), Carol has 0" */
	{ { "field-scoring.jcz" }, { 9, 0 }, 1, 3, {
		{ CHK_SCORED_COUNT, CARC_FEATURE_FIELD, 0, 2 },
		{ CHK_POINTS, CARC_FEATURE_FIELD, 0, 9 },
	} },
	/* "Eva has 9 points, Carol has 4 points": endTurn 9 ends the game
	 * after nine tiles; Eva's completed monastery scores 9, Carol's
	 * open one 4.  JCZ 5.7's file (monastery "I") and the same game as
	 * saved by the JCZ 5 client before its release (May 2021:
	 * "CLOISTER", initialSeed, every rule listed) */
	{ { "monastery-scoring.jcz", "monastery-scoring-prerelease.jcz" },
	  { 9, 4 }, 1, 9, {
		{ CHK_SCORED_COUNT, CARC_FEATURE_MONASTERY, 0, 2 },
		{ CHK_SCORED, CARC_FEATURE_MONASTERY, 0, 9 },
		{ CHK_SCORED, CARC_FEATURE_MONASTERY, 1, 1004 },
	} },
};

#define N_JCZ_GAMES (sizeof(jcz_games) / sizeof(jcz_games[0]))

static int
check_value(const struct carc_game *g, const struct jcz_check *c)
{
	int pts[8], n;

	switch (c->what) {
	case CHK_PHASE:
		return carc_game_phase(g);
	case CHK_TILES:
		return carc_game_tile_count(g);
	case CHK_HISTORY:
		return carc_game_history_count(g);
	case CHK_DRAWN:
		return carc_game_drawn_count(g);
	case CHK_REMAINING:
		return carc_game_remaining_total(g);
	case CHK_RULES_TILES:
		return carc_rules_tile_count(carc_game_rules(g), c->a);
	case CHK_POINTS:
		return scored_sum(g, c->a, (int)c->b);
	case CHK_SCORED_COUNT:
		return scored(g, c->a, pts, 8);
	case CHK_SCORED:
		n = scored(g, c->a, pts, 8);
		ck_assert_int_lt((int)c->b, n);
		return pts[c->b];
	default:
		ck_abort_msg("check %d unknown", c->what);
		return 0;
	}
}

START_TEST(jcz_game_scores)
{
	const struct jcz_game *t = &jcz_games[_i];

	for (size_t f = 0; f < 2 && t->files[f]; f++) {
		struct carc_game *g = jcz_import_fixture("JCZ_FIXTURES",
							 t->files[f]);

		ck_assert_int_eq(carc_game_score(g, 0), t->score[0]);
		ck_assert_int_eq(carc_game_score(g, 1), t->score[1]);
		ck_assert_int_eq(carc_game_is_over(g), t->over);
		ck_assert_int_eq(carc_game_draw_order(g, NULL, 0),
				 t->draw_order);
		for (const struct jcz_check *c = t->more; c->what; c++) {
			int got = check_value(g, c);

			ck_assert_msg(got == c->want,
				      "%s: check %d (%u, %u): %d, want %d",
				      t->files[f], c->what, c->a, c->b, got,
				      c->want);
		}
		carc_game_free(g);
	}
}
END_TEST

/* ---- export ------------------------------------------------------------- */

START_TEST(export_exact_content)
{
	struct carc_game *g = jcz_import_fixture("JCZ_FIXTURES", "scoring.jcz");
	char *text = export_text(g);
	static const char *const parts[] = {
		"\"sets\": {\n      \"basic:1\": 1\n    }",
		"\"small-follower\": 7",
		"\"farmers\": true",
		"\"tiny-city-scoring\": \"4\"",
		"\"tile\": \"BA/RCr\"",
		"\"tileId\": \"BA/Rr\"",
		"\"rotation\": \"R90\"",
		"\"location\": \"NW\"",
		"\"location\": \"EL.SR\"",
		"\"location\": \"I\",\n          \"feature\": \"Monastery\"",
		"\"location\": \"EL.SR\",\n          \"feature\": \"Field\"",
		"\"location\": \"NW\",\n          \"feature\": \"Road\"",
		"\"appVersion\": \"5.7.0\"",
		"\"initialRandom\": 0.0",
		"\"gameId\": \"1\"",
		"\"clock\": 0",
		"\"players\": [\n    {\n      \"name\": \"P0\"",
		"\"payload\": {\n        \"random\": 0.0\n      }",
		"\"meepleId\": \"0.small.4\"",
		"\"type\": \"COMMIT\"",
		"\"endTurn\": 7",
		"\"drawOrder\": [\n      \"BA/Rr\",\n      \"BA/CcRr+\"",
	};
	struct carc_game *h;
	char small[10];

	for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++)
		ck_assert_msg(strstr(text, parts[i]) != NULL, "no '%s' in\n%s",
			      parts[i], text);
	ck_assert_int_eq(text[strlen(text) - 1], '\n');
	/* JCZ 5.7's layout only: no seed of JCZ 4, no CLOISTER */
	ck_assert_ptr_null(strstr(text, "initialSeed"));
	ck_assert_ptr_null(strstr(text, "CLOISTER"));
	ck_assert_ptr_null(strstr(text, "salt"));
	/* the meeple returned from its road (1.small.1 at 0,-1 ... then
	 * again) */
	ck_assert_ptr_nonnull(strstr(text, "\"meepleId\": \"1.small.1\""));
	ck_assert_ptr_null(strstr(text, "\"meepleId\": \"1.small.2\""));
	/* snprintf-style */
	ck_assert_int_eq(carc_jcz_export(g, small, sizeof(small)),
			 (int)strlen(text));
	ck_assert_str_eq(small, "{\n  \"appV");
	ck_assert_int_eq(carc_jcz_export(g, small, 1), (int)strlen(text));
	ck_assert_str_eq(small, "");
	/* and back */
	h = jcz_import_ok(text, strlen(text), "import");
	ck_assert_uint_eq(carc_game_hash(h), carc_game_hash(g));
	ck_assert_int_eq(carc_game_score(h, 0), 14);
	carc_game_free(h);
	free(text);
	carc_game_free(g);
}
END_TEST

START_TEST(export_refuses_rules_jcz_lacks)
{
	struct carc_game *g = make_scenario("E", CARC_OPT_FARM_SCORING,
					    CARC_FARM_PER_CITY, 0);
	char buf[16] = "untouched";

	ck_assert_int_eq(carc_jcz_export(g, buf, sizeof(buf)),
			 CARC_E_NOT_ALLOWED);
	ck_assert_str_eq(buf, "");
	carc_game_free(g);
	/* a custom stack with more tiles of a kind than JCZ's set: JCZ's
	 * pack cannot draw them (four D besides the start tile; three is
	 * fine) */
	g = make_scenario("DDDD", 0);
	strcpy(buf, "untouched");
	ck_assert_int_eq(carc_jcz_export(g, buf, sizeof(buf)),
			 CARC_E_NOT_ALLOWED);
	ck_assert_str_eq(buf, "");
	carc_game_free(g);
	g = make_scenario("DDD", 0);
	ck_assert_int_gt(carc_jcz_export(g, NULL, 0), 0);
	carc_game_free(g);
}
END_TEST

START_TEST(export_bad_arguments)
{
	struct carc_game *g = make_scenario("E", 0);
	char buf[8] = "x";

	ck_assert_int_eq(carc_jcz_export(NULL, buf, sizeof(buf)),
			 CARC_E_INVALID);
	ck_assert_str_eq(buf, "x");
	ck_assert_int_eq(carc_jcz_export(g, NULL, 5), CARC_E_INVALID);
	ck_assert_int_gt(carc_jcz_export(g, NULL, 0), 0);
	carc_game_free(g);
}
END_TEST

/* ---- round trips -------------------------------------------------------- */

/* The expansions' configurations JCZ plays, one per game in turn: none,
 * the Phantom, Crop Circles I, II or both, Little Buildings with standard
 * values (JCZ's per-kind tokens) or 3/2/1, and everything. */
static const int32_t expansion_configs[][24] = {
	{ 0 },
	{ CARC_OPT_PHANTOM, 1, 0 },
	{ CARC_OPT_CROP_CIRCLES_I, 1, 0 },
	{ CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_PHANTOM, 1, 0 },
	{ CARC_OPT_CROP_CIRCLES_I, 1, CARC_OPT_CROP_CIRCLES_II, 1, 0 },
	{ CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_DISTRIBUTION,
	  CARC_LB_DIST_JCZ, 0 },
	{ CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_SCORING, CARC_LB_321,
	  CARC_OPT_PHANTOM, 1, 0 },
	{ CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
	  CARC_OPT_CROP_CIRCLES_II, 1, CARC_OPT_LITTLE_BUILDINGS, 1,
	  CARC_OPT_LB_DISTRIBUTION, CARC_LB_DIST_JCZ },
	/* The River (JCZ's river rule, the start tile left out or drawn
	 * after the river), Inns & Cathedrals, Traders & Builders (the
	 * second tile always), the three with the others */
	{ CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ, 0 },
	{ CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
	  CARC_OPT_RIVER_START_TILE, CARC_RIVER_START_AFTER_RIVER, 0 },
	{ CARC_OPT_INNS_CATHEDRALS, 1, CARC_OPT_PHANTOM, 1, 0 },
	{ CARC_OPT_TRADERS_BUILDERS, 1, CARC_OPT_BUILDER_TURN,
	  CARC_BUILDER_TURN_MANDATORY, 0 },
	{ CARC_OPT_RIVER, 1, CARC_OPT_RIVER_U_TURN, CARC_RIVER_U_JCZ,
	  CARC_OPT_INNS_CATHEDRALS, 1, CARC_OPT_TRADERS_BUILDERS, 1,
	  CARC_OPT_BUILDER_TURN, CARC_BUILDER_TURN_MANDATORY,
	  CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I, 1,
	  CARC_OPT_LITTLE_BUILDINGS, 1, CARC_OPT_LB_SCORING, CARC_LB_321, 0 },
};

#define N_EXPANSION_CONFIGS \
	(sizeof(expansion_configs) / sizeof(expansion_configs[0]))

static struct carc_rules *
round_trip_rules(int s)
{
	const int32_t *e =
		expansion_configs[(size_t)(s / 5) % N_EXPANSION_CONFIGS];
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r = NULL;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FARMERS, s % 3 != 0));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_SMALL_CITY, s % 2));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_FOLLOWERS, 1 + s % 15));
	for (size_t k = 0; k < 24 && e[k]; k += 2)
		assert_ok(carc_rules_builder_set(b, (uint32_t)e[k], e[k + 1]));
	assert_ok(carc_rules_builder_build(b, &r));
	carc_rules_builder_free(b);
	return r;
}

/* Random games in every configuration JCZ plays (farmers on/off, small
 * cities, 1-15 followers, 2-6 players, full or custom stacks, the
 * expansions, ended or cut anywhere): record -> .jcz -> game gives the
 * same moves and hash, and exporting that game again gives the same text.
 * What a .jcz does not keep: a crop-circle choice while no figure stands
 * on the board (JCZ skips the action; the import chooses deploy, which
 * changes nothing either), and the passes at the end of a game cut before
 * the COMMIT of a turn whose steps JCZ skips. */
START_TEST(round_trip_random_games)
{
	/* 600 (about 1.5 s), 60 under valgrind, 20,000 in suite slow */
	int games = getenv("CARC_TEST_SLOW")    ? 20000
		    : getenv("CARC_TEST_QUICK") ? 60
						: 600;
	for (int s = 0; s < games; s++) {
		struct random_game r;
		struct carc_rules *rules;
		struct carc_game *g, *h;
		char *text, *again;
		int stop, n;

		if (s % 5 == 4)	/* a custom stack */
			rules = make_rules("EEVUUDKLWXBAH", CARC_OPT_FOLLOWERS,
					   1 + s % 15, 0);
		else
			rules = round_trip_rules(s);
		g = make_game(rules, 2 + (uint32_t)s % 5, (uint64_t)s);
		carc_rules_unref(rules);
		random_game_start(&r, g, (uint64_t)s);
		stop = s % 4 == 0 ? (int)(test_rand(&r.rng) % 120) : 1 << 30;
		while (r.played < stop && random_game_next(&r)) {
			/* no builder on a feature its tile completes: JCZ
			 * has none, export refuses it */
			for (int k = 0; k < r.n; k++)
				if (carc__jcz_builder_refused(g, r.moves[k]))
					r.moves[k--] = r.moves[--r.n];
			random_game_play(&r);
		}
		random_game_end(&r);
		text = export_text(g);
		h = jcz_import_ok(text, strlen(text), "import");
		/* a game cut right after a pass of a step JCZ skips ends
		 * before it, and so does one cut after a pass in the
		 * deployment step with the phantom's step to come (JCZ's
		 * action phase is both: the pass is written at the
		 * phantom's step) */
		for (int k = carc_game_history_count(h);
		     k < carc_game_history_count(g); k++) {
			carc_move_t a = 0;

			carc_game_history_at(g, (uint32_t)k, &a);
			ck_assert_msg(a == carc_move_pass() &&
					      (carc__jcz_step_skipped(h) ||
					       (k + 1 == carc_game_history_count(g) &&
						carc_game_phase(h) == CARC_PHASE_DEPLOY &&
						carc_game_phase(g) == CARC_PHASE_PHANTOM)),
				      "seed %d: move %d is missing", s, k);
			assert_ok(carc_game_apply(h, a));
		}
		/* a game cut at a crop-circle choice while no figure stands
		 * on the board: JCZ skips the choice, the import makes it
		 * (deploy, which changes nothing) */
		if (carc_game_history_count(h) ==
			    carc_game_history_count(g) + 1 &&
		    carc_game_phase(g) == CARC_PHASE_CROP_CHOICE &&
		    carc_game_figure_count(g) == 0) {
			carc_move_t a = 0;

			assert_ok(carc_game_history_at(
				h, (uint32_t)carc_game_history_count(g), &a));
			ck_assert_uint_eq(a,
				carc_move_crop_choice(CARC_CROP_DEPLOY));
			assert_ok(carc_game_apply(g, a));
		}
		ck_assert_msg(carc_game_hash(h) == carc_game_hash(g),
			      "seed %d: hash differs", s);
		n = carc_game_history_count(g);
		ck_assert_int_eq(carc_game_history_count(h), n);
		for (int k = 0; k < n; k++) {
			carc_move_t a = 0, b = 0;

			carc_game_history_at(g, (uint32_t)k, &a);
			carc_game_history_at(h, (uint32_t)k, &b);
			if (a != b &&
			    carc_move_kind(a) == CARC_MOVE_CROP_CHOICE &&
			    b == carc_move_crop_choice(CARC_CROP_DEPLOY)) {
				/* the choice on an empty board */
				struct carc_game *at = NULL;

				assert_ok(carc_game_clone(h, &at));
				for (int u = n; u > k; u--)
					assert_ok(carc_game_undo(at));
				ck_assert_int_eq(carc_game_figure_count(at), 0);
				carc_game_free(at);
				continue;
			}
			ck_assert_uint_eq(a, b);
		}
		again = export_text(h);
		ck_assert_str_eq(again, text);
		free(again);
		free(text);
		carc_game_free(h);
		carc_game_free(g);
	}
}
END_TEST

/* ---- bad input ---------------------------------------------------------- */

#define HEAD4 "{\"setup\":{\"expansions\":[\"BASIC\"],\"rules\":{}},\n" \
	      "\"slots\":[{},{}],\n"
#define HEAD5 "{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":" \
	      "{\"small-follower\":7,\"farmers\":true},\"rules\":{}},\n" \
	      "\"players\":[{},{}],\n"
#define PLACE(id, rot, x, y) \
	"{\"type\":\"PLACE_TILE\",\"payload\":{\"tileId\":\"" id \
	"\",\"rotation\":\"" rot "\",\"position\":[" #x "," #y "]}}"
#define DEPLOY(x, y, loc, id) \
	"{\"type\":\"DEPLOY_MEEPLE\",\"payload\":{\"pointer\":{\"position\":[" \
	#x "," #y "],\"location\":\"" loc "\"},\"meepleId\":\"" id "\"}}"
#define PASS "{\"type\":\"PASS\",\"payload\":{}}"
#define COMMIT "{\"type\":\"COMMIT\",\"payload\":{\"salt\":0}}"

START_TEST(bad_json)
{
	import_fails("", CARC_E_PARSE, 1, "JSON: ");
	import_fails("{\"setup\":", CARC_E_PARSE, 1, "JSON: ");
	import_fails("{\n\"a\":1,\n\"a\":2}", CARC_E_PARSE, 3, "duplicate key");
	import_fails("[]", CARC_E_PARSE, 0, "not a JSON object");
	import_fails("{}", CARC_E_PARSE, 1, "no member 'setup'");
	import_fails("{\"setup\":{}}", CARC_E_PARSE, 0, "no array 'slots'");
	import_fails(HEAD4 "\"replay\":{}}", CARC_E_PARSE, 3,
		     "'replay' is not an array");
	import_fails(HEAD4 "\"replay\":[1]}", CARC_E_PARSE, 3,
		     "replay[0]: not an object with a string 'type'");
	import_fails(HEAD4 "\"replay\":[\n{\"type\":\"PASS\"}]}", CARC_E_PARSE,
		     4, "replay[0] PASS: no object 'payload'");
	import_fails(HEAD4 "\"replay\":[\n{\"type\":\"FLY\",\"payload\":{}}]}",
		     CARC_E_PARSE, 4, "replay[0] FLY: unknown message type");
}
END_TEST

START_TEST(deep_and_huge_documents)
{
	/* 100,000 levels and entries; 10,000 under valgrind */
	size_t n = getenv("CARC_TEST_QUICK") ? 10000 : 100000;
	char *deep = malloc(2 * n + 1), *huge;
	size_t k = 0, per = strlen(COMMIT) + 1;
	struct carc_game *g = NULL;
	uint32_t line = 0;
	char msg[256];

	ck_assert_ptr_nonnull(deep);
	for (size_t i = 0; i < n; i++)
		deep[i] = '[';
	for (size_t i = 0; i < n; i++)
		deep[n + i] = ']';
	deep[2 * n] = '\0';
	import_fails(deep, CARC_E_PARSE, 1, "nesting deeper than 64");
	free(deep);
	/* n replay entries: the first PASS is the error */
	huge = malloc(strlen(HEAD4) + 20 + n * per);
	ck_assert_ptr_nonnull(huge);
	k = (size_t)sprintf(huge, HEAD4 "\"replay\":[\n");
	for (size_t i = 0; i < n; i++)
		k += (size_t)sprintf(huge + k, "%s%s", i ? "," : "", PASS);
	sprintf(huge + k, "]}");
	import_fails(huge, CARC_E_WRONG_PHASE, 4,
		     "replay[0] PASS: the player cannot pass here");
	/* n COMMITs are fine: nothing happens */
	k = (size_t)sprintf(huge, HEAD4 "\"replay\":[\n");
	for (size_t i = 0; i < n; i++)
		k += (size_t)sprintf(huge + k, "%s%s", i ? "," : "", COMMIT);
	sprintf(huge + k, "]}");
	ck_assert_int_eq(carc_jcz_import(huge, strlen(huge), &g, &line, NULL,
					 msg, sizeof(msg)),
			 CARC_OK);
	ck_assert_int_eq(carc_game_history_count(g), 0);
	carc_game_free(g);
	free(huge);
}
END_TEST

START_TEST(refused_setups)
{
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\",\"TOWER\"]},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "expansion 'TOWER': the library does not have it");
	import_fails("{\"setup\":{\"expansions\":{\"BASIC\":2}},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "'BASIC' is not 1: the library has one base set");
	import_fails("{\"setup\":{\"expansions\":{\"BASIC\":1,"
		     "\"ABBEY_AND_MAYOR\":1}},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "expansion 'ABBEY_AND_MAYOR'");
	/* JCZ 4's names of the three the library reads from JCZ 5 */
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\",\"RIVER\"]},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "expansion 'RIVER': the library reads The River from JCZ "
		     "5 files only (tile set 'river/1:1'), not from JCZ 4 "
		     "files");
	import_fails("{\"setup\":{\"expansions\":{\"BASIC\":1,\n"
		     "\"INNS_AND_CATHEDRALS\":1}},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 2,
		     "expansion 'INNS_AND_CATHEDRALS': the library reads Inns & "
		     "Cathedrals from JCZ 5 files only (tile set "
		     "'inns-and-cathedrals:1')");
	import_fails("{\"setup\":{\"expansions\":{\"BASIC\":1,"
		     "\"TRADERS_AND_BUILDERS\":true}},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "expansion 'TRADERS_AND_BUILDERS': the library reads "
		     "Traders & Builders from JCZ 5 files only (tile set "
		     "'traders-and-builders:1')");
	/* switched off is no refusal */
	{
		const char *t = "{\"setup\":{\"expansions\":"
				"{\"BASIC\":1,\"TOWER\":0,\"RIVER\":0,"
				"\"INNS_AND_CATHEDRALS\":false}},"
				"\"slots\":[{},{}],\"replay\":[]}";
		struct carc_game *g = jcz_import_ok(t, strlen(t), "import");

		carc_game_free(g);
	}
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\"],"
		     "\"capabilities\":[\"StandardGame\",\"Dragon\"]},"
		     "\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "capability 'Dragon'");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1,\"winter:1\":1},"
		     "\"elements\":{\"small-follower\":7}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "tile set 'winter:1'");
	/* another edition of the base set */
	import_fails("{\"setup\":{\"sets\":{\"basic:2\":1},"
		     "\"elements\":{\"small-follower\":7}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "tile set 'basic:2': the library does not have it");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7,\"abbot\":true}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "element 'abbot'");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":20}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "1 to 15 followers");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":{}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 0, "no 'small-follower'");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7},"
		     "\"rules\":{\"tiny-city-scoring\":\"3\"}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1, "neither \"4\" nor \"2\"");
	/* JCZ plays alone; the library does not */
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7}},"
		     "\"players\":[{}],\"replay\":[]}",
		     CARC_E_NOT_ALLOWED, 1,
		     "1 players: the library plays with 2 to 6");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7},\"start\":[{\"tile\":"
		     "\"BA/C\",\"x\":0,\"y\":0,\"rotation\":0}]},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_NOT_ALLOWED, 1, "setup.start");
}
END_TEST

START_TEST(setup_maps_rules)
{
	const char *t5 = "{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":"
			 "{\"small-follower\":4},"
			 "\"rules\":{\"tiny-city-scoring\":\"2\","
			 "\"dragon-move\":\"before-scoring\"}},"
			 "\"players\":[{},{},{}],\"replay\":[]}";
	const char *t4 = "{\"setup\":{\"expansions\":[\"BASIC\"],\"rules\":"
			 "{\"TINY_CITY_2_POINTS\":true,"
			 "\"RANDOM_SEATING_ORDER\":true}},"
			 "\"slots\":[{},{},{},{},{},{}],\"replay\":[]}";
	struct carc_game *g = jcz_import_ok(t5, strlen(t5), "import");
	const struct carc_rules *r = carc_game_rules(g);
	int32_t v = -1;

	ck_assert_int_eq(carc_game_player_count(g), 3);
	assert_ok(carc_rules_get(r, CARC_OPT_FOLLOWERS, &v));
	ck_assert_int_eq(v, 4);
	assert_ok(carc_rules_get(r, CARC_OPT_FARMERS, &v));
	ck_assert_int_eq(v, 0);	/* no "farmers" element */
	assert_ok(carc_rules_get(r, CARC_OPT_SMALL_CITY, &v));
	ck_assert_int_eq(v, 1);
	ck_assert_int_eq(carc_game_draw_order(g, NULL, 0), 71);
	carc_game_free(g);
	g = jcz_import_ok(t4, strlen(t4), "import");
	r = carc_game_rules(g);
	ck_assert_int_eq(carc_game_player_count(g), 6);
	assert_ok(carc_rules_get(r, CARC_OPT_FARMERS, &v));
	ck_assert_int_eq(v, 1);
	assert_ok(carc_rules_get(r, CARC_OPT_SMALL_CITY, &v));
	ck_assert_int_eq(v, 1);
	carc_game_free(g);
}
END_TEST

/* JCZ's engine reads an element by its key alone (Engine.
 * createSetupFromMessage): "farmers" with any value plays farmers, and
 * "little-buildings" or an element the library lacks turns that
 * capability on even as false or 0.  JCZ's own engine (jcz-score) scores
 * field-scoring.jcz with "farmers": false or 0 as with true, 9 to 0. */
START_TEST(setup_elements_by_presence)
{
	static const char *const farmers[] = { "false", "0", "null" };
	size_t len;
	char *orig = read_fixture("JCZ_FIXTURES", "field-scoring.jcz", &len);
	const char *on = "\"farmers\": true";
	char *at = strstr(orig, on);
	int32_t v = -1;

	ck_assert_ptr_nonnull(at);
	for (size_t i = 0; i < sizeof(farmers) / sizeof(farmers[0]); i++) {
		char *doc = malloc(len + 8);
		struct carc_game *g;
		int n;

		ck_assert_ptr_nonnull(doc);
		n = sprintf(doc, "%.*s\"farmers\": %s%s", (int)(at - orig),
			    orig, farmers[i], at + strlen(on));
		g = jcz_import_ok(doc, (size_t)n, farmers[i]);
		assert_ok(carc_rules_get(carc_game_rules(g), CARC_OPT_FARMERS,
					 &v));
		ck_assert_int_eq(v, 1);
		ck_assert_int_eq(carc_game_score(g, 0), 9);
		ck_assert_int_eq(carc_game_score(g, 1), 0);
		ck_assert_int_eq(scored_sum(g, CARC_FEATURE_FIELD, 0), 9);
		carc_game_free(g);
		free(doc);
	}
	free(orig);
	{
		const char *t = "{\"setup\":{\"sets\":{\"basic:1\":1},"
				"\"elements\":{\"small-follower\":7,"
				"\"little-buildings\":false}},"
				"\"players\":[{},{}],\"replay\":[]}";
		struct carc_game *g = jcz_import_ok(t, strlen(t), "lb");

		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_LITTLE_BUILDINGS, &v));
		ck_assert_int_eq(v, 1);
		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_LB_DISTRIBUTION, &v));
		ck_assert_int_eq(v, CARC_LB_DIST_JCZ);
		carc_game_free(g);
	}
	/* JCZ plays king-and-robber scoring with "king": false */
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7,\n\"king\":false}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 2,
		     "element 'king': the library does not have it");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},"
		     "\"elements\":{\"small-follower\":7,\"abbot\":0}},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_UNKNOWN_OPTION, 1,
		     "element 'abbot': the library does not have it");
	/* a tile set switched off stays off */
	{
		const char *t = "{\"setup\":{\"sets\":{\"basic:1\":1,"
				"\"winter:1\":0},"
				"\"elements\":{\"small-follower\":7}},"
				"\"players\":[{},{}],\"replay\":[]}";
		struct carc_game *g = jcz_import_ok(t, strlen(t), "set off");

		assert_ok(carc_rules_get(carc_game_rules(g), CARC_OPT_FARMERS,
					 &v));
		ck_assert_int_eq(v, 0);
		carc_game_free(g);
	}
}
END_TEST

START_TEST(bad_replay_entries)
{
	/* tiles, positions, rotations */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.ZZ", "R0", 0, -1) "]}",
		     CARC_E_UNKNOWN_TILE, 4,
		     "replay[0] PLACE_TILE: unknown tile 'BA.ZZ'");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("TO.C", "R0", 0, -1) "]}",
		     CARC_E_UNKNOWN_TILE, 4, "an expansion or edition");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R45", 0, -1) "]}",
		     CARC_E_PARSE, 4,
		     "replay[0] PLACE_TILE: rotation 'R45' is none of");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R0", 0, 40000) "]}",
		     CARC_E_PARSE, 4, "'position' is not [x, y]");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R0", 0, -1) "]}",
		     CARC_E_EDGE_MISMATCH, 4,
		     "replay[0] PLACE_TILE: BA.C cannot go at 0,-1 "
		     "with rotation R0");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R0", 5, 5) "]}",
		     CARC_E_NOT_ADJACENT, 4, "cannot go at 5,5");
	/* a draw order the replay contradicts */
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\"]},"
		     "\"slots\":[{},{}],"
		     "\"annotations\":{\"tilePack\":{\"params\":{\"drawOrder\":"
		     "[\"BA.L\",\"#END\"]}}},\"replay\":[\n"
		     PLACE("BA.C", "R180", 0, -1) "]}",
		     CARC_E_UNKNOWN_TILE, 2,
		     "replay[0] PLACE_TILE: the tile in hand is "
		     "BA/L, not BA.C");
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\"]},"
		     "\"slots\":[{},{}],"
		     "\"annotations\":{\"tilePack\":{\"params\":{\"drawOrder\":"
		     "[\"BA.Q\"]}}},\"replay\":[]}",
		     CARC_E_UNKNOWN_TILE, 0,
		     "unknown tile 'BA.Q' in the draw order");
	/* deploys */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "XX", "0.small.1") "]}",
		     CARC_E_PARSE, 5,
		     "replay[1] DEPLOY_MEEPLE: unknown location 'XX'");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "N", "0.small.1") "]}",
		     CARC_E_NO_FEATURE, 5,
		     "replay[1] DEPLOY_MEEPLE: the tile at 0,-1 has no "
		     "feature at location 'N'");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "1.small.1") "]}",
		     CARC_E_WRONG_PHASE, 5,
		     "meeple '1.small.1' is not of player 0");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "0.abbot.1") "]}",
		     CARC_E_UNKNOWN_OPTION, 5,
		     "the library has no figure 'abbot'");
	/* a figure of an expansion the game does not play */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "0.big.1") "]}",
		     CARC_E_NOT_ALLOWED, 5,
		     "no large-follower can go on location 'S'");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "0.pig.2") "]}",
		     CARC_E_NO_MEEPLE, 5, "meeple '0.pig.2': the player has one pig");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "0.small.x") "]}",
		     CARC_E_PARSE, 5, "is not PLAYER.KIND.NUMBER");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "0.small.8") "]}",
		     CARC_E_NO_MEEPLE, 5, "the player has 7 followers");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(3, 3, "S", "0.small.1") "]}",
		     CARC_E_NOT_FOUND, 5, "no tile at 3,3");
	/* a follower on a road that already has one, and on a tile placed
	 * earlier: JCZ and the library refuse both */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.RFr", "R0", 1, 0) ",\n"
		     DEPLOY(1, 0, "WE", "0.small.1") ",\n" COMMIT ",\n"
		     PLACE("BA.RFr", "R0", 2, 0) ",\n"
		     DEPLOY(2, 0, "WE", "1.small.1") "]}",
		     CARC_E_FEATURE_OCCUPIED, 8,
		     "replay[4] DEPLOY_MEEPLE: no follower can go on "
		     "location 'WE' of the tile at 2,0");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.RFr", "R0", 1, 0) ",\n"
		     PASS ",\n" COMMIT ",\n"
		     PLACE("BA.RFr", "R0", 2, 0) ",\n"
		     DEPLOY(1, 0, "NL.NR.EL.WR", "1.small.1") "]}",
		     CARC_E_WRONG_TILE, 8, "replay[4] DEPLOY_MEEPLE");
	/* the same meeple id twice while the first is on the board: the
	 * engine would take any follower, JCZ refuses the id */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.RFr", "R0", 1, 0) ",\n"
		     DEPLOY(1, 0, "WE", "0.small.1") ",\n" COMMIT ",\n"
		     PLACE("BA.RFr", "R0", 2, 0) ",\n" PASS ",\n" COMMIT ",\n"
		     PLACE("BA.RFr", "R0", -1, 0) ",\n"
		     DEPLOY(-1, 0, "NL.NR.EL.WR", "0.small.1") "]}",
		     CARC_E_NO_MEEPLE, 11,
		     "replay[7] DEPLOY_MEEPLE: meeple '0.small.1' is "
		     "already on the board");
	/* turn structure */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     COMMIT "]}",
		     CARC_E_WRONG_PHASE, 5,
		     "replay[1] COMMIT: the turn is not over");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     PLACE("BA.C", "R0", 0, -3) "]}",
		     CARC_E_WRONG_PHASE, 5,
		     "replay[1] PLACE_TILE: no tile is to be placed here");
	import_fails(HEAD5 "\"replay\":[\n"
		     "{\"type\":\"PLACE_TILE\",\"player\":1,"
		     "\"payload\":{\"tileId\":\"BA/C\",\"rotation\":\"R180\","
		     "\"position\":[0,-1]}}]}",
		     CARC_E_WRONG_PHASE, 4,
		     "replay[0] PLACE_TILE: player 1 is not to move "
		     "(player 0 is)");
}
END_TEST

/* GAME_OVER while tiles are left: JCZ ended the game early; the game gets
 * a stack of the tiles played.  Without GAME_OVER, the full stack. */
/* Documents whose members have the wrong shape: each is refused with a
 * message that names the member, and the line of the replay entry where
 * there is one. */
#define PLACE_PAYLOAD(body) \
	"{\"type\":\"PLACE_TILE\",\"payload\":{" body "}}"
#define PLACE5(player) \
	"{\"type\":\"PLACE_TILE\",\"player\":" player ",\"payload\":" \
	"{\"tileId\":\"BA/C\",\"rotation\":\"R180\",\"position\":[0,-1]}}"

START_TEST(malformed_members)
{
	import_fails("[]", CARC_E_PARSE, 0,
		     "the document is not a JSON object");
	import_fails("{\"setup\":5,\"slots\":[{},{}],\"replay\":[]}",
		     CARC_E_PARSE, 1, "the document: 'setup' is not an object");
	import_fails("{\"setup\":{\"expansions\":[\"BASIC\"]},\"slots\":5,"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 0, "no array 'slots'");
	import_fails(HEAD4 "\"replay\":{}}", CARC_E_PARSE, 3,
		     "the document: 'replay' is not an array");
	/* replay entries */
	import_fails(HEAD4 "\"replay\":[\n1]}", CARC_E_PARSE, 4,
		     "replay[0]: not an object with a string 'type'");
	import_fails(HEAD4 "\"replay\":[\n{\"payload\":{}}]}", CARC_E_PARSE,
		     4, "replay[0]: not an object with a string 'type'");
	import_fails(HEAD4 "\"replay\":[\n{\"type\":\"FLY\",\"payload\":{}}]}",
		     CARC_E_PARSE, 4, "replay[0] FLY: unknown message type");
	import_fails(HEAD4 "\"replay\":[\n{\"type\":\"PLACE_TILE\"}]}",
		     CARC_E_PARSE, 4,
		     "replay[0] PLACE_TILE: no object 'payload'");
	import_fails(HEAD4 "\"replay\":[\n"
		     PLACE_PAYLOAD("\"tileId\":5,\"rotation\":\"R0\","
				   "\"position\":[0,-1]") "]}",
		     CARC_E_PARSE, 4,
		     "replay[0] PLACE_TILE: payload: 'tileId' is not a string");
	import_fails(HEAD4 "\"replay\":[\n"
		     PLACE_PAYLOAD("\"tileId\":\"BA.C\",\"position\":[0,-1]")
		     "]}",
		     CARC_E_PARSE, 4,
		     "replay[0] PLACE_TILE: payload: no member 'rotation'");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0.5, -1) "]}",
		     CARC_E_PARSE, 4, "payload: 'position' is not [x, y]");
	import_fails(HEAD4 "\"replay\":[\n"
		     PLACE_PAYLOAD("\"tileId\":\"BA.C\",\"rotation\":\"R180\","
				   "\"position\":[0]") "]}",
		     CARC_E_PARSE, 4, "payload: 'position' is not [x, y]");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
		     ",\n{\"type\":\"DEPLOY_MEEPLE\",\"payload\":{\"pointer\":"
		     "{\"position\":[0,-1],\"location\":\"S\"},"
		     "\"meepleId\":3}}]}",
		     CARC_E_PARSE, 5,
		     "replay[1] DEPLOY_MEEPLE: payload: 'meepleId' is not a "
		     "string");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
		     ",\n{\"type\":\"DEPLOY_MEEPLE\",\"payload\":"
		     "{\"pointer\":5,"
		     "\"meepleId\":\"0.small.1\"}}]}",
		     CARC_E_PARSE, 5,
		     "replay[1] DEPLOY_MEEPLE: payload: 'pointer' is not an "
		     "object");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "x.small.1") "]}",
		     CARC_E_PARSE, 5,
		     "meeple id 'x.small.1' is not PLAYER.KIND.NUMBER");
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1) ",\n"
		     DEPLOY(0, -1, "S", "9.small.1") "]}",
		     CARC_E_PARSE, 5,
		     "meeple id '9.small.1' is not PLAYER.KIND.NUMBER");
	/* the player of a JCZ 5 entry: a number, and the one to move */
	import_fails(HEAD5 "\"replay\":[\n" PLACE5("\"x\"") "]}",
		     CARC_E_PARSE, 4,
		     "replay[0] PLACE_TILE: 'player' is not an integer");
	import_fails(HEAD5 "\"replay\":[\n" PLACE5("0.5") "]}",
		     CARC_E_PARSE, 4, "'player' is not an integer");
	import_fails(HEAD5 "\"replay\":[\n" PLACE5("7") "]}",
		     CARC_E_WRONG_PHASE, 4,
		     "replay[0] PLACE_TILE: player 7 is not to move "
		     "(player 0 is)");
	/* the draw order and where it ends */
	import_fails(HEAD4 "\"annotations\":{\"tilePack\":{\"params\":"
		     "{\"drawOrder\":5}}},\"replay\":[]}",
		     CARC_E_PARSE, 0, "the draw order is not an array");
	import_fails(HEAD4 "\"annotations\":{\"tilePack\":{\"params\":[5]}},"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 0, "draw order entry 0 is not a string");
	import_fails(HEAD5 "\"gameAnnotations\":{\"endTurn\":-1},"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 0, "gameAnnotations.endTurn is not a count");
	import_fails(HEAD5 "\"gameAnnotations\":{\"endTurn\":1.5},"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 0, "gameAnnotations.endTurn is not a count");
}
END_TEST

START_TEST(early_game_over)
{
	const char *over = HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
		",\n" DEPLOY(0, -1, "S", "0.small.1") ",\n" COMMIT
		",\n{\"type\":\"GAME_OVER\",\"payload\":{}}]}";
	const char *on = HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
		",\n" PASS ",\n" COMMIT "]}";
	const char *too_soon = HEAD4 "\"replay\":[\n"
		PLACE("BA.C", "R180", 0, -1)
		",\n{\"type\":\"GAME_OVER\",\"payload\":{}}]}";
	struct carc_game *g = jcz_import_ok(over, strlen(over), "import");

	ck_assert_int_eq(carc_game_is_over(g), 1);
	ck_assert_int_eq(carc_game_score(g, 0), 4);	/* the 2-tile city */
	ck_assert_int_eq(carc_game_draw_order(g, NULL, 0), 1);
	carc_game_free(g);
	g = jcz_import_ok(on, strlen(on), "import");
	ck_assert_int_eq(carc_game_is_over(g), 0);
	ck_assert_int_eq(carc_game_score(g, 0), 0);	/* no follower */
	ck_assert_int_eq(carc_game_draw_order(g, NULL, 0), 71);
	carc_game_free(g);
	import_fails(too_soon, CARC_E_PARSE, 5,
		     "replay[1] GAME_OVER: JCZ ends the game here, "
		     "the library's game goes on");
}
END_TEST

/* Draw orders the library cannot stack, a message after the end, setups
 * of the wrong shape, and expansion messages at the wrong step. */
START_TEST(refused_orders_and_steps)
{
	const size_t big = 65537;
	char *doc = malloc(big * 8 + 512);
	size_t k;

	ck_assert_ptr_nonnull(doc);
	/* more tiles than any stack */
	k = (size_t)sprintf(doc, HEAD5 "\"gameAnnotations\":{\"drawOrder\":[");
	for (size_t i = 0; i < big; i++)
		k += (size_t)sprintf(doc + k, "%s\"BA/C\"", i ? "," : "");
	sprintf(doc + k, "]},\"replay\":[]}");
	import_fails(doc, CARC_E_UNKNOWN_TILE, 0, "more than 65536 tiles");
	/* a stack of the tiles played with more of a kind than the rules
	 * allow */
	k = (size_t)sprintf(doc, HEAD5 "\"gameAnnotations\":{\"drawOrder\":[");
	for (size_t i = 0; i < 4001; i++)
		k += (size_t)sprintf(doc + k, "\"BA/C\",");
	sprintf(doc + k, "\"#END\"]},\"replay\":[]}");
	import_fails(doc, CARC_E_UNKNOWN_TILE, 0,
		     "4001 tiles E: invalid argument");
	free(doc);
	/* the full stack has one BA/Cccc+ */
	import_fails(HEAD5 "\"gameAnnotations\":{\"drawOrder\":"
		     "[\"BA/Cccc+\",\"BA/Cccc+\"]},\"replay\":[]}",
		     CARC_E_UNKNOWN_TILE, 0,
		     "the game draws more BA/Cccc+ tiles than its stack "
		     "holds");
	/* GAME_OVER makes the stack the one tile placed: the game ends
	 * with the deployment, and a PASS after it comes too late */
	import_fails(HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
		     ",\n" DEPLOY(0, -1, "S", "0.small.1") ",\n" COMMIT
		     ",\n{\"type\":\"GAME_OVER\",\"payload\":{}},\n" PASS "]}",
		     CARC_E_GAME_OVER, 8, "replay[4] PASS: the game is over");
	import_fails("{\"setup\":{\"sets\":5,\"elements\":"
		     "{\"small-follower\":7}},\"players\":[{},{}],"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 1, "tile set is not an object");
	import_fails("{\"setup\":{\"sets\":[\"basic:1\",\n5],\"elements\":"
		     "{\"small-follower\":7}},\"players\":[{},{}],"
		     "\"replay\":[]}",
		     CARC_E_PARSE, 2, "tile set: entry 1 is not a string");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":"
		     "{\"small-follower\":7},\"rules\":\n5},"
		     "\"players\":[{},{}],\"replay\":[]}",
		     CARC_E_PARSE, 2, "rule is not an object");
	/* a crop-circle removal and a building where none is due */
	import_fails(HEAD5 "\"replay\":[\n{\"type\":\"RETURN_MEEPLE\","
		     "\"payload\":{\"source\":\"CORN_CIRCLE\",\"pointer\":"
		     "{\"position\":[0,0],\"location\":\"N\","
		     "\"meepleId\":\"0.small.1\"}}}]}",
		     CARC_E_WRONG_PHASE, 4,
		     "replay[0] RETURN_MEEPLE: no crop-circle removal is due "
		     "here");
	import_fails("{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":"
		     "{\"small-follower\":7,\"little-buildings\":1}},"
		     "\"players\":[{},{}],\n\"replay\":[\n"
		     "{\"type\":\"PLACE_TOKEN\",\"payload\":{\"token\":"
		     "\"LB_TOWER\",\"pointer\":[0,0]}}]}",
		     CARC_E_WRONG_PHASE, 3,
		     "replay[0] PLACE_TOKEN: no building can be put down here "
		     "(the game waits for a place-tile move)");
	/* a crop-circle set switched off */
	{
		const char *t = "{\"setup\":{\"sets\":{\"basic:1\":1,"
				"\"corn-circles/1\":0},\"elements\":"
				"{\"small-follower\":7}},"
				"\"players\":[{},{}],\"replay\":[]}";
		struct carc_game *g = jcz_import_ok(t, strlen(t), "crop off");
		int32_t v = -1;

		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_CROP_CIRCLES_I, &v));
		ck_assert_int_eq(v, 0);
		ck_assert_int_eq(carc_game_draw_order(g, NULL, 0), 71);
		carc_game_free(g);
	}
}
END_TEST

/* Malformed meeple ids, setup values and start tiles: each refused with
 * its message. */
#define SET5(sets, elements, more)                                          \
	"{\"setup\":{\"sets\":" sets ",\"elements\":" elements more "},\n" \
	"\"players\":[{},{}],\"replay\":[]}"
#define START5(start) SET5("{\"basic:1\":1}", "{\"small-follower\":7}",   \
			   ",\"start\":" start)

START_TEST(meeple_ids_and_setup_values)
{
	static const struct {
		const char *id;
		int code;
		const char *msg;
	} ids[] = {
		{ "x.small.1", CARC_E_PARSE, "" },
		{ "-1.small.1", CARC_E_PARSE, "" },
		{ "9.small.1", CARC_E_PARSE, "" },
		{ "0small", CARC_E_PARSE, "" },
		{ "0.small.x", CARC_E_PARSE, "" },
		{ "0.small.1x", CARC_E_PARSE, "" },
		{ "0.small.0", CARC_E_PARSE, "" },
		{ "0.small.100", CARC_E_PARSE, "" },
		{ "0.small.1.2", CARC_E_PARSE, "" },
		{ "0.giant.1", CARC_E_UNKNOWN_OPTION,
		  "meeple '0.giant.1': the library has no figure 'giant'" },
		{ "0.giant", CARC_E_UNKNOWN_OPTION,
		  "meeple '0.giant': the library has no figure 'giant'" },
		{ "0.giant.x", CARC_E_PARSE, "" },
	};
	static const struct {
		const char *doc;
		int code;
		const char *msg;
	} setups[] = {
		{ SET5("{\"basic:1\":1}", "{\"small-follower\":\"7\"}", ""),
		  CARC_E_UNKNOWN_OPTION,
		  "element 'small-follower': the library plays 1 to 15 "
		  "followers" },
		{ SET5("{\"basic:1\":1}", "{\"small-follower\":0}", ""),
		  CARC_E_UNKNOWN_OPTION,
		  "element 'small-follower': the library plays 1 to 15 "
		  "followers" },
		{ SET5("{\"basic:1\":1.5}", "{\"small-follower\":7}", ""),
		  CARC_E_UNKNOWN_OPTION,
		  "'basic:1' is not 1: the library has one base set" },
		{ SET5("{\"basic:1\":1}", "{\"small-follower\":7}",
		       ",\"rules\":{\"tiny-city-scoring\":4}"),
		  CARC_E_UNKNOWN_OPTION,
		  "rule 'tiny-city-scoring' is neither \"4\" nor \"2\"" },
		{ "{\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":"
		  "{\"small-follower\":7}},\"players\":[{},{},{},{},{},{},{}],"
		  "\"replay\":[]}",
		  CARC_E_NOT_ALLOWED,
		  "7 players: the library plays with 2 to 6" },
		{ "{\"setup\":{\"rules\":{}},\"slots\":[{},{}],\"replay\":[]}",
		  CARC_E_PARSE,
		  "setup: neither 'sets' (JCZ 5) nor 'expansions' (JCZ 4)" },
		{ START5("{}"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[]"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"x\":0,\"y\":0,\"rotation\":0}]"),
		  CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":\"0\",\"y\":0,"
			 "\"rotation\":0}]"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":0,\"y\":null,"
			 "\"rotation\":0}]"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":0,\"y\":0}]"),
		  CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":1,\"y\":0,"
			 "\"rotation\":0}]"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":0,\"y\":-1,"
			 "\"rotation\":0}]"), CARC_E_NOT_ALLOWED, "" },
		{ START5("[{\"tile\":\"BA/RCr\",\"x\":0,\"y\":0,"
			 "\"rotation\":90}]"), CARC_E_NOT_ALLOWED, "" },
	};
	char doc[1024], want[256];

	for (size_t i = 0; i < sizeof(ids) / sizeof(ids[0]); i++) {
		snprintf(doc, sizeof(doc),
			 HEAD4 "\"replay\":[\n" PLACE("BA.C", "R180", 0, -1)
			 ",\n{\"type\":\"DEPLOY_MEEPLE\",\"payload\":"
			 "{\"pointer\":{\"position\":[0,-1],\"location\":\"S\"},"
			 "\"meepleId\":\"%s\"}}]}",
			 ids[i].id);
		if (ids[i].msg[0])
			snprintf(want, sizeof(want),
				 "replay[1] DEPLOY_MEEPLE: %s", ids[i].msg);
		else
			snprintf(want, sizeof(want),
				 "replay[1] DEPLOY_MEEPLE: meeple id '%s' is "
				 "not PLAYER.KIND.NUMBER",
				 ids[i].id);
		import_fails(doc, ids[i].code, 5, want);
	}
	for (size_t i = 0; i < sizeof(setups) / sizeof(setups[0]); i++)
		import_fails(setups[i].doc, setups[i].code,
			     strstr(setups[i].msg, "neither 'sets'") ? 0 : 1,
			     setups[i].msg[0]
				     ? setups[i].msg
				     : "setup.start: the library starts with "
				       "one BA/RCr at 0,0, rotation 0");
	/* JCZ 4's LITTLE_BUILDINGS switched off */
	{
		const char *t = "{\"setup\":{\"expansions\":{\"BASIC\":1,"
				"\"LITTLE_BUILDINGS\":0}},\"slots\":[{},{}],"
				"\"replay\":[]}";
		struct carc_game *g = jcz_import_ok(t, strlen(t), "lb off");
		int32_t v = -1;

		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_LITTLE_BUILDINGS, &v));
		ck_assert_int_eq(v, 0);
		carc_game_free(g);
	}
	/* JCZ 4's TINY_CITY_2_POINTS as a number */
	for (int on = 0; on <= 1; on++) {
		struct carc_game *g;
		int32_t v = -1;

		snprintf(doc, sizeof(doc),
			 "{\"setup\":{\"expansions\":[\"BASIC\"],\"rules\":"
			 "{\"TINY_CITY_2_POINTS\":%d}},\"slots\":[{},{}],"
			 "\"replay\":[]}",
			 on);
		g = jcz_import_ok(doc, strlen(doc), "tiny city");
		assert_ok(carc_rules_get(carc_game_rules(g),
					 CARC_OPT_SMALL_CITY, &v));
		ck_assert_int_eq(v, on);
		carc_game_free(g);
	}
}
END_TEST

START_TEST(import_bad_arguments)
{
	struct carc_game *g = (struct carc_game *)&g;
	uint32_t l = UNTOUCHED, c = UNTOUCHED;
	char msg[8] = "x";

	ck_assert_int_eq(carc_jcz_import("{}", 2, NULL, &l, &c, msg,
					 sizeof(msg)), CARC_E_INVALID);
	ck_assert_int_eq(carc_jcz_import(NULL, 2, &g, &l, &c, msg,
					 sizeof(msg)), CARC_E_INVALID);
	ck_assert_int_eq(carc_jcz_import("{}", 2, &g, &l, &c, NULL, 4),
			 CARC_E_INVALID);
	ck_assert_ptr_eq(g, (struct carc_game *)&g);
	ck_assert_uint_eq(l, UNTOUCHED);
	ck_assert_uint_eq(c, UNTOUCHED);
	ck_assert_str_eq(msg, "x");
	/* NULL text of length 0 is the empty document; a short message
	 * buffer is truncated and terminated */
	ck_assert_int_eq(carc_jcz_import(NULL, 0, &g, &l, &c, msg, sizeof(msg)),
			 CARC_E_PARSE);
	ck_assert_uint_eq(strlen(msg), sizeof(msg) - 1);
	ck_assert_int_eq(strncmp(msg, "JSON: ", 6), 0);
	ck_assert_ptr_eq(g, (struct carc_game *)&g);
	/* every output optional */
	ck_assert_int_eq(carc_jcz_import("[", 1, &g, NULL, NULL, NULL, 0),
			 CARC_E_PARSE);
	/* not NUL-terminated: only len bytes are read */
	{
		const char *t = HEAD4 "\"replay\":[]}GARBAGE";
		struct carc_game *h = NULL;

		ck_assert_int_eq(carc_jcz_import(t, strlen(t) - 7, &h, NULL,
						 NULL, NULL, 0), CARC_OK);
		carc_game_free(h);
	}
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("jcz");
	TCase *tc = tcase_create("tables");

	tcase_add_test(tc, tile_table_matches_jcz_definitions);
	tcase_add_test(tc, tile_ids_both_spellings);
	tcase_add_test(tc, locations_parse_and_name);
	suite_add_tcase(s, tc);

	tc = tcase_create("jcz_saved_games");
	tcase_add_loop_test(tc, jcz_game_scores, 0, N_JCZ_GAMES);
	suite_add_tcase(s, tc);

	tc = tcase_create("export");
	tcase_add_test(tc, export_exact_content);
	tcase_add_test(tc, export_refuses_rules_jcz_lacks);
	tcase_add_test(tc, export_bad_arguments);
	suite_add_tcase(s, tc);

	tc = tcase_create("round_trips");
	tcase_add_test(tc, round_trip_random_games);
	tcase_set_timeout(tc, 1800);
	suite_add_tcase(s, tc);

	tc = tcase_create("bad_input");
	tcase_add_test(tc, bad_json);
	tcase_add_test(tc, deep_and_huge_documents);
	tcase_add_test(tc, refused_setups);
	tcase_add_test(tc, setup_maps_rules);
	tcase_add_test(tc, setup_elements_by_presence);
	tcase_add_test(tc, bad_replay_entries);
	tcase_add_test(tc, malformed_members);
	tcase_add_test(tc, early_game_over);
	tcase_add_test(tc, refused_orders_and_steps);
	tcase_add_test(tc, meeple_ids_and_setup_values);
	tcase_add_test(tc, import_bad_arguments);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}
