/* engine-cli-cmd.c -- the engine protocol's commands other than the
 * searches: the UCI handshake (uci, isready, debug, ucinewgame), the
 * position (size, position, moves), setoption and quit
 * (docs/engine-protocol.md). */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "book/book.h"
#include "cli/engine-cli-int.h"
#include "cli/output.h"
#include "search/policy/level.h"
#include "search/node/settings.h"
#include "search/node/tt.h"

/* The protocol's version in `uci`'s answer: 1 is the one
 * docs/engine-protocol.md describes. */
#define ENGINE_PROTOCOL 1

void
eng_cmd_uci(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	/* from now on every line follows UCI's grammar (eng_strict()), and
	 * moves are UCI_Variant's default, cfour's drops (P@d1) */
	g->uci = true;
	eng_say(g, "id name dropfour %s", PACKAGE_VERSION);
	eng_say(g, "id author the dropfour developers");
	for (size_t i = 0; i < eng_noptions; i++) {
		char what[512];
		eng_options[i].describe(g, what, sizeof what);
		eng_say(g, "option name %s %s", eng_options[i].name, what);
	}
	if (!eng_strict(g))
		eng_say(g, "protocol %d", ENGINE_PROTOCOL);
	/* the table's pages in before uciok, as isready does, for at most
	 * ENGINE_UCI_WARM_S (a table of gigabytes goes on after it): a go
	 * that follows at once would otherwise take their page faults, a
	 * few milliseconds each 2 MB on a busy VM */
	engine_ready_within(g->e, ENGINE_UCI_WARM_S);
	eng_say(g, "uciok");
}

void
eng_cmd_ucinewgame(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	board_init(&g->pos, g->pos.w, g->pos.h);
	g->pos_ok = true;
	engine_clear(g->e);
}

void
eng_cmd_debug(struct eng *g, int argc, char **argv)
{
	if (argc == 2 && strcmp(argv[1], "on") == 0)
		g->debug = true;
	else if (argc == 2 && strcmp(argv[1], "off") == 0)
		g->debug = false;
	else
		eng_error(g, "debug: expected on or off");
}

void
eng_cmd_isready(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	/* ready: a new table's pages in (at once while a search runs) */
	engine_ready(g->e);
	eng_say(g, "readyok");
}

void
eng_cmd_quit(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	/* after uci it comes at once (engine-cli.c) and stops the search, as
	 * UCI's "as soon as possible", its bestmove as a stop's; else it
	 * came after the search */
	eng_cmd_stop(g, 0, NULL);
	g->quit = true;
}

void
eng_cmd_size(struct eng *g, int argc, char **argv)
{
	if (argc != 3) {
		eng_error(g, "size: expected size W H");
		return;
	}
	long w = eng_number(g, "size", argv[1], 1, 1000);
	long h = w < 0 ? -1 : eng_number(g, "size", argv[2], 1, 1000);
	if (w < 0 || h < 0)
		return;
	const char *why = board_size_error((int)w, (int)h);
	if (why != NULL) {
		eng_error(g, "size %ldx%ld: %s", w, h, why);
		return;
	}
	board_init(&g->pos, (int)w, (int)h);
	g->pos_ok = true;
	engine_clear(g->e);
	if (g->book != NULL &&
	    (book_width(g->book) != w || book_height(g->book) != h)) {
		eng_say(g,
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

/* Play the move strings argv[0..argc-1] on b: each one or more columns'
 * characters, or one P@<file><rank> (eng_parse_move()); a move after
 * four in a row is refused (checked play).  -1 after an error line. */
static int
pos_play(struct eng *g, board_t *b, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		char q[96];
		const char *w = argv[i];
		size_t n = w[0] == 'P' && w[1] == '@' ? 1 : strlen(w);
		for (size_t k = 0; k < n; k++) {
			char one[2] = {w[k], '\0'};
			int c = eng_parse_move(b, n == 1 ? w : one);
			const char *why =
			    c == -2   ? "the rank is not where the stone lands"
			    : c < 0   ? "no such column"
			    : b->over ? "the game is over"
			    : !board_can_play(b, c) ? "the column is full"
			                            : NULL;
			if (why == NULL && board_play_checked(b, c) != BOARD_OK)
				why = "not a legal move";
			if (why != NULL) {
				eng_error(g, "position: move '%s': %s",
				          eng_quote(w, strlen(w), q, sizeof q),
				          why);
				return -1;
			}
		}
	}
	return 0;
}

/* position [startpos | - | MOVES | fen FEN] [moves M1 M2 ...].  A refused one
 * leaves no position: the next go errs (bestmove none) until a position
 * is set again (position, size, ucinewgame). */
void
eng_cmd_position(struct eng *g, int argc, char **argv)
{
	board_t b;
	int i = 1;
	char q[96];
	g->pos_ok = false;
	board_init(&b, g->pos.w, g->pos.h);
	if (i < argc && strcmp(argv[i], "fen") == 0) {
		int used = 0;
		const char *why = eng_fen_read(argv + i + 1, argc - i - 1,
		                               &used, g->pos.w, g->pos.h, &b);
		if (why != NULL) {
			const char *f = i + 1 < argc ? argv[i + 1] : "";
			eng_error(g, "position fen %s: %s",
			          eng_quote(f, strlen(f), q, sizeof q), why);
			return;
		}
		i += 1 + used;
	} else if (i < argc && strcmp(argv[i], "moves") != 0) {
		const char *moves = argv[i++];
		size_t at = 0;
		if (strcmp(moves, "startpos") == 0 || strcmp(moves, "-") == 0)
			moves = "";
		enum board_err e =
		    board_parse(&b, g->pos.w, g->pos.h, moves, (size_t)-1, &at);
		if (e != BOARD_OK) {
			eng_error(g, "position %s: character %zu: %s",
			          eng_quote(moves, strlen(moves), q, sizeof q),
			          at + 1,
			          e == BOARD_ERR_RANGE ? "no such column"
			                               : board_err_string(e));
			return;
		}
	}
	if (i < argc && strcmp(argv[i], "moves") != 0) {
		eng_error(g, "position: expected position [startpos|MOVES] "
		             "[moves M1 M2 ...]");
		return;
	}
	if (i < argc && pos_play(g, &b, argc - i - 1, argv + i + 1) != 0)
		return;
	g->pos = b;
	g->pos_ok = true;
}

/* moves M1 M2 ...: play them on the current position (a refused one
 * changes nothing) */
void
eng_cmd_moves(struct eng *g, int argc, char **argv)
{
	board_t b = g->pos;
	if (!g->pos_ok) {
		eng_error(g, "moves: no position (the last position command "
		             "was refused)");
		return;
	}
	if (pos_play(g, &b, argc - 1, argv + 1) == 0)
		g->pos = b;
}

static void
opt_hash(struct eng *g, const char *arg)
{
	long mb = eng_number(g, "setoption hash", arg, 1, 1L << 20);
	char why[256];
	if (mb < 0)
		return;
	if (g->hooks != NULL && g->hooks->small)
		mb = 1;
	if (search_memory_error((size_t)mb, g->threads, why, sizeof why) !=
	    NULL) {
		eng_error(g, "setoption hash: %s", why);
		return;
	}
	engine_free(g->e);
	g->hash_mb = (size_t)mb;
	g->e = output_engine_new(g->hash_mb);
	const size_t used = tt_bytes(g->hash_mb) >> 20;
	if (used != g->hash_mb)
		eng_say(g,
		        "info string Hash %zu MB rounded to a table of %zu MB "
		        "(a power of two)",
		        g->hash_mb, used);
}

static void
opt_book(struct eng *g, const char *arg)
{
	char err[512], q[96];
	struct book *bk = NULL;
	/* `uci`'s default sent back: the session's book as it was */
	if (strcmp(arg, "<attached>") == 0) {
		if (g->shipped_book == NULL) {
			eng_error(g, "setoption book: no book attached to "
			             "this session");
			return;
		}
		book_free(g->own_book);
		g->own_book = NULL;
		g->book = book_width(g->shipped_book) == g->pos.w &&
		                  book_height(g->shipped_book) == g->pos.h
		              ? g->shipped_book
		              : NULL;
		return;
	}
	if (strcasecmp(arg, "none") != 0 && strcmp(arg, "<empty>") != 0) {
		if (g->hooks != NULL && g->hooks->small) {
			eng_error(g, "setoption book: no files here");
			return;
		}
		bk = book_open(arg, err, sizeof err);
		if (bk == NULL) {
			eng_error(g, "setoption book: %s", err);
			return;
		}
		if (book_width(bk) != g->pos.w || book_height(bk) != g->pos.h) {
			eng_error(g,
			          "setoption book: %s holds %dx%d "
			          "positions, the board is %dx%d",
			          eng_quote(arg, strlen(arg), q, sizeof q),
			          book_width(bk), book_height(bk), g->pos.w,
			          g->pos.h);
			book_free(bk);
			return;
		}
	}
	book_free(g->own_book);
	g->own_book = bk;
	g->book = bk;
}

/* setoption Level: a level's name in any case, its number, or none. */
static void
opt_level(struct eng *g, const char *value)
{
	char low[16], q[96];
	size_t n = strlen(value);
	for (size_t i = 0; i < n && i < sizeof low - 1; i++)
		low[i] = (char)tolower((unsigned char)value[i]);
	low[n < sizeof low - 1 ? n : sizeof low - 1] = '\0';
	int lv = n < sizeof low ? level_find(low) : -1;
	if (lv >= 0 || (n < sizeof low && strcmp(low, "none") == 0)) {
		g->level = lv;
		return;
	}
	char names[128];
	level_names(names, sizeof names, "", ", ");
	eng_error(g, "setoption level: unknown level '%s' (%s1-%d or none)",
	          eng_quote(value, n, q, sizeof q), names, LEVEL_COUNT);
}

static void
opt_threads(struct eng *g, const char *value)
{
	long t =
	    eng_number(g, "setoption threads", value, 1, STATS_MAX_THREADS);
	if (t > 0)
		g->threads = g->hooks != NULL && g->hooks->small ? 1 : (int)t;
}

static void
opt_multipv(struct eng *g, const char *value)
{
	/* up to the widest board: a narrower one gives what it has */
	long k = eng_number(g, "setoption multipv", value, 1, BOARD_MAX_WIDTH);
	if (k > 0)
		g->multipv = (int)k;
}

/* true/false (any case), as UCI's check options */
static int
opt_bool(struct eng *g, const char *what, const char *value)
{
	char q[96];
	if (strcasecmp(value, "true") == 0)
		return 1;
	if (strcasecmp(value, "false") == 0)
		return 0;
	eng_error(g, "setoption %s: expected true or false, got '%s'", what,
	          eng_quote(value, strlen(value), q, sizeof q));
	return -1;
}

/* UCI_Variant: cfour, Fairy-Stockfish's name of Connect Four; setting
 * it writes moves as Fairy-Stockfish does (P@d1). */
static void
opt_variant(struct eng *g, const char *value)
{
	char q[96];
	if (strcasecmp(value, "cfour") != 0) {
		eng_error(g,
		          "setoption uci_variant: unknown variant '%s' (cfour)",
		          eng_quote(value, strlen(value), q, sizeof q));
		return;
	}
	g->cfour = true;
}

/* Ponder: whether the GUI may send go ponder; the engine ponders only
 * when asked, so the value changes nothing but what uci reports. */
static void
opt_ponder(struct eng *g, const char *value)
{
	int v = opt_bool(g, "ponder", value);
	if (v >= 0)
		g->ponder_option = v;
}

static void
opt_move_overhead(struct eng *g, const char *value)
{
	long ms = eng_number(g, "setoption move overhead", value, 0, 5000);
	if (ms >= 0)
		g->move_overhead_ms = (int)ms;
}

/* Clear Hash, a button: the table emptied (the next search's). */
static void
opt_clear_hash(struct eng *g, const char *value)
{
	(void)value;
	engine_clear(g->e);
}

/* VariantPath: Fairy-Stockfish's file of variant definitions.  The rules
 * of cfour are built in here, so it is read by nothing. */
static void
opt_variant_path(struct eng *g, const char *value)
{
	(void)value;
	eng_say(g, "info string VariantPath ignored: cfour is built in");
}

static void
opt_extensions(struct eng *g, const char *value)
{
	int v = opt_bool(g, "dropfourextensions", value);
	if (v >= 0)
		g->extensions = v;
}

static void
describe_threads(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type spin default %d min 1 max %d", g->threads,
	         STATS_MAX_THREADS);
}

static void
describe_hash(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type spin default %zu min 1 max %ld", g->hash_mb,
	         1L << 20);
}

static void
describe_book(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type string default %s",
	         g->book != NULL && g->book == g->shipped_book ? "<attached>"
	         : g->book != NULL                             ? "<file>"
	                                                       : "<empty>");
}

static void
describe_multipv(const struct eng *g, char *buf, size_t len)
{
	(void)g;
	snprintf(buf, len, "type spin default 1 min 1 max %d", BOARD_MAX_WIDTH);
}

static void
describe_level(const struct eng *g, char *buf, size_t len)
{
	char vars[256];
	level_names(vars, sizeof vars, " var ", "");
	snprintf(buf, len, "type combo default %s var none%s",
	         g->level >= 0 ? levels[g->level].name : "none", vars);
}

static void
describe_variant(const struct eng *g, char *buf, size_t len)
{
	(void)g;
	snprintf(buf, len, "type combo default cfour var cfour");
}

static void
describe_ponder(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type check default %s",
	         g->ponder_option ? "true" : "false");
}

static void
describe_move_overhead(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type spin default %d min 0 max 5000",
	         g->move_overhead_ms);
}

static void
describe_button(const struct eng *g, char *buf, size_t len)
{
	(void)g;
	snprintf(buf, len, "type button");
}

static void
describe_variant_path(const struct eng *g, char *buf, size_t len)
{
	(void)g;
	snprintf(buf, len, "type string default <empty>");
}

static void
describe_extensions(const struct eng *g, char *buf, size_t len)
{
	snprintf(buf, len, "type check default %s",
	         g->extensions ? "true" : "false");
}

/* The one table of the engine's options: `uci` lists them in this order,
 * setoption finds them here (names in any case), docs/engine-protocol.md
 * and `engine --help` are checked against `uci`'s lines by
 * tests/engine.sh. */
const struct eng_option eng_options[] = {
    {"Threads", describe_threads, opt_threads},
    {"Hash", describe_hash, opt_hash},
    {"Book", describe_book, opt_book},
    {"MultiPV", describe_multipv, opt_multipv},
    {"Level", describe_level, opt_level},
    {"Ponder", describe_ponder, opt_ponder},
    {"Move Overhead", describe_move_overhead, opt_move_overhead},
    {"Clear Hash", describe_button, opt_clear_hash},
    {"UCI_Variant", describe_variant, opt_variant},
    {"VariantPath", describe_variant_path, opt_variant_path},
    {"DropfourExtensions", describe_extensions, opt_extensions},
};
const size_t eng_noptions = sizeof eng_options / sizeof eng_options[0];

/* The options' names for error lines: "Threads, Hash, ..." */
static const char *
option_names(char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (size_t i = 0; i < eng_noptions && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? ", " : "",
		                      eng_options[i].name);
	return buf;
}

/* The words argv[from..to) joined by single spaces into buf. */
static const char *
join_words(char **argv, int from, int to, char *buf, size_t len)
{
	size_t n = 0;
	buf[0] = '\0';
	for (int i = from; i < to && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
		                      i > from ? " " : "", argv[i]);
	return buf;
}

/* setoption NAME VALUE, or UCI's setoption name NAME [value VALUE]
 * (a name or a value of several words: "Move Overhead"; a button has no
 * value); names in any case. */
void
eng_cmd_setoption(struct eng *g, int argc, char **argv)
{
	char q[96], names[256], name[256], value[1024];
	bool have_value = false;
	if (argc >= 3 && strcasecmp(argv[1], "name") == 0) {
		int v = 2;
		while (v < argc && strcasecmp(argv[v], "value") != 0)
			v++;
		join_words(argv, 2, v, name, sizeof name);
		if (v < argc) {
			join_words(argv, v + 1, argc, value, sizeof value);
			have_value = true;
		}
	} else if (argc == 3) {
		join_words(argv, 1, 2, name, sizeof name);
		join_words(argv, 2, 3, value, sizeof value);
		have_value = true;
	} else {
		eng_error(g,
		          "setoption: expected setoption name NAME value VALUE "
		          "(%s)",
		          option_names(names, sizeof names));
		return;
	}
	for (size_t i = 0; i < eng_noptions; i++) {
		if (strcasecmp(name, eng_options[i].name) != 0)
			continue;
		const bool button = eng_options[i].describe == describe_button;
		if (!have_value && !button) {
			eng_error(g, "setoption %s: expected a value",
			          eng_options[i].name);
			return;
		}
		eng_options[i].set(g, have_value ? value : "");
		return;
	}
	eng_error(g, "setoption: unknown option '%s' (%s)",
	          eng_quote(name, strlen(name), q, sizeof q),
	          option_names(names, sizeof names));
}
