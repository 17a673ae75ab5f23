/* options.c -- the command line: one table of options (opts[]) from which
 * getopt's long options, the short-option string, every --help and the
 * check that an option applies to its mode are all made, and one table of
 * mode words (modes[]). */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "book/book.h"
#include "cli/options.h"
#include "cli/output.h"
#include "core/util.h"
#include "search/level.h"
#include "search/settings.h"

/* ---- the modes ----------------------------------------------------------
 */

#define M(mode)  (1u << (mode))
#define M_GAME   (M(MODE_PLAY) | M(MODE_TEXT))
#define M_PLAYS  (M_GAME | M(MODE_SELFPLAY))
#define M_SEARCH (M_PLAYS | M(MODE_SOLVE) | M(MODE_BENCH) | M(MODE_REVIEW))
#define M_ALL    0xffffu

/* A mode word, its usage lines and what it prints (its --help). */
static const struct mode_def {
	const char *word; /* NULL: the game (no word) */
	enum run_mode mode;
	const char *usage; /* lines after "Usage: dropfour " / "  or:  " */
	const char *about; /* below the mode's options in its --help */
} modes[] = {
    {
        .word = NULL,
        .mode = MODE_PLAY,
        .usage = "[OPTION]...                 play in the terminal\n"
                 "--text [OPTION]...          play with plain lines of "
                 "text\n",
        .about = "In --text mode type a column, or u undo, r redo, b board,\n"
                 "w FILE save, h help, q quit.\n",
    },
    {
        .word = "solve",
        .mode = MODE_SOLVE,
        .usage = "solve [OPTION]... [FILE]    solve positions, one per line\n",
        .about = "Prints '<position> <score> <nodes> <microseconds>' per line "
                 "('-' for the\nempty position).  Reads FILE or standard "
                 "input.\n",
    },
    {
        .word = "selfplay",
        .mode = MODE_SELFPLAY,
        .usage = "selfplay [OPTION]...        AI against AI, no screen\n",
        .about = "Prints every move, one 'result: ...' line per game and a "
                 "summary.\n",
    },
    {
        .word = "bench",
        .mode = MODE_BENCH,
        .usage = "bench solve FILE...         solver benchmark on test sets\n"
                 "bench speedup [FILE]        parallel speedup and "
                 "efficiency\n"
                 "bench ordering [POSITION]... move ordering on and off\n"
                 "bench speedup --tour        speedup of the tour counter\n"
                 "bench tour-sample [K]       estimate a big count (7x7)\n",
        .about =
            "bench solve FILE...: per test-set file, positions, mean time, "
            "mean\n  nodes, nodes per second and how many scores matched "
            "the file.\n"
            "bench speedup [FILE]: solves the positions once per thread "
            "count\n  (--threads LIST, default 1..max(4, cores)) and prints "
            "time, speedup,\n  efficiency, nodes, node overhead, load "
            "balance, busy time and tasks,\n  then the speedup curve.\n"
            "bench ordering [POSITION]...: deeper while a row takes under "
            "--time\n  (default 1.5 s); one thread unless --threads is "
            "given.\n"
            "bench speedup --tour [-W W -H H]: every tour of the board "
            "(default\n  6x6, all starts) once per thread count.\n"
            "bench tour-sample [K] [-W W -H H] [--split-depth L] [--seed "
            "S]: counts\n  K (default 200) random prefixes of L (9) squares "
            "(default 7x7, all\n  starts) and estimates the whole count, its "
            "work and its time on 1 to 64\n  machines of 16 cores.\n",
    },
    {
        .word = "book",
        .mode = MODE_BOOK,
        .usage = "book build --ply N [-o FILE] build an opening book\n"
                 "book info FILE              check a book, print its "
                 "header\n",
        .about = "FILE.journal keeps solved positions: run the same build "
                 "again to\ncontinue a stopped one.\n",
    },
    {
        .word = "statespace",
        .mode = MODE_STATESPACE,
        .usage = "statespace [OPTION]...      every position of a small "
                 "board,\n"
                 "                                            counted and "
                 "solved\n",
        .about =
            "Boards of at most 63 bits (width * (height + 1) <= 63).  "
            "Builds every\nposition reachable from the empty board ply by "
            "ply (each once; mirror\nimages distinct; finished games "
            "counted, not expanded), then values\nevery one exactly, from "
            "the last ply back (the scale of solve).  Prints\none row per "
            "ply: positions, terminal, won, drawn and lost for the side "
            "to\nmove, the time of each pass; then the pass rates, the peak "
            "memory, the\nempty board's value and the totals.\n",
    },
    {
        .word = "tour",
        .mode = MODE_TOUR,
        .usage = "tour [OPTION]...            count knight's tours\n",
        .about = "Boards up to 8x8, default -W 4 -H 7.  Prints the tours per "
                 "first move,\nper-thread nodes and tours, nodes per second "
                 "and time; the last line\nreads 'tours N'.\n",
    },
    {
        .word = "engine",
        .mode = MODE_ENGINE,
        .usage = "engine [OPTION]...          the engine protocol on standard "
                 "input\n",
        .about = "Reads commands line by line (size W H, position MOVES, go "
                 "perfect |\ndepth N | movetime MS | infinite, stop, analyze, "
                 "isready, setoption\nthreads N | hash MB | book FILE|none, "
                 "quit) and answers on standard\noutput: info lines while it "
                 "searches, then 'bestmove C score S'.\nSee "
                 "docs/engine-protocol.md.\n",
    },
    {
        .word = "review",
        .mode = MODE_REVIEW,
        .usage = "review [OPTION]... [FILE|MOVES]\n"
                 "                            the exact value of every move "
                 "of a game\n",
        .about =
            "Reviews a game: MOVES such as 4453, or a FILE saved by the game "
            "(w,\n--load) or holding the moves on its first line; '-' or "
            "nothing reads\nstandard input.  Draws the exact score after "
            "every move (the first\nplayer's view), marks the moves that "
            "changed the outcome and names the\nbest columns there.  "
            "--plain prints 'PLY COLUMN BEFORE AFTER BEST' per\nmove "
            "(scores for the side making the move, as solve gives them;\n"
            "BEST the columns that keep BEFORE); --json one JSON object per "
            "move.\n",
    },
    {
        .word = "play",
        .mode = MODE_PLAY,
    },
};

#define NMODES (sizeof modes / sizeof modes[0])

static const struct mode_def *
mode_find(enum run_mode m)
{
	for (size_t i = 0; i < NMODES; i++)
		if (modes[i].mode == m && modes[i].usage != NULL)
			return &modes[i];
	return &modes[0];
}

/* ---- the options ----------------------------------------------------------
 */

/* How an option's argument is read. */
enum opt_kind {
	OPT_FLAG,   /* sets the bool at .field */
	OPT_STRING, /* keeps the argument at .field */
	OPT_INT,    /* an int in .lo..hi at .field */
	OPT_SIZE,   /* a size_t in .lo..hi at .field */
	OPT_CUSTOM, /* .parse() */
};

struct opt_def {
	const char *name;
	char short_name; /* 0: long only */
	enum opt_kind kind;
	int has_arg;     /* getopt's no_argument, ... */
	const char *arg; /* the argument's name in --help */
	unsigned modes;  /* where it applies */
	size_t field;    /* offsetof(struct options, ...) */
	size_t given;    /* a bool set when the option is given; 0 none */
	long lo, hi;
	const char *why; /* what a bad argument is told */
	int (*parse)(struct options *o, const char *arg);
	const char *help;  /* "\n" starts a continuation line */
	const char *group; /* the heading in the whole --help */
};

static int parse_threads(struct options *o, const char *arg);
static int parse_split(struct options *o, const char *arg);
static int parse_time(struct options *o, const char *arg);
static int parse_eval(struct options *o, const char *arg);
static int parse_seed(struct options *o, const char *arg);
static int parse_mode(struct options *o, const char *arg);
static int parse_list(struct options *o, const char *arg);
static int parse_depth(struct options *o, const char *arg);
static int parse_text(struct options *o, const char *arg);
static int parse_book(struct options *o, const char *arg);
static int parse_level(struct options *o, const char *arg);
static int parse_nodes(struct options *o, const char *arg);

#define F(field) offsetof(struct options, field)

static const char G_BOARD[] = "Board and search";
static const char G_GAME[] = "Game";
static const char G_SOLVE[] = "solve";
static const char G_SELFPLAY[] = "selfplay";
static const char G_BENCH[] = "bench";
static const char G_BOOK[] = "book build";
static const char G_STATESPACE[] = "statespace";
static const char G_TOUR[] = "tour";
static const char G_REVIEW[] = "review";

static const struct opt_def opts[] = {
    /* Board and search */
    {.name = "width",
     .short_name = 'W',
     .kind = OPT_INT,
     .arg = "W",
     .modes = M_ALL,
     .field = F(width),
     .given = F(width_given),
     .lo = 1,
     .hi = 1000,
     .why = "not a number",
     .help = "board width, 4..16 (default 7); columns 10..16 are\n"
             "a..g in move strings",
     .group = G_BOARD},
    {.name = "height",
     .short_name = 'H',
     .kind = OPT_INT,
     .arg = "H",
     .modes = M_ALL,
     .field = F(height),
     .given = F(height_given),
     .lo = 1,
     .hi = 1000,
     .why = "not a number",
     .help = "board height, at least 4, width*(height+1) <= 128\n"
             "(default 6); book, statespace and dropfour-mpi: <= 64",
     .group = G_BOARD},
    {.name = "depth",
     .short_name = 'd',
     .kind = OPT_CUSTOM,
     .arg = "D",
     .modes = M_PLAYS | M(MODE_BENCH),
     .parse = parse_depth,
     .help = "depth-limited play: search D plies (default "
             "12)",
     .group = G_BOARD},
    {.name = "level",
     .short_name = 'l',
     .kind = OPT_CUSTOM,
     .arg = "NAME",
     .modes = M_PLAYS,
     .parse = parse_level,
     .help = "the AI's strength: beginner, casual, club (the\ndefault), "
             "strong, expert or perfect (or 1-6);\nselfplay: A,B for the "
             "first and second player",
     .group = G_BOARD},
    {.name = "perfect",
     .short_name = 'p',
     .kind = OPT_FLAG,
     .modes = M_PLAYS | M(MODE_BENCH),
     .field = F(perfect),
     .help = "perfect play: the exact solver",
     .group = G_BOARD},
    {.name = "threads",
     .short_name = 'j',
     .kind = OPT_CUSTOM,
     .arg = "T",
     .modes = M_ALL,
     .parse = parse_threads,
     .help = "search threads (default: the number of cores);\nfor bench "
             "speedup a list such as 1,2,3,4; for\nselfplay a list used "
             "move by move, in turn",
     .group = G_BOARD},
    {.name = "split",
     .kind = OPT_CUSTOM,
     .arg = "SCHEME",
     .modes = M_SEARCH,
     .parse = parse_split,
     .help = "deep (default, measured fastest: young brothers\nwait at every "
             "level, idle threads join split\npoints), root (one task per "
             "root column) or lazy\n(shared-table SMP)",
     .group = G_BOARD},
    {.name = "split-depth",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M_SEARCH | M(MODE_TOUR),
     .field = F(split_depth),
     .lo = 1,
     .hi = 40,
     .why = "must be 1..40",
     .help = "plies below the root where nodes may split\n(default: any for "
             "the solver, 8 for depth play;\ntour: moves below the start "
             "that spawn tasks, 5)",
     .group = G_BOARD},
    {.name = "time",
     .short_name = 't',
     .kind = OPT_CUSTOM,
     .arg = "S",
     .modes = M_PLAYS | M(MODE_BENCH) | M(MODE_SOLVE),
     .parse = parse_time,
     .help = "think at most S seconds per move (iterative\ndeepening; no "
             "new iteration past half of S);\nsolve: per position, the line "
             "then marked\n'partial' with a bound (>=S, <=S) or '?'",
     .group = G_BOARD},
    {.name = "eval",
     .kind = OPT_CUSTOM,
     .arg = "KIND",
     .modes = M_PLAYS,
     .parse = parse_eval,
     .help = "heuristic (default) or average (averaged outcomes;\nno "
             "pruning: depth 8 unless --depth is given)",
     .group = G_BOARD},
    {.name = "no-ordering",
     .kind = OPT_FLAG,
     .modes = M_SEARCH,
     .field = F(no_ordering),
     .help = "search moves centre first, without threat ordering",
     .group = G_BOARD},
    {.name = "seed",
     .kind = OPT_CUSTOM,
     .arg = "N",
     .modes = M_PLAYS | M(MODE_BENCH),
     .parse = parse_seed,
     .help = "random tie-break among equal moves (self-play:\nthe first "
             "game's, default 1; game i uses N+i)",
     .group = G_BOARD},
    {.name = "tt-mb",
     .short_name = 'm',
     .kind = OPT_SIZE,
     .arg = "M",
     .modes = M_SEARCH | M(MODE_BOOK) | M(MODE_ENGINE),
     .field = F(tt_mb),
     .lo = 1,
     .hi = 1L << 20,
     .why = "must be a number of megabytes",
     .help = "transposition table size in MB (default 256)",
     .group = G_BOARD},
    {.name = "book",
     .kind = OPT_CUSTOM,
     .arg = "FILE",
     .modes = M_PLAYS | M(MODE_SOLVE) | M(MODE_ENGINE) | M(MODE_REVIEW),
     .parse = parse_book,
     .help = "opening book for solve, review, selfplay, perfect\nplay, "
             "hints and analysis (default:\n$DROPFOUR_BOOK, else the "
             "shipped 7x6 book)",
     .group = G_BOARD},
    {.name = "no-book",
     .kind = OPT_FLAG,
     .modes = M_PLAYS | M(MODE_SOLVE) | M(MODE_BENCH) | M(MODE_ENGINE) |
              M(MODE_REVIEW),
     .field = F(no_book),
     .help = "use no opening book",
     .group = G_BOARD},
    /* Game */
    {.name = "mode",
     .kind = OPT_CUSTOM,
     .arg = "MODE",
     .modes = M_GAME,
     .given = F(play_given),
     .parse = parse_mode,
     .help = "human-ai (default), ai-human, ai-ai, human-human",
     .group = G_GAME},
    {.name = "position",
     .kind = OPT_STRING,
     .arg = "MOVES",
     .modes = M_PLAYS,
     .field = F(position),
     .help = "start from this position",
     .group = G_GAME},
    {.name = "load",
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M_PLAYS,
     .field = F(load),
     .help = "load a saved game",
     .group = G_GAME},
    {.name = "analysis",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(analysis),
     .help = "show the engine's column scores on your turn",
     .group = G_GAME},
    {.name = "no-ponder",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(no_ponder),
     .help = "perfect play: the AI does not think on your turn\n(by default "
             "it does, its scores hidden, so it\nanswers at once)",
     .group = G_GAME},
    {.name = "text",
     .kind = OPT_CUSTOM,
     .has_arg = no_argument,
     .modes = M_GAME,
     .parse = parse_text,
     .help = "plain line-based game (also used when stdin or\nstdout is not "
             "a terminal, or TERM is dumb)",
     .group = G_GAME},
    {.name = "no-color",
     .kind = OPT_FLAG,
     .modes = M_GAME | M(MODE_TOUR),
     .field = F(no_color),
     .help = "monochrome (also when NO_COLOR is set)",
     .group = G_GAME},
    {.name = "no-colour",
     .kind = OPT_FLAG,
     .modes = M_GAME | M(MODE_TOUR),
     .field = F(no_color),
     .help = NULL,
     .group = G_GAME},
    {.name = "reduced-motion",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(reduced_motion),
     .given = F(motion_given),
     .help = "no falling tokens, no spinners (also the 'motion'\nsetting "
             "of the settings file)",
     .group = G_GAME},
    {.name = "no-mouse",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(no_mouse),
     .given = F(mouse_given),
     .help = "leave the mouse to the terminal (select and copy)",
     .group = G_GAME},
    {.name = "ascii",
     .kind = OPT_FLAG,
     .modes = M_GAME | M(MODE_TOUR),
     .field = F(ascii),
     .help = "ASCII tokens and borders only",
     .group = G_GAME},
    /* solve */
    {.name = "weak",
     .kind = OPT_FLAG,
     .modes = M(MODE_SOLVE) | M(MODE_BENCH),
     .field = F(weak),
     .help = "only win (1), draw (0) or loss (-1)",
     .group = G_SOLVE},
    {.name = "analyze",
     .kind = OPT_FLAG,
     .modes = M(MODE_SOLVE),
     .field = F(analyze),
     .help = "print the score of every column ('-' if full)",
     .group = G_SOLVE},
    /* selfplay */
    {.name = "games",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M(MODE_SELFPLAY),
     .field = F(games),
     .lo = 1,
     .hi = 1000000,
     .why = "must be a positive number",
     .help = "number of games (default 1)",
     .group = G_SELFPLAY},
    /* bench */
    {.name = "csv",
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M(MODE_BENCH),
     .field = F(csv),
     .help = "also write the table as CSV",
     .group = G_BENCH},
    {.name = "repeat",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M(MODE_BENCH),
     .field = F(repeat),
     .lo = 1,
     .hi = 1000,
     .why = "must be 1..1000",
     .help = "bench speedup: run every position at every thread\ncount, in "
             "turn, N times and keep each one's fastest\nrun (default 1; for "
             "noisy machines)",
     .group = G_BENCH},
    {.name = "per-position",
     .kind = OPT_FLAG,
     .modes = M(MODE_BENCH),
     .field = F(per_position),
     .help = "bench speedup: also each position's fastest run\nat "
             "every thread count (time, speedup, nodes,\noverhead, busy)",
     .group = G_BENCH},
    {.name = "tour",
     .kind = OPT_FLAG,
     .modes = M(MODE_BENCH),
     .field = F(tour_bench),
     .help = "bench speedup: time the knight's-tour counter",
     .group = G_BENCH},
    /* book build */
    {.name = "ply",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M(MODE_BOOK),
     .field = F(ply),
     .lo = 0,
     .hi = BOARD_MAX_CELLS,
     .why = "must be 0..64",
     .help = "every position with at most N stones (required)",
     .group = G_BOOK},
    {.name = "output",
     .short_name = 'o',
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M(MODE_BOOK) | M(MODE_STATESPACE),
     .field = F(output),
     .help = "book build: the book file (default\ndropfour-WxH-plyN.book); "
             "statespace: write the\nsolved table as a book",
     .group = G_BOOK},
    {.name = "progress",
     .kind = OPT_FLAG,
     .modes = M(MODE_BOOK),
     .field = F(progress),
     .help = "draw the progress line even when standard error\nis not a "
             "terminal (dropfour-mpi's rank 0)",
     .group = G_BOOK},
    /* statespace */
    {.name = "memory-mb",
     .kind = OPT_SIZE,
     .arg = "M",
     .modes = M(MODE_STATESPACE),
     .field = F(memory_mb),
     .lo = 1,
     .hi = 1L << 30,
     .why = "must be a number of megabytes",
     .help = "levels in memory up to M MB, the rest in files\n(default: "
             "half of the machine's memory)",
     .group = G_STATESPACE},
    {.name = "tmpdir",
     .kind = OPT_STRING,
     .arg = "DIR",
     .modes = M(MODE_STATESPACE),
     .field = F(tmpdir),
     .help = "where level files go (default $TMPDIR or /tmp);\nthey are "
             "removed as soon as they are created",
     .group = G_STATESPACE},
    {.name = "state",
     .kind = OPT_STRING,
     .arg = "DIR",
     .modes = M(MODE_STATESPACE),
     .field = F(state_dir),
     .help = "save every finished level in DIR (made if\nmissing) so that a "
             "stopped run (Ctrl-C, kill,\npower cut) goes on from there when "
             "the same\ncommand is run again; removed when the run ends",
     .group = G_STATESPACE},
    {.name = "keep-state",
     .kind = OPT_FLAG,
     .modes = M(MODE_STATESPACE),
     .field = F(keep_state),
     .help = "keep DIR after the run (a rerun then only reads)",
     .group = G_STATESPACE},
    /* tour */
    {.name = "from",
     .kind = OPT_STRING,
     .arg = "SQUARE",
     .modes = M(MODE_TOUR),
     .field = F(tour_from),
     .help = "start square, a chess name: a1 (the default) is\nthe "
             "bottom-left corner; 'all' adds up every start\n(counted once "
             "per orbit of the board's symmetry)",
     .group = G_TOUR},
    {.name = "closed",
     .kind = OPT_FLAG,
     .modes = M(MODE_TOUR),
     .field = F(tour_closed),
     .help = "only tours that end a knight's move from the start",
     .group = G_TOUR},
    {.name = "list",
     .kind = OPT_CUSTOM,
     .has_arg = optional_argument,
     .arg = "[=N]",
     .modes = M(MODE_TOUR),
     .parse = parse_list,
     .help = "print the tours (the first N) as square sequences",
     .group = G_TOUR},
    {.name = "watch",
     .kind = OPT_FLAG,
     .modes = M(MODE_TOUR),
     .field = F(tour_watch),
     .help = "a live screen: the board with one thread's path\n(t: next "
             "thread), the per-thread panel; q quits",
     .group = G_TOUR},
    /* machine-readable output, limits per position */
    {.name = "json",
     .kind = OPT_FLAG,
     .modes = M(MODE_SOLVE) | M(MODE_BENCH) | M(MODE_REVIEW),
     .field = F(json),
     .help = "solve, bench solve, bench speedup, review: one\nJSON object "
             "per line (JSON Lines) instead of text",
     .group = G_SOLVE},
    {.name = "nodes",
     .kind = OPT_CUSTOM,
     .arg = "N",
     .modes = M(MODE_SOLVE),
     .parse = parse_nodes,
     .help = "search at most about N nodes per position (the\nline then "
             "marked as with --time)",
     .group = G_SOLVE},
    /* review */
    {.name = "plain",
     .kind = OPT_FLAG,
     .modes = M(MODE_REVIEW),
     .field = F(plain),
     .help = "one line per move: PLY COLUMN BEFORE AFTER BEST",
     .group = G_REVIEW},
    /* every mode */
    {.name = "help",
     .short_name = 'h',
     .kind = OPT_CUSTOM,
     .has_arg = no_argument,
     .modes = M_ALL,
     .help = "show this help and exit (after a mode word: that\nmode's)"},
    {.name = "version",
     .short_name = 'V',
     .kind = OPT_CUSTOM,
     .has_arg = no_argument,
     .modes = M_ALL,
     .help = "show the version and exit"},
};

#define NOPTS (sizeof opts / sizeof opts[0])

static const char *const group_order[] = {
    G_BOARD, G_GAME,       G_SOLVE, G_SELFPLAY, G_BENCH,
    G_BOOK,  G_STATESPACE, G_TOUR,  G_REVIEW,
};

static bool
takes_arg(const struct opt_def *d)
{
	if (d->kind == OPT_FLAG)
		return false;
	if (d->kind == OPT_CUSTOM)
		return d->has_arg != no_argument || d->arg != NULL;
	return true;
}

static int
opt_has_arg(const struct opt_def *d)
{
	if (d->has_arg == optional_argument)
		return optional_argument;
	return takes_arg(d) ? required_argument : no_argument;
}

/* One option's lines of --help: "  -W, --width=W          board width". */
static void
usage_option(FILE *f, const struct opt_def *d)
{
	char head[64];
	const char *a = d->arg == NULL                    ? ""
	                : d->has_arg == optional_argument ? d->arg
	                                                  : NULL;
	char eq[32];
	if (a == NULL) {
		snprintf(eq, sizeof eq, "=%s", d->arg);
		a = eq;
	}
	if (d->short_name != 0)
		snprintf(head, sizeof head, "  -%c, --%s%s", d->short_name,
		         d->name, a);
	else
		snprintf(head, sizeof head, "      --%s%s", d->name, a);
	fprintf(f, "%-24s ", head);
	if (strlen(head) > 24)
		fprintf(f, "\n%25s", "");
	for (const char *p = d->help; *p != '\0'; p++) {
		fputc(*p, f);
		if (*p == '\n')
			fprintf(f, "%25s", "");
	}
	fputc('\n', f);
}

static void
usage_lines(FILE *f, const struct mode_def *m, bool *first)
{
	const char *p = m->usage;
	while (p != NULL && *p != '\0') {
		const char *nl = strchr(p, '\n');
		int len = (int)(nl ? nl - p : (ptrdiff_t)strlen(p));
		if (p[0] == ' ')
			fprintf(f, "%.*s\n", len, p);
		else
			fprintf(f, "%s dropfour %.*s\n",
			        *first ? "Usage:" : "  or: ", len, p);
		*first = false;
		p = nl ? nl + 1 : p + len;
	}
}

void
options_usage(FILE *f, enum run_mode mode, void (*keys)(FILE *))
{
	bool first = true;
	bool all = mode == MODE_PLAY;

	if (all) {
		for (size_t i = 0; i < NMODES; i++)
			usage_lines(f, &modes[i], &first);
		fputs("\nConnect Four with a task-parallel (OpenMP) alpha-beta "
		      "search that you can\nwatch thread by thread.  Positions "
		      "are written as the 1-based columns\nplayed from the "
		      "empty board, e.g. 4453.\n",
		      f);
		for (size_t g = 0; g < sizeof group_order / sizeof *group_order;
		     g++) {
			fprintf(f, "\n%s:\n", group_order[g]);
			for (size_t i = 0; i < NOPTS; i++)
				if (opts[i].group == group_order[g] &&
				    opts[i].help != NULL)
					usage_option(f, &opts[i]);
		}
		fputc('\n', f);
		for (size_t i = 0; i < NOPTS; i++)
			if (opts[i].group == NULL)
				usage_option(f, &opts[i]);
		fputc('\n', f);
		if (keys != NULL)
			keys(f);
		fputs(modes[0].about, f);
		fputs("Each mode's own options: dropfour MODE --help.  See "
		      "dropfour(6).\n",
		      f);
	} else {
		const struct mode_def *m = mode_find(mode);
		usage_lines(f, m, &first);
		fputs("\nOptions:\n", f);
		for (size_t i = 0; i < NOPTS; i++)
			if ((opts[i].modes & M(mode)) && opts[i].help != NULL)
				usage_option(f, &opts[i]);
		fputc('\n', f);
		fputs(m->about, f);
		fputs("See dropfour(6).\n", f);
	}
	fputs("\nReport bugs to: " PACKAGE_BUGREPORT "\n", f);
}

static const char *const play_names[] = {
    [PLAY_HUMAN_AI] = "human-ai",
    [PLAY_AI_HUMAN] = "ai-human",
    [PLAY_AI_AI] = "ai-ai",
    [PLAY_HUMAN_HUMAN] = "human-human",
};

static void
try_help(void)
{
	cli_try_help(NULL);
}

static int
bad(const char *opt, const char *arg, const char *why)
{
	cli_error("invalid argument '%s' for --%s: %s", arg, opt, why);
	try_help();
	return -1;
}

static int
parse_long(const char *arg, long lo, long hi, long *out)
{
	return util_parse_long(arg, lo, hi, out) ? 0 : -1;
}

static int
parse_threads(struct options *o, const char *arg)
{
	const char *p = arg;
	o->threads_given = true;
	o->nthread_list = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (errno || end == p || v < 1 || v > STATS_MAX_THREADS ||
		    o->nthread_list == OPTIONS_MAX_THREAD_LIST)
			return bad("threads", arg,
			           "must be 1..64, or a list such as 1,2,4");
		o->thread_list[o->nthread_list++] = (int)v;
		if (*end == '\0')
			break;
		if (*end != ',')
			return bad("threads", arg,
			           "must be 1..64, or a list such as 1,2,4");
		p = end + 1;
	}
	o->threads = o->thread_list[0];
	for (int i = 1; i < o->nthread_list; i++)
		if (o->thread_list[i] > o->threads)
			o->threads = o->thread_list[i];
	return 0;
}

static int
lookup(const char *const *names, int n, const char *arg)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], arg) == 0)
			return i;
	return -1;
}

static int
parse_depth(struct options *o, const char *arg)
{
	long v;
	if (parse_long(arg, 1, SEARCH_MAX_DEPTH, &v))
		return bad("depth", arg, "must be a whole number from 1 to 64");
	o->depth = (int)v;
	o->depth_given = true;
	o->perfect = false;
	return 0;
}

static int
parse_split(struct options *o, const char *arg)
{
	int i = lookup(search_split_names, SPLIT_NSCHEMES, arg);
	if (i < 0)
		return bad("split", arg, "must be deep, root or lazy");
	o->split = (enum split_scheme)i;
	o->split_given = true;
	return 0;
}

static int
parse_time(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	double d = strtod(arg, &end);
	if (errno || end == arg || *end || !(d > 0) || d > 86400)
		return bad("time", arg, "must be a positive number of seconds");
	o->time_limit = d;
	return 0;
}

static int
parse_eval(struct options *o, const char *arg)
{
	if (strcmp(arg, "average") == 0)
		o->eval_average = true;
	else if (strcmp(arg, "heuristic") == 0)
		o->eval_average = false;
	else
		return bad("eval", arg, "must be heuristic or average");
	return 0;
}

static int
parse_seed(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	/* strtoull() takes "-1" as 2^64 - 1: refuse signs. */
	unsigned long long s = strtoull(arg, &end, 10);
	if (errno || end == arg || *end || arg[strspn(arg, " \t")] == '-' ||
	    arg[strspn(arg, " \t")] == '+')
		return bad("seed", arg,
		           "must be a whole number from 0 to "
		           "18446744073709551615");
	o->seed = s;
	o->seed_given = true;
	return 0;
}

static int
parse_mode(struct options *o, const char *arg)
{
	int i = lookup(play_names, 4, arg);
	if (i < 0)
		return bad("mode", arg,
		           "must be human-ai, ai-human, ai-ai or human-human");
	o->play = (enum play_mode)i;
	return 0;
}

static int
parse_level(struct options *o, const char *arg)
{
	char first[32];
	const char *comma = strchr(arg, ',');
	size_t n = comma ? (size_t)(comma - arg) : strlen(arg);
	if (n >= sizeof first)
		n = sizeof first - 1;
	memcpy(first, arg, n);
	first[n] = '\0';
	int a = level_find(first), b = comma ? level_find(comma + 1) : a;
	if (a < 0 || b < 0)
		return bad("level", arg,
		           "must be beginner, casual, club, strong, expert or "
		           "perfect (or 1-6), or two of them: A,B");
	if (comma != NULL && o->mode != MODE_SELFPLAY)
		return bad("level", arg, "two levels are for selfplay");
	o->level[0] = a;
	o->level[1] = b;
	o->level_given = true;
	return 0;
}

static int
parse_text(struct options *o, const char *arg)
{
	(void)arg;
	if (o->mode == MODE_PLAY)
		o->mode = MODE_TEXT;
	return 0;
}

static int
parse_book(struct options *o, const char *arg)
{
	o->book = arg;
	o->no_book = false;
	return 0;
}

static int
parse_nodes(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	unsigned long long n = strtoull(arg, &end, 10);
	if (errno == ERANGE)
		return bad("nodes", arg, "too large");
	if (errno || end == arg || *end || n == 0 || arg[0] == '-' ||
	    arg[0] == '+')
		return bad("nodes", arg, "must be a positive whole number");
	o->node_limit = n;
	return 0;
}

/* What a whole number outside lo..hi is told ("not a number" is for what
 * is not one). */
static int
bad_range(const struct opt_def *d, const char *arg)
{
	char *end;
	char why[96];
	errno = 0;
	long v = strtol(arg, &end, 10);
	bool number = end != arg && *end == '\0';
	if (!number)
		return bad(d->name, arg, d->why);
	if (errno == ERANGE || v > d->hi)
		snprintf(why, sizeof why, "too large (at most %ld)", d->hi);
	else
		snprintf(why, sizeof why, "out of range (at least %ld)", d->lo);
	return bad(d->name, arg, why);
}

static int
parse_list(struct options *o, const char *arg)
{
	char *end;
	errno = 0;
	unsigned long long n = arg ? strtoull(arg, &end, 10) : 0;
	if (arg && (errno || end == arg || *end || n == 0 || arg[0] == '-'))
		return bad("list", arg, "must be a positive number of tours");
	o->tour_list = true;
	o->tour_list_max = n;
	return 0;
}

/* Apply option d with argument arg (NULL for none).  0, or -1 after a
 * message. */
static int
opt_apply(struct options *o, const struct opt_def *d, const char *arg)
{
	char *base = (char *)o;
	long v;

	if (d->given != 0)
		*(bool *)(base + d->given) = true;
	switch (d->kind) {
	case OPT_FLAG:
		*(bool *)(base + d->field) = true;
		return 0;
	case OPT_STRING:
		*(const char **)(base + d->field) = arg;
		return 0;
	case OPT_INT:
		if (parse_long(arg, d->lo, d->hi, &v))
			return bad_range(d, arg);
		*(int *)(base + d->field) = (int)v;
		return 0;
	case OPT_SIZE:
		if (parse_long(arg, d->lo, d->hi, &v))
			return bad_range(d, arg);
		*(size_t *)(base + d->field) = (size_t)v;
		return 0;
	case OPT_CUSTOM:
		return d->parse(o, arg);
	}
	return -1;
}

/* getopt's tables from opts[]: the short-option string and the long
 * options, each long option's val its index in opts[] plus 256. */
static void
getopt_tables(char *shorts, size_t len, struct option *longs)
{
	size_t n = 0;
	for (size_t i = 0; i < NOPTS; i++) {
		const struct opt_def *d = &opts[i];
		longs[i] = (struct option){d->name, opt_has_arg(d), NULL,
		                           (int)i + 256};
		if (d->short_name != 0 && n + 3 < len) {
			shorts[n++] = d->short_name;
			if (takes_arg(d))
				shorts[n++] = ':';
		}
	}
	shorts[n] = '\0';
	longs[NOPTS] = (struct option){NULL, 0, NULL, 0};
}

/* getopt's complaint (opterr is 0), with the program's name: a missing
 * argument, or an option that does not exist.  arg: the argument getopt
 * stopped at. */
static void
getopt_error(const char *arg)
{
	const struct opt_def *d = NULL;
	if (optopt >= 256 && optopt < 256 + (int)NOPTS)
		d = &opts[optopt - 256];
	for (size_t k = 0; d == NULL && optopt != 0 && k < NOPTS; k++)
		if (opts[k].short_name == optopt)
			d = &opts[k];
	if (d != NULL)
		cli_error("option '%s%s' requires an argument",
		          d->short_name == optopt ? "-" : "--",
		          d->short_name == optopt ? (char[]){(char)optopt, 0}
		                                  : d->name);
	else if (optopt != 0)
		cli_error("invalid option -- '%c'", optopt);
	else
		cli_error("unrecognized option '%s'", arg);
	try_help();
}

/* The index in argv of the first argument that is not an option nor an
 * option's argument; 0 when there is none (or "--" comes first). */
static int
mode_word_index(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return 0;
		if (a[0] != '-' || a[1] == '\0')
			return i;
		if (a[1] == '-') {
			/* --name or --name=ARG: the next argument is its
			 * argument when the option needs one */
			size_t len = strcspn(a + 2, "=");
			if (a[2 + len] == '=')
				continue;
			for (size_t k = 0; k < NOPTS; k++)
				if (strlen(opts[k].name) == len &&
				    strncmp(opts[k].name, a + 2, len) == 0 &&
				    opt_has_arg(&opts[k]) == required_argument)
					i++;
			continue;
		}
		/* -abc: a short option taking an argument takes the rest,
		 * or the next argument when it is last */
		for (const char *p = a + 1; *p != '\0'; p++) {
			const struct opt_def *d = NULL;
			for (size_t k = 0; k < NOPTS; k++)
				if (opts[k].short_name == *p)
					d = &opts[k];
			if (d != NULL && takes_arg(d)) {
				if (p[1] == '\0')
					i++;
				break;
			}
		}
	}
	return 0;
}

static const char *
mode_word(enum run_mode m)
{
	const struct mode_def *d = mode_find(m);
	return d->word != NULL  ? d->word
	       : m == MODE_TEXT ? "the text game"
	                        : "the game";
}

int
options_parse(struct options *o, int argc, char **argv)
{
	char shorts[2 * NOPTS + 1];
	struct option longs[NOPTS + 1];
	bool seen[NOPTS] = {false};
	int c, i;

	memset(o, 0, sizeof *o);
	o->width = BOARD_DEFAULT_WIDTH;
	o->height = BOARD_DEFAULT_HEIGHT;
	o->tt_mb = TT_DEFAULT_MB;
	o->threads = util_ncpus();
	o->depth = SEARCH_DEFAULT_DEPTH;
	o->games = 1;
	o->level[0] = o->level[1] = -1;
	o->repeat = 1;
	o->split = SPLIT_DEEP;
	o->ply = -1;
	const char *nc = getenv("NO_COLOR");
	o->no_color = nc != NULL && nc[0] != '\0';

	/* The mode word: the first argument that is not an option, before
	 * or after options (as in git: dropfour -j1 solve). */
	int w = mode_word_index(argc, argv);
	bool word_found = false;
	if (w > 0) {
		for (i = 0; i < (int)NMODES; i++) {
			if (modes[i].word != NULL &&
			    strcmp(argv[w], modes[i].word) == 0) {
				o->mode = modes[i].mode;
				word_found = true;
				for (int k = w; k > 0; k--)
					argv[k] = argv[k - 1];
				argv++;
				argc--;
				break;
			}
		}
	}

	getopt_tables(shorts, sizeof shorts, longs);
	/* 0, not 1: glibc's getopt then forgets everything of an earlier
	 * parse, also a pointer into the middle of an argument ("-Xp" stops
	 * at X and keeps "p"), which the next parse would read (found by
	 * tests/fuzz/fuzz-options.c). */
	optind = 0;
	opterr = 0; /* getopt's messages name argv[0]: ours name the program */
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		if (c == '?') {
			getopt_error(argv[optind - 1]);
			return -1;
		}
		const struct opt_def *d = NULL;
		if (c >= 256 && c < 256 + (int)NOPTS)
			d = &opts[c - 256];
		for (size_t k = 0; d == NULL && k < NOPTS; k++)
			if (c != 0 && opts[k].short_name == c)
				d = &opts[k];
		if (d == NULL) {
			try_help();
			return -1;
		}
		if (strcmp(d->name, "help") == 0)
			return 2;
		if (strcmp(d->name, "version") == 0) {
			printf("%s\n", PACKAGE_STRING);
			puts("Copyright (C) 2026 the dropfour developers.\n"
			     "License: MIT.  There is NO WARRANTY.");
			return 1;
		}
		if (opt_apply(o, d, optarg) != 0)
			return -1;
		seen[d - opts] = true;
	}
	/* An option that does not apply to the mode is refused, never
	 * silently ignored. */
	for (size_t k = 0; k < NOPTS; k++) {
		if (seen[k] && !(opts[k].modes & M(o->mode))) {
			cli_error("--%s does not apply to %s", opts[k].name,
			          mode_word(o->mode));
			cli_try_help(mode_find(o->mode)->word);
			return -1;
		}
	}
	if (o->eval_average && !o->depth_given)
		o->depth = SEARCH_AVERAGE_DEPTH;
	/* The game plays a named level unless the expert's settings say
	 * otherwise (--depth, --perfect, --eval); selfplay only with --level.
	 */
	if (o->level_given) {
		if (o->depth_given || o->eval_average) {
			cli_error("--level and --depth or --eval cannot be "
			          "combined (a level sets its own search)");
			return -1;
		}
		o->perfect = o->level[0] == LEVEL_PERFECT;
	} else if ((o->mode == MODE_PLAY || o->mode == MODE_TEXT) &&
	           !o->depth_given && !o->perfect && !o->eval_average) {
		o->level[0] = o->level[1] = LEVEL_DEFAULT;
	}
	/* Tour boards are checked by the tour code (up to 8x8). */
	o->tour_board = o->mode == MODE_TOUR || o->tour_bench ||
	                (o->mode == MODE_BENCH && optind < argc &&
	                 strcmp(argv[optind], "tour-sample") == 0);
	const char *why =
	    o->tour_board ? NULL : board_size_error(o->width, o->height);
	if (why != NULL) {
		cli_error("impossible board size %dx%d: %s", o->width,
		          o->height, why);
		return -1;
	}
	if (o->weak && o->analyze) {
		cli_error("--weak and --analyze cannot be combined");
		return -1;
	}
	o->argc = argc - optind;
	o->argv = argv + optind;
	if (!word_found && o->argc > 0) {
		cli_error("unknown mode '%s' (solve, selfplay, bench, "
		          "book, statespace, tour, engine, play)",
		          o->argv[0]);
		try_help();
		return -1;
	}
	if (o->mode != MODE_SOLVE && o->mode != MODE_BENCH &&
	    o->mode != MODE_BOOK && o->mode != MODE_REVIEW && o->argc > 0) {
		cli_error("unexpected argument '%s'", o->argv[0]);
		try_help();
		return -1;
	}
	return 0;
}

void
options_limits(const struct options *o, struct search_limits *lim)
{
	options_side_limits(o, 0, lim);
}

void
options_side_limits(const struct options *o, int side,
                    struct search_limits *lim)
{
	search_limits_default(lim);
	lim->mode = o->perfect        ? SEARCH_EXACT
	            : o->eval_average ? SEARCH_AVERAGE
	                              : SEARCH_DEPTH;
	/* Perfect play shows (and chooses among) every column's score. */
	lim->analyze = o->perfect;
	lim->move_only = o->perfect;
	lim->depth = o->depth;
	lim->threads = o->threads;
	lim->split = o->split;
	lim->split_depth = o->split_depth;
	lim->time_limit = o->time_limit;
	lim->no_ordering = o->no_ordering;
	lim->seed = o->seed;
	lim->book = o->book_data != NULL ? book_oracle(o->book_data) : NULL;
	if (o->level[side] >= 0) {
		level_limits(&levels[o->level[side]], lim);
		/* With a level, --time is the default level's budget and
		 * the others scale with it (self-play ladders run fast). */
		const struct level *lv = &levels[o->level[side]];
		if (o->time_limit > 0 && !lv->perfect)
			lim->time_limit = o->time_limit * lv->think /
			                  levels[LEVEL_DEFAULT].think;
	}
}

void
options_solve_limits(const struct options *o, struct search_limits *lim)
{
	options_limits(o, lim);
	lim->mode = o->weak ? SEARCH_WEAK : SEARCH_EXACT;
	lim->analyze = o->analyze;
	lim->move_only = false;
	lim->time_limit = 0;
	lim->seed = 0;
	if (o->mode == MODE_SOLVE) {
		lim->time_limit = o->time_limit;
		lim->node_limit = o->node_limit;
	}
}

int
options_game_max_threads(const struct options *o)
{
	int most = 4 * util_ncpus();
	if (most < 8)
		most = 8;
	if (most < o->threads)
		most = o->threads;
	return most > STATS_MAX_THREADS ? STATS_MAX_THREADS : most;
}
