/* engine-cli-int.h -- the engine protocol's parts (engine-cli.c the input
 * and the loop, engine-cli-go.c the searches and their answers,
 * engine-cli-cmd.c the other commands) and the hooks through which the
 * fuzz target (tests/fuzz/fuzz-engine.c) drives it without a terminal. */
#ifndef DROPFOUR_ENGINE_CLI_INT_H
#define DROPFOUR_ENGINE_CLI_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/options.h"
#include "core/board.h"
#include "search/engine.h"

/* The longest command line; a longer one is one `error line too long`. */
#define ENGINE_LINE_MAX ((size_t)1 << 20)

enum go_kind {
	GO_NONE = 0,
	GO_PERFECT,
	GO_DEPTH,
	GO_ANALYZE,
};

/* What a program embedding the protocol may change: every answer line to
 * line() instead of standard output, started() told of every search
 * (its position, and whether it is `analyze`), searches of at most
 * node_cap nodes (0 no cap), and `small`: one thread, the smallest table,
 * no book files. */
struct eng_hooks {
	void (*line)(void *ctx, const char *text);
	void (*started)(void *ctx, const board_t *b, bool analyze);
	void *ctx;
	uint64_t node_cap;
	bool small;
};

struct eng {
	const struct options *o;
	const struct eng_hooks *hooks; /* NULL: standard output */
	struct engine *e;
	size_t hash_mb;
	int threads;
	board_t pos;
	/* The opening book in use (NULL none): the one main() attached, or
	 * one opened by `setoption book`, which own_book then owns. */
	const struct book *book;
	const struct book *shipped_book; /* the session's, for its size */
	struct book *own_book;
	bool debug;  /* `debug on`: info string lines on what is done */
	int multipv; /* info lines per report: the best columns, 1 and up */
	int level;   /* `setoption Level`: a level (search/level.h), -1 none */
	/* The search, while one runs (kind != GO_NONE). */
	enum go_kind kind;
	uint64_t id;
	uint64_t searches0; /* the stats' search count before it started */
	bool hold;          /* its result waits for stop (infinite, ponder) */
	bool ponder;        /* `go ponder` before its ponderhit */
	double ponder_s;    /* the time to think after ponderhit, 0 none */
	double deadline;    /* stop it then (util_now_s()), 0 none */
	bool stopped;       /* `stop` was asked */
	double t0, last_info;
	bool quit;
	bool out_error;
};

/* engine-cli.c */
void eng_say(struct eng *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* s (n bytes) for an error line: control bytes and backslashes as \xNN,
 * cut at about 60 characters ("..."); returns buf. */
const char *eng_quote(const char *s, size_t n, char *buf, size_t len);
/* A whole number in lo..hi, else after an error line a value below lo
 * (-1 where lo >= 0). */
long eng_number(struct eng *g, const char *what, const char *arg, long lo,
                long hi);
/* Serve the protocol on fd until quit or its end; the exit status. */
int engine_cli_serve(const struct options *o, const struct book *book, int fd,
                     const struct eng_hooks *hooks);

/* engine-cli-go.c */
void eng_cmd_go(struct eng *g, int argc, char **argv);
void eng_cmd_analyze(struct eng *g, int argc, char **argv);
void eng_cmd_stop(struct eng *g, int argc, char **argv);
void eng_cmd_ponderhit(struct eng *g, int argc, char **argv);
/* Stop the running search and print its result. */
void eng_finish(struct eng *g);
/* Between commands: info lines, the result of a search that ended. */
void eng_tick(struct eng *g);

/* engine-cli-cmd.c */
void eng_cmd_uci(struct eng *g, int argc, char **argv);
void eng_cmd_ucinewgame(struct eng *g, int argc, char **argv);
void eng_cmd_debug(struct eng *g, int argc, char **argv);
void eng_cmd_isready(struct eng *g, int argc, char **argv);
void eng_cmd_quit(struct eng *g, int argc, char **argv);
void eng_cmd_size(struct eng *g, int argc, char **argv);
void eng_cmd_position(struct eng *g, int argc, char **argv);
void eng_cmd_moves(struct eng *g, int argc, char **argv);
void eng_cmd_setoption(struct eng *g, int argc, char **argv);

#endif
