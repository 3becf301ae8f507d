/* SPDX-License-Identifier: MIT */
/*
 * Compiled as strict C99 (and C11) with -pedantic -Werror: the public
 * headers must need no compiler extension.  When run, it checks that the
 * library it loaded is the version its headers describe.
 */
#include <carcassonne/carcassonne.h>
#include <carcassonne/carcassonne-version.h>
#include <carcassonne/search.h>
#include <carcassonne/learn.h>
#include <carcassonne/jcz.h>

#include <stdio.h>
#include <string.h>

/* Compile-time checks that work in C99 (no _Static_assert there). */
#define CHECK_AT_COMPILE_TIME(name, cond) \
	typedef char check_##name[(cond) ? 1 : -1]

CHECK_AT_COMPILE_TIME(move_is_64_bits, sizeof(carc_move_t) == 8);
CHECK_AT_COMPILE_TIME(move_none_is_zero, CARC_MOVE_NONE == 0);
CHECK_AT_COMPILE_TIME(ok_is_zero, CARC_OK == 0);
/* search.h: bindings lay these out by hand */
CHECK_AT_COMPILE_TIME(bot_options_size,
		      sizeof(struct carc_bot_options) == 48);
CHECK_AT_COMPILE_TIME(bot_stats_size, sizeof(struct carc_bot_stats) == 48);
CHECK_AT_COMPILE_TIME(errors_are_negative, CARC_E_INVALID < 0);
CHECK_AT_COMPILE_TIME(version_number,
		      CARC_VERSION_NUMBER ==
		      CARC_VERSION_ENCODE(CARC_VERSION_MAJOR,
					  CARC_VERSION_MINOR,
					  CARC_VERSION_MICRO));

int
main(void)
{
	const char *version = carc_version_string();

	if (carc_version_number() != CARC_VERSION_NUMBER) {
		fprintf(stderr, "library version %u, header version %u\n",
			(unsigned)carc_version_number(),
			(unsigned)CARC_VERSION_NUMBER);
		return 1;
	}
	if (version == NULL || strcmp(version, CARC_VERSION_STRING) != 0) {
		fprintf(stderr, "library version \"%s\", header \"%s\"\n",
			version ? version : "(null)", CARC_VERSION_STRING);
		return 1;
	}
	if (carc_strerror(CARC_E_INVALID) == NULL)
		return 1;
	printf("libcarcassonne %s\n", version);
	return 0;
}
