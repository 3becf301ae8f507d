/* SPDX-License-Identifier: MIT */
/*
 * The geometry for drawing (carc_tile_feature_point(),
 * carc_tile_feature_shape(), carc_tile_symbol_area(), carc_game_bounds())
 * and the picture, carc_game_render_svg().
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

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

static uint64_t
next_rand(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Play @moves random moves (all when negative), preferring figures. */
static void
play_random(struct carc_game *g, int moves, uint64_t seed)
{
	uint64_t s = seed * 2654435761u + 1;
	int cap = carc_game_legal_moves(g, NULL, 0);
	carc_move_t *mv = NULL;

	for (int i = 0; (moves < 0 || i < moves) && !carc_game_is_over(g);
	     i++) {
		int n = carc_game_legal_moves(g, NULL, 0), k;

		if (n > cap || !mv) {
			cap = n > 64 ? n : 64;
			free(mv);
			mv = malloc((size_t)cap * sizeof(*mv));
			ck_assert_ptr_nonnull(mv);
		}
		ck_assert_int_eq(carc_game_legal_moves(g, mv, (size_t)cap), n);
		k = (int)(next_rand(&s) % (uint64_t)n);
		/* pass is last: take a figure two times in three */
		if (carc_move_kind(mv[k]) == CARC_MOVE_PASS && n > 1 &&
		    next_rand(&s) % 3)
			k = (int)(next_rand(&s) % (uint64_t)(n - 1));
		assert_ok(carc_game_apply(g, mv[k]));
	}
	free(mv);
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
	suite_add_tcase(s, tc);
	return s;
}
