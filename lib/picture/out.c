/* SPDX-License-Identifier: MIT */
/*
 * The picture's text sink: snprintf-style counting and XML escaping.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "picture.h"

void
pic_printf(struct pic_out *o, const char *fmt, ...)
{
	va_list ap;
	int k;

	if (o->failed)
		return;
	va_start(ap, fmt);
	if (o->len + 1 < o->n)
		k = vsnprintf(o->buf + o->len, o->n - o->len, fmt, ap);
	else
		k = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (k < 0 || (size_t)k > (size_t)INT_MAX - o->len) {
		o->failed = true;
		return;
	}
	o->len += (size_t)k;
}

void
pic_escaped(struct pic_out *o, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '<':
			pic_printf(o, "&lt;");
			break;
		case '>':
			pic_printf(o, "&gt;");
			break;
		case '&':
			pic_printf(o, "&amp;");
			break;
		case '\'':
			pic_printf(o, "&apos;");
			break;
		case '"':
			pic_printf(o, "&quot;");
			break;
		default:
			pic_printf(o, "%c", *s);
			break;
		}
	}
}
