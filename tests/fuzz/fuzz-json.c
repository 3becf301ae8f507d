/* SPDX-License-Identifier: MIT */
/*
 * The JSON fuzz harness: arbitrary bytes go to carc_json_parse() (the
 * internal parser of the JCloisterZone layer, lib/jcz/json.h).
 *
 * A rejected input must leave *out alone and give a position inside the
 * text (line and column from 1, the line at most one past the newlines
 * of the input) and a non-empty, terminated message.  An accepted one is
 * walked node by node: types in range, counts and indexes consistent,
 * object keys unique and found by carc_json_get(), strings of their
 * length without U+0000 and valid UTF-8 (checked here independently),
 * lines never decreasing in document order, numbers whose text strtod()
 * reads entirely, carc_json_double() giving exactly what strtod() gives
 * (false where it overflows), carc_json_int() agreeing with strtoll() and
 * with the double.  Then the document is
 * written, compact and indented, each text parses to the same tree, and
 * writing that again gives the same text.  Called by libFuzzer in the
 * -Dfuzzing=true build (fuzz-json) and by fuzz-replay.c in every build
 * (fuzz-replay-json, suite fuzz-replay).
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define FUZZ_NAME "fuzz-json"
#include "fuzz-common.h"
#include "jcz/json.h"

/* UTF-8 validity written from the definition (RFC 3629): the decoded
 * code point must need exactly the bytes used, and be neither a
 * surrogate nor above U+10FFFF. */
static int
valid_utf8(const unsigned char *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		unsigned long cp;
		size_t k;

		if (s[i] < 0x80) {
			i++;
			continue;
		}
		if ((s[i] & 0xe0) == 0xc0) {
			k = 2;
			cp = s[i] & 0x1f;
		} else if ((s[i] & 0xf0) == 0xe0) {
			k = 3;
			cp = s[i] & 0x0f;
		} else if ((s[i] & 0xf8) == 0xf0) {
			k = 4;
			cp = s[i] & 0x07;
		} else {
			return 0;
		}
		if (n - i < k)
			return 0;
		for (size_t j = 1; j < k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return 0;
			cp = cp << 6 | (s[i + j] & 0x3f);
		}
		if ((k == 2 && cp < 0x80) || (k == 3 && cp < 0x800) ||
		    (k == 4 && cp < 0x10000) || cp > 0x10ffff ||
		    (cp >= 0xd800 && cp <= 0xdfff))
			return 0;
		i += k;
	}
	return 1;
}

static int
by_string(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void
check_number(const struct carc_json_value *v)
{
	const char *text = carc_json_number_text(v);
	char *end;
	double want, got;
	int64_t i;
	int has_int, has_double;

	CHECK(text != NULL);
	CHECK(carc_json_string(v) == NULL);
	want = strtod(text, &end);
	CHECK(*end == '\0' && end != text);
	has_int = carc_json_int(v, &i);
	has_double = carc_json_double(v, &got);
	/* the same double as strtod() of the text, or false for infinity */
	CHECK(has_double == !isinf(want));
	if (has_double) {
		CHECK(got == want);
		CHECK(!signbit(got) == !signbit(want));
	}
	if (has_int) {
		/* every integer is a double, exactly when it is small */
		CHECK(has_double);
		if (i >= -(1ll << 53) && i <= (1ll << 53))
			CHECK(got == (double)i);
	}
	if (!strpbrk(text, ".eE")) {
		/* a plain integer: int64 exactly when strtoll reads it */
		long long ll;

		errno = 0;
		ll = strtoll(text, &end, 10);
		CHECK(*end == '\0');
		CHECK(has_int == (errno != ERANGE));
		CHECK(!has_int || ll == (long long)i);
	}
}

static void check_keys(const struct carc_json_value *v);
static void walk_children(const struct carc_json_value *v, int depth,
			  uint32_t max_line, uint32_t *line);

/* Walk @v (depth-first; recursion as deep as the document, at most
 * CARC_JSON_MAX_DEPTH); *@line is the last line seen. */
static void
walk(const struct carc_json_value *v, int depth, uint32_t max_line,
     uint32_t *line)
{
	enum carc_json_type t = carc_json_type(v);
	size_t n = carc_json_count(v);

	CHECK(v != NULL);
	/* CARC_JSON_MAX_DEPTH containers may nest; a scalar inside the
	 * innermost is one level below it */
	CHECK(depth <= CARC_JSON_MAX_DEPTH ||
	      (depth == CARC_JSON_MAX_DEPTH + 1 && t != CARC_JSON_ARRAY &&
	       t != CARC_JSON_OBJECT));
	CHECK(t >= CARC_JSON_NULL && t <= CARC_JSON_OBJECT);
	CHECK(carc_json_line(v) >= *line && carc_json_line(v) <= max_line);
	*line = carc_json_line(v);
	CHECK(carc_json_is_true(v) == (t == CARC_JSON_TRUE));
	CHECK((carc_json_number_text(v) != NULL) == (t == CARC_JSON_NUMBER));
	CHECK((carc_json_string(v) != NULL) == (t == CARC_JSON_STRING));
	if (t != CARC_JSON_ARRAY && t != CARC_JSON_OBJECT) {
		CHECK(n == 0 && carc_json_at(v, 0) == NULL);
	}
	if (t != CARC_JSON_OBJECT) {
		CHECK(carc_json_key_at(v, 0) == NULL);
		CHECK(carc_json_get(v, "") == NULL);
	}
	switch (t) {
	case CARC_JSON_STRING: {
		const char *s = carc_json_string(v);
		size_t len = carc_json_string_len(v);

		CHECK(strlen(s) == len);
		CHECK(valid_utf8((const unsigned char *)s, len));
		CHECK(!carc_json_int(v, NULL) && !carc_json_double(v, NULL));
		break;
	}
	case CARC_JSON_NUMBER:
		check_number(v);
		break;
	case CARC_JSON_OBJECT:
		check_keys(v);
		walk_children(v, depth, max_line, line);
		break;
	case CARC_JSON_ARRAY:
		walk_children(v, depth, max_line, line);
		break;
	default:
		CHECK(carc_json_string_len(v) == 0);
		break;
	}
}

/* Keys present, valid, unique, and found by carc_json_get(). */
static void
check_keys(const struct carc_json_value *v)
{
	size_t n = carc_json_count(v);
	const char **keys = malloc((n ? n : 1) * sizeof(*keys));

	CHECK(keys != NULL);
	for (size_t i = 0; i < n; i++) {
		keys[i] = carc_json_key_at(v, i);
		CHECK(keys[i] != NULL);
		CHECK(valid_utf8((const unsigned char *)keys[i],
				 strlen(keys[i])));
		CHECK(carc_json_get(v, keys[i]) == carc_json_at(v, i));
	}
	if (n > 1)
		qsort(keys, n, sizeof(*keys), by_string);
	for (size_t i = 1; i < n; i++)
		CHECK(strcmp(keys[i - 1], keys[i]) != 0);
	free(keys);
}

static void
walk_children(const struct carc_json_value *v, int depth, uint32_t max_line,
	      uint32_t *line)
{
	size_t n = carc_json_count(v);

	CHECK(carc_json_at(v, n) == NULL);
	/* a container at the deepest level holds no container */
	CHECK(depth < CARC_JSON_MAX_DEPTH || n == 0 ||
	      (carc_json_type(carc_json_at(v, 0)) != CARC_JSON_ARRAY &&
	       carc_json_type(carc_json_at(v, 0)) != CARC_JSON_OBJECT));
	for (size_t i = 0; i < n; i++)
		walk(carc_json_at(v, i), depth + 1, max_line, line);
}

static void
same(const struct carc_json_value *a, const struct carc_json_value *b)
{
	size_t n = carc_json_count(a);

	CHECK(carc_json_type(a) == carc_json_type(b));
	CHECK(carc_json_count(b) == n);
	switch (carc_json_type(a)) {
	case CARC_JSON_STRING:
		CHECK(carc_json_string_len(a) == carc_json_string_len(b));
		CHECK(strcmp(carc_json_string(a), carc_json_string(b)) == 0);
		break;
	case CARC_JSON_NUMBER:
		CHECK(strcmp(carc_json_number_text(a),
			     carc_json_number_text(b)) == 0);
		break;
	case CARC_JSON_OBJECT:
	case CARC_JSON_ARRAY:
		for (size_t i = 0; i < n; i++) {
			CHECK((carc_json_key_at(a, i) == NULL) ==
			      (carc_json_key_at(b, i) == NULL));
			CHECK(!carc_json_key_at(a, i) ||
			      strcmp(carc_json_key_at(a, i),
				     carc_json_key_at(b, i)) == 0);
			same(carc_json_at(a, i), carc_json_at(b, i));
		}
		break;
	default:
		break;
	}
}

/* Write @root with @indent, parse it back, compare, write again. */
static void
round_trip(const struct carc_json_value *root, int indent)
{
	struct carc_json_writer *w = NULL, *w2 = NULL;
	struct carc_json_doc *back = NULL;
	const char *text, *text2;
	size_t len, len2;
	uint32_t line = 0, col = 0;
	char msg[96] = "";

	CHECK(carc_json_writer_new(&w, indent) == 0);
	carc_json_write_value(w, root);
	CHECK(carc_json_writer_finish(w, &text, &len) == 0);
	CHECK(strlen(text) == len);
	CHECK(indent == 0 || (len > 0 && text[len - 1] == '\n'));
	if (indent == 0)
		CHECK(strchr(text, '\n') == NULL);
	if (carc_json_parse(text, len, &back, &line, &col, msg,
			    sizeof(msg)) != 0) {
		fprintf(stderr, "fuzz-json: written text refused at %u:%u: "
			"%s\n%s\n", line, col, msg, text);
		abort();
	}
	same(root, carc_json_root(back));
	CHECK(carc_json_writer_new(&w2, indent) == 0);
	carc_json_write_value(w2, carc_json_root(back));
	CHECK(carc_json_writer_finish(w2, &text2, &len2) == 0);
	CHECK(len2 == len && memcmp(text, text2, len) == 0);
	carc_json_writer_free(w2);
	carc_json_writer_free(w);
	carc_json_free(back);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct carc_json_doc *doc = (void *)&doc;
	const char *text = (const char *)data;
	uint32_t line = 0, col = 0, newlines = 0, last = 1;
	char msg[64];
	int rc;

	memset(msg, 'x', sizeof(msg));
	for (size_t i = 0; i < size; i++)
		newlines += data[i] == '\n';
	rc = carc_json_parse(text, size, &doc, &line, &col, msg, sizeof(msg));
	if (rc != 0) {
		CHECK(rc == CARC_E_PARSE);
		CHECK(doc == (void *)&doc);
		CHECK(line >= 1 && line <= newlines + 1);
		CHECK(col >= 1 && col <= size + 1);
		CHECK(memchr(msg, '\0', sizeof(msg)) != NULL);
		CHECK(msg[0] != '\0' && strchr(msg, '\n') == NULL);
		return 0;
	}
	CHECK(line == 0 && col == 0 && msg[0] == '\0');
	walk(carc_json_root(doc), 1, newlines + 1, &last);
	round_trip(carc_json_root(doc), 0);
	round_trip(carc_json_root(doc), 2);
	carc_json_free(doc);
	return 0;
}
