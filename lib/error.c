/* SPDX-License-Identifier: MIT */
#include "config.h"

#include "carc-private.h"

_Static_assert(sizeof(enum carc_error) == 4, "enums are 32 bits at the ABI");
_Static_assert(sizeof(enum carc_option) == 4, "enums are 32 bits at the ABI");

CARC_EXPORT const char *
carc_strerror(int code)
{
	switch (code) {
	case CARC_OK: return "success";
	case CARC_E_INVALID: return "invalid argument";
	case CARC_E_NOMEM: return "out of memory";
	case CARC_E_WRONG_PHASE: return "move not allowed at this decision point";
	case CARC_E_NOT_ADJACENT: return "tile shares no side with the board";
	case CARC_E_EDGE_MISMATCH: return "tile side does not match its neighbour";
	case CARC_E_POSITION_TAKEN: return "a tile already lies at that position";
	case CARC_E_FEATURE_OCCUPIED: return "feature already holds a follower";
	case CARC_E_NO_MEEPLE: return "no figure of that kind left in the supply";
	case CARC_E_UNKNOWN_TILE: return "unknown tile or no such tile left";
	case CARC_E_GAME_OVER: return "the game is over";
	case CARC_E_NO_FEATURE: return "the tile has no such feature";
	case CARC_E_WRONG_TILE: return "figures go only on the tile just placed";
	case CARC_E_NOT_ALLOWED: return "not allowed by the rules in force";
	case CARC_E_UNKNOWN_OPTION: return "unknown rule option";
	case CARC_E_NOT_FOUND: return "not found";
	case CARC_E_PARSE: return "malformed record";
	}
	return "unknown error";
}
