/* engine-cli-int.h -- the engine protocol's parts (engine-cli.c the input
 * and the loop, engine-cli-go.c the searches and their answers,
 * engine-cli-cmd.c the other commands) and the hooks through which the
 * fuzz target (tests/fuzz/fuzz-engine.c) drives it without a terminal. */
#ifndef DROPFOUR_ENGINE_CLI_INT_H
#define DROPFOUR_ENGINE_CLI_INT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli/options.h"
#include "core/board.h"
#include "search/engine/engine.h"

/* Move Overhead's default: milliseconds of the clock kept for the GUI's
 * and the pipe's latency (Fairy-Stockfish's default too). */
#define ENGINE_MOVE_OVERHEAD_MS 10

/* The longest command line; a longer one is one `error line too long`. */
#define ENGINE_LINE_MAX ((size_t)1 << 20)
/* `uci` waits this long at most for a new table's pages (a 64 MB table:
 * 20 ms on a quiet machine, a few hundred on a busy one). */
#define ENGINE_UCI_WARM_S 2.0

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
	int level;   /* `setoption Level`: a level (search/policy/level.h), -1
	                none */
	/* The position is the last `position`'s; false after a refused
	 * one (a go then errs with `bestmove none`) until the next. */
	bool pos_ok;
	/* `uci` was sent: every line written follows UCI's grammar
	 * (eng_strict()) unless DropfourExtensions is on. */
	bool uci;
	bool extensions; /* setoption DropfourExtensions true */
	bool cfour;      /* setoption UCI_Variant cfour sent (eng_cfour()) */
	/* setoption Move Overhead: milliseconds the clock's budget leaves
	 * for the GUI and the pipe (ENGINE_MOVE_OVERHEAD_MS) */
	int move_overhead_ms;
	bool ponder_option; /* setoption Ponder: the GUI may send go ponder */
	/* The input has ended with no quit queued: the running search and
	 * every later one stop at once (engine-cli.c). */
	bool eof_stop;
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

/* The engine's options: one table for `uci`'s option lines, setoption's
 * names and `engine --help`'s list (engine-cli-cmd.c). */
struct eng_option {
	const char *name;
	/* its `uci` line after "option name NAME " into buf */
	void (*describe)(const struct eng *g, char *buf, size_t len);
	void (*set)(struct eng *g, const char *value);
};
extern const struct eng_option eng_options[];
extern const size_t eng_noptions;

/* engine-cli.c */
/* Whether the engine speaks strict UCI now: `uci` sent and no
 * DropfourExtensions. */
static inline bool
eng_strict(const struct eng *g)
{
	return g->uci && !g->extensions;
}
/* Whether moves are written as Fairy-Stockfish's cfour writes them
 * (P@d1): UCI_Variant's default in strict UCI (from `uci` on, unless
 * DropfourExtensions brings dropfour's own protocol back), or asked for
 * with setoption UCI_Variant cfour; else dropfour's columns. */
static inline bool
eng_cfour(const struct eng *g)
{
	return g->cfour || eng_strict(g);
}
/* An error line: `error ...`, in strict UCI `info string error ...`. */
void eng_error(struct eng *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Column col played on b as a move string into buf (at least 12 bytes):
 * the column's character, or with UCI_Variant cfour P@<file><rank>, the
 * rank the row the stone lands in (1 the bottom). */
const char *eng_move(const struct eng *g, const board_t *b, int col, char *buf);
/* A move word (a column's character, or P@<file><rank>) on b: its
 * column, -1 when it names none, -2 when its rank is not where the stone
 * would land. */
int eng_parse_move(const board_t *b, const char *word);
void eng_say(struct eng *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* s (n bytes) for an error line: control bytes and backslashes as \xNN,
 * cut at about 60 characters ("..."); returns buf. */
const char *eng_quote(const char *s, size_t n, char *buf, size_t len);
/* A whole number in lo..hi, else after an error line a value below lo
 * (-1 where lo >= 0). */
long eng_number(struct eng *g, const char *what, const char *arg, long lo,
                long hi);
/* engine-cli-goargs.c: go's words and the time manager. */
/* A clock (or movetime) at or below ENGINE_AT_ONCE_MS milliseconds after
 * Move Overhead is a move at once: a search of ENGINE_AT_ONCE_S seconds,
 * no proof (the book, a win in one, a block, the shallow iterations'
 * best: each of its first iterations takes microseconds). */
#define ENGINE_AT_ONCE_MS 15
#define ENGINE_AT_ONCE_S  0.005

/* The answer's guard comes ENGINE_ANSWER_MARGIN_S before the end of the
 * search's time (at most a tenth of it): the time to write the answer
 * and for the GUI to read it. */
#define ENGINE_ANSWER_MARGIN_S 0.003

/* go's numbers not given. */
#define GO_UNSET LONG_MIN

/* go's words: flags and numbers (-1 not given). */
struct go_args {
	bool perfect, infinite, ponder;
	long depth, movetime, nodes, movestogo, mate;
	long time[2], inc[2]; /* wtime, btime; winc, binc */
	uint32_t searchmoves; /* the root's columns (bit c), 0 every one */
};
/* go's words into *a; -1 after an error line. */
int go_parse(struct eng *g, int argc, char **argv, struct go_args *a);
/* The seconds the clock gives this move: 0 no clock for the side to move,
 * -1 a move at once. */
double go_budget(const struct eng *g, const struct go_args *a);
/* When the answer is due for a search of `budget` seconds. */
double go_guard(double budget);

/* engine-cli-fen.c: Fairy-Stockfish's cfour FEN.  b's FEN into buf; and
 * a FEN's words argv[0..argc) (the board and hand, then maybe the side
 * to move and chess's fields, up to "moves") read into *out for a w x h
 * board, *used the words it took: NULL, or why not (nothing written). */
void eng_fen_write(const board_t *b, char *buf, size_t len);
const char *eng_fen_read(char **argv, int argc, int *used, int w, int h,
                         board_t *out);

/* Serve the protocol on fd until quit or its end; the exit status. */
int engine_cli_serve(const struct options *o, const struct book *book, int fd,
                     const struct eng_hooks *hooks);

/* engine-cli-go.c */
void eng_cmd_go(struct eng *g, int argc, char **argv);
void eng_cmd_analyze(struct eng *g, int argc, char **argv);
void eng_cmd_stop(struct eng *g, int argc, char **argv);
/* A stop without waiting: the search stopped and answered at once where
 * it can (go_stop_answer()); false when an exact search's result is to
 * be waited for (eng_tick() gives it when it comes). */
bool eng_stop_now(struct eng *g);
void eng_cmd_ponderhit(struct eng *g, int argc, char **argv);
/* The answer of a go with no move to give: `bestmove none ...`, in
 * strict UCI `bestmove (none)` (as Stockfish and Fairy-Stockfish). */
void eng_bestmove_none(struct eng *g);
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
void eng_cmd_d(struct eng *g, int argc, char **argv);
void eng_cmd_help(struct eng *g, int argc, char **argv);
void eng_cmd_size(struct eng *g, int argc, char **argv);
void eng_cmd_position(struct eng *g, int argc, char **argv);
void eng_cmd_moves(struct eng *g, int argc, char **argv);
void eng_cmd_setoption(struct eng *g, int argc, char **argv);

#endif
