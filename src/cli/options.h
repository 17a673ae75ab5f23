/* options.h -- the command line, parsed once in main() and handed to every
 * front-end and mode.  One table of options serves them all (options.c). */
#ifndef DROPFOUR_OPTIONS_H
#define DROPFOUR_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/game.h"
#include "search/search.h"

struct book;

enum run_mode {
	MODE_PLAY = 0, /* curses game, text fallback */
	MODE_TEXT,     /* --text */
	MODE_SOLVE,
	MODE_SELFPLAY,
	MODE_BENCH,
	MODE_BOOK, /* book build | info */
	MODE_STATESPACE,
	MODE_TOUR,   /* knight's tours (tour-cli.c, ui-tour.c) */
	MODE_ENGINE, /* the engine protocol (engine-cli.c) */
	MODE_REVIEW, /* the review of a game (review-cli.c) */
};

/* Who plays which side in the game front-ends. */
enum play_mode {
	PLAY_HUMAN_AI = 0, /* human first */
	PLAY_AI_HUMAN,     /* AI first */
	PLAY_AI_AI,
	PLAY_HUMAN_HUMAN,
};

#define OPTIONS_MAX_THREAD_LIST 32

/* What only the games read (the curses game, --text). */
struct options_game {
	const char *position;              /* --position MOVES */
	const char *load;                  /* --load FILE */
	enum play_mode play;               /* --mode */
	bool play_given;                   /* --mode */
	bool reduced_motion, motion_given; /* --reduced-motion */
	bool no_mouse, mouse_given;        /* --no-mouse */
	bool analysis;  /* background hints on the human's turn */
	bool no_ponder; /* perfect play: no thinking on the human's turn */
};

/* solve */
struct options_solve {
	bool weak, analyze;
};

/* bench */
struct options_bench {
	const char *csv;   /* --csv FILE */
	int repeat;        /* speedup: runs per thread count, best kept */
	bool per_position; /* speedup --per-position */
	bool tour;         /* speedup --tour */
	bool game;         /* speedup --game: the levels' searches of a game */
};

/* book build */
struct options_book_build {
	int ply;       /* --ply N; -1 not given */
	bool progress; /* --progress */
};

/* statespace */
struct options_statespace {
	size_t memory_mb;      /* --memory-mb, 0: default (half the RAM) */
	const char *tmpdir;    /* --tmpdir */
	const char *state_dir; /* --state DIR: checkpoints, resumable */
	bool keep_state;       /* --keep-state */
};

/* knight's tours: `tour`, `bench speedup --tour`, `bench tour-sample` */
struct options_tour {
	const char *from;  /* --from SQUARE or "all"; NULL: a1 */
	bool closed;       /* --closed */
	bool list;         /* --list[=N] */
	uint64_t list_max; /* N; 0 with list: every tour */
	bool watch;        /* --watch */
	bool board;        /* -W/-H name a knight's-tour board: the tour code
	                    * checks it, not board_size_error() */
};

/* The options of every mode: those that several modes share, then one
 * struct for each mode's own. */
struct options {
	enum run_mode mode;
	int width, height;
	bool width_given, height_given;
	size_t tt_mb;
	int threads; /* default: number of cores */
	bool threads_given;
	int thread_list[OPTIONS_MAX_THREAD_LIST]; /* --threads LIST */
	int nthread_list;                         /* 0: not given */
	enum split_scheme split;
	bool split_given;
	/* dropfour-mpi's one search over ranks: the ranks of a machine share
	 * one table (false), or each keeps its own (--dist-table=own); given
	 * to dropfour, a usage error. */
	bool dist_table_own;
	bool dist_table_given;
	/* --dist-machines K: the ranks of each machine split into K groups,
	 * each with a table of its own, as K machines would be (0: the
	 * machines as they are); given to dropfour, a usage error. */
	int dist_machines;
	/* --dist-upper E: between machines, the exact solver's stores of
	 * positions of at least E empty cells go to every machine's table
	 * (0: none; -1, not given: DIST_UPPER_CELLS); given to dropfour, a
	 * usage error. */
	int dist_upper;
	int split_depth; /* 0 automatic */
	/* Named levels (search/policy/level.h): level[0] for the AI of the game
	 * (and selfplay's first player), level[1] selfplay's second player;
	 * -1: none, the expert's settings (--depth, --perfect, --time). */
	int level[2];
	bool level_given;
	int depth; /* depth-limited play */
	bool depth_given;
	bool perfect;      /* exact solver for play */
	double time_limit; /* seconds per move, 0 none */
	bool eval_average; /* --eval=average */
	bool no_ordering;
	uint64_t seed;
	bool seed_given;
	int games; /* selfplay */
	/* The opening book. */
	const char *book; /* --book FILE; NULL: $DROPFOUR_BOOK or default */
	bool no_book;     /* --no-book */
	/* Output. */
	bool no_color;       /* --no-color or NO_COLOR set */
	bool ascii;          /* --ascii */
	const char *output;  /* book build -o FILE; statespace -o FILE */
	bool json;           /* --json: JSON Lines (solve, bench, review) */
	bool plain;          /* review --plain: PLY COLUMN BEFORE AFTER BEST */
	uint64_t node_limit; /* --nodes N per position; 0 none */
	const char *trace;   /* --trace FILE: the searches recorded */
	const char *frame_log; /* --frame-log FILE: the game's frames as JSON */
	/* Each mode's own. */
	struct options_game game;
	struct options_solve solve;
	struct options_bench bench;
	struct options_book_build book_build;
	struct options_statespace statespace;
	struct options_tour tour;
	/* The arguments after the options. */
	int argc;
	char **argv;      /* (in argv_copy) */
	char **argv_copy; /* the parser's own copy of argv */
	enum options_action {
		OPTIONS_RUN = 0, /* run the mode */
		OPTIONS_HELP,    /* --help: print options_usage() */
		OPTIONS_VERSION, /* --version: print options_version() */
	} action;
};

/* Parse argv, which stays as it is: 0 (o->action says whether to run the
 * mode or print the help or the version), or -1 after a cli_error() line
 * (exit CLI_EXIT_USAGE).  Either way options_free() frees what it kept. */
int options_parse(struct options *o, int argc, char **argv);
void options_free(struct options *o);
/* The --version text. */
void options_version(FILE *f);
/* The --help text of a mode (MODE_PLAY: the whole of it, with the game's
 * keys from keys(f) when not NULL). */
void options_usage(FILE *f, enum run_mode mode, void (*keys)(FILE *));

/* The most search threads the game's T key may ask for: four per core, at
 * least 8, at least --threads, at most STATS_MAX_THREADS. */
int options_game_max_threads(const struct options *o);
/* Search limits for play as the options ask: the level when one is set
 * (--level, or the game's default), else (depth or perfect, threads,
 * split, time, eval, ordering, seed). */
void options_limits(const struct options *o, const struct book *book,
                    struct search_limits *lim);
/* The same for selfplay's first (side 0) or second (side 1) player. */
void options_side_limits(const struct options *o, const struct book *book,
                         int side, struct search_limits *lim);

/* Search limits of the solver modes (solve, bench): exact or --weak, with
 * the threads, split and ordering options; solve's --time and --nodes per
 * position (no limit for bench). */
void options_solve_limits(const struct options *o, const struct book *book,
                          struct search_limits *lim);

#endif
