/* engine-cli.c -- `dropfour engine`: a line protocol modelled on chess's
 * UCI, for GUIs, bots and scripts (docs/engine-protocol.md).
 *
 * The search runs on the engine's worker thread (search/engine/engine.h); the
 * main thread waits on standard input with poll() and a short timeout, so
 * that it streams `info` lines while a search runs, answers `stop` at once
 * and prints `bestmove` as soon as a search ends.  This file reads the
 * input as whole lines of any length (up to ENGINE_LINE_MAX) and runs
 * them in order through the command table (engine_commands[]); a stop,
 * isready or ponderhit further down the input is answered at once.
 * Every answer is one line, flushed. */
#include "config.h"

#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "cli/cli.h"
#include "cli/engine-cli-int.h"
#include "cli/engine-cli.h"
#include "cli/output.h"
#include "core/util.h"

/* How long the main thread sleeps in poll() between looks at a running
 * search, and at a stopped one that unwinds (its answer goes out within a
 * millisecond of its end); how much input it holds at most (lines waiting
 * for a search). */
#define POLL_MS      5
#define POLL_STOP_MS 1
#define INPUT_MAX    (4 * ENGINE_LINE_MAX)

/* ---- the commands -------------------------------------------------------
 */

static const struct engine_command {
	const char *name;
	void (*run)(struct eng *g, int argc, char **argv);
	bool at_once; /* answered while a search runs, even further down */
	/* its words and what it does, for `help` (and, checked against
	 * them by tests/engine.sh, `engine --help`, the man page and
	 * docs/engine-protocol.md) */
	const char *usage;
} engine_commands[] = {
    {.name = "uci",
     .run = eng_cmd_uci,
     .usage = "uci: the UCI handshake; strict UCI and cfour moves from "
              "here on"},
    {.name = "isready",
     .run = eng_cmd_isready,
     .at_once = true,
     .usage = "isready: readyok, at once"},
    {.name = "debug",
     .run = eng_cmd_debug,
     .usage = "debug on|off: info string lines on what is done"},
    {.name = "ucinewgame",
     .run = eng_cmd_ucinewgame,
     .usage = "ucinewgame: the empty board, the table cleared"},
    {.name = "size",
     .run = eng_cmd_size,
     .usage = "size W H: the board's size"},
    {.name = "position",
     .run = eng_cmd_position,
     .usage = "position [startpos|MOVES|fen FEN] [moves M...]"},
    {.name = "moves",
     .run = eng_cmd_moves,
     .usage = "moves M...: play them on the position"},
    {.name = "go",
     .run = eng_cmd_go,
     .usage = "go [perfect | depth N | movetime MS | nodes N | mate N | "
              "searchmoves M... | infinite | ponder | wtime MS btime MS "
              "winc MS binc MS movestogo N]"},
    {.name = "analyze",
     .run = eng_cmd_analyze,
     .usage = "analyze: every column's exact score"},
    {.name = "stop",
     .run = eng_cmd_stop,
     .at_once = true,
     .usage = "stop: the running search's bestmove, at once"},
    {.name = "ponderhit",
     .run = eng_cmd_ponderhit,
     .at_once = true,
     .usage = "ponderhit: the pondered move was played"},
    {.name = "setoption",
     .run = eng_cmd_setoption,
     .usage = "setoption name NAME [value VALUE]"},
    {.name = "d",
     .run = eng_cmd_d,
     .usage = "d: the board, its FEN (Fairy-Stockfish's cfour) and its "
              "moves"},
    {.name = "help", .run = eng_cmd_help, .usage = "help: these commands"},
    {.name = "quit", .run = eng_cmd_quit, .usage = "quit: end"},
};

#define NCOMMANDS (sizeof engine_commands / sizeof engine_commands[0])

void
eng_cmd_help(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	for (size_t i = 0; i < NCOMMANDS; i++)
		eng_say(g, "%s", engine_commands[i].usage);
}

static bool
is_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

/* The command the line (len bytes, no newline) names, NULL none. */
static const struct engine_command *
command_find(const char *line, size_t len)
{
	size_t at = 0, end;
	while (at < len && is_blank(line[at]))
		at++;
	for (end = at; end < len && !is_blank(line[end]); end++)
		;
	for (size_t i = 0; i < NCOMMANDS; i++)
		if (strlen(engine_commands[i].name) == end - at &&
		    memcmp(line + at, engine_commands[i].name, end - at) == 0)
			return &engine_commands[i];
	return NULL;
}

/* Whether the line must wait for the running search to end: every
 * command but those answered at once comes after it, in order (quit too,
 * so that a script's last search finishes), except quit while a search
 * waits for stop (go infinite, go ponder), which it stops. */
static bool
command_waits(const struct eng *g, const char *line, size_t len)
{
	const struct engine_command *c = command_find(line, len);
	/* UCI's quit: as soon as possible (eng_cmd_quit() stops it) */
	if (c != NULL && c->run == eng_cmd_quit && (g->hold || g->uci))
		return false;
	return g->kind != GO_NONE && (c == NULL || !c->at_once);
}

/* Run one line (len bytes, its newline gone, NUL bytes possible). */
static void
command(struct eng *g, char *line, size_t len)
{
	char q[96];
	if (len > ENGINE_LINE_MAX) {
		eng_error(g, "line too long (more than %zu bytes)",
		          ENGINE_LINE_MAX);
		return;
	}
	if (memchr(line, '\0', len) != NULL) {
		eng_error(g, "NUL byte in line '%s'",
		          eng_quote(line, len, q, sizeof q));
		return;
	}
	while (len > 0 && is_blank(line[len - 1]))
		len--;
	line[len] = '\0';
	char **argv = xmalloc((len / 2 + 2) * sizeof *argv);
	int argc = 0;
	for (char *w = strtok(line, " \t\r\v\f"); w != NULL;
	     w = strtok(NULL, " \t\r\v\f"))
		argv[argc++] = w;
	argv[argc] = NULL;
	const struct engine_command *c =
	    argc ? command_find(argv[0], strlen(argv[0])) : NULL;
	if (c != NULL)
		c->run(g, argc, argv);
	else if (argc > 0)
		eng_error(g, "unknown command '%s'",
		          eng_quote(argv[0], strlen(argv[0]), q, sizeof q));
	free(argv);
}

/* ---- the input ----------------------------------------------------------
 */

/* The end of the line at s (n bytes): its LF or CR (a CR-only line end
 * ends a line as LF does; CR LF is a line and an empty one), NULL none. */
static char *
eol(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (s[i] == '\n' || s[i] == '\r')
			return (char *)(s + i);
	return NULL;
}

struct eng_in {
	char *buf;
	size_t have, size;
	bool eof;
	bool skipping; /* the rest of a too long line is dropped */
};

/* Add n bytes read.  A line past ENGINE_LINE_MAX keeps its first bytes
 * (so that it is one error in its turn) and loses the rest up to its
 * newline. */
static void
input_add(struct eng_in *in, const char *data, size_t n)
{
	if (in->skipping) {
		const char *nl = eol(data, n);
		if (nl == NULL)
			return;
		in->skipping = false;
		n -= (size_t)(nl - data);
		data = nl;
	}
	if (in->have + n + 1 > in->size) {
		in->size = (in->have + n + 1) * 2;
		in->buf = xrealloc(in->buf, in->size);
	}
	memcpy(in->buf + in->have, data, n);
	in->have += n;
	size_t start = in->have;
	while (start > 0 && in->buf[start - 1] != '\n' &&
	       in->buf[start - 1] != '\r')
		start--;
	if (in->have - start > ENGINE_LINE_MAX) {
		in->have = start + ENGINE_LINE_MAX + 1;
		in->skipping = true;
	}
}

/* A stop, isready or ponderhit among the lines still to come is answered
 * now and taken out of the input (a stop stops the search running when it
 * was read, one stop one search); the lines before it still run after
 * the search, in order. */
static void
input_ahead(struct eng *g, struct eng_in *in)
{
	for (size_t at = 0; at < in->have && g->kind != GO_NONE;) {
		char *l = in->buf + at;
		char *nl = eol(l, in->have - at);
		if (nl == NULL)
			break;
		const struct engine_command *c =
		    command_find(l, (size_t)(nl - l));
		at = (size_t)(nl - in->buf) + 1;
		if (c == NULL || !c->at_once ||
		    (c->run == eng_cmd_stop && g->stopped))
			continue;
		memset(l, ' ', (size_t)(nl - l));
		if (c->run == eng_cmd_stop) {
			/* answered now, as a stop in its turn is (not when
			 * the search has unwound: on a busy machine, or one
			 * still bringing a new table's pages in, that can
			 * take a few hundred milliseconds) */
			eng_stop_now(g);
		} else {
			c->run(g, 1, (char *[]){(char *)c->name, NULL});
		}
	}
}

/* Whether a quit is among the lines still to come, from byte `from` of
 * the input (the end of the input behind it then changes nothing: the
 * quit ends the session as written). */
static bool
quit_queued(const struct eng_in *in, size_t from)
{
	for (size_t at = from; at < in->have;) {
		const char *l = in->buf + at;
		const char *nl = eol(l, in->have - at);
		size_t len = nl != NULL ? (size_t)(nl - l) : in->have - at;
		const struct engine_command *c = command_find(l, len);
		if (c != NULL && c->run == eng_cmd_quit)
			return true;
		at += len + 1;
	}
	return false;
}

/* Run every whole line that need not wait for the search, and at the end
 * of the input a last line without its newline. */
static void
input_run(struct eng *g, struct eng_in *in)
{
	size_t used = 0;
	char *nl;
	if (g->kind != GO_NONE)
		input_ahead(g, in);
	while (!g->quit && used < in->have &&
	       (nl = eol(in->buf + used, in->have - used))) {
		size_t len = (size_t)(nl - (in->buf + used));
		if (command_waits(g, in->buf + used, len)) {
			/* A search that only a stop ends, a quit among the
			 * lines behind: nothing before the quit can run (each
			 * waits for the search), so the quit comes now, as
			 * UCI's "as soon as possible". */
			if (g->hold && quit_queued(in, used))
				eng_cmd_quit(g, 0, NULL);
			break;
		}
		command(g, in->buf + used, len);
		used += len + 1;
	}
	if (in->eof && !g->quit && g->kind == GO_NONE && used < in->have &&
	    eol(in->buf + used, in->have - used) == NULL) {
		command(g, in->buf + used, in->have - used);
		used = in->have;
	}
	if (used > 0) /* (no buffer yet: nothing to move) */
		memmove(in->buf, in->buf + used, in->have - used);
	in->have -= used;
}

/* Wait for input (while there is room for it), or a short while when a
 * search runs; -1 after a message on a poll or read error. */
static int
input_read(struct eng *g, struct eng_in *in, int fd)
{
	char chunk[65536];
	bool want = !in->eof && in->have < INPUT_MAX;
	struct pollfd p = {.fd = fd, .events = POLLIN};
	int ms = g->kind != GO_NONE && g->stopped ? POLL_STOP_MS
	         : g->kind != GO_NONE             ? POLL_MS
	         : want                           ? -1
	                                          : 0;
	/* awake when the search's answer is due (eng_tick()) */
	if (ms > 0 && g->deadline > 0) {
		double left = (g->deadline - util_now_s()) * 1e3;
		if (left < ms)
			ms = left > 0 ? (int)left + 1 : 0;
	}
	int r = poll(&p, want ? 1 : 0, ms);
	if (r < 0 && errno != EINTR) {
		cli_error("engine: poll: %s", strerror(errno));
		in->eof = true;
		return -1;
	}
	if (r <= 0 || !want)
		return 0;
	ssize_t n = read(fd, chunk, sizeof chunk);
	if (n < 0 && errno != EINTR && errno != EAGAIN) {
		cli_error("engine: standard input: read error: %s",
		          strerror(errno));
		in->eof = true;
		return -1;
	}
	if (n == 0)
		in->eof = true;
	else if (n > 0)
		input_add(in, chunk, (size_t)n);
	return 0;
}

/* ---- the loop -----------------------------------------------------------
 */

int
engine_cli_serve(const struct options *o, const struct book *book, int fd,
                 const struct eng_hooks *hooks)
{
	struct eng g;
	struct eng_in in = {0};
	int status = 0;

	memset(&g, 0, sizeof g);
	g.o = o;
	g.hooks = hooks;
	g.hash_mb = hooks != NULL && hooks->small ? 1 : o->tt_mb;
	/* -j not given: one thread fewer than the cores (at least one), so
	 * that the thread that reads the commands finds a core even when
	 * another engine's search holds the others (a match on one
	 * machine); a GUI sets Threads as it likes */
	g.threads = hooks != NULL && hooks->small         ? 1
	            : o->threads_given || o->threads <= 1 ? o->threads
	                                                  : o->threads - 1;
	g.multipv = 1;
	g.level = -1;
	g.move_overhead_ms = ENGINE_MOVE_OVERHEAD_MS;
	g.pos_ok = true;
	g.shipped_book = book;
	g.book = book;
	g.e = output_engine_new(g.hash_mb);
	/* for tests (docs/testing.md): a search that unwinds slowly */
	const char *unwind = getenv("DROPFOUR_TEST_UNWIND_MS");
	if (unwind != NULL)
		engine_set_unwind(g.e, strtol(unwind, NULL, 10));
	board_init(&g.pos, o->width, o->height);

	while (!g.quit) {
		input_run(&g, &in);
		if (g.quit || (in.eof && g.kind == GO_NONE && in.have == 0))
			break;
		if (input_read(&g, &in, fd) != 0)
			status = CLI_EXIT_FAILURE;
		/* The end of the input with no quit queued (a GUI gone, a
		 * closed pipe): the running search stops at once and gives
		 * its result, and so does every search the lines still
		 * queued start (go_start()); then the engine ends. */
		if (in.eof && !g.eof_stop && !quit_queued(&in, 0))
			g.eof_stop = true;
		if (g.eof_stop && g.kind != GO_NONE && !g.stopped) {
			g.stopped = true;
			g.hold = false;
			engine_stop(g.e);
		}
		eng_tick(&g);
	}
	/* the end of the input stops a search and gives its result */
	if (!g.out_error)
		eng_finish(&g);
	else if (g.kind != GO_NONE)
		engine_cancel(g.e);
	engine_free(g.e);
	book_free(g.own_book);
	free(in.buf);
	return g.out_error ? CLI_EXIT_FAILURE
	       : status    ? CLI_EXIT_FAILURE
	                   : CLI_EXIT_OK;
}

int
engine_cli_main(const struct options *o, struct cli_session *session)
{
	return engine_cli_serve(o, session->book, STDIN_FILENO, NULL);
}
