/* SPDX-License-Identifier: MIT */
/**
 * @file search.h
 * @brief libcarcassonne bots: random playouts, tree searches, and reference
 *        players from the literature.
 *
 * The search part of libcarcassonne: the built-in bots (random, greedy,
 * an information-set Monte Carlo tree search, and two reference players
 * from published work on Carcassonne: Star2.5 expectimax and MCTS with
 * RAVE) and random playouts at C
 * speed, for bot authors in any language.  It is compiled into the same
 * library as the engine (no second library to link) but has its own
 * header, which carcassonne.h does not include: programs that only play
 * by the rules never see it.  It is written on the public API of
 * carcassonne.h alone, like any other bot; doc/bindings/bots.md explains the
 * choice and the algorithms.
 *
 * Conventions are those of carcassonne.h: negative #carc_error codes,
 * outputs written only on success, no global state.  The game given to
 * these calls is never changed, and none of them looks at the hidden
 * order of the stack unless asked to (#CARC_PLAYOUT_KEEP_ORDER): a bot
 * learns only what a player at the table knows.
 *
 * Threads: carc_bot_choose() may run a search on several threads
 * (#carc_bot_options.threads).  A library built without threads
 * (`meson setup -Dthreads=disabled`, the default for WebAssembly) accepts
 * the same options and runs the same searches one after the other on the
 * calling thread: the chosen move is the same, it only takes longer;
 * #carc_bot_stats.threads then reports 1.
 *
 * Like carcassonne.h, the header passes through `cpp -P -DCARC_CDEF` for
 * cffi; it then leaves out carcassonne.h, whose declarations cffi needs
 * first.
 */
#ifndef CARCASSONNE_SEARCH_H
#define CARCASSONNE_SEARCH_H

#ifndef CARC_CDEF
#include "carcassonne.h"
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup search Bots and playouts
 * @{
 */

/** Flags of carc_game_playout(). */
enum carc_playout_flag {
	/** Play the stack in its real order instead of a reshuffled one.
	 *  This reads hidden information: for hosts and tests, not bots. */
	CARC_PLAYOUT_KEEP_ORDER = 1,
};

/**
 * Play a copy of @p game to the end with uniformly random legal moves and
 * give the final scores; @p game is not changed.  The building block of
 * a Monte Carlo search in any language: one call plays a whole game at
 * the engine's speed (tens of thousands per second).
 *
 * The tiles left in the stack are first put in order and reshuffled
 * with @p seed (carc_game_sort_stack() and carc_game_shuffle_stack() on
 * the copy), so the result does not depend on the hidden draw order,
 * unless @p flags has
 * #CARC_PLAYOUT_KEEP_ORDER.  Then, while the game is not over, the move
 * played is `moves[(r >> 32) * n >> 32]` of the n moves of
 * carc_game_legal_moves() in canonical order, where r is the next output
 * of the splitmix64 generator whose state starts at @p seed (state +=
 * 0x9e3779b97f4a7c15; r = mix of the state, see doc/bindings/bots.md).  The
 * same game, seed and flags give the same scores on every platform.
 *
 * @param game the position (not changed); a finished game gives its own
 *        scores
 * @param seed the seed of the shuffle and of the moves; any value
 * @param flags 0 or #CARC_PLAYOUT_KEEP_ORDER
 * @param[out] scores buffer for the final score of each player, or NULL
 *             when @p n_scores is 0
 * @param n_scores capacity of @p scores
 * @return the number of players (min(players, @p n_scores) scores are
 *         written), or
 * @retval CARC_E_INVALID NULL game, NULL @p scores with non-zero
 *         @p n_scores, or unknown flags
 * @retval CARC_E_NOMEM out of memory
 * @since 0.3
 */
int carc_game_playout(const struct carc_game *game, uint64_t seed,
		      uint32_t flags, int32_t *scores, size_t n_scores);

/** The built-in bots (#carc_bot_options.kind). */
enum carc_bot_kind {
	/** A uniformly random legal move. */
	CARC_BOT_RANDOM = 1,
	/** One turn ahead: the move after which the best way to finish the
	 *  player's turn (deployment, phantom, building, crop choice) leaves
	 *  the best score margin, a small bonus for each follower deployed
	 *  while more than two were in the supply (doc/bindings/bots.md). */
	CARC_BOT_GREEDY = 2,
	/** Information-set Monte Carlo tree search over reshuffled stacks
	 *  (doc/bindings/bots.md, "Search internals").  The default. */
	CARC_BOT_MCTS = 3,
	/** Star2.5 expectimax with a domain heuristic, after Heyden,
	 *  "Implementing a computer player for Carcassonne" (Maastricht,
	 *  2009): whole turns as moves, the tile drawn as chance nodes,
	 *  probing factor 5 (#carc_bot_options.probing), iterative
	 *  deepening (to #carc_bot_options.depth) within the budget
	 *  (#carc_bot_options.playouts counts positions evaluated); name
	 *  "star2.5".  @since 0.5 */
	CARC_BOT_STAR25 = 4,
	/** #CARC_BOT_MCTS with rapid action value estimation (all moves as
	 *  first), after Ameneyro, Galván and Kuri Morales, "Playing
	 *  Carcassonne with Monte Carlo Tree Search" (2020); name
	 *  "mcts-rave".  @since 0.5 */
	CARC_BOT_MCTS_RAVE = 5,
};

/** Flags or'ed into #carc_bot_options.time_ms. */
enum carc_bot_flag {
	/** The time limit is CPU time of the searching threads, not the
	 *  wall clock: `o.time_ms = 100 | CARC_BOT_CPU_TIME` gives each of
	 *  N threads 100 / N ms of its own CPU time.  For fair comparisons
	 *  on a loaded machine.  (A bit of @c time_ms rather than a member
	 *  of its own, so that the struct keeps the layout of 0.3.)
	 *  @since 0.5 */
	CARC_BOT_CPU_TIME = 0x40000000,
};

/** Playouts per decision of #CARC_BOT_MCTS when neither
 *  #carc_bot_options.playouts nor #carc_bot_options.time_ms is set. */
#define CARC_BOT_DEFAULT_PLAYOUTS 1000

/** Positions evaluated per decision by #CARC_BOT_STAR25 when neither
 *  #carc_bot_options.playouts nor #carc_bot_options.time_ms is set.
 *  @since 0.5 */
#define CARC_BOT_DEFAULT_EVALUATIONS 100000

/** Most threads carc_bot_choose() accepts. */
#define CARC_BOT_MAX_THREADS 64

/** Largest Star2.5 probing factor (#carc_bot_options.probing).
 *  @since 0.5 */
#define CARC_BOT_MAX_PROBING 1000

/** Deepest Star2.5 search in turns (#carc_bot_options.depth).
 *  @since 0.5 */
#define CARC_BOT_MAX_DEPTH 8

/** The reward of a finished playout for the tree searches
 *  (#carc_bot_options.reward).  @since 0.5 */
enum carc_bot_reward {
	/** Mostly the result: 0.9 x (1 for a win, 1/k for a win shared by
	 *  k, 0 for a loss) + 0.1 x (1/2 + 1/2 x clamp(margin / 40, -1,
	 *  1)), the margin being the player's score minus the best other
	 *  score; in [0, 1].  The default of 0.4. */
	CARC_BOT_REWARD_WIN = 1,
	/** The margin itself, in points (the player's final score minus
	 *  the best other score), as in Ameneyro, Galván and Kuri
	 *  Morales's code: the exploration constant is then in points
	 *  too.  The default since 0.5: it plays clearly stronger
	 *  (doc/bindings/bots.md). */
	CARC_BOT_REWARD_MARGIN = 2,
};

/**
 * Options of carc_bot_choose().  Zero it, set @c size to
 * `sizeof(struct carc_bot_options)` and change what you need: every zero
 * member means its default, and NULL options give all the defaults
 * (#CARC_BOT_MCTS with #CARC_BOT_DEFAULT_PLAYOUTS playouts, one thread,
 * seed 0).
 */
struct carc_bot_options {
	/** sizeof(struct carc_bot_options), for growth. */
	uint32_t size;
	/** A #carc_bot_kind; 0 gives #CARC_BOT_MCTS. */
	uint32_t kind;
	/** MCTS: playouts (search iterations) per decision, counted over all
	 *  threads.  0 gives #CARC_BOT_DEFAULT_PLAYOUTS when @c time_ms is 0,
	 *  and no playout limit when it is set.  Star2.5: positions
	 *  evaluated (#CARC_BOT_DEFAULT_EVALUATIONS when both are 0). */
	uint32_t playouts;
	/** MCTS and Star2.5: time limit per decision in milliseconds
	 *  (below 2^30), measured with a monotonic clock, or in CPU time
	 *  with #CARC_BOT_CPU_TIME or'ed in; 0 for none.  With both limits,
	 *  the search stops at the first one reached.  A time limit makes
	 *  the move depend on the machine's speed. */
	uint32_t time_ms;
	/** MCTS: threads of root parallelism, 1 to #CARC_BOT_MAX_THREADS;
	 *  0 gives 1.  Each thread searches its own tree with its share of
	 *  the playouts and its own seed; the root statistics are added up. */
	uint32_t threads;
	/** MCTS: the exploration constant of UCT in thousandths of the
	 *  reward's unit; 0 gives the default for the reward: 8485 (8.485
	 *  points) with #CARC_BOT_REWARD_MARGIN, 600 (0.6) with
	 *  #CARC_BOT_REWARD_WIN.  Changed in 0.5 (with the default reward;
	 *  0.4 gave 600). */
	uint32_t exploration;
	/** Seed of every random choice: the same game, options and seed give
	 *  the same move (for MCTS: with a playout limit and no time limit,
	 *  for the same number of threads, whether or not the library was
	 *  built with threads).  0 is a seed like any other. */
	uint64_t seed;
	/** MCTS with RAVE: the bias b of Gelly and Silver's schedule
	 *  beta = n~ / (n + n~ + 4 b^2 n n~), in thousandths; 0 gives the
	 *  default, 10000 (b = 10, as in Ameneyro, Galván and Kuri
	 *  Morales's code).  Members from here on are new in 0.5: a
	 *  caller built against 0.4 passes the smaller size of 0.4's struct
	 *  and gets their defaults.  @since 0.5 */
	uint32_t rave_bias;
	/** MCTS and MCTS with RAVE: the reward of a playout, a
	 *  #carc_bot_reward; 0 gives #CARC_BOT_REWARD_MARGIN (0.4's search
	 *  had #CARC_BOT_REWARD_WIN).  @since 0.5 */
	uint32_t reward;
	/** Star2.5: the probing factor, the moves probed after a chance
	 *  node, 1 to #CARC_BOT_MAX_PROBING; 0 gives 5.  @since 0.5 */
	uint32_t probing;
	/** Star2.5: the deepest search in turns, 1 to #CARC_BOT_MAX_DEPTH
	 *  (iterative deepening stops there or at the budget); 0 gives
	 *  #CARC_BOT_MAX_DEPTH.  @since 0.5 */
	uint32_t depth;
};

/**
 * What a carc_bot_choose() call did.  Set @c size to
 * `sizeof(struct carc_bot_stats)`; the call fills in the rest.
 */
struct carc_bot_stats {
	/** sizeof(struct carc_bot_stats), set by the caller. */
	uint32_t size;
	/** Threads the search ran on (1 for random and greedy, and for a
	 *  library built without threads). */
	uint32_t threads;
	/** Playouts done, over all threads (0 for random and greedy, and
	 *  when the decision had a single legal move); for Star2.5 the
	 *  positions evaluated. */
	uint64_t playouts;
	/** Wall time of the call in microseconds (monotonic clock). */
	uint64_t elapsed_us;
	/** Legal moves at the decision point. */
	uint32_t moves;
	/** Tree nodes the search built, over all threads; for Star2.5 the
	 *  depth in turns of the last search it completed. */
	uint32_t nodes;
	/** Playouts that went through the chosen move (MCTS). */
	uint64_t visits;
	/** MCTS: the chosen move's mean reward for the player to move, in
	 *  thousandths of the unit of @c reward: with
	 *  #CARC_BOT_REWARD_MARGIN (the default) the mean margin in
	 *  thousandths of a point, which may be negative; with
	 *  #CARC_BOT_REWARD_WIN 1000 for a sure win, 0 for a sure loss.
	 *  -1 for random, greedy and Star2.5 and for a decision with one
	 *  legal move (@c reward is then 0). */
	int32_t value;
	/** The #carc_bot_reward @c value is in; 0 when there is no value
	 *  (random, greedy, Star2.5, one legal move).  In 0.4 a reserved
	 *  member, set to 0.  @since 0.5 */
	uint32_t reward;
};

/**
 * Choose a move for the player to move in @p game with a built-in bot.
 *
 * Works at every decision point of every expansion (tile placement,
 * deployment and buildings, the phantom, crop-circle choices and
 * responses), whoever is to move.  The bot sees what that player sees:
 * the board, the scores and supplies, the tile in hand and the tiles
 * left, never their order.  The game is not changed.  A decision with a
 * single legal move returns it at once.
 *
 * The call allocates its search tree and a few copies of the game, and
 * frees them before it returns.
 *
 * @param game the game (not changed)
 * @param opts NULL for the defaults, or options with @c size set
 * @param[out] move_out the chosen move, a legal move of @p game
 * @param[out] stats NULL, or statistics with @c size set; written only on
 *             success
 * @retval CARC_OK success
 * @retval CARC_E_INVALID NULL game or @p move_out; a @c size other than
 *         the struct's (or, since 0.5, 0.4's, up to and with @c seed);
 *         an unknown kind; a @c time_ms with bits above
 *         #CARC_BOT_CPU_TIME set; more than #CARC_BOT_MAX_THREADS
 *         threads; an unknown @c reward; a @c probing above
 *         #CARC_BOT_MAX_PROBING; a @c depth above #CARC_BOT_MAX_DEPTH
 * @retval CARC_E_GAME_OVER the game is over
 * @retval CARC_E_NOMEM out of memory
 * @since 0.3
 */
int carc_bot_choose(const struct carc_game *game,
		    const struct carc_bot_options *opts, carc_move_t *move_out,
		    struct carc_bot_stats *stats);

/**
 * The name of a bot kind: "random", "greedy", "mcts", "star2.5",
 * "mcts-rave".
 *
 * @return a static string, or NULL for an unknown #carc_bot_kind.
 * @since 0.3
 */
const char *carc_bot_kind_name(uint32_t kind);

/**
 * Look up a bot kind by its name (exactly as carc_bot_kind_name() gives
 * it).
 *
 * @return the #carc_bot_kind (> 0), or #CARC_E_INVALID for a NULL or
 *         unknown name.
 * @since 0.3
 */
int carc_bot_kind_from_name(const char *name);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* CARCASSONNE_SEARCH_H */
