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
#include "search/level.h"
#include "search/settings.h"

/* The protocol's version in `uci`'s answer: 1 is the one
 * docs/engine-protocol.md describes. */
#define ENGINE_PROTOCOL 1

void
eng_cmd_uci(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	eng_say(g, "id name dropfour %s", PACKAGE_VERSION);
	eng_say(g, "id author the dropfour developers");
	eng_say(g, "option name Threads type spin default %d min 1 max %d",
	        g->threads, STATS_MAX_THREADS);
	eng_say(g, "option name Hash type spin default %zu min 1 max %ld",
	        g->hash_mb, 1L << 20);
	eng_say(g, "option name Book type string default %s",
	        g->book != NULL ? "<attached>" : "<empty>");
	eng_say(g, "option name MultiPV type spin default 1 min 1 max %d",
	        g->pos.w);
	char vars[256];
	level_names(vars, sizeof vars, " var ", "");
	eng_say(g, "option name Level type combo default %s var none%s",
	        g->level >= 0 ? levels[g->level].name : "none", vars);
	eng_say(g, "protocol %d", ENGINE_PROTOCOL);
	eng_say(g, "uciok");
}

void
eng_cmd_ucinewgame(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	board_init(&g->pos, g->pos.w, g->pos.h);
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
		eng_say(g, "error debug: expected on or off");
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
	eng_finish(g);
	g->quit = true;
}

void
eng_cmd_size(struct eng *g, int argc, char **argv)
{
	if (argc != 3) {
		eng_say(g, "error size: expected size W H");
		return;
	}
	long w = eng_number(g, "size", argv[1], 1, 1000);
	long h = w < 0 ? -1 : eng_number(g, "size", argv[2], 1, 1000);
	if (w < 0 || h < 0)
		return;
	const char *why = board_size_error((int)w, (int)h);
	if (why != NULL) {
		eng_say(g, "error size %ldx%ld: %s", w, h, why);
		return;
	}
	board_init(&g->pos, (int)w, (int)h);
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

/* Play the move strings argv[0..argc-1] (each one or more columns) on b;
 * -1 after an error line. */
static int
pos_play(struct eng *g, board_t *b, int argc, char **argv)
{
	for (int i = 0; i < argc; i++) {
		char q[96];
		for (const char *m = argv[i]; *m; m++) {
			int c = board_char_col((unsigned char)*m);
			const char *why = c < 0 || c >= b->w ? "no such column"
			                  : b->over ? "the game is over"
			                  : !board_can_play(b, c)
			                      ? "the column is full"
			                      : NULL;
			if (why != NULL) {
				eng_say(g, "error position: move '%s': %s",
				        eng_quote(argv[i], strlen(argv[i]), q,
				                  sizeof q),
				        why);
				return -1;
			}
			board_play(b, c);
		}
	}
	return 0;
}

/* position [startpos | - | MOVES] [moves M1 M2 ...] */
void
eng_cmd_position(struct eng *g, int argc, char **argv)
{
	board_t b;
	int i = 1;
	char q[96];
	board_init(&b, g->pos.w, g->pos.h);
	if (i < argc && strcmp(argv[i], "moves") != 0) {
		const char *moves = argv[i++];
		size_t at = 0;
		if (strcmp(moves, "startpos") == 0 || strcmp(moves, "-") == 0)
			moves = "";
		enum board_err e =
		    board_parse(&b, g->pos.w, g->pos.h, moves, (size_t)-1, &at);
		if (e != BOARD_OK) {
			eng_say(g, "error position %s: character %zu: %s",
			        eng_quote(moves, strlen(moves), q, sizeof q),
			        at + 1,
			        e == BOARD_ERR_RANGE ? "no such column"
			                             : board_err_string(e));
			return;
		}
	}
	if (i < argc && strcmp(argv[i], "moves") != 0) {
		eng_say(g, "error position: expected position [startpos|MOVES] "
		           "[moves M1 M2 ...]");
		return;
	}
	if (i < argc && pos_play(g, &b, argc - i - 1, argv + i + 1) != 0)
		return;
	g->pos = b;
}

/* moves M1 M2 ...: play them on the current position */
void
eng_cmd_moves(struct eng *g, int argc, char **argv)
{
	board_t b = g->pos;
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
		eng_say(g, "error setoption hash: %s", why);
		return;
	}
	engine_free(g->e);
	g->hash_mb = (size_t)mb;
	g->e = output_engine_new(g->hash_mb);
}

static void
opt_book(struct eng *g, const char *arg)
{
	char err[512], q[96];
	struct book *bk = NULL;
	if (strcasecmp(arg, "none") != 0 && strcmp(arg, "<empty>") != 0) {
		if (g->hooks != NULL && g->hooks->small) {
			eng_say(g, "error setoption book: no files here");
			return;
		}
		bk = book_open(arg, err, sizeof err);
		if (bk == NULL) {
			eng_say(g, "error setoption book: %s", err);
			return;
		}
		if (book_width(bk) != g->pos.w || book_height(bk) != g->pos.h) {
			eng_say(g,
			        "error setoption book: %s holds %dx%d "
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
	eng_say(g, "error setoption level: unknown level '%s' (%s1-%d or none)",
	        eng_quote(value, n, q, sizeof q), names, LEVEL_COUNT);
}

/* setoption NAME VALUE, or UCI's setoption name NAME value VALUE; names
 * in any case. */
void
eng_cmd_setoption(struct eng *g, int argc, char **argv)
{
	const char *name = NULL, *value = NULL;
	char q[96];
	if (argc == 5 && strcasecmp(argv[1], "name") == 0 &&
	    strcasecmp(argv[3], "value") == 0) {
		name = argv[2];
		value = argv[4];
	} else if (argc == 3) {
		name = argv[1];
		value = argv[2];
	} else {
		eng_say(g, "error setoption: expected setoption name NAME "
		           "value VALUE (Threads, Hash, Book, MultiPV, Level)");
		return;
	}
	if (strcasecmp(name, "threads") == 0) {
		long t = eng_number(g, "setoption threads", value, 1,
		                    STATS_MAX_THREADS);
		if (t > 0)
			g->threads =
			    g->hooks != NULL && g->hooks->small ? 1 : (int)t;
	} else if (strcasecmp(name, "hash") == 0) {
		opt_hash(g, value);
	} else if (strcasecmp(name, "book") == 0) {
		opt_book(g, value);
	} else if (strcasecmp(name, "multipv") == 0) {
		/* up to the widest board: a narrower one gives what it has */
		long k = eng_number(g, "setoption multipv", value, 1,
		                    BOARD_MAX_WIDTH);
		if (k > 0)
			g->multipv = (int)k;
	} else if (strcasecmp(name, "level") == 0) {
		opt_level(g, value);
	} else {
		eng_say(g,
		        "error setoption: unknown option '%s' (Threads, Hash, "
		        "Book, MultiPV, Level)",
		        eng_quote(name, strlen(name), q, sizeof q));
	}
}
