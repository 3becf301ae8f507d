/* SPDX-License-Identifier: MIT */
/*
 * The MCTS bot of carc_bot_choose(): information-set Monte Carlo tree
 * search over reshuffled stacks, with root parallelism.  Public API only;
 * doc/bindings/bots.md#search-internals describes it.
 *
 * The search first puts the tiles left in a canonical order (by type), so
 * that nothing depends on their real order.  Every iteration copies that
 * game, reshuffles the tiles left in the stack (the draws nobody has
 * seen: a determinisation) and walks the tree.  The tree has a node per decision point and an edge per legal
 * move.  Given the moves on the path from the root, the board, supplies
 * and scores are the same in every determinisation; only the tile drawn
 * at the start of a turn differs.  So the nodes under an edge that ends a
 * turn are kept per tile in hand (a chance node, as a short list), and
 * every node's moves are legal in every iteration that reaches it: plain
 * UCT applies, no availability counts are needed.
 *
 * Selection takes an untried move at random while a node has one, then
 * the move of highest UCB1 value.  A node is expanded when its edge is
 * visited the second time, so each iteration adds at most one node.  The
 * leaf is finished by a uniformly random playout, and every player gets
 * a reward: by default (CARC_BOT_REWARD_MARGIN) the margin itself in
 * points, his score minus the best other score (as Ameneyro, Galván and
 * Kuri Morales's code rewards its playouts); with CARC_BOT_REWARD_WIN a
 * reward in [0, 1], mostly win (1), draw (1 / winners) or loss (0), plus
 * a small term for the score margin over the best opponent, which steers
 * the search to bigger wins and smaller losses when the result is
 * decided.
 * Each edge adds the reward of the player who made the move.
 *
 * With several threads, each searches its own tree with its share of the
 * playouts and its own seed; the visits and rewards of the root moves are
 * added up and the most visited move is played.
 *
 * CARC_BOT_MCTS_RAVE adds rapid action value estimation: every edge also
 * keeps all-moves-as-first statistics, the rewards of the iterations in
 * which its player made the same move (a placement with the same tile in
 * hand) anywhere below its node, in the tree or in the playout, and
 * selection mixes them into the mean with Gelly and Silver's schedule
 * (its bias b from carc_bot_options.rave_bias).
 */
#define _POSIX_C_SOURCE 200809L

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#if HAVE_PTHREAD
#include <pthread.h>
#endif

#include "search-private.h"

/* Weight of the margin term in the reward, and the margin (in points)
 * that earns all of it. */
#define MARGIN_WEIGHT 0.1
#define MARGIN_SCALE 40.0

/* Deepest path followed in the tree (a game has fewer decisions than
 * this on the standard stacks; a longer path just ends in a playout). */
#define MAX_DEPTH 512

/* Edges the trees of one call may hold in all (24 bytes each, 40 with
 * RAVE). */
#define MAX_EDGES (2u << 20)

/* RAVE: slots of the table of the moves of one iteration (a power of two,
 * more than twice the decisions of any game; longer games just leave the
 * last moves out of the statistics). */
#define RAVE_SLOTS 4096u

struct edge {
	carc_move_t move;
	double reward;		/* rewards of the player who moves */
	uint32_t visits;
	int32_t child;		/* first node under this edge, or -1 */
};

/* All-moves-as-first statistics of an edge (RAVE). */
struct amaf {
	double reward;
	uint32_t visits;
};

/* A move of one iteration, as RAVE matches it. */
struct step {
	carc_move_t move;
	int32_t tile;		/* tile in hand at a placement, else -1 */
	int32_t player;
};

/* A slot of the iteration's move table: the last index of the step. */
struct slot {
	struct step step;
	uint32_t gen;		/* the iteration that wrote it */
	uint32_t last;
};

struct node {
	int32_t first_edge;
	int32_t n_edges;
	int32_t n_tried;	/* edges [0, n_tried) were visited */
	int32_t tile;		/* tile in hand at a placement, or -1 */
	int32_t next;		/* another tile's node under the same edge */
	int32_t player;		/* who moves here */
	uint32_t visits;
};

struct worker {
	const struct carc_game *root;
	const carc_move_t *root_moves;
	int n_root_moves;
	int n_players;
	double c;		/* exploration constant */
	double rave_b2;		/* RAVE: 4 b^2 of the schedule
				 * beta = n~ / (n + n~ + 4 b^2 n n~), n the
				 * visits of an edge, n~ its AMAF visits */
	int margin_reward;	/* CARC_BOT_REWARD_MARGIN */
	uint32_t budget;	/* iterations, 0 for no limit */
	uint64_t deadline;	/* monotonic us, 0 for none */
	int cpu;		/* a CPU time limit: cpu_us instead */
	uint64_t cpu_us;	/* CPU time of this worker, 0 for none */
	struct srch_clock clock;
	int rave;
	uint32_t max_edges;
	uint64_t rng;

	struct carc_game *g;
	struct srch_moves m;
	struct edge *edges;
	uint32_t n_edges, cap_edges;
	struct node *nodes;
	uint32_t n_nodes, cap_nodes;
	uint64_t done;
	int rc;

	/* RAVE */
	struct amaf *amaf;	/* parallel to edges */
	struct step *seq;	/* the moves of this iteration */
	uint32_t n_seq, cap_seq;
	struct slot *slots;	/* RAVE_SLOTS */
	uint32_t gen;
};

/* A new node for the position of w->g whose moves are moves[0..n): its
 * index, or -1 when the tree is full (the caller plays out instead) or
 * memory runs out (w->rc is set). */
static int32_t
new_node(struct worker *w, const carc_move_t *moves, int n)
{
	struct node *nd;

	if ((uint64_t)w->n_edges + (uint64_t)n > w->max_edges)
		return -1;
	if (w->n_nodes == w->cap_nodes) {
		uint32_t cap = w->cap_nodes ? 2 * w->cap_nodes : 256;
		struct node *grown = realloc(w->nodes, cap * sizeof(*grown));

		if (!grown) {
			w->rc = CARC_E_NOMEM;
			return -1;
		}
		w->nodes = grown;
		w->cap_nodes = cap;
	}
	if (w->n_edges + (uint32_t)n > w->cap_edges) {
		uint32_t cap = w->cap_edges ? w->cap_edges : 4096;
		struct edge *grown;

		while (w->n_edges + (uint32_t)n > cap)
			cap *= 2;
		grown = realloc(w->edges, cap * sizeof(*grown));
		if (!grown) {
			w->rc = CARC_E_NOMEM;
			return -1;
		}
		w->edges = grown;
		if (w->rave) {
			struct amaf *a = realloc(w->amaf, cap * sizeof(*a));

			if (!a) {
				/* edges grew: keep their capacity, fail */
				w->rc = CARC_E_NOMEM;
				return -1;
			}
			w->amaf = a;
		}
		w->cap_edges = cap;
	}
	nd = &w->nodes[w->n_nodes];
	nd->first_edge = (int32_t)w->n_edges;
	nd->n_edges = n;
	nd->n_tried = 0;
	nd->tile = carc_game_phase(w->g) == CARC_PHASE_PLACE_TILE
			   ? carc_game_current_tile(w->g) : -1;
	nd->next = -1;
	nd->player = carc_game_current_player(w->g);
	nd->visits = 0;
	for (int i = 0; i < n; i++) {
		struct edge *e = &w->edges[w->n_edges++];

		e->move = moves[i];
		e->reward = 0;
		e->visits = 0;
		e->child = -1;
		if (w->rave) {
			w->amaf[w->n_edges - 1].reward = 0;
			w->amaf[w->n_edges - 1].visits = 0;
		}
	}
	return (int32_t)w->n_nodes++;
}

/* The node of w->g under edge e: found in the edge's list, or made when
 * the edge is visited again.  -1 to play out from here. */
static int32_t
child_of(struct worker *w, int32_t e)
{
	int32_t tile = carc_game_phase(w->g) == CARC_PHASE_PLACE_TILE
			       ? carc_game_current_tile(w->g) : -1;
	int32_t c, made;
	int n;

	for (c = w->edges[e].child; c >= 0; c = w->nodes[c].next)
		if (w->nodes[c].tile == tile)
			return c;
	n = carc__srch_list_moves(&w->m, w->g);
	if (n <= 0) {
		w->rc = n < 0 ? n : CARC_E_INVALID;
		return -1;
	}
	made = new_node(w, w->m.v, n);
	if (made >= 0) {
		w->nodes[made].next = w->edges[e].child;
		w->edges[e].child = made;
	}
	return made;
}

/* The reward of every player for the finished game w->g: with margin,
 * his score minus the best other score (CARC_BOT_REWARD_MARGIN), else
 * mostly the result (CARC_BOT_REWARD_WIN). */
static void
rewards(const struct carc_game *g, int n_players, int margin_only, double *r)
{
	int32_t s[6];
	int32_t best = -1;
	int winners = 0;

	for (int p = 0; p < n_players; p++) {
		s[p] = carc_game_score(g, (uint32_t)p);
		if (s[p] > best) {
			best = s[p];
			winners = 0;
		}
		if (s[p] == best)
			winners++;
	}
	for (int p = 0; p < n_players; p++) {
		int32_t opp = -1;
		double margin;

		for (int q = 0; q < n_players; q++)
			if (q != p && s[q] > opp)
				opp = s[q];
		if (margin_only) {
			r[p] = s[p] - opp;
			continue;
		}
		margin = (double)(s[p] - opp) / MARGIN_SCALE;
		if (margin > 1)
			margin = 1;
		if (margin < -1)
			margin = -1;
		r[p] = (1 - MARGIN_WEIGHT) * (s[p] == best ? 1.0 / winners : 0) +
		       MARGIN_WEIGHT * 0.5 * (1 + margin);
	}
}

/* RAVE: remember the move of step w->n_seq. */
static int
record(struct worker *w, carc_move_t move, int32_t tile, int32_t player)
{
	if (w->n_seq == w->cap_seq) {
		uint32_t cap = w->cap_seq ? 2 * w->cap_seq : 512;
		struct step *grown = realloc(w->seq, cap * sizeof(*grown));

		if (!grown)
			return CARC_E_NOMEM;
		w->seq = grown;
		w->cap_seq = cap;
	}
	w->seq[w->n_seq].move = move;
	w->seq[w->n_seq].tile = tile;
	w->seq[w->n_seq].player = player;
	w->n_seq++;
	return CARC_OK;
}

static uint32_t
step_hash(const struct step *s)
{
	uint64_t h = s->move * 0x9e3779b97f4a7c15ull ^
		     (uint64_t)(uint32_t)(s->tile + 1) * 0xbf58476d1ce4e5b9ull ^
		     (uint64_t)(uint32_t)s->player * 0x94d049bb133111ebull;

	return (uint32_t)(h >> 40) & (RAVE_SLOTS - 1);
}

static int
step_eq(const struct step *a, const struct step *b)
{
	return a->move == b->move && a->tile == b->tile &&
	       a->player == b->player;
}

/* RAVE: the playout of carc__srch_play_out(), each move recorded. */
static int
play_out_recorded(struct worker *w)
{
	for (;;) {
		int n = carc__srch_list_moves(&w->m, w->g);
		int32_t tile = carc_game_phase(w->g) == CARC_PHASE_PLACE_TILE
				       ? carc_game_current_tile(w->g) : -1;
		carc_move_t move;
		int rc;

		if (n <= 0)
			return n;
		move = w->m.v[srch_below(&w->rng, (uint32_t)n)];
		rc = record(w, move, tile, carc_game_current_player(w->g));
		if (rc >= 0)
			rc = carc_game_apply(w->g, move);
		if (rc < 0)
			return rc;
	}
}

/*
 * RAVE: credit the all-moves-as-first statistics.  The moves of the
 * iteration go into a table that keeps the last step of each; an edge of
 * the node at depth d gets its player's reward when its move (with the
 * same tile, at a placement) was made by that player at step d or later.
 */
static void
update_amaf(struct worker *w, const int32_t *nodes, int depth,
	    const double *r)
{
	uint32_t gen = ++w->gen;

	if (gen == 0) {		/* wrapped: clear the stamps */
		memset(w->slots, 0, RAVE_SLOTS * sizeof(*w->slots));
		gen = w->gen = 1;
	}
	for (uint32_t i = 0; i < w->n_seq && i < RAVE_SLOTS / 2; i++) {
		uint32_t h = step_hash(&w->seq[i]);

		while (w->slots[h].gen == gen &&
		       !step_eq(&w->slots[h].step, &w->seq[i]))
			h = (h + 1) & (RAVE_SLOTS - 1);
		w->slots[h].step = w->seq[i];
		w->slots[h].gen = gen;
		w->slots[h].last = i;
	}
	for (int d = 0; d < depth; d++) {
		const struct node *nd = &w->nodes[nodes[d]];
		struct step key;

		key.tile = nd->tile;
		key.player = nd->player;
		for (int32_t e = nd->first_edge;
		     e < nd->first_edge + nd->n_edges; e++) {
			uint32_t h;

			key.move = w->edges[e].move;
			h = step_hash(&key);
			while (w->slots[h].gen == gen &&
			       !step_eq(&w->slots[h].step, &key))
				h = (h + 1) & (RAVE_SLOTS - 1);
			if (w->slots[h].gen == gen &&
			    w->slots[h].last >= (uint32_t)d) {
				w->amaf[e].visits++;
				w->amaf[e].reward += r[nd->player];
			}
		}
	}
}

/* One iteration: select, expand, play out, back up. */
static int
iterate(struct worker *w)
{
	int32_t path[MAX_DEPTH], movers[MAX_DEPTH], nodes[MAX_DEPTH];
	int depth = 0, rc;
	int32_t node = 0;
	double r[6];

	rc = carc_game_copy(w->g, w->root);
	if (rc >= 0)
		rc = carc_game_shuffle_stack(w->g, srch_random(&w->rng));
	if (rc < 0)
		return rc;
	w->n_seq = 0;
	while (depth < MAX_DEPTH) {
		struct node *nd = &w->nodes[node];
		int32_t e;
		int fresh = 0;

		if (nd->n_tried < nd->n_edges) {
			/* an untried move, at random */
			int32_t i = nd->first_edge + nd->n_tried;
			int32_t j = i + (int32_t)srch_below(
				&w->rng, (uint32_t)(nd->n_edges - nd->n_tried));
			struct edge t = w->edges[i];

			w->edges[i] = w->edges[j];
			w->edges[j] = t;
			if (w->rave) {
				struct amaf u = w->amaf[i];

				w->amaf[i] = w->amaf[j];
				w->amaf[j] = u;
			}
			e = i;
			nd->n_tried++;
			fresh = 1;
		} else {
			double log_n = log((double)nd->visits);
			double best = -HUGE_VAL;

			e = nd->first_edge;
			for (int32_t i = nd->first_edge;
			     i < nd->first_edge + nd->n_edges; i++) {
				const struct edge *x = &w->edges[i];
				double mean = x->reward / x->visits, v;

				if (w->rave && w->amaf[i].visits) {
					double n = x->visits;
					double a = w->amaf[i].visits;
					double beta = a / (n + a + w->rave_b2 *
								   n * a);

					mean = (1 - beta) * mean +
					       beta * w->amaf[i].reward / a;
				}
				v = mean + w->c * sqrt(log_n / x->visits);
				if (v > best) {
					best = v;
					e = i;
				}
			}
		}
		nd->visits++;
		if (w->rave) {
			rc = record(w, w->edges[e].move, nd->tile, nd->player);
			if (rc < 0)
				return rc;
		}
		rc = carc_game_apply(w->g, w->edges[e].move);
		if (rc < 0)
			return rc;
		nodes[depth] = node;
		path[depth] = e;
		movers[depth++] = nd->player;
		if (fresh || carc_game_is_over(w->g))
			break;
		node = child_of(w, e);
		if (node < 0) {
			if (w->rc < 0)
				return w->rc;
			break;
		}
	}
	rc = w->rave ? play_out_recorded(w)
		     : carc__srch_play_out(w->g, &w->m, &w->rng);
	if (rc < 0)
		return rc;
	rewards(w->g, w->n_players, w->margin_reward, r);
	for (int d = 0; d < depth; d++) {
		w->edges[path[d]].visits++;
		w->edges[path[d]].reward += r[movers[d]];
	}
	if (w->rave)
		update_amaf(w, nodes, depth, r);
	return CARC_OK;
}

static void
run_worker(struct worker *w)
{
	w->rc = carc_game_clone(w->root, &w->g);
	if (w->rc < 0)
		return;
	if (w->rave) {
		w->slots = calloc(RAVE_SLOTS, sizeof(*w->slots));
		if (!w->slots) {
			w->rc = CARC_E_NOMEM;
			return;
		}
	}
	/* the clock starts here, on the thread that searches */
	if (w->cpu) {
		srch_clock_start(&w->clock, 1, w->cpu_us);
	} else {
		w->clock.clock = carc__srch_now_us;
		w->clock.deadline = w->deadline;
	}
	if (carc_game_copy(w->g, w->root) < 0 ||
	    new_node(w, w->root_moves, w->n_root_moves) != 0) {
		w->rc = w->rc < 0 ? w->rc : CARC_E_NOMEM;
		return;
	}
	/* at least one iteration, so that a tiny time limit still works */
	while (w->budget == 0 || w->done < w->budget) {
		int rc;

		if (w->done > 0 && srch_clock_expired(&w->clock))
			break;
		rc = iterate(w);
		if (rc < 0) {
			w->rc = rc;
			return;
		}
		w->done++;
	}
}

#if HAVE_PTHREAD
static void *
run_thread(void *arg)
{
	run_worker(arg);
	return NULL;
}
#endif

static void
free_worker(struct worker *w)
{
	carc_game_free(w->g);
	if (w->m.heap)
		free(w->m.v);
	free(w->edges);
	free(w->nodes);
	free(w->amaf);
	free(w->seq);
	free(w->slots);
}

int
carc__srch_mcts_choose(const struct carc_game *game,
		 const struct carc_bot_options *o, int cpu,
		 carc_move_t *move_out, struct carc_bot_stats *st)
{
	uint32_t n_workers = o->threads;
	uint64_t start = carc__srch_now_us(), seed = o->seed;
	struct worker *w;
	carc_move_t *root_moves;
	uint64_t *visits;
	double *reward;
	int n, best = -1, rc = CARC_OK, threads_used = 1;
	struct srch_moves m = { NULL, 0, 1 };
	struct carc_game *canon = NULL;

	n = carc__srch_list_moves(&m, game);
	if (n <= 0)
		return n < 0 ? n : CARC_E_GAME_OVER;
	root_moves = m.v;
	/* the search starts from a copy whose stack order says nothing */
	rc = carc_game_clone(game, &canon);
	if (rc >= 0)
		rc = carc__srch_forget_order(canon);
	if (rc < 0) {
		carc_game_free(canon);
		free(m.v);
		return rc;
	}
	if (o->playouts && o->playouts < n_workers)
		n_workers = o->playouts;
	w = calloc(n_workers, sizeof(*w));
	visits = calloc((size_t)n, sizeof(*visits));
	reward = calloc((size_t)n, sizeof(*reward));
	if (!w || !visits || !reward) {
		rc = CARC_E_NOMEM;
		goto out;
	}
	for (uint32_t i = 0; i < n_workers; i++) {
		w[i].root = canon;
		w[i].root_moves = root_moves;
		w[i].n_root_moves = n;
		w[i].n_players = carc_game_player_count(game);
		w[i].c = o->exploration / 1000.0;
		w[i].rave_b2 = 4 * (o->rave_bias / 1000.0) *
			       (o->rave_bias / 1000.0);
		w[i].margin_reward = o->reward == CARC_BOT_REWARD_MARGIN;
		w[i].budget = o->playouts / n_workers +
			      (i < o->playouts % n_workers);
		w[i].max_edges = MAX_EDGES / n_workers;
		if ((uint32_t)n > w[i].max_edges)
			w[i].max_edges = (uint32_t)n;
		w[i].rng = srch_random(&seed);
		w[i].m.heap = 1;
		w[i].rave = o->kind == CARC_BOT_MCTS_RAVE;
		w[i].cpu = cpu;
		/* CPU time: each worker its share, measured on its thread */
		w[i].cpu_us = 1000u * (uint64_t)o->time_ms / n_workers;
		if (o->time_ms) {
#if HAVE_PTHREAD
			w[i].deadline = start + 1000u * (uint64_t)o->time_ms;
#else
			/* one after the other: each gets its share */
			w[i].deadline = start + 1000u * (uint64_t)o->time_ms *
						  (i + 1) / n_workers;
#endif
		}
	}
#if HAVE_PTHREAD
	{
		pthread_t tid[CARC_BOT_MAX_THREADS];
		int started[CARC_BOT_MAX_THREADS] = { 0 };

		for (uint32_t i = 1; i < n_workers; i++)
			started[i] = pthread_create(&tid[i], NULL, run_thread,
						    &w[i]) == 0;
		run_worker(&w[0]);
		for (uint32_t i = 1; i < n_workers; i++) {
			if (started[i]) {
				pthread_join(tid[i], NULL);
				threads_used++;
			} else {
				run_worker(&w[i]);
			}
		}
	}
#else
	for (uint32_t i = 0; i < n_workers; i++)
		run_worker(&w[i]);
#endif
	for (uint32_t i = 0; i < n_workers; i++) {
		const struct node *root;

		if (w[i].rc < 0) {
			rc = w[i].rc;
			goto out;
		}
		root = &w[i].nodes[0];
		for (int32_t k = 0; k < root->n_edges; k++) {
			const struct edge *e = &w[i].edges[root->first_edge + k];
			int j = 0;

			while (j < n && root_moves[j] != e->move)
				j++;
			if (j < n) {
				visits[j] += e->visits;
				reward[j] += e->reward;
			}
		}
		st->playouts += w[i].done;
		st->nodes += w[i].n_nodes;
	}
	for (int j = 0; j < n; j++)
		if (best < 0 || visits[j] > visits[best] ||
		    (visits[j] == visits[best] &&
		     reward[j] > reward[best]))
			best = j;
	*move_out = root_moves[best];
	st->threads = (uint32_t)threads_used;
	st->visits = visits[best];
	st->reward = o->reward;
	st->value = visits[best]
			    ? (int32_t)lround(1000.0 * reward[best] /
					      (double)visits[best])
			    : 0;
out:
	if (w)
		for (uint32_t i = 0; i < n_workers; i++)
			free_worker(&w[i]);
	free(w);
	free(visits);
	free(reward);
	free(m.v);
	carc_game_free(canon);
	return rc;
}
