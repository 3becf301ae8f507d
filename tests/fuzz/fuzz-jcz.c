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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/jcz.h>

#include "fuzz-api.h"

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, "fuzz-jcz: %s:%d: %s\n", __FILE__,    \
				__LINE__, #cond);                            \
			abort();                                             \
		}                                                            \
	} while (0)

/* carc_jcz_export() into a fresh buffer (two-call pattern); NULL when
 * the rules have no JCZ equivalent, which an import never gives. */
static char *
export(const struct carc_game *g, int *len)
{
	int n = carc_jcz_export(g, NULL, 0);
	char *buf;

	CHECK(n > 0);
	buf = malloc((size_t)n + 1);
	CHECK(buf != NULL);
	CHECK(carc_jcz_export(g, buf, (size_t)n + 1) == n);
	CHECK(buf[n] == '\0' && strlen(buf) == (size_t)n);
	*len = n;
	return buf;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char msg[160];
	/* any non-NULL value the import must not overwrite on failure */
	struct carc_game *const sentinel = (struct carc_game *)(void *)msg;
	struct carc_game *g = sentinel, *again = NULL;
	uint32_t line = UINT32_MAX, column = UINT32_MAX;
	char *text, *text2;
	int rc, len, len2;

	memset(msg, 'x', sizeof(msg));
	rc = carc_jcz_import((const char *)data, size, &g, &line, &column, msg,
			     sizeof(msg));
	if (rc < 0) {
		CHECK(g == sentinel);
		CHECK(rc != CARC_E_INVALID);
		CHECK(memchr(msg, '\0', sizeof(msg)) != NULL);
		CHECK(msg[0] != '\0');
		CHECK(line != UINT32_MAX && column != UINT32_MAX);
		CHECK(strncmp(msg, "replay[", 7) != 0 || strstr(msg, "] ") ||
		      strstr(msg, "]: "));
		return 0;
	}
	CHECK(rc == CARC_OK && g != NULL && g != sentinel);
	CHECK(line == 0 && column == 0 && msg[0] == '\0');
	text = export(g, &len);
	rc = carc_jcz_import(text, (size_t)len, &again, NULL, NULL, msg,
			     sizeof(msg));
	if (rc != CARC_OK)
		fprintf(stderr, "fuzz-jcz: re-import: %s\n", msg);
	CHECK(rc == CARC_OK);
	CHECK(carc_game_hash(again) == carc_game_hash(g));
	CHECK(carc_game_history_count(again) == carc_game_history_count(g));
	text2 = export(again, &len2);
	CHECK(len2 == len && memcmp(text, text2, (size_t)len) == 0);
	free(text2);
	free(text);
	carc_game_free(again);
	carc_game_free(g);
	return 0;
}
