/* SPDX-License-Identifier: MIT */
/*
 * The record-loader fuzz harness: arbitrary bytes go to carc_game_load().
 * Nothing may crash or leak (the sanitizers and valgrind see to that), a
 * failed load must leave *out alone and terminate its message, and a
 * record that loads must save to text that loads to the same hash and
 * saves to the same text again.  Called by libFuzzer in the
 * -Dfuzzing=true build and by fuzz-replay.c in every build.
 */
#define FUZZ_NAME "fuzz-record"
#include "fuzz-common.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_read r;

	fuzz_read(carc_game_load, data, size, &r);
	if (!r.game) {
		CHECK(memchr(r.msg, '\0', sizeof(r.msg)) != NULL ||
		      r.rc == CARC_E_INVALID);
		CHECK(strcmp(carc_strerror(r.rc), "unknown error") != 0);
		return 0;
	}
	fuzz_round_trip(carc_game_load, carc_game_save, r.game);
	carc_game_free(r.game);
	return 0;
}
