/* review-cli.c -- `dropfour review`: read a game, review it exactly
 * (search/engine/review.c) and show the value of every move: a chart of the
 * score after each move for people, PLY COLUMN BEFORE AFTER BEST lines
 * (--plain) or JSON Lines (--json) for programs. */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <langinfo.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/json.h"
#include "cli/output.h"
#include "cli/progress.h"
#include "cli/book-cli.h"
#include "cli/review-cli.h"
#include "core/util.h"
#include "search/engine/review.h"

/* Progress on a terminal's stderr once a review has run this long. */
#define PROGRESS_AFTER_S 0.5
/* Cells of the chart's bars on each side of the axis. */
#define CHART_HALF 16

/* ---- reading the game ---------------------------------------------------
 */

/* The moves s[0..len) ("-" the empty board) on a w x h board into g.  On
 * error *at is the 0-based index of the bad character. */
static enum board_err
parse_moves(const char *s, size_t len, int w, int h, struct review_game *g,
            size_t *at)
{
	board_t b;

	if (len == 1 && s[0] == '-')
		len = 0;
	*at = 0;
	enum board_err e = board_parse(&b, w, h, s, len, at);
	if (e != BOARD_OK)
		return e;
	g->w = w;
	g->h = h;
	g->n = (int)len;
	for (size_t i = 0; i < len; i++)
		g->moves[i] = board_char_col((unsigned char)s[i]);
	return BOARD_OK;
}

static const char *
move_error(enum board_err e)
{
	return e == BOARD_ERR_RANGE ? "no such column on this board"
	                            : board_err_string(e);
}

int
review_cli_game_parse(const char *moves, int w, int h, struct review_game *g,
                      char *err, size_t errlen)
{
	size_t at;
	size_t len = strlen(moves);

	memset(g, 0, sizeof *g);
	if (len > BOARD_MAX_CELLS) {
		snprintf(err, errlen, "'%s': more moves than a board holds",
		         moves);
		return -1;
	}
	enum board_err e = parse_moves(moves, len, w, h, g, &at);
	if (e != BOARD_OK) {
		snprintf(err, errlen, "'%s': character %zu ('%c'): %s", moves,
		         at + 1, moves[at], move_error(e));
		return -1;
	}
	return 0;
}

/* "size WxH" exactly; false if the line is not one. */
static bool
parse_size(const char *line, int *w, int *h)
{
	char tail;
	return sscanf(line, "size %dx%d%c", w, h, &tail) == 2;
}

int
review_cli_game_read(FILE *in, const char *name, int w, int h,
                     struct review_game *g, char *err, size_t errlen)
{
	char *line = NULL;
	size_t cap = 0;
	ssize_t got;
	long lineno = 0;
	bool sized = false;
	int rc = -1;

	memset(g, 0, sizeof *g);
	errno = 0;
	while ((got = util_getline(&line, &cap, in)) != -1) {
		lineno++;
		if (strlen(line) != (size_t)got) {
			snprintf(err, errlen, "%s:%ld: a NUL byte in the line",
			         name, lineno);
			goto out;
		}
		line[strcspn(line, "\r\n")] = '\0';
		const char *p = line;
		if (lineno == 1 && strncmp(p, "\xef\xbb\xbf", 3) == 0)
			p += 3; /* a UTF-8 byte-order mark */
		size_t lead = strspn(p, " \t");
		if (p[lead] == '\0' || p[lead] == '#')
			continue;
		if (strncmp(p, "dropfour-game", 13) == 0)
			continue;
		if (strncmp(p, "size", 4) == 0) {
			if (!parse_size(p, &w, &h)) {
				snprintf(
				    err, errlen,
				    "%s:%ld: expected 'size WxH', not '%s'",
				    name, lineno, p);
				goto out;
			}
			const char *why = board_size_error(w, h);
			if (why != NULL) {
				snprintf(err, errlen,
				         "%s:%ld: impossible board size %dx%d: "
				         "%s",
				         name, lineno, w, h, why);
				goto out;
			}
			sized = true;
			continue;
		}
		const char *m = p;
		if (strncmp(p, "moves", 5) == 0 &&
		    (p[5] == '\0' || p[5] == ' ' || p[5] == '\t'))
			m = p + 5 + strspn(p + 5, " \t");
		size_t len = strcspn(m, " \t");
		size_t at;
		if (len > BOARD_MAX_CELLS) {
			snprintf(err, errlen,
			         "%s:%ld: more moves than a board holds", name,
			         lineno);
			goto out;
		}
		enum board_err e = parse_moves(m, len, w, h, g, &at);
		if (e != BOARD_OK) {
			snprintf(err, errlen,
			         "%s:%ld: character %zu ('%c'): %s", name,
			         lineno, (size_t)(m - line) + at + 1, m[at],
			         move_error(e));
			goto out;
		}
		g->sized = sized;
		rc = 0;
		goto out;
	}
	lineno = 0;
	if (ferror(in))
		snprintf(err, errlen, "%s: %s", name,
		         strerror(errno ? errno : EIO));
	else
		snprintf(err, errlen, "%s: no moves in it", name);
out:
	if (rc != 0)
		g->err_line = lineno;
	free(line);
	return rc;
}

/* ---- progress -----------------------------------------------------------
 */

struct progress {
	struct cli_progress line;
	double t0;
};

static void
progress_ply(void *arg, int done, int total, const struct review_ply *p)
{
	struct progress *pr = arg;
	(void)p;
	if (util_now_s() - pr->t0 < PROGRESS_AFTER_S)
		return;
	cli_progress_show(&pr->line, "reviewing, %d of %d moves done", done,
	                  total);
}

/* ---- output ---------------------------------------------------------------
 */

/* "3,4,5": the 1-based columns of a mask. */
static const char *
columns_text(uint16_t best, int w, const char *sep, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int c = 0; c < w && n + 4 < len; c++)
		if (best & (1u << c))
			n += (size_t)snprintf(buf + n, len - n, "%s%d",
			                      n ? sep : "", c + 1);
	return buf;
}

static void
print_plain(const struct review_ply *p, int w)
{
	char best[64];
	printf("%d %d %d %d %s\n", p->ply, p->col + 1, p->before, p->after,
	       columns_text(p->best, w, ",", best, sizeof best));
}

static void
print_json(const struct review_game *g, const struct review_ply *p)
{
	char pos[BOARD_MAX_CELLS + 1];
	struct json j;
	for (int i = 0; i + 1 < p->ply; i++)
		pos[i] = board_col_char(g->moves[i]);
	pos[p->ply - 1] = '\0';
	json_begin(&j, stdout, "move");
	json_int(&j, "ply", p->ply);
	json_int(&j, "column", p->col + 1);
	json_int(&j, "player", 2 - (p->ply & 1));
	json_str(&j, "position", pos);
	json_int(&j, "width", g->w);
	json_int(&j, "height", g->h);
	json_int(&j, "before", p->before);
	json_int(&j, "after", p->after);
	json_str(&j, "kind", json_kind(SCORE_EXACT, false));
	json_columns(&j, "best", p->best, g->w);
	json_bool(&j, "changed", p->change != REVIEW_KEPT);
	json_str(&j, "change", review_change_word(p->change));
	json_bool(&j, "ends", p->ends);
	json_bool(&j, "book", p->book);
	json_uint(&j, "nodes", p->nodes);
	json_real(&j, "seconds", p->seconds, 6);
	json_end(&j);
}

/* How the chart draws: UTF-8 or ASCII, colour or not. */
struct chart_style {
	bool utf8, colour;
	const char *axis, *bar1, *bar2, *arrow;
};

static void
chart_style_init(struct chart_style *st, const struct options *o)
{
	const char *cs = nl_langinfo(CODESET);
	st->utf8 =
	    cs != NULL && (strcmp(cs, "UTF-8") == 0 || strcmp(cs, "utf8") == 0);
	st->colour = isatty(STDOUT_FILENO) && !o->no_color;
	/* The two sides' bars differ by character as well as colour. */
	st->axis = st->utf8 ? "\u2502" : "|";
	st->bar1 = st->utf8 ? "\u2588" : "#";
	st->bar2 = st->utf8 ? "\u2592" : "=";
	st->arrow = st->utf8 ? "\u2192" : "->";
}

static void
colour(const struct chart_style *st, const char *sgr)
{
	if (st->colour)
		printf("\033[%sm", sgr);
}

/* The largest score either side can have on a w x h board: a win with
 * the first player's fourth stone (stone 7). */
static int
chart_max(int w, int h)
{
	int m = (w * h + 1 - 6) / 2;
	return m < 1 ? 1 : m;
}

/* Who wins with perfect play, for a score v from the first player's view. */
static const char *
first_view_words(int v)
{
	return v == 0  ? "a draw with perfect play"
	       : v > 0 ? "X wins with perfect play"
	               : "O wins with perfect play";
}

/* One row: the label, the signed bar of v (first player's view), the
 * number, and the mark. */
static void
chart_row(const struct chart_style *st, const char *label, int v, int max,
          const char *mark)
{
	int cells = (v < 0 ? -v : v) * CHART_HALF;
	cells = (cells + max - 1) / max; /* ceil(|v| / max * half) */
	if (cells > CHART_HALF)
		cells = CHART_HALF;
	fputs(label, stdout);
	printf("%*s", CHART_HALF - (v < 0 ? cells : 0), "");
	if (v < 0) {
		colour(st, "33");
		for (int i = 0; i < cells; i++)
			fputs(st->bar2, stdout);
		colour(st, "0");
	}
	fputs(st->axis, stdout);
	if (v > 0) {
		colour(st, "31");
		for (int i = 0; i < cells; i++)
			fputs(st->bar1, stdout);
		colour(st, "0");
	}
	printf("%*s ", CHART_HALF - (v > 0 ? cells : 0), "");
	printf(v == 0 ? "%3d" : "%+3d", v);
	if (mark != NULL && mark[0] != '\0') {
		fputs("  ", stdout);
		colour(st, "1");
		fputs(mark, stdout);
		colour(st, "0");
	}
	putchar('\n');
}

static const char *
change_short(enum review_change c)
{
	static const char *const words[REVIEW_NCHANGES] = {
	    [REVIEW_KEPT] = "",
	    [REVIEW_WIN_TO_DRAW] = "win%sdraw",
	    [REVIEW_WIN_TO_LOSS] = "win%sloss",
	    [REVIEW_DRAW_TO_LOSS] = "draw%sloss",
	    [REVIEW_SLOWER_WIN] = "slower win",
	    [REVIEW_FASTER_LOSS] = "faster loss",
	};
	return words[c];
}

static void
print_chart(const struct options *o, const struct review_game *g,
            const struct review_ply *pl, double seconds, int threads)
{
	struct chart_style st;
	char label[64], mark[128], best[64], words[64], fmt[32];
	int max = chart_max(g->w, g->h);
	int nmarked = 0;

	chart_style_init(&st, o);
	printf("Review of %d move%s on a %dx%d board, the exact score after "
	       "each move\n(the first player's view: X's wins right of the "
	       "axis, O's left)\n\n",
	       g->n, g->n == 1 ? "" : "s", g->w, g->h);
	printf(" ply  move   %*s%s%s\n", CHART_HALF, "O wins", st.axis,
	       "X wins");
	if (g->n == 0) {
		puts("\n(no moves: nothing to review)");
		return;
	}
	chart_row(&st, "   0  start  ", pl[0].before, max,
	          first_view_words(pl[0].before));
	for (int i = 0; i < g->n; i++) {
		const struct review_ply *p = &pl[i];
		bool first = p->ply & 1;
		int v = first ? p->after : -p->after;
		snprintf(label, sizeof label, " %3d  %s %d    ", p->ply,
		         first ? "X" : "O", p->col + 1);
		mark[0] = '\0';
		if (p->change != REVIEW_KEPT) {
			snprintf(fmt, sizeof fmt, "%s",
			         change_short(p->change));
			snprintf(words, sizeof words, fmt, st.arrow);
			snprintf(mark, sizeof mark, "%s %s, best %s",
			         st.utf8 ? "\u25c0" : "<", words,
			         columns_text(p->best, g->w, ",", best,
			                      sizeof best));
			nmarked++;
		} else if (p->ends) {
			snprintf(mark, sizeof mark, "%s",
			         p->after > 0 ? "four: game over"
			                      : "board full: draw");
		}
		chart_row(&st, label, v, max, mark);
	}
	/* The end, in words. */
	const struct review_ply *last = &pl[g->n - 1];
	putchar('\n');
	if (last->ends)
		printf("result: %s\n", last->after == 0 ? "draw"
		                       : last->ply & 1
		                           ? "first player (X) wins"
		                           : "second player (O) wins");
	else
		printf("unfinished: with perfect play from here %s\n",
		       ((last->ply & 1) ? last->after : -last->after) == 0
		           ? "a draw"
		       : ((last->ply & 1) ? last->after : -last->after) > 0
		           ? "the first player (X) wins"
		           : "the second player (O) wins");
	if (nmarked == 0) {
		puts("no move changed the outcome");
	} else {
		printf("%d move%s lost value:", nmarked,
		       nmarked == 1 ? "" : "s");
		for (int i = 0; i < g->n; i++) {
			if (pl[i].change == REVIEW_KEPT)
				continue;
			snprintf(fmt, sizeof fmt, "%s",
			         change_short(pl[i].change));
			snprintf(words, sizeof words, fmt, st.arrow);
			printf(" %d (%s, %s)", pl[i].ply,
			       pl[i].ply & 1 ? "X" : "O", words);
		}
		putchar('\n');
	}
	printf("reviewed in %.2f s on %d thread%s\n", seconds, threads,
	       threads == 1 ? "" : "s");
}

/* ---- the mode -------------------------------------------------------------
 */

/* Whether the argument is MOVES, not a FILE: all digits (a 0 is then
 * refused as a column with its place), or digits and the letters of
 * columns 10 to 16 (a-g, A-G) when no file has that name. */
static bool
is_moves(const char *s)
{
	bool letter = false;
	if (s[0] == '\0')
		return false;
	for (const char *p = s; *p != '\0'; p++) {
		const bool digit = isdigit((unsigned char)*p) != 0;
		if (!digit && board_char_col((unsigned char)*p) < 0)
			return false;
		letter |= !digit;
	}
	return !letter || access(s, F_OK) != 0;
}

/* The game named by the command line, or -1 after a message. */
static int
read_input(const struct options *o, struct review_game *g)
{
	char err[512];
	const char *arg = o->argc == 1 ? o->argv[0] : "-";
	int rc;

	if (is_moves(arg)) {
		rc = review_cli_game_parse(arg, o->width, o->height, g, err,
		                           sizeof err);
	} else if (strcmp(arg, "-") == 0) {
		rc = review_cli_game_read(stdin, "stdin", o->width, o->height,
		                          g, err, sizeof err);
	} else {
		FILE *f = fopen(arg, "r");
		if (f == NULL) {
			const char *why = strerror(errno);
			cli_error("%s: %s", arg, why);
			if (o->json)
				json_error(stdout, arg, 0, why);
			return -1;
		}
		rc = review_cli_game_read(f, arg, o->width, o->height, g, err,
		                          sizeof err);
		fclose(f);
		if (rc == 0 && g->sized &&
		    (o->width_given || o->height_given) &&
		    (g->w != o->width || g->h != o->height)) {
			snprintf(err, sizeof err,
			         "%s: a %dx%d game, but -W/-H ask for %dx%d",
			         arg, g->w, g->h, o->width, o->height);
			cli_error("%s", err);
			if (o->json)
				json_error(stdout, arg, 0, err);
			return -1;
		}
	}
	if (rc != 0) {
		cli_error("%s", err);
		if (o->json)
			json_error(stdout, arg, g->err_line, err);
		return -1;
	}
	return 0;
}

int
review_cli_main(const struct options *o, struct cli_session *session)
{
	struct review_game g;
	struct review_params par;
	struct review_ply pl[BOARD_MAX_CELLS];
	struct progress pr;
	struct options ob = *o;
	int status = 0;

	if (o->argc > 1) {
		cli_error("review takes one FILE or MOVES");
		return CLI_EXIT_USAGE;
	}
	if (o->plain && o->json) {
		cli_error("--plain and --json cannot be combined");
		return CLI_EXIT_USAGE;
	}
	if (read_input(o, &g) != 0)
		return CLI_EXIT_USAGE;

	/* A saved game of another size: that size's book, if any. */
	struct cli_session own = {NULL, NULL, NULL};
	const struct book *book = session->book;
	if (g.w != o->width || g.h != o->height) {
		ob.width = g.w;
		ob.height = g.h;
		if (book_cli_attach(&ob, &own) != 0)
			return CLI_EXIT_USAGE;
		book = own.book;
	}
	review_params_default(&par);
	options_solve_limits(&ob, book, &par.limits);
	par.progress = progress_ply;
	par.arg = &pr;

	struct search *s = output_search_new(o->tt_mb);
	pr.t0 = util_now_s();
	cli_progress_begin(&pr.line);
	enum review_status rs = review_run(s, g.w, g.h, g.moves, g.n, &par, pl);
	double seconds = util_now_s() - pr.t0;
	cli_progress_clear(&pr.line);
	search_free(s);
	book_cli_detach(&own);
	if (rs != REVIEW_OK) {
		cli_error("the review stopped before its end");
		return CLI_EXIT_FAILURE;
	}

	for (int i = 0; (o->plain || o->json) && i < g.n; i++) {
		if (o->json)
			print_json(&g, &pl[i]);
		else
			print_plain(&pl[i], g.w);
	}
	if (!o->plain && !o->json)
		print_chart(o, &g, pl, seconds, par.limits.threads);
	if (!output_flush())
		status = CLI_EXIT_FAILURE;
	return status;
}
