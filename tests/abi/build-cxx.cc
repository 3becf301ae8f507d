// SPDX-License-Identifier: MIT
//
// The public headers must compile as C++ (with -pedantic -Werror) and the
// library must link from C++: the header wraps its declarations in
// extern "C".
#include <carcassonne/carcassonne.h>
#include <carcassonne/carcassonne-version.h>
#include <carcassonne/search.h>
#include <carcassonne/learn.h>
#include <carcassonne/jcz.h>

#include <cstring>

static_assert(sizeof(carc_move_t) == 8, "carc_move_t is 64 bits");
static_assert(CARC_OK == 0, "CARC_OK is zero");

int
main()
{
	struct carc_game *game = nullptr;

	if (carc_version_number() != CARC_VERSION_NUMBER)
		return 1;
	if (std::strcmp(carc_version_string(), CARC_VERSION_STRING) != 0)
		return 1;
	// Releasing NULL does nothing.
	carc_game_free(game);
	carc_rules_unref(nullptr);
	return carc_strerror(CARC_E_NOMEM) != nullptr ? 0 : 1;
}
