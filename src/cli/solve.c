/* solve.c -- `dropfour solve`: exact (or weak) scores of positions read one
 * per line, in the format of the public test sets, as text or as JSON
 * Lines (--json); --time and --nodes bound the work per position. */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "book/book.h"
#include "cli/output.h"
#include "cli/solve.h"
#include "core/score.h"
#include "core/util.h"
#include "search/node/node-stats.h"

static const char utf8_bom[] = "\xef\xbb\xbf";

static size_t
bom_len(const char *line, size_t n)
{
	return n >= 3 && memcmp(line, utf8_bom, 3) == 0 ? 3 : 0;
}

int
solve_parse_input(const char *line, size_t n, int w, int h, board_t *b,
                  char *err, size_t errlen)
{
	size_t skip = bom_len(line, n);
	line += skip;
	n -= skip;
	const char *nul = memchr(line, '\0', n);
	if (nul != NULL) {
		snprintf(err, errlen, "%zu: a NUL byte in the line",
		         (size_t)(nul - line) + 1);
		return -1;
	}
	size_t len = strcspn(line, " \t\r\n");
	if (len == 0 && line[0] != '\0' && line[0] != '\n' &&
	    !(line[0] == '\r' && line[1] == '\n')) {
		snprintf(err, errlen,
		         "1: a blank before the position (write the empty "
		         "board as an empty line or '-')");
		return -1;
	}
	if (len == 1 && line[0] == '-')
		len = 0;
	size_t at = 0;
	enum board_err e = board_parse(b, w, h, line, len, &at);
	if (e != BOARD_OK) {
		unsigned char ch = (unsigned char)line[at];
		char shown[16];
		if (ch >= 0x20 && ch < 0x7f)
			snprintf(shown, sizeof shown, "'%c'", ch);
		else
			snprintf(shown, sizeof shown, "byte 0x%02x", ch);
		snprintf(err, errlen, "%zu: %s (%s)", at + 1,
		         e == BOARD_ERR_RANGE ? "no such column"
		                              : board_err_string(e),
		         shown);
		return -1;
	}
	if (b->over) {
		snprintf(err, errlen, "%zu: the position is already won", len);
		return -1;
	}
	return 0;
}

int
solve_parse_line(const char *line, int w, int h, board_t *b, char *err,
                 size_t errlen)
{
	return solve_parse_input(line, strlen(line), w, h, b, err, errlen);
}

void
solve_moves(const char *line, char *buf, size_t len)
{
	line += bom_len(line, strlen(line));
	size_t n = strcspn(line, " \t\r\n");
	if (n == 1 && line[0] == '-')
		n = 0;
	if (n >= len)
		n = len - 1;
	memcpy(buf, line, n);
	buf[n] = '\0';
}

/* A score as solve prints it: "3", ">=3" or "<=3" for a bound of a
 * stopped search, "?" unknown. */
static const char *
score_text(enum score_kind kind, int score, char *buf, size_t len)
{
	switch (kind) {
	case SCORE_LOWER:
		snprintf(buf, len, ">=%d", score);
		break;
	case SCORE_UPPER:
		snprintf(buf, len, "<=%d", score);
		break;
	case SCORE_NONE:
		snprintf(buf, len, "?");
		break;
	default:
		snprintf(buf, len, "%d", score);
		break;
	}
	return buf;
}

/* The line for b (NULL: a result without its board, from dropfour-mpi,
 * never partial). */
static void
print_text(const char *line, const board_t *b, int width, bool analyze,
           const struct search_result *r)
{
	char moves[BOARD_MAX_CELLS + 2], num[16];
	solve_moves(line, moves, sizeof moves);
	fputs(moves[0] == '\0' ? "-" : moves, stdout);
	if (analyze) {
		for (int c = 0; c < width; c++) {
			bool legal = b == NULL || board_can_play(b, c);
			if (!legal ||
			    (b == NULL && r->col_kind[c] == SCORE_NONE))
				fputs(" -", stdout);
			else
				printf(" %s", score_text(r->col_kind[c],
				                         r->col_score[c], num,
				                         sizeof num));
		}
	} else {
		enum score_kind k = r->partial ? r->kind : SCORE_EXACT;
		printf(" %s %llu %.0f",
		       score_text(k, r->score, num, sizeof num),
		       (unsigned long long)r->nodes, r->seconds * 1e6);
	}
	fputs(r->partial ? " partial\n" : "\n", stdout);
}

void
solve_print(const char *line, int width, bool analyze,
            const struct search_result *r)
{
	print_text(line, NULL, width, analyze, r);
	output_flush();
}

void
solve_print_json(FILE *f, const char *moves, const board_t *b, bool analyze,
                 bool weak, const struct search_result *r, bool book)
{
	enum score_kind kind = r->partial ? r->kind : SCORE_EXACT;
	struct json j;
	uint32_t best = 0;

	json_begin(&j, f, analyze ? "analysis" : "position");
	json_str(&j, "position", moves);
	json_int(&j, "width", b->w);
	json_int(&j, "height", b->h);
	json_score(&j, kind, r->score, weak);
	if (analyze) {
		int top = -1000;
		for (int c = 0; c < b->w; c++)
			if (board_can_play(b, c) &&
			    r->col_kind[c] == SCORE_EXACT &&
			    r->col_score[c] > top)
				top = r->col_score[c];
		for (int c = 0; c < b->w; c++)
			if (board_can_play(b, c) &&
			    r->col_kind[c] == SCORE_EXACT &&
			    r->col_score[c] == top)
				best |= 1u << c;
	} else if (r->move >= 0) {
		best = 1u << r->move;
	}
	json_columns(&j, "best", best, b->w);
	char pv[STATS_PV_MAX + 1];
	int n = 0;
	for (int i = 0; i < r->pv_len && i < STATS_PV_MAX; i++)
		pv[n++] = board_col_char(r->pv[i]);
	pv[n] = '\0';
	json_str(&j, "pv", pv);
	if (analyze) {
		fputs(",\"scores\":[", f);
		for (int c = 0; c < b->w; c++) {
			bool known = board_can_play(b, c) &&
			             r->col_kind[c] != SCORE_NONE;
			if (known)
				fprintf(f, "%s%d", c ? "," : "",
				        r->col_score[c]);
			else
				fprintf(f, "%snull", c ? "," : "");
		}
		fputs("],\"kinds\":[", f);
		for (int c = 0; c < b->w; c++) {
			if (!board_can_play(b, c))
				fprintf(f, "%snull", c ? "," : "");
			else
				fprintf(f, "%s\"%s\"", c ? "," : "",
				        json_kind(r->col_kind[c], weak));
		}
		fputc(']', f);
	}
	json_uint(&j, "nodes", r->nodes);
	json_real(&j, "seconds", r->seconds, 6);
	json_bool(&j, "book", book);
	json_bool(&j, "partial", r->partial);
	json_end(&j);
}

/* Whether the opening book holds b (it then answers the solve). */
static bool
book_holds(const struct search_limits *lim, const board_t *b)
{
	int score;
	return lim->mode == SEARCH_EXACT &&
	       search_oracle_probe(lim->book, b, &score);
}

int
solve_main(const struct options *o, struct cli_session *session)
{
	FILE *in = stdin;
	const char *name = "stdin";
	char *line = NULL;
	size_t cap = 0;
	int status = 0;
	struct search_limits lim;

	if (o->argc > 1) {
		cli_error("solve takes at most one FILE");
		return CLI_EXIT_USAGE;
	}
	if (o->argc == 1 && strcmp(o->argv[0], "-") != 0) {
		name = o->argv[0];
		in = fopen(name, "r");
		if (in == NULL) {
			cli_error("%s: %s", name, strerror(errno));
			return CLI_EXIT_FAILURE;
		}
	}
	options_solve_limits(o, session->book, &lim);

	struct search *s = output_search_new(o->tt_mb);
	ssize_t n;
	long lineno = 1;
	for (errno = 0; (n = util_getline(&line, &cap, in)) != -1;
	     lineno++, errno = 0) {
		board_t b;
		char err[160];
		struct search_result r;

		if (solve_parse_input(line, (size_t)n, o->width, o->height, &b,
		                      err, sizeof err) != 0) {
			cli_error("%s:%ld:%s", name, lineno, err);
			if (o->json)
				json_error(stdout, name, lineno, err);
			status = CLI_EXIT_FAILURE;
			continue;
		}
		search_run(s, &b, &lim, &r);
		if (o->json) {
			char moves[BOARD_MAX_CELLS + 2];
			solve_moves(line, moves, sizeof moves);
			solve_print_json(stdout, moves, &b, o->solve.analyze,
			                 o->solve.weak, &r,
			                 book_holds(&lim, &b));
		} else {
			print_text(line, &b, b.w, o->solve.analyze, &r);
		}
		if (!output_flush()) {
			status = CLI_EXIT_FAILURE;
			break;
		}
	}
	if (solve_end_input(in, name, line) != 0)
		status = CLI_EXIT_FAILURE;
	search_free(s);
	/* A build with --enable-node-stats: where the nodes went. */
	if (node_stats_built() && getenv("DROPFOUR_NODE_STATS") != NULL)
		node_stats_print(stderr);
	return status;
}

int
solve_end_input(FILE *in, const char *name, char *line)
{
	int status = 0;
	if (ferror(in)) {
		cli_error("%s: read error: %s", name,
		          strerror(errno ? errno : EIO));
		status = CLI_EXIT_FAILURE;
	}
	free(line);
	if (in != stdin)
		fclose(in);
	return status;
}
