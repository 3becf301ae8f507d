/* SPDX-License-Identifier: MIT */
#include "config.h"

#include <carcassonne/carcassonne-version.h>

#include "carc-private.h"

CARC_EXPORT const char *
carc_version_string(void)
{
	return CARC_VERSION_STRING;
}

CARC_EXPORT uint32_t
carc_version_number(void)
{
	return CARC_VERSION_NUMBER;
}
