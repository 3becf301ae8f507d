/* SPDX-License-Identifier: MIT */
/*
 * The record-loader fuzz harness: arbitrary bytes go to carc_game_load().
 * Nothing may crash or leak (the sanitizers and valgrind see to that), a
 * failed load must leave *out alone and terminate its message, and a
 * record that loads must save to text that loads to the same hash and
 * saves to the same text again.  Called by libFuzzer in the
 * -Dfuzzing=true build and by fuzz-replay.c in every build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "fuzz-api.h"

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "fuzz-record: %s:%d: %s\n", __FILE__, \
				__LINE__, #cond);                            \
			abort();                                             \
		}                                                            \
	} while (0)

/* carc_game_save() into a fresh buffer (two-call pattern). */
static char *
save(const struct carc_game *g, int *len)
{
	int n = carc_game_save(g, NULL, 0);
	char *buf;

	CHECK(n > 0);
	buf = malloc((size_t)n + 1);
	CHECK(buf != NULL);
	CHECK(carc_game_save(g, buf, (size_t)n + 1) == n);
	CHECK(buf[n] == '\0' && strlen(buf) == (size_t)n);
	*len = n;
	return buf;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[96];
	/* any non-NULL value the loader must not overwrite on failure */
	struct carc_game *const sentinel = (struct carc_game *)(void *)msg;
	struct carc_game *g = sentinel, *again = NULL;
	uint32_t line = 12345, column = 12345;
	char *text, *text2;
	int rc, len, len2;

	memset(msg, 'x', sizeof(msg));
	rc = carc_game_load((const char *)data, size, &g, &line, &column, msg,
			    sizeof(msg));
	if (rc < 0) {
		CHECK(g == sentinel);	/* *out untouched */
		CHECK(memchr(msg, '\0', sizeof(msg)) != NULL ||
		      rc == CARC_E_INVALID);
		CHECK(strcmp(carc_strerror(rc), "unknown error") != 0);
		return 0;
	}
	CHECK(rc == CARC_OK && g != sentinel && g != NULL);
	CHECK(line == 0 && column == 0 && msg[0] == '\0');

	text = save(g, &len);
	rc = carc_game_load(text, (size_t)len, &again, NULL, NULL, NULL, 0);
	CHECK(rc == CARC_OK);
	CHECK(carc_game_hash(again) == carc_game_hash(g));
	CHECK(carc_game_history_count(again) == carc_game_history_count(g));
	text2 = save(again, &len2);
	CHECK(len2 == len && memcmp(text, text2, (size_t)len) == 0);

	free(text2);
	free(text);
	carc_game_free(again);
	carc_game_free(g);
	return 0;
}
