/* SPDX-License-Identifier: MIT */
/*
 * Scoring: completed features after each turn (doc/rules.md#scoring-play),
 * incomplete features and farms at the end (doc/rules.md#game-end,
 * doc/rules.md#farms).
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

/* Whether piece @m of the set rooted at @root counts its tile.  A feature
 * that passes through one tile twice (both caps of an H or I tile, say)
 * counts that tile and its building once (doc/rules.md#per-tile): a
 * piece is skipped when a lower-numbered piece of the same kind on its
 * tile belongs to the same set. */
static inline bool
first_on_tile(const struct carc_game *g, uint32_t m, uint32_t root)
{
	/* the pieces of a kind are consecutive on their tile (the canonical
	 * feature order; test-tiles.c checks every tile type) */
	if (!(g->nodes[m].kp & KP_SIBLING))
		return true;
	for (uint32_t l = m - 1;; l--) {
		if (carc__find(g, l) == root)
			return false;
		if (!(g->nodes[l].kp & KP_SIBLING))
			return true;
	}
}

/* Distinct tiles of the set rooted at @root, in @bpoints the value of
 * the buildings on them and in @pennants the pennants of its pieces. */
static uint32_t
count_tiles(struct carc_game *g, uint32_t root, uint32_t *bpoints,
	    uint32_t *pennants)
{
	uint32_t n = 0, m = root, b = 0, pn = 0;
	bool lb = OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS) != 0;

	do {
		const struct node *nd = &g->nodes[m];

		pn += (nd->kp & KP_PENNANTS) >> KP_PENNANT_SHIFT;
		if (first_on_tile(g, m, root)) {
			n++;
			if (lb)
				b += carc__building_value(
					g, g->tiles[node_tile(nd)].building);
		}
		m = nd->next;
	} while (m != root);
	*bpoints = b;
	*pennants = pn;
	return n;
}

/* Players with the most figures in @figures (packed counts). */
static uint32_t
majority(const struct carc_game *g, uint32_t figures)
{
	uint32_t best = 0, mask = 0;

	for (uint32_t p = 0; p < g->s.n_players; p++) {
		uint32_t c = fig_count(figures, p);
		if (c == 0 || c < best)
			continue;
		if (c > best) {
			best = c;
			mask = 0;
		}
		mask |= 1u << p;
	}
	return mask;
}

static struct event *
new_event(struct carc_game *g, uint32_t type, uint32_t kind, uint32_t node,
	  uint32_t figures)
{
	struct event *e = game_event(g, g->s.n_events++);
	const struct node *nd = &g->nodes[node];
	const struct placed *p = &g->tiles[node_tile(nd)];
	uint8_t *efigs = event_figures(e, g->s.n_players);

	memset(e, 0, event_size(g->s.n_players));
	e->type = (uint8_t)type;
	e->kind = (uint8_t)kind;
	e->feature = g->ti[p->type].code[node_local(nd)];
	e->x = p->x;
	e->y = p->y;
	for (uint32_t pl = 0; pl < g->s.n_players; pl++) {
		uint32_t ph = g->s.figs[pl][PHANTOM_SLOT];

		efigs[pl] = (uint8_t)fig_count(figures, pl);
		/* a per-city farm event names a city; its phantoms are
		 * farmers elsewhere and are not flagged */
		if (ph != NODE_NONE && efigs[pl] &&
		    carc__find(g, ph) == carc__find(g, node))
			e->phantoms |= (uint8_t)(1u << pl);
	}
	return e;
}

/* Base points then building points to every scorer; the building points
 * come after the others (doc/rules.md#lb-scoring) and are kept apart in
 * the event. */
static void
award(struct carc_game *g, struct event *e, uint32_t scorers, uint32_t points,
      uint32_t bpoints)
{
	e->scorers = (uint8_t)scorers;
	e->bpoints = (uint16_t)bpoints;
	for (uint32_t p = 0; p < g->s.n_players; p++)
		if (scorers & (1u << p)) {
			event_points(e)[p] = (uint16_t)points;
			g->s.score[p] += (int32_t)(points + bpoints);
		}
}

/* Send every figure standing on the set @root (@packed, as from
 * carc__figures_on()) back to its supply. */
static void
return_figures(struct carc_game *g, uint32_t root, uint32_t packed)
{
	for (uint32_t p = 0; p < g->s.n_players; p++) {
		if (fig_count(packed, p) == 0)
			continue;
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++) {
			uint32_t n = g->s.figs[p][k];
			if (n == NODE_NONE || carc__find(g, n) != root)
				continue;
			g->s.hash_figs -= carc__figure_key(g, p, slot_figure(k),
							   n);
			g->s.figs[p][k] = NODE_NONE;
			if (k == PHANTOM_SLOT)
				g->s.phantom[p] = 1;
			else
				g->s.supply[p]++;
		}
	}
	g->nodes[root].kp &= (uint16_t)~KP_OCC;
}

/* Score a road or city (complete or not), with the figures @figures
 * (packed), for its majority. */
static void
score_road_city(struct carc_game *g, uint32_t root, uint32_t rep,
		uint32_t type, uint32_t figures)
{
	const struct node *r = &g->nodes[root];
	uint32_t bpoints, pennants, points, tiles;
	bool complete = r->open == 0;
	struct event *e;

	tiles = count_tiles(g, root, &bpoints, &pennants);
	if (node_kind(r) == CARC_FEATURE_ROAD) {
		points = tiles;
	} else if (!complete) {
		points = tiles + pennants;
	} else if (tiles == 2 && OPT(g->rules, CARC_OPT_SMALL_CITY)) {
		points = tiles + pennants;	/* the old two-tile rule */
	} else {
		points = 2 * (tiles + pennants);
	}
	e = new_event(g, type, node_kind(r), rep, figures);
	e->tiles = (uint16_t)tiles;
	e->pennants = (uint8_t)pennants;
	award(g, e, majority(g, figures), points, bpoints);
}

static void
score_monastery(struct carc_game *g, uint32_t tile, uint32_t node,
		uint32_t type, uint32_t figures)
{
	uint32_t area = 1 + (uint32_t)carc__monastery_neighbours(g, tile);
	struct event *e;

	e = new_event(g, type, CARC_FEATURE_MONASTERY, node, figures);
	e->tiles = (uint16_t)area;
	award(g, e, majority(g, figures), area, carc__buildings_around(g, tile));
}

/* Score monasteries[k] if it holds figures and the tile just placed at
 * @p completed it. */
static void
score_monastery_if_done(struct carc_game *g, const struct placed *p,
			uint32_t k)
{
	const struct monastery *m = &g->monasteries[k];
	/* one test of the common "not near, or empty" case, computed
	 * without the branches of a chain of comparisons */
	bool near = ((uint32_t)(m->x - p->x + 1) <= 2) &
		    ((uint32_t)(m->y - p->y + 1) <= 2) &
		    (node_occ(&g->nodes[m->node]) != 0);
	uint32_t figures;

	if (!near || carc__monastery_neighbours(g, m->tile) != 8)
		return;
	figures = carc__figures_on(g, m->node);
	score_monastery(g, m->tile, m->node, CARC_EVENT_COMPLETED, figures);
	return_figures(g, m->node, figures);
	carc__monastery_held(g, m->node, false);
}

void
carc__score_turn(struct carc_game *g)
{
	uint32_t t = g->s.last_tile;
	const struct placed *p = &g->tiles[t];
	uint32_t done[MAX_TILE_FEATS], n_done = 0;

	/* only the tile's cities and roads can have been completed by it,
	 * and board_place() noted which */
	for (uint32_t m = g->s.completed; m; m &= m - 1) {
		uint32_t i = (uint32_t)carc__ctz32(m), root, figures;
		bool seen = false;

		root = carc__find(g, p->node_base + i);
		for (uint32_t k = 0; k < n_done; k++)
			seen = seen || done[k] == root;
		if (seen)
			continue;
		done[n_done++] = root;
		if (node_occ(&g->nodes[root]) == 0)
			continue;
		figures = carc__figures_on(g, root);
		score_road_city(g, root, p->node_base + i,
				CARC_EVENT_COMPLETED, figures);
		return_figures(g, root, figures);
	}

	/* the placed tile may complete an occupied monastery within one
	 * step: the first 64 monasteries are visited only while they hold
	 * figures (mon_held, most often empty), any others all */
	for (uint64_t held = g->s.mon_held; held; held &= held - 1)
		score_monastery_if_done(g, p,
					(uint32_t)carc__ctz64(held));
	for (uint32_t k = 64; k < g->s.n_monasteries; k++)
		score_monastery_if_done(g, p, k);
}

/* Keep mon_held up to date: monastery node @node holds figures or not. */
void
carc__monastery_held(struct carc_game *g, uint32_t node, bool held)
{
	for (uint32_t k = 0; k < g->s.n_monasteries && k < 64; k++) {
		if (g->monasteries[k].node != node)
			continue;
		if (held)
			g->s.mon_held |= 1ull << k;
		else
			g->s.mon_held &= ~(1ull << k);
		return;
	}
}

/*
 * Farms (doc/rules.md#farms).  For each field holding farmers, walk its
 * pieces and collect the distinct completed cities they border.
 *
 * Scratch space comes from the nodes themselves, so a game needs no
 * scoring arrays: farms are scored once, when the game ends, after the
 * last union, so every node's @size is dead and a city root's becomes a
 * stamp (the field that last counted the city).  The per-city data
 * (farmer totals for the per-city rule, players already paid for the
 * once-per-city rule) goes to city_scratch(): a completed city has at
 * least two pieces (a city piece reaches a side of its tile, which only
 * a piece of the neighbour closes), and a piece that is not the root has
 * dead @size and @open.
 */
static uint32_t *
city_scratch(struct node *nodes, uint32_t root)
{
	return &nodes[nodes[root].next].scratch;
}

static bool
is_completed_city(const struct node *nodes, uint32_t n)
{
	const struct node *c = &nodes[n];

	return c->parent == n && node_kind(c) == CARC_FEATURE_CITY &&
	       c->open == 0;
}

static void
score_farms(struct carc_game *g, const uint16_t *roots,
	    const uint32_t *figures, int n_roots)
{
	uint32_t rule = (uint32_t)OPT(g->rules, CARC_OPT_FARM_SCORING);
	struct node *nodes = g->nodes;
	bool lb = OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS) != 0;
	/* under the per-city rule, fields pay their buildings in events of
	 * their own (doc/rules.md#lb-per-city-fields) */
	bool field_events = rule != CARC_FARM_PER_CITY ||
			    (lb && OPT(g->rules, CARC_OPT_LB_PER_CITY_FIELDS));
	/* stamps count down from 0xffff: a real size is at most
	 * MAX_STACK * MAX_TILE_FEATS, far below, so @size needs no clearing */
	uint16_t gen = 0xffff;

	if (rule != CARC_FARM_PER_FIELD)
		for (uint32_t c = 0; c < g->s.n_nodes; c++)
			if (is_completed_city(nodes, c))
				*city_scratch(nodes, c) = 0;
	for (int r = 0; r < n_roots; r++) {
		uint32_t n = roots[r], figs = figures[r];
		const struct node *f = &nodes[n];
		uint32_t scorers, cities = 0, m = n, bpoints = 0, tiles = 0;
		struct event *e = NULL;

		if (node_kind(f) != CARC_FEATURE_FIELD)
			continue;
		gen--;
		scorers = majority(g, figs);
		if (field_events) {
			e = new_event(g, CARC_EVENT_FARM, CARC_FEATURE_FIELD,
				      n, figs);
			e->scorers = (uint8_t)scorers;
		}
		/* one walk over the field: its tiles and buildings (as
		 * count_tiles() counts them) and the cities it borders */
		do {
			const struct node *piece = &nodes[m];
			const struct placed *pl = &g->tiles[node_tile(piece)];
			uint32_t mask = carc__tiles[pl->type]
						.feats[node_local(piece)].cities;

			if (field_events && first_on_tile(g, m, n)) {
				tiles++;
				if (lb)
					bpoints += carc__building_value(
						g, pl->building);
			}

			for (; mask; mask &= mask - 1) {
				uint32_t c = (uint32_t)carc__ctz32(mask);
				uint32_t root, *data;
				struct node *city;

				root = carc__find(g, pl->node_base + c);
				city = &nodes[root];
				if (city->open != 0 || city->size == gen)
					continue;
				city->size = gen;
				cities++;
				if (rule == CARC_FARM_PER_FIELD) {
					for (uint32_t p = 0;
					     p < g->s.n_players; p++)
						if (scorers & (1u << p)) {
							event_points(e)[p] += 3;
							g->s.score[p] += 3;
						}
					continue;
				}
				data = city_scratch(nodes, root);
				if (rule == CARC_FARM_PER_CITY) {
					*data += figs;
					continue;
				}
				/* the 2001 rule: once per player and city */
				for (uint32_t p = 0; p < g->s.n_players; p++) {
					if (!(scorers & (1u << p)) ||
					    (*data & (1u << p)))
						continue;
					*data |= 1u << p;
					event_points(e)[p] += 3;
					g->s.score[p] += 3;
				}
			}
			m = piece->next;
		} while (m != n);
		if (!e)
			continue;
		e->tiles = (uint16_t)tiles;
		e->cities = (uint8_t)(cities > 255 ? 255 : cities);
		/* buildings pay whenever a farm is scored; a field with no
		 * completed city pays them unless CARC_OPT_LB_ZERO_FIELD is 0
		 * (doc/rules.md#lb-zero-field, doc/rules.md#farm-no-city) */
		if (!lb || (cities == 0 && !OPT(g->rules, CARC_OPT_LB_ZERO_FIELD)))
			continue;
		e->bpoints = (uint16_t)bpoints;
		for (uint32_t p = 0; p < g->s.n_players; p++)
			if (scorers & (1u << p))
				g->s.score[p] += (int32_t)bpoints;
	}

	/* original rule: each completed city once, for the farmer majority
	 * over all fields bordering it */
	if (rule != CARC_FARM_PER_CITY)
		return;
	for (uint32_t c = 0; c < g->s.n_nodes; c++) {
		struct event *e;
		uint32_t unused, pennants, totals;

		if (!is_completed_city(nodes, c))
			continue;
		totals = *city_scratch(nodes, c);
		if (totals == 0)
			continue;
		e = new_event(g, CARC_EVENT_FARM, CARC_FEATURE_CITY, c, totals);
		e->tiles = (uint16_t)count_tiles(g, c, &unused, &pennants);
		e->pennants = (uint8_t)pennants;
		e->cities = 1;
		award(g, e, majority(g, totals), 4, 0);
	}
}

/* Index of @root in the ascending @roots, which holds it. */
static int
root_index(const uint16_t *roots, int n, uint32_t root)
{
	int lo = 0;

	while (n > 1) {
		int half = n / 2;

		if (roots[lo + half] <= root)
			lo += half;
		n -= half;
	}
	return lo;
}

void
carc__score_final(struct carc_game *g)
{
	uint16_t roots[MAX_PLAYERS * MAX_FIGURE_SLOTS];
	uint32_t figures[MAX_PLAYERS * MAX_FIGURE_SLOTS];
	uint64_t held[MAX_NODES / 64 + 1];
	uint32_t words = g->s.n_nodes / 64 + 1;
	int n_roots = 0;

	/* The features that hold figures, in ascending node order (the order
	 * of the final events): found from the figures rather than by a walk
	 * over every node, whose tests the branch predictor cannot learn,
	 * and sorted by a bit set over the nodes rather than by insertion.
	 * A second pass over the figures counts them per feature. */
	memset(held, 0, words * sizeof(held[0]));
	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
			if (g->s.figs[p][k] != NODE_NONE) {
				uint32_t r = carc__find(g, g->s.figs[p][k]);

				held[r / 64] |= 1ull << (r % 64);
			}
	for (uint32_t w = 0; w < words; w++)
		for (uint64_t b = held[w]; b; b &= b - 1)
			roots[n_roots++] = (uint16_t)(w * 64 +
						      (uint32_t)carc__ctz64(b));
	memset(figures, 0, (size_t)n_roots * sizeof(figures[0]));
	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
			if (g->s.figs[p][k] != NODE_NONE) {
				uint32_t r = carc__find(g, g->s.figs[p][k]);

				figures[root_index(roots, n_roots, r)] +=
					1u << (p * FIG_BITS);
			}
	for (int r = 0; r < n_roots; r++) {
		const struct node *nd = &g->nodes[roots[r]];

		if (node_kind(nd) == CARC_FEATURE_MONASTERY)
			score_monastery(g, node_tile(nd), roots[r],
					CARC_EVENT_FINAL, figures[r]);
		else if (node_kind(nd) != CARC_FEATURE_FIELD)
			score_road_city(g, roots[r], roots[r], CARC_EVENT_FINAL,
					figures[r]);
	}
	if (OPT(g->rules, CARC_OPT_FARMERS))
		score_farms(g, roots, figures, n_roots);
}
