/* fuzz.h -- what every fuzz target in tests/fuzz shares.
 *
 * Each target defines LLVMFuzzerTestOneInput().  Built with clang and
 * LIB_FUZZING_ENGINE=-fsanitize=fuzzer (`./run fuzz`), libFuzzer drives
 * it; otherwise it is linked with replay.c, a main() that feeds it the
 * files named on the command line, which is how `make check` replays the
 * seed corpora and every input that once crashed (tests/fuzz-replay.sh).
 *
 * A target checks what the code promises, not just that it survives:
 * fuzz_require() aborts (a crash to libFuzzer) with the broken promise.
 */
#ifndef DROPFOUR_FUZZ_H
#define DROPFOUR_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
/* Optional: called once before the first input. */
int LLVMFuzzerInitialize(int *argc, char ***argv);

/* The input as a file that lives in memory: its path goes into path
 * ("/proc/self/fd/N"); returns the descriptor, for the caller to close. */
int fuzz_memory_file(const uint8_t *data, size_t size, char *path, size_t len);
/* A private scratch folder (on /dev/shm where it exists), made on the
 * first call and removed, with what is in it, at exit. */
const char *fuzz_scratch_dir(void);
/* The path of a file called `name` in it; later calls return the same
 * path, whatever the name. */
const char *fuzz_scratch(const char *name);

#define fuzz_require(cond)                                                     \
	do {                                                                   \
		if (!(cond)) {                                                 \
			fprintf(stderr, "%s:%d: broken promise: %s\n",         \
			        __FILE__, __LINE__, #cond);                    \
			abort();                                               \
		}                                                              \
	} while (0)

#endif
