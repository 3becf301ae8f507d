/* SPDX-License-Identifier: MIT */
/*
 * The board in a terminal, for carcassonne play --human: each tile is a
 * block of 5 x 3 character cells drawn from its edges and features
 * (public API only), in colour when the terminal takes it.
 *
 *     ┌ a city on the north edge, a road from west to east,
 *     │ a follower of P1 on the road:
 *     ·▒▒▒·
 *     ─1───
 *     ·····
 */
#include "config.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "common.h"

#define TW 5			/* cells per tile, across */
#define TH 3			/* cells per tile, down */

/* 256-colour palette numbers */
enum {
	C_NONE = -1,
	C_FIELD = 71,
	C_CITY = 180,
	C_ROAD = 231,
	C_MONASTERY = 131,
	C_CROP = 229,
	C_CROP_FG = 94,
	C_PENNANT = 19,
	C_BUILDING = 250,
	C_SPOT = 244,
	C_INK = 16,
	C_WHITE = 231,
	C_RIVER = 33,
	C_GOODS = 53,
};

static const int player_bg[6] = { 160, 27, 220, 16, 129, 208 };
static const int player_fg[6] = { 231, 231, 16, 231, 231, 16 };

struct cell {
	const char *glyph;	/* one column of UTF-8 */
	int fg, bg;
	bool bold;
	int kind;		/* CARC_FEATURE_* or 0 for nothing */
};

static const char *const digits[6] = { "0", "1", "2", "3", "4", "5" };
static const char *const circled[6] = { "⓪", "①", "②", "③", "④", "⑤" };
static const char *const large[6] = { "⓿", "❶", "❷", "❸", "❹", "❺" };

/* The cell at side s's middle: N, E, S, W. */
static const int mid_cx[4] = { 2, 4, 2, 0 }, mid_cy[4] = { 0, 1, 2, 1 };
/* The cell of each half-edge NL NR EL ER SL SR WL WR. */
static const int half_cx[8] = { 1, 3, 4, 4, 3, 1, 0, 0 };
static const int half_cy[8] = { 0, 0, 0, 2, 2, 2, 2, 0 };

static int
popcount(unsigned m)
{
	int k = 0;

	for (; m; m &= m - 1)
		k++;
	return k;
}

static void
set(struct cell c[TH][TW], int x, int y, const char *g, int fg, int bg,
    int kind)
{
	c[y][x].glyph = g;
	c[y][x].fg = fg;
	c[y][x].bg = bg;
	c[y][x].kind = kind;
	c[y][x].bold = false;
}

/* The road glyph joining the sides of mask m through the centre. */
static const char *
road_glyph(unsigned m)
{
	static const char *const g[16] = {
		"·", "│", "─", "└", "│", "│", "┌", "├",
		"─", "┘", "─", "┴", "┐", "┤", "┬", "┼",
	};

	return g[m & 15];
}

static void inn_cathedral_cells(uint32_t tile, uint32_t rot,
				struct cell c[TH][TW]);

/* Fill the cells of one tile (no figures). */
static void
tile_cells(uint32_t tile, uint32_t rot, struct cell c[TH][TW])
{
	static const char *const crop_glyph[4] = { "", "Ψ", "♣", "◈" };
	uint32_t feats[16];
	int n = carc_tile_features(tile, feats, 16), edge[4];
	unsigned single_roads = 0;
	bool monastery = false, crop_done = false;
	int sym = carc_tile_symbol(tile);

	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			set(c, x, y, " ", C_NONE, C_FIELD, CARC_FEATURE_FIELD);
	for (int s = 0; s < 4; s++)
		edge[s] = carc_tile_edge(tile, rot, (uint32_t)s);
	for (int i = 0; i < n; i++) {
		unsigned m = (unsigned)carc_tile_feature_sides(tile, rot,
							       feats[i]);
		int kind = (int)(feats[i] >> 4);
		int k = popcount(m);

		if (kind == CARC_FEATURE_MONASTERY)
			monastery = true;
		if (kind == CARC_FEATURE_CITY) {
			for (int s = 0; s < 4; s++) {
				if (!(m & (1u << s)))
					continue;
				/* the side's three middle cells */
				for (int d = -1; d <= 1; d++) {
					int x = mid_cx[s] + (s % 2 ? 0 : d);
					int y = mid_cy[s] + (s % 2 ? d : 0);

					if (y >= 0 && y < TH && x >= 0 &&
					    x < TW && (s % 2 == 0 || d == 0))
						set(c, x, y, " ", C_NONE,
						    C_CITY, kind);
				}
			}
			/* corners between two sides of this city */
			for (int s = 0; s < 4; s++) {
				int t = (s + 1) & 3;
				static const int kx[4] = { 4, 4, 0, 0 };
				static const int ky[4] = { 0, 2, 2, 0 };

				if ((m & (1u << s)) && (m & (1u << t)))
					set(c, kx[s], ky[s], " ", C_NONE,
					    C_CITY, kind);
			}
			if (k >= 2) {
				if (m & 8)
					set(c, 1, 1, " ", C_NONE, C_CITY, kind);
				if (m & 2)
					set(c, 3, 1, " ", C_NONE, C_CITY, kind);
				/* the centre joins opposite sides (F, G either
				 * way) and three or four */
				if ((m & 5) == 5 || (m & 10) == 10 || k >= 3)
					set(c, 2, 1, " ", C_NONE, C_CITY, kind);
			}
		}
		if (kind == CARC_FEATURE_ROAD && k == 1)
			single_roads |= m;
	}
	/* roads over cities and fields */
	for (int i = 0; i < n; i++) {
		unsigned m = (unsigned)carc_tile_feature_sides(tile, rot,
							       feats[i]);

		if (feats[i] >> 4 != CARC_FEATURE_ROAD)
			continue;
		for (int s = 0; s < 4; s++) {
			if (!(m & (1u << s)))
				continue;
			set(c, mid_cx[s], mid_cy[s], s % 2 ? "─" : "│",
			    C_ROAD, C_FIELD, CARC_FEATURE_ROAD);
			if (s == 1)
				set(c, 3, 1, "─", C_ROAD, C_FIELD,
				    CARC_FEATURE_ROAD);
			if (s == 3)
				set(c, 1, 1, "─", C_ROAD, C_FIELD,
				    CARC_FEATURE_ROAD);
		}
		if (popcount(m) == 2)
			set(c, 2, 1, road_glyph(m), C_ROAD, C_FIELD,
			    CARC_FEATURE_ROAD);
	}
	/* The River: its sides' middle cells and the centre (a spring or
	 * a lake where only one side has it) */
	{
		unsigned river = 0;

		for (int s = 0; s < 4; s++)
			if (carc_tile_edge(tile, rot, (uint32_t)s) ==
			    CARC_EDGE_RIVER)
				river |= 1u << s;
		for (int s = 0; s < 4 && river; s++) {
			if (!(river & (1u << s)))
				continue;
			set(c, mid_cx[s], mid_cy[s], "~", C_WHITE, C_RIVER, 0);
			if (s == 1)
				set(c, 3, 1, "~", C_WHITE, C_RIVER, 0);
			if (s == 3)
				set(c, 1, 1, "~", C_WHITE, C_RIVER, 0);
		}
		if (river)
			set(c, 2, 1, popcount(river) == 1 ? "○" : "~", C_WHITE,
			    C_RIVER, 0);
	}
	/* a junction or crossing: the roads end at a village in the middle */
	if (popcount(single_roads) >= 3 && !monastery)
		set(c, 2, 1, "●", C_ROAD, C_FIELD, 0);
	(void)edge;
	if (monastery)
		set(c, 2, 1, "⌂", C_WHITE, C_MONASTERY,
		    CARC_FEATURE_MONASTERY);
	/* the crop circle: in a free field cell near the centre */
	if (sym > 0) {
		static const int px[6] = { 1, 3, 2, 1, 3, 2 };
		static const int py[6] = { 1, 1, 1, 2, 2, 0 };

		for (int i = 0; i < 6 && !crop_done; i++)
			if (c[py[i]][px[i]].kind == CARC_FEATURE_FIELD &&
			    strcmp(c[py[i]][px[i]].glyph, " ") == 0) {
				set(c, px[i], py[i], crop_glyph[sym & 3],
				    C_CROP_FG, C_CROP, CARC_FEATURE_FIELD);
				crop_done = true;
			}
	}
	/* pennants: a blue diamond in the city */
	for (int i = 0; i < n; i++) {
		unsigned m = (unsigned)carc_tile_feature_sides(tile, rot,
							       feats[i]);

		if (feats[i] >> 4 != CARC_FEATURE_CITY ||
		    carc_tile_feature_pennants(tile, feats[i]) <= 0)
			continue;
		for (int s = 0; s < 4; s++)
			if (m & (1u << s)) {
				int x = mid_cx[s] + (s == 0 || s == 2 ? 1 : 0);
				int y = mid_cy[s];

				set(c, x, y, "♦", C_PENNANT, C_CITY,
				    CARC_FEATURE_CITY);
				break;
			}
	}
	inn_cathedral_cells(tile, rot, c);
}

/* Inns & Cathedrals: an inn beside its road ("i"), a cathedral ("†")
 * in the middle of its city. */
static void
inn_cathedral_cells(uint32_t tile, uint32_t rot, struct cell c[TH][TW])
{
	uint32_t feats[16];
	int n = carc_tile_features(tile, feats, 16);

	for (int i = 0; i < n && i < 16; i++) {
		int flags = carc_tile_feature_flags(tile, feats[i]);
		unsigned m = (unsigned)carc_tile_feature_sides(tile, rot,
							       feats[i]);

		if (flags <= 0)
			continue;
		if (flags & CARC_FLAG_CATHEDRAL) {
			set(c, 2, 1, "†", C_INK, C_CITY, CARC_FEATURE_CITY);
			c[1][2].bold = true;
		}
		if (!(flags & CARC_FLAG_INN))
			continue;
		/* beside the road's first side, in the field next to it */
		for (int s = 0; s < 4; s++) {
			static const int ix[4] = { 1, 4, 3, 0 };
			static const int iy[4] = { 0, 0, 2, 2 };

			if (!(m & (1u << s)) ||
			    c[iy[s]][ix[s]].kind != CARC_FEATURE_FIELD)
				continue;
			set(c, ix[s], iy[s], "i", C_INK, C_WHITE,
			    CARC_FEATURE_FIELD);
			c[iy[s]][ix[s]].bold = true;
			break;
		}
	}
}

/* Traders & Builders: the goods of a city still open, W (wine), G
 * (grain) or C (cloth), on a city cell; taken when it is completed. */
static void
goods_cells(const struct carc_game *g, int32_t x, int32_t y, uint32_t tile,
	    uint32_t rot, struct cell c[TH][TW])
{
	static const char *const letter[4] = { "", "W", "G", "C" };
	uint32_t feats[16];
	int n = carc_tile_features(tile, feats, 16);

	for (int i = 0; i < n && i < 16; i++) {
		int kind = carc_tile_feature_goods(tile, feats[i]);
		unsigned m = (unsigned)carc_tile_feature_sides(tile, rot,
							       feats[i]);
		int32_t done = 1;

		if (kind <= 0 || kind > 3 ||
		    carc_game_feature_get(g, x, y, feats[i],
					  CARC_FEATURE_ATTR_COMPLETE,
					  &done) < 0 ||
		    done)
			continue;
		for (int s = 0; s < 4; s++) {
			int cx = mid_cx[s] - (s % 2 ? 0 : 1);
			int cy = mid_cy[s];

			if (!(m & (1u << s)) || c[cy][cx].kind !=
							CARC_FEATURE_CITY ||
			    strcmp(c[cy][cx].glyph, " ") != 0)
				continue;
			set(c, cx, cy, letter[kind], C_GOODS, C_CITY,
			    CARC_FEATURE_CITY);
			c[cy][cx].bold = true;
			break;
		}
	}
}

/* The cell where a figure on @p feature is drawn (-1 if none is free). */
static void
figure_cell(uint32_t tile, uint32_t rot, uint32_t feature,
	    struct cell c[TH][TW], bool taken[TH][TW], int nx, int ny,
	    int *ox, int *oy)
{
	unsigned m = (unsigned)carc_tile_feature_sides(tile, rot, feature);
	int kind = (int)(feature >> 4);
	int cand[16][2], nc = 0;

	*ox = *oy = -1;
	if (kind == CARC_FEATURE_MONASTERY) {
		/* beside the chapel, which stays in sight */
		static const int mx[4] = { 3, 1, 2, 2 }, my[4] = { 1, 1, 0, 2 };

		for (int i = 0; i < 4; i++) {
			cand[nc][0] = mx[i];
			cand[nc++][1] = my[i];
		}
	} else if (kind == CARC_FEATURE_FIELD) {
		for (int h = 0; h < 8; h++)
			if (m & (1u << h)) {
				cand[nc][0] = half_cx[h];
				cand[nc++][1] = half_cy[h];
			}
	} else {
		for (int s = 0; s < 4; s++)
			if (m & (1u << s)) {
				if (kind == CARC_FEATURE_ROAD && s % 2) {
					cand[nc][0] = s == 1 ? 3 : 1;
					cand[nc++][1] = 1;
				}
				cand[nc][0] = mid_cx[s];
				cand[nc++][1] = mid_cy[s];
				if (kind == CARC_FEATURE_CITY && s % 2 == 0) {
					cand[nc][0] = mid_cx[s] - 1;
					cand[nc++][1] = mid_cy[s];
				}
			}
	}
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < nc; i++) {
			int x = cand[i][0], y = cand[i][1];

			if (taken[y][x] || (pass == 0 && c[y][x].kind != kind) ||
			    c[y][x].kind == CARC_FEATURE_MONASTERY)
				continue;
			*ox = x;
			*oy = y;
			return;
		}
	/* more figures than places: a free cell of the feature's kind, else
	 * the free cell nearest the feature's first figure (nx, ny), so
	 * that every figure is seen and counted beside the others */
	for (int pass = 0; pass < 2; pass++) {
		int best = 1000;

		for (int y = 0; y < TH; y++)
			for (int x = 0; x < TW; x++) {
				int d = (x > nx ? x - nx : nx - x) +
					(y > ny ? y - ny : ny - y);

				if (taken[y][x] ||
				    c[y][x].kind == CARC_FEATURE_MONASTERY ||
				    (pass == 0 && c[y][x].kind != kind) ||
				    (nx >= 0 && d >= best))
					continue;
				best = d;
				*ox = x;
				*oy = y;
				if (nx < 0)
					return;
			}
		if (*ox >= 0)
			return;
	}
}

/* The glyph of a figure: the player's digit for a follower, circled
 * for the phantom, white on black for the large follower, B for the
 * builder and P for the pig (in the player's colour). */
static const char *
figure_glyph(uint32_t player, uint32_t figure)
{
	switch (figure) {
	case CARC_FIGURE_PHANTOM:
		return circled[player % 6];
	case CARC_FIGURE_LARGE_FOLLOWER:
		return large[player % 6];
	case CARC_FIGURE_BUILDER:
		return "B";
	case CARC_FIGURE_PIG:
		return "P";
	default:
		return digits[player % 6];
	}
}

static void
put_figure(struct cell c[TH][TW], bool taken[TH][TW], int x, int y,
	   uint32_t player, uint32_t figure)
{
	if (x < 0)
		return;
	c[y][x].glyph = figure_glyph(player, figure);
	c[y][x].fg = player_fg[player % 6];
	c[y][x].bg = player_bg[player % 6];
	c[y][x].bold = true;
	taken[y][x] = true;
}

/* The cells of the tile at board index i with its figures and buildings */
static void
placed_cells(const struct carc_game *g, int index, struct cell c[TH][TW])
{
	static const char *const bletter[6] = { "", "", "", "T", "H", "S" };
	uint32_t tile, rot;
	int32_t x, y;
	bool taken[TH][TW];
	int nf = carc_game_figure_count(g), nb = carc_game_building_count(g);
	/* cells of the figures drawn */
	int first_x[64] = { 0 }, first_y[64] = { 0 };

	memset(taken, 0, sizeof(taken));
	carc_game_tile_at(g, (uint32_t)index, &x, &y, &tile, &rot);
	tile_cells(tile, rot, c);
	goods_cells(g, x, y, tile, rot, c);
	for (int i = 0; i < nf; i++) {
		uint32_t p, fig, feat, f2;
		int32_t fx, fy, x2, y2;
		int cx, cy, nx = -1, ny = -1;

		carc_game_figure_at(g, (uint32_t)i, &p, &fig, &fx, &fy, &feat);
		if (fx != x || fy != y)
			continue;
		/* the cell of an earlier figure on the same feature */
		for (int j = 0; j < i && nx < 0; j++) {
			carc_game_figure_at(g, (uint32_t)j, NULL, NULL, &x2, &y2,
					    &f2);
			if (x2 == x && y2 == y && f2 == feat) {
				nx = first_x[j % 64];
				ny = first_y[j % 64];
			}
		}
		figure_cell(tile, rot, feat, c, taken, nx, ny, &cx, &cy);
		first_x[i % 64] = cx;
		first_y[i % 64] = cy;
		put_figure(c, taken, cx, cy, p, fig);
	}
	for (int i = 0; i < nb; i++) {
		static const int kx[4] = { 4, 0, 4, 0 }, ky[4] = { 0, 0, 2, 2 };
		int32_t bx, by;
		uint32_t fig;

		carc_game_building_at(g, (uint32_t)i, &bx, &by, &fig);
		if (bx != x || by != y)
			continue;
		for (int k = 0; k < 4; k++)
			if (!taken[ky[k]][kx[k]]) {
				set(c, kx[k], ky[k], fig < 6 ? bletter[fig] : "?",
				    C_INK, C_BUILDING, 0);
				c[ky[k]][kx[k]].bold = true;
				taken[ky[k]][kx[k]] = true;
				break;
			}
	}
}

/* One cell, with or without colour. */
static void
put_cell(const struct cell *c, bool colour, FILE *f)
{
	const char *g = c->glyph;

	if (!colour) {
		if (strcmp(g, " ") == 0)
			g = c->bg == C_CITY	 ? "▒"
			    : c->bg == C_FIELD ? "·"
					       : " ";
		fputs(g, f);
		return;
	}
	if (c->bg == C_NONE && c->fg == C_NONE) {
		fputs(g, f);
		return;
	}
	fprintf(f, "\033[%s", c->bold ? "1;" : "");
	if (c->fg != C_NONE)
		fprintf(f, "38;5;%d", c->fg);
	else
		fprintf(f, "39");
	if (c->bg != C_NONE)
		fprintf(f, ";48;5;%d", c->bg);
	fprintf(f, "m%s\033[0m", g);
}

static void
spot_cells(int k, struct cell c[TH][TW])
{
	static char labels[64][2];
	static const char *const box[TH][TW] = {
		{ "╭", "─", "─", "─", "╮" },
		{ "│", " ", "?", " ", "│" },
		{ "╰", "─", "─", "─", "╯" },
	};

	for (int y = 0; y < TH; y++)
		for (int x = 0; x < TW; x++)
			set(c, x, y, box[y][x], C_SPOT, C_NONE, 0);
	labels[k & 63][0] = spot_letter(k);
	labels[k & 63][1] = '\0';
	c[1][2].glyph = labels[k & 63];
	c[1][2].fg = C_WHITE;
	c[1][2].bold = true;
}

/* Draw columns x0..x1 and rows y0..y1 of the board. */
static void
draw_part(const struct carc_game *g, const struct board_view *v, int32_t x0,
	  int32_t x1, int32_t y0, int32_t y1, FILE *f)
{
	fputs("    ", f);
	for (int32_t x = x0; x <= x1; x++) {
		char num[12];
		int len = snprintf(num, sizeof(num), "%d", (int)x);
		int left = (TW - len) / 2;

		fprintf(f, "%*s%s%*s", left, "", num, TW - len - left, "");
	}
	fputs("\n", f);
	for (int32_t y = y0; y <= y1; y++) {
		for (int line = 0; line < TH; line++) {
			if (line == 1)
				fprintf(f, "%3d ", (int)y);
			else
				fputs("    ", f);
			for (int32_t x = x0; x <= x1; x++) {
				struct cell c[TH][TW];
				int i = carc_game_tile_find(g, x, y);
				int k;

				if (i >= 0)
					placed_cells(g, i, c);
				else if (v->spots &&
					 (k = spot_index(v->spots, v->n_spots,
							 x, y)) >= 0)
					spot_cells(k, c);
				else {
					fputs("     ", f);
					continue;
				}
				for (int cx = 0; cx < TW; cx++)
					put_cell(&c[line][cx], v->colour, f);
			}
			fputs("\n", f);
		}
	}
}

void
board_draw(const struct carc_game *g, const struct board_view *v, FILE *f)
{
	int32_t x0, y0, x1, y1;

	carc_game_bounds(g, &x0, &y0, &x1, &y1);
	for (int i = 0; v->spots && i < v->n_spots; i++) {
		int32_t x = carc_move_x(v->spots[i]), y = carc_move_y(v->spots[i]);

		x0 = x < x0 ? x : x0;
		x1 = x > x1 ? x : x1;
		y0 = y < y0 ? y : y0;
		y1 = y > y1 ? y : y1;
	}
	if (v->cols > 0 && x1 - x0 + 1 > v->cols) {
		int32_t a = v->cx - v->cols / 2;

		a = a < x0 ? x0 : a;
		a = a + v->cols - 1 > x1 ? x1 - v->cols + 1 : a;
		fprintf(f, "(columns %d..%d of %d..%d shown; 'board' shows "
			   "all)\n", (int)a, (int)(a + v->cols - 1), (int)x0,
			(int)x1);
		x0 = a;
		x1 = a + v->cols - 1;
	}
	if (v->rows > 0 && y1 - y0 + 1 > v->rows) {
		int32_t a = v->cy - v->rows / 2;

		a = a < y0 ? y0 : a;
		a = a + v->rows - 1 > y1 ? y1 - v->rows + 1 : a;
		fprintf(f, "(rows %d..%d of %d..%d shown; 'board' shows "
			   "all)\n", (int)a, (int)(a + v->rows - 1), (int)y0,
			(int)y1);
		y0 = a;
		y1 = a + v->rows - 1;
	}
	/* the whole board in strips that fit 80 columns */
	for (int32_t a = x0; a <= x1; a += 15) {
		int32_t b = a + 14 < x1 ? a + 14 : x1;

		draw_part(g, v, a, b, y0, y1, f);
	}
}

void
board_draw_tile_rotations(uint32_t tile, const bool fits[4], bool colour,
			  FILE *f)
{
	struct cell c[4][TH][TW];

	for (int r = 0; r < 4; r++)
		tile_cells(tile, (uint32_t)r, c[r]);
	for (int line = 0; line < TH; line++) {
		fputs("    ", f);
		for (int r = 0; r < 4; r++) {
			for (int x = 0; x < TW; x++)
				put_cell(&c[r][line][x], colour, f);
			fputs("   ", f);
		}
		fputs("\n", f);
	}
	fputs("    ", f);
	for (int r = 0; r < 4; r++)
		fprintf(f, "r%d%-6s", r, fits[r] ? "" : " -");
	fputs("\n", f);
}

void
board_legend(bool colour, FILE *f)
{
	struct cell c;

	fputs("  legend: ", f);
	c = (struct cell){ " ", C_NONE, C_CITY, false, 0 };
	put_cell(&c, colour, f);
	fputs(" city  ", f);
	c = (struct cell){ "─", C_ROAD, C_FIELD, false, 0 };
	put_cell(&c, colour, f);
	fputs(" road  ", f);
	c = (struct cell){ " ", C_NONE, C_FIELD, false, 0 };
	put_cell(&c, colour, f);
	fputs(" field  ", f);
	c = (struct cell){ "⌂", C_WHITE, C_MONASTERY, false, 0 };
	put_cell(&c, colour, f);
	fputs(" monastery  ", f);
	c = (struct cell){ "♦", C_PENNANT, C_CITY, false, 0 };
	put_cell(&c, colour, f);
	fputs(" pennant\n  ", f);
	for (int p = 0; p < 2; p++) {
		c = (struct cell){ digits[p], player_fg[p], player_bg[p], true,
				   0 };
		put_cell(&c, colour, f);
	}
	fputs(" followers of P0, P1...  ", f);
	c = (struct cell){ circled[0], player_fg[0], player_bg[0], true, 0 };
	put_cell(&c, colour, f);
	fputs(" phantom  ", f);
	c = (struct cell){ large[0], player_fg[0], player_bg[0], true, 0 };
	put_cell(&c, colour, f);
	fputs(" large follower (counts two)\n  ", f);
	c = (struct cell){ "B", player_fg[0], player_bg[0], true, 0 };
	put_cell(&c, colour, f);
	fputs(" builder (a second tile)  ", f);
	c = (struct cell){ "P", player_fg[0], player_bg[0], true, 0 };
	put_cell(&c, colour, f);
	fputs(" pig (4 a city for its farmers)  T H S buildings\n  ", f);
	c = (struct cell){ "i", C_INK, C_WHITE, true, 0 };
	put_cell(&c, colour, f);
	fputs(" inn (road 2 a tile, 0 unfinished)  ", f);
	c = (struct cell){ "†", C_INK, C_CITY, true, 0 };
	put_cell(&c, colour, f);
	fputs(" cathedral (city 3 a tile, 0 unfinished)\n  ", f);
	c = (struct cell){ "W", C_GOODS, C_CITY, true, 0 };
	put_cell(&c, colour, f);
	c = (struct cell){ "G", C_GOODS, C_CITY, true, 0 };
	put_cell(&c, colour, f);
	c = (struct cell){ "C", C_GOODS, C_CITY, true, 0 };
	put_cell(&c, colour, f);
	fputs(" wine, grain, cloth: goods for who completes the city  ", f);
	c = (struct cell){ "~", C_WHITE, C_RIVER, false, 0 };
	put_cell(&c, colour, f);
	fputs(" river\n  Ψ♣◈ crop circles  ● a junction: the roads end there\n",
	      f);
}
