/* SPDX-License-Identifier: MIT */
/*
 * carcassonne render: draw a record as SVG.
 */
#include "config.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

/* ------------------------------------------------------------------ */
/* render                                                               */
/* ------------------------------------------------------------------ */

#define TS 100			/* tile size in SVG units */
#define MARGIN 40

static const char *const player_colours[] = {
	"#d62728", "#1f5fd4", "#f2c80f", "#222222", "#9b4fd1", "#ff7f0e",
};

struct pt {
	double x, y;
};

/* Side s runs from corner s to corner s + 1, clockwise from NW. */
static const struct pt corners[4] = {
	{ 0, 0 }, { TS, 0 }, { TS, TS }, { 0, TS },
};
static const struct pt side_mid[4] = {
	{ TS / 2, 0 }, { TS, TS / 2 }, { TS / 2, TS }, { 0, TS / 2 },
};
/* Half-edges NL NR EL ER SL SR WL WR, a little inside the tile. */
static const struct pt half_pt[8] = {
	{ 25, 10 }, { 75, 10 }, { 90, 25 }, { 90, 75 },
	{ 75, 90 }, { 25, 90 }, { 10, 75 }, { 10, 25 },
};

static double
fabs_d(double v)
{
	return v < 0 ? -v : v;
}

static struct pt
mix(struct pt a, struct pt b, double t)
{
	struct pt r = { a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t };

	return r;
}

/*
 * A city as a polygon: along each side it reaches, and from the end of
 * one run of sides to the start of the next by a curve bowing toward
 * the tile centre.
 */
static void
svg_city(FILE *f, double ox, double oy, uint32_t sides)
{
	int start = -1;
	bool first = true;

	if ((sides & 15) == 15) {
		fprintf(f, "<rect x='%g' y='%g' width='%d' height='%d' "
			   "class='city'/>\n", ox, oy, TS, TS);
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
	fprintf(f, "<path class='city' d='");
	for (int k = 0; k < 4; k++) {
		int s = (start + k) & 3;

		if (!(sides & (1u << s)))
			continue;
		if (first)
			fprintf(f, "M%g,%g ", ox + corners[s].x,
				oy + corners[s].y);
		first = false;
		fprintf(f, "L%g,%g ", ox + corners[(s + 1) & 3].x,
			oy + corners[(s + 1) & 3].y);
		if (!(sides & (1u << ((s + 1) & 3)))) {
			/* close this run back to the next run's start */
			int t = (s + 1) & 3;

			while (!(sides & (1u << t)))
				t = (t + 1) & 3;
			fprintf(f, "Q%g,%g %g,%g ", ox + TS * 0.5,
				oy + TS * 0.5, ox + corners[t].x,
				oy + corners[t].y);
		}
	}
	fprintf(f, "Z'/>\n");
}

static struct pt
road_point(uint32_t sides)
{
	struct pt c = { TS / 2, TS / 2 }, a = c, b = c;
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			if (k++ == 0)
				a = side_mid[s];
			else
				b = side_mid[s];
		}
	if (k == 1)
		return mix(a, c, 0.45);
	/* the middle of the quadratic a -> c -> b */
	c.x = 0.25 * a.x + 0.5 * c.x + 0.25 * b.x;
	c.y = 0.25 * a.y + 0.5 * c.y + 0.25 * b.y;
	return c;
}

/* @end: how far a road that ends on the tile runs toward the centre. */
static void
svg_road(FILE *f, double ox, double oy, uint32_t sides, double end)
{
	struct pt c = { TS / 2, TS / 2 }, a = c, b = c;
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			if (k++ == 0)
				a = side_mid[s];
			else
				b = side_mid[s];
		}
	if (k == 1) {
		/* ends at a junction, monastery, city gate or crop circle */
		struct pt e = mix(a, c, end);

		for (int pass = 0; pass < 2; pass++)
			fprintf(f, "<path class='%s' d='M%g,%g L%g,%g'/>\n",
				pass ? "road" : "roadedge", ox + a.x,
				oy + a.y, ox + e.x, oy + e.y);
		return;
	}
	for (int pass = 0; pass < 2; pass++)
		fprintf(f, "<path class='%s' d='M%g,%g Q%g,%g %g,%g'/>\n",
			pass ? "road" : "roadedge", ox + a.x, oy + a.y,
			ox + c.x, oy + c.y, ox + b.x, oy + b.y);
}

static struct pt
city_point(uint32_t sides)
{
	static const struct pt inner[4] = {
		{ 50, 14 }, { 86, 50 }, { 50, 86 }, { 14, 50 },
	};
	struct pt p = { 0, 0 };
	int k = 0;

	for (int s = 0; s < 4; s++)
		if (sides & (1u << s)) {
			p.x += inner[s].x;
			p.y += inner[s].y;
			k++;
		}
	if (k == 0 || k == 4) {
		p.x = p.y = TS / 2;
		return p;
	}
	p.x /= k;
	p.y /= k;
	return p;
}

static struct pt
field_point(uint32_t tile, uint32_t halves, int n_cities, bool busy_centre)
{
	struct pt p = { 0, 0 }, c = { TS / 2, TS / 2 };
	int k = 0;

	for (int h = 0; h < 8; h++)
		if (halves & (1u << h)) {
			p.x += half_pt[h].x;
			p.y += half_pt[h].y;
			k++;
		}
	if (k == 0)
		return c;
	p.x /= k;
	p.y /= k;
	/* fields along a city wall: away from the wall, toward the centre */
	if (n_cities > 0 && k <= 4)
		p = mix(p, c, 0.3);
	if (busy_centre && fabs_d(p.x - c.x) < 20 && fabs_d(p.y - c.y) < 20) {
		p.x = 24;
		p.y = 76;
	}
	(void)tile;
	return p;
}

static void
svg_meeple(FILE *f, double x, double y, uint32_t player, bool phantom)
{
	const char *col = player_colours[player % 6];

	fprintf(f, "<g class='%s' fill='%s'%s>"
		   "<path d='M%g,%g l5,-11 l-6,-3 q-1,-4 4,-4 l12,0 "
		   "q5,0 4,4 l-6,3 l5,11 l-7,0 l-2,-5 l-2,5 z'/>"
		   "<circle cx='%g' cy='%g' r='4.5'/></g>\n",
		   phantom ? "phantom" : "follower", col,
		   phantom ? " fill-opacity='0.45' stroke-dasharray='2,1.5'"
			   : "",
		   x - 10, y + 11, x, y - 12);
}

static void
svg_monastery(FILE *f, double x, double y)
{
	fprintf(f, "<g class='monastery'><rect x='%g' y='%g' width='24' "
		   "height='18'/><path d='M%g,%g l15,-12 l15,12 z'/>"
		   "<rect x='%g' y='%g' width='6' height='9' "
		   "fill='#5a3a1a'/></g>\n",
		x - 12, y - 6, x - 15, y - 6, x - 3, y + 3);
}

static void
svg_tile(FILE *f, const struct carc_game *g, uint32_t index, double ox,
	 double oy)
{
	static const char symbol_letter[] = { ' ', 'P', 'C', 'S' };
	uint32_t tile, rot, feats[16];
	int32_t x, y;
	int n, sym, n_single_roads = 0;
	bool monastery = false, city = false;
	double road_end;

	carc_game_tile_at(g, index, &x, &y, &tile, &rot);
	n = carc_tile_features(tile, feats, 16);
	sym = carc_tile_symbol(tile);
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		city |= feats[i] >> 4 == CARC_FEATURE_CITY;
		monastery |= feats[i] >> 4 == CARC_FEATURE_MONASTERY;
		if (feats[i] >> 4 == CARC_FEATURE_ROAD)
			n_single_roads += (sides & (sides - 1)) == 0;
	}
	/* a lone road with a city on the tile ends at the city gate */
	road_end = sym > 0		   ? 0.7
		   : n_single_roads >= 3 ? 0.8
		   : monastery		   ? 0.75
		   : city		   ? 0.45
					   : 0.8;
	fprintf(f, "<g id='tile-%d-%d'>\n<rect class='field' x='%g' y='%g' "
		   "width='%d' height='%d'/>\n",
		(int)x, (int)y, ox, oy, TS, TS);
	/* cities, then roads above them, then the centre pieces */
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		if (feats[i] >> 4 == CARC_FEATURE_CITY)
			svg_city(f, ox, oy, (uint32_t)sides);
	}
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);

		if (feats[i] >> 4 == CARC_FEATURE_ROAD)
			svg_road(f, ox, oy, (uint32_t)sides, road_end);
	}
	/* pennants: a small blue shield in each city that has one */
	for (int i = 0; i < n; i++) {
		int sides = carc_tile_feature_sides(tile, rot, feats[i]);
		struct pt p;

		if (feats[i] >> 4 != CARC_FEATURE_CITY ||
		    carc_tile_feature_pennants(tile, feats[i]) <= 0)
			continue;
		p = city_point((uint32_t)sides);
		fprintf(f, "<path class='pennant' d='M%g,%g l10,0 l0,7 "
			   "q0,6 -5,9 q-5,-3 -5,-9 z'/>\n",
			ox + p.x + 10, oy + p.y - 14);
	}
	if (monastery)
		svg_monastery(f, ox + TS / 2, oy + TS / 2);
	if (n_single_roads >= 3)
		fprintf(f, "<rect class='junction' x='%g' y='%g' width='14' "
			   "height='14'/>\n", ox + TS / 2 - 7, oy + TS / 2 - 7);
	if (sym > 0) {
		double cx = ox + TS / 2, cy = oy + TS / 2;

		/* where roads meet at a crossing (CCI-6) the circle lies in
		 * the field on the side without a road, not on the crossing */
		if (n_single_roads >= 3)
			for (uint32_t s = 0; s < 4; s++)
				if (carc_tile_edge(tile, rot, s) ==
				    CARC_EDGE_FIELD) {
					static const int dx[4] = { 0, 1, 0, -1 };
					static const int dy[4] = { -1, 0, 1, 0 };
					cx += dx[s] * TS / 4.0;
					cy += dy[s] * TS / 4.0;
				}
		fprintf(f, "<circle class='crop' cx='%g' cy='%g' r='14'/>"
			   "<text class='crop' x='%g' y='%g'>%c</text>\n",
			cx, cy, cx, cy + 5, symbol_letter[sym & 3]);
	}
	fprintf(f, "<rect class='border' x='%g' y='%g' width='%d' "
		   "height='%d'/>\n<text class='name' x='%g' y='%g'>%s</text>"
		   "<text class='coord' x='%g' y='%g'>%d,%d</text>\n</g>\n",
		ox, oy, TS, TS, ox + 3, oy + 11, carc_tile_name(tile),
		ox + TS - 3, oy + TS - 3, (int)x, (int)y);
}

/* Where a figure on @feature of a tile is drawn, in tile units. */
static struct pt
feature_point(uint32_t tile, uint32_t rot, uint32_t feature)
{
	int sides = carc_tile_feature_sides(tile, rot, feature);
	struct pt c = { TS / 2, TS / 2 };
	uint32_t feats[16];
	int n, cities = 0;
	bool busy = carc_tile_symbol(tile) > 0;

	switch (feature >> 4) {
	case CARC_FEATURE_CITY:
		return city_point((uint32_t)sides);
	case CARC_FEATURE_ROAD:
		return road_point((uint32_t)sides);
	case CARC_FEATURE_MONASTERY:
		c.y -= 2;
		return c;
	default:
		break;
	}
	n = carc_tile_features(tile, feats, 16);
	for (int i = 0; i < n; i++)
		if (feats[i] >> 4 == CARC_FEATURE_MONASTERY ||
		    feats[i] >> 4 == CARC_FEATURE_ROAD)
			busy = true;
	for (int m = carc_tile_field_cities(tile, feature); m > 0; m >>= 1)
		cities += m & 1;
	return field_point(tile, (uint32_t)sides, cities, busy);
}

static int
write_svg(const struct carc_game *g, FILE *f, const char *title)
{
	static const char *const building_letter[] = { "", "", "", "T",
						       "H", "S" };
	int32_t x0, y0, x1, y1;
	int n_tiles = carc_game_tile_count(g);
	int n_figs = carc_game_figure_count(g);
	int n_build = carc_game_building_count(g);
	int players = carc_game_player_count(g);
	double w, h;
	int header = 30;

	board_bounds(g, &x0, &y0, &x1, &y1);
	w = (double)(x1 - x0 + 1) * TS + 2 * MARGIN;
	h = (double)(y1 - y0 + 1) * TS + 2 * MARGIN + header;
	if (w < 360)
		w = 360;
	fprintf(f, "<?xml version='1.0' encoding='UTF-8'?>\n"
		   "<svg xmlns='http://www.w3.org/2000/svg' width='%g' "
		   "height='%g' viewBox='0 0 %g %g'>\n", w, h, w, h);
	fprintf(f,
		"<style>\n"
		".field{fill:#8cc063}\n"
		".city{fill:#d9b26f;stroke:#7a4a1c;stroke-width:2}\n"
		".roadedge{fill:none;stroke:#6b5a45;stroke-width:11;"
		"stroke-linecap:butt}\n"
		".road{fill:none;stroke:#f4efe2;stroke-width:7;"
		"stroke-linecap:butt}\n"
		".monastery rect{fill:#c9533a;stroke:#4a2a12}\n"
		".monastery path{fill:#8e2f1e;stroke:#4a2a12}\n"
		".junction{fill:#6b5a45}\n"
		".crop{fill:#f3e6a0;stroke:#9a8a30;stroke-width:2}\n"
		"text.crop{fill:#5a4a10;stroke:none;font:bold 14px sans-serif;"
		"text-anchor:middle}\n"
		".pennant{fill:#2a62c9;stroke:#fff;stroke-width:1}\n"
		".border{fill:none;stroke:#2f3b22;stroke-width:1}\n"
		".name{font:bold 10px sans-serif;fill:#1a1a1a}\n"
		".coord{font:9px sans-serif;fill:#1a1a1a;text-anchor:end}\n"
		".follower,.phantom{stroke:#fff;stroke-width:1.2}\n"
		".building{stroke:#000;stroke-width:1}\n"
		"text.building{font:bold 11px sans-serif;fill:#000;"
		"stroke:none;text-anchor:middle}\n"
		".title{font:bold 14px sans-serif}\n"
		"</style>\n"
		"<rect width='100%%' height='100%%' fill='#f6f3ea'/>\n");
	fprintf(f, "<text class='title' x='%d' y='22'>%s</text>\n", MARGIN,
		title);
	for (int p = 0; p < players; p++)
		fprintf(f, "<text class='title' x='%d' y='%d' fill='%s'>P%d: "
			   "%d</text>\n",
			MARGIN + 70 * p, 44, player_colours[p % 6], p,
			carc_game_score(g, (uint32_t)p));
	for (int i = 0; i < n_tiles; i++) {
		int32_t x, y;

		carc_game_tile_at(g, (uint32_t)i, &x, &y, NULL, NULL);
		svg_tile(f, g, (uint32_t)i,
			 MARGIN + (double)(x - x0) * TS,
			 MARGIN + header + (double)(y - y0) * TS);
	}
	for (int i = 0; i < n_build; i++) {
		int32_t x, y;
		uint32_t fig;
		double bx, by;

		carc_game_building_at(g, (uint32_t)i, &x, &y, &fig);
		bx = MARGIN + (double)(x - x0) * TS + TS - 20;
		by = MARGIN + header + (double)(y - y0) * TS + 4;
		fprintf(f, "<rect class='building' x='%g' y='%g' width='16' "
			   "height='16' fill='%s'/><text class='building' "
			   "x='%g' y='%g'>%s</text>\n",
			bx, by,
			fig == CARC_FIGURE_TOWER   ? "#b0b0b0"
			: fig == CARC_FIGURE_HOUSE ? "#e07850"
						   : "#c8a060",
			bx + 8, by + 12, fig < 6 ? building_letter[fig] : "?");
	}
	for (int i = 0; i < n_figs; i++) {
		uint32_t p, fig, feat, tile, rot;
		int32_t x, y;
		struct pt pt;
		int ti;

		carc_game_figure_at(g, (uint32_t)i, &p, &fig, &x, &y, &feat);
		ti = carc_game_tile_find(g, x, y);
		if (ti < 0)
			continue;
		carc_game_tile_at(g, (uint32_t)ti, NULL, NULL, &tile, &rot);
		pt = feature_point(tile, rot, feat);
		/* a second figure on the same feature of the same tile
		 * (crop circles, phantom) is shifted a little */
		for (int j = 0; j < i; j++) {
			uint32_t fj;
			int32_t xj, yj;

			carc_game_figure_at(g, (uint32_t)j, NULL, NULL, &xj,
					    &yj, &fj);
			if (xj == x && yj == y && fj == feat)
				pt.x += 12;
		}
		svg_meeple(f, MARGIN + (double)(x - x0) * TS + pt.x,
			   MARGIN + header + (double)(y - y0) * TS + pt.y, p,
			   fig == CARC_FIGURE_PHANTOM);
	}
	fprintf(f, "</svg>\n");
	return ferror(f) ? -1 : 0;
}

int
cmd_render(int argc, char **argv)
{
	const char *path = NULL, *outp = NULL;
	uint64_t move = 0;
	bool have_move = false;
	struct carc_game *game, *shown;
	char title[256];
	FILE *f;
	int rc;

	for (int i = 0; i < argc; i++) {
		if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
			usage(stdout);
			return 0;
		} else if (strcmp(argv[i], "-o") == 0) {
			if (!(outp = option_value(argc, argv, &i)))
				return 2;
		} else if (strcmp(argv[i], "--move") == 0) {
			const char *v = option_value(argc, argv, &i);

			if (!v || parse_number("--move", v, 0, INT32_MAX,
					       &move) < 0)
				return 2;
			have_move = true;
		} else if (argv[i][0] == '-' && argv[i][1] != '\0') {
			return usage_error("unknown option '%s'", argv[i]);
		} else if (!path) {
			path = argv[i];
		} else {
			return usage_error("render: unexpected argument '%s' "
					   "(one record at a time)",
					   argv[i]);
		}
	}
	if (!path)
		return usage_error("render: no record given");
	if (!outp)
		return usage_error("render: no output given (-o OUT.svg)");
	game = load_record(path);
	if (!game)
		return 1;
	if (have_move && move > (uint64_t)carc_game_history_count(game)) {
		fprintf(stderr, "%s: --move: %s has only %d moves\n",
			progname, path, carc_game_history_count(game));
		carc_game_free(game);
		return 2;
	}
	shown = replay_prefix(game, have_move ? (int)move : -1, false);
	carc_game_free(game);
	if (!shown)
		return 1;
	snprintf(title, sizeof(title), "after move %d of the record%s",
		 carc_game_history_count(shown),
		 carc_game_is_over(shown) == 1 ? " (game over)" : "");
	f = strcmp(outp, "-") == 0 ? stdout : fopen(outp, "w");
	if (!f) {
		fprintf(stderr, "%s: %s: %s\n", progname, outp,
			strerror(errno));
		carc_game_free(shown);
		return 1;
	}
	rc = write_svg(shown, f, title);
	if (f != stdout && fclose(f) != 0)
		rc = -1;
	carc_game_free(shown);
	if (rc < 0) {
		fprintf(stderr, "%s: %s: write error\n", progname, outp);
		return 1;
	}
	return 0;
}
