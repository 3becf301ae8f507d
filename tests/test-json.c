/* SPDX-License-Identifier: MIT */
/*
 * The JSON parser and writer of the JCloisterZone layer (lib/jcz/json.h):
 * accepted documents and their values, every rejection with its exact
 * line, column and message, the writer's output byte for byte, round
 * trips, deep and large documents.  The carc_json_ functions are not
 * exported, so this program links the static archive (allocation
 * failures are injected by tests/robust/test-oom.c).
 */
#include "config.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "test-common.h"
#include "jcz/json.h"

static struct carc_json_doc *
parse_ok(const char *text, size_t len)
{
	struct carc_json_doc *doc = NULL;
	uint32_t line = 99, col = 99;
	char msg[128] = "x";
	int rc = carc_json_parse(text, len, &doc, &line, &col, msg,
				 sizeof(msg));

	ck_assert_msg(rc == 0, "%s: %d at %u:%u: %s", text, rc, line, col,
		      msg);
	ck_assert_ptr_nonnull(doc);
	ck_assert_uint_eq(line, 0);
	ck_assert_uint_eq(col, 0);
	ck_assert_str_eq(msg, "");
	return doc;
}

static struct carc_json_doc *
parse_str(const char *text)
{
	return parse_ok(text, strlen(text));
}

/* ------------------------------------------------------------------ */
/* Rejections                                                           */
/* ------------------------------------------------------------------ */

static const struct reject {
	const char *text;
	size_t len;		/* 0: strlen(text) */
	uint32_t line, column;
	const char *msg;
} rejects[] = {
	{ "", 0, 1, 1, "empty document" },
	{ "   ", 0, 1, 4, "empty document" },
	{ " \n\t\r\n ", 0, 3, 2, "empty document" },
	{ "\xef\xbb\xbf", 0, 1, 1, "empty document" },
	{ "\xef\xbb", 0, 1, 1, "expected a value" },
	/* structure */
	{ "[1,]", 0, 1, 3, "trailing comma in array" },
	{ "[1,\n]", 0, 1, 3, "trailing comma in array" },
	{ "{\"a\":1,}", 0, 1, 7, "trailing comma in object" },
	{ "{\"a\":1 , }", 0, 1, 8, "trailing comma in object" },
	{ "[,1]", 0, 1, 2, "expected a value" },
	{ "{,}", 0, 1, 2, "expected a string key in object" },
	{ "{1:2}", 0, 1, 2, "expected a string key in object" },
	{ "{'a':2}", 0, 1, 2, "expected a string key in object" },
	{ "[1 2]", 0, 1, 4, "expected ',' or ']' in array" },
	{ "[\"a\" : 1]", 0, 1, 6, "expected ',' or ']' in array" },
	{ "[1}", 0, 1, 3, "expected ',' or ']' in array" },
	{ "{\"a\" 1}", 0, 1, 6, "expected ':' after object key" },
	{ "{\"a\":1 \"b\":2}", 0, 1, 8, "expected ',' or '}' in object" },
	{ "{\"a\":1]", 0, 1, 7, "expected ',' or '}' in object" },
	{ "{\"a\":}", 0, 1, 6, "expected a value" },
	{ "[", 0, 1, 2, "unexpected end of input" },
	{ "[[[", 0, 1, 4, "unexpected end of input" },
	{ "[1", 0, 1, 3, "unexpected end of input" },
	{ "[1,", 0, 1, 4, "unexpected end of input" },
	{ "{", 0, 1, 2, "unexpected end of input" },
	{ "{\"a\"", 0, 1, 5, "unexpected end of input" },
	{ "{\"a\":", 0, 1, 6, "unexpected end of input" },
	{ "{\"a\":1", 0, 1, 7, "unexpected end of input" },
	{ "1 2", 0, 1, 3, "unexpected text after the value" },
	{ "{} x", 0, 1, 4, "unexpected text after the value" },
	{ "[1]\0", 4, 1, 4, "unexpected text after the value" },
	{ "[1]/*c*/", 0, 1, 4, "unexpected text after the value" },
	{ "// c\n1", 0, 1, 1, "expected a value" },
	{ "'a'", 0, 1, 1, "expected a value" },
	{ "\xc3\xa9", 0, 1, 1, "expected a value" },
	{ "{\n  \"a\": 1,\n  \"b\" 2\n}", 0, 3, 7,
	  "expected ':' after object key" },
	{ "\xef\xbb\xbf[1,]", 0, 1, 3, "trailing comma in array" },
	{ "[\"\xc3\xa9\", x]", 0, 1, 7, "expected a value" },
	{ "[\"\xf0\x9f\x98\x80\xe2\x82\xac\",\n \"\xc3\xa9\" ?]", 0, 2, 6,
	  "expected ',' or ']' in array" },
	/* literals */
	{ "tru", 0, 1, 1, "invalid literal" },
	{ "[nul]", 0, 1, 2, "invalid literal" },
	{ "nan", 0, 1, 1, "invalid literal" },
	{ "falsy", 0, 1, 1, "invalid literal" },
	{ "truex", 0, 1, 5, "unexpected text after the value" },
	{ "True", 0, 1, 1, "expected a value" },
	{ "NaN", 0, 1, 1, "expected a value" },
	{ "Infinity", 0, 1, 1, "expected a value" },
	/* numbers */
	{ "01", 0, 1, 2, "leading zero in number" },
	{ "-01", 0, 1, 3, "leading zero in number" },
	{ "[00]", 0, 1, 3, "leading zero in number" },
	{ "-", 0, 1, 2, "digit expected after '-'" },
	{ "-a", 0, 1, 2, "digit expected after '-'" },
	{ "-Infinity", 0, 1, 2, "digit expected after '-'" },
	{ "[-]", 0, 1, 3, "digit expected after '-'" },
	{ "1.", 0, 1, 3, "digit expected after '.'" },
	{ "1.e3", 0, 1, 3, "digit expected after '.'" },
	{ ".5", 0, 1, 1, "expected a value" },
	{ "+1", 0, 1, 1, "expected a value" },
	{ "1e", 0, 1, 3, "digit expected in exponent" },
	{ "1e+", 0, 1, 4, "digit expected in exponent" },
	{ "[1E-]", 0, 1, 5, "digit expected in exponent" },
	{ "1.5.3", 0, 1, 4, "unexpected text after the value" },
	{ "0x10", 0, 1, 2, "unexpected text after the value" },
	/* strings */
	{ "\"abc", 0, 1, 1, "unterminated string" },
	{ "[\"abc\\", 0, 1, 2, "unterminated string" },
	{ "\"a\\\"", 0, 1, 1, "unterminated string" },
	{ "\"\\x\"", 0, 1, 2, "invalid escape in string" },
	{ "\"ab\\'\"", 0, 1, 4, "invalid escape in string" },
	{ "\"\\u\"", 0, 1, 2, "invalid \\u escape" },
	{ "\"\\u12\"", 0, 1, 2, "invalid \\u escape" },
	{ "\"\\u12G4\"", 0, 1, 2, "invalid \\u escape" },
	{ "\"\\u0000\"", 0, 1, 2, "string contains U+0000" },
	{ "\"\\ud800\"", 0, 1, 2, "unpaired surrogate in \\u escape" },
	{ "\"\\udc00\"", 0, 1, 2, "unpaired surrogate in \\u escape" },
	{ "\"x\\ud800\\u0041\"", 0, 1, 3,
	  "unpaired surrogate in \\u escape" },
	{ "\"\\ud800\\ud800\"", 0, 1, 2, "unpaired surrogate in \\u escape" },
	{ "\"\\uDBFF\\uE000\"", 0, 1, 2, "unpaired surrogate in \\u escape" },
	{ "\"\\ud800\\", 0, 1, 2, "unpaired surrogate in \\u escape" },
	{ "\"a\x01\"", 0, 1, 3, "control character in string" },
	{ "\"a\nb\"", 0, 1, 3, "control character in string" },
	{ "\"\t\"", 0, 1, 2, "control character in string" },
	{ "\"\x1f\"", 0, 1, 2, "control character in string" },
	{ "\"a\0b\"", 5, 1, 3, "control character in string" },
	/* UTF-8 */
	{ "\"\xc0\x80\"", 0, 1, 2, "invalid UTF-8" },	/* overlong NUL */
	{ "\"\xc1\xbf\"", 0, 1, 2, "invalid UTF-8" },	/* overlong */
	{ "\"\xe0\x80\x80\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xe0\x9f\xbf\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xf0\x80\x80\x80\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xf0\x8f\xbf\xbf\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xed\xa0\x80\"", 0, 1, 2, "invalid UTF-8" },	/* U+D800 */
	{ "\"\xed\xbf\xbf\"", 0, 1, 2, "invalid UTF-8" },	/* U+DFFF */
	{ "\"\xf4\x90\x80\x80\"", 0, 1, 2, "invalid UTF-8" }, /* U+110000 */
	{ "\"\xf5\x80\x80\x80\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xff\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\x80\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xc3\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xc3", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xf0\x9f\x98\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xe2\x82\"", 0, 1, 2, "invalid UTF-8" },
	{ "\"\xc3\xa9\xc0\"", 0, 1, 3, "invalid UTF-8" },
	/* keys */
	{ "{\"a\":1,\"a\":2}", 0, 1, 8, "duplicate key 'a'" },
	{ "{\"a\":1,\"b\":{\"a\":1,\"a\":2}}", 0, 1, 19,
	  "duplicate key 'a'" },
	{ "{\"\\u0061\":1,\"a\":2}", 0, 1, 13, "duplicate key 'a'" },
	{ "{\"\":1,\"\":2}", 0, 1, 7, "duplicate key ''" },
	{ "{\"a\\nb\":1,\"a\\nb\":2}", 0, 1, 11, "duplicate key 'a?b'" },
	{ "{\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\":1,"
	  "\"kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk\":2}", 0, 1, 47,
	  "duplicate key 'kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk...'" },
	{ "{\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3"
	  "\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9x"
	  "\xc3\xa9\":1,\"\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9x\xc3\xa9\":2}", 0, 1, 24,
	  "duplicate key '\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	  "\xc3\xa9x...'" },
	/* depth: 65 nested arrays */
	{ "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
	  0, 1, 65, "nesting deeper than 64" },
};

/* One test for the whole table (a loop test forks once per row, which
 * costs seconds under AddressSanitizer); the message names the row. */
START_TEST(rejected)
{
	for (size_t i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++) {
		const struct reject *r = &rejects[i];
		size_t len = r->len ? r->len : strlen(r->text);
		struct carc_json_doc *doc = (void *)&doc;
		uint32_t line = 0, col = 0;
		char msg[128];
		int rc;

		rc = carc_json_parse(r->text, len, &doc, &line, &col, msg,
				     sizeof(msg));
		ck_assert_msg(rc == CARC_E_PARSE, "#%zu %s: rc %d", i,
			      r->text, rc);
		ck_assert_ptr_eq(doc, (void *)&doc);
		ck_assert_msg(line == r->line && col == r->column &&
				      strcmp(msg, r->msg) == 0,
			      "#%zu: got %u:%u '%s', want %u:%u '%s'", i, line,
			      col, msg, r->line, r->column, r->msg);
		/* the outputs are optional */
		rc = carc_json_parse(r->text, len, &doc, NULL, NULL, NULL, 0);
		ck_assert_int_eq(rc, CARC_E_PARSE);
		ck_assert_ptr_eq(doc, (void *)&doc);
	}
}
END_TEST

START_TEST(message_buffer)
{
	struct carc_json_doc *doc = NULL;
	char msg[8];

	memset(msg, 'z', sizeof(msg));
	assert_status_eq(carc_json_parse("[1,]", 4, &doc, NULL, NULL, msg, 5),
			 CARC_E_PARSE);
	ck_assert_str_eq(msg, "trai");
	ck_assert_int_eq(msg[5], 'z');
	/* msg_len 0: the buffer is not touched */
	assert_status_eq(carc_json_parse("[1,]", 4, &doc, NULL, NULL, msg, 0),
			 CARC_E_PARSE);
	ck_assert_str_eq(msg, "trai");
	ck_assert_ptr_null(doc);
}
END_TEST

START_TEST(bad_arguments)
{
	struct carc_json_doc *doc = (void *)&doc;
	uint32_t line = 7, col = 8;
	char msg[16] = "keep";

	assert_status_eq(carc_json_parse("1", 1, NULL, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_INVALID);
	assert_status_eq(carc_json_parse(NULL, 1, &doc, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_INVALID);
	ck_assert_ptr_eq(doc, (void *)&doc);
	ck_assert_uint_eq(line, 7);
	ck_assert_uint_eq(col, 8);
	ck_assert_str_eq(msg, "keep");
	/* NULL text of length 0 is the empty document */
	assert_status_eq(carc_json_parse(NULL, 0, &doc, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_PARSE);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 1);
	ck_assert_str_eq(msg, "empty document");
	ck_assert_ptr_eq(doc, (void *)&doc);
	/* the text needs no NUL: only len bytes are read */
	doc = parse_ok("[12]xyz", 4);
	ck_assert_uint_eq(carc_json_count(carc_json_root(doc)), 1);
	carc_json_free(doc);
	carc_json_free(NULL);
	ck_assert_ptr_null(carc_json_root(NULL));
}
END_TEST

/* ------------------------------------------------------------------ */
/* Accepted documents                                                   */
/* ------------------------------------------------------------------ */

START_TEST(scalars)
{
	static const struct {
		const char *text;
		enum carc_json_type type;
	} cases[] = {
		{ "null", CARC_JSON_NULL },
		{ "false", CARC_JSON_FALSE },
		{ "true", CARC_JSON_TRUE },
		{ " \t\r\n0\n ", CARC_JSON_NUMBER },
		{ "-0.0e-0", CARC_JSON_NUMBER },
		{ "\"\"", CARC_JSON_STRING },
		{ "[]", CARC_JSON_ARRAY },
		{ "{}", CARC_JSON_OBJECT },
		{ "\xef\xbb\xbf{}", CARC_JSON_OBJECT },
		{ "[ ]", CARC_JSON_ARRAY },
		{ "{\n}", CARC_JSON_OBJECT },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_json_doc *doc = parse_str(cases[i].text);
		const struct carc_json_value *v = carc_json_root(doc);

		ck_assert_int_eq(carc_json_type(v), cases[i].type);
		ck_assert_uint_eq(carc_json_count(v), 0);
		ck_assert_ptr_null(carc_json_at(v, 0));
		ck_assert_ptr_null(carc_json_key_at(v, 0));
		ck_assert_int_eq(carc_json_is_true(v),
				 cases[i].type == CARC_JSON_TRUE);
		ck_assert_int_eq(carc_json_string(v) != NULL,
				 cases[i].type == CARC_JSON_STRING);
		ck_assert_int_eq(carc_json_number_text(v) != NULL,
				 cases[i].type == CARC_JSON_NUMBER);
		carc_json_free(doc);
	}
	/* NULL values */
	ck_assert_int_eq(carc_json_type(NULL), CARC_JSON_NULL);
	ck_assert_uint_eq(carc_json_line(NULL), 0);
	ck_assert_uint_eq(carc_json_count(NULL), 0);
	ck_assert_ptr_null(carc_json_at(NULL, 0));
	ck_assert_ptr_null(carc_json_key_at(NULL, 0));
	ck_assert_ptr_null(carc_json_get(NULL, "a"));
	ck_assert_ptr_null(carc_json_string(NULL));
	ck_assert_uint_eq(carc_json_string_len(NULL), 0);
	ck_assert_ptr_null(carc_json_number_text(NULL));
	ck_assert(!carc_json_int(NULL, NULL));
	ck_assert(!carc_json_double(NULL, NULL));
	ck_assert(!carc_json_is_true(NULL));
}
END_TEST

START_TEST(strings)
{
	static const struct {
		const char *text, *want;
		size_t want_len;
	} cases[] = {
		{ "\"abc\"", "abc", 3 },
		{ "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\/\b\f\n\r\t", 8 },
		{ "\"\\u0041\\u00e9\\u20AC\"", "A\xc3\xa9\xe2\x82\xac", 6 },
		{ "\"\\u0001\\u001f\\u007f\\u0080\"", "\x01\x1f\x7f\xc2\x80",
		  5 },
		{ "\"\\ud83d\\ude00\"", "\xf0\x9f\x98\x80", 4 },
		{ "\"\\uDBFF\\uDFFF\"", "\xf4\x8f\xbf\xbf", 4 },
		{ "\"\\uffff\\uFFFE\"", "\xef\xbf\xbf\xef\xbf\xbe", 6 },
		{ "\"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"",
		  "\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80", 9 },
		{ "\"\xef\xbb\xbf\"", "\xef\xbb\xbf", 3 }, /* a BOM inside */
		{ "\"\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf\"",
		  "\xed\x9f\xbf\xee\x80\x80\xf4\x8f\xbf\xbf", 10 },
		{ "\"\x7f\"", "\x7f", 1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_json_doc *doc = parse_str(cases[i].text);
		const struct carc_json_value *v = carc_json_root(doc);

		ck_assert_int_eq(carc_json_type(v), CARC_JSON_STRING);
		ck_assert_uint_eq(carc_json_string_len(v), cases[i].want_len);
		ck_assert_mem_eq(carc_json_string(v), cases[i].want,
				 cases[i].want_len + 1);
		ck_assert(!carc_json_int(v, NULL));
		ck_assert(!carc_json_double(v, NULL));
		carc_json_free(doc);
	}
}
END_TEST

static const struct {
	const char *text;
	int has_int;
	int64_t i;
} ints[] = {
	{ "0", 1, 0 },
	{ "-0", 1, 0 },
	{ "7", 1, 7 },
	{ "-12", 1, -12 },
	{ "1.0", 1, 1 },
	{ "2e3", 1, 2000 },
	{ "2E+3", 1, 2000 },
	{ "150e-1", 1, 15 },
	{ "12.3400e2", 1, 1234 },
	{ "0.0000", 1, 0 },
	{ "0e999999999999999999999", 1, 0 },
	{ "-0.0e-99999999999", 1, 0 },
	{ "9223372036854775807", 1, INT64_MAX },
	{ "-9223372036854775808", 1, INT64_MIN },
	{ "9.223372036854775807e18", 1, INT64_MAX },
	{ "100000000000000000000e-2", 1, 1000000000000000000 },
	{ "0.00000000000000000000000000000000000001e38", 1, 1 },
	{ "1e18", 1, 1000000000000000000 },
	{ "9223372036854775808", 0, 0 },
	{ "-9223372036854775809", 0, 0 },
	{ "18446744073709551616", 0, 0 },
	{ "1e19", 0, 0 },
	{ "1.5", 0, 0 },
	{ "1e-1", 0, 0 },
	{ "1e-400", 0, 0 },
	{ "1e999999999999999999999", 0, 0 },
	{ "10e-2", 0, 0 },
	{ "0.5e1", 1, 5 },
};

START_TEST(integers)
{
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		struct carc_json_doc *doc = parse_str(ints[i].text);
		const struct carc_json_value *v = carc_json_root(doc);
		int64_t got = 42;

		ck_assert_int_eq(carc_json_type(v), CARC_JSON_NUMBER);
		ck_assert_str_eq(carc_json_number_text(v), ints[i].text);
		ck_assert_msg(carc_json_int(v, &got) == (ints[i].has_int != 0),
			      "%s", ints[i].text);
		if (ints[i].has_int)
			ck_assert_msg(got == ints[i].i, "%s: %lld",
				      ints[i].text, (long long)got);
		else
			ck_assert_int_eq(got, 42);
		carc_json_free(doc);
	}
}
END_TEST

START_TEST(doubles)
{
	static const struct {
		const char *text;
		int ok;
		double d;
	} cases[] = {
		{ "0", 1, 0.0 },
		{ "1.5", 1, 1.5 },
		{ "-2.25e2", 1, -225.0 },
		{ "0.1", 1, 0.1 },
		{ "3.141592653589793", 1, 3.141592653589793 },
		{ "1e22", 1, 1e22 },
		{ "1e23", 1, 1e23 },
		{ "9007199254740993", 1, 9007199254740992.0 },
		{ "123456789012345678901234567890", 1,
		  1.2345678901234568e29 },
		{ "1.7976931348623157e308", 1, DBL_MAX },
		{ "2.2250738585072014e-308", 1, DBL_MIN },
		{ "4.9406564584124654e-324", 1, 4.9406564584124654e-324 },
		{ "1e-400", 1, 0.0 },
		{ "1e400", 0, 0.0 },
		{ "-1e400", 0, 0.0 },
		{ "1.7976931348623159e308", 0, 0.0 },
		{ "1e999999999999999999999", 0, 0.0 },
		{ "1e-999999999999999999999", 1, 0.0 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct carc_json_doc *doc = parse_str(cases[i].text);
		double got = 42.0;

		ck_assert_msg(carc_json_double(carc_json_root(doc), &got) ==
				      (cases[i].ok != 0),
			      "%s", cases[i].text);
		if (cases[i].ok)
			ck_assert_msg(got == cases[i].d, "%s: %.17g",
				      cases[i].text, got);
		else
			ck_assert(got == 42.0);
		carc_json_free(doc);
	}
}
END_TEST

/* Past the 800 digits given to strtod(): a tail beyond them still
 * decides a tie.  2^53 + 1 lies halfway between two doubles. */
START_TEST(long_numbers)
{
	char text[1024];
	struct carc_json_doc *doc;
	double d;
	int64_t i;

	memcpy(text, "9007199254740993.", 17);
	memset(text + 17, '0', 900);
	text[917] = '\0';
	doc = parse_str(text);
	ck_assert(carc_json_double(carc_json_root(doc), &d));
	ck_assert(d == 9007199254740992.0);	/* the tie goes to even */
	ck_assert(carc_json_int(carc_json_root(doc), &i));
	ck_assert(i == 9007199254740993LL);
	carc_json_free(doc);

	text[917] = '1';
	text[918] = '\0';
	doc = parse_str(text);
	ck_assert(carc_json_double(carc_json_root(doc), &d));
	ck_assert(d == 9007199254740994.0);	/* just above: up */
	ck_assert(!carc_json_int(carc_json_root(doc), &i));
	carc_json_free(doc);

	/* 0.(899 zeros)1e903 is 1000 exactly */
	memcpy(text, "0.", 2);
	memset(text + 2, '0', 899);
	memcpy(text + 901, "1e903", 6);
	doc = parse_str(text);
	ck_assert(carc_json_double(carc_json_root(doc), &d));
	ck_assert(d == 1000.0);
	ck_assert(carc_json_int(carc_json_root(doc), &i));
	ck_assert_int_eq(i, 1000);
	carc_json_free(doc);
}
END_TEST

START_TEST(negative_zero)
{
	struct carc_json_doc *doc = parse_str("[-0, -0.0, -1e-400, 0]");
	const struct carc_json_value *a = carc_json_root(doc);
	double d;

	for (size_t i = 0; i < 4; i++) {
		ck_assert(carc_json_double(carc_json_at(a, i), &d));
		ck_assert(d == 0.0);
		ck_assert_int_eq(signbit(d) != 0, i < 3);
	}
	carc_json_free(doc);
}
END_TEST

START_TEST(objects_and_arrays)
{
	static const char text[] =
		"{\"a\": 1, \"b\": [true, false, null],\n"
		" \"c\": {\"d\": \"e\"}, \"\": \"empty\", \"\\u00e9\": []}";
	struct carc_json_doc *doc = parse_str(text);
	const struct carc_json_value *o = carc_json_root(doc), *b, *c;
	int64_t i = 0;

	ck_assert_int_eq(carc_json_type(o), CARC_JSON_OBJECT);
	ck_assert_uint_eq(carc_json_count(o), 5);
	ck_assert_str_eq(carc_json_key_at(o, 0), "a");
	ck_assert_str_eq(carc_json_key_at(o, 1), "b");
	ck_assert_str_eq(carc_json_key_at(o, 2), "c");
	ck_assert_str_eq(carc_json_key_at(o, 3), "");
	ck_assert_str_eq(carc_json_key_at(o, 4), "\xc3\xa9");
	ck_assert_ptr_null(carc_json_key_at(o, 5));
	ck_assert_ptr_null(carc_json_at(o, 5));
	ck_assert(carc_json_int(carc_json_get(o, "a"), &i));
	ck_assert_int_eq(i, 1);
	ck_assert_ptr_eq(carc_json_get(o, "a"), carc_json_at(o, 0));
	ck_assert_ptr_null(carc_json_get(o, "z"));
	ck_assert_ptr_null(carc_json_get(o, NULL));
	ck_assert_ptr_null(carc_json_get(o, "A"));
	ck_assert_str_eq(carc_json_string(carc_json_get(o, "")), "empty");
	ck_assert_int_eq(carc_json_type(carc_json_get(o, "\xc3\xa9")),
			 CARC_JSON_ARRAY);
	b = carc_json_get(o, "b");
	ck_assert_int_eq(carc_json_type(b), CARC_JSON_ARRAY);
	ck_assert_uint_eq(carc_json_count(b), 3);
	ck_assert_int_eq(carc_json_type(carc_json_at(b, 0)), CARC_JSON_TRUE);
	ck_assert_int_eq(carc_json_type(carc_json_at(b, 1)), CARC_JSON_FALSE);
	ck_assert_int_eq(carc_json_type(carc_json_at(b, 2)), CARC_JSON_NULL);
	ck_assert(carc_json_is_true(carc_json_at(b, 0)));
	ck_assert(!carc_json_is_true(carc_json_at(b, 1)));
	ck_assert_ptr_null(carc_json_at(b, 3));
	/* arrays have no keys, and get() works on objects only */
	ck_assert_ptr_null(carc_json_key_at(b, 0));
	ck_assert_ptr_null(carc_json_get(b, "0"));
	c = carc_json_get(o, "c");
	ck_assert_str_eq(carc_json_string(carc_json_get(c, "d")), "e");
	ck_assert_uint_eq(carc_json_line(o), 1);
	ck_assert_uint_eq(carc_json_line(b), 1);
	ck_assert_uint_eq(carc_json_line(c), 2);
	ck_assert_uint_eq(carc_json_line(carc_json_get(c, "d")), 2);
	carc_json_free(doc);
}
END_TEST

START_TEST(lines)
{
	struct carc_json_doc *doc =
		parse_str("\xef\xbb\xbf\r\n[\n1,\n\n\"a\", {\n}, [\r\n\r\n2]]");
	const struct carc_json_value *a = carc_json_root(doc);

	ck_assert_uint_eq(carc_json_line(a), 2);
	ck_assert_uint_eq(carc_json_line(carc_json_at(a, 0)), 3);
	ck_assert_uint_eq(carc_json_line(carc_json_at(a, 1)), 5);
	ck_assert_uint_eq(carc_json_line(carc_json_at(a, 2)), 5);
	ck_assert_uint_eq(carc_json_line(carc_json_at(a, 3)), 6);
	ck_assert_uint_eq(carc_json_line(carc_json_at(carc_json_at(a, 3), 0)),
			  8);
	carc_json_free(doc);
}
END_TEST

/* 64 levels parse; 65 and 10,000 fail cleanly at the 65th bracket. */
START_TEST(depth)
{
	size_t n = 10000;
	char *text = malloc(2 * n * 6 + 1);
	struct carc_json_doc *doc = NULL;
	const struct carc_json_value *v;
	uint32_t line, col;
	char msg[64];
	size_t len = 0;

	ck_assert_ptr_nonnull(text);
	memset(text, '[', 64);
	memset(text + 64, ']', 64);
	doc = parse_ok(text, 128);
	v = carc_json_root(doc);
	for (int d = 1; d < 64; d++) {
		ck_assert_uint_eq(carc_json_count(v), 1);
		v = carc_json_at(v, 0);
	}
	ck_assert_int_eq(carc_json_type(v), CARC_JSON_ARRAY);
	ck_assert_uint_eq(carc_json_count(v), 0);
	carc_json_free(doc);
	doc = NULL;

	memset(text, '[', n);
	memset(text + n, ']', n);
	assert_status_eq(carc_json_parse(text, 2 * n, &doc, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_PARSE);
	ck_assert_uint_eq(line, 1);
	ck_assert_uint_eq(col, 65);
	ck_assert_str_eq(msg, "nesting deeper than 64");
	ck_assert_ptr_null(doc);

	/* objects the same: {"a":{"a":... */
	for (size_t i = 0; i < n; i++) {
		memcpy(text + len, "{\"a\":", 5);
		len += 5;
	}
	assert_status_eq(carc_json_parse(text, len, &doc, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_PARSE);
	ck_assert_uint_eq(col, 64 * 5 + 1);
	ck_assert_str_eq(msg, "nesting deeper than 64");
	free(text);
}
END_TEST

/* 200,000 elements, and an object of 200,000 members (the key table). */
START_TEST(large)
{
	size_t n = 200000, cap = n * 24 + 16, len = 0, bad = 0;
	char *text = malloc(cap);
	struct carc_json_doc *doc;
	const struct carc_json_value *a;
	uint32_t line, col;
	char msg[64];
	int64_t v;

	ck_assert_ptr_nonnull(text);
	text[len++] = '[';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, cap - len, "%s%zu",
					i ? "," : "", i * 7);
	text[len++] = ']';
	doc = parse_ok(text, len);
	a = carc_json_root(doc);
	ck_assert_uint_eq(carc_json_count(a), n);
	/* one assertion at the end: each one costs Check a system call */
	for (size_t i = 0; i < n; i++)
		if (!carc_json_int(carc_json_at(a, i), &v) ||
		    v != (int64_t)(i * 7) ||
		    carc_json_line(carc_json_at(a, i)) != 1)
			bad++;
	ck_assert_uint_eq(bad, 0);
	carc_json_free(doc);

	len = 0;
	text[len++] = '{';
	for (size_t i = 0; i < n; i++)
		len += (size_t)snprintf(text + len, cap - len, "%s\"k%zu\":%zu",
					i ? "," : "", i, i);
	text[len++] = '}';
	doc = parse_ok(text, len);
	a = carc_json_root(doc);
	ck_assert_uint_eq(carc_json_count(a), n);
	ck_assert(carc_json_int(carc_json_get(a, "k199999"), &v));
	ck_assert_int_eq(v, 199999);
	ck_assert_str_eq(carc_json_key_at(a, 12345), "k12345");
	carc_json_free(doc);

	/* the same with the first key again at the end */
	len--;
	len += (size_t)snprintf(text + len, cap - len, ",\n\"k0\":0}");
	doc = NULL;
	assert_status_eq(carc_json_parse(text, len, &doc, &line, &col, msg,
					 sizeof(msg)),
			 CARC_E_PARSE);
	ck_assert_uint_eq(line, 2);
	ck_assert_uint_eq(col, 1);
	ck_assert_str_eq(msg, "duplicate key 'k0'");
	ck_assert_ptr_null(doc);
	free(text);
}
END_TEST

/* Objects around SMALL_OBJECT (16) members: duplicates found on either
 * side of the switch to the key table, and in an inner object of a
 * large one. */
START_TEST(duplicate_keys)
{
	char text[4096];
	struct carc_json_doc *doc = NULL;
	uint32_t line, col;
	char msg[64];

	for (int n = 1; n < 40; n++) {
		for (int dup = 0; dup < n; dup++) {
			size_t len = 0, at = 0;

			text[len++] = '{';
			for (int k = 0; k < n; k++)
				len += (size_t)snprintf(text + len,
							sizeof(text) - len,
							"\"key%d\":[%d],", k,
							k);
			at = len;
			len += (size_t)snprintf(text + len, sizeof(text) - len,
						"\"key%d\":{\"key%d\":1}}", dup,
						dup);
			assert_status_eq(carc_json_parse(text, len, &doc,
							 &line, &col, msg,
							 sizeof(msg)),
					 CARC_E_PARSE);
			ck_assert_uint_eq(col, at + 1);
			snprintf(text, sizeof(text), "duplicate key 'key%d'",
				 dup);
			ck_assert_str_eq(msg, text);
		}
	}
	ck_assert_ptr_null(doc);
}
END_TEST

/* ------------------------------------------------------------------ */
/* The writer                                                           */
/* ------------------------------------------------------------------ */

static struct carc_json_writer *
writer(int indent)
{
	struct carc_json_writer *w = NULL;

	assert_ok(carc_json_writer_new(&w, indent));
	ck_assert_ptr_nonnull(w);
	return w;
}

static void
write_sample(struct carc_json_writer *w)
{
	carc_json_begin_object(w);
	carc_json_key(w, "a");
	carc_json_write_int(w, 1);
	carc_json_key(w, "b");
	carc_json_begin_array(w);
	carc_json_write_bool(w, true);
	carc_json_write_bool(w, false);
	carc_json_write_null(w);
	carc_json_begin_array(w);
	carc_json_end_array(w);
	carc_json_end_array(w);
	carc_json_key(w, "c");
	carc_json_begin_object(w);
	carc_json_end_object(w);
	carc_json_key(w, "s\"\\");
	carc_json_write_string(w, "x\"\\/\b\f\n\r\t\x01\x1f\x7f\xc3\xa9"
				  "\xf0\x9f\x98\x80");
	carc_json_key(w, "n");
	carc_json_begin_array(w);
	carc_json_write_int(w, INT64_MIN);
	carc_json_write_int(w, INT64_MAX);
	carc_json_write_int(w, 0);
	carc_json_write_int(w, -7);
	carc_json_write_number(w, "-1.5e+300");
	carc_json_end_array(w);
	carc_json_end_object(w);
}

static const char sample_compact[] =
	"{\"a\":1,\"b\":[true,false,null,[]],\"c\":{},\"s\\\"\\\\\":"
	"\"x\\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\x7f\xc3\xa9"
	"\xf0\x9f\x98\x80\",\"n\":[-9223372036854775808,"
	"9223372036854775807,0,-7,-1.5e+300]}";

static const char sample_indented[] =
	"{\n"
	"  \"a\": 1,\n"
	"  \"b\": [\n"
	"    true,\n"
	"    false,\n"
	"    null,\n"
	"    []\n"
	"  ],\n"
	"  \"c\": {},\n"
	"  \"s\\\"\\\\\": \"x\\\"\\\\/\\b\\f\\n\\r\\t\\u0001\\u001f\x7f"
	"\xc3\xa9\xf0\x9f\x98\x80\",\n"
	"  \"n\": [\n"
	"    -9223372036854775808,\n"
	"    9223372036854775807,\n"
	"    0,\n"
	"    -7,\n"
	"    -1.5e+300\n"
	"  ]\n"
	"}\n";

START_TEST(writer_output)
{
	struct carc_json_writer *w = writer(0);
	const char *text = NULL, *again = NULL;
	size_t len = 0, len2 = 0;

	write_sample(w);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, sample_compact);
	ck_assert_uint_eq(len, strlen(sample_compact));
	/* a second finish gives the same */
	assert_ok(carc_json_writer_finish(w, &again, &len2));
	ck_assert_ptr_eq(again, text);
	ck_assert_uint_eq(len2, len);
	assert_ok(carc_json_writer_finish(w, NULL, NULL));
	carc_json_writer_free(w);

	w = writer(2);
	write_sample(w);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, sample_indented);
	ck_assert_uint_eq(len, strlen(sample_indented));
	assert_ok(carc_json_writer_finish(w, &again, &len2));
	ck_assert_str_eq(again, sample_indented);
	carc_json_writer_free(w);

	w = writer(1);
	carc_json_begin_array(w);
	carc_json_begin_object(w);
	carc_json_key(w, "k");
	carc_json_write_string(w, "");
	carc_json_end_object(w);
	carc_json_end_array(w);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, "[\n {\n  \"k\": \"\"\n }\n]\n");
	carc_json_writer_free(w);

	/* scalar roots */
	w = writer(0);
	carc_json_write_int(w, 42);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, "42");
	carc_json_writer_free(w);
	w = writer(4);
	carc_json_write_string(w, "");
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, "\"\"\n");
	ck_assert_uint_eq(len, 3);
	carc_json_writer_free(w);
}
END_TEST

/* The sample parses back to what was written. */
START_TEST(writer_parses)
{
	for (int indent = 0; indent <= 2; indent += 2) {
		struct carc_json_writer *w = writer(indent);
		struct carc_json_doc *doc;
		const struct carc_json_value *o, *n;
		const char *text;
		size_t len;
		int64_t v;

		write_sample(w);
		assert_ok(carc_json_writer_finish(w, &text, &len));
		doc = parse_ok(text, len);
		o = carc_json_root(doc);
		ck_assert_uint_eq(carc_json_count(o), 5);
		ck_assert_str_eq(carc_json_key_at(o, 3), "s\"\\");
		ck_assert_str_eq(carc_json_string(carc_json_at(o, 3)),
				 "x\"\\/\b\f\n\r\t\x01\x1f\x7f\xc3\xa9"
				 "\xf0\x9f\x98\x80");
		n = carc_json_get(o, "n");
		ck_assert(carc_json_int(carc_json_at(n, 0), &v));
		ck_assert(v == INT64_MIN);
		ck_assert(carc_json_int(carc_json_at(n, 1), &v));
		ck_assert(v == INT64_MAX);
		ck_assert_str_eq(carc_json_number_text(carc_json_at(n, 4)),
				 "-1.5e+300");
		carc_json_free(doc);
		carc_json_writer_free(w);
	}
}
END_TEST

/* Each misuse fails the writer for good with CARC_E_INVALID: 20 kinds,
 * each without and with indentation. */
enum { MISUSES = 2 * 20 };

static void
misuse(int i)
{
	struct carc_json_writer *w = writer(i % 2 ? 2 : 0);
	const char *text = "keep";
	size_t len = 77;

	switch (i / 2) {
	case 0:		/* a value where a key is expected */
		carc_json_begin_object(w);
		carc_json_write_int(w, 1);
		carc_json_end_object(w);
		break;
	case 1:		/* a key in an array */
		carc_json_begin_array(w);
		carc_json_key(w, "a");
		carc_json_write_int(w, 1);
		carc_json_end_array(w);
		break;
	case 2:		/* a key at the top */
		carc_json_key(w, "a");
		carc_json_write_int(w, 1);
		break;
	case 3:		/* two keys in a row */
		carc_json_begin_object(w);
		carc_json_key(w, "a");
		carc_json_key(w, "b");
		carc_json_write_int(w, 1);
		carc_json_end_object(w);
		break;
	case 4:		/* a key without its value */
		carc_json_begin_object(w);
		carc_json_key(w, "a");
		carc_json_end_object(w);
		break;
	case 5:		/* mismatched end */
		carc_json_begin_object(w);
		carc_json_end_array(w);
		break;
	case 6:		/* end without begin */
		carc_json_end_array(w);
		break;
	case 7:		/* two top-level values */
		carc_json_write_int(w, 1);
		carc_json_write_int(w, 2);
		break;
	case 8:		/* invalid UTF-8, NULL strings and keys */
		carc_json_begin_array(w);
		carc_json_write_string(w, "\xc0\x80");
		carc_json_end_array(w);
		break;
	case 9:
		carc_json_begin_object(w);
		carc_json_key(w, "\xed\xa0\x80");
		carc_json_write_int(w, 1);
		carc_json_end_object(w);
		break;
	case 10:
		carc_json_write_string(w, NULL);
		break;
	case 11:
		carc_json_begin_object(w);
		carc_json_key(w, NULL);
		carc_json_write_int(w, 1);
		carc_json_end_object(w);
		break;
	case 12:	/* 65 levels */
		for (int d = 0; d < 65; d++)
			carc_json_begin_array(w);
		for (int d = 0; d < 65; d++)
			carc_json_end_array(w);
		break;
	case 13:	/* malformed numbers */
		carc_json_write_number(w, "01");
		break;
	case 14:
		carc_json_write_number(w, "1.");
		break;
	case 15:
		carc_json_write_number(w, "1 ");
		break;
	case 16:
		carc_json_write_number(w, NULL);
		break;
	case 17:
		carc_json_write_value(w, NULL);
		break;
	case 18:	/* a value after a complete document */
		carc_json_begin_array(w);
		carc_json_end_array(w);
		carc_json_begin_array(w);
		carc_json_end_array(w);
		break;
	default:	/* an object key after the document */
		carc_json_begin_object(w);
		carc_json_end_object(w);
		carc_json_key(w, "a");
		break;
	}
	ck_assert_msg(carc_json_writer_finish(w, &text, &len) ==
			      CARC_E_INVALID,
		      "misuse %d accepted", i);
	ck_assert_str_eq(text, "keep");
	ck_assert_uint_eq(len, 77);
	/* sticky: a valid call afterwards changes nothing */
	carc_json_write_null(w);
	assert_status_eq(carc_json_writer_finish(w, &text, &len),
			 CARC_E_INVALID);
	carc_json_writer_free(w);
}

START_TEST(writer_misuse)
{
	for (int i = 0; i < MISUSES; i++)
		misuse(i);
}
END_TEST

START_TEST(writer_incomplete)
{
	struct carc_json_writer *w = writer(0), *keep = (void *)&keep;
	const char *text = NULL;
	size_t len = 0;

	/* nothing written */
	assert_status_eq(carc_json_writer_finish(w, &text, &len),
			 CARC_E_INVALID);
	/* still usable: finish is not a failure of the writer */
	carc_json_begin_array(w);
	assert_status_eq(carc_json_writer_finish(w, &text, &len),
			 CARC_E_INVALID);
	carc_json_write_int(w, 3);
	carc_json_end_array(w);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, "[3]");
	/* a write after finish fails the writer, the text stays valid */
	carc_json_write_int(w, 4);
	ck_assert_str_eq(text, "[3]");
	assert_status_eq(carc_json_writer_finish(w, NULL, NULL),
			 CARC_E_INVALID);
	carc_json_writer_free(w);

	assert_status_eq(carc_json_writer_new(NULL, 0), CARC_E_INVALID);
	assert_status_eq(carc_json_writer_new(&keep, -1), CARC_E_INVALID);
	assert_status_eq(carc_json_writer_new(&keep, 17), CARC_E_INVALID);
	ck_assert_ptr_eq(keep, (void *)&keep);
	assert_ok(carc_json_writer_new(&w, 16));
	carc_json_writer_free(w);
	/* NULL writers */
	carc_json_writer_free(NULL);
	carc_json_begin_object(NULL);
	carc_json_end_object(NULL);
	carc_json_begin_array(NULL);
	carc_json_end_array(NULL);
	carc_json_key(NULL, "a");
	carc_json_write_string(NULL, "a");
	carc_json_write_int(NULL, 1);
	carc_json_write_number(NULL, "1");
	carc_json_write_bool(NULL, true);
	carc_json_write_null(NULL);
	carc_json_write_value(NULL, NULL);
	assert_status_eq(carc_json_writer_finish(NULL, &text, &len),
			 CARC_E_INVALID);
}
END_TEST

START_TEST(writer_depth)
{
	struct carc_json_writer *w = writer(0);
	const char *text;
	size_t len;

	for (int d = 0; d < 64; d++)
		carc_json_begin_array(w);
	for (int d = 0; d < 64; d++)
		carc_json_end_array(w);
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_uint_eq(len, 128);
	carc_json_free(parse_ok(text, len));
	carc_json_writer_free(w);
}
END_TEST

/* ------------------------------------------------------------------ */
/* Round trips                                                          */
/* ------------------------------------------------------------------ */

static void
assert_same(const struct carc_json_value *a, const struct carc_json_value *b)
{
	ck_assert_int_eq(carc_json_type(a), carc_json_type(b));
	ck_assert_uint_eq(carc_json_count(a), carc_json_count(b));
	switch (carc_json_type(a)) {
	case CARC_JSON_STRING:
		ck_assert_uint_eq(carc_json_string_len(a),
				  carc_json_string_len(b));
		ck_assert_str_eq(carc_json_string(a), carc_json_string(b));
		break;
	case CARC_JSON_NUMBER:
		ck_assert_str_eq(carc_json_number_text(a),
				 carc_json_number_text(b));
		break;
	case CARC_JSON_OBJECT:
		for (size_t i = 0; i < carc_json_count(a); i++) {
			ck_assert_str_eq(carc_json_key_at(a, i),
					 carc_json_key_at(b, i));
			assert_same(carc_json_at(a, i), carc_json_at(b, i));
		}
		break;
	case CARC_JSON_ARRAY:
		for (size_t i = 0; i < carc_json_count(a); i++)
			assert_same(carc_json_at(a, i), carc_json_at(b, i));
		break;
	default:
		break;
	}
}

static const char jcz_like[] =
	"{\n"
	"  \"gameId\": \"e8b3\\u00e9\",\n"
	"  \"name\": \"Test game \\\"2\\\"\",\n"
	"  \"setup\": {\n"
	"    \"sets\": {\"basic:1\": 1},\n"
	"    \"elements\": {\"farmers\": true, \"abbot\": false},\n"
	"    \"rules\": {\"farmingRules\": \"ZERO_FARMERS\", \"x\": null}\n"
	"  },\n"
	"  \"slots\": [{\"number\": 0, \"name\": \"Alice\"}, "
	"{\"number\": 1, \"name\": \"Bob\"}],\n"
	"  \"initialSeed\": -8742312589016443317,\n"
	"  \"annotations\": {\"tilePack\": [\"BA.RCr\", \"BA.CCCC+\"]},\n"
	"  \"replay\": [\n"
	"    {\"type\": \"PLACE_TILE\", \"player\": 0, \"clock\": 1.5e3,\n"
	"     \"payload\": {\"rotation\": \"R90\", \"position\": [1, -0]}},\n"
	"    {\"type\": \"DEPLOY_MEEPLE\", \"payload\": {\"pointer\": "
	"{\"position\": [1, 0], \"location\": \"NL.NR\"}}},\n"
	"    {\"type\": \"PASS\", \"payload\": {}},\n"
	"    {\"type\": \"COMMIT\", \"payload\": []}\n"
	"  ]\n"
	"}\n";

static const char jcz_like_compact[] =
	"{\"gameId\":\"e8b3\xc3\xa9\",\"name\":\"Test game \\\"2\\\"\","
	"\"setup\":{\"sets\":{\"basic:1\":1},\"elements\":{\"farmers\":true,"
	"\"abbot\":false},\"rules\":{\"farmingRules\":\"ZERO_FARMERS\","
	"\"x\":null}},\"slots\":[{\"number\":0,\"name\":\"Alice\"},"
	"{\"number\":1,\"name\":\"Bob\"}],"
	"\"initialSeed\":-8742312589016443317,"
	"\"annotations\":{\"tilePack\":[\"BA.RCr\",\"BA.CCCC+\"]},"
	"\"replay\":[{\"type\":\"PLACE_TILE\",\"player\":0,\"clock\":1.5e3,"
	"\"payload\":{\"rotation\":\"R90\",\"position\":[1,-0]}},"
	"{\"type\":\"DEPLOY_MEEPLE\",\"payload\":{\"pointer\":"
	"{\"position\":[1,0],\"location\":\"NL.NR\"}}},"
	"{\"type\":\"PASS\",\"payload\":{}},"
	"{\"type\":\"COMMIT\",\"payload\":[]}]}";

START_TEST(round_trip)
{
	struct carc_json_doc *doc = parse_str(jcz_like), *back;
	const struct carc_json_value *root = carc_json_root(doc);
	int64_t seed = 0;

	ck_assert(carc_json_int(carc_json_get(root, "initialSeed"), &seed));
	ck_assert(seed == -8742312589016443317LL);
	for (int indent = 0; indent <= 4; indent++) {
		struct carc_json_writer *w = writer(indent);
		struct carc_json_writer *w2 = writer(indent);
		const char *text, *text2;
		size_t len, len2;

		carc_json_write_value(w, root);
		assert_ok(carc_json_writer_finish(w, &text, &len));
		if (indent == 0)
			ck_assert_str_eq(text, jcz_like_compact);
		back = parse_ok(text, len);
		assert_same(root, carc_json_root(back));
		/* and writing the copy gives the same text */
		carc_json_write_value(w2, carc_json_root(back));
		assert_ok(carc_json_writer_finish(w2, &text2, &len2));
		ck_assert_uint_eq(len2, len);
		ck_assert_str_eq(text2, text);
		carc_json_free(back);
		carc_json_writer_free(w);
		carc_json_writer_free(w2);
	}
	carc_json_free(doc);
}
END_TEST

/* The writer's indented layout, line by line. */
START_TEST(indented_layout)
{
	struct carc_json_doc *doc = parse_str(
		"{\"slots\":[{\"number\":0},{}],\"a\":[[]],\"b\":\"\"}");
	struct carc_json_writer *w = writer(2);
	const char *text;
	size_t len;

	carc_json_write_value(w, carc_json_root(doc));
	assert_ok(carc_json_writer_finish(w, &text, &len));
	ck_assert_str_eq(text, "{\n"
			       "  \"slots\": [\n"
			       "    {\n"
			       "      \"number\": 0\n"
			       "    },\n"
			       "    {}\n"
			       "  ],\n"
			       "  \"a\": [\n"
			       "    []\n"
			       "  ],\n"
			       "  \"b\": \"\"\n"
			       "}\n");
	carc_json_writer_free(w);
	carc_json_free(doc);
}
END_TEST

Suite *
test_suite(void)
{
	Suite *s = suite_create("json");
	TCase *tc;

	tc = tcase_create("parse errors");
	tcase_add_test(tc, rejected);
	tcase_add_test(tc, message_buffer);
	tcase_add_test(tc, bad_arguments);
	tcase_add_test(tc, depth);
	tcase_add_test(tc, duplicate_keys);
	suite_add_tcase(s, tc);

	tc = tcase_create("values");
	tcase_add_test(tc, scalars);
	tcase_add_test(tc, strings);
	tcase_add_test(tc, integers);
	tcase_add_test(tc, doubles);
	tcase_add_test(tc, long_numbers);
	tcase_add_test(tc, negative_zero);
	tcase_add_test(tc, objects_and_arrays);
	tcase_add_test(tc, lines);
	tcase_add_test(tc, large);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tc = tcase_create("writer");
	tcase_add_test(tc, writer_output);
	tcase_add_test(tc, writer_parses);
	tcase_add_test(tc, writer_misuse);
	tcase_add_test(tc, writer_incomplete);
	tcase_add_test(tc, writer_depth);
	tcase_add_test(tc, round_trip);
	tcase_add_test(tc, indented_layout);
	suite_add_tcase(s, tc);
	return s;
}
