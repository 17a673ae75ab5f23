/* solve.c -- `dropfour solve`: exact (or weak) scores of positions read one
 * per line, in the format of the public test sets. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/score.h"
#include "cli/solve.h"
#include "core/util.h"

int
solve_parse_line(const char *line, int w, int h, board_t *b, char *err,
                 size_t errlen)
{
	size_t len = strcspn(line, " \t\r\n");
	size_t at = 0;

	if (len == 1 && line[0] == '-')
		len = 0;
	enum board_err e = board_parse(b, w, h, line, len, &at);
	if (e != BOARD_OK) {
		snprintf(err, errlen, "character %zu ('%c'): %s", at + 1,
		         line[at],
		         e == BOARD_ERR_RANGE ? "no such column"
		                              : board_err_string(e));
		return -1;
	}
	if (b->over) {
		snprintf(err, errlen, "the position is already won");
		return -1;
	}
	return 0;
}

void
solve_print(const char *line, int width, bool analyze,
            const struct search_result *r)
{
	size_t len = strcspn(line, " \t\r\n");
	if (len == 0 || (len == 1 && line[0] == '-'))
		fputs("-", stdout);
	else
		fwrite(line, 1, len, stdout);
	if (analyze) {
		char num[16];
		for (int c = 0; c < width; c++)
			printf(" %s",
			       score_number(r->col_kind[c], r->col_score[c],
			                    num, sizeof num));
		putchar('\n');
	} else {
		printf(" %d %llu %.0f\n", r->score,
		       (unsigned long long)r->nodes, r->seconds * 1e6);
	}
	fflush(stdout);
}

int
solve_main(const struct options *o)
{
	FILE *in = stdin;
	const char *name = "stdin";
	char *line = NULL;
	size_t cap = 0;
	int status = 0;
	struct search_limits lim;

	if (o->argc > 1) {
		fputs("dropfour: solve takes at most one FILE\n", stderr);
		return 2;
	}
	if (o->argc == 1 && strcmp(o->argv[0], "-") != 0) {
		name = o->argv[0];
		in = fopen(name, "r");
		if (in == NULL) {
			fprintf(stderr, "dropfour: %s: %s\n", name,
			        strerror(errno));
			return 1;
		}
	}
	options_solve_limits(o, &lim);

	struct search *s = search_new(o->tt_mb);
	for (long lineno = 1; getline(&line, &cap, in) != -1; lineno++) {
		board_t b;
		char err[128];
		struct search_result r;

		if (solve_parse_line(line, o->width, o->height, &b, err,
		                     sizeof err) != 0) {
			fprintf(stderr, "dropfour: %s:%ld: %s\n", name, lineno,
			        err);
			status = 1;
			continue;
		}
		search_run(s, &b, &lim, &r);
		solve_print(line, b.w, o->analyze, &r);
	}
	free(line);
	if (in != stdin)
		fclose(in);
	search_free(s);
	return status;
}
