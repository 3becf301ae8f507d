/* SPDX-License-Identifier: MIT */
/*
 * The text-parser fuzz harness: the bytes after the first are a
 * NUL-terminated text given to one of the public parsers, which the first
 * byte chooses:
 *
 *   carc_move_parse(), carc_option_from_name(),
 *   carc_option_value_from_name() (of an option the second byte names),
 *   carc_tile_from_name(), carc_feature_from_name(),
 *   carc_figure_from_name(), carc_feature_kind_from_name(),
 *   carc_phase_from_name().
 *
 * What the header promises is checked, and abort() reports a violation:
 * a parser either refuses the text with its documented error code,
 * leaving the output alone, or accepts it, and then the text is exactly
 * the name (or the description) of what it gave back: every parser is the
 * exact inverse of its naming function.  (carc_option_value_from_name()
 * also takes aliases and decimal numbers: an accepted text gives a value
 * in the option's range.)  Called by libFuzzer in the -Dfuzzing=true
 * build (fuzz-names) and by fuzz-replay.c in every build
 * (fuzz-replay-names, suite fuzz-replay).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <carcassonne/carcassonne.h>

#define TEXT_MAX 256

#define FUZZ_NAME "fuzz-names"
#include "fuzz-common.h"

/* A name lookup: refused with @err, or the name of what it gave. */
static void
check_lookup(const char *text, int rc, int err, const char *(*name)(uint32_t))
{
	if (rc < 0) {
		CHECK(rc == err);
		return;
	}
	CHECK(name((uint32_t)rc) != NULL);
	CHECK(strcmp(name((uint32_t)rc), text) == 0);
}

static void
check_move(const char *text)
{
	carc_move_t m = 0x1234;
	char back[96];
	int rc = carc_move_parse(text, &m), len;

	if (rc < 0) {
		CHECK(rc == CARC_E_INVALID && m == 0x1234);
		return;
	}
	CHECK(rc == CARC_OK);
	len = carc_move_describe(m, back, sizeof(back));
	CHECK(len >= 0 && (size_t)len < sizeof(back));
	CHECK(strcmp(back, text) == 0);
	CHECK(carc_move_parse(text, NULL) == CARC_E_INVALID);
}

static void
check_option_value(uint32_t option, const char *text)
{
	int32_t v = 0x5a5a5a5a, lo, hi;
	int type = carc_option_info(option, &lo, &hi, NULL);
	int rc = carc_option_value_from_name(option, text, &v);
	const char *name;

	if (type < 0) {
		CHECK(type == CARC_E_UNKNOWN_OPTION);
		CHECK(rc == CARC_E_UNKNOWN_OPTION && v == 0x5a5a5a5a);
		return;
	}
	if (rc < 0) {
		CHECK(rc == CARC_E_INVALID && v == 0x5a5a5a5a);
		return;
	}
	CHECK(rc == CARC_OK && v >= lo && v <= hi);
	/* the written word or number of the value reads back to it */
	name = carc_option_value_name(option, v);
	if (type == CARC_OPTION_NUMBER) {
		char num[16];

		CHECK(name == NULL);
		snprintf(num, sizeof(num), "%d", (int)v);
		name = num;
		CHECK(carc_option_value_from_name(option, name, &lo) ==
		      CARC_OK && lo == v);
	} else {
		CHECK(name != NULL);
		CHECK(carc_option_value_from_name(option, name, &lo) ==
		      CARC_OK && lo == v);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char text[TEXT_MAX + 1];
	uint8_t which, arg = 0;
	size_t n;

	if (size == 0)
		return 0;
	which = data[0] % 8;
	data++;
	size--;
	if (which == 2 && size > 0) {
		arg = data[0];
		data++;
		size--;
	}
	n = size < TEXT_MAX ? size : TEXT_MAX;
	memcpy(text, data, n);
	text[n] = '\0';		/* an embedded NUL ends the text early */

	switch (which) {
	case 0:
		check_move(text);
		break;
	case 1:
		check_lookup(text, carc_option_from_name(text),
			     CARC_E_UNKNOWN_OPTION, carc_option_name);
		break;
	case 2:
		/* mostly a real option, sometimes any number */
		check_option_value(arg < 0xf0 ? arg % 18u : 0xffffff00u | arg,
				   text);
		break;
	case 3:
		check_lookup(text, carc_tile_from_name(text),
			     CARC_E_UNKNOWN_TILE, carc_tile_name);
		break;
	case 4:
		check_lookup(text, carc_feature_from_name(text),
			     CARC_E_INVALID, carc_feature_name);
		break;
	case 5:
		check_lookup(text, carc_figure_from_name(text),
			     CARC_E_INVALID, carc_figure_name);
		break;
	case 6:
		check_lookup(text, carc_feature_kind_from_name(text),
			     CARC_E_INVALID, carc_feature_kind_name);
		break;
	default:
		check_lookup(text, carc_phase_from_name(text),
			     CARC_E_INVALID, carc_phase_name);
		break;
	}
	return 0;
}
