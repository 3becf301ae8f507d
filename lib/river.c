/* SPDX-License-Identifier: MIT */
/*
 * The River, first edition (doc/users/rules.md#river): its tiles' place in the
 * stack.
 */
#include "config.h"

#include "carc-private.h"

/* The river's tiles are not drawn yet: the engine does not play them. */
bool
carc__river_tile_enabled(const int32_t *opt, uint32_t tile)
{
	(void)opt;
	return tile < CARC_TILE_RI_1 || tile > CARC_TILE_RI_10;
}
