/* SPDX-License-Identifier: MIT */
/*
 * fuzz-replay: the API fuzz harness as an ordinary test program.
 *
 * Usage: fuzz-replay [FILE-OR-DIRECTORY...]
 *
 * Feeds every file named (directories: every regular file in them, in
 * name order) to LLVMFuzzerTestOneInput(), then a number of
 * pseudo-random inputs from a fixed seed.  Environment:
 *
 *   CARC_FUZZ_RANDOM  how many pseudo-random inputs (default 3000; 300
 *                     when CARC_TEST_QUICK is set, as under valgrind)
 *   CARC_FUZZ_SEED    seed of the pseudo-random inputs (default 1)
 *   CARC_FUZZ_SAVE    a file name: each pseudo-random input is written
 *                     there before it runs, so after a crash it holds
 *                     the input that crashed (a reproducer for libFuzzer
 *                     or for this program)
 *
 * The harness aborts on a violated invariant, which fails the test; the
 * last input's name or number is printed first, so it can be found again.
 */
#define _POSIX_C_SOURCE 200809L

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz-api.h"

#define INPUT_MAX_LEN 4096

static int
by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int
run_file(const char *path)
{
	FILE *fp = fopen(path, "rb");
	uint8_t *buf;
	size_t n = 0, cap = 4096, got;

	if (!fp) {
		perror(path);
		return -1;
	}
	buf = malloc(cap);
	while (buf && (got = fread(buf + n, 1, cap - n, fp)) > 0) {
		n += got;
		if (n == cap) {
			uint8_t *bigger = realloc(buf, cap * 2);

			if (!bigger) {
				free(buf);
				buf = NULL;
				break;
			}
			buf = bigger;
			cap *= 2;
		}
	}
	fclose(fp);
	if (!buf) {
		fprintf(stderr, "%s: out of memory\n", path);
		return -1;
	}
	fprintf(stderr, "replay %s (%zu bytes)\n", path, n);
	LLVMFuzzerTestOneInput(buf, n);
	free(buf);
	return 0;
}

static int
run_path(const char *path)
{
	struct stat st;
	struct dirent *de;
	DIR *dir;
	char **names = NULL;
	size_t n = 0;
	int rc = 0;

	if (stat(path, &st) != 0) {
		perror(path);
		return -1;
	}
	if (!S_ISDIR(st.st_mode))
		return run_file(path);
	dir = opendir(path);
	if (!dir) {
		perror(path);
		return -1;
	}
	while ((de = readdir(dir)) != NULL) {
		char **more;
		char *full;
		size_t len;

		if (de->d_name[0] == '.')
			continue;
		len = strlen(path) + strlen(de->d_name) + 2;
		full = malloc(len);
		more = realloc(names, (n + 1) * sizeof(*names));
		if (!full || !more) {
			free(full);
			free(more ? more : names);
			closedir(dir);
			return -1;
		}
		names = more;
		snprintf(full, len, "%s/%s", path, de->d_name);
		names[n++] = full;
	}
	closedir(dir);
	if (n > 0)
		qsort(names, n, sizeof(*names), by_name);
	for (size_t i = 0; i < n; i++) {
		if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) &&
		    run_file(names[i]) < 0)
			rc = -1;
		free(names[i]);
	}
	free(names);
	return rc;
}

/* splitmix64, so that the inputs are the same on every platform */
static uint64_t
next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static int
save_input(const char *path, const uint8_t *data, size_t n)
{
	FILE *fp = fopen(path, "wb");
	int ok;

	if (!fp) {
		perror(path);
		return 0;
	}
	ok = fwrite(data, 1, n, fp) == n;
	ok = fclose(fp) == 0 && ok;
	return ok;
}

static unsigned long
env_number(const char *name, unsigned long fallback)
{
	const char *v = getenv(name);

	return v && *v ? strtoul(v, NULL, 0) : fallback;
}

int
main(int argc, char **argv)
{
	static uint8_t buf[INPUT_MAX_LEN];
	const char *save = getenv("CARC_FUZZ_SAVE");
	unsigned long n_random, i;
	uint64_t state;
	int rc = 0, files = 0;

	for (int a = 1; a < argc; a++) {
		if (run_path(argv[a]) < 0)
			rc = 1;
		files++;
	}

	n_random = env_number("CARC_FUZZ_RANDOM",
			      getenv("CARC_TEST_QUICK") ? 300 : 3000);
	state = env_number("CARC_FUZZ_SEED", 1);
	for (i = 0; i < n_random; i++) {
		uint64_t r = next_random(&state);
		size_t len = (size_t)(r % INPUT_MAX_LEN);

		/* a quarter short, so that many inputs stop near the start */
		if (r >> 62 == 0)
			len %= 64;
		for (size_t k = 0; k < len; k += 8) {
			uint64_t w = next_random(&state);

			for (size_t j = 0; j < 8 && k + j < len; j++)
				buf[k + j] = (uint8_t)(w >> (8 * j));
		}
		if (save && !save_input(save, buf, len))
			rc = 1;
		LLVMFuzzerTestOneInput(buf, len);
	}
	printf("fuzz-replay: %d path(s), %lu random input(s), %s\n", files,
	       n_random, rc == 0 ? "ok" : "errors reading inputs");
	return rc;
}
