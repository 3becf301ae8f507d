/* SPDX-License-Identifier: MIT */
/*
 * Scoring: completed features after each turn
 * (doc/users/rules.md#scoring-play), incomplete features and farms at the end
 * (doc/users/rules.md#game-end, doc/users/rules.md#farms).
 */
#include "config.h"

#include <string.h>

#include "carc-private.h"

/* A set's distinct tiles: a feature that passes through one tile twice
 * (both caps of an H or I tile, say) counts that tile and its building
 * once (doc/users/rules.md#per-tile).  A bit per placed tile, tested and
 * set for each piece: 1 when @tile is new to @seen.  Without a branch,
 * where a search of the piece's siblings on its tile branched on their
 * number and sets, which the predictor cannot learn (fields, with up to
 * four pieces a tile, most). */
static inline uint32_t
first_visit(uint64_t *seen, uint32_t tile)
{
	uint32_t fresh = (uint32_t)(~seen[tile / 64] >> (tile % 64)) & 1;

	seen[tile / 64] |= 1ull << (tile % 64);
	return fresh;
}

/* Room for a bit per placed tile (first_visit()). */
#define TILE_WORDS (MAX_STACK / 64 + 1)

/* Distinct tiles of the set rooted at @root, in @bpoints the value of
 * the buildings on them and in @pennants the pennants of its pieces;
 * PA_SPECIAL in @special when a piece has an inn or a cathedral. */
static uint32_t
count_tiles(const struct carc_game *g, uint32_t root, uint32_t *bpoints,
	    uint32_t *pennants, uint32_t *special)
{
	uint32_t n = 0, m = root, b = 0, pn = 0, sp = 0;
	bool lb = OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS) != 0;
	uint64_t seen[TILE_WORDS];

	memset(seen, 0, (g->s.n_tiles / 64 + 1) * sizeof(seen[0]));
	do {
		const struct node *nd = &g->nodes[m];
		const struct placed *pl = &g->tiles[node_tile(nd)];
		uint32_t attr = g->ti[pl->type].attr[m - pl->node_base];
		uint32_t fresh = first_visit(seen, node_tile(nd));

		pn += attr & PA_PENNANTS;
		sp |= attr;
		n += fresh;
		if (lb)
			b += fresh * carc__building_value(g, pl->building);
		m = nd->next;
	} while (m != root);
	*bpoints = b;
	*pennants = pn;
	*special = sp & PA_SPECIAL;
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
	const struct placed *p = node_placed(g, node);
	uint8_t *efigs = event_figures(e, g->s.n_players);

	memset(e, 0, event_size(g->s.n_players));
	e->type = (uint8_t)type;
	e->kind = (uint8_t)kind;
	e->feature = g->ti[p->type].code[node - p->node_base];
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

/* Points then building points to every scorer as @v computed them; the
 * building points come after the others (doc/users/rules.md#lb-scoring) and
 * are kept apart in the event. */
static void
award(struct carc_game *g, struct event *e, const struct feature_value *v)
{
	e->scorers = (uint8_t)v->scorers;
	e->bpoints = (uint16_t)v->bvalue;
	for (uint32_t p = 0; p < g->s.n_players; p++) {
		event_points(e)[p] = (uint16_t)v->points[p];
		g->s.score[p] += (int32_t)v->points[p];
		if (v->scorers & (1u << p))
			g->s.score[p] += (int32_t)v->bvalue;
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
			else if (k == LARGE_SLOT)
				g->s.large[p] = 1;
			else
				g->s.supply[p]++;
		}
	}
	g->nodes[root].w &= ~NW_OCC;
	/* builders go with their owners' followers */
	if (carc__tb(g))
		for (uint32_t p = 0; p < g->s.n_players; p++)
			if (fig_count(packed, p))
				carc__traders_left(g, p, root);
}

/* Share @v->value and @v->bvalue out to the majority of @figures. */
static void
share(const struct carc_game *g, uint32_t figures, struct feature_value *v)
{
	v->figures = figures;
	v->scorers = majority(g, figures);
	for (uint32_t p = 0; p < g->s.n_players; p++)
		v->points[p] = (v->scorers >> p & 1) ? v->value : 0;
}

/* What the road, city or monastery rooted at @root would score now with
 * the figures @figures (packed): the completion value when it is
 * complete, the end-of-game value when not (doc/users/rules.md#scoring-play,
 * doc/users/rules.md#game-end, doc/users/rules.md#lb-scoring). */
static void
value_of(const struct carc_game *g, uint32_t root, uint32_t figures,
	 struct feature_value *v)
{
	const struct node *r = &g->nodes[root];
	uint32_t kind = node_kind(g, root), tiles, pennants = 0, bpoints,
		 special;

	v->kind = kind;
	v->cities = 0;
	if (kind == CARC_FEATURE_MONASTERY) {
		/* a monastery is never joined: the node is its own root */
		tiles = 1 + (uint32_t)carc__monastery_neighbours(
				    g, node_tile(r));
		v->complete = tiles == 9;
		v->value = tiles;
		bpoints = carc__buildings_around(g, node_tile(r));
	} else {
		tiles = count_tiles(g, root, &bpoints, &pennants, &special);
		v->complete = node_open(r) == 0;
		/* an inn on a road, a cathedral in a city: more when
		 * complete, nothing at the end of the game
		 * (doc/users/rules.md#ic-inn, doc/users/rules.md#ic-cathedral) */
		if (special && !v->complete)
			v->value = 0;
		else if (kind == CARC_FEATURE_ROAD)
			v->value = special ? 2 * tiles : tiles;
		else if (!v->complete)
			v->value = tiles + pennants;
		else if (special)
			v->value = 3 * (tiles + pennants);
		else if (tiles == 2 && OPT(g->rules, CARC_OPT_SMALL_CITY))
			v->value = tiles + pennants;	/* the old two-tile rule */
		else
			v->value = 2 * (tiles + pennants);
	}
	v->tiles = tiles;
	v->pennants = pennants;
	v->bvalue = bpoints;
	share(g, figures, v);
}

/* Score a road, city or monastery (complete or not), with the figures
 * @figures (packed), for its majority; @rep names it in the event. */
static struct event *
score_feature(struct carc_game *g, uint32_t root, uint32_t rep,
	      uint32_t type, uint32_t figures)
{
	struct feature_value v;
	struct event *e;

	value_of(g, root, figures, &v);
	e = new_event(g, type, v.kind, rep, figures);
	e->tiles = (uint16_t)v.tiles;
	e->pennants = (uint8_t)v.pennants;
	award(g, e, &v);
	return e;
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
	score_feature(g, m->node, m->node, CARC_EVENT_COMPLETED, figures);
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
		if (carc__tb(g) &&
		    node_kind(g, root) == CARC_FEATURE_CITY) {
			/* goods go to the player who completed the city, held
			 * or not (doc/users/rules.md#traders-goods) */
			figures = carc__figures_on(g, root);
			score_feature(g, root, p->node_base + i,
				      CARC_EVENT_COMPLETED, figures);
			if (carc__traders_completed(g, root) == 0 &&
			    figures == 0)
				g->s.n_events--;	/* nothing to report */
			return_figures(g, root, figures);
			continue;
		}
		if (node_occ(&g->nodes[root]) == 0)
			continue;
		figures = carc__figures_on(g, root);
		score_feature(g, root, p->node_base + i, CARC_EVENT_COMPLETED,
			      figures);
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

/* The features that hold figures, in ascending node order (the order of
 * the final events), and the figures on each (packed).  Found from the
 * figures rather than by a walk over every node, whose tests the branch
 * predictor cannot learn, and sorted by a bit set over the nodes rather
 * than by insertion.  A second pass over the figures counts them per
 * feature. */
struct held {
	int n;
	uint16_t roots[MAX_PLAYERS * MAX_FIGURE_SLOTS];
	uint32_t figures[MAX_PLAYERS * MAX_FIGURE_SLOTS];
};

static void
collect_held(const struct carc_game *g, struct held *h)
{
	uint64_t bits[MAX_NODES / 64 + 1];
	uint32_t words = g->s.n_nodes / 64 + 1;

	h->n = 0;
	memset(bits, 0, words * sizeof(bits[0]));
	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
			if (g->s.figs[p][k] != NODE_NONE) {
				uint32_t r = carc__find(g, g->s.figs[p][k]);

				bits[r / 64] |= 1ull << (r % 64);
			}
	for (uint32_t w = 0; w < words; w++)
		for (uint64_t b = bits[w]; b; b &= b - 1)
			h->roots[h->n++] = (uint16_t)(w * 64 +
					(uint32_t)carc__ctz64(b));
	memset(h->figures, 0, (size_t)h->n * sizeof(h->figures[0]));
	for (uint32_t p = 0; p < g->s.n_players; p++)
		for (uint32_t k = 0; k < MAX_FIGURE_SLOTS; k++)
			if (g->s.figs[p][k] != NODE_NONE) {
				uint32_t r = carc__find(g, g->s.figs[p][k]);

				h->figures[root_index(h->roots, h->n, r)] +=
					slot_strength(k) << (p * FIG_BITS);
			}
}

/*
 * Farms (doc/users/rules.md#farms).  What a field would score is computed from
 * the field alone for the current rule, and under the two rules where fields
 * interact (per city; once per player and city) from the fields holding farmers
 * that border each of its cities.  A city's bordering fields are found from the
 * city's pieces: a city piece lists, on its tile, the fields next to it
 * (feat_def.cities).  Nothing is written to the board, so the queries use the
 * same code as the final scoring.
 */

/* In @mask (bit i: @h->roots[i]) the farmer fields that border the
 * completed city rooted at @city. */
static void
city_fields(const struct carc_game *g, uint32_t city, const struct held *h,
	    uint64_t mask[2])
{
	uint32_t m = city;

	mask[0] = mask[1] = 0;
	do {
		const struct node *piece = &g->nodes[m];
		const struct placed *pl = &g->tiles[node_tile(piece)];
		const struct tile_def *d = &carc__tiles[pl->type];
		uint32_t local = m - pl->node_base;

		for (uint32_t i = 0; i < d->n_feats; i++) {
			uint32_t r;
			int k;

			if (d->feats[i].kind != CARC_FEATURE_FIELD ||
			    !(d->feats[i].cities >> local & 1))
				continue;
			r = carc__find(g, pl->node_base + i);
			if (node_occ(&g->nodes[r]) == 0)
				continue;
			k = root_index(h->roots, h->n, r);
			mask[k / 64] |= 1ull << (k % 64);
		}
		m = piece->next;
	} while (m != city);
}

/* The farmers over all fields bordering completed city @city (packed),
 * for the per-city rule. */
static uint32_t
city_farmers(const struct carc_game *g, uint32_t city, const struct held *h)
{
	uint64_t mask[2];
	uint32_t totals = 0;

	city_fields(g, city, h, mask);
	for (int i = 0; i < h->n; i++)
		if (mask[i / 64] >> (i % 64) & 1)
			totals += h->figures[i];
	return totals;
}

/* Players that a field before @before (in @h's order) holding their
 * majority pays for completed city @city already (the 2001 rule). */
static uint32_t
city_paid_before(const struct carc_game *g, uint32_t city,
		 const struct held *h, uint32_t before)
{
	uint64_t mask[2];
	uint32_t paid = 0;

	city_fields(g, city, h, mask);
	for (int i = 0; i < h->n && h->roots[i] < before; i++)
		if (mask[i / 64] >> (i % 64) & 1)
			paid |= majority(g, h->figures[i]);
	return paid;
}

uint32_t
carc__city_farm_scorers(const struct carc_game *g, uint32_t city)
{
	uint32_t rule = (uint32_t)OPT(g->rules, CARC_OPT_FARM_SCORING);
	const struct node *c = &g->nodes[city];
	struct held h;
	uint64_t mask[2];
	uint32_t scorers = 0;

	if (!OPT(g->rules, CARC_OPT_FARMERS) ||
	    node_kind(g, city) != CARC_FEATURE_CITY || node_open(c) != 0)
		return 0;
	collect_held(g, &h);
	if (rule == CARC_FARM_PER_CITY)
		return majority(g, city_farmers(g, city, &h));
	city_fields(g, city, &h, mask);
	for (int i = 0; i < h.n; i++)
		if (mask[i / 64] >> (i % 64) & 1)
			scorers |= majority(g, h.figures[i]);
	return scorers;
}

/* Traders & Builders (doc/users/rules.md#traders-pig-score): 1 when
 * @player's pig stands in a field with farmers that borders completed
 * city @city and, with @need_majority, in which he holds the farmer
 * majority. */
static uint32_t
pig_bonus(const struct carc_game *g, uint32_t city, const struct held *h,
	  uint32_t player, bool need_majority)
{
	uint64_t mask[2];
	uint32_t pig = g->s.pig[player], r;
	int k;

	if (pig == NODE_NONE || h->n == 0)
		return 0;
	r = carc__find(g, pig);
	k = root_index(h->roots, h->n, r);
	if (h->roots[k] != r)
		return 0;
	city_fields(g, city, h, mask);
	if (!(mask[k / 64] >> (k % 64) & 1))
		return 0;
	if (need_majority && !(majority(g, h->figures[k]) >> player & 1))
		return 0;
	return 1;
}

/* To @gain, the pig points that completed city @city pays the players
 * in @who through a field (pig_bonus()). */
static void
pig_gains(const struct carc_game *g, uint32_t city, const struct held *h,
	  uint32_t who, bool need_majority, uint32_t *gain)
{
	for (uint32_t p = 0; p < g->s.n_players; p++)
		if (who >> p & 1)
			gain[p] += pig_bonus(g, city, h, p, need_majority);
}

/* What the field rooted at @root, holding @figures, would score at the
 * end of the game now; @h lists the fields that hold farmers. */
static void
field_value(const struct carc_game *g, uint32_t root, uint32_t figures,
	    const struct held *h, struct feature_value *v)
{
	uint32_t rule = (uint32_t)OPT(g->rules, CARC_OPT_FARM_SCORING);
	bool lb = OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS) != 0;
	uint64_t seen[MAX_NODES / 64 + 1], seen_tiles[TILE_WORDS];
	uint32_t m = root, tiles = 0, bpoints = 0, cities = 0;
	/* points by player from the cities, under the rules that pay them
	 * through the majority at each city */
	uint32_t gain[MAX_PLAYERS] = { 0 }, present = 0;
	uint32_t per_city = rule == CARC_FARM_PER_CITY ? 4 : 3;

	v->kind = CARC_FEATURE_FIELD;
	v->complete = 0;
	v->pennants = 0;
	v->value = 0;
	share(g, figures, v);
	for (uint32_t p = 0; p < g->s.n_players && rule == CARC_FARM_PER_CITY;
	     p++)
		present |= (uint32_t)(fig_count(figures, p) != 0) << p;
	/* one walk over the field: its tiles and buildings (as
	 * count_tiles() counts them) and the distinct completed cities it
	 * borders */
	memset(seen_tiles, 0, (g->s.n_tiles / 64 + 1) * sizeof(seen_tiles[0]));
	memset(seen, 0, (g->s.n_nodes / 64 + 1) * sizeof(seen[0]));
	do {
		const struct node *piece = &g->nodes[m];
		const struct placed *pl = &g->tiles[node_tile(piece)];
		uint32_t mask = carc__tiles[pl->type]
					.feats[m - pl->node_base].cities;
		uint32_t fresh = first_visit(seen_tiles, node_tile(piece));

		tiles += fresh;
		if (lb)
			bpoints += fresh * carc__building_value(g,
								pl->building);
		for (; mask; mask &= mask - 1) {
			uint32_t c = (uint32_t)carc__ctz32(mask);
			uint32_t city = carc__find(g, pl->node_base + c), who;
			/* a completed city not met before, told without a
			 * branch (which cities a piece borders, and whether
			 * they are complete, no predictor learns) */
			uint32_t new_city = (node_open(&g->nodes[city]) == 0) &
					    (uint32_t)(~seen[city / 64] >>
						       (city % 64));

			seen[city / 64] |= (uint64_t)new_city << (city % 64);
			cities += new_city;
			if (rule == CARC_FARM_PER_FIELD || !new_city)
				continue;	/* each city pays the scorers */
			/* who this city pays through this field */
			if (rule == CARC_FARM_PER_CITY)
				who = majority(g, city_farmers(g, city, h)) &
				      present;
			else
				who = v->scorers &
				      ~city_paid_before(g, city, h, root);
			for (uint32_t p = 0; p < g->s.n_players; p++)
				gain[p] += (who >> p & 1) * per_city;
			if (carc__tb(g) && who)
				pig_gains(g, city, h, who,
					  rule != CARC_FARM_PER_CITY, gain);
		}
		m = piece->next;
	} while (m != root);
	v->tiles = tiles;
	v->cities = cities;
	v->value = per_city * cities;
	for (uint32_t p = 0; p < g->s.n_players; p++)
		v->points[p] = rule == CARC_FARM_PER_FIELD
				       ? ((v->scorers >> p & 1) ? v->value : 0)
				       : gain[p];
	/* the pig: one point more per city to a scorer whose pig is in
	 * the field (doc/users/rules.md#traders-pig-score) */
	if (carc__tb(g) && rule == CARC_FARM_PER_FIELD)
		for (uint32_t p = 0; p < g->s.n_players; p++)
			if ((v->scorers >> p & 1) &&
			    g->s.pig[p] != NODE_NONE &&
			    carc__find(g, g->s.pig[p]) == root)
				v->points[p] += cities;
	/* buildings pay whenever a farm is scored; a field with no
	 * completed city pays them unless CARC_OPT_LB_ZERO_FIELD is 0, and
	 * under the per-city rule only with CARC_OPT_LB_PER_CITY_FIELDS
	 * (doc/users/rules.md#lb-zero-field, doc/users/rules.md#farm-no-city,
	 * doc/users/rules.md#lb-per-city-fields) */
	if (!lb || (cities == 0 && !OPT(g->rules, CARC_OPT_LB_ZERO_FIELD)) ||
	    (rule == CARC_FARM_PER_CITY &&
	     !OPT(g->rules, CARC_OPT_LB_PER_CITY_FIELDS)))
		bpoints = 0;
	v->bvalue = bpoints;
}

void
carc__feature_value(const struct carc_game *g, uint32_t root,
		    struct feature_value *v)
{
	uint32_t figures = carc__figures_on(g, root);

	if (node_kind(g, root) == CARC_FEATURE_FIELD) {
		struct held h;

		collect_held(g, &h);
		field_value(g, root, figures, &h, v);
		return;
	}
	value_of(g, root, figures, v);
}

/* Score the farms: one event per field holding farmers, under the
 * per-city rule one per completed city that farmers border instead
 * (and, with Little Buildings, field events for the building points
 * alone). */
static void
score_farms(struct carc_game *g, const struct held *h)
{
	uint32_t rule = (uint32_t)OPT(g->rules, CARC_OPT_FARM_SCORING);
	bool lb = OPT(g->rules, CARC_OPT_LITTLE_BUILDINGS) != 0;
	/* under the per-city rule, fields pay their buildings in events of
	 * their own (doc/users/rules.md#lb-per-city-fields) */
	bool field_events = rule != CARC_FARM_PER_CITY ||
			    (lb && OPT(g->rules, CARC_OPT_LB_PER_CITY_FIELDS));

	for (int r = 0; field_events && r < h->n; r++) {
		struct feature_value v;
		struct event *e;

		if (node_kind(g, h->roots[r]) != CARC_FEATURE_FIELD)
			continue;
		field_value(g, h->roots[r], h->figures[r], h, &v);
		e = new_event(g, CARC_EVENT_FARM, CARC_FEATURE_FIELD,
			      h->roots[r], h->figures[r]);
		e->tiles = (uint16_t)v.tiles;
		e->cities = (uint8_t)(v.cities > 255 ? 255 : v.cities);
		/* per city, the farm points come in the city events */
		if (rule == CARC_FARM_PER_CITY)
			memset(v.points, 0, sizeof(v.points));
		award(g, e, &v);
	}

	/* original rule: each completed city once, for the farmer majority
	 * over all fields bordering it */
	if (rule != CARC_FARM_PER_CITY)
		return;
	for (uint32_t c = 0; c < g->s.n_nodes; c++) {
		const struct node *city = &g->nodes[c];
		struct feature_value v;
		struct event *e;
		uint32_t unused, pennants, totals, special;

		if (city->parent != c || node_kind(g, c) != CARC_FEATURE_CITY ||
		    node_open(city) != 0)
			continue;
		totals = city_farmers(g, c, h);
		if (totals == 0)
			continue;
		e = new_event(g, CARC_EVENT_FARM, CARC_FEATURE_CITY, c, totals);
		e->tiles = (uint16_t)count_tiles(g, c, &unused, &pennants,
						 &special);
		e->pennants = (uint8_t)pennants;
		e->cities = 1;
		v.value = 4;
		v.bvalue = 0;
		share(g, totals, &v);
		if (carc__tb(g))
			for (uint32_t p = 0; p < g->s.n_players; p++)
				if (v.scorers >> p & 1)
					v.points[p] += pig_bonus(g, c, h, p,
								 false);
		award(g, e, &v);
	}
}

void
carc__score_final(struct carc_game *g)
{
	struct held h;

	collect_held(g, &h);
	for (int r = 0; r < h.n; r++)
		if (node_kind(g, h.roots[r]) != CARC_FEATURE_FIELD)
			score_feature(g, h.roots[r], h.roots[r],
				      CARC_EVENT_FINAL, h.figures[r]);
	if (OPT(g->rules, CARC_OPT_FARMERS))
		score_farms(g, &h);
	if (carc__tb(g))
		carc__traders_final(g);
}
