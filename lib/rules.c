/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "carc-private.h"

/* Defaults follow the current official rules and, for the ambiguities of
 * doc/users/rules.md#ambiguities, the choices given there. */
static const int32_t opt_default[N_OPTS] = {
	[CARC_OPT_FARM_SCORING] = CARC_FARM_PER_FIELD,
	[CARC_OPT_FARMERS] = 1,
	[CARC_OPT_SMALL_CITY] = 0,
	[CARC_OPT_FOLLOWERS] = 7,
	[CARC_OPT_PHANTOM] = 0,
	[CARC_OPT_CROP_CIRCLES_I] = 0,
	[CARC_OPT_CROP_CIRCLES_II] = 0,
	[CARC_OPT_LITTLE_BUILDINGS] = 0,
	[CARC_OPT_LB_SCORING] = CARC_LB_STANDARD,
	[CARC_OPT_LB_DISTRIBUTION] = CARC_LB_DIST_RULES,
	[CARC_OPT_LB_ZERO_FIELD] = 1,
	[CARC_OPT_LB_PER_CITY_FIELDS] = 1,
	[CARC_OPT_CROP_DEPLOY_ANY] = 0,
	[CARC_OPT_CROP_DEPLOY_MANDATORY] = 0,
	[CARC_OPT_CROP_PHANTOM] = 1,
	[CARC_OPT_CROP_AFTER_PHANTOM] = 1,
	[CARC_OPT_RIVER] = 0,
	[CARC_OPT_RIVER_START_TILE] = CARC_RIVER_START_REMOVED,
	[CARC_OPT_RIVER_U_TURN] = CARC_RIVER_U_ADJACENT,
	[CARC_OPT_INNS_CATHEDRALS] = 0,
	[CARC_OPT_TRADERS_BUILDERS] = 0,
	[CARC_OPT_BUILDER_TURN] = CARC_BUILDER_TURN_OPTIONAL,
	[CARC_OPT_PHANTOM_WITH_FIGURE] = 1,
	[CARC_OPT_BUILDER_ON_COMPLETED] = 1,
	[CARC_OPT_RIVER_LAKE_TURN] = CARC_RIVER_LAKE_TURN,
};

static const struct {
	int32_t min, max;
} opt_range[N_OPTS] = {
	[CARC_OPT_FARM_SCORING] = { 0, 2 },
	[CARC_OPT_FARMERS] = { 0, 1 },
	[CARC_OPT_SMALL_CITY] = { 0, 1 },
	[CARC_OPT_FOLLOWERS] = { 1, MAX_FOLLOWERS },
	[CARC_OPT_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_I] = { 0, 1 },
	[CARC_OPT_CROP_CIRCLES_II] = { 0, 1 },
	[CARC_OPT_LITTLE_BUILDINGS] = { 0, 1 },
	[CARC_OPT_LB_SCORING] = { 0, 1 },
	[CARC_OPT_LB_DISTRIBUTION] = { 0, 1 },
	[CARC_OPT_LB_ZERO_FIELD] = { 0, 1 },
	[CARC_OPT_LB_PER_CITY_FIELDS] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_ANY] = { 0, 1 },
	[CARC_OPT_CROP_DEPLOY_MANDATORY] = { 0, 1 },
	[CARC_OPT_CROP_PHANTOM] = { 0, 1 },
	[CARC_OPT_CROP_AFTER_PHANTOM] = { 0, 1 },
	[CARC_OPT_RIVER] = { 0, 1 },
	[CARC_OPT_RIVER_START_TILE] = { 0, 2 },
	[CARC_OPT_RIVER_U_TURN] = { 0, 3 },
	[CARC_OPT_INNS_CATHEDRALS] = { 0, 1 },
	[CARC_OPT_TRADERS_BUILDERS] = { 0, 1 },
	[CARC_OPT_BUILDER_TURN] = { 0, 1 },
	[CARC_OPT_PHANTOM_WITH_FIGURE] = { 0, 1 },
	[CARC_OPT_BUILDER_ON_COMPLETED] = { 0, 1 },
	[CARC_OPT_RIVER_LAKE_TURN] = { 0, 1 },
};

static bool
option_known(uint32_t option)
{
	return option >= 1 && option < N_OPTS;
}

bool
carc__rules_option_limits(uint32_t option, int32_t *min, int32_t *max,
			  int32_t *def)
{
	if (!option_known(option))
		return false;
	*min = opt_range[option].min;
	*max = opt_range[option].max;
	*def = opt_default[option];
	return true;
}

CARC_EXPORT int
carc_rules_builder_new(struct carc_rules_builder **out)
{
	struct carc_rules_builder *b;

	if (!out)
		return CARC_E_INVALID;
	b = calloc(1, sizeof(*b));
	if (!b)
		return CARC_E_NOMEM;
	memcpy(b->opt, opt_default, sizeof(b->opt));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		b->counts[t] = carc__tiles[t].stack_count;
	*out = b;
	return CARC_OK;
}

CARC_EXPORT int
carc_rules_builder_set(struct carc_rules_builder *b, uint32_t option,
		       int32_t value)
{
	if (!b)
		return CARC_E_INVALID;
	if (!option_known(option))
		return CARC_E_UNKNOWN_OPTION;
	if (value < opt_range[option].min || value > opt_range[option].max)
		return CARC_E_INVALID;
	b->opt[option] = value;
	return CARC_OK;
}

CARC_EXPORT int
carc_rules_builder_set_tile_count(struct carc_rules_builder *b, uint32_t tile,
				  uint32_t count)
{
	if (!b)
		return CARC_E_INVALID;
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	if (count > MAX_STACK)
		return CARC_E_INVALID;
	b->counts[tile] = (uint16_t)count;
	return CARC_OK;
}

/* The stack's part of the hash is the sum over tile types of (count
 * left) x (an odd key of the type): drawing or putting back a tile adds
 * or subtracts its type's key, one load where keys per (type, count)
 * took two mixes. */
static uint64_t
stack_key(uint32_t t)
{
	return carc__mix(0x5245000000000000ull ^ (uint64_t)t << 32) | 1;
}

/* Whether tiles of type @tile enter the stack under options @opt: an
 * expansion's tiles only while it is switched on. */
bool
carc__tile_enabled(const int32_t *opt, uint32_t tile)
{
	return carc__crop_tile_enabled(opt, tile) &&
	       carc__river_tile_enabled(opt, tile) &&
	       carc__ic_tile_enabled(opt, tile) &&
	       (tile < CARC_TILE_TB_1 || tile > CARC_TILE_TB_24 ||
		opt[CARC_OPT_TRADERS_BUILDERS] != 0);
}

/* Tables derived from the const tile definitions, used on the hot path. */
static void
derive_tile_info(struct tile_info *ti, const struct tile_def *d)
{
	uint8_t seen = 0;

	memset(ti, 0, sizeof(*ti));
	memset(ti->side_feat, -1, sizeof(ti->side_feat));
	memset(ti->half_feat, -1, sizeof(ti->half_feat));
	ti->monastery = -1;
	memset(ti->feat_at, -1, sizeof(ti->feat_at));
	ti->n_feats = d->n_feats;
	for (uint32_t i = 0; i < MAX_TILE_FEATS; i++) {
		ti->node0[i].parent = (uint16_t)i;
		ti->node0[i].next = (uint16_t)i;
	}
	/* a river side is a field side in the 2-bit code (fields meet
	 * across it as across a road), told apart by river_rot */
	for (uint32_t r = 0; r < 4; r++) {
		uint8_t e = 0, v = 0;
		for (uint32_t s = 0; s < 4; s++) {
			uint32_t edge = d->edges[(s + 4 - r) & 3];

			if (edge == CARC_EDGE_RIVER) {
				edge = CARC_EDGE_FIELD;
				v |= (uint8_t)(1u << s);
			}
			e |= (uint8_t)(edge << (2 * s));
		}
		ti->edges_rot[r] = e;
		ti->river_rot[r] = v;
	}
	for (int i = 0; i < d->n_feats; i++) {
		const struct feat_def *f = &d->feats[i];

		ti->feat_at[f->kind][f->num] = (int8_t)i;
		ti->attr[i] = (uint8_t)(f->pennants & PA_PENNANTS);
		ti->node0[i].w = (uint32_t)f->kind << NW_KIND_SHIFT;
		if (seen & (1u << f->kind))
			ti->attr[i] |= PA_SIBLING;
		if (f->flags & FEAT_SPECIAL)
			ti->attr[i] |= PA_SPECIAL;
		if (f->kind == CARC_FEATURE_CITY || f->kind == CARC_FEATURE_ROAD)
			ti->node0[i].w |= (uint32_t)((f->sides & 1) +
				(f->sides >> 1 & 1) + (f->sides >> 2 & 1) +
				(f->sides >> 3 & 1));
		ti->code[i] = (uint8_t)(f->kind << 4 | f->num);
		seen |= (uint8_t)(1u << f->kind);
		if (f->kind == CARC_FEATURE_FIELD)
			ti->field_mask |= (uint16_t)(1u << i);
		switch (f->kind) {
		case CARC_FEATURE_CITY:
		case CARC_FEATURE_ROAD:
			for (int s = 0; s < 4; s++)
				if (f->sides & (1u << s))
					ti->side_feat[s] = (int8_t)i;
			break;
		case CARC_FEATURE_FIELD:
			for (int h = 0; h < 8; h++)
				if (f->sides & (1u << h))
					ti->half_feat[h] = (int8_t)i;
			break;
		case CARC_FEATURE_MONASTERY:
			ti->monastery = (int8_t)i;
			break;
		}
	}
}

CARC_EXPORT int
carc_rules_builder_build(const struct carc_rules_builder *b,
			 struct carc_rules **out)
{
	struct carc_rules *r;
	uint32_t total = 0, nodes;

	if (!b || !out)
		return CARC_E_INVALID;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if (carc__tile_enabled(b->opt, t))
			total += b->counts[t];
	/* the start tile, drawn as an ordinary tile with the river */
	total += carc__river_extra_start(b->opt);
	if (total > MAX_STACK)
		return CARC_E_INVALID;

	r = calloc(1, sizeof(*r));
	if (!r)
		return CARC_E_NOMEM;
	if (carc__refcount_init(&r->refcount, 1) < 0) {
		free(r);
		return CARC_E_NOMEM;
	}
	memcpy(r->opt, b->opt, sizeof(r->opt));
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		r->counts[t] = carc__tile_enabled(b->opt, t) ? b->counts[t]
								  : 0;
	r->counts[CARC_TILE_D] = (uint16_t)(r->counts[CARC_TILE_D] +
					    carc__river_extra_start(b->opt));
	carc__river_stack_parts(r->opt, r->counts, &r->river_len,
				&r->river_fixed);
	r->stack_total = total;
	total = 0;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		for (uint32_t c = 0; c < r->counts[t]; c++)
			r->stack0[total++] = (uint8_t)t;
		r->stack_key[t] = stack_key(t);
		r->stack_hash += r->counts[t] * r->stack_key[t];
	}

	nodes = carc__tiles[CARC_TILE_D].n_feats;	/* the start tile */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		nodes += (uint32_t)r->counts[t] * carc__tiles[t].n_feats;
		derive_tile_info(&r->ti[t], &carc__tiles[t]);
		r->ti[t].crop_kind = (uint8_t)carc__crop_kind_of(r->opt, t);
		if (r->ti[t].monastery >= 0)
			r->cap_monasteries += r->counts[t];
	}
	/* fit[t][req]: the rotations of t whose edges match every side that
	 * req constrains (2 bits per side, 0 = open).  A rotation with edges
	 * e fits exactly the 16 requirements that keep some of e's sides and
	 * leave the others open, so enumerate those instead of testing all
	 * 256 (this made carc_rules_builder_build() cost ~500,000
	 * instructions, paid again by every carc_game_save() and load). */
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		for (uint32_t rot = 0; rot < 4; rot++) {
			uint32_t e = r->ti[t].edges_rot[rot];

			for (uint32_t sides = 0; sides < 16; sides++) {
				uint32_t req = 0;

				for (uint32_t s = 0; s < 4; s++)
					if (sides & (1u << s))
						req |= e & (3u << (2 * s));
				r->fit[t][req] |= (uint8_t)(1u << rot);
			}
		}
	r->avx2 = carc__cpu_avx2();
	r->avx512 = carc__cpu_avx512();
	r->cap_tiles = total + 1;
	r->cap_nodes = nodes;
	/* each tile opens at most two new positions net of the one it fills */
	r->cap_frontier = 2 * r->cap_tiles + 2;
	/* city events of the per-city farm rule: at most one per city
	 * piece */
	r->cap_city_events = 0;
	if (r->opt[CARC_OPT_FARM_SCORING] == CARC_FARM_PER_CITY)
		for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
			for (uint32_t i = 0; i < carc__tiles[t].n_feats; i++)
				if (carc__tiles[t].feats[i].kind ==
				    CARC_FEATURE_CITY)
					r->cap_city_events +=
						r->counts[t] +
						(t == CARC_TILE_D ? 1u : 0u);
	/* Traders & Builders: one goods event per kind at the end, and the
	 * events of the last turn's completed cities that no figure held
	 * but that had goods (at most the four cities of its tile): unlike
	 * every other event of the game's last move they stand for no
	 * figure */
	if (r->opt[CARC_OPT_TRADERS_BUILDERS])
		r->cap_city_events += 3 + 4;
	/* per tile drawn: place, deploy, phantom; per crop-circle tile
	 * also the choice and one response per player, which the game's
	 * layout adds (game.c) */
	r->cap_history = total * (2 + (r->opt[CARC_OPT_PHANTOM] ? 1 : 0));
	/* Traders & Builders: the choice of the builder's second tile, at
	 * most once per tile drawn */
	if (r->opt[CARC_OPT_TRADERS_BUILDERS] &&
	    r->opt[CARC_OPT_BUILDER_TURN] == CARC_BUILDER_TURN_OPTIONAL)
		r->cap_history += total;
	r->crop_tiles = 0;
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++)
		if (carc__tiles[t].symbol != CARC_SYMBOL_NONE)
			r->crop_tiles += r->counts[t];
	r->hash_size = 16;
	while (r->hash_size < 2 * r->cap_tiles)
		r->hash_size *= 2;
	*out = r;
	return CARC_OK;
}

CARC_EXPORT void
carc_rules_builder_free(struct carc_rules_builder *b)
{
	free(b);
}

CARC_EXPORT struct carc_rules *
carc_rules_ref(struct carc_rules *rules)
{
	if (rules)
		carc__refcount_inc(&rules->refcount);
	return rules;
}

CARC_EXPORT void
carc_rules_unref(struct carc_rules *rules)
{
	if (!rules)
		return;
	if (carc__refcount_dec(&rules->refcount)) {
		carc__refcount_fini(&rules->refcount);
		free(rules);
	}
}

CARC_EXPORT int
carc_rules_get(const struct carc_rules *rules, uint32_t option,
	       int32_t *value_out)
{
	if (!rules || !value_out)
		return CARC_E_INVALID;
	if (!option_known(option))
		return CARC_E_UNKNOWN_OPTION;
	*value_out = rules->opt[option];
	return CARC_OK;
}

CARC_EXPORT int
carc_rules_tile_count(const struct carc_rules *rules, uint32_t tile)
{
	if (!rules)
		return CARC_E_INVALID;
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	return rules->counts[tile];
}

CARC_EXPORT int
carc_rules_default_tile_count(const struct carc_rules *rules, uint32_t tile)
{
	if (!rules)
		return CARC_E_INVALID;
	if (tile >= CARC_TILE_TYPES)
		return CARC_E_UNKNOWN_TILE;
	/* what carc_rules_builder_new() and _build() give the type */
	if (!carc__tile_enabled(rules->opt, tile))
		return 0;
	return carc__tiles[tile].stack_count +
	       (tile == CARC_TILE_D ? (int)carc__river_extra_start(rules->opt)
				    : 0);
}
