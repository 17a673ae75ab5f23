/* engine-cli.c -- `dropfour engine`: a line protocol modelled on chess's
 * UCI, for GUIs, bots and scripts (docs/engine-protocol.md).
 *
 * The search runs on the engine's worker thread (search/engine.h); the
 * main thread waits on standard input with poll() and a short timeout, so
 * that it streams `info` lines while a search runs, answers `stop` at once
 * and prints `bestmove` as soon as a search ends.  Commands are a table
 * (engine_commands[]); every answer is one line, flushed. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "book/book.h"
#include "cli/engine-cli.h"
#include "cli/output.h"
#include "core/score.h"
#include "core/util.h"
#include "search/engine.h"
#include "search/settings.h"

/* How often info lines come while a search runs, and how long the main
 * thread sleeps in poll() between looks at the search. */
#define INFO_EVERY_S 0.25
#define POLL_MS      5

enum go_kind {
	GO_NONE = 0,
	GO_PERFECT,
	GO_DEPTH,
	GO_MOVETIME,
	GO_INFINITE,
	GO_ANALYZE,
};

struct eng {
	const struct options *o;
	struct engine *e;
	size_t hash_mb;
	int threads;
	board_t pos;
	/* The opening book in use (NULL none): the one main() attached, or
	 * one opened by `setoption book`, which own_book then owns. */
	const struct book *book;
	const struct book *shipped_book; /* the session's, for its size */
	struct book *own_book;
	/* The search, while one runs (kind != GO_NONE). */
	enum go_kind kind;
	uint64_t id;
	bool stopped; /* `stop` was asked */
	double t0, last_info;
	bool quit;
	bool out_error;
};

/* One answer line, flushed; a write error ends the session. */
static void
say(struct eng *g, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (!output_flush()) {
		g->out_error = true;
		g->quit = true;
	}
}

static const struct search_oracle *
oracle(const struct eng *g)
{
	return g->book != NULL ? book_oracle(g->book) : NULL;
}

/* ---- info and results ---------------------------------------------------
 */

static void
info_line(struct eng *g)
{
	struct stats_snapshot s;
	char line[2048], num[16];
	size_t n = 0;

	engine_snapshot(g->e, &s);
	double elapsed = util_now_s() - g->t0;
	n += (size_t)snprintf(line + n, sizeof line - n, "info depth %d",
	                      s.depth);
	/* the best column finished so far */
	int best = -1;
	for (int c = 0; c < s.ncols && c < g->pos.w; c++)
		if (s.col[c].state == COL_DONE && s.col[c].kind != SCORE_NONE &&
		    (best < 0 || s.col[c].score > s.col[best].score))
			best = c;
	if (best >= 0)
		n += (size_t)snprintf(
		    line + n, sizeof line - n, " score %s kind %s",
		    score_number(s.col[best].kind, s.col[best].score, num,
		                 sizeof num),
		    s.col[best].kind == SCORE_HEURISTIC ? "heuristic"
		                                        : "proven");
	n += (size_t)snprintf(line + n, sizeof line - n,
	                      " nodes %llu nps %.0f time %.0f threads %d "
	                      "tnodes ",
	                      (unsigned long long)s.nodes, s.nps, elapsed * 1e3,
	                      s.nthreads);
	for (int t = 0; t < s.nthreads && n < sizeof line - 32; t++)
		n += (size_t)snprintf(line + n, sizeof line - n, "%s%llu",
		                      t ? "," : "",
		                      (unsigned long long)s.thread[t].nodes);
	if (s.pv_len > 0 && n < sizeof line - 8)
		n += (size_t)snprintf(line + n, sizeof line - n, " pv");
	for (int i = 0; i < s.pv_len && n < sizeof line - 8; i++)
		n += (size_t)snprintf(line + n, sizeof line - n, " %d",
		                      s.pv[i] + 1);
	say(g, "%s", line);
	g->last_info = util_now_s();
}

static void
result_lines(struct eng *g, const struct search_result *r)
{
	char num[16], line[256];
	size_t n = 0;

	if (g->kind == GO_ANALYZE) {
		n += (size_t)snprintf(line, sizeof line, "scores");
		for (int c = 0; c < g->pos.w; c++) {
			const char *t;
			if (!board_can_play(&g->pos, c))
				t = "-";
			else if (r->col_kind[c] == SCORE_EXACT)
				t = score_number(SCORE_EXACT, r->col_score[c],
				                 num, sizeof num);
			else
				t = "?";
			n += (size_t)snprintf(line + n, sizeof line - n, " %s",
			                      t);
		}
		say(g, "%s", line);
		return;
	}
	if (r->move < 0) {
		say(g, "bestmove none score %s",
		    board_is_full(&g->pos) ? "0" : "?");
		return;
	}
	if (r->pv_len > 0) {
		n += (size_t)snprintf(line, sizeof line, "info pv");
		for (int i = 0; i < r->pv_len && n < sizeof line - 4; i++)
			n += (size_t)snprintf(line + n, sizeof line - n, " %c",
			                      board_col_char(r->pv[i]));
		say(g, "%s", line);
	}
	if (r->kind == SCORE_NONE)
		say(g, "bestmove %c score ?", board_col_char(r->move));
	else
		say(g, "bestmove %c score %s%d", board_col_char(r->move),
		    r->kind == SCORE_LOWER   ? ">="
		    : r->kind == SCORE_UPPER ? "<="
		                             : "",
		    r->score);
}

/* Stop the running search and print its result.  engine_stop() acts on a
 * search the worker has taken, so it is asked again until the result
 * comes (a request not yet taken starts and stops at once). */
static void
finish(struct eng *g)
{
	struct search_result r;
	if (g->kind == GO_NONE)
		return;
	while (!engine_poll(g->e, g->id, &r)) {
		engine_stop(g->e);
		usleep(200);
	}
	info_line(g);
	result_lines(g, &r);
	g->kind = GO_NONE;
}

/* Between commands: info lines, and the result of a search that ended by
 * itself (`go infinite` waits for `stop`). */
static void
tick(struct eng *g)
{
	struct search_result r;
	if (g->kind == GO_NONE)
		return;
	if ((g->kind != GO_INFINITE || g->stopped) &&
	    engine_poll(g->e, g->id, &r)) {
		info_line(g);
		result_lines(g, &r);
		g->kind = GO_NONE;
		return;
	}
	if (util_now_s() - g->last_info >= INFO_EVERY_S)
		info_line(g);
}

/* ---- the commands -------------------------------------------------------
 */

/* A whole number in lo..hi, else -1 after an error line. */
static long
number(struct eng *g, const char *what, const char *arg, long lo, long hi)
{
	char *end;
	errno = 0;
	long v = arg ? strtol(arg, &end, 10) : 0;
	if (arg == NULL || errno || end == arg || *end || v < lo || v > hi) {
		say(g,
		    "error %s: expected a whole number from %ld to %ld, "
		    "got '%s'",
		    what, lo, hi, arg ? arg : "");
		return -1;
	}
	return v;
}

static void
start(struct eng *g, enum go_kind kind, const struct search_limits *lim)
{
	g->kind = kind;
	g->stopped = false;
	g->t0 = g->last_info = util_now_s();
	g->id = engine_start(g->e, &g->pos, lim);
}

static void
limits(struct eng *g, struct search_limits *lim)
{
	search_limits_default(lim);
	lim->threads = g->threads;
	lim->book = oracle(g);
}

static void
cmd_go(struct eng *g, int argc, char **argv)
{
	struct search_limits lim;
	limits(g, &lim);
	if (g->pos.over) {
		say(g, "error go: the game is over");
		return;
	}
	const char *what = argc > 1 ? argv[1] : "";
	if (strcmp(what, "perfect") == 0 && argc == 2) {
		/* the root's score first (book, table or a solve), then the
		 * column that reaches it: the game's perfect play */
		lim.mode = SEARCH_EXACT;
		lim.analyze = true;
		lim.move_only = true;
		start(g, GO_PERFECT, &lim);
	} else if (strcmp(what, "depth") == 0 && argc == 3) {
		long d = number(g, "go depth", argv[2], 1, SEARCH_MAX_DEPTH);
		if (d < 0)
			return;
		lim.mode = SEARCH_DEPTH;
		lim.depth = (int)d;
		start(g, GO_DEPTH, &lim);
	} else if (strcmp(what, "movetime") == 0 && argc == 3) {
		long ms = number(g, "go movetime", argv[2], 1, 86400000L);
		if (ms < 0)
			return;
		lim.mode = SEARCH_DEPTH;
		lim.depth = SEARCH_MAX_DEPTH;
		lim.time_limit = (double)ms / 1e3;
		start(g, GO_MOVETIME, &lim);
	} else if (strcmp(what, "infinite") == 0 && argc == 2) {
		lim.mode = SEARCH_DEPTH;
		lim.depth = SEARCH_MAX_DEPTH;
		start(g, GO_INFINITE, &lim);
	} else {
		say(g, "error go: expected perfect, depth N, movetime MS or "
		       "infinite");
	}
}

static void
cmd_analyze(struct eng *g, int argc, char **argv)
{
	(void)argv;
	struct search_limits lim;
	if (argc != 1) {
		say(g, "error analyze takes no argument");
		return;
	}
	if (g->pos.over) {
		say(g, "error analyze: the game is over");
		return;
	}
	limits(g, &lim);
	lim.mode = SEARCH_EXACT;
	lim.analyze = true;
	start(g, GO_ANALYZE, &lim);
}

static void
cmd_stop(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	g->stopped = true;
	finish(g);
}

static void
cmd_isready(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	say(g, "readyok");
}

static void
cmd_quit(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	finish(g);
	g->quit = true;
}

static void
cmd_size(struct eng *g, int argc, char **argv)
{
	if (argc != 3) {
		say(g, "error size: expected size W H");
		return;
	}
	long w = number(g, "size", argv[1], 1, 1000);
	long h = w < 0 ? -1 : number(g, "size", argv[2], 1, 1000);
	if (w < 0 || h < 0)
		return;
	const char *why = board_size_error((int)w, (int)h);
	if (why != NULL) {
		say(g, "error size %ldx%ld: %s", w, h, why);
		return;
	}
	board_init(&g->pos, (int)w, (int)h);
	engine_clear(g->e);
	if (g->book != NULL &&
	    (book_width(g->book) != w || book_height(g->book) != h)) {
		say(g,
		    "info string the book holds %dx%d positions: not used "
		    "on %ldx%ld",
		    book_width(g->book), book_height(g->book), w, h);
		g->book = NULL;
	}
	if (g->book == NULL && g->own_book == NULL && g->shipped_book &&
	    book_width(g->shipped_book) == w &&
	    book_height(g->shipped_book) == h)
		g->book = g->shipped_book;
	if (g->book == NULL && g->own_book != NULL &&
	    book_width(g->own_book) == w && book_height(g->own_book) == h)
		g->book = g->own_book;
}

static void
cmd_position(struct eng *g, int argc, char **argv)
{
	const char *moves = argc > 1 ? argv[1] : "";
	if (argc > 2) {
		say(g, "error position: expected position [MOVES]");
		return;
	}
	if (strcmp(moves, "-") == 0)
		moves = "";
	size_t at = 0;
	board_t b;
	enum board_err e =
	    board_parse(&b, g->pos.w, g->pos.h, moves, (size_t)-1, &at);
	if (e != BOARD_OK) {
		say(g, "error position %s: character %zu: %s", moves, at + 1,
		    e == BOARD_ERR_RANGE ? "no such column"
		                         : board_err_string(e));
		return;
	}
	g->pos = b;
}

static void
cmd_setoption(struct eng *g, int argc, char **argv)
{
	const char *name = argc > 1 ? argv[1] : "";
	if (argc != 3) {
		say(g, "error setoption: expected threads N, hash MB or book "
		       "FILE|none");
		return;
	}
	if (strcmp(name, "threads") == 0) {
		long t = number(g, "setoption threads", argv[2], 1,
		                STATS_MAX_THREADS);
		if (t > 0)
			g->threads = (int)t;
	} else if (strcmp(name, "hash") == 0) {
		long mb = number(g, "setoption hash", argv[2], 1, 1L << 20);
		char why[256];
		if (mb < 0)
			return;
		if (search_memory_error((size_t)mb, g->threads, why,
		                        sizeof why) != NULL) {
			say(g, "error setoption hash: %s", why);
			return;
		}
		engine_free(g->e);
		g->hash_mb = (size_t)mb;
		g->e = output_engine_new(g->hash_mb);
	} else if (strcmp(name, "book") == 0) {
		char err[512];
		struct book *bk = NULL;
		if (strcmp(argv[2], "none") != 0) {
			bk = book_open(argv[2], err, sizeof err);
			if (bk == NULL) {
				say(g, "error setoption book: %s", err);
				return;
			}
			if (book_width(bk) != g->pos.w ||
			    book_height(bk) != g->pos.h) {
				say(g,
				    "error setoption book: %s holds %dx%d "
				    "positions, the board is %dx%d",
				    argv[2], book_width(bk), book_height(bk),
				    g->pos.w, g->pos.h);
				book_free(bk);
				return;
			}
		}
		book_free(g->own_book);
		g->own_book = bk;
		g->book = bk;
	} else {
		say(g,
		    "error setoption: unknown option '%s' (threads, hash, "
		    "book)",
		    name);
	}
}

static const struct engine_command {
	const char *name;
	void (*run)(struct eng *g, int argc, char **argv);
	bool while_searching; /* allowed while a search runs */
} engine_commands[] = {
    {.name = "size", .run = cmd_size},
    {.name = "position", .run = cmd_position},
    {.name = "go", .run = cmd_go},
    {.name = "analyze", .run = cmd_analyze},
    {.name = "stop", .run = cmd_stop, .while_searching = true},
    {.name = "isready", .run = cmd_isready, .while_searching = true},
    {.name = "setoption", .run = cmd_setoption},
    {.name = "quit", .run = cmd_quit},
};

#define MAX_WORDS 8

static const struct engine_command *
command_find(const char *line)
{
	size_t len = strcspn(line, " \t\r");
	for (size_t i = 0;
	     i < sizeof engine_commands / sizeof engine_commands[0]; i++)
		if (strlen(engine_commands[i].name) == len &&
		    strncmp(line, engine_commands[i].name, len) == 0)
			return &engine_commands[i];
	return NULL;
}

/* Whether the line must wait for the running search to end: every
 * command but stop and isready comes after it, in order (quit too, so that
 * a script's last search finishes), except quit after go infinite. */
static bool
command_waits(const struct eng *g, const char *line)
{
	const struct engine_command *c =
	    command_find(line + strspn(line, " \t"));
	if (c != NULL && c->run == cmd_quit && g->kind == GO_INFINITE)
		return false;
	return g->kind != GO_NONE && (c == NULL || !c->while_searching);
}

/* A stop among the lines still to come stops the search now; the lines
 * before it still run after it, in order. */
static void
stop_ahead(struct eng *g, const char *buf, size_t len)
{
	for (size_t at = 0; at < len && g->kind != GO_NONE && !g->stopped;) {
		const char *nl = memchr(buf + at, '\n', len - at);
		if (nl == NULL)
			break;
		const char *l = buf + at + strspn(buf + at, " \t");
		const struct engine_command *c = command_find(l);
		if (c != NULL && c->run == cmd_stop) {
			g->stopped = true;
			engine_stop(g->e);
		}
		at = (size_t)(nl - buf) + 1;
	}
}

static void
command(struct eng *g, char *line)
{
	char *argv[MAX_WORDS + 1];
	int argc = 0;
	for (char *w = strtok(line, " \t\r"); w != NULL;
	     w = strtok(NULL, " \t\r")) {
		if (argc == MAX_WORDS) {
			say(g, "error too many words");
			return;
		}
		argv[argc++] = w;
	}
	if (argc == 0)
		return;
	for (size_t i = 0;
	     i < sizeof engine_commands / sizeof engine_commands[0]; i++) {
		const struct engine_command *c = &engine_commands[i];
		if (strcmp(argv[0], c->name) != 0)
			continue;
		c->run(g, argc, argv);
		return;
	}
	say(g, "error unknown command '%s'", argv[0]);
}

/* ---- the loop -----------------------------------------------------------
 */

int
engine_cli_main(const struct options *o, struct cli_session *session)
{
	struct eng g;
	char buf[4096];
	size_t have = 0;
	bool eof = false;
	int status = 0;

	memset(&g, 0, sizeof g);
	g.o = o;
	g.hash_mb = o->tt_mb;
	g.threads = o->threads;
	g.shipped_book = session->book;
	g.book = session->book;
	g.e = output_engine_new(g.hash_mb);
	board_init(&g.pos, o->width, o->height);

	while (!g.quit) {
		/* 1. every whole line that need not wait for the search */
		size_t used = 0;
		char *nl;
		if (g.kind != GO_NONE)
			stop_ahead(&g, buf, have);
		while (!g.quit &&
		       (nl = memchr(buf + used, '\n', have - used))) {
			*nl = '\0';
			if (command_waits(&g, buf + used)) {
				*nl = '\n';
				break;
			}
			command(&g, buf + used);
			used = (size_t)(nl - buf) + 1;
		}
		if (eof && !g.quit && g.kind == GO_NONE && used < have &&
		    memchr(buf + used, '\n', have - used) == NULL) {
			buf[have] = '\0'; /* a last line without its newline */
			command(&g, buf + used);
			used = have;
		}
		memmove(buf, buf + used, have - used);
		have -= used;
		if (g.quit || (eof && g.kind == GO_NONE && have == 0))
			break;
		if (have == sizeof buf - 1 && g.kind == GO_NONE) {
			say(&g, "error line too long");
			have = 0;
		}
		/* 2. wait for input (not while the buffer is full or the
		 * input has ended), or a short while when a search runs */
		bool want = !eof && have < sizeof buf - 1;
		struct pollfd p = {.fd = STDIN_FILENO, .events = POLLIN};
		int r = poll(&p, want ? 1 : 0,
		             g.kind != GO_NONE ? POLL_MS
		             : want            ? -1
		                               : 0);
		if (r < 0 && errno != EINTR) {
			cli_error("engine: poll: %s", strerror(errno));
			status = 1;
			break;
		}
		if (r > 0 && want) {
			ssize_t n = read(STDIN_FILENO, buf + have,
			                 sizeof buf - 1 - have);
			if (n < 0 && errno != EINTR && errno != EAGAIN) {
				cli_error("engine: standard input: "
				          "read error: %s",
				          strerror(errno));
				status = 1;
				eof = true;
			} else if (n == 0) {
				eof = true;
			} else if (n > 0) {
				have += (size_t)n;
			}
		}
		/* 3. info lines; the result of a search that has ended */
		tick(&g);
		/* the end of the input: go infinite stops and gives its
		 * result; another search runs to its end */
		if (eof && g.kind == GO_INFINITE) {
			g.stopped = true;
			finish(&g);
		}
	}
	/* the end of the input stops a search and gives its result */
	if (!g.out_error)
		finish(&g);
	else if (g.kind != GO_NONE)
		engine_cancel(g.e);
	engine_free(g.e);
	book_free(g.own_book);
	return g.out_error ? 1 : status;
}
