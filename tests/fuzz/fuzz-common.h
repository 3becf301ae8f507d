/* SPDX-License-Identifier: MIT */
/*
 * What the parser fuzz harnesses share (fuzz-record.c, fuzz-json.c,
 * fuzz-jcz.c, fuzz-names.c): CHECK(), which reports a broken invariant
 * and aborts, and for the two game readers, carc_game_load() and
 * carc_jcz_import() (the same signature), the call with its failure
 * contract and the round trip through their writers, carc_game_save()
 * and carc_jcz_export().  Static inline, so each harness compiles its
 * own copy with the reader and writer known.
 *
 * A harness defines FUZZ_NAME, its name for the messages, before it
 * includes this header.
 */
#ifndef FUZZ_COMMON_H
#define FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "fuzz-api.h"

#ifndef FUZZ_NAME
#error "define FUZZ_NAME before including fuzz-common.h"
#endif

#define CHECK(cond)                                                          \
	do {                                                                 \
		if (!(cond)) {                                               \
			fprintf(stderr, FUZZ_NAME ": %s:%d: %s\n", __FILE__,  \
				__LINE__, #cond);                            \
			abort();                                             \
		}                                                            \
	} while (0)

/* carc_game_load() and carc_jcz_import() */
typedef int (*fuzz_read_fn)(const char *text, size_t len,
			    struct carc_game **out, uint32_t *line_out,
			    uint32_t *column_out, char *msg, size_t msg_len);
/* carc_game_save() and carc_jcz_export() */
typedef int (*fuzz_write_fn)(const struct carc_game *game, char *buf,
			     size_t n);

/* What fuzz_read() saw: the game, or NULL with the error in rc. */
struct fuzz_read {
	struct carc_game *game;
	int rc;
	uint32_t line, column;
	char msg[160];
};

/* @reader reads the input into @r.  A failure must leave *out alone (a
 * sentinel stands there); a success must give a game, line and column 0
 * and an empty message.  The message starts as 'x's and line and column
 * as UINT32_MAX, so a harness can check what a failure wrote. */
static inline void
fuzz_read(fuzz_read_fn reader, const uint8_t *data, size_t size,
	  struct fuzz_read *r)
{
	/* any non-NULL value the reader must not overwrite on failure */
	struct carc_game *const sentinel = (struct carc_game *)(void *)r;
	struct carc_game *g = sentinel;

	memset(r->msg, 'x', sizeof(r->msg));
	r->line = UINT32_MAX;
	r->column = UINT32_MAX;
	r->rc = reader((const char *)data, size, &g, &r->line, &r->column,
		     r->msg, sizeof(r->msg));
	if (r->rc < 0) {
		CHECK(g == sentinel);
		r->game = NULL;
		return;
	}
	CHECK(r->rc == CARC_OK && g != NULL && g != sentinel);
	CHECK(r->line == 0 && r->column == 0 && r->msg[0] == '\0');
	r->game = g;
}

/* @writer writes @g into a fresh buffer (two-call pattern), of *@len
 * bytes. */
static inline char *
fuzz_write(fuzz_write_fn writer, const struct carc_game *g, int *len)
{
	int n = writer(g, NULL, 0);
	char *buf;

	CHECK(n > 0);
	buf = malloc((size_t)n + 1);
	CHECK(buf != NULL);
	CHECK(writer(g, buf, (size_t)n + 1) == n);
	CHECK(buf[n] == '\0' && strlen(buf) == (size_t)n);
	*len = n;
	return buf;
}

/* @g written and read again: the same hash and history, and written
 * again the same text.  A refusal prints the reader's message. */
static inline void
fuzz_round_trip(fuzz_read_fn reader, fuzz_write_fn writer,
		const struct carc_game *g)
{
	struct carc_game *again = NULL;
	char msg[160];
	char *text, *text2;
	int rc, len, len2;

	text = fuzz_write(writer, g, &len);
	rc = reader(text, (size_t)len, &again, NULL, NULL, msg, sizeof(msg));
	if (rc != CARC_OK)
		fprintf(stderr, FUZZ_NAME ": read again: %s\n", msg);
	CHECK(rc == CARC_OK);
	CHECK(carc_game_hash(again) == carc_game_hash(g));
	CHECK(carc_game_history_count(again) == carc_game_history_count(g));
	text2 = fuzz_write(writer, again, &len2);
	CHECK(len2 == len && memcmp(text, text2, (size_t)len) == 0);
	free(text2);
	free(text);
	carc_game_free(again);
}

#endif /* FUZZ_COMMON_H */
