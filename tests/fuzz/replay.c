/* replay.c -- main() for a fuzz target built without libFuzzer: runs
 * LLVMFuzzerTestOneInput() once on every file named on the command line,
 * and on every file inside the directories named there (one level, in
 * name order, so runs repeat; the names are made absolute first, so a
 * target may change directory).  Exit status 0 when every input was run;
 * a broken promise or a sanitizer report aborts, as under libFuzzer. */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

/* libFuzzer makes this weak symbol optional; targets that have no
 * initialiser get this one. */
__attribute__((weak)) int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	return 0;
}

static int
run_file(const char *path)
{
	FILE *f = fopen(path, "rb");
	uint8_t *data = NULL;
	size_t size = 0, cap = 0, n;

	if (f == NULL) {
		fprintf(stderr, "replay: %s: %s\n", path, strerror(errno));
		return -1;
	}
	do {
		if (size == cap) {
			cap = cap ? cap * 2 : 4096;
			data = realloc(data, cap);
			if (data == NULL) {
				fputs("replay: out of memory\n", stderr);
				exit(EXIT_FAILURE);
			}
		}
		n = fread(data + size, 1, cap - size, f);
		size += n;
	} while (n > 0);
	fclose(f);
	/* A copy of exactly `size` bytes, so that ASan sees a read past the
	 * end as libFuzzer's own buffer would show it. */
	uint8_t *exact = malloc(size ? size : 1);
	if (exact == NULL) {
		fputs("replay: out of memory\n", stderr);
		exit(EXIT_FAILURE);
	}
	memcpy(exact, data, size);
	free(data);
	LLVMFuzzerTestOneInput(exact, size);
	free(exact);
	return 0;
}

static int
by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int
main(int argc, char **argv)
{
	int ran = 0, failed = 0;

	/* Absolute paths first: a target may change its directory. */
	for (int i = 1; i < argc; i++) {
		char *abs = realpath(argv[i], NULL);
		if (abs != NULL)
			argv[i] = abs; /* kept to the end */
	}
	LLVMFuzzerInitialize(&argc, &argv);
	for (int i = 1; i < argc; i++) {
		struct stat st;
		if (stat(argv[i], &st) != 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i],
			        strerror(errno));
			failed++;
			continue;
		}
		if (!S_ISDIR(st.st_mode)) {
			failed += run_file(argv[i]) != 0;
			ran++;
			continue;
		}
		struct dirent **names;
		int n = scandir(argv[i], &names, NULL, by_name);
		if (n < 0) {
			fprintf(stderr, "replay: %s: %s\n", argv[i],
			        strerror(errno));
			failed++;
			continue;
		}
		for (int k = 0; k < n; k++) {
			char path[4096];
			snprintf(path, sizeof path, "%s/%s", argv[i],
			         names[k]->d_name);
			if (names[k]->d_name[0] != '.' &&
			    stat(path, &st) == 0 && S_ISREG(st.st_mode)) {
				failed += run_file(path) != 0;
				ran++;
			}
			free(names[k]);
		}
		free(names);
	}
	fprintf(stderr, "replay: %d inputs run, %d unreadable\n", ran, failed);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
