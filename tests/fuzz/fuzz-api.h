/* SPDX-License-Identifier: MIT */
/*
 * The API fuzz harness (fuzz-api.c).  One entry point, called by
 * libFuzzer in the -Dfuzzing=true build and by fuzz-replay.c in every
 * build.  It returns 0 and calls abort() when an invariant breaks.
 */
#ifndef FUZZ_API_H
#define FUZZ_API_H

#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif /* FUZZ_API_H */
