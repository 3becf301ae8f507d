/* SPDX-License-Identifier: MIT */
/**
 * @file jcz.h
 * @brief libcarcassonne: read and write JCloisterZone saved games (.jcz).
 *
 * JCloisterZone (JCZ) saves a game as a JSON document: the setup
 * (expansions, rules, the players), an optional forced draw order and the
 * replay, a list of messages such as `PLACE_TILE`, `DEPLOY_MEEPLE`, `PASS`
 * and `COMMIT`.  carc_jcz_import() replays such a document on a new game,
 * checking every move with carc_game_apply(); carc_jcz_export() writes a
 * game as a document that JCZ loads and replays with the same tiles.
 * doc/users/jcz.md describes the mapping: tile identifiers, locations, rule
 * settings, draw orders, and what is refused.
 *
 * This header includes carcassonne.h and follows its conventions: a
 * negative #carc_error on failure, outputs written only on success, a
 * failed call changes nothing, snprintf-style output buffers.
 */
#ifndef CARCASSONNE_JCZ_H
#define CARCASSONNE_JCZ_H

#include "carcassonne.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup jcz JCloisterZone saved games
 * @{
 */

/**
 * Read a JCloisterZone saved game and replay it.
 *
 * Both the JCZ 4 layout (`setup.expansions`, `annotations.tilePack`) and
 * the JCZ 5 layout (`setup.sets`, `setup.elements`,
 * `gameAnnotations.drawOrder`) are read.  The game's tiles come from the
 * forced draw order and the `PLACE_TILE` messages; the rest of the stack
 * follows in a fixed order.  A draw order ending in `#END`, or a replay
 * that ends with `GAME_OVER` before the stack is empty, gives a game
 * whose stack holds only the tiles played (doc/users/jcz.md explains when).
 * Exactly @p len bytes of @p text are read; it need not be
 * NUL-terminated.
 *
 * When the document is at fault (any error but #CARC_E_INVALID for the
 * arguments, which writes nothing), the position and a message are
 * written to the optional outputs: @p line_out (1-based line of the JSON
 * text; for a replay message, the line where it starts), @p column_out
 * (1-based byte column of a JSON syntax error, 0 otherwise) and @p msg
 * (snprintf-style, NUL-terminated when @p msg_len > 0).  A message about a
 * replay entry names its index and type, e.g. `replay[12] DEPLOY_MEEPLE:
 * no follower can go on location 'NL' of the tile at 3,-1 (feature is
 * occupied)`.  On success the line and column are 0 and @p msg is empty.
 *
 * @param text the document
 * @param len its length in bytes
 * @param[out] out the game at the end of the replay, owned by the
 *             caller; untouched on failure
 * @param[out] line_out error line, or NULL
 * @param[out] column_out error column, or NULL
 * @param[out] msg buffer for the error message, or NULL when @p msg_len
 *             is 0
 * @param msg_len capacity of @p msg
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL @p out, NULL @p text with non-zero @p len,
 *         NULL @p msg with non-zero @p msg_len
 * @retval CARC_E_PARSE malformed JSON, nesting deeper than 64, a missing
 *         or mistyped member, an unknown message type, a malformed
 *         location, meeple id or rotation
 * @retval CARC_E_UNKNOWN_TILE a tile id the library does not have (other
 *         expansions, other editions), or a draw order the tiles played
 *         contradict
 * @retval CARC_E_UNKNOWN_OPTION an expansion, element or rule setting the
 *         library does not play
 * @retval CARC_E_NOT_ALLOWED a player count outside 2 to 6, or a start
 *         tile other than the base game's
 * @retval CARC_E_WRONG_PHASE a move by a player who is not to move, or a
 *         message at the wrong decision point
 * @retval CARC_E_NOMEM out of memory
 * @return any other error of carc_game_apply() for an illegal move
 * @since 0.4
 */
int carc_jcz_import(const char *text, size_t len, struct carc_game **out,
		    uint32_t *line_out, uint32_t *column_out, char *msg,
		    size_t msg_len);

/**
 * Write a game as a JCloisterZone saved game (the JCZ 5 layout).
 *
 * The document holds the setup that matches the game's rules, one player
 * entry per player, the complete draw order as a forced draw order (so
 * JCZ draws the same tiles, discarded ones included) and one replay
 * message per move, with a `COMMIT` after each turn.  The text is
 * pretty-printed UTF-8 JSON ending in a newline; carc_jcz_import() of it
 * gives a game with the same moves and carc_game_hash().
 *
 * @param game the game (not changed)
 * @param[out] buf buffer, NUL-terminated when @p n > 0; may be NULL when
 *             @p n is 0.  On error it holds the empty string.
 * @param n capacity of @p buf
 * @return the length of the whole text (without the NUL), of which
 *         min(length, n - 1) bytes were written; or a negative error.
 * @retval CARC_E_INVALID NULL game, NULL buffer with non-zero @p n, or a
 *         text longer than INT_MAX
 * @retval CARC_E_NOT_ALLOWED a rule option with no JCZ equivalent is not
 *         at the value JCZ plays (doc/users/jcz.md lists them)
 * @retval CARC_E_NOMEM out of memory
 * @since 0.4
 */
int carc_jcz_export(const struct carc_game *game, char *buf, size_t n);

/**
 * Whether carc_jcz_export() writes @p game, and if not, why: the option
 * whose value JCloisterZone does not play ("option builder-turn is
 * optional: JCloisterZone always plays the builder's second tile
 * (builder-turn mandatory)"), a stack that JCZ's tile sets cannot give,
 * or a move JCZ does not allow.
 *
 * @param game the game (not changed)
 * @param[out] msg the reason, NUL-terminated when @p n > 0 (the empty
 *             string when the game can be exported); may be NULL when
 *             @p n is 0
 * @param n capacity of @p msg
 * @retval CARC_OK carc_jcz_export() writes the game
 * @retval CARC_E_NOT_ALLOWED it refuses the game, for the reason in @p msg
 * @retval CARC_E_INVALID NULL game, or NULL @p msg with non-zero @p n
 * @retval CARC_E_NOMEM out of memory
 * @since 0.5
 */
int carc_jcz_export_check(const struct carc_game *game, char *msg, size_t n);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CARCASSONNE_JCZ_H */
