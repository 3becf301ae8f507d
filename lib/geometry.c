/* SPDX-License-Identifier: MIT */
/*
 * Geometry for drawing: where each feature of a tile lies, in tile units
 * 0..1000 (x east, y south, origin at the north-west corner), and the
 * board's extent.
 *
 * Everything is defined for rotation 0 and turned by whole quarter turns
 * with integer arithmetic, so a rotated shape is exactly the turned
 * canonical one.  The outlines follow one drawing model (documented with
 * carc_tile_feature_shape()): the tile is a field; fields, then cities,
 * then roads, then the monastery, then the crop circle are painted over
 * it.  A later layer may cover part of an earlier one, so an outline is
 * exact only where nothing later is painted: a field's polygon may run
 * under a city wall or along the middle of a road.  Cities, roads and
 * the monastery follow the tile's side masks; the figure points and the
 * crop-circle discs are a hand-placed table (checked against the outlines
 * by tests/test-picture.c).
 */
#include "config.h"

#include <stdbool.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "carc-private.h"

#define U 1000			/* tile side in geometry units */
#define HALF 500
#define ROAD_HALF_WIDTH 60
#define CURVE_STEPS 8		/* segments of a sampled quadratic */
#define MAX_POINTS CARC_SHAPE_MAX_POINTS

struct gpt {
	int32_t x, y;
};

/* Per tile type at rotation 0: the figure point of each local feature
 * (canonical order: cities, roads, fields, monastery) and the crop
 * circle (x, y, radius; radius 0 when the tile has none). */
struct tile_geo {
	int16_t pt[MAX_TILE_FEATS][2];
	int16_t crop[3];
};

#define MONA_PT { 500, 520 }
#define CAP_N { 500, 150 }
#define CAP_S { 500, 850 }

static const struct tile_geo geo[CARC_TILE_TYPES] = {
	/* A: r1 (road S to the monastery), f1, monastery */
	{ { { 500, 850 }, { 220, 820 }, MONA_PT }, { 0, 0, 0 } },
	/* B: f1, monastery */
	{ { { 220, 820 }, MONA_PT }, { 0, 0, 0 } },
	/* C: c1 */
	{ { { 500, 500 } }, { 0, 0, 0 } },
	/* D: c1, r1 (W-E), f1 (between city and road), f2 (south) */
	{ { CAP_N, { 300, 500 }, { 800, 310 }, { 500, 800 } }, { 0, 0, 0 } },
	/* E: c1, f1 */
	{ { CAP_N, { 500, 680 } }, { 0, 0, 0 } },
	/* F: c1 (band W-E), f1 (north), f2 (south) */
	{ { { 500, 500 }, { 500, 110 }, { 500, 890 } }, { 0, 0, 0 } },
	/* G */
	{ { { 500, 500 }, { 500, 110 }, { 500, 890 } }, { 0, 0, 0 } },
	/* H: c1, c2, f1 */
	{ { CAP_N, CAP_S, { 500, 500 } }, { 0, 0, 0 } },
	/* I: c1 (north), c2 (west), f1 */
	{ { CAP_N, { 150, 500 }, { 650, 650 } }, { 0, 0, 0 } },
	/* J: c1, r1 (E-S), f1, f2 (inside the curve) */
	{ { CAP_N, { 625, 625 }, { 300, 600 }, { 830, 830 } }, { 0, 0, 0 } },
	/* K: c1, r1 (S-W), f1, f2 (inside the curve) */
	{ { CAP_N, { 375, 625 }, { 700, 600 }, { 170, 830 } }, { 0, 0, 0 } },
	/* L: c1, r1 E, r2 S, r3 W, f1, f2 (SE), f3 (SW) */
	{ { CAP_N, { 810, 500 }, { 500, 810 }, { 190, 500 }, { 800, 310 },
	    { 780, 790 }, { 220, 790 } }, { 0, 0, 0 } },
	/* M: c1 (NW), f1 */
	{ { { 300, 300 }, { 720, 720 } }, { 0, 0, 0 } },
	/* N */
	{ { { 300, 300 }, { 720, 720 } }, { 0, 0, 0 } },
	/* O: c1, r1 (E-S), f1 (between wall and road), f2 */
	{ { { 300, 300 }, { 625, 625 }, { 850, 330 }, { 830, 830 } },
	  { 0, 0, 0 } },
	/* P */
	{ { { 300, 300 }, { 625, 625 }, { 850, 330 }, { 830, 830 } },
	  { 0, 0, 0 } },
	/* Q: c1 (N, E, W), f1 */
	{ { { 500, 380 }, { 500, 890 } }, { 0, 0, 0 } },
	/* R */
	{ { { 500, 380 }, { 500, 890 } }, { 0, 0, 0 } },
	/* S: c1, r1 (S to the gate), f1 (SL, east), f2 (SR, west) */
	{ { { 500, 380 }, { 500, 880 }, { 740, 915 }, { 260, 915 } },
	  { 0, 0, 0 } },
	/* T */
	{ { { 500, 380 }, { 500, 880 }, { 740, 915 }, { 260, 915 } },
	  { 0, 0, 0 } },
	/* U: r1 (W-E), f1 (north), f2 (south) */
	{ { { 500, 500 }, { 500, 230 }, { 500, 770 } }, { 0, 0, 0 } },
	/* V: r1 (S-W), f1, f2 (inside the curve) */
	{ { { 375, 625 }, { 650, 350 }, { 170, 830 } }, { 0, 0, 0 } },
	/* W: r1 E, r2 S, r3 W, f1 (north), f2 (SE), f3 (SW) */
	{ { { 810, 500 }, { 500, 810 }, { 190, 500 }, { 500, 230 },
	    { 780, 790 }, { 220, 790 } }, { 0, 0, 0 } },
	/* X: r1 N, r2 E, r3 S, r4 W, f1 NW, f2 NE, f3 SE, f4 SW */
	{ { { 500, 190 }, { 810, 500 }, { 500, 810 }, { 190, 500 },
	    { 220, 220 }, { 780, 220 }, { 780, 790 }, { 220, 790 } },
	  { 0, 0, 0 } },
	/* CCI-1: c1 (NW), f1 */
	{ { { 300, 300 }, { 840, 860 } }, { 650, 650, 120 } },
	/* CCI-2: c1 (north), c2 (east), f1 */
	{ { CAP_N, { 850, 500 }, { 700, 860 } }, { 380, 620, 130 } },
	/* CCI-3: c1, r1 (E to the circle), f1 */
	{ { CAP_N, { 840, 500 }, { 220, 790 } }, { 500, 500, 150 } },
	/* CCI-4: r1 (S-W), f1, f2 (inside the curve) */
	{ { { 375, 625 }, { 780, 800 }, { 170, 830 } }, { 640, 360, 140 } },
	/* CCI-5: c1, r1 (S-W), f1, f2 (inside the curve) */
	{ { CAP_N, { 375, 625 }, { 800, 860 }, { 170, 830 } },
	  { 680, 560, 130 } },
	/* CCI-6: r1 N, r2 S, r3 W, f1 NW, f2 (east half), f3 SW */
	{ { { 500, 190 }, { 500, 810 }, { 190, 500 }, { 220, 220 },
	    { 770, 190 }, { 220, 790 } }, { 750, 500, 130 } },
	/* CCII-1: r1 (E to the circle), r2 (S-W), f1 (north), f2 (SE),
	 * f3 (inside the curve) */
	{ { { 850, 500 }, { 375, 625 }, { 400, 220 }, { 800, 800 },
	    { 170, 830 } }, { 600, 500, 130 } },
	/* CCII-2: r1 N, r2 E (to the circle), r3 (S-W), f1, f2 (NE),
	 * f3 (inside the curve) */
	{ { { 500, 170 }, { 840, 500 }, { 375, 625 }, { 220, 220 },
	    { 800, 190 }, { 170, 830 } }, { 560, 440, 130 } },
	/* CCII-3: c1, r1 (S to the circle), f1 */
	{ { CAP_N, { 500, 870 }, { 200, 780 } }, { 500, 560, 140 } },
	/* CCII-4: c1, r1 E, r2 W (to the circle), f1 (between city and
	 * roads), f2 (south) */
	{ { CAP_N, { 840, 500 }, { 160, 500 }, { 800, 310 }, { 500, 820 } },
	  { 500, 500, 140 } },
	/* CCII-5: c1, c2, f1 (east), f2 (west) */
	{ { CAP_N, CAP_S, { 850, 500 }, { 150, 500 } }, { 500, 500, 140 } },
	/* CCII-6: c1 (NW), c2 (SE) */
	{ { { 260, 260 }, { 740, 740 } }, { 500, 500, 130 } },
	/* RI-1, the spring (river E): f1 */
	{ { { 250, 750 } }, { 0, 0, 0 } },
	/* RI-2, the lake (river W): f1 */
	{ { { 780, 780 } }, { 0, 0, 0 } },
	/* RI-3: c1, c2, f1 (north bank), f2 (south bank) */
	{ { CAP_N, CAP_S, { 820, 370 }, { 180, 630 } }, { 0, 0, 0 } },
	/* RI-4: c1, r1 (S to the river), f1 (NE), f2 (SE), f3 (SW),
	 * f4 (NW) */
	{ { CAP_N, { 500, 850 }, { 850, 330 }, { 780, 780 }, { 220, 780 },
	    { 150, 330 } }, { 0, 0, 0 } },
	/* RI-5: r1 (S to the monastery), f1 (north bank), f2 (SE), f3 (SW),
	 * monastery */
	{ { { 500, 850 }, { 500, 200 }, { 850, 850 }, { 150, 850 }, MONA_PT },
	  { 0, 0, 0 } },
	/* RI-6: r1 (the bridge W-E), f1 NW, f2 NE, f3 SE, f4 SW */
	{ { { 250, 500 }, { 220, 220 }, { 780, 220 }, { 780, 780 },
	    { 220, 780 } }, { 0, 0, 0 } },
	/* RI-7: f1 (north bank), f2 (south bank) */
	{ { { 500, 220 }, { 500, 780 } }, { 0, 0, 0 } },
	/* RI-8: c1 (NW), f1 (between wall and river), f2 (inside the
	 * curve) */
	{ { { 300, 300 }, { 540, 540 }, { 850, 850 } }, { 0, 0, 0 } },
	/* RI-9: r1 (N-E), f1 (between road and river), f2 (inside the
	 * road), f3 (inside the river) */
	{ { { 625, 375 }, { 250, 250 }, { 830, 170 }, { 170, 830 } },
	  { 0, 0, 0 } },
	/* RI-10: f1, f2 (inside the curve) */
	{ { { 650, 350 }, { 170, 830 } }, { 0, 0, 0 } },
	/* IC-1: c1 (the cathedral city) */
	{ { { 500, 500 } }, { 0, 0, 0 } },
	/* IC-2: r1 E, r2 W (to the monastery), f1 (north), f2, monastery */
	{ { { 840, 500 }, { 160, 500 }, { 500, 150 }, { 500, 850 }, MONA_PT },
	  { 0, 0, 0 } },
	/* IC-3: c1 N, c2 E, c3 S, c4 W, f1 (the middle) */
	{ { CAP_N, { 850, 500 }, CAP_S, { 150, 500 }, { 500, 500 } },
	  { 0, 0, 0 } },
	/* IC-4: c1 N, c2 E, c3 W, f1 (south) */
	{ { CAP_N, { 850, 500 }, { 150, 500 }, { 500, 800 } }, { 0, 0, 0 } },
	/* IC-5: c1 N, c2 S, r1 E, r2 W, f1 NE, f2 SE, f3 SW, f4 NW */
	{ { CAP_N, CAP_S, { 850, 500 }, { 150, 500 }, { 850, 330 },
	    { 850, 670 }, { 150, 670 }, { 150, 330 } }, { 0, 0, 0 } },
	/* IC-6: c1 (NW), c2 (south), f1 (east) */
	{ { { 300, 300 }, CAP_S, { 850, 500 } }, { 0, 0, 0 } },
	/* IC-7: c1, f1 (east), f2 (south-west) */
	{ { CAP_N, { 850, 500 }, { 250, 700 } }, { 0, 0, 0 } },
	/* IC-8: c1, r1 (S, ends), f1 (east), f2 (west) */
	{ { CAP_N, { 500, 870 }, { 800, 700 }, { 200, 700 } }, { 0, 0, 0 } },
	/* IC-9: c1 (NW), r1 (E, ends), f1 (NE corner), f2 */
	{ { { 300, 300 }, { 850, 500 }, { 900, 300 }, { 700, 800 } },
	  { 0, 0, 0 } },
	/* IC-10: c1 (band W-E), r1 N, r2 S, f1 NL, f2 NR, f3 SL, f4 SR */
	{ { { 500, 500 }, { 500, 120 }, { 500, 880 }, { 330, 100 },
	    { 670, 100 }, { 670, 900 }, { 330, 900 } }, { 0, 0, 0 } },
	/* IC-11: c1 (NW), r1 (S, inn), f1 (east), f2 (SR) */
	{ { { 300, 300 }, { 500, 870 }, { 800, 700 }, { 380, 900 } },
	  { 0, 0, 0 } },
	/* IC-12: as K */
	{ { CAP_N, { 375, 625 }, { 700, 600 }, { 170, 830 } }, { 0, 0, 0 } },
	/* IC-13: as O */
	{ { { 300, 300 }, { 625, 625 }, { 850, 330 }, { 830, 830 } },
	  { 0, 0, 0 } },
	/* IC-14: as W */
	{ { { 810, 500 }, { 500, 810 }, { 190, 500 }, { 500, 230 },
	    { 780, 790 }, { 220, 790 } }, { 0, 0, 0 } },
	/* IC-15: as U */
	{ { { 500, 500 }, { 500, 230 }, { 500, 770 } }, { 0, 0, 0 } },
	/* IC-16: as V */
	{ { { 375, 625 }, { 650, 350 }, { 170, 830 } }, { 0, 0, 0 } },
	/* IC-17: r1 (N-W), r2 (E-S), f1 NW, f2 (between), f3 SE */
	{ { { 375, 375 }, { 625, 625 }, { 120, 120 }, { 800, 200 },
	    { 880, 880 } }, { 0, 0, 0 } },
	/* Traders & Builders (points found inside each outline, clear of
	 * the layers over it) */
	/* TB-1: c1, f1 */
	{ { { 250, 280 }, { 730, 750 } }, { 0, 0, 0 } },
	/* TB-2: c1, f1 */
	{ { { 250, 280 }, { 730, 750 } }, { 0, 0, 0 } },
	/* TB-3: c1, c2, f1, f2 */
	{ { { 420, 500 }, { 500, 910 }, { 500, 130 }, { 500, 790 } },
	  { 0, 0, 0 } },
	/* TB-4: c1, c2, f1, f2 */
	{ { { 420, 500 }, { 500, 910 }, { 500, 130 }, { 500, 790 } },
	  { 0, 0, 0 } },
	/* TB-5: c1, f1 */
	{ { { 500, 460 }, { 500, 880 } }, { 0, 0, 0 } },
	/* TB-6: c1, c2, c3, f1 */
	{ { { 250, 280 }, { 910, 500 }, { 500, 910 }, { 660, 660 } },
	  { 0, 0, 0 } },
	/* TB-7: c1, r1, r2, f1, f2, f3, f4 */
	{ { { 250, 280 }, { 800, 500 }, { 500, 800 }, { 870, 330 },
	    { 860, 660 }, { 660, 870 }, { 330, 870 } }, { 0, 0, 0 } },
	/* TB-8: c1, r1, r2, f1, f2, f3 */
	{ { { 250, 280 }, { 800, 500 }, { 500, 800 }, { 870, 330 },
	    { 770, 770 }, { 330, 870 } }, { 0, 0, 0 } },
	/* TB-9: c1, c2, r1, f1, f2 */
	{ { { 250, 280 }, { 500, 880 }, { 800, 500 }, { 870, 330 },
	    { 860, 660 } }, { 0, 0, 0 } },
	/* TB-10: c1, c2, r1, f1, f2 */
	{ { { 250, 280 }, { 500, 880 }, { 800, 500 }, { 870, 330 },
	    { 860, 660 } }, { 0, 0, 0 } },
	/* TB-11: c1, r1, f1, f2 */
	{ { { 250, 280 }, { 800, 500 }, { 870, 330 }, { 640, 780 } },
	  { 0, 0, 0 } },
	/* TB-12: c1, r1, f1, f2, f3 */
	{ { { 250, 280 }, { 800, 500 }, { 870, 330 }, { 860, 660 },
	    { 500, 830 } }, { 0, 0, 0 } },
	/* TB-13: c1, r1, f1, f2 */
	{ { { 500, 450 }, { 500, 800 }, { 650, 900 }, { 350, 890 } },
	  { 0, 0, 0 } },
	/* TB-14: c1, c2, f1 */
	{ { { 250, 280 }, { 750, 780 }, { 500, 540 } }, { 0, 0, 0 } },
	/* TB-15: c1, f1, f2 */
	{ { { 420, 500 }, { 500, 130 }, { 500, 880 } }, { 0, 0, 0 } },
	/* TB-16: c1, r1, f1, f2 */
	{ { { 500, 130 }, { 800, 500 }, { 870, 330 }, { 500, 740 } },
	  { 0, 0, 0 } },
	/* TB-17: c1, r1, f1, f2, f3 */
	{ { { 420, 500 }, { 500, 800 }, { 500, 130 }, { 650, 900 },
	    { 350, 890 } }, { 0, 0, 0 } },
	/* TB-18: c1, r1, f1, f2, f3 */
	{ { { 420, 500 }, { 500, 800 }, { 500, 130 }, { 650, 900 },
	    { 350, 890 } }, { 0, 0, 0 } },
	/* TB-19: c1, r1, r2, f1, f2, f3, f4 */
	{ { { 420, 500 }, { 500, 190 }, { 500, 800 }, { 350, 110 },
	    { 640, 110 }, { 650, 900 }, { 350, 890 } }, { 0, 0, 0 } },
	/* TB-20: r1, r2, r3, f1, f2, f3, monastery */
	{ { { 740, 500 }, { 500, 740 }, { 250, 500 }, { 790, 200 },
	    { 800, 800 }, { 200, 790 }, { 500, 500 } }, { 0, 0, 0 } },
	/* TB-21: c1, r1, f1, f2 */
	{ { { 250, 280 }, { 500, 800 }, { 770, 650 }, { 330, 870 } },
	  { 0, 0, 0 } },
	/* TB-22: c1, r1, f1, f2, f3 */
	{ { { 250, 280 }, { 500, 800 }, { 820, 500 }, { 660, 870 },
	    { 330, 870 } }, { 0, 0, 0 } },
	/* TB-23: c1, r1, r2, f1, f2, f3 */
	{ { { 500, 130 }, { 500, 800 }, { 190, 500 }, { 770, 650 },
	    { 230, 760 }, { 120, 330 } }, { 0, 0, 0 } },
	/* TB-24: r1, r2, f1, f2, f3, f4 */
	{ { { 500, 250 }, { 750, 500 }, { 230, 230 }, { 760, 230 },
	    { 770, 770 }, { 230, 760 } }, { 0, 0, 0 } },

};

static const struct gpt mid[4] = {
	{ HALF, 0 }, { U, HALF }, { HALF, U }, { 0, HALF },
};
/* Side s runs clockwise from corner[s] to corner[s + 1]. */
static const struct gpt corner[4] = {
	{ 0, 0 }, { U, 0 }, { U, U }, { 0, U },
};
static const struct gpt centre = { HALF, HALF };

/* A quarter turn clockwise, @r times. */
static struct gpt
turn(struct gpt p, uint32_t r)
{
	for (uint32_t i = 0; i < (r & 3); i++) {
		struct gpt q = { U - p.y, p.x };

		p = q;
	}
	return p;
}

static int
check_args(uint32_t tile, uint32_t rotation, uint32_t feature)
{
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (rotation > 3)
		return CARC_E_INVALID;
	return carc__tile_feat_index(tile, feature) < 0 ? CARC_E_NO_FEATURE
							: 0;
}

CARC_EXPORT int
carc_tile_feature_point(uint32_t tile, uint32_t rotation, uint32_t feature,
			int32_t *x_out, int32_t *y_out)
{
	int rc = check_args(tile, rotation, feature);
	struct gpt p;
	int i;

	if (rc < 0)
		return rc;
	i = carc__tile_feat_index(tile, feature);
	p.x = geo[tile].pt[i][0];
	p.y = geo[tile].pt[i][1];
	p = turn(p, rotation);
	if (x_out)
		*x_out = p.x;
	if (y_out)
		*y_out = p.y;
	return CARC_OK;
}

CARC_EXPORT int
carc_tile_symbol_area(uint32_t tile, uint32_t rotation, int32_t *x_out,
		      int32_t *y_out, int32_t *radius_out)
{
	struct gpt p;

	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (rotation > 3)
		return CARC_E_INVALID;
	if (geo[tile].crop[2] == 0)
		return CARC_E_NOT_FOUND;
	p.x = geo[tile].crop[0];
	p.y = geo[tile].crop[1];
	p = turn(p, rotation);
	if (x_out)
		*x_out = p.x;
	if (y_out)
		*y_out = p.y;
	if (radius_out)
		*radius_out = geo[tile].crop[2];
	return CARC_OK;
}

/* ------------------------------------------------------------------ */
/* Outlines                                                             */
/* ------------------------------------------------------------------ */

struct poly {
	struct gpt p[MAX_POINTS];
	int n;
};

static void
add(struct poly *pl, struct gpt p)
{
	/* drop repeated points; the capacity is never reached (tested) */
	if (pl->n > 0 && pl->p[pl->n - 1].x == p.x &&
	    pl->p[pl->n - 1].y == p.y)
		return;
	if (pl->n < MAX_POINTS)
		pl->p[pl->n++] = p;
}

/* Integer division rounding to nearest (for sampling curves). */
static int32_t
div_round(int64_t a, int64_t b)
{
	return (int32_t)(a >= 0 ? (a + b / 2) / b : -((-a + b / 2) / b));
}

/* Point at t = k / CURVE_STEPS of the quadratic a -> c -> b. */
static struct gpt
quad_at(struct gpt a, struct gpt c, struct gpt b, int k)
{
	int64_t n = CURVE_STEPS, s = n - k, t = k;
	struct gpt r;

	r.x = div_round(s * s * a.x + 2 * s * t * c.x + t * t * b.x, n * n);
	r.y = div_round(s * s * a.y + 2 * s * t * c.y + t * t * b.y, n * n);
	return r;
}

/* The quadratic a -> c -> b without its first point. */
static void
add_quad(struct poly *pl, struct gpt a, struct gpt c, struct gpt b)
{
	for (int k = 1; k <= CURVE_STEPS; k++)
		add(pl, quad_at(a, c, b, k));
}

static uint32_t
isqrt64(uint64_t v)
{
	uint64_t r = 0, bit = (uint64_t)1 << 62;

	while (bit > v)
		bit >>= 2;
	while (bit) {
		if (v >= r + bit) {
			v -= r + bit;
			r = (r >> 1) + bit;
		} else {
			r >>= 1;
		}
		bit >>= 2;
	}
	return (uint32_t)r;
}

/*
 * The point a city's walls bow toward: the centre; but on a tile with a
 * field enclosed by its cities (Traders & Builders), a city other than
 * c1 bows less deep, toward a point 150 units from the centre on its own
 * side, so that the enclosed field keeps an area of its own between the
 * walls.
 */
static bool has_enclosed_field(const struct tile_def *d);

static struct gpt
wall_control(const struct tile_def *d, const struct feat_def *f)
{
	struct gpt c = centre;
	int64_t dx = 0, dy = 0, len;

	if (!has_enclosed_field(d) || f->num == 1)
		return c;
	for (int s = 0; s < 4; s++)
		if (f->sides & (1u << s)) {
			dx += mid[s].x - centre.x;
			dy += mid[s].y - centre.y;
		}
	len = isqrt64((uint64_t)(dx * dx + dy * dy));
	if (len == 0)
		return c;
	c.x += div_round(dx * 150, len);
	c.y += div_round(dy * 150, len);
	return c;
}

static void
city_shape(uint32_t sides, struct gpt ctl, struct poly *pl)
{
	int start = -1;

	if ((sides & 15) == 15) {
		for (int s = 0; s < 4; s++)
			add(pl, corner[s]);
		return;
	}
	/* begin at a side whose predecessor is not part of the city */
	for (int s = 0; s < 4; s++)
		if ((sides & (1u << s)) && !(sides & (1u << ((s + 3) & 3)))) {
			start = s;
			break;
		}
	if (start < 0)
		return;
	add(pl, corner[start]);
	for (int k = 0; k < 4; k++) {
		int s = (start + k) & 3, t;

		if (!(sides & (1u << s)))
			continue;
		add(pl, corner[(s + 1) & 3]);
		if (sides & (1u << ((s + 1) & 3)))
			continue;
		/* the wall: from the end of this run to the start of the
		 * next, bowing toward the centre */
		t = (s + 1) & 3;
		while (!(sides & (1u << t)))
			t = (t + 1) & 3;
		add_quad(pl, corner[(s + 1) & 3], ctl, corner[t]);
	}
	/* the last wall ends where the outline began */
	if (pl->n > 1 && pl->p[pl->n - 1].x == pl->p[0].x &&
	    pl->p[pl->n - 1].y == pl->p[0].y)
		pl->n--;
}

static int
one_sided_roads(const struct tile_def *d)
{
	int n = 0;

	for (int i = 0; i < d->n_feats; i++)
		if (d->feats[i].kind == CARC_FEATURE_ROAD &&
		    (d->feats[i].sides & (d->feats[i].sides - 1)) == 0)
			n++;
	return n;
}

static bool
has_kind(const struct tile_def *d, uint32_t kind)
{
	for (int i = 0; i < d->n_feats; i++)
		if (d->feats[i].kind == kind)
			return true;
	return false;
}

/* Where a road that leaves the tile only by side @s ends. */
static struct gpt
road_end(uint32_t tile, int s)
{
	const struct tile_def *d = &carc__tiles[tile];
	struct gpt a = mid[s], e;
	int num, den = 100;

	if (one_sided_roads(d) >= 3)
		num = 100;		/* a junction: they meet there */
	else if (geo[tile].crop[2] > 0) {
		/* run under the crop circle, to the foot of its centre */
		e = a;
		if (s == 0 || s == 2)
			e.y = geo[tile].crop[1];
		else
			e.x = geo[tile].crop[0];
		return e;
	} else if (has_kind(d, CARC_FEATURE_MONASTERY))
		num = 72;		/* under the monastery */
	else
		num = 50;		/* the city gate */
	e.x = a.x + (centre.x - a.x) * num / den;
	e.y = a.y + (centre.y - a.y) * num / den;
	return e;
}

/* Offset of @c by ROAD_HALF_WIDTH to the left (@side 1) or right (-1)
 * of the direction (dx, dy). */
static struct gpt
offset(struct gpt c, int64_t dx, int64_t dy, int side)
{
	int64_t len = isqrt64((uint64_t)(dx * dx + dy * dy));
	struct gpt r;

	if (len == 0)
		len = 1;
	r.x = c.x + side * div_round(dy * ROAD_HALF_WIDTH, len);
	r.y = c.y - side * div_round(dx * ROAD_HALF_WIDTH, len);
	return r;
}

/*
 * A road: a strip ROAD_HALF_WIDTH either side of its middle line, the
 * quadratic a -> c -> b (straight when @b is NULL: the line a -> c).
 * The offsets use the exact tangent, so the ends stay on the border.
 */
static void
road_strip(struct gpt a, struct gpt c, const struct gpt *b, struct poly *pl)
{
	struct gpt left[CURVE_STEPS + 1], right[CURVE_STEPS + 1];
	int n = 0;

	if (!b) {
		int64_t dx = c.x - a.x, dy = c.y - a.y;

		left[0] = offset(a, dx, dy, 1);
		right[0] = offset(a, dx, dy, -1);
		left[1] = offset(c, dx, dy, 1);
		right[1] = offset(c, dx, dy, -1);
		n = 2;
	} else {
		for (int k = 0; k <= CURVE_STEPS; k++) {
			/* B'(t) up to a positive factor */
			int64_t s = CURVE_STEPS - k;
			int64_t dx = s * (c.x - a.x) + k * (b->x - c.x);
			int64_t dy = s * (c.y - a.y) + k * (b->y - c.y);
			struct gpt m = quad_at(a, c, *b, k);

			left[n] = offset(m, dx, dy, 1);
			right[n++] = offset(m, dx, dy, -1);
		}
	}
	for (int i = 0; i < n; i++)
		add(pl, left[i]);
	for (int i = n - 1; i >= 0; i--)
		add(pl, right[i]);
}

static void
road_shape(uint32_t tile, uint32_t sides, struct poly *pl)
{
	int a = -1, b = -1;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			if (a < 0)
				a = s;
			else
				b = s;
		}
	if (a < 0)
		return;
	if (b < 0)
		road_strip(mid[a], road_end(tile, a), NULL, pl);
	else
		road_strip(mid[a], centre, &mid[b], pl);
}

static void
monastery_shape(struct poly *pl)
{
	/* a cloister seen from above: a cross, the same in every
	 * rotation */
	static const struct gpt cloister[12] = {
		{ 380, 310 }, { 620, 310 }, { 620, 380 }, { 690, 380 },
		{ 690, 620 }, { 620, 620 }, { 620, 690 }, { 380, 690 },
		{ 380, 620 }, { 310, 620 }, { 310, 380 }, { 380, 380 },
	};

	for (int i = 0; i < 12; i++)
		add(pl, cloister[i]);
}

/* Start and end of half-edge h (clockwise from the north-west corner). */
static struct gpt
half_start(int h)
{
	return (h & 1) ? mid[h >> 1] : corner[h >> 1];
}

static struct gpt
half_end(int h)
{
	return (h & 1) ? corner[((h >> 1) + 1) & 3] : mid[h >> 1];
}

static bool
is_mid(int s, struct gpt p)
{
	return mid[s].x == p.x && mid[s].y == p.y;
}

/* The path inside the tile from @a to @b between two runs of a field:
 * along a road or a river that joins the two points, else through the
 * centre. */
static void
field_gap(const struct tile_def *d, struct gpt a, struct gpt b,
	  struct poly *pl)
{
	int r0 = -1, r1 = -1;

	for (int s = 0; s < 4; s++)
		if (d->edges[s] == CARC_EDGE_RIVER) {
			if (r0 < 0)
				r0 = s;
			else
				r1 = s;
		}
	if (r1 >= 0 && ((is_mid(r0, a) && is_mid(r1, b)) ||
			(is_mid(r1, a) && is_mid(r0, b)))) {
		add_quad(pl, a, centre, b);
		return;
	}
	for (int i = 0; i < d->n_feats; i++) {
		const struct feat_def *f = &d->feats[i];
		int s0 = -1, s1 = -1;

		if (f->kind != CARC_FEATURE_ROAD)
			continue;
		for (int s = 0; s < 4; s++)
			if (f->sides & (1u << s)) {
				if (s0 < 0)
					s0 = s;
				else
					s1 = s;
			}
		if (s1 < 0)
			continue;
		if ((mid[s0].x == a.x && mid[s0].y == a.y &&
		     mid[s1].x == b.x && mid[s1].y == b.y) ||
		    (mid[s1].x == a.x && mid[s1].y == a.y &&
		     mid[s0].x == b.x && mid[s0].y == b.y)) {
			add_quad(pl, a, centre, b);
			return;
		}
	}
	add(pl, centre);
	add(pl, b);
}

/* Whether a field of @d reaches no side: enclosed by its cities
 * (Traders & Builders). */
static bool
has_enclosed_field(const struct tile_def *d)
{
	for (int i = 0; i < d->n_feats; i++)
		if (d->feats[i].kind == CARC_FEATURE_FIELD &&
		    d->feats[i].sides == 0)
			return true;
	return false;
}

/* An enclosed field: the tile, notched to the centre at each side that
 * another field reaches, so that the fields' outlines do not hold each
 * other's points; the cities are painted over the rest. */
static void
enclosed_field_shape(const struct tile_def *d, struct poly *pl)
{
	uint32_t others = 0;

	for (int i = 0; i < d->n_feats; i++)
		if (d->feats[i].kind == CARC_FEATURE_FIELD)
			others |= d->feats[i].sides;
	for (int s = 0; s < 4; s++) {
		add(pl, corner[s]);
		if (others >> (2 * s) & 3)
			add(pl, centre);
	}
}

static void
field_shape(const struct tile_def *d, uint32_t halves, struct poly *pl)
{
	int owner[8];		/* 1 this field, 2 a city, 0 anything else */
	int start = -1;
	bool enclosed = has_enclosed_field(d);

	if (halves == 0) {
		enclosed_field_shape(d, pl);
		return;
	}

	for (int h = 0; h < 8; h++) {
		int s = h >> 1;

		owner[h] = (halves & (1u << h)) ? 1
			   : d->edges[s] == CARC_EDGE_CITY ? 2 : 0;
	}
	/* a run of city half-edges between two of this field's own
	 * belongs to the field: the city is painted over it */
	for (int h = 0; h < 8 && !enclosed; h++) {
		int e;

		if (owner[h] != 2 || owner[(h + 7) & 7] == 2)
			continue;
		e = h;
		while (owner[(e + 1) & 7] == 2 && ((e + 1) & 7) != h)
			e = (e + 1) & 7;
		if (owner[(h + 7) & 7] == 1 && owner[(e + 1) & 7] == 1)
			for (int k = h; k != ((e + 1) & 7); k = (k + 1) & 7)
				owner[k] = 1;
	}
	for (int h = 0; h < 8; h++)
		if (owner[h] == 1 && owner[(h + 7) & 7] != 1) {
			start = h;
			break;
		}
	if (start < 0) {
		/* the whole border */
		for (int s = 0; s < 4; s++)
			add(pl, corner[s]);
		return;
	}
	add(pl, half_start(start));
	for (int k = 0; k < 8; k++) {
		int h = (start + k) & 7, g;

		if (owner[h] != 1)
			continue;
		add(pl, half_end(h));
		if (owner[(h + 1) & 7] == 1)
			continue;
		g = (h + 1) & 7;
		while (owner[g] != 1)
			g = (g + 1) & 7;
		field_gap(d, half_end(h), half_start(g), pl);
	}
	if (pl->n > 1 && pl->p[pl->n - 1].x == pl->p[0].x &&
	    pl->p[pl->n - 1].y == pl->p[0].y)
		pl->n--;
}

CARC_EXPORT int
carc_tile_feature_shape(uint32_t tile, uint32_t rotation, uint32_t feature,
			int32_t *xy, size_t n_points)
{
	int rc = check_args(tile, rotation, feature);
	const struct tile_def *d;
	const struct feat_def *f;
	struct poly pl;

	if (rc < 0)
		return rc;
	if (!xy && n_points > 0)
		return CARC_E_INVALID;
	d = &carc__tiles[tile];
	f = &d->feats[carc__tile_feat_index(tile, feature)];
	pl.n = 0;
	switch (f->kind) {
	case CARC_FEATURE_CITY:
		city_shape(f->sides, wall_control(d, f), &pl);
		break;
	case CARC_FEATURE_ROAD:
		road_shape(tile, f->sides, &pl);
		break;
	case CARC_FEATURE_FIELD:
		field_shape(d, f->sides, &pl);
		break;
	default:
		monastery_shape(&pl);
		break;
	}
	for (int i = 0; i < pl.n && (size_t)i < n_points; i++) {
		struct gpt p = turn(pl.p[i], rotation);

		xy[2 * i] = p.x;
		xy[2 * i + 1] = p.y;
	}
	return pl.n;
}

CARC_EXPORT int
carc_game_bounds(const struct carc_game *game, int32_t *min_x,
		 int32_t *min_y, int32_t *max_x, int32_t *max_y)
{
	int32_t x0, y0, x1, y1;

	if (!game)
		return CARC_E_INVALID;
	/* the start tile is always on the board */
	x0 = x1 = game->tiles[0].x;
	y0 = y1 = game->tiles[0].y;
	for (uint32_t i = 1; i < game->s.n_tiles; i++) {
		const struct placed *p = &game->tiles[i];

		if (p->x < x0)
			x0 = p->x;
		if (p->x > x1)
			x1 = p->x;
		if (p->y < y0)
			y0 = p->y;
		if (p->y > y1)
			y1 = p->y;
	}
	if (min_x)
		*min_x = x0;
	if (min_y)
		*min_y = y0;
	if (max_x)
		*max_x = x1;
	if (max_y)
		*max_y = y1;
	return CARC_OK;
}
