/* SPDX-License-Identifier: CC0-1.0 */
/*
 * learn-bench: how fast is the learning interface (carcassonne/learn.h)?
 *
 * For the base game, the four expansions of 0.3 together ("all
 * expansions") and all six (with The River, Inns & Cathedrals and
 * Traders & Builders), 2 players, the default window, it steps a batch of games with random legal actions
 * (auto-reset on) and times, per game and step:
 *
 * - carc_learn_step_batch() writing rewards, done flags and masks;
 * - carc_learn_step_batch() writing full observations too;
 * - carc_learn_mask() alone and carc_learn_observe() alone, on the
 *   positions the games pass through.
 *
 * Only the library calls are timed; choosing the actions from the masks
 * is not.  Figures are calls (or game steps) per second of the thread's
 * CPU time (CLOCK_THREAD_CPUTIME_ID), so that other programs on the
 * machine disturb them less.
 *
 *     learn-bench [--steps N] [--games N]
 *
 * Free to copy; see COPYING in this directory.
 */
#define _POSIX_C_SOURCE 200809L

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <carcassonne/learn.h>

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint64_t
rng_next(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* A random set action of each mask row. */
static void
pick(const uint8_t *masks, uint32_t n_actions, uint32_t n, uint32_t *actions,
     uint64_t *rng)
{
	for (uint32_t i = 0; i < n; i++) {
		const uint8_t *m = masks + (size_t)i * n_actions;
		uint32_t count = 0, k;

		for (uint32_t a = 0; a < n_actions; a++)
			count += m[a];
		k = (uint32_t)(rng_next(rng) % (count ? count : 1));
		for (uint32_t a = 0; a < n_actions; a++)
			if (m[a] && k-- == 0) {
				actions[i] = a;
				break;
			}
	}
}

static int
run(const char *title, struct carc_rules *rules, uint32_t games,
    uint32_t steps)
{
	struct carc_learn *l;
	struct carc_learn_shape s = { .size = sizeof(s) };
	struct carc_game **g = calloc(games, sizeof(*g));
	uint32_t *actions = calloc(games, sizeof(*actions));
	uint64_t *seeds = calloc(games, sizeof(*seeds)), rng = 1;
	int32_t *rewards = calloc((size_t)games * 2, sizeof(*rewards));
	uint8_t *done = calloc(games, 1), *masks, *planes;
	int32_t *vectors;
	size_t plane_bytes;
	struct carc_learn_batch b;
	double t, t_mask_step = 0, t_obs_step = 0, t_mask = 0, t_obs = 0;
	uint64_t n_mask = 0, n_obs = 0;

	if (!g || !actions || !seeds || !rewards || !done ||
	    carc_learn_new(rules, 2, NULL, &l) < 0 ||
	    carc_learn_shape(l, &s) < 0)
		return -1;
	plane_bytes = (size_t)s.n_planes * s.window * s.window;
	masks = malloc((size_t)games * s.n_actions);
	planes = malloc((size_t)games * plane_bytes);
	vectors = malloc((size_t)games * s.vector_length * sizeof(*vectors));
	if (!masks || !planes || !vectors)
		return -1;
	for (uint32_t i = 0; i < games; i++) {
		if (carc_game_new(rules, 2, i, &g[i]) < 0)
			return -1;
		seeds[i] = 1000000u + i;
	}
	memset(&b, 0, sizeof(b));
	b.size = sizeof(b);
	b.flags = CARC_LEARN_AUTO_RESET;
	b.reset_seeds = seeds;
	b.rewards = rewards;
	b.done = done;
	b.masks = masks;
	if (carc_learn_observe_batch(l, (const struct carc_game *const *)g,
				     games, &b) < 0)
		return -1;

	/* steps with masks */
	for (uint32_t k = 0; k < steps; k++) {
		pick(masks, s.n_actions, games, actions, &rng);
		for (uint32_t i = 0; i < games; i++)
			seeds[i] += games;
		t = now();
		if (carc_learn_step_batch(l, g, games, actions, &b) < 0)
			return -1;
		t_mask_step += now() - t;
	}
	/* steps with masks and full observations */
	b.planes = planes;
	b.vectors = vectors;
	for (uint32_t k = 0; k < steps; k++) {
		pick(masks, s.n_actions, games, actions, &rng);
		for (uint32_t i = 0; i < games; i++)
			seeds[i] += games;
		t = now();
		if (carc_learn_step_batch(l, g, games, actions, &b) < 0)
			return -1;
		t_obs_step += now() - t;
		/* the single calls on the same positions */
		t = now();
		for (uint32_t i = 0; i < games; i++)
			carc_learn_mask(l, g[i], masks + (size_t)i * s.n_actions,
					s.n_actions);
		t_mask += now() - t;
		n_mask += games;
		t = now();
		for (uint32_t i = 0; i < games; i++)
			carc_learn_observe(l, g[i], CARC_LEARN_TO_MOVE,
					   planes + (size_t)i * plane_bytes,
					   plane_bytes,
					   vectors + (size_t)i * s.vector_length,
					   s.vector_length);
		t_obs += now() - t;
		n_obs += games;
	}
	printf("%-16s %6u actions %3u planes | step+mask %9.0f/s | "
	       "step+obs %8.0f/s | mask %9.0f/s | observe %8.0f/s\n",
	       title, s.n_actions, s.n_planes,
	       (double)games * steps / t_mask_step,
	       (double)games * steps / t_obs_step, (double)n_mask / t_mask,
	       (double)n_obs / t_obs);
	for (uint32_t i = 0; i < games; i++)
		carc_game_free(g[i]);
	carc_learn_free(l);
	free(g);
	free(actions);
	free(seeds);
	free(rewards);
	free(done);
	free(masks);
	free(planes);
	free(vectors);
	return 0;
}

int
main(int argc, char **argv)
{
	uint32_t steps = 2000, games = 64;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--steps") && i + 1 < argc)
			steps = (uint32_t)strtoul(argv[++i], NULL, 10);
		else if (!strcmp(argv[i], "--games") && i + 1 < argc)
			games = (uint32_t)strtoul(argv[++i], NULL, 10);
		else {
			fprintf(stderr,
				"usage: learn-bench [--steps N] [--games N]\n");
			return 2;
		}
	}
	if (!games || !steps)
		return 2;
	for (int set = 0; set < 3; set++) {
		static const char *const titles[3] = {
			"base game", "all expansions", "all six",
		};
		struct carc_rules_builder *b;
		struct carc_rules *rules;

		if (carc_rules_builder_new(&b) < 0)
			return 1;
		if (set) {
			carc_rules_builder_set(b, CARC_OPT_PHANTOM, 1);
			carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_I, 1);
			carc_rules_builder_set(b, CARC_OPT_CROP_CIRCLES_II, 1);
			carc_rules_builder_set(b, CARC_OPT_LITTLE_BUILDINGS, 1);
		}
		if (set == 2) {
			/* and the three of observation layout 2 */
			carc_rules_builder_set(b, CARC_OPT_RIVER, 1);
			carc_rules_builder_set(b, CARC_OPT_INNS_CATHEDRALS, 1);
			carc_rules_builder_set(b, CARC_OPT_TRADERS_BUILDERS, 1);
		}
		if (carc_rules_builder_build(b, &rules) < 0)
			return 1;
		carc_rules_builder_free(b);
		if (run(titles[set], rules, games, steps) < 0) {
			fprintf(stderr, "learn-bench: a call failed\n");
			return 1;
		}
		carc_rules_unref(rules);
	}
	return 0;
}
