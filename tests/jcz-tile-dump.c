/* SPDX-License-Identifier: MIT */
/*
 * Our side of tests/jcz/jcz-tiles-check.py: every tile type with a JCZ id
 * (lib/jcz/jcz-tiles.c), as JSON on standard output, one object per
 * tile:
 *
 *   {"id": "IC/RCc.i", "tile": "IC-11", "count": 1,
 *    "rotations": [ {"edges": [N, E, S, W],
 *                    "features": [[KIND, SIDES, PENNANTS, FLAGS, GOODS,
 *                                  [CITY SIDES, ...]], ...]}, ... x4 ]}
 *
 * KIND a carc_feature_kind, SIDES carc_tile_feature_sides() in that
 * rotation, the last list the sides of the cities a field borders.
 * "count" is the tile's count in a stack with every expansion on.  Linked
 * with the library's internal archive for carc__jcz_tile_id5().
 */
#include <stdio.h>

#include "jcz/jcz-private.h"

int
main(void)
{
	struct carc_rules_builder *b = NULL;
	struct carc_rules *rules = NULL;
	static const uint32_t on[] = {
		CARC_OPT_PHANTOM,	   CARC_OPT_CROP_CIRCLES_I,
		CARC_OPT_CROP_CIRCLES_II,  CARC_OPT_RIVER,
		CARC_OPT_INNS_CATHEDRALS,  CARC_OPT_TRADERS_BUILDERS,
	};
	bool first = true;

	if (carc_rules_builder_new(&b) < 0)
		return 1;
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++)
		carc_rules_builder_set(b, on[i], 1);
	if (carc_rules_builder_build(b, &rules) < 0)
		return 1;
	carc_rules_builder_free(b);
	printf("[");
	for (uint32_t t = 0; t < CARC_TILE_TYPES; t++) {
		uint32_t feats[16];
		int nf = carc_tile_features(t, feats, 16);
		char id[32];

		if (!carc__jcz_tile_id5(t, id, sizeof(id)) || nf < 0 || nf > 16)
			continue;
		printf("%s\n {\"id\": \"%s\", \"tile\": \"%s\", \"count\": %d, "
		       "\"rotations\": [",
		       first ? "" : ",", id, carc_tile_name(t),
		       carc_rules_tile_count(rules, t));
		first = false;
		for (uint32_t r = 0; r < 4; r++) {
			printf("%s\n  {\"edges\": [%d, %d, %d, %d], "
			       "\"features\": [",
			       r ? "," : "", carc_tile_edge(t, r, 0),
			       carc_tile_edge(t, r, 1), carc_tile_edge(t, r, 2),
			       carc_tile_edge(t, r, 3));
			for (int k = 0; k < nf; k++) {
				uint32_t f = feats[k];
				int cities = carc_tile_field_cities(t, f);

				printf("%s[%u, %d, %d, %d, %d, [", k ? ", " : "",
				       f >> 4, carc_tile_feature_sides(t, r, f),
				       carc_tile_feature_pennants(t, f),
				       carc_tile_feature_flags(t, f),
				       carc_tile_feature_goods(t, f));
				/* city cn is the n-th feature (cities first) */
				for (int c = 0, w = 0; c < nf && c < 31; c++)
					if (cities > 0 && (cities & (1 << c)))
						printf("%s%d", w++ ? ", " : "",
						       carc_tile_feature_sides(
							       t, r, feats[c]));
				printf("]]");
			}
			printf("]}");
		}
		printf("]}");
	}
	printf("\n]\n");
	carc_rules_unref(rules);
	return 0;
}
