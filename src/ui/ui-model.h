/* ui-model.h -- the panel's model of one frame: what the panel, the
 * board's column scores and the frame log (--frame-log) show, built once
 * per frame by ui_model_build() (ui-model.c) from one search's snapshot
 * and the state the UI keeps for that search only.  The drawing code
 * reads this and nothing else of the search, so every value of a frame
 * comes from the search the frame names, with its origin beside it
 * (docs/panel.md, "The model").
 */
#ifndef DROPFOUR_UI_MODEL_H
#define DROPFOUR_UI_MODEL_H

#include <stdbool.h>
#include <stdint.h>

#include "core/board.h"
#include "core/score.h"
#include "search/node/stats.h"

struct ui_timeline;

/* Which search a frame shows. */
enum model_kind {
	MODEL_NONE = 0, /* no search yet (or none since the last new game) */
	MODEL_MOVE,     /* the AI's move */
	MODEL_HINT,
	MODEL_ANALYSIS,
};

/* The proof beside the depth-limited search: its states only go
 * forward, none -> proving -> proven or gave up. */
enum model_proof {
	MODEL_PROOF_NONE = 0,
	MODEL_PROOF_PROVING,
	MODEL_PROOF_PROVEN,
	MODEL_PROOF_GAVE_UP,
};

/* A root row's state: the search's (enum col_state), and the panel's own
 * two. */
#define MODEL_COL_UNFINISHED (COL_SKIPPED + 1) /* the search ended first */
#define MODEL_COL_BOOK       (COL_SKIPPED + 2) /* the book's exact value */

struct model_column {
	int state; /* enum col_state or MODEL_COL_* */
	enum score_kind kind;
	int score;
	int depth;  /* the iteration of the score, 0: exact or none */
	bool stale; /* older than the newest iteration of the rows: dimmed
	             * and labelled "from depth N" */
	uint64_t nodes;
	int threads; /* search threads working under it now */
};

/* A thread row: where it works now. */
struct model_thread {
	double recent; /* busy over this search's last second */
	bool proof;    /* a thread of the proof beside the search (pN) */
	bool active;   /* busy in the newest interval of this search */
	int col;       /* root column it works under (-1 the root), when
	                * active and not the proof's */
	int ply;
	char where[12]; /* "c4 p7", "root", "idle", "proof", "-" */
};

/* The speed's factors over the search's own threads (never the proof's),
 * against one thread of the same search on the same position (on), or
 * only the threads and their busy share (threads > 0, !on). */
struct model_factors {
	bool on;
	int threads;
	double busy, speed, product;
	double base;    /* one thread's rate */
	bool here;      /* measured on the position searched */
	double session; /* the session's one-thread rate (0 none) */
	bool exact;     /* the kind of the search and of the base */
	bool unfair;    /* the base gave more than the cores can: measured
	                 * under other load, and not compared */
};

struct panel_model {
	uint64_t frame; /* frames drawn so far, this one included */
	enum model_kind kind;
	bool running;       /* the search is still on */
	bool hidden;        /* a ponder is on: the scores are the AI's */
	bool restarted;     /* the search is a restart of the AI's think */
	bool stopped;       /* it ended without an answer (cancelled) */
	const char *source; /* "book" or "table": no search chose the move */
	int ply;            /* the move number of the position searched */
	uint64_t id;        /* the search's number (stats `searches`) */
	double elapsed;     /* the search's own time */
	/* The snapshot, the proof's threads appended as its last rows. */
	struct stats_snapshot s;
	int search_rows; /* s.nthreads - s.beside_rows */
	struct model_thread th[STATS_MAX_THREADS];
	/* The root rows, of the position searched (root). */
	board_t root;
	bool have_root;
	int ncols, newest_depth;
	struct model_column col[BOARD_MAX_WIDTH];
	/* The proof beside the search. */
	enum model_proof proof;
	int proof_threads;
	double proof_s;
	uint64_t proof_nodes;
	struct model_factors f;
	/* The timeline of this search, NULL: none of it. */
	const struct ui_timeline *tl;
	/* The move played against the search (the AI's move). */
	const char *why, *why_short;
	/* The board's scores under the columns: from these rows (the same
	 * values), or from a finished result of the position on the
	 * board. */
	bool board_live;
	/* What the title says the frame shows: "AI's move 7, done in
	 * 0.88s", "hint 0.4s", "thinking 1.2s": a finished search is named
	 * as done, one without a search as such. */
	char label[128];
	/* The same in fewer words, for a title too narrow for label
	 * ("AI's move 7: book" for "AI's move 7 from the book, no
	 * search"); the words are label's own. */
	char label_short[128];
};

#endif
