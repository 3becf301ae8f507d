/* SPDX-License-Identifier: MIT */
/*
 * Private definitions of the picture layer (lib/picture/).  The layer
 * sits on the public API only: it includes <carcassonne/carcassonne.h>
 * and the C library, nothing of the engine.
 */
#ifndef CARC_PICTURE_H
#define CARC_PICTURE_H

#include <stdbool.h>
#include <stddef.h>

#include <carcassonne/carcassonne.h>

/* CARC_EXPORT (the library is compiled with hidden visibility) and the
 * printf attribute, where the compiler has them: compiler portability,
 * not the engine. */
#include "compat.h"

#define PIC_PRINTF(f, a) CARC_PRINTF(f, a)

/*
 * An snprintf-style text sink: everything is counted, what fits in
 * buf[0..n-1) is written and NUL-terminated.
 */
struct pic_out {
	char *buf;
	size_t n;
	size_t len;
	bool failed;		/* formatting error or over INT_MAX */
};

/* carc__ names: the static archive exports only carc_ symbols. */
#define pic_printf carc__pic_printf
#define pic_escaped carc__pic_escaped

void pic_printf(struct pic_out *o, const char *fmt, ...) PIC_PRINTF(2, 3);
/* Text content or attribute value, XML-escaped. */
void pic_escaped(struct pic_out *o, const char *s);

#endif /* CARC_PICTURE_H */
