/* SPDX-License-Identifier: MIT */
/*
 * The JSON parser and writer of the JCloisterZone layer (json.h).
 *
 * The parser is iterative (an explicit stack of at most
 * CARC_JSON_MAX_DEPTH open containers) and allocates a few growing arrays
 * per document, never one block per node:
 *
 * - the string arena holds every decoded string, key and number text.
 *   It is allocated once with len + 1 bytes, which is always enough: a
 *   string token of k bytes decodes to at most k - 2 bytes plus its NUL,
 *   and a number token of k bytes takes k + 1, where the extra byte is
 *   paid for by the delimiter that must follow it (or the end of input,
 *   after the single top-level number);
 * - the value stack holds the finished children of the open containers;
 *   when a container closes, its children move, contiguous, to the node
 *   array, and the container itself goes on the stack as one value, so
 *   every container's children are adjacent and carc_json_at() is O(1);
 * - a hash table of keys, used only for objects with more than
 *   SMALL_OBJECT members, finds duplicate keys in linear time (smaller
 *   objects compare the new key with each member).
 *
 * While parsing, nodes refer to the arena and to the node array by
 * offset, since both may move; once the parse is done, one pass turns the
 * offsets into pointers.
 */
#include "config.h"

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#include "jcz/json.h"

#define NO_KEY SIZE_MAX
#define SMALL_OBJECT 16
/* Exponents are saturated here: far beyond any double or int64, far
 * below any overflow of int64_t arithmetic with the lengths added. */
#define EXP_LIMIT 1000000000LL

/* the messages say 64 */
_Static_assert(CARC_JSON_MAX_DEPTH == 64, "update the messages");

struct carc_json_value {
	union {
		size_t off;		/* while parsing; NO_KEY: none */
		const char *p;		/* object member key, or NULL */
	} key;
	union {
		size_t off;		/* while parsing */
		const char *s;		/* string, number text */
		const struct carc_json_value *kids;	/* containers */
	} u;
	size_t len;	/* string bytes, number text bytes, children */
	uint32_t line;
	uint8_t type;
};

struct carc_json_doc {
	struct carc_json_value *nodes;	/* the root is the last one */
	size_t n_nodes;
	char *arena;
};

/* ------------------------------------------------------------------ */
/* Parsing                                                              */
/* ------------------------------------------------------------------ */

struct frame {
	size_t base;		/* first child on the value stack */
	size_t key;		/* this container's own member key */
	uint32_t line;
	uint32_t serial;	/* objects: identity in the key table */
	uint8_t type;
	bool hashed;		/* its keys are in the key table */
};

struct slot {
	size_t key1;		/* arena offset of the key + 1; 0: empty */
	uint32_t serial;
	uint32_t hash;
};

struct parser {
	const unsigned char *text, *p, *end, *body;	/* body: after BOM */
	uint32_t line;
	char *arena;
	size_t arena_len;
	struct carc_json_value *stack, *nodes;
	size_t sp, stack_cap, n_nodes, nodes_cap;
	struct frame frames[CARC_JSON_MAX_DEPTH];
	int depth;
	struct slot *slots;
	size_t n_slots, slots_cap;
	uint32_t next_serial;
	/* the error */
	int rc;
	const unsigned char *err_at;
	const char *err_msg;
	char err_buf[80];
};

/* Character classes inside strings. */
enum {
	C_PLAIN,	/* printable ASCII but '"' and '\' */
	C_QUOTE,
	C_ESCAPE,
	C_CONTROL,	/* U+0000..U+001F */
	C_LEAD,		/* a byte that may start a UTF-8 sequence */
	C_BAD,		/* never valid in UTF-8: 0x80..0xC1, 0xF5..0xFF */
};

#define P C_PLAIN
#define Q C_QUOTE
#define E C_ESCAPE
#define C C_CONTROL
#define L C_LEAD
#define B C_BAD
static const uint8_t char_class[256] = {
	C, C, C, C, C, C, C, C, C, C, C, C, C, C, C, C,	/* 00 */
	C, C, C, C, C, C, C, C, C, C, C, C, C, C, C, C,	/* 10 */
	P, P, Q, P, P, P, P, P, P, P, P, P, P, P, P, P,	/* 20 */
	P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,	/* 30 */
	P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,	/* 40 */
	P, P, P, P, P, P, P, P, P, P, P, P, E, P, P, P,	/* 50 */
	P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,	/* 60 */
	P, P, P, P, P, P, P, P, P, P, P, P, P, P, P, P,	/* 70 */
	B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,	/* 80 */
	B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,	/* 90 */
	B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,	/* a0 */
	B, B, B, B, B, B, B, B, B, B, B, B, B, B, B, B,	/* b0 */
	B, B, L, L, L, L, L, L, L, L, L, L, L, L, L, L,	/* c0 */
	L, L, L, L, L, L, L, L, L, L, L, L, L, L, L, L,	/* d0 */
	L, L, L, L, L, L, L, L, L, L, L, L, L, L, L, L,	/* e0 */
	L, L, L, L, L, B, B, B, B, B, B, B, B, B, B, B,	/* f0 */
};
#undef P
#undef Q
#undef E
#undef C
#undef L
#undef B

/*
 * The length of the valid UTF-8 sequence at @p (before @end), or 0: no
 * overlong forms, no surrogates (U+D800..U+DFFF), nothing above
 * U+10FFFF.
 */
static size_t
utf8_length(const unsigned char *p, const unsigned char *end)
{
	unsigned char c = p[0], lo = 0x80, hi = 0xbf;
	size_t n, i;

	if (c < 0x80)
		return 1;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	if (c < 0xe0) {
		n = 2;
	} else if (c < 0xf0) {
		n = 3;
		if (c == 0xe0)
			lo = 0xa0;	/* overlong below U+0800 */
		else if (c == 0xed)
			hi = 0x9f;	/* surrogates */
	} else {
		n = 4;
		if (c == 0xf0)
			lo = 0x90;	/* overlong below U+10000 */
		else if (c == 0xf4)
			hi = 0x8f;	/* above U+10FFFF */
	}
	if ((size_t)(end - p) < n)
		return 0;
	if (p[1] < lo || p[1] > hi)
		return 0;
	for (i = 2; i < n; i++)
		if (p[i] < 0x80 || p[i] > 0xbf)
			return 0;
	return n;
}

static bool
fail(struct parser *ps, const unsigned char *at, const char *msg)
{
	if (ps->rc == 0) {
		ps->rc = CARC_E_PARSE;
		ps->err_at = at;
		ps->err_msg = msg;
	}
	return false;
}

static bool
fail_nomem(struct parser *ps)
{
	ps->rc = CARC_E_NOMEM;
	return false;
}

/* Room for @more elements of @size bytes in *@arr of capacity *@cap. */
static bool
grow(struct parser *ps, void **arr, size_t *cap, size_t used, size_t more,
     size_t size)
{
	size_t want = *cap ? *cap : 64;
	void *bigger;

	if (used + more <= *cap)
		return true;
	while (want < used + more) {
		if (want > SIZE_MAX / 2 / size)
			return fail_nomem(ps);
		want *= 2;
	}
	bigger = realloc(*arr, want * size);
	if (!bigger)
		return fail_nomem(ps);
	*arr = bigger;
	*cap = want;
	return true;
}

static bool
push(struct parser *ps, const struct carc_json_value *v)
{
	if (!grow(ps, (void **)&ps->stack, &ps->stack_cap, ps->sp, 1,
		  sizeof(*ps->stack)))
		return false;
	ps->stack[ps->sp++] = *v;
	return true;
}

static void
skip_space(struct parser *ps)
{
	const unsigned char *p = ps->p, *end = ps->end;

	while (p < end) {
		if (*p == '\n')
			ps->line += ps->line < UINT32_MAX;
		else if (*p != ' ' && *p != '\t' && *p != '\r')
			break;
		p++;
	}
	ps->p = p;
}

static int
hex_digit(unsigned char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* The four hex digits after "\u" at @p, or -1. */
static long
hex4(const unsigned char *p, const unsigned char *end)
{
	long v = 0;

	if (end - p < 6 || p[0] != '\\' || p[1] != 'u')
		return -1;
	for (int i = 2; i < 6; i++) {
		int d = hex_digit(p[i]);

		if (d < 0)
			return -1;
		v = v * 16 + d;
	}
	return v;
}

static char *
put_utf8(char *o, unsigned long cp)
{
	if (cp < 0x80) {
		*o++ = (char)cp;
	} else if (cp < 0x800) {
		*o++ = (char)(0xc0 | (cp >> 6));
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else if (cp < 0x10000) {
		*o++ = (char)(0xe0 | (cp >> 12));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	} else {
		*o++ = (char)(0xf0 | (cp >> 18));
		*o++ = (char)(0x80 | ((cp >> 12) & 0x3f));
		*o++ = (char)(0x80 | ((cp >> 6) & 0x3f));
		*o++ = (char)(0x80 | (cp & 0x3f));
	}
	return o;
}

/*
 * The string whose opening quote is at ps->p, decoded into the arena:
 * its offset in *@off and its length in *@len.  No bounds check on the
 * arena is needed (see the top of the file).
 */
static bool
parse_string(struct parser *ps, size_t *off, size_t *len)
{
	const unsigned char *quote = ps->p, *p = ps->p + 1, *end = ps->end;
	char *start = ps->arena + ps->arena_len, *o = start;

	for (;;) {
		size_t n;

		/* copied as scanned: most runs are short, shorter than the
		 * cost of a call to memcpy */
		while (p < end && char_class[*p] == C_PLAIN)
			*o++ = (char)*p++;
		if (p == end)
			return fail(ps, quote, "unterminated string");
		switch (char_class[*p]) {
		case C_QUOTE:
			*o = '\0';
			*off = ps->arena_len;
			*len = (size_t)(o - start);
			ps->arena_len += *len + 1;
			ps->p = p + 1;
			return true;
		case C_CONTROL:
			return fail(ps, p, "control character in string");
		case C_LEAD:
			n = utf8_length(p, end);
			if (n == 0)
				return fail(ps, p, "invalid UTF-8");
			memcpy(o, p, n);
			o += n;
			p += n;
			break;
		case C_BAD:
			return fail(ps, p, "invalid UTF-8");
		default: {	/* C_ESCAPE */
			const unsigned char *esc = p;
			long cp, lo;

			if (end - p < 2)
				return fail(ps, quote, "unterminated string");
			switch (p[1]) {
			case '"': *o++ = '"'; break;
			case '\\': *o++ = '\\'; break;
			case '/': *o++ = '/'; break;
			case 'b': *o++ = '\b'; break;
			case 'f': *o++ = '\f'; break;
			case 'n': *o++ = '\n'; break;
			case 'r': *o++ = '\r'; break;
			case 't': *o++ = '\t'; break;
			case 'u':
				cp = hex4(p, end);
				if (cp < 0)
					return fail(ps, esc,
						    "invalid \\u escape");
				if (cp == 0)
					return fail(ps, esc,
						    "string contains U+0000");
				if (cp >= 0xdc00 && cp <= 0xdfff)
					return fail(ps, esc,
						    "unpaired surrogate in "
						    "\\u escape");
				if (cp >= 0xd800 && cp <= 0xdbff) {
					lo = hex4(p + 6, end);
					if (lo < 0xdc00 || lo > 0xdfff)
						return fail(ps, esc,
							    "unpaired surrogate"
							    " in \\u escape");
					cp = 0x10000 + ((cp - 0xd800) << 10) +
					     (lo - 0xdc00);
					p += 6;
				}
				o = put_utf8(o, (unsigned long)cp);
				p += 4;
				break;
			default:
				return fail(ps, esc,
					    "invalid escape in string");
			}
			p += 2;
			break;
		}
		}
	}
}

static bool
is_digit(const unsigned char *p, const unsigned char *end)
{
	return p < end && *p >= '0' && *p <= '9';
}

/* The end of the number starting at @p, or NULL with *@bad at the first
 * byte that breaks the grammar and *@why the reason. */
static const unsigned char *
scan_number(const unsigned char *p, const unsigned char *end,
	    const unsigned char **bad, const char **why)
{
	if (p < end && *p == '-')
		p++;
	if (!is_digit(p, end)) {
		*bad = p;
		*why = "digit expected after '-'";
		return NULL;
	}
	if (*p == '0') {
		p++;
		if (is_digit(p, end)) {
			*bad = p;
			*why = "leading zero in number";
			return NULL;
		}
	} else {
		while (is_digit(p, end))
			p++;
	}
	if (p < end && *p == '.') {
		p++;
		if (!is_digit(p, end)) {
			*bad = p;
			*why = "digit expected after '.'";
			return NULL;
		}
		while (is_digit(p, end))
			p++;
	}
	if (p < end && (*p == 'e' || *p == 'E')) {
		p++;
		if (p < end && (*p == '+' || *p == '-'))
			p++;
		if (!is_digit(p, end)) {
			*bad = p;
			*why = "digit expected in exponent";
			return NULL;
		}
		while (is_digit(p, end))
			p++;
	}
	return p;
}

static bool
parse_number(struct parser *ps, size_t *off, size_t *len)
{
	const unsigned char *bad = NULL, *stop;
	const char *why = NULL;

	stop = scan_number(ps->p, ps->end, &bad, &why);
	if (!stop)
		return fail(ps, bad, why);
	*off = ps->arena_len;
	*len = (size_t)(stop - ps->p);
	memcpy(ps->arena + ps->arena_len, ps->p, *len);
	ps->arena[ps->arena_len + *len] = '\0';
	ps->arena_len += *len + 1;
	ps->p = stop;
	return true;
}

static uint32_t
key_hash(const char *key, uint32_t serial)
{
	uint32_t h = 2166136261u ^ serial;

	for (; *key; key++)
		h = (h ^ (unsigned char)*key) * 16777619u;
	return h;
}

/* Insert @off into the key table under @serial; false with *@dup set
 * when the object already has that key. */
static bool
table_insert(struct parser *ps, uint32_t serial, size_t off, bool *dup)
{
	const char *key = ps->arena + off;
	uint32_t h = key_hash(key, serial);
	size_t mask, i;

	*dup = false;
	if ((ps->n_slots + 1) * 2 > ps->slots_cap) {
		size_t cap = ps->slots_cap ? ps->slots_cap * 2 : 256;
		struct slot *s;

		if (cap > SIZE_MAX / sizeof(*s))
			return fail_nomem(ps);
		s = calloc(cap, sizeof(*s));	/* every slot empty */
		if (!s)
			return fail_nomem(ps);
		for (size_t j = 0; j < ps->slots_cap; j++) {
			if (ps->slots[j].key1 == 0)
				continue;
			i = ps->slots[j].hash & (cap - 1);
			while (s[i].key1 != 0)
				i = (i + 1) & (cap - 1);
			s[i] = ps->slots[j];
		}
		free(ps->slots);
		ps->slots = s;
		ps->slots_cap = cap;
	}
	mask = ps->slots_cap - 1;
	for (i = h & mask; ps->slots[i].key1 != 0; i = (i + 1) & mask) {
		const struct slot *s = &ps->slots[i];

		if (s->hash == h && s->serial == serial &&
		    strcmp(ps->arena + s->key1 - 1, key) == 0) {
			*dup = true;
			return false;
		}
	}
	ps->slots[i].key1 = off + 1;
	ps->slots[i].serial = serial;
	ps->slots[i].hash = h;
	ps->n_slots++;
	return true;
}

static bool
fail_duplicate(struct parser *ps, const unsigned char *at, size_t off)
{
	const char *key = ps->arena + off;
	char shown[48];
	size_t n = 0, max = 32;

	/* at most 32 bytes, cut at a character boundary, controls as '?' */
	while (n < max && key[n]) {
		size_t k = utf8_length((const unsigned char *)key + n,
				       (const unsigned char *)key + n + 4);

		if (k == 0 || n + k > max)
			break;
		for (size_t i = 0; i < k; i++) {
			unsigned char c = (unsigned char)key[n + i];

			shown[n + i] = c < 0x20 ? '?' : (char)c;
		}
		n += k;
	}
	shown[n] = '\0';
	snprintf(ps->err_buf, sizeof(ps->err_buf), "duplicate key '%s%s'",
		 shown, key[n] ? "..." : "");
	return fail(ps, at, ps->err_buf);
}

/* The new key @off of the innermost object, which has its members so far
 * on the stack: an error if one of them has the same key. */
static bool
check_key(struct parser *ps, const unsigned char *at, size_t off)
{
	struct frame *f = &ps->frames[ps->depth - 1];
	size_t n = ps->sp - f->base;
	bool dup;

	if (n < SMALL_OBJECT && !f->hashed) {
		for (size_t i = f->base; i < ps->sp; i++)
			if (strcmp(ps->arena + ps->stack[i].key.off,
				   ps->arena + off) == 0)
				return fail_duplicate(ps, at, off);
		return true;
	}
	if (!f->hashed) {
		f->serial = ps->next_serial++;
		for (size_t i = f->base; i < ps->sp; i++)
			if (!table_insert(ps, f->serial, ps->stack[i].key.off,
					  &dup))
				return false; /* keys so far are unique */
		f->hashed = true;
	}
	if (!table_insert(ps, f->serial, off, &dup))
		return dup ? fail_duplicate(ps, at, off) : false;
	return true;
}

/* Close the innermost container: its children leave the stack for the
 * node array, and the container takes their place. */
static bool
close_container(struct parser *ps)
{
	struct frame *f = &ps->frames[--ps->depth];
	size_t n = ps->sp - f->base;
	struct carc_json_value v;

	if (!grow(ps, (void **)&ps->nodes, &ps->nodes_cap, ps->n_nodes, n,
		  sizeof(*ps->nodes)))
		return false;
	if (n > 0)
		memcpy(ps->nodes + ps->n_nodes, ps->stack + f->base,
		       n * sizeof(*ps->nodes));
	memset(&v, 0, sizeof(v));
	v.type = f->type;
	v.key.off = f->key;
	v.u.off = ps->n_nodes;
	v.len = n;
	v.line = f->line;
	ps->n_nodes += n;
	ps->sp = f->base;
	return push(ps, &v);
}

static bool
open_container(struct parser *ps, uint8_t type, size_t key)
{
	struct frame *f;

	if (ps->depth == CARC_JSON_MAX_DEPTH)
		return fail(ps, ps->p, "nesting deeper than 64");
	f = &ps->frames[ps->depth++];
	f->base = ps->sp;
	f->key = key;
	f->line = ps->line;
	f->serial = 0;
	f->type = type;
	f->hashed = false;
	ps->p++;
	return true;
}

enum state { EXPECT_VALUE, EXPECT_KEY, AFTER_VALUE };

static bool
match_literal(struct parser *ps, const char *word, uint8_t type,
	      struct carc_json_value *v)
{
	size_t n = strlen(word);

	if ((size_t)(ps->end - ps->p) < n || memcmp(ps->p, word, n) != 0)
		return fail(ps, ps->p, "invalid literal");
	v->type = type;
	ps->p += n;
	return true;
}

/* A value at ps->p (after white space); *@st is what comes next. */
static bool
parse_value(struct parser *ps, size_t key, enum state *st)
{
	struct carc_json_value v;
	bool ok;

	memset(&v, 0, sizeof(v));
	v.key.off = key;
	v.line = ps->line;
	*st = AFTER_VALUE;
	switch (*ps->p) {
	case '[':
	case '{':
		if (!open_container(ps, *ps->p == '[' ? CARC_JSON_ARRAY
						      : CARC_JSON_OBJECT,
				    key))
			return false;
		skip_space(ps);
		if (ps->p < ps->end &&
		    *ps->p == (ps->frames[ps->depth - 1].type ==
					       CARC_JSON_ARRAY ? ']' : '}')) {
			ps->p++;
			return close_container(ps);
		}
		*st = ps->frames[ps->depth - 1].type == CARC_JSON_ARRAY
			      ? EXPECT_VALUE : EXPECT_KEY;
		return true;
	case '"':
		v.type = CARC_JSON_STRING;
		ok = parse_string(ps, &v.u.off, &v.len);
		break;
	case '-': case '0': case '1': case '2': case '3': case '4':
	case '5': case '6': case '7': case '8': case '9':
		v.type = CARC_JSON_NUMBER;
		ok = parse_number(ps, &v.u.off, &v.len);
		break;
	case 't':
		ok = match_literal(ps, "true", CARC_JSON_TRUE, &v);
		break;
	case 'f':
		ok = match_literal(ps, "false", CARC_JSON_FALSE, &v);
		break;
	case 'n':
		ok = match_literal(ps, "null", CARC_JSON_NULL, &v);
		break;
	default:
		return fail(ps, ps->p, "expected a value");
	}
	return ok && push(ps, &v);
}

static bool
parse_document(struct parser *ps)
{
	enum state st = EXPECT_VALUE;
	size_t key = NO_KEY;
	const unsigned char *comma = NULL;

	for (;;) {
		struct frame *f;
		const unsigned char *at;

		skip_space(ps);
		if (st == AFTER_VALUE && ps->depth == 0) {
			if (ps->p < ps->end)
				return fail(ps, ps->p,
					    "unexpected text after the value");
			return true;
		}
		if (ps->p == ps->end) {
			if (ps->depth == 0 && ps->sp == 0)
				return fail(ps, ps->p, "empty document");
			return fail(ps, ps->p, "unexpected end of input");
		}
		f = ps->depth ? &ps->frames[ps->depth - 1] : NULL;
		switch (st) {
		case EXPECT_VALUE:
			if (!parse_value(ps, key, &st))
				return false;
			key = NO_KEY;
			break;
		case EXPECT_KEY:
			at = ps->p;
			if (*at == '}' && comma)
				return fail(ps, comma,
					    "trailing comma in object");
			if (*at != '"')
				return fail(ps, at,
					    "expected a string key in object");
			if (!parse_string(ps, &key, &(size_t){ 0 }) ||
			    !check_key(ps, at, key))
				return false;
			comma = NULL;
			skip_space(ps);
			if (ps->p == ps->end)
				return fail(ps, ps->p,
					    "unexpected end of input");
			if (*ps->p != ':')
				return fail(ps, ps->p,
					    "expected ':' after object key");
			ps->p++;
			st = EXPECT_VALUE;
			break;
		default:	/* AFTER_VALUE inside a container */
			comma = NULL;
			if (*ps->p == ',') {
				comma = ps->p++;
				st = f->type == CARC_JSON_ARRAY ? EXPECT_VALUE
								 : EXPECT_KEY;
				if (f->type == CARC_JSON_ARRAY) {
					skip_space(ps);
					if (ps->p < ps->end && *ps->p == ']')
						return fail(ps, comma,
							    "trailing comma "
							    "in array");
				}
			} else if (f->type == CARC_JSON_ARRAY &&
				   *ps->p == ']') {
				ps->p++;
				if (!close_container(ps))
					return false;
			} else if (f->type == CARC_JSON_OBJECT &&
				   *ps->p == '}') {
				ps->p++;
				if (!close_container(ps))
					return false;
			} else {
				return fail(ps, ps->p,
					    f->type == CARC_JSON_ARRAY
						    ? "expected ',' or ']' "
						      "in array"
						    : "expected ',' or '}' "
						      "in object");
			}
			break;
		}
	}
}

/* Line and column (1-based, in characters, the BOM not counted) of @at. */
static void
position(const struct parser *ps, const unsigned char *at, uint32_t *line,
	 uint32_t *column)
{
	const unsigned char *p, *start = ps->body;
	uint32_t l = 1, c = 1;

	for (p = ps->text; p < at; p++)
		if (*p == '\n') {
			l += l < UINT32_MAX;
			start = p + 1;
		}
	for (p = start; p < at; p++)
		if ((*p & 0xc0) != 0x80)
			c += c < UINT32_MAX;
	*line = l;
	*column = c;
}

/* Turn the offsets of the parse into pointers. */
static void
finish_nodes(struct carc_json_doc *doc)
{
	for (size_t i = 0; i < doc->n_nodes; i++) {
		struct carc_json_value *v = &doc->nodes[i];
		size_t key = v->key.off, off = v->u.off;

		v->key.p = key == NO_KEY ? NULL : doc->arena + key;
		switch (v->type) {
		case CARC_JSON_STRING:
		case CARC_JSON_NUMBER:
			v->u.s = doc->arena + off;
			break;
		case CARC_JSON_ARRAY:
		case CARC_JSON_OBJECT:
			v->u.kids = doc->nodes + off;
			break;
		default:
			v->u.s = NULL;
			break;
		}
	}
}

static void
report(char *msg, size_t msg_len, const char *text)
{
	if (msg && msg_len > 0)
		snprintf(msg, msg_len, "%s", text);
}

int
carc_json_parse(const char *text, size_t len, struct carc_json_doc **out,
		uint32_t *line, uint32_t *column, char *msg, size_t msg_len)
{
	struct parser ps;
	struct carc_json_doc *doc = NULL;
	uint32_t l = 0, c = 0;

	if (!out || (!text && len > 0))
		return CARC_E_INVALID;
	memset(&ps, 0, sizeof(ps));
	ps.text = (const unsigned char *)(text ? text : "");
	ps.p = ps.text;
	ps.end = ps.text + len;
	ps.line = 1;
	if (len >= 3 && memcmp(ps.p, "\xef\xbb\xbf", 3) == 0)
		ps.p += 3;
	ps.body = ps.p;

	if (len < SIZE_MAX) {
		ps.arena = malloc(len + 1);
		doc = malloc(sizeof(*doc));
	}
	if (!ps.arena || !doc) {
		fail_nomem(&ps);
	} else if (parse_document(&ps)) {
		/* the root goes last */
		if (grow(&ps, (void **)&ps.nodes, &ps.nodes_cap, ps.n_nodes,
			 1, sizeof(*ps.nodes)))
			ps.nodes[ps.n_nodes++] = ps.stack[0];
	}
	free(ps.stack);
	free(ps.slots);
	if (ps.rc != 0) {
		free(ps.arena);
		free(ps.nodes);
		free(doc);
		if (ps.rc == CARC_E_PARSE) {
			position(&ps, ps.err_at, &l, &c);
			report(msg, msg_len, ps.err_msg);
		} else {
			report(msg, msg_len, "out of memory");
		}
		if (line)
			*line = l;
		if (column)
			*column = c;
		return ps.rc;
	}
	doc->arena = ps.arena;
	doc->nodes = ps.nodes;
	doc->n_nodes = ps.n_nodes;
	finish_nodes(doc);
	if (line)
		*line = 0;
	if (column)
		*column = 0;
	report(msg, msg_len, "");
	*out = doc;
	return 0;
}

void
carc_json_free(struct carc_json_doc *doc)
{
	if (!doc)
		return;
	free(doc->nodes);
	free(doc->arena);
	free(doc);
}

const struct carc_json_value *
carc_json_root(const struct carc_json_doc *doc)
{
	return doc ? &doc->nodes[doc->n_nodes - 1] : NULL;
}

/* ------------------------------------------------------------------ */
/* Reading values                                                       */
/* ------------------------------------------------------------------ */

enum carc_json_type
carc_json_type(const struct carc_json_value *v)
{
	return v ? (enum carc_json_type)v->type : CARC_JSON_NULL;
}

uint32_t
carc_json_line(const struct carc_json_value *v)
{
	return v ? v->line : 0;
}

static bool
is_container(const struct carc_json_value *v)
{
	return v && (v->type == CARC_JSON_ARRAY || v->type == CARC_JSON_OBJECT);
}

size_t
carc_json_count(const struct carc_json_value *v)
{
	return is_container(v) ? v->len : 0;
}

const struct carc_json_value *
carc_json_at(const struct carc_json_value *v, size_t i)
{
	return is_container(v) && i < v->len ? &v->u.kids[i] : NULL;
}

const char *
carc_json_key_at(const struct carc_json_value *v, size_t i)
{
	if (!v || v->type != CARC_JSON_OBJECT || i >= v->len)
		return NULL;
	return v->u.kids[i].key.p;
}

const struct carc_json_value *
carc_json_get(const struct carc_json_value *obj, const char *key)
{
	if (!obj || obj->type != CARC_JSON_OBJECT || !key)
		return NULL;
	for (size_t i = 0; i < obj->len; i++)
		if (strcmp(obj->u.kids[i].key.p, key) == 0)
			return &obj->u.kids[i];
	return NULL;
}

const char *
carc_json_string(const struct carc_json_value *v)
{
	return v && v->type == CARC_JSON_STRING ? v->u.s : NULL;
}

size_t
carc_json_string_len(const struct carc_json_value *v)
{
	return v && v->type == CARC_JSON_STRING ? v->len : 0;
}

const char *
carc_json_number_text(const struct carc_json_value *v)
{
	return v && v->type == CARC_JSON_NUMBER ? v->u.s : NULL;
}

bool
carc_json_is_true(const struct carc_json_value *v)
{
	return v && v->type == CARC_JSON_TRUE;
}

/*
 * A number's text as its digits d[0..n) (integer part then fraction,
 * without the point) and the exponent e of the last one:
 * value = sign * d * 10^e.  first and last index the first and last
 * nonzero digits (first == n: the value is zero).
 */
struct decimal {
	const char *text;	/* the number text */
	size_t n_int, n_frac;	/* digits before and after the point */
	size_t first, last;
	int64_t exp;		/* exponent of the last digit */
	bool negative;
};

static char
digit_at(const struct decimal *d, size_t i)
{
	size_t off = d->negative + i;

	/* skip the decimal point */
	return d->text[i < d->n_int ? off : off + 1];
}

static void
decimal_read(const char *s, struct decimal *d)
{
	const char *p = s;
	int64_t e = 0;
	bool eneg = false;

	memset(d, 0, sizeof(*d));
	d->text = s;
	d->negative = *p == '-';
	p += d->negative;
	while (*p >= '0' && *p <= '9') {
		p++;
		d->n_int++;
	}
	if (*p == '.') {
		p++;
		while (*p >= '0' && *p <= '9') {
			p++;
			d->n_frac++;
		}
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			eneg = *p++ == '-';
		for (; *p >= '0' && *p <= '9'; p++)
			if (e < EXP_LIMIT)
				e = e * 10 + (*p - '0');
		if (eneg)
			e = -e;
	}
	d->exp = e - (int64_t)d->n_frac;
	d->first = d->n_int + d->n_frac;
	d->last = 0;
	for (size_t i = 0; i < d->n_int + d->n_frac; i++)
		if (digit_at(d, i) != '0') {
			if (d->first == d->n_int + d->n_frac)
				d->first = i;
			d->last = i;
		}
}

bool
carc_json_int(const struct carc_json_value *v, int64_t *out)
{
	struct decimal d;
	uint64_t m = 0;
	int64_t e;
	size_t n;

	if (!v || v->type != CARC_JSON_NUMBER)
		return false;
	decimal_read(v->u.s, &d);
	n = d.n_int + d.n_frac;
	if (d.first == n) {
		if (out)
			*out = 0;
		return true;
	}
	/* value = d[first..last] * 10^e, at most 19 digits: below 10^19,
	 * so within uint64_t */
	e = d.exp + (int64_t)(n - 1 - d.last);
	if (e < 0 || (int64_t)(d.last - d.first + 1) + e > 19)
		return false;
	for (size_t i = d.first; i <= d.last; i++)
		m = m * 10 + (uint64_t)(digit_at(&d, i) - '0');
	for (; e > 0; e--)
		m *= 10;
	if (d.negative ? m > (uint64_t)INT64_MAX + 1 : m > (uint64_t)INT64_MAX)
		return false;
	if (out)
		*out = d.negative ? (m == (uint64_t)INT64_MAX + 1
					     ? INT64_MIN
					     : -(int64_t)m)
				  : (int64_t)m;
	return true;
}

/* Significant digits given to strtod(): halfway points between doubles
 * have at most 767, so a longer tail only matters as "above", which one
 * more nonzero digit keeps. */
#define DOUBLE_DIGITS 800

bool
carc_json_double(const struct carc_json_value *v, double *out)
{
	struct decimal d;
	char buf[DOUBLE_DIGITS + 32], *o = buf;
	size_t n, last, i;
	int64_t e;
	double r;
	int saved;

	if (!v || v->type != CARC_JSON_NUMBER)
		return false;
	decimal_read(v->u.s, &d);
	n = d.n_int + d.n_frac;
	if (d.first == n) {
		if (out)
			*out = d.negative ? -0.0 : 0.0;
		return true;
	}
	last = d.last - d.first >= DOUBLE_DIGITS ? d.first + DOUBLE_DIGITS - 1
						  : d.last;
	/* value = d[first..last] * 10^e (+ a tail when last < d.last) */
	e = d.exp + (int64_t)(n - 1 - last);
	if (e + (int64_t)(last - d.first) > 309)
		return false;			/* >= 1e310 */
	if (e + (int64_t)(last - d.first) < -400) {
		if (out)
			*out = d.negative ? -0.0 : 0.0;	/* < 1e-399 */
		return true;
	}
	/*
	 * strtod() is correctly rounded in the C libraries we know, and
	 * reads digits and an exponent alike in every locale: only the
	 * decimal point is the locale's, and this form has none.
	 */
	if (d.negative)
		*o++ = '-';
	for (i = d.first; i <= last; i++)
		*o++ = digit_at(&d, i);
	if (last < d.last) {
		*o++ = '1';
		e--;
	}
	snprintf(o, sizeof(buf) - (size_t)(o - buf), "e%lld", (long long)e);
	saved = errno;
	r = strtod(buf, NULL);
	errno = saved;		/* ERANGE for overflow and underflow */
	if (r > DBL_MAX || r < -DBL_MAX)
		return false;
	if (out)
		*out = r;
	return true;
}

/* ------------------------------------------------------------------ */
/* Writing                                                              */
/* ------------------------------------------------------------------ */

struct carc_json_writer {
	char *buf;		/* always NUL-terminated */
	size_t len, cap;
	int indent;
	int rc;			/* the first failure, sticky */
	int depth;
	bool done;		/* the top-level value is complete */
	bool finished;		/* finish() added the final newline */
	struct {
		uint8_t type;
		bool has_key;	/* objects: a key waits for its value */
		size_t count;
	} lv[CARC_JSON_MAX_DEPTH];
};

int
carc_json_writer_new(struct carc_json_writer **out, int indent)
{
	struct carc_json_writer *w;

	if (!out || indent < 0 || indent > 16)
		return CARC_E_INVALID;
	w = calloc(1, sizeof(*w));
	if (!w)
		return CARC_E_NOMEM;
	w->cap = 256;
	w->buf = malloc(w->cap);
	if (!w->buf) {
		free(w);
		return CARC_E_NOMEM;
	}
	w->buf[0] = '\0';
	w->indent = indent;
	*out = w;
	return 0;
}

void
carc_json_writer_free(struct carc_json_writer *w)
{
	if (!w)
		return;
	free(w->buf);
	free(w);
}

static bool
w_fail(struct carc_json_writer *w, int rc)
{
	if (w->rc == 0)
		w->rc = rc;
	return false;
}

static bool
w_reserve(struct carc_json_writer *w, size_t more)
{
	size_t cap = w->cap;
	char *bigger;

	if (w->len + more < w->cap)
		return true;
	if (more > SIZE_MAX / 4 - w->len)
		return w_fail(w, CARC_E_NOMEM);
	while (cap <= w->len + more)
		cap *= 2;
	bigger = realloc(w->buf, cap);
	if (!bigger)
		return w_fail(w, CARC_E_NOMEM);
	w->buf = bigger;
	w->cap = cap;
	return true;
}

static void
w_put(struct carc_json_writer *w, const char *s, size_t n)
{
	char *o;

	if (w->rc != 0 || !w_reserve(w, n))
		return;
	o = w->buf + w->len;
	if (n <= 16) {		/* cheaper than a call to memcpy */
		for (size_t i = 0; i < n; i++)
			o[i] = s[i];
	} else {
		memcpy(o, s, n);
	}
	w->len += n;
	w->buf[w->len] = '\0';
}

static void
w_newline(struct carc_json_writer *w, int depth)
{
	size_t n = 1 + (size_t)depth * (size_t)w->indent;

	if (w->indent == 0 || w->rc != 0 || !w_reserve(w, n))
		return;
	w->buf[w->len] = '\n';
	memset(w->buf + w->len + 1, ' ', n - 1);
	w->len += n;
	w->buf[w->len] = '\0';
}

/* The separator and indentation before a value; false when no value may
 * come here (the failure recorded). */
static bool
w_begin_value(struct carc_json_writer *w)
{
	if (w->rc != 0)
		return false;
	if (w->done)
		return w_fail(w, CARC_E_INVALID);
	if (w->depth > 0) {
		int d = w->depth - 1;

		if (w->lv[d].type == CARC_JSON_OBJECT) {
			if (!w->lv[d].has_key)
				return w_fail(w, CARC_E_INVALID);
			w->lv[d].has_key = false;
			return true;
		}
		if (w->lv[d].count++ > 0)
			w_put(w, ",", 1);
		w_newline(w, w->depth);
	}
	return w->rc == 0;
}

static void
w_end_value(struct carc_json_writer *w)
{
	if (w->depth == 0)
		w->done = true;
}

static bool
utf8_valid(const char *s, size_t n)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + n;

	while (p < end) {
		size_t k = utf8_length(p, end);

		if (k == 0)
			return false;
		p += k;
	}
	return true;
}

static void
w_string(struct carc_json_writer *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char *p = (const unsigned char *)s, *run;
	size_t n = strlen(s);

	if (!utf8_valid(s, n)) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	w_put(w, "\"", 1);
	while (*p) {
		char esc[6] = { '\\', 0, 0, 0, 0, 0 };
		size_t k = 2;

		run = p;
		while (*p >= 0x20 && *p != '"' && *p != '\\')
			p++;
		w_put(w, (const char *)run, (size_t)(p - run));
		if (!*p)
			break;
		switch (*p) {
		case '"': esc[1] = '"'; break;
		case '\\': esc[1] = '\\'; break;
		case '\b': esc[1] = 'b'; break;
		case '\f': esc[1] = 'f'; break;
		case '\n': esc[1] = 'n'; break;
		case '\r': esc[1] = 'r'; break;
		case '\t': esc[1] = 't'; break;
		default:
			esc[1] = 'u';
			esc[2] = '0';
			esc[3] = '0';
			esc[4] = hex[*p >> 4];
			esc[5] = hex[*p & 15];
			k = 6;
			break;
		}
		w_put(w, esc, k);
		p++;
	}
	w_put(w, "\"", 1);
}

static void
w_begin(struct carc_json_writer *w, uint8_t type, const char *open)
{
	if (!w || !w_begin_value(w))
		return;
	if (w->depth == CARC_JSON_MAX_DEPTH) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	w_put(w, open, 1);
	w->lv[w->depth].type = type;
	w->lv[w->depth].has_key = false;
	w->lv[w->depth].count = 0;
	w->depth++;
}

void
carc_json_begin_object(struct carc_json_writer *w)
{
	w_begin(w, CARC_JSON_OBJECT, "{");
}

void
carc_json_begin_array(struct carc_json_writer *w)
{
	w_begin(w, CARC_JSON_ARRAY, "[");
}

static void
w_end(struct carc_json_writer *w, uint8_t type, const char *close)
{
	if (!w || w->rc != 0)
		return;
	if (w->depth == 0 || w->lv[w->depth - 1].type != type ||
	    w->lv[w->depth - 1].has_key) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	w->depth--;
	if (w->lv[w->depth].count > 0)
		w_newline(w, w->depth);
	w_put(w, close, 1);
	w_end_value(w);
}

void
carc_json_end_object(struct carc_json_writer *w)
{
	w_end(w, CARC_JSON_OBJECT, "}");
}

void
carc_json_end_array(struct carc_json_writer *w)
{
	w_end(w, CARC_JSON_ARRAY, "]");
}

void
carc_json_key(struct carc_json_writer *w, const char *key)
{
	int d;

	if (!w || w->rc != 0)
		return;
	d = w->depth - 1;
	if (!key || d < 0 || w->lv[d].type != CARC_JSON_OBJECT ||
	    w->lv[d].has_key) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	if (w->lv[d].count++ > 0)
		w_put(w, ",", 1);
	w_newline(w, w->depth);
	w_string(w, key);
	if (w->indent > 0)
		w_put(w, ": ", 2);
	else
		w_put(w, ":", 1);
	w->lv[d].has_key = true;
}

void
carc_json_write_string(struct carc_json_writer *w, const char *s)
{
	if (!w)
		return;
	if (!s) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	if (!w_begin_value(w))
		return;
	w_string(w, s);
	w_end_value(w);
}

void
carc_json_write_int(struct carc_json_writer *w, int64_t v)
{
	char digits[24], *p = digits + sizeof(digits);
	/* the magnitude, also of INT64_MIN */
	uint64_t m = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;

	if (!w || !w_begin_value(w))
		return;
	do {
		*--p = (char)('0' + m % 10);
		m /= 10;
	} while (m);
	if (v < 0)
		*--p = '-';
	w_put(w, p, (size_t)(digits + sizeof(digits) - p));
	w_end_value(w);
}

void
carc_json_write_number(struct carc_json_writer *w, const char *text)
{
	const unsigned char *s = (const unsigned char *)text, *end, *bad;
	const char *why;

	if (!w)
		return;
	if (!text) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	end = s + strlen(text);
	if (scan_number(s, end, &bad, &why) != end) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	if (!w_begin_value(w))
		return;
	w_put(w, text, (size_t)(end - s));
	w_end_value(w);
}

void
carc_json_write_bool(struct carc_json_writer *w, bool v)
{
	if (!w || !w_begin_value(w))
		return;
	if (v)
		w_put(w, "true", 4);
	else
		w_put(w, "false", 5);
	w_end_value(w);
}

void
carc_json_write_null(struct carc_json_writer *w)
{
	if (!w || !w_begin_value(w))
		return;
	w_put(w, "null", 4);
	w_end_value(w);
}

/* Recursion as deep as the value's nesting, at most
 * CARC_JSON_MAX_DEPTH for a parsed document. */
void
carc_json_write_value(struct carc_json_writer *w,
		      const struct carc_json_value *v)
{
	if (!w || w->rc != 0)
		return;
	if (!v) {
		w_fail(w, CARC_E_INVALID);
		return;
	}
	switch (v->type) {
	case CARC_JSON_NULL:
		carc_json_write_null(w);
		break;
	case CARC_JSON_FALSE:
	case CARC_JSON_TRUE:
		carc_json_write_bool(w, v->type == CARC_JSON_TRUE);
		break;
	case CARC_JSON_NUMBER:
		carc_json_write_number(w, v->u.s);
		break;
	case CARC_JSON_STRING:
		carc_json_write_string(w, v->u.s);
		break;
	case CARC_JSON_ARRAY:
		carc_json_begin_array(w);
		for (size_t i = 0; i < v->len && w->rc == 0; i++)
			carc_json_write_value(w, &v->u.kids[i]);
		carc_json_end_array(w);
		break;
	default:
		carc_json_begin_object(w);
		for (size_t i = 0; i < v->len && w->rc == 0; i++) {
			carc_json_key(w, v->u.kids[i].key.p);
			carc_json_write_value(w, &v->u.kids[i]);
		}
		carc_json_end_object(w);
		break;
	}
}

int
carc_json_writer_finish(struct carc_json_writer *w, const char **text,
			size_t *len)
{
	if (!w)
		return CARC_E_INVALID;
	if (w->rc != 0)
		return w->rc;
	if (!w->done)
		return CARC_E_INVALID;
	if (!w->finished && w->indent > 0) {
		w_put(w, "\n", 1);
		if (w->rc != 0)
			return w->rc;
	}
	w->finished = true;
	if (text)
		*text = w->buf;
	if (len)
		*len = w->len;
	return 0;
}
