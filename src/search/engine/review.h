/* review.h -- the review of a game: the exact value of every move.
 *
 * Given a board size and the moves of a game, review_run() works out, for
 * every ply (every move of the game):
 *
 *   before  the exact score of the position before the move, for the side
 *           making it (solve's scale, core/score.h: 0 a draw, positive a
 *           win, (W*H + 1 - m) / 2 when the winning stone is stone m + 1);
 *   after   the exact score that side keeps after the move: minus the score
 *           of the position after it, or, for a move that ends the game,
 *           the score of that result (a move that makes four: the win's
 *           score; a move that fills the board: 0);
 *   best    the columns that keep `before` (bit c for 0-based column c);
 *   change  how the move changed the outcome: kept (after == before), a
 *           win thrown to a draw or a loss, a draw to a loss, a slower win
 *           or a faster loss (after < before in every case).
 *
 * The positions are searched from the last to the first, each with an
 * exact analysis of every column (search_limits.analyze), in one `struct
 * search` whose table is kept from ply to ply: the later positions' values
 * answer most of the earlier searches.  The opening book, when the limits
 * name one (search_limits.book), answers its positions at once.
 *
 * Threads: review_run() blocks the calling thread (run it on a worker
 * thread in an interactive program).  `progress`, when given, is called on
 * that same thread after each ply is done, with the ply's finished record:
 * the plies arrive from the last to the first.  Setting `*stop` (from any
 * thread) ends the review within milliseconds; review_run() then returns
 * REVIEW_STOPPED and the plies not done keep done == false.  The review
 * never prints.
 *
 * Typical use (the curses game after a game, on its worker thread):
 *
 *     struct review_params p;
 *     review_params_default(&p);
 *     p.limits.threads = 2;
 *     p.limits.book = book;         // or NULL
 *     p.limits.stop = &cancel;      // struct search_stop, requested by the UI
 *     p.progress = on_ply;          // redraw the chart, done / total
 *     p.arg = ui;
 *     struct review_ply plies[BOARD_MAX_CELLS];
 *     struct search *s = search_new(64, NULL, 0);
 *     enum review_status st = review_run(s, 7, 6, moves, n, &p, plies);
 *     search_free(s);
 */
#ifndef DROPFOUR_REVIEW_H
#define DROPFOUR_REVIEW_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "search/search.h"

/* How a move changed the value of the game for the side that made it. */
enum review_change {
	REVIEW_KEPT = 0,     /* a best move: after == before */
	REVIEW_WIN_TO_DRAW,  /* a won position thrown to a draw */
	REVIEW_WIN_TO_LOSS,  /* ... to a loss */
	REVIEW_DRAW_TO_LOSS, /* a drawn position thrown to a loss */
	REVIEW_SLOWER_WIN,   /* still a win, but a longer one */
	REVIEW_FASTER_LOSS,  /* still a loss, but a shorter one */
	REVIEW_NCHANGES
};

/* One move of the game, reviewed. */
struct review_ply {
	int ply;       /* 1-based: the ply-th stone of the game */
	int col;       /* the column played, 0-based */
	int before;    /* exact, for the mover, before the move */
	int after;     /* exact, for the mover, after the move */
	uint16_t best; /* bit c: column c keeps `before` */
	enum review_change change;
	bool ends;      /* the move makes four or fills the board */
	bool book;      /* `before` is the book's (the position is in it) */
	bool done;      /* filled in (false for plies a stop left undone) */
	uint64_t nodes; /* searched for this ply */
	double seconds;
};

struct review_params {
	/* Threads, split, ordering and book as for an exact search (mode,
	 * analyze, time and node limits are set by the review itself);
	 * limits.stop, when set, ends the review early (search.h's token). */
	struct search_limits limits;
	/* Optional, on the calling thread after every ply: `done` plies of
	 * `total` finished, `p` the one just finished. */
	void (*progress)(void *arg, int done, int total,
	                 const struct review_ply *p);
	void *arg;
};

enum review_status {
	REVIEW_OK = 0,
	REVIEW_STOPPED,   /* *stop was set: some plies are not done */
	REVIEW_BAD_MOVES, /* a move is illegal (see review_check()) */
};

/* Exact limits on one thread, no book, no stop, no progress. */
void review_params_default(struct review_params *p);

/* Whether moves[0..n) (0-based columns) is a game that can be played on a
 * w x h board: BOARD_OK, or the error of the first bad move and its index
 * in *bad.  The size must pass board_size_error(). */
enum board_err review_check(int w, int h, const int *moves, int n, int *bad);

/* Review the game moves[0..n) on a w x h board into out[0..n) (out[i] is
 * ply i + 1).  s is any search (its table is used and kept; a table for
 * another kind of search or board size is cleared).  Returns REVIEW_OK
 * with every ply done, REVIEW_STOPPED, or REVIEW_BAD_MOVES with nothing
 * searched. */
enum review_status review_run(struct search *s, int w, int h, const int *moves,
                              int n, const struct review_params *p,
                              struct review_ply *out);

/* The change of a move from its two scores. */
enum review_change review_classify(int before, int after);
/* "kept", "win-to-draw", "win-to-loss", "draw-to-loss", "slower-win",
 * "faster-loss": the words of the JSON output. */
const char *review_change_word(enum review_change c);
/* For people: "threw the win to a draw", ... ("" for REVIEW_KEPT). */
const char *review_change_words(enum review_change c);

#endif
