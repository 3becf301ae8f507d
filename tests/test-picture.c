/* SPDX-License-Identifier: MIT */
/*
 * The geometry for drawing (carc_tile_feature_point(),
 * carc_tile_feature_shape(), carc_tile_symbol_area(), carc_game_bounds())
 * and the picture, carc_game_render_svg().
 */
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <limits.h>
#include <wchar.h>

#include <check.h>

#include "picture/picture.h"	/* internal: the text sink */
#include "test-common.h"

#define MAXP CARC_SHAPE_MAX_POINTS

/* ------------------------------------------------------------------ */
/* Helpers                                                              */
/* ------------------------------------------------------------------ */

struct shape {
	int32_t xy[2 * MAXP];
	int n;
};

static void
get_shape(uint32_t tile, uint32_t rot, uint32_t feature, struct shape *s)
{
	s->n = carc_tile_feature_shape(tile, rot, feature, s->xy, MAXP);
	ck_assert_msg(s->n >= 3 && s->n <= MAXP, "%s %s rot %u: %d points",
		      carc_tile_name(tile), carc_feature_name(feature),
		      (unsigned)rot, s->n);
}

/* Even-odd rule; points on the outline count as outside. */
static bool
inside(const struct shape *s, int32_t px, int32_t py)
{
	bool in = false;

	for (int i = 0, j = s->n - 1; i < s->n; j = i++) {
		int64_t xi = s->xy[2 * i], yi = s->xy[2 * i + 1];
		int64_t xj = s->xy[2 * j], yj = s->xy[2 * j + 1];

		if ((yi > py) != (yj > py)) {
			/* x of the edge at py, compared without division */
			int64_t lhs = (px - xi) * (yj - yi);
			int64_t rhs = (xj - xi) * (py - yi);

			if (yj > yi ? lhs < rhs : lhs > rhs)
				in = !in;
		}
	}
	return in;
}

/* Layer of a feature kind in the drawing model (later paints over). */
static int
layer(uint32_t feature)
{
	switch (feature >> 4) {
	case CARC_FEATURE_FIELD:
		return 0;
	case CARC_FEATURE_CITY:
		return 1;
	case CARC_FEATURE_ROAD:
		return 2;
	default:
		return 3;
	}
}

static int
count_of(const char *text, const char *what)
{
	int n = 0;

	for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
		n++;
	return n;
}

/* Figures of one shape on the board (not the score chips or legend). */
static int
board_figures(const char *svg, const char *shape)
{
	char a[64], b[64];

	snprintf(a, sizeof(a), "href='#%s' class='fig'", shape);
	snprintf(b, sizeof(b), "href='#%s' class='fig ghost'", shape);
	return count_of(svg, a) + count_of(svg, b);
}

/* Render with @opt into a new string; asserts success. */
static char *
render(const struct carc_game *g, const struct carc_render_options *opt)
{
	int len = carc_game_render_svg(g, opt, NULL, 0);
	char *buf;

	ck_assert_msg(len > 0, "render: %d (%s)", len, carc_strerror(len));
	buf = malloc((size_t)len + 1);
	ck_assert_ptr_nonnull(buf);
	ck_assert_int_eq(carc_game_render_svg(g, opt, buf, (size_t)len + 1),
			 len);
	ck_assert_uint_eq(strlen(buf), (size_t)len);
	return buf;
}

static void
init_opt(struct carc_render_options *o, uint32_t flags)
{
	memset(o, 0, sizeof(*o));
	o->size = sizeof(*o);
	o->flags = flags;
}

/*
 * A small well-formedness checker for the XML the picture writes:
 * declaration, nested elements, quoted attributes (unique per element),
 * the five predefined entities, one root, ASCII only.  Returns NULL or a
 * message.
 */
static const char *
xml_error(const char *s)
{
	char stack[32][32];
	int depth = 0, roots = 0;
	const char *p = s;

	if (strncmp(p, "<?xml ", 6) != 0)
		return "no XML declaration";
	p = strstr(p, "?>");
	if (!p)
		return "unterminated declaration";
	p += 2;
	for (const char *q = s; *q; q++)
		if ((unsigned char)*q > 127 || (*q < 32 && *q != '\n'))
			return "byte outside printable ASCII";
	while (*p) {
		if (*p == '&') {
			static const char *const ent[5] = {
				"&lt;", "&gt;", "&amp;", "&apos;", "&quot;",
			};
			bool ok = false;

			for (int i = 0; i < 5; i++)
				if (strncmp(p, ent[i], strlen(ent[i])) == 0) {
					p += strlen(ent[i]);
					ok = true;
					break;
				}
			if (!ok)
				return "bad entity in text";
			continue;
		}
		if (*p != '<') {
			if (depth == 0 && *p != '\n' && *p != ' ')
				return "text outside the root";
			p++;
			continue;
		}
		if (p[1] == '/') {
			size_t len;

			p += 2;
			len = strcspn(p, ">");
			if (depth == 0 || len != strlen(stack[depth - 1]) ||
			    strncmp(p, stack[depth - 1], len) != 0)
				return "mismatched end tag";
			depth--;
			p += len + 1;
			continue;
		} else {
			char name[32], attrs[16][32];
			size_t len = strspn(p + 1, "abcdefghijklmnopqrstuvwxyz"
						   "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						   "0123456789-_:");
			int n_attrs = 0;

			if (len == 0 || len >= sizeof(name))
				return "bad element name";
			memcpy(name, p + 1, len);
			name[len] = '\0';
			p += 1 + len;
			for (;;) {
				size_t alen;
				char quote;

				if (*p == '/' && p[1] == '>') {
					p += 2;
					if (depth == 0)
						roots++;
					break;
				}
				if (*p == '>') {
					p++;
					if (depth == 0)
						roots++;
					if (depth == 32)
						return "too deep";
					strcpy(stack[depth++], name);
					break;
				}
				if (*p != ' ' && *p != '\n')
					return "no space before attribute";
				while (*p == ' ' || *p == '\n')
					p++;
				if (*p == '/' || *p == '>')
					continue;
				alen = strspn(p, "abcdefghijklmnopqrstuvwxyz"
						 "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
						 "0123456789-_:");
				if (alen == 0 || alen >= 32 || p[alen] != '=')
					return "bad attribute";
				for (int i = 0; i < n_attrs; i++)
					if (strlen(attrs[i]) == alen &&
					    strncmp(attrs[i], p, alen) == 0)
						return "repeated attribute";
				if (n_attrs == 16)
					return "too many attributes";
				memcpy(attrs[n_attrs], p, alen);
				attrs[n_attrs++][alen] = '\0';
				p += alen + 1;
				quote = *p;
				if (quote != '\'' && quote != '"')
					return "unquoted attribute";
				p++;
				while (*p && *p != quote) {
					if (*p == '<')
						return "< in attribute";
					if (*p == '&' &&
					    strncmp(p, "&amp;", 5) != 0 &&
					    strncmp(p, "&lt;", 4) != 0 &&
					    strncmp(p, "&gt;", 4) != 0 &&
					    strncmp(p, "&apos;", 6) != 0 &&
					    strncmp(p, "&quot;", 6) != 0)
						return "bad entity";
					p++;
				}
				if (!*p)
					return "unterminated attribute";
				p++;
			}
		}
	}
	if (depth != 0)
		return "unclosed element";
	if (roots != 1)
		return "not exactly one root element";
	return NULL;
}

static struct carc_rules *
all_expansions(void)
{
	return make_rules(NULL, CARC_OPT_PHANTOM, 1, CARC_OPT_CROP_CIRCLES_I,
			  1, CARC_OPT_CROP_CIRCLES_II, 1,
			  CARC_OPT_LITTLE_BUILDINGS, 1, 0);
}

/* Play @moves random moves (all when negative) with the random-game
 * harness, preferring figures: pass is listed last, and two times in
 * three another move is drawn instead. */
static void
play_random(struct carc_game *g, int moves, uint64_t seed)
{
	struct random_game r;

	random_game_start(&r, g, seed);
	while ((moves < 0 || r.played < moves) && random_game_next(&r)) {
		int k = (int)(test_rand(&r.rng) % (uint64_t)r.n);

		if (carc_move_kind(r.moves[k]) == CARC_MOVE_PASS && r.n > 1 &&
		    test_rand(&r.rng) % 3)
			k = (int)(test_rand(&r.rng) % (uint64_t)(r.n - 1));
		assert_ok(carc_game_apply(g, r.moves[k]));
		r.played++;
	}
	random_game_end(&r);
}

static struct carc_game *
random_game(bool expansions, uint32_t players, uint64_t seed, int moves)
{
	struct carc_rules *r = expansions ? all_expansions()
					  : make_rules(NULL, 0);
	struct carc_game *g = make_game(r, players, seed);

	carc_rules_unref(r);
	play_random(g, moves, seed);
	return g;
}

/* ------------------------------------------------------------------ */
/* Geometry                                                             */
/* ------------------------------------------------------------------ */

static uint32_t
features_of(uint32_t tile, uint32_t *f)
{
	int n = carc_tile_features(tile, f, 16);

	ck_assert_int_gt(n, 0);
	return (uint32_t)n;
}

/* Every feature point lies in 0..1000, inside its own outline, clear of
 * every outline and crop circle painted over it, and apart from the
 * points of the other features. */
START_TEST(points_inside_features)
{
	uint32_t tile = (uint32_t)_i, f[16], n = features_of(tile, f);

	for (uint32_t rot = 0; rot < 4; rot++) {
		int32_t cx = 0, cy = 0, cr = 0;
		bool crop = carc_tile_symbol_area(tile, rot, &cx, &cy, &cr) ==
			    CARC_OK;

		for (uint32_t i = 0; i < n; i++) {
			int32_t x = -1, y = -1;
			int64_t dx, dy;
			struct shape own;

			assert_ok(carc_tile_feature_point(tile, rot, f[i], &x,
							  &y));
			ck_assert(x >= 0 && x <= 1000 && y >= 0 && y <= 1000);
			get_shape(tile, rot, f[i], &own);
			ck_assert_msg(inside(&own, x, y),
				      "%s %s rot %u: point %d,%d outside",
				      carc_tile_name(tile),
				      carc_feature_name(f[i]), (unsigned)rot,
				      (int)x, (int)y);
			dx = x - cx;
			dy = y - cy;
			if (crop)
				ck_assert_msg(dx * dx + dy * dy >
						      (int64_t)cr * cr,
					      "%s %s: point under the circle",
					      carc_tile_name(tile),
					      carc_feature_name(f[i]));
			for (uint32_t j = 0; j < n; j++) {
				int32_t x2, y2;
				struct shape other;

				if (j == i)
					continue;
				assert_ok(carc_tile_feature_point(tile, rot,
								  f[j], &x2,
								  &y2));
				ck_assert(x2 != x || y2 != y);
				/* painted over it, or a field beside it */
				if (layer(f[j]) < layer(f[i]) ||
				    (layer(f[j]) == layer(f[i]) &&
				     layer(f[i]) != 0))
					continue;
				get_shape(tile, rot, f[j], &other);
				ck_assert_msg(!inside(&other, x, y),
					      "%s rot %u: %s inside %s",
					      carc_tile_name(tile),
					      (unsigned)rot,
					      carc_feature_name(f[i]),
					      carc_feature_name(f[j]));
			}
		}
	}
}
END_TEST

/* A quarter turn maps every point, outline and circle by
 * (x, y) -> (1000 - y, x). */
START_TEST(rotation_consistent)
{
	uint32_t tile = (uint32_t)_i, f[16], n = features_of(tile, f);

	for (uint32_t rot = 0; rot < 4; rot++) {
		uint32_t next = (rot + 1) & 3;
		int32_t x0, y0, r0, x1, y1, r1;
		int rc0 = carc_tile_symbol_area(tile, rot, &x0, &y0, &r0);
		int rc1 = carc_tile_symbol_area(tile, next, &x1, &y1, &r1);

		ck_assert_int_eq(rc0, rc1);
		if (rc0 == CARC_OK) {
			ck_assert_int_eq(x1, 1000 - y0);
			ck_assert_int_eq(y1, x0);
			ck_assert_int_eq(r1, r0);
			ck_assert(r0 > 0 && x0 - r0 >= 0 && x0 + r0 <= 1000 &&
				  y0 - r0 >= 0 && y0 + r0 <= 1000);
		}
		for (uint32_t i = 0; i < n; i++) {
			struct shape a, b;

			assert_ok(carc_tile_feature_point(tile, rot, f[i], &x0,
							  &y0));
			assert_ok(carc_tile_feature_point(tile, next, f[i],
							  &x1, &y1));
			ck_assert_int_eq(x1, 1000 - y0);
			ck_assert_int_eq(y1, x0);
			get_shape(tile, rot, f[i], &a);
			get_shape(tile, next, f[i], &b);
			ck_assert_int_eq(a.n, b.n);
			for (int k = 0; k < a.n; k++) {
				ck_assert_int_eq(b.xy[2 * k],
						 1000 - a.xy[2 * k + 1]);
				ck_assert_int_eq(b.xy[2 * k + 1], a.xy[2 * k]);
				ck_assert(a.xy[2 * k] >= 0 &&
					  a.xy[2 * k] <= 1000 &&
					  a.xy[2 * k + 1] >= 0 &&
					  a.xy[2 * k + 1] <= 1000);
			}
		}
	}
}
END_TEST

/* Exact values of the tile every game starts with. */
START_TEST(start_tile_values)
{
	uint32_t d = CARC_TILE_D;
	int32_t x, y, xy[2 * MAXP];

	assert_ok(carc_tile_feature_point(d, 0, CARC_C1, &x, &y));
	ck_assert(x == 500 && y == 150);
	assert_ok(carc_tile_feature_point(d, 1, CARC_C1, &x, &y));
	ck_assert(x == 850 && y == 500);
	assert_ok(carc_tile_feature_point(d, 2, CARC_R1, &x, &y));
	ck_assert(x == 700 && y == 500);
	/* the straight road: a 120-wide strip, 9 samples a side */
	ck_assert_int_eq(carc_tile_feature_shape(d, 0, CARC_R1, xy, MAXP), 18);
	ck_assert(xy[0] == 1000 && xy[1] == 560);
	ck_assert(xy[2 * 4] == 500 && xy[2 * 4 + 1] == 560);
	ck_assert(xy[2 * 8] == 0 && xy[2 * 8 + 1] == 560);
	ck_assert(xy[2 * 9] == 0 && xy[2 * 9 + 1] == 440);
	ck_assert(xy[2 * 17] == 1000 && xy[2 * 17 + 1] == 440);
	/* the cap: two corners, then the wall back through (500, 250) */
	ck_assert_int_eq(carc_tile_feature_shape(d, 0, CARC_C1, xy, MAXP), 9);
	ck_assert(xy[0] == 0 && xy[1] == 0 && xy[2] == 1000 && xy[3] == 0);
	ck_assert(xy[4] == 875 && xy[5] == 109);
	ck_assert(xy[2 * 5] == 500 && xy[2 * 5 + 1] == 250);
	ck_assert(xy[2 * 8] == 125 && xy[2 * 8 + 1] == 109);
	/* the monastery of B: a cross of 12 points around the centre */
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_B, 3,
						 CARC_MONASTERY, NULL, 0), 12);
	ck_assert_int_eq(carc_tile_symbol_area(d, 0, &x, &y, NULL),
			 CARC_E_NOT_FOUND);
}
END_TEST

START_TEST(shape_buffer_contract)
{
	int32_t xy[2 * MAXP], full[2 * MAXP];
	int n = carc_tile_feature_shape(CARC_TILE_K, 1, CARC_F1, NULL, 0);

	ck_assert_int_gt(n, 4);
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_K, 1, CARC_F1,
						 full, MAXP), n);
	for (int i = 0; i < 2 * MAXP; i++)
		xy[i] = -7;
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_K, 1, CARC_F1, xy,
						 3), n);
	ck_assert_mem_eq(xy, full, 6 * sizeof(int32_t));
	ck_assert_int_eq(xy[6], -7);
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_K, 1, CARC_F1,
						 NULL, 1), CARC_E_INVALID);
}
END_TEST

START_TEST(geometry_bad_arguments)
{
	int32_t x = 77, y = 77, r = 77, xy[2] = { 77, 77 };

	ck_assert_int_eq(carc_tile_feature_point(CARC_TILE_TYPES, 0, CARC_C1,
						 &x, &y), CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_tile_feature_point(CARC_TILE_D, 4, CARC_C1, &x,
						 &y), CARC_E_INVALID);
	ck_assert_int_eq(carc_tile_feature_point(CARC_TILE_D, 0, CARC_C2, &x,
						 &y), CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc_tile_feature_point(CARC_TILE_D, 0,
						 CARC_MONASTERY, &x, &y),
			 CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_TYPES, 0, CARC_C1,
						 xy, 1), CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_D, 4, CARC_C1, xy,
						 1), CARC_E_INVALID);
	ck_assert_int_eq(carc_tile_feature_shape(CARC_TILE_D, 0, CARC_F3, xy,
						 1), CARC_E_NO_FEATURE);
	ck_assert_int_eq(carc_tile_symbol_area(CARC_TILE_TYPES, 0, &x, &y,
					       &r), CARC_E_UNKNOWN_TILE);
	ck_assert_int_eq(carc_tile_symbol_area(CARC_TILE_CCI_1, 4, &x, &y,
					       &r), CARC_E_INVALID);
	ck_assert_int_eq(carc_tile_symbol_area(CARC_TILE_A, 0, &x, &y, &r),
			 CARC_E_NOT_FOUND);
	ck_assert(x == 77 && y == 77 && r == 77);
	ck_assert(xy[0] == 77 && xy[1] == 77);
	/* any output may be NULL */
	assert_ok(carc_tile_feature_point(CARC_TILE_D, 0, CARC_C1, NULL,
					  NULL));
	assert_ok(carc_tile_symbol_area(CARC_TILE_CCI_1, 0, NULL, NULL, NULL));
}
END_TEST

/* Crop-circle tiles, and only they, have a circle. */
START_TEST(symbol_area_matches_symbol)
{
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		int rc = carc_tile_symbol_area(t, 0, NULL, NULL, NULL);

		ck_assert_int_eq(rc, carc_tile_symbol(t) != CARC_SYMBOL_NONE
					     ? CARC_OK
					     : CARC_E_NOT_FOUND);
	}
}
END_TEST

START_TEST(bounds_of_scenario)
{
	struct carc_game *g = make_scenario("EVU", 0);
	int32_t x0 = 9, y0 = 9, x1 = 9, y1 = 9;

	assert_ok(carc_game_bounds(g, &x0, &y0, &x1, &y1));
	ck_assert(x0 == 0 && y0 == 0 && x1 == 0 && y1 == 0);
	/* E north of the start tile, V to its west */
	play(g, tile_of('E'), 0, -1, 2);
	pass(g);
	play(g, tile_of('V'), -1, 0, 2);
	pass(g);
	assert_ok(carc_game_bounds(g, &x0, &y0, &x1, &y1));
	ck_assert(x0 == -1 && y0 == -1 && x1 == 0 && y1 == 0);
	assert_ok(carc_game_bounds(g, NULL, NULL, NULL, &y1));
	ck_assert_int_eq(carc_game_bounds(NULL, &x0, &y0, &x1, &y1),
			 CARC_E_INVALID);
	ck_assert(x0 == -1 && y0 == -1 && x1 == 0 && y1 == 0);
	carc_game_free(g);
}
END_TEST

/* The box holds every tile and touches the board on all four sides. */
START_TEST(bounds_random_games)
{
	for (uint64_t seed = 1; seed <= 10; seed++) {
		struct carc_game *g = random_game(seed & 1, 3, seed, 120);
		int32_t x0, y0, x1, y1;
		bool hit[4] = { false, false, false, false };
		int n = carc_game_tile_count(g);

		assert_ok(carc_game_bounds(g, &x0, &y0, &x1, &y1));
		for (int i = 0; i < n; i++) {
			int32_t x, y;

			assert_ok(carc_game_tile_at(g, (uint32_t)i, &x, &y,
						    NULL, NULL));
			ck_assert(x >= x0 && x <= x1 && y >= y0 && y <= y1);
			hit[0] |= x == x0;
			hit[1] |= x == x1;
			hit[2] |= y == y0;
			hit[3] |= y == y1;
		}
		ck_assert(hit[0] && hit[1] && hit[2] && hit[3]);
		carc_game_free(g);
	}
}
END_TEST

/* ------------------------------------------------------------------ */
/* The picture                                                          */
/* ------------------------------------------------------------------ */

/* Valid XML for random games of every rule set, at every stage. */
START_TEST(svg_is_valid_xml)
{
	static const uint32_t flag_sets[4] = {
		0, CARC_RENDER_LAST_MOVE | CARC_RENDER_PLACEMENTS,
		CARC_RENDER_NO_LEGEND | CARC_RENDER_NO_LABELS,
		CARC_RENDER_NO_SCORES | CARC_RENDER_PLACEMENTS,
	};
	int games = getenv("CARC_TEST_QUICK") ? 2 : 8;

	for (int e = 0; e < 5; e++)
		for (uint64_t seed = 1; seed <= (uint64_t)games; seed++) {
			struct carc_rules *r =
				e == 0	 ? make_rules(NULL, 0)
				: e == 1 ? make_rules(NULL, CARC_OPT_PHANTOM,
						      1, 0)
				: e == 2 ? make_rules(NULL,
						      CARC_OPT_CROP_CIRCLES_I,
						      1,
						      CARC_OPT_CROP_CIRCLES_II,
						      1, 0)
				: e == 3 ? make_rules(
						   NULL,
						   CARC_OPT_LITTLE_BUILDINGS,
						   1, 0)
					 : all_expansions();
			struct carc_game *g =
				make_game(r, 2 + (uint32_t)(seed % 5), seed);

			carc_rules_unref(r);
			for (int stage = 0; stage < 6; stage++) {
				struct carc_render_options o;
				char *svg;
				const char *err;

				init_opt(&o, flag_sets[(seed + stage) & 3]);
				svg = render(g, &o);
				err = xml_error(svg);
				ck_assert_msg(!err, "rules %d seed %d "
						    "stage %d: %s",
					      e, (int)seed, stage, err);
				free(svg);
				play_random(g, stage < 5 ? 37 : -1,
					    seed * 7 + (uint64_t)stage);
			}
			ck_assert_int_eq(carc_game_is_over(g), 1);
			carc_game_free(g);
		}
}
END_TEST

START_TEST(xml_checker_rejects)
{
	ck_assert_ptr_null(xml_error("<?xml version='1.0'?>\n<a b='1'><c/>"
				     "&amp;</a>\n"));
	ck_assert_ptr_nonnull(xml_error("<a/>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a><b></a></b>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a x='1' x='2'/>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a x='<'/>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a>&nbsp;</a>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a/><b/>"));
	ck_assert_ptr_nonnull(xml_error("<?xml ?><a>"));
}
END_TEST

START_TEST(svg_buffer_contract)
{
	struct carc_game *g = random_game(true, 4, 11, 60);
	char *full = render(g, NULL);
	int len = (int)strlen(full);
	char small[64];

	/* n = 0 counts only; NULL buffer allowed */
	ck_assert_int_eq(carc_game_render_svg(g, NULL, NULL, 0), len);
	/* truncation: n - 1 bytes and a NUL, the full length returned */
	memset(small, 'x', sizeof(small));
	ck_assert_int_eq(carc_game_render_svg(g, NULL, small, 10), len);
	ck_assert_mem_eq(small, full, 9);
	ck_assert_int_eq(small[9], '\0');
	ck_assert_int_eq(small[10], 'x');
	ck_assert_int_eq(carc_game_render_svg(g, NULL, small, 1), len);
	ck_assert_int_eq(small[0], '\0');
	/* exactly the length: the last byte gives way to the NUL */
	{
		char *b = malloc((size_t)len);

		ck_assert_int_eq(carc_game_render_svg(g, NULL, b, (size_t)len),
				 len);
		ck_assert_mem_eq(b, full, (size_t)len - 1);
		ck_assert_int_eq(b[len - 1], '\0');
		free(b);
	}
	/* deterministic: again, and on a clone */
	{
		struct carc_game *c = NULL;
		char *again = render(g, NULL), *cloned;

		assert_ok(carc_game_clone(g, &c));
		cloned = render(c, NULL);
		ck_assert_str_eq(again, full);
		ck_assert_str_eq(cloned, full);
		free(again);
		free(cloned);
		carc_game_free(c);
	}
	ck_assert_int_eq(carc_game_render_svg(NULL, NULL, small, 10),
			 CARC_E_INVALID);
	ck_assert_int_eq(carc_game_render_svg(g, NULL, NULL, 10),
			 CARC_E_INVALID);
	free(full);
	carc_game_free(g);
}
END_TEST

/* Each bad option: CARC_E_INVALID and an empty string, nothing else. */
START_TEST(svg_bad_options)
{
	struct carc_game *g = random_game(false, 2, 3, 20);
	struct carc_render_options o;
	uint64_t hash = carc_game_hash(g);
	char buf[32];

	for (int k = 0; k < 13; k++) {
		init_opt(&o, 0);
		switch (k) {
		case 0: o.size = 0; break;
		case 1: o.size = sizeof(o) - 4; break;
		case 2: o.size = sizeof(o) + 4; break;
		case 3: o.tile_size = 15; break;
		case 4: o.tile_size = 513; break;
		case 5: o.flags = 64; break;
		case 6: o.flags = 1u << 31; break;
		case 7: o.colours[0] = 0xff0000; break;
		case 8: o.colours[5] = 0x2000000; break;
		case 9: o.colours[2] = CARC_RENDER_COLOUR | 0x2000000; break;
		/* a highlighted feature that is not on the board */
		case 10:
			o.flags = CARC_RENDER_FEATURE;
			o.feature_x = 40;
			o.feature_id = CARC_C1;
			break;
		case 11:
			o.flags = CARC_RENDER_FEATURE;
			o.feature_id = CARC_C2;
			break;
		default:
			o.flags = CARC_RENDER_FEATURE;
			o.feature_id = 0x99;
			break;
		}
		memset(buf, 'x', sizeof(buf));
		ck_assert_msg(carc_game_render_svg(g, &o, buf, sizeof(buf)) ==
				      CARC_E_INVALID,
			      "bad option %d accepted", k);
		ck_assert_int_eq(buf[0], '\0');
		ck_assert_int_eq(buf[1], 'x');
		ck_assert_int_eq(carc_game_render_svg(g, &o, NULL, 0),
				 CARC_E_INVALID);
	}
	/* the limits themselves are fine */
	init_opt(&o, 0);
	o.tile_size = 16;
	ck_assert_int_gt(carc_game_render_svg(g, &o, NULL, 0), 0);
	o.tile_size = 512;
	o.colours[5] = CARC_RENDER_COLOUR | 0xffffff;
	ck_assert_int_gt(carc_game_render_svg(g, &o, NULL, 0), 0);
	ck_assert_uint_eq(carc_game_hash(g), hash);
	carc_game_free(g);
}
END_TEST

/* Element counts of a seeded all-expansion game equal the board's. */
START_TEST(svg_counts_match_board)
{
	for (uint64_t seed = 21; seed <= 24; seed++) {
		struct carc_game *g = random_game(true, 4, seed,
						  seed == 24 ? -1 : 90);
		struct carc_render_options o;
		int figs = carc_game_figure_count(g), by_kind[5] = { 0 };
		int phantoms = 0, pennants = 0, crops = 0, tiles;
		char *svg;

		init_opt(&o, CARC_RENDER_NO_LEGEND);
		svg = render(g, &o);
		tiles = carc_game_tile_count(g);
		ck_assert_int_eq(count_of(svg, "<g id='tile-"), tiles);
		for (int i = 0; i < tiles; i++) {
			uint32_t t, f[16], n;

			assert_ok(carc_game_tile_at(g, (uint32_t)i, NULL, NULL,
						    &t, NULL));
			n = features_of(t, f);
			for (uint32_t k = 0; k < n; k++)
				pennants += carc_tile_feature_pennants(
						    t, f[k]) > 0;
			crops += carc_tile_symbol(t) != CARC_SYMBOL_NONE;
		}
		for (int i = 0; i < figs; i++) {
			uint32_t fig, feat;

			assert_ok(carc_game_figure_at(g, (uint32_t)i, NULL,
						      &fig, NULL, NULL, &feat));
			by_kind[feat >> 4]++;
			phantoms += fig == CARC_FIGURE_PHANTOM;
		}
		ck_assert_int_eq(count_of(svg, "class='fig'") +
					 count_of(svg, "class='fig ghost'"),
				 figs);
		ck_assert_int_eq(board_figures(svg, "knight"),
				 by_kind[CARC_FEATURE_CITY]);
		ck_assert_int_eq(board_figures(svg, "thief"),
				 by_kind[CARC_FEATURE_ROAD]);
		ck_assert_int_eq(board_figures(svg, "farmer"),
				 by_kind[CARC_FEATURE_FIELD]);
		ck_assert_int_eq(board_figures(svg, "monk"),
				 by_kind[CARC_FEATURE_MONASTERY]);
		ck_assert_int_eq(count_of(svg, "class='fig ghost'"), phantoms);
		ck_assert_int_eq(count_of(svg, "class='bld'"),
				 carc_game_building_count(g));
		ck_assert_int_eq(count_of(svg, "class='pennant'"), pennants);
		ck_assert_int_eq(count_of(svg, "class='crop'"), crops);
		/* four score chips, one per player */
		ck_assert_int_eq(count_of(svg, "class='fig key'"), 4);
		ck_assert_int_eq(count_of(svg, "class='last'"), 0);
		ck_assert_int_gt(figs, 5);
		free(svg);
		carc_game_free(g);
	}
}
END_TEST

START_TEST(svg_last_move_and_placements)
{
	struct carc_game *g = random_game(false, 2, 5, 30);
	struct carc_render_options o;
	int n = carc_game_legal_moves(g, NULL, 0), spots = 0;
	carc_move_t *mv = malloc((size_t)n * sizeof(*mv));
	char *svg;

	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PLACE_TILE);
	ck_assert_int_eq(carc_game_legal_moves(g, mv, (size_t)n), n);
	for (int i = 0; i < n; i++) {
		bool seen = false;

		for (int j = 0; j < i; j++)
			seen |= carc_move_x(mv[j]) == carc_move_x(mv[i]) &&
				carc_move_y(mv[j]) == carc_move_y(mv[i]);
		spots += !seen;
	}
	init_opt(&o, CARC_RENDER_LAST_MOVE | CARC_RENDER_PLACEMENTS |
			     CARC_RENDER_NO_LEGEND);
	svg = render(g, &o);
	ck_assert_int_eq(count_of(svg, "class='last'"), 1);
	ck_assert_int_eq(count_of(svg, "class='spot'"), spots);
	/* the tile in hand, drawn beside the board */
	ck_assert_int_eq(count_of(svg, "<g class='tile key'>"), 1);
	free(svg);
	/* without the flags: none of it */
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, "class='last"), 0);
	ck_assert_int_eq(count_of(svg, "class='spot"), 0);
	free(svg);
	free(mv);
	carc_game_free(g);
}
END_TEST

START_TEST(svg_size_and_colours)
{
	struct carc_game *g = random_game(false, 3, 8, 25);
	struct carc_render_options o;
	char *a, *b;
	int wa, wb, ha, hb, p0 = 0, n = carc_game_figure_count(g);

	init_opt(&o, 0);
	a = render(g, &o);
	o.tile_size = 200;
	o.colours[0] = CARC_RENDER_COLOUR | 0x123456;
	b = render(g, &o);
	ck_assert_int_eq(sscanf(strstr(a, "<svg "), "<svg xmlns='http://www.w3"
				".org/2000/svg' width='%d' height='%d'", &wa,
				&ha), 2);
	ck_assert_int_eq(sscanf(strstr(b, "<svg "), "<svg xmlns='http://www.w3"
				".org/2000/svg' width='%d' height='%d'", &wb,
				&hb), 2);
	ck_assert_int_eq(wb, 2 * wa);
	ck_assert_int_eq(hb, 2 * ha);
	for (int i = 0; i < n; i++) {
		uint32_t pl;

		assert_ok(carc_game_figure_at(g, (uint32_t)i, &pl, NULL, NULL,
					      NULL, NULL));
		p0 += pl == 0;
	}
	/* player 0's figures and score chip */
	ck_assert_int_eq(count_of(b, "fill='#123456'"), p0 + 1);
	ck_assert_int_eq(count_of(a, "fill='#123456'"), 0);
	free(a);
	free(b);
	carc_game_free(g);
}
END_TEST

/* The highlighted feature is drawn as highlighted on every piece of it,
 * with a caption, and nothing else is. */
START_TEST(svg_feature_highlight)
{
	static const char *const cls[5] = {
		"", "class='city hl'", "class='road hl'", "class='field hl'",
		"class='mon hl'",
	};

	for (uint64_t seed = 31; seed <= 33; seed++) {
		struct carc_game *g = random_game(true, 3, seed, 120);
		int tiles = carc_game_tile_count(g), checked = 0;

		for (int i = 0; i < tiles && checked < 40; i += 3) {
			int32_t x, y;
			uint32_t t, f[16], n;

			assert_ok(carc_game_tile_at(g, (uint32_t)i, &x, &y, &t,
						    NULL));
			n = features_of(t, f);
			for (uint32_t k = 0; k < n; k++, checked++) {
				struct carc_render_options o;
				int32_t pieces;
				char *svg;
				int total = 0;

				assert_ok(carc_game_feature_get(
					g, x, y, f[k], CARC_FEATURE_ATTR_PIECES,
					&pieces));
				init_opt(&o, CARC_RENDER_FEATURE |
						     CARC_RENDER_NO_LEGEND);
				o.feature_x = x;
				o.feature_y = y;
				o.feature_id = f[k];
				svg = render(g, &o);
				ck_assert_ptr_null(xml_error(svg));
				for (int c = 1; c <= 4; c++)
					total += count_of(svg, cls[c]);
				ck_assert_int_eq(total, pieces);
				ck_assert_int_eq(count_of(svg, cls[f[k] >> 4]),
						 pieces);
				ck_assert_int_eq(count_of(svg, "hlcap"), 1);
				free(svg);
			}
		}
		carc_game_free(g);
	}
}
END_TEST


/* ------------------------------------------------------------------ */
/* Colours: told apart by colour-blind eyes too                         */
/* ------------------------------------------------------------------ */

#define PI 3.14159265358979323846

/* sRGB 0..255 to linear light */
static double
lin(unsigned c)
{
	double v = c / 255.0;

	return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4);
}

/*
 * CIELAB (D65) of @rgb as seen with colour vision @cvd: 0 normal, 1
 * deuteranopia, 2 protanopia, 3 tritanopia, simulated with the matrices of
 * Machado, Oliveira and Fernandes (2009) at severity 1 on linear RGB.
 */
static void
to_lab(uint32_t rgb, int cvd, double lab[3])
{
	static const double m[4][3][3] = {
		{ { 1, 0, 0 }, { 0, 1, 0 }, { 0, 0, 1 } },
		{ { 0.367322, 0.860646, -0.227968 },
		  { 0.280085, 0.672501, 0.047413 },
		  { -0.011820, 0.042940, 0.968881 } },
		{ { 0.152286, 1.052583, -0.204868 },
		  { 0.114503, 0.786281, 0.099216 },
		  { -0.003882, -0.048116, 1.051998 } },
		{ { 1.255528, -0.076749, -0.178779 },
		  { -0.078411, 0.930809, 0.147602 },
		  { 0.004733, 0.691367, 0.303900 } },
	};
	double l[3] = { lin((rgb >> 16) & 255), lin((rgb >> 8) & 255),
			lin(rgb & 255) }, c[3], xyz[3], f[3];

	for (int i = 0; i < 3; i++) {
		c[i] = m[cvd][i][0] * l[0] + m[cvd][i][1] * l[1] +
		       m[cvd][i][2] * l[2];
		c[i] = c[i] < 0 ? 0 : c[i] > 1 ? 1 : c[i];
	}
	xyz[0] = (0.4124564 * c[0] + 0.3575761 * c[1] + 0.1804375 * c[2]) /
		 0.95047;
	xyz[1] = 0.2126729 * c[0] + 0.7151522 * c[1] + 0.0721750 * c[2];
	xyz[2] = (0.0193339 * c[0] + 0.1191920 * c[1] + 0.9503041 * c[2]) /
		 1.08883;
	for (int i = 0; i < 3; i++)
		f[i] = xyz[i] > 216.0 / 24389 ? cbrt(xyz[i])
					     : (24389.0 / 27 * xyz[i] + 16) / 116;
	lab[0] = 116 * f[1] - 16;
	lab[1] = 500 * (f[0] - f[1]);
	lab[2] = 200 * (f[1] - f[2]);
}

static double
deg(double r)
{
	return r * 180 / PI;
}

static double
rad(double d)
{
	return d * PI / 180;
}

/* The CIEDE2000 colour difference (Sharma, Wu and Dalal 2005). */
static double
ciede2000(const double *p, const double *q)
{
	double c1 = hypot(p[1], p[2]), c2 = hypot(q[1], q[2]);
	double cb = (c1 + c2) / 2, g, a1, a2, c1p, c2p, h1, h2, dl, dc, dh;
	double lb, cbp, hb, t, dth, rc, sl, sc, sh, rt, dhh;

	g = 0.5 * (1 - sqrt(pow(cb, 7) / (pow(cb, 7) + pow(25, 7))));
	a1 = (1 + g) * p[1];
	a2 = (1 + g) * q[1];
	c1p = hypot(a1, p[2]);
	c2p = hypot(a2, q[2]);
	h1 = c1p == 0 ? 0 : fmod(deg(atan2(p[2], a1)) + 360, 360);
	h2 = c2p == 0 ? 0 : fmod(deg(atan2(q[2], a2)) + 360, 360);
	dl = q[0] - p[0];
	dc = c2p - c1p;
	dhh = h2 - h1;
	if (c1p * c2p == 0)
		dhh = 0;
	else if (dhh > 180)
		dhh -= 360;
	else if (dhh < -180)
		dhh += 360;
	dh = 2 * sqrt(c1p * c2p) * sin(rad(dhh / 2));
	lb = (p[0] + q[0]) / 2;
	cbp = (c1p + c2p) / 2;
	if (c1p * c2p == 0)
		hb = h1 + h2;
	else if (fabs(h1 - h2) <= 180)
		hb = (h1 + h2) / 2;
	else
		hb = (h1 + h2 + (h1 + h2 < 360 ? 360 : -360)) / 2;
	t = 1 - 0.17 * cos(rad(hb - 30)) + 0.24 * cos(rad(2 * hb)) +
	    0.32 * cos(rad(3 * hb + 6)) - 0.20 * cos(rad(4 * hb - 63));
	dth = 30 * exp(-pow((hb - 275) / 25, 2));
	rc = 2 * sqrt(pow(cbp, 7) / (pow(cbp, 7) + pow(25, 7)));
	sl = 1 + 0.015 * pow(lb - 50, 2) / sqrt(20 + pow(lb - 50, 2));
	sc = 1 + 0.045 * cbp;
	sh = 1 + 0.015 * cbp * t;
	rt = -sin(rad(2 * dth)) * rc;
	return sqrt(pow(dl / sl, 2) + pow(dc / sc, 2) + pow(dh / sh, 2) +
		    rt * (dc / sc) * (dh / sh));
}

/* The formula against pairs of Sharma, Wu and Dalal's test data. */
START_TEST(ciede2000_reference_pairs)
{
	static const double pairs[4][7] = {
		{ 50, 2.6772, -79.7751, 50, 0, -82.7485, 2.0425 },
		{ 50, 0, 0, 50, -1, 2, 2.3669 },
		{ 50, 2.5, 0, 73, 25, -18, 27.1492 },
		{ 2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082 },
	};

	for (int i = 0; i < 4; i++) {
		double d = ciede2000(pairs[i], pairs[i] + 3);

		ck_assert_msg(fabs(d - pairs[i][6]) < 1e-4, "pair %d: %.5f", i,
			      d);
		ck_assert(fabs(ciede2000(pairs[i] + 3, pairs[i]) - d) < 1e-9);
	}
}
END_TEST

/* The colour of the attribute fill='#rrggbb' at or after @p. */
static uint32_t
fill_at(const char *p)
{
	unsigned v = 0;

	p = strstr(p, "fill='#");
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(sscanf(p, "fill='#%6x'", &v), 1);
	return v;
}

/*
 * The six default player colours (the score chips of a six-player game)
 * differ by at least 19 (CIEDE2000) for normal eyes and under simulated
 * deuteranopia, protanopia and tritanopia; the pennant's flag by at
 * least 15 from each of them.
 */
START_TEST(svg_palette_distinct)
{
	struct carc_rules *r = make_rules(NULL, 0);
	struct carc_game *g = make_game(r, 6, 1);
	char *svg = render(g, NULL), *p = svg, *pen;
	uint32_t colour[6], flag;

	carc_rules_unref(r);
	for (int i = 0; i < 6; i++) {
		p = strstr(p, "class='fig key'");
		ck_assert_ptr_nonnull(p);
		colour[i] = fill_at(p);
		p++;
	}
	/* the flag: the last fill of the pennant's group */
	pen = strstr(svg, "<g id='pennant'>");
	ck_assert_ptr_nonnull(pen);
	pen = strstr(pen + 1, "<path fill=");
	ck_assert_ptr_nonnull(pen);
	pen = strstr(pen + 1, "<path fill=");
	ck_assert_ptr_nonnull(pen);
	flag = fill_at(pen);
	ck_assert_uint_eq(flag, 0xffffff);
	for (int cvd = 0; cvd < 4; cvd++)
		for (int i = 0; i < 6; i++) {
			double a[3], b[3];

			to_lab(colour[i], cvd, a);
			to_lab(flag, cvd, b);
			ck_assert_msg(ciede2000(a, b) >= 15,
				      "vision %d: P%d #%06x and the pennant: "
				      "%.1f", cvd, i, (unsigned)colour[i],
				      ciede2000(a, b));
			for (int j = i + 1; j < 6; j++) {
				to_lab(colour[j], cvd, b);
				ck_assert_msg(ciede2000(a, b) >= 19,
					      "vision %d: P%d #%06x and P%d "
					      "#%06x: %.1f", cvd, i,
					      (unsigned)colour[i], j,
					      (unsigned)colour[j],
					      ciede2000(a, b));
			}
		}
	/* the check can fail: the former palette's pink and grey are too
	 * close for a deuteranope */
	{
		double a[3], b[3];

		to_lab(0xe377c2, 1, a);
		to_lab(0x9e9e9e, 1, b);
		ck_assert(ciede2000(a, b) < 19);
	}
	free(svg);
	carc_game_free(g);
}
END_TEST

/* carc_render_default_colour() gives the colours the picture draws
 * when the options leave them to it, with their names; a bad seat or
 * buffer is refused and leaves the outputs alone but for the empty
 * name. */
START_TEST(svg_default_colour_call)
{
	static const char *const names[6] = {
		"vermillion", "blue", "yellow", "black", "sky blue", "grey",
	};
	struct carc_rules *r = make_rules(NULL, 0);
	struct carc_game *g = make_game(r, 6, 1);
	char *svg = render(g, NULL), *p = svg, name[16];
	uint32_t rgb;

	carc_rules_unref(r);
	for (uint32_t i = 0; i < 6; i++) {
		p = strstr(p, "class='fig key'");
		ck_assert_ptr_nonnull(p);
		rgb = 0xdeadbeef;
		ck_assert_int_eq(carc_render_default_colour(i, &rgb, name,
							    sizeof(name)),
				 (int)strlen(names[i]));
		ck_assert_str_eq(name, names[i]);
		ck_assert_uint_eq(rgb, fill_at(p));
		p++;
	}
	/* snprintf-style: the length without a buffer, truncation */
	ck_assert_int_eq(carc_render_default_colour(4, NULL, NULL, 0), 8);
	ck_assert_int_eq(carc_render_default_colour(4, NULL, name, 4), 8);
	ck_assert_str_eq(name, "sky");
	rgb = 7;
	assert_status_eq(carc_render_default_colour(6, &rgb, name,
						    sizeof(name)),
			 CARC_E_INVALID);
	ck_assert_uint_eq(rgb, 7);
	ck_assert_str_eq(name, "");
	assert_status_eq(carc_render_default_colour(UINT32_MAX, NULL, NULL,
						    0),
			 CARC_E_INVALID);
	assert_status_eq(carc_render_default_colour(0, &rgb, NULL, 5),
			 CARC_E_INVALID);
	ck_assert_uint_eq(rgb, 7);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Figures laid out inside their features                               */
/* ------------------------------------------------------------------ */

/* Deploy whenever possible; crop circles always add figures (the
 * random-game harness, continuing the stream *s). */
static void
play_crowded(struct carc_game *g, int moves, uint64_t *s)
{
	struct random_game r;

	random_game_start(&r, g, *s);
	while (r.played < moves && random_game_next(&r)) {
		const carc_move_t *mv = r.moves;
		int n = r.n, deploys = 0;
		carc_move_t pick = CARC_MOVE_NONE;

		for (int k = 0; k < n; k++) {
			if (carc_move_kind(mv[k]) == CARC_MOVE_CROP_CHOICE &&
			    carc_move_figure(mv[k]) == CARC_CROP_DEPLOY)
				pick = mv[k];
			if (carc_move_kind(mv[k]) == CARC_MOVE_DEPLOY)
				deploys++;
		}
		if (pick == CARC_MOVE_NONE && deploys > 0 &&
		    carc_game_phase(g) != CARC_PHASE_PLACE_TILE &&
		    test_rand(&r.rng) % 8 != 0) {
			int want = (int)(test_rand(&r.rng) % (uint64_t)deploys);

			for (int k = 0; k < n && pick == CARC_MOVE_NONE; k++)
				if (carc_move_kind(mv[k]) == CARC_MOVE_DEPLOY &&
				    want-- == 0)
					pick = mv[k];
		}
		if (pick == CARC_MOVE_NONE)
			pick = random_game_pick(&r);
		assert_ok(carc_game_apply(g, pick));
		r.played++;
	}
	*s = r.rng;
	random_game_end(&r);
}

/* Most figures on one feature of one tile. */
static int
max_crowd(const struct carc_game *g)
{
	int n = carc_game_figure_count(g), best = 0;

	for (int i = 0; i < n; i++) {
		int32_t x, y, x2, y2;
		uint32_t f, f2;
		int here = 0;

		assert_ok(carc_game_figure_at(g, (uint32_t)i, NULL, NULL, &x,
					      &y, &f));
		for (int j = 0; j < n; j++) {
			assert_ok(carc_game_figure_at(g, (uint32_t)j, NULL,
						      NULL, &x2, &y2, &f2));
			here += x2 == x && y2 == y && f2 == f;
		}
		best = here > best ? here : best;
	}
	return best;
}

/* The box a figure shape covers around its anchor at full size: its
 * path's extreme points (in tile units, after the path's 1.2 scale). */
static void
shape_box(const char *shape, int32_t b[4])
{
	static const struct {
		const char *name;
		int32_t box[4];
	} boxes[4] = {
		{ "thief", { -94, -111, 94, 96 } },
		{ "knight", { -94, -156, 113, 96 } },
		{ "monk", { -84, -99, 84, 96 } },
		{ "farmer", { -118, -80, 96, 80 } },
	};

	for (int i = 0; i < 4; i++)
		if (strcmp(shape, boxes[i].name) == 0) {
			memcpy(b, boxes[i].box, sizeof(boxes[i].box));
			return;
		}
	ck_abort_msg("unknown figure '%s'", shape);
}

struct drawn {
	int32_t ax, ay, box[4];
};

/* The board figures of @svg: anchors and boxes in picture units. */
static int
drawn_figures(const char *svg, struct drawn *d, int max)
{
	int n = 0;

	for (const char *p = strstr(svg, "<use href='#"); p;
	     p = strstr(p + 1, "<use href='#")) {
		char shape[16];
		int x, y, whole = 1, frac = 0, len = 0;
		int32_t scale;

		if (sscanf(p, "<use href='#%15[a-z]'%n", shape, &len) != 1 ||
		    (strncmp(p + len, " class='fig'", 12) != 0 &&
		     strncmp(p + len, " class='fig ghost'", 18) != 0))
			continue;
		p = strchr(p + len, '\'');
		p = strchr(p + 1, '\'') + 1;
		if (sscanf(p, " x='%d' y='%d'", &x, &y) != 2)
			ck_assert_int_eq(sscanf(p, " transform='translate(%d,%d)"
						   " scale(%d.%d)'", &x, &y,
						&whole, &frac), 4);
		ck_assert_int_lt(n, max);
		scale = whole * 100 + frac;
		d[n].ax = x;
		d[n].ay = y;
		shape_box(shape, d[n].box);
		for (int k = 0; k < 4; k++)
			d[n].box[k] = d[n].box[k] * scale / 100 +
				      (k & 1 ? y : x);
		n++;
	}
	return n;
}

/* Figures the count badges starting with @sign stand for ("x3": 3,
 * "+2": 2), less one per badge when @less_one. */
static int
badge_sum(const char *svg, char sign, bool less_one)
{
	int sum = 0;

	for (const char *p = strstr(svg, "class='badgen'"); p;
	     p = strstr(p + 1, "class='badgen'")) {
		const char *t = strchr(p, '>') + 1;

		if (*t == sign)
			sum += atoi(t + 1) - less_one;
	}
	return sum;
}

/*
 * In games where crop circles pile figures up (four and more on one
 * feature of one tile), every figure drawn lies inside its tile, no two
 * overlap, and the figures drawn plus those their badges stand for are
 * all the figures; without badges, each stands on its own feature.
 */
START_TEST(svg_figures_laid_out)
{
	int most = 0, badges = 0;

	for (uint64_t seed = 1; seed <= 6; seed++) {
		struct carc_game *g = random_game(true, 4, seed, 0);
		/* streams whose games put four figures on one feature (the
		 * check at the end makes sure they still do) */
		uint64_t s = seed * 7919 + 6;

		while (!carc_game_is_over(g)) {
			int figs, n, plus, times;
			struct drawn d[256];
			struct carc_render_options o;
			int32_t ox, oy;
			char *svg, *t;

			play_crowded(g, 23, &s);
			most = max_crowd(g) > most ? max_crowd(g) : most;
			init_opt(&o, CARC_RENDER_NO_LEGEND);
			svg = render(g, &o);
			figs = carc_game_figure_count(g);
			t = strstr(svg, "<g id='tile-0-0' class='tile'>\n<rect "
					"class='bg' ");
			ck_assert_ptr_nonnull(t);
			ck_assert_int_eq(sscanf(strstr(t, "x='"),
						"x='%d' y='%d'", &ox, &oy), 2);
			n = drawn_figures(svg, d, 256);
			plus = badge_sum(svg, '+', false);
			times = badge_sum(svg, 'x', true);
			badges += strstr(svg, "class='badgen'") != NULL;
			ck_assert_int_eq(n + plus + times, figs);
			for (int i = 0; i < n; i++) {
				int32_t cx = ox + (d[i].ax - ox + 100000) /
							  1000 * 1000 -
					     100000,
					cy = oy + (d[i].ay - oy + 100000) /
							  1000 * 1000 -
					     100000;

				ck_assert_msg(d[i].box[0] >= cx &&
						      d[i].box[2] <= cx + 1000 &&
						      d[i].box[1] >= cy &&
						      d[i].box[3] <= cy + 1000,
					      "seed %d: figure %d at %d,%d "
					      "leaves its tile", (int)seed, i,
					      d[i].ax, d[i].ay);
				for (int j = 0; j < i; j++)
					ck_assert_msg(
						d[i].box[0] >= d[j].box[2] ||
							d[j].box[0] >=
								d[i].box[2] ||
							d[i].box[1] >=
								d[j].box[3] ||
							d[j].box[1] >=
								d[i].box[3],
						"seed %d: figures at %d,%d and "
						"%d,%d overlap", (int)seed,
						d[i].ax, d[i].ay, d[j].ax,
						d[j].ay);
			}
			if (n == figs)
				for (int i = 0; i < n; i++) {
					int32_t x, y;
					uint32_t f, tile, rot;
					struct shape sh;

					assert_ok(carc_game_figure_at(
						g, (uint32_t)i, NULL, NULL, &x,
						&y, &f));
					assert_ok(carc_game_tile_at(
						g,
						(uint32_t)carc_game_tile_find(
							g, x, y),
						NULL, NULL, &tile, &rot));
					get_shape(tile, rot, f, &sh);
					ck_assert_msg(
						inside(&sh,
						       d[i].ax - ox - x * 1000,
						       d[i].ay - oy - y * 1000),
						"seed %d: figure %d off its "
						"feature", (int)seed, i);
				}
			free(svg);
		}
		carc_game_free(g);
	}
	/* the games did crowd features */
	ck_assert_int_ge(most, 4);
	/* and some pictures had more figures than fit, so count badges
	 * were drawn and counted above */
	ck_assert_int_gt(badges, 0);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Title and labels                                                     */
/* ------------------------------------------------------------------ */

/* The title counts the moves shown: after N moves, "after move N". */
START_TEST(svg_title_counts_moves)
{
	struct carc_game *g = random_game(false, 2, 9, 0);
	char want[64];
	char *svg = render(g, NULL);

	ck_assert_ptr_nonnull(strstr(svg, "Carcassonne, start: P0 to place "));
	free(svg);
	for (int moves = 1; moves <= 40; moves += 13) {
		play_random(g, moves - carc_game_history_count(g), 9);
		ck_assert_int_eq(carc_game_history_count(g), moves);
		svg = render(g, NULL);
		snprintf(want, sizeof(want), "fter move %d: P%d to ", moves,
			 (int)carc_game_current_player(g));
		ck_assert_msg(strstr(svg, want), "no '%s'", want);
		free(svg);
	}
	play_random(g, -1, 9);
	svg = render(g, NULL);
	snprintf(want, sizeof(want), "ame over after %d moves",
		 carc_game_history_count(g));
	ck_assert_ptr_nonnull(strstr(svg, want));
	free(svg);
	carc_game_free(g);
}
END_TEST

/*
 * On a narrow board the title leaves out "Carcassonne" and shrinks;
 * on a wide one it keeps both.
 */
START_TEST(svg_title_fits)
{
	struct carc_game *g = make_scenario("E", CARC_OPT_PHANTOM, 1, 0);
	char *svg;
	int font = 0;

	play(g, CARC_TILE_E, 0, -1, 2);
	deploy(g, CARC_C1);
	ck_assert_int_eq(carc_game_phase(g), CARC_PHASE_PHANTOM);
	svg = render(g, NULL);
	ck_assert_int_eq(sscanf(strstr(svg, "<text class='title'"),
				"<text class='title' x='300' y='480' "
				"font-size='%d'", &font), 1);
	ck_assert_ptr_nonnull(strstr(svg, ">After move 2: P0 to deploy the "
					  "phantom or pass</text>"));
	/* 45 characters of about 0.66 em in 4,000 units */
	ck_assert_int_eq(font, 147);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* Tile names and coordinates stay clear of the last tile's outline and
 * are drawn after it. */
START_TEST(svg_labels_clear_of_outline)
{
	struct carc_game *g = random_game(false, 2, 4, 30);
	struct carc_render_options o;
	int x, y, w, h, sw, labels = 0;
	char *svg, *last;

	init_opt(&o, CARC_RENDER_LAST_MOVE);
	svg = render(g, &o);
	last = strstr(svg, "<rect class='last' ");
	ck_assert_ptr_nonnull(last);
	ck_assert_int_eq(sscanf(last, "<rect class='last' x='%d' y='%d' "
				      "width='%d' height='%d' fill='none' "
				      "stroke='#ffffff' stroke-width='%d'",
				&x, &y, &w, &h, &sw), 5);
	for (const char *p = strstr(svg, "<text class='lbl"); p;
	     p = strstr(p + 1, "<text class='lbl")) {
		int lx, ly, size;
		bool right = strncmp(p, "<text class='lbl crd'", 21) == 0;

		ck_assert_int_eq(sscanf(strstr(p, " x='"), " x='%d' y='%d'", &lx,
					&ly), 2);
		ck_assert_int_eq(sscanf(strstr(p, "font-size="),
					"font-size='%d'", &size), 1);
		ck_assert(p > last);
		if (lx < x - 20 || lx > x + w + 20 || ly < y - 20 ||
		    ly > y + h + 20)
			continue;
		labels++;
		/* the outline's stroke covers x - sw/2 .. x + sw/2 */
		if (right)
			ck_assert(lx <= x + w - sw / 2 - 10 &&
				  ly <= y + h - sw / 2 - 10);
		else
			ck_assert(lx >= x + sw / 2 + 10 &&
				  ly - size >= y + sw / 2);
	}
	ck_assert_int_eq(labels, 2);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* The picture's text sink: XML escaping, snprintf-style counting past the
 * buffer, and a formatting error or a text past INT_MAX, after which it
 * stays failed.  (No text the library draws has the escaped characters
 * yet; player or expansion names would.) */
START_TEST(text_sink)
{
	char buf[64];
	struct pic_out o = { buf, sizeof(buf), 0, false };
	struct pic_out small = { buf, 4, 0, false };
	struct pic_out big = { NULL, 0, (size_t)INT_MAX - 2, false };
	struct pic_out bad = { buf, sizeof(buf), 0, false };
	static const wchar_t unencodable[] = { 0xd800, 0 };

	pic_escaped(&o, "a<b>&'\"z");
	ck_assert_str_eq(buf, "a&lt;b&gt;&amp;&apos;&quot;z");
	ck_assert_uint_eq(o.len, strlen(buf));
	ck_assert(!o.failed);

	pic_printf(&small, "%s", "abcdef");
	ck_assert_str_eq(buf, "abc");
	ck_assert_uint_eq(small.len, 6);
	pic_printf(&small, "%d", 42);
	ck_assert_uint_eq(small.len, 8);
	ck_assert(!small.failed);

	pic_printf(&big, "%s", "xy");
	ck_assert_uint_eq(big.len, (size_t)INT_MAX);
	ck_assert(!big.failed);
	pic_printf(&big, "%s", "z");
	ck_assert(big.failed);
	ck_assert_uint_eq(big.len, (size_t)INT_MAX);

	/* a wide character the C locale cannot write: vsnprintf fails */
	pic_printf(&bad, "%ls", unencodable);
	ck_assert(bad.failed);
	ck_assert_uint_eq(bad.len, 0);
	pic_printf(&bad, "%s", "after");
	ck_assert_uint_eq(bad.len, 0);
}
END_TEST

/* Inns & Cathedrals: the large follower drawn larger with a bold
 * outline, an inn beside its road, a cathedral in its city, and the
 * three in the legend, which other games do not show. */
START_TEST(svg_inns_cathedrals)
{
	struct carc_rules *r = make_rules(NULL, CARC_OPT_INNS_CATHEDRALS, 1,
					  0);
	struct carc_game *g = make_game(r, 2, 1);
	char *svg;
	int32_t x, y;

	carc_rules_unref(r);
	play(g, (uint32_t)carc_tile_from_name("IC-15"), 1, 0, 0);
	last_tile_xy(g, &x, &y);
	assert_ok(carc_game_apply(g, carc_move_deploy(
					     CARC_FIGURE_LARGE_FOLLOWER, x, y,
					     CARC_R1)));
	play(g, (uint32_t)carc_tile_from_name("IC-1"), 0, -1, 0);
	pass(g);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, "class='fig large'"), 1);
	ck_assert_int_eq(count_of(svg, "class='fig large key'"), 1);
	ck_assert_int_eq(count_of(svg, "class='inn'"), 2);	/* roof, wall */
	ck_assert_int_eq(count_of(svg, "class='cathedral'"), 1);
	ck_assert_int_eq(count_of(svg, ">large follower<"), 1);
	ck_assert_int_eq(count_of(svg, ">inn (road)<"), 1);
	ck_assert_int_eq(count_of(svg, ">cathedral (city)<"), 1);
	free(svg);
	carc_game_free(g);

	r = make_rules(NULL, 0);
	g = make_game(r, 2, 1);
	carc_rules_unref(r);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, ">large follower<"), 0);
	ck_assert_int_eq(count_of(svg, "cathedral"), 0);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* The river: a band on each course tile, a band and a pool on the
 * spring and on the lake; none in the base game. */
START_TEST(svg_river)
{
	struct carc_rules *r = make_rules(NULL, CARC_OPT_RIVER, 1, 0);
	struct carc_game *g = make_game(r, 2, 1);
	char *svg;

	carc_rules_unref(r);
	svg = render(g, NULL);
	/* the spring alone */
	ck_assert_int_eq(count_of(svg, "<path class='river'"), 1);
	ck_assert_int_eq(count_of(svg, "<circle class='river'"), 1);
	free(svg);
	play(g, CARC_TILE_RI_7, 1, 0, 0);
	pass(g);
	play(g, CARC_TILE_RI_10, 2, 0, 0);
	pass(g);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, "<path class='river'"), 3);
	ck_assert_int_eq(count_of(svg, "<circle class='river'"), 1);
	/* the curve bends through the middle of its tile */
	ck_assert_int_eq(count_of(svg, "M3300 2000Q3300 1500 2800 1500"), 1);
	free(svg);
	carc_game_free(g);

	r = make_rules(NULL, 0);
	g = make_game(r, 2, 1);
	carc_rules_unref(r);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, "river"), 0);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* Traders & Builders: the goods of an open city on its tile, gone once
 * its completion gives them; each player's goods under his score; the
 * builder, the pig and the goods in the legend, and the river's key in
 * a game with the river only.  Red's city with one wine; Blue completes
 * it. */
START_TEST(svg_traders_builders)
{
	static const uint32_t order[] = { CARC_TILE_TB_2, CARC_TILE_E };
	struct carc_rules_builder *b = NULL;
	struct carc_rules *r;
	struct carc_game *g;
	char *svg;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1));
	g = make_stacked_game(b, 2, order, 2);
	play(g, CARC_TILE_TB_2, 0, -1, 2);
	deploy(g, CARC_C1);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, "class='goods wine'"), 1);
	ck_assert_int_eq(count_of(svg, "class='goods grain'"), 0);
	/* three kinds under each of the two scores, all at 0 */
	ck_assert_int_eq(count_of(svg, "class='goods wine held'"), 2);
	ck_assert_int_eq(count_of(svg, "class='goods cloth held'"), 2);
	ck_assert_int_eq(count_of(svg, "<text class='ngoods'"), 6);
	ck_assert_int_eq(count_of(svg, "font-size='130' fill='#1a1a1a'>0<"),
			 6);
	ck_assert_int_eq(count_of(svg, ">builder (road, city)<"), 1);
	ck_assert_int_eq(count_of(svg, ">pig (field)<"), 1);
	ck_assert_int_eq(count_of(svg, ">wine (goods)<"), 1);
	ck_assert_int_eq(count_of(svg, ">grain (goods)<"), 1);
	ck_assert_int_eq(count_of(svg, ">cloth (goods)<"), 1);
	ck_assert_int_eq(count_of(svg, "class='goods wine key'"), 1);
	/* the builder's and the pig's keys carry their letters */
	ck_assert_int_eq(count_of(svg, "fill='#000000'>B</text>"), 1);
	ck_assert_int_eq(count_of(svg, "fill='#000000'>P</text>"), 1);
	ck_assert_int_eq(count_of(svg, ">river<"), 0);
	free(svg);
	play(g, CARC_TILE_E, 1, -1, 3);
	pass(g);
	svg = render(g, NULL);
	/* taken: off the tile, one wine under Blue's score */
	ck_assert_int_eq(count_of(svg, "class='goods wine'"), 0);
	ck_assert_int_eq(count_of(svg, "font-size='130' fill='#1a1a1a'>1<"),
			 1);
	ck_assert_int_eq(count_of(svg, "font-size='130' fill='#1a1a1a'>0<"),
			 5);
	free(svg);
	carc_game_free(g);

	/* the river's key; no goods in other games */
	r = make_rules(NULL, CARC_OPT_RIVER, 1, 0);
	g = make_game(r, 2, 1);
	carc_rules_unref(r);
	svg = render(g, NULL);
	ck_assert_int_eq(count_of(svg, ">river<"), 1);
	ck_assert_int_eq(count_of(svg, "<path class='river key'"), 1);
	ck_assert_int_eq(count_of(svg, "goods"), 0);
	free(svg);
	carc_game_free(g);
}
END_TEST

/* The builder and the pig on the board, each a size smaller than a
 * follower and marked with its player's number and B or P: Red's thief
 * on a road, then his builder on it; Blue's farmer south of the road,
 * then his pig in that field. */
START_TEST(svg_builder_pig_on_board)
{
	static const uint32_t order[] = { CARC_TILE_U, CARC_TILE_B,
					  CARC_TILE_U, CARC_TILE_B };
	struct carc_rules_builder *b = NULL;
	struct carc_game *g;
	char *svg;
	int32_t x, y;

	assert_ok(carc_rules_builder_new(&b));
	assert_ok(carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1));
	g = make_stacked_game(b, 2, order, 4);
	play(g, CARC_TILE_U, 1, 0, 0);
	deploy(g, CARC_R1);
	play(g, CARC_TILE_B, 0, 1, 0);
	deploy(g, CARC_F1);
	play(g, CARC_TILE_U, 2, 0, 0);
	last_tile_xy(g, &x, &y);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_BUILDER,
						      x, y, CARC_R1)));
	play(g, CARC_TILE_B, 1, 1, 0);
	last_tile_xy(g, &x, &y);
	assert_ok(carc_game_apply(g, carc_move_deploy(CARC_FIGURE_PIG, x, y,
						      CARC_F1)));
	svg = render(g, NULL);
	/* on the board: Red's builder on the thief's road, Blue's pig
	 * lying in the farmer's field, each once */
	ck_assert_int_eq(count_of(svg, ">0B</text>"), 1);
	ck_assert_int_eq(count_of(svg, ">1P</text>"), 1);
	ck_assert_int_eq(count_of(svg, ">1B</text>"), 0);
	ck_assert_int_eq(count_of(svg, ">0P</text>"), 0);
	ck_assert_int_eq(board_figures(svg, "thief"), 2);
	ck_assert_int_eq(board_figures(svg, "farmer"), 2);
	/* the two a size smaller (a follower on the board is at 100 %) */
	ck_assert_int_eq(count_of(svg, "scale(0.70)"), 2);
	ck_assert_int_eq(count_of(svg, "<use href='#thief' class='fig' "
				       "transform='translate(3300,1670) "
				       "scale(0.70)' fill='#d55e00'"), 1);
	ck_assert_int_eq(count_of(svg, "<use href='#farmer' class='fig' "
				       "transform='translate(2020,2990) "
				       "scale(0.70)' fill='#0072b2'"), 1);
	free(svg);
	carc_game_free(g);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("picture");
	TCase *tc = tcase_create("geometry");

	tcase_add_loop_test(tc, points_inside_features, 0, CARC_TILE_TYPES);
	tcase_add_loop_test(tc, rotation_consistent, 0, CARC_TILE_TYPES);
	tcase_add_test(tc, start_tile_values);
	tcase_add_test(tc, shape_buffer_contract);
	tcase_add_test(tc, geometry_bad_arguments);
	tcase_add_test(tc, symbol_area_matches_symbol);
	tcase_add_test(tc, bounds_of_scenario);
	tcase_add_test(tc, bounds_random_games);
	suite_add_tcase(s, tc);

	tc = tcase_create("svg");
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, xml_checker_rejects);
	tcase_add_test(tc, svg_is_valid_xml);
	tcase_add_test(tc, svg_buffer_contract);
	tcase_add_test(tc, svg_bad_options);
	tcase_add_test(tc, svg_counts_match_board);
	tcase_add_test(tc, svg_last_move_and_placements);
	tcase_add_test(tc, svg_size_and_colours);
	tcase_add_test(tc, svg_feature_highlight);
	tcase_add_test(tc, ciede2000_reference_pairs);
	tcase_add_test(tc, svg_palette_distinct);
	tcase_add_test(tc, svg_default_colour_call);
	tcase_add_test(tc, svg_figures_laid_out);
	tcase_add_test(tc, svg_title_counts_moves);
	tcase_add_test(tc, svg_title_fits);
	tcase_add_test(tc, svg_labels_clear_of_outline);
	tcase_add_test(tc, text_sink);
	tcase_add_test(tc, svg_inns_cathedrals);
	tcase_add_test(tc, svg_river);
	tcase_add_test(tc, svg_traders_builders);
	tcase_add_test(tc, svg_builder_pig_on_board);
	suite_add_tcase(s, tc);
	return s;
}
