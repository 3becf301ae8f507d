/* SPDX-License-Identifier: MIT */
/*
 * The game of the bindings' cross-checking programs (python/seeded-game.c,
 * js/native-search.c): default rules plus the expansions of the bit set
 * EXPANSIONS (1 The Phantom, 2 Crop Circles I, 4 Crop Circles II,
 * 8 Little Buildings, 16 The River, 32 Inns & Cathedrals, 64 Traders &
 * Builders), as the Python and JavaScript tests build it too.
 */
#ifndef CARC_BINDINGS_SEEDED_RULES_H
#define CARC_BINDINGS_SEEDED_RULES_H

#include <carcassonne/carcassonne.h>

/* A new game in *out, or a negative CARC_E_* code. */
static inline int
seeded_game_new(uint64_t seed, uint32_t players, unsigned long expansions,
		struct carc_game **out)
{
	static const uint32_t option[] = {
		CARC_OPT_PHANTOM, CARC_OPT_CROP_CIRCLES_I,
		CARC_OPT_CROP_CIRCLES_II, CARC_OPT_LITTLE_BUILDINGS,
		CARC_OPT_RIVER, CARC_OPT_INNS_CATHEDRALS,
		CARC_OPT_TRADERS_BUILDERS,
	};
	struct carc_rules_builder *b;
	struct carc_rules *rules;
	int rc;

	if ((rc = carc_rules_builder_new(&b)) < 0)
		return rc;
	for (unsigned k = 0; k < sizeof(option) / sizeof(option[0]); k++) {
		rc = carc_rules_builder_set(b, option[k],
					    (expansions >> k) & 1u);
		if (rc < 0)
			break;
	}
	if (rc >= 0)
		rc = carc_rules_builder_build(b, &rules);
	carc_rules_builder_free(b);
	if (rc < 0)
		return rc;
	rc = carc_game_new(rules, players, seed, out);
	carc_rules_unref(rules);
	return rc;
}

#endif
