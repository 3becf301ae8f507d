/* SPDX-License-Identifier: MIT */
/*
 * The JCloisterZone import fuzz harness: arbitrary bytes go to
 * carc_jcz_import() (and so through the JSON parser of lib/jcz/json.c).
 * Nothing may crash or leak, a failed import must leave *out alone and
 * terminate its message, which for a replay entry names it
 * ("replay[N] TYPE: "), and a game that imports must export to a
 * document that imports to the same hash and exports to the same text
 * again.  Called by libFuzzer in the -Dfuzzing=true build and by
 * fuzz-replay.c in every build (suite fuzz-replay).
 */
#include <carcassonne/jcz.h>

#define FUZZ_NAME "fuzz-jcz"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_read r;

	fuzz_read(carc_jcz_import, data, size, &r);
	if (!r.game) {
		CHECK(r.rc != CARC_E_INVALID);
		CHECK(memchr(r.msg, '\0', sizeof(r.msg)) != NULL);
		CHECK(r.msg[0] != '\0');
		CHECK(r.line != UINT32_MAX && r.column != UINT32_MAX);
		CHECK(strncmp(r.msg, "replay[", 7) != 0 ||
		      strstr(r.msg, "] ") || strstr(r.msg, "]: "));
		return 0;
	}
	fuzz_round_trip(carc_jcz_import, carc_jcz_export, r.game);
	carc_game_free(r.game);
	return 0;
}
