/* SPDX-License-Identifier: MIT */
/*
 * A small, strict JSON parser and writer for the JCloisterZone layer
 * (doc/users/jcz.md#the-json-parser).  Internal: compiled into the library but
 * not exported (lib/carcassonne.map hides every carc_json_ symbol), so an
 * embedder gets no new dependency and a static link cannot clash with
 * json-c, jansson or cJSON.
 *
 * No global state, no printing, never aborts; every allocation failure is
 * reported (CARC_E_NOMEM).  A parsed document is immutable and may be read
 * from several threads at once; a writer belongs to one thread.
 */
#ifndef CARC_JCZ_JSON_H
#define CARC_JCZ_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Deeper nesting of arrays and objects is a parse error (the root
 * container is at depth 1); the writer refuses it too. */
#define CARC_JSON_MAX_DEPTH 64

enum carc_json_type {
	CARC_JSON_NULL,
	CARC_JSON_FALSE,
	CARC_JSON_TRUE,
	CARC_JSON_NUMBER,
	CARC_JSON_STRING,
	CARC_JSON_ARRAY,
	CARC_JSON_OBJECT,
};

struct carc_json_doc;		/* owns every node and string */
struct carc_json_value;		/* a node; valid while its doc lives */

/*
 * Strict RFC 8259 parse of text[0..len) (need not be NUL-terminated; an
 * optional UTF-8 BOM is skipped; anything but whitespace after the value
 * is an error; so is an empty document).  Strings are validated UTF-8
 * (no overlong forms, no encoded surrogates, nothing above U+10FFFF),
 * raw control characters in them are refused, escapes are decoded
 * (\uXXXX with surrogate pairs; a lone surrogate is an error); a string
 * containing U+0000 is an error (we hand out C strings).  Numbers follow
 * the JSON grammar exactly (no leading zeros, "+", ".5", "1.", "1e",
 * NaN, Infinity); a number of any size is accepted.  Duplicate object
 * keys are an error, as are trailing commas, comments and nesting
 * deeper than CARC_JSON_MAX_DEPTH.
 *
 * Returns 0, CARC_E_PARSE, CARC_E_NOMEM, or CARC_E_INVALID (NULL @out,
 * or NULL @text with a non-zero @len: nothing is written).  On
 * CARC_E_PARSE, @line and @column (1-based; lines end at LF; the column
 * counts characters, not bytes, from the start of the line, without the
 * BOM, a tab as one) give the position of the error: the first byte that
 * cannot be accepted, or the start of a token that is wrong as a whole
 * (an unterminated string, an escape, a literal, a trailing comma, a
 * duplicate key), and @msg (snprintf-style when @msg_len > 0, no
 * trailing newline) says why,
 * e.g. "expected ':' after object key", "nesting deeper than 64",
 * "invalid UTF-8", "duplicate key 'x'".  On CARC_E_NOMEM the line and
 * column are 0 and the message "out of memory"; on success 0, 0 and "".
 * @line, @column and @msg may be NULL.  On failure *out is untouched.
 */
int carc_json_parse(const char *text, size_t len, struct carc_json_doc **out,
		    uint32_t *line, uint32_t *column, char *msg,
		    size_t msg_len);
/* Frees the document and every node and string of it; NULL is fine. */
void carc_json_free(struct carc_json_doc *doc);
/* The root value, never NULL for a parsed document (NULL for NULL). */
const struct carc_json_value *carc_json_root(const struct carc_json_doc *doc);

/* Node accessors: every one accepts NULL (and a node of another type)
 * and then returns the neutral answer (CARC_JSON_NULL, 0, NULL, false). */
enum carc_json_type carc_json_type(const struct carc_json_value *v);
/* The line (1-based, counted at LF) where @v starts. */
uint32_t carc_json_line(const struct carc_json_value *v);
/* Array elements or object members, else 0. */
size_t carc_json_count(const struct carc_json_value *v);
/* The i-th array element or object member value (document order). */
const struct carc_json_value *carc_json_at(const struct carc_json_value *v,
					   size_t i);
/* The i-th object member key (NUL-terminated UTF-8). */
const char *carc_json_key_at(const struct carc_json_value *v, size_t i);
/* Member by key (a linear search: objects are small); NULL when @obj is
 * not an object or has no such key. */
const struct carc_json_value *carc_json_get(const struct carc_json_value *obj,
					    const char *key);
/* A string's decoded text, NUL-terminated UTF-8 without U+0000. */
const char *carc_json_string(const struct carc_json_value *v);
size_t carc_json_string_len(const struct carc_json_value *v);
/* A number's text exactly as in the document (NUL-terminated; it
 * follows the JSON number grammar). */
const char *carc_json_number_text(const struct carc_json_value *v);
/*
 * true and *out set when @v is a number whose exact value is an integer
 * in [INT64_MIN, INT64_MAX], written without fraction or exponent or
 * with ones that still give an integer (1.0, 2e3, 150e-1, -0); false
 * otherwise (1.5, 1e19, 1e-400), *out untouched.  Exact for any length
 * of digits and any exponent.
 */
bool carc_json_int(const struct carc_json_value *v, int64_t *out);
/*
 * true and *out set when @v is a number whose magnitude is within the
 * range of double; false, *out untouched, for one that overflows it
 * (1e400 is valid JSON but no double: false, not infinity).  Numbers
 * too small for a double give 0 or a subnormal with their sign.
 * Correctly rounded, for any number of digits (strtod() of the C
 * library does the rounding, given a form without a decimal point, so
 * the C locale does not matter).
 */
bool carc_json_double(const struct carc_json_value *v, double *out);
/* true when @v is the literal true. */
bool carc_json_is_true(const struct carc_json_value *v);

/*
 * Writer: builds a document into a growing buffer.  Any failure
 * (allocation, a value where a key is expected, a key outside an object,
 * unbalanced end, a second top-level value, nesting deeper than
 * CARC_JSON_MAX_DEPTH, a string or key that is not valid UTF-8 or is
 * NULL, a malformed number text) sticks: the calls after it do nothing
 * and finish reports it.  Calls on a NULL writer do nothing.  The writer
 * does not look for duplicate keys: its callers write fixed key sets.
 *
 * Layout: indent 0 gives compact text ({"a":[1,2]}); indent n > 0 puts
 * every element and member on its own line, n spaces deeper per level,
 * with ": " after keys, and empty containers as {} and [].
 */
struct carc_json_writer;
/* 0; CARC_E_NOMEM; CARC_E_INVALID for NULL @out or @indent outside
 * [0, 16].  *out is untouched on failure. */
int carc_json_writer_new(struct carc_json_writer **out, int indent);
void carc_json_writer_free(struct carc_json_writer *w); /* NULL is fine */
void carc_json_begin_object(struct carc_json_writer *w);
void carc_json_end_object(struct carc_json_writer *w);
void carc_json_begin_array(struct carc_json_writer *w);
void carc_json_end_array(struct carc_json_writer *w);
/* Inside an object, before each value. */
void carc_json_key(struct carc_json_writer *w, const char *key);
/* Escapes '"', '\' and U+0000..U+001F (\b \f \n \r \t, else \u00XX);
 * every other character is kept as UTF-8. */
void carc_json_write_string(struct carc_json_writer *w, const char *s);
void carc_json_write_int(struct carc_json_writer *w, int64_t v);
/* A number given as its JSON text (e.g. carc_json_number_text()),
 * written as is; text outside the number grammar is an error. */
void carc_json_write_number(struct carc_json_writer *w, const char *text);
void carc_json_write_bool(struct carc_json_writer *w, bool v);
void carc_json_write_null(struct carc_json_writer *w);
/* A parsed value and everything in it (keys in document order). */
void carc_json_write_value(struct carc_json_writer *w,
			   const struct carc_json_value *v);
/*
 * 0 and the NUL-terminated text (owned by @w, valid until it is freed)
 * and its length; CARC_E_NOMEM, or CARC_E_INVALID (NULL @w, unbalanced
 * or misplaced calls, no value written) otherwise, outputs untouched.
 * Ends the text with a newline when indent > 0.  May be called again: it
 * gives the same text.  @text and @len may be NULL.
 */
int carc_json_writer_finish(struct carc_json_writer *w, const char **text,
			    size_t *len);

#endif /* CARC_JCZ_JSON_H */
