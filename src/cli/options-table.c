/* options-table.c -- the tables of the command line: the mode words
 * (options_modes[]) and the options (options_opts[]), from which getopt's
 * long options, the short-option string, every --help and the check that
 * an option applies to its mode are all made (options.c); and the usage
 * text printed from them. */
#include "config.h"

#include <getopt.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "cli/options-int.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

/* ---- the modes ------------------------------------------------------------
 */

const struct mode_def options_modes[] = {
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
        .args = true,
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
        .args = true,
        .mode = MODE_BENCH,
        .usage = "bench solve FILE...         solver benchmark on test sets\n"
                 "bench speedup [FILE]        parallel speedup and "
                 "efficiency\n"
                 "bench ordering [POSITION]... move ordering on and off\n"
                 "bench speedup --game [MOVES] speedup of the levels' "
                 "searches\n"
                 "bench speedup --tour        speedup of the tour counter\n"
                 "bench tour-sample [K]       estimate a big count (7x7)\n",
        .about =
            "bench solve FILE...: per test-set file, positions, mean time, "
            "mean\n  nodes, nodes per second and how many scores matched "
            "the file.\n"
            "bench speedup [FILE]: solves the positions once per thread "
            "count\n  (--threads LIST, default 1..max(4, cores)) and prints "
            "time, speedup,\n  efficiency, nodes, node overhead, work "
            "share, busy time and tasks,\n  where the speedup goes "
            "(threads x busy x node speed / node\n  overhead, and the "
            "imbalance of busy time), then the speedup curve.\n"
            "bench ordering [POSITION]...: deeper while a row takes under "
            "--time\n  (default 1.5 s); one thread unless --threads is "
            "given.\n"
            "bench speedup --game [MOVES]: the AI's searches of a game "
            "(the second\n  player's, as the game plays human-ai), replayed "
            "at club, strong and\n  expert at their own budgets (--time "
            "scales them as in selfplay), on\n  each thread count in turn "
            "(default 1,2), --repeat rounds; per level:\n  depth reached, "
            "speedup to the deepest depth both runs completed and\n  its "
            "factors, and the node rate against one thread.\n"
            "bench speedup --tour [-W W -H H]: every tour of the board "
            "(default\n  6x6, all starts) once per thread count.\n"
            "bench tour-sample [K] [-W W -H H] [--split-depth L] [--seed "
            "S]: counts\n  K (default 200) random prefixes of L (9) squares "
            "(default 7x7, all\n  starts) and estimates the whole count, its "
            "work and its time on 1 to 64\n  machines of 16 cores.\n",
    },
    {
        .word = "book",
        .args = true,
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
        .about =
            "Reads commands line by line and answers on standard output "
            "(info lines\nwhile it searches, then one bestmove for every "
            "go).  Commands (help lists\nthem): uci, isready, debug "
            "on|off, ucinewgame, size W H,\nposition [startpos|MOVES|fen "
            "FEN] [moves M...], moves M..., go [perfect |\ndepth N | "
            "movetime MS | nodes N | mate N | searchmoves M... | infinite "
            "|\nponder | wtime MS btime MS winc MS binc MS movestogo N], "
            "ponderhit, stop,\nanalyze, setoption name NAME [value VALUE], "
            "d (the board and its FEN),\nhelp, quit.  Options (uci lists "
            "them): Threads, Hash, Book, MultiPV,\nLevel, Ponder, Move "
            "Overhead, Clear Hash, UCI_Variant (cfour: moves as\nP@d1, the "
            "default from uci on), VariantPath (ignored),\n"
            "DropfourExtensions.  After uci every line follows UCI's "
            "grammar (score\ncp/mate, bestmove M [ponder M]).  A clock "
            "run out is a move at once.  The\nend of the input stops any "
            "search.  See docs/engine-protocol.md.\n",
    },
    {
        .word = "review",
        .args = true,
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

const size_t options_nmodes = sizeof options_modes / sizeof options_modes[0];

const struct mode_def *
options_mode_find(enum run_mode m)
{
	for (size_t i = 0; i < options_nmodes; i++)
		if (options_modes[i].mode == m &&
		    options_modes[i].usage != NULL)
			return &options_modes[i];
	return &options_modes[0];
}

/* book info reads one file: no option of book build applies. */
static const char *const book_info_opts[] = {NULL};

const struct submode_def options_submodes[] = {
    {.mode = MODE_BOOK, .word = "info", .opts = book_info_opts},
    {.mode = MODE_BENCH, .word = "speedup", .thread_list = true},
    {.mode = MODE_BENCH, .word = "tour-sample", .tour_board = true},
};

const size_t options_nsubmodes =
    sizeof options_submodes / sizeof options_submodes[0];

const struct submode_def *
options_submode_find(enum run_mode m, const char *word)
{
	for (size_t s = 0; word != NULL && s < options_nsubmodes; s++)
		if (options_submodes[s].mode == m &&
		    strcmp(options_submodes[s].word, word) == 0)
			return &options_submodes[s];
	return NULL;
}

/* ---- the words of some options' arguments --------------------------------
 */

const char *const options_play_names[4] = {
    [PLAY_HUMAN_AI] = "human-ai",
    [PLAY_AI_HUMAN] = "ai-human",
    [PLAY_AI_AI] = "ai-ai",
    [PLAY_HUMAN_HUMAN] = "human-human",
};

const char *const options_eval_names[2] = {"heuristic", "average"};

/* ---- the options ----------------------------------------------------------
 */

#define F(field) offsetof(struct options, field)
/* A number of settings.h in a help text, as written there. */
#define SETTING_(x) #x
#define SETTING(x)  SETTING_(x)

static const char G_BOARD[] = "Board and search";
static const char G_GAME[] = "Game";
static const char G_SOLVE[] = "solve";
static const char G_SELFPLAY[] = "selfplay";
static const char G_BENCH[] = "bench";
static const char G_BOOK[] = "book build";
static const char G_STATESPACE[] = "statespace";
static const char G_TOUR[] = "tour";
static const char G_REVIEW[] = "review";

const struct opt_def options_opts[] = {
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
     .parse = options_arg_depth,
     .help = "depth-limited play: search D plies (default " SETTING(
         SEARCH_DEFAULT_DEPTH) ")",
     .group = G_BOARD},
    {.name = "level",
     .short_name = 'l',
     .kind = OPT_CUSTOM,
     .arg = "NAME",
     .modes = M_PLAYS,
     .parse = options_arg_level,
     .help = "the AI's strength: beginner, casual, club (the\ndefault), "
             "strong, expert or perfect (or 1-6);\nselfplay: A,B for the "
             "first and second player;\nstrong and expert solve a "
             "position of at most\n" SETTING(
                 PROVE_MAX_CELLS) " empty cells exactly when they can "
                                  "within their\ntime (on 2 threads or more "
                                  "beside the "
                                  "search)",
     .group = G_BOARD},
    {.name = "perfect",
     .short_name = 'p',
     .kind = OPT_FLAG,
     .modes = M_PLAYS | M(MODE_BENCH),
     .field = F(perfect),
     .help = "perfect play: the exact solver; a position it cannot\n"
             "solve within " SETTING(PERFECT_BOUND_S) " s gets a " SETTING(
                 PERFECT_FALLBACK_S) " s depth-limited move,\n"
                                     "marked not proven",
     .group = G_BOARD},
    {.name = "threads",
     .short_name = 'j',
     .kind = OPT_CUSTOM,
     .arg = "T",
     .modes = M_ALL,
     .parse = options_arg_threads,
     .help = "search threads (default: the number of cores);\nfor bench "
             "speedup a list such as 1,2,3,4; for\nselfplay a list used "
             "move by move, in turn\n(a list elsewhere is refused)",
     .group = G_BOARD},
    {.name = "trace",
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M_GAME | M(MODE_SOLVE) | M(MODE_BENCH),
     .field = F(trace),
     .help = "record what each search thread does (tasks, split\npoints, "
             "steals, waits) in FILE, Chrome trace\nformat for Perfetto "
             "(game, solve, bench speedup;\nsee docs/trace.md)",
     .group = G_BOARD},
    {.name = "frame-log",
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M_GAME,
     .field = F(frame_log),
     .help = "write what each frame of the game's panel shows\nto FILE, "
             "one JSON line per frame (docs/json.md,\ntype frame; "
             "checked by tests/panel-check.py)",
     .group = G_BOARD},
    {.name = "split",
     .kind = OPT_CUSTOM,
     .arg = "SCHEME",
     .modes = M_SEARCH,
     .parse = options_arg_split,
     .help = "deep (default, measured fastest: young brothers\nwait at every "
             "level, idle threads join split\npoints), root (one task per "
             "root column) or lazy\n(shared-table SMP)",
     .group = G_BOARD},
    {.name = "dist-table",
     .kind = OPT_CUSTOM,
     .arg = "HOW",
     .modes = M_GAME | M(MODE_SOLVE),
     .parse = options_arg_dist_table,
     .help = "dropfour-mpi, one search over the ranks: shared\n(default: "
             "the ranks of a machine search in one\ntable) or own (each "
             "rank its own, to compare)",
     .group = G_BOARD},
    {.name = "dist-machines",
     .kind = OPT_INT,
     .arg = "K",
     .modes = M_GAME | M(MODE_SOLVE),
     .field = F(dist_machines),
     .lo = 1,
     .hi = 4096,
     .why = "must be 1..4096",
     .help = "dropfour-mpi, one search over the ranks: the\nranks of a "
             "machine as K machines, K groups\nin turn of rank, each "
             "with a table of its\nown (with --mca btl self,tcp they talk "
             "as\nacross a network); default: the machines as\nthey are",
     .group = G_BOARD},
    {.name = "dist-upper",
     .kind = OPT_INT,
     .arg = "E",
     .modes = M_GAME | M(MODE_SOLVE),
     .field = F(dist_upper),
     .lo = 0,
     .hi = 255,
     .why = "must be 0..255",
     .help = "dropfour-mpi, one exact search over\nseveral machines: "
             "the table entries of\npositions with at least E empty cells "
             "go\nto every machine's table (default 24; 0:\nnone)",
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
     .parse = options_arg_time,
     .help = "think at most S seconds per move (iterative\ndeepening: "
             "a new depth starts only when its\ntime, foreseen from the "
             "last ones, fits in S);\nsolve: per position, the line "
             "then marked\n'partial' with a bound (>=S, <=S) or '?'",
     .group = G_BOARD},
    {.name = "eval",
     .kind = OPT_CUSTOM,
     .arg = "KIND",
     .modes = M_PLAYS,
     .parse = options_arg_eval,
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
     .parse = options_arg_seed,
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
     .parse = options_arg_book,
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
     .given = F(game.play_given),
     .parse = options_arg_mode,
     .help = "human-ai (default), ai-human, ai-ai, human-human",
     .group = G_GAME},
    {.name = "position",
     .kind = OPT_STRING,
     .arg = "MOVES",
     .modes = M_PLAYS,
     .field = F(game.position),
     .help = "start from this position",
     .group = G_GAME},
    {.name = "load",
     .kind = OPT_STRING,
     .arg = "FILE",
     .modes = M_PLAYS,
     .field = F(game.load),
     .help = "load a saved game",
     .group = G_GAME},
    {.name = "analysis",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(game.analysis),
     .help = "show the engine's column scores on your turn",
     .group = G_GAME},
    {.name = "no-ponder",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(game.no_ponder),
     .help = "perfect play: the AI does not think on your turn\n(by default "
             "it does, its scores hidden, so it\nanswers at once)",
     .group = G_GAME},
    {.name = "text",
     .kind = OPT_CUSTOM,
     .has_arg = no_argument,
     .modes = M_GAME,
     .parse = options_arg_text,
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
     .field = F(game.reduced_motion),
     .given = F(game.motion_given),
     .help = "no falling tokens, no spinners (also the 'motion'\nsetting "
             "of the settings file)",
     .group = G_GAME},
    {.name = "no-mouse",
     .kind = OPT_FLAG,
     .modes = M_GAME,
     .field = F(game.no_mouse),
     .given = F(game.mouse_given),
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
     .field = F(solve.weak),
     .help = "only win (1), draw (0) or loss (-1)",
     .group = G_SOLVE},
    {.name = "analyze",
     .kind = OPT_FLAG,
     .modes = M(MODE_SOLVE),
     .field = F(solve.analyze),
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
     .field = F(bench.csv),
     .help = "also write the table as CSV (as -o: replaced\natomically, "
             "a device or FIFO written in place)",
     .group = G_BENCH},
    {.name = "repeat",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M(MODE_BENCH),
     .field = F(bench.repeat),
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
     .field = F(bench.per_position),
     .help = "bench speedup: also each position's fastest run\nat "
             "every thread count (time, speedup, nodes,\noverhead, busy)",
     .group = G_BENCH},
    {.name = "tour",
     .kind = OPT_FLAG,
     .modes = M(MODE_BENCH),
     .field = F(bench.tour),
     .help = "bench speedup: time the knight's-tour counter",
     .group = G_BENCH},
    {.name = "game",
     .kind = OPT_FLAG,
     .modes = M(MODE_BENCH),
     .field = F(bench.game),
     .help = "bench speedup: replay the AI's searches of a game\n(MOVES, "
             "default a built-in 7x6 one) at club,\nstrong and expert, at "
             "their own budgets",
     .group = G_BENCH},
    /* book build */
    {.name = "ply",
     .kind = OPT_INT,
     .arg = "N",
     .modes = M(MODE_BOOK),
     .field = F(book_build.ply),
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
             "statespace: write the\nsolved table as a book; a link is "
             "followed,\na device or FIFO written in place, a folder\nor "
             "a missing folder refused before any work",
     .group = G_BOOK},
    {.name = "progress",
     .kind = OPT_FLAG,
     .modes = M(MODE_BOOK),
     .field = F(book_build.progress),
     .help = "draw the progress line even when standard error\nis not a "
             "terminal (dropfour-mpi's rank 0)",
     .group = G_BOOK},
    /* statespace */
    {.name = "memory-mb",
     .kind = OPT_SIZE,
     .arg = "M",
     .modes = M(MODE_STATESPACE),
     .field = F(statespace.memory_mb),
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
     .field = F(statespace.tmpdir),
     .help = "where level files go (default $TMPDIR or /tmp);\nthey are "
             "removed as soon as they are created",
     .group = G_STATESPACE},
    {.name = "state",
     .kind = OPT_STRING,
     .arg = "DIR",
     .modes = M(MODE_STATESPACE),
     .field = F(statespace.state_dir),
     .help = "save every finished level in DIR (made if\nmissing) so that a "
             "stopped run (Ctrl-C, kill,\npower cut) goes on from there when "
             "the same\ncommand is run again; removed when the run ends",
     .group = G_STATESPACE},
    {.name = "keep-state",
     .kind = OPT_FLAG,
     .modes = M(MODE_STATESPACE),
     .field = F(statespace.keep_state),
     .help = "keep DIR after the run (a rerun then only reads)",
     .group = G_STATESPACE},
    /* tour */
    {.name = "from",
     .kind = OPT_STRING,
     .arg = "SQUARE",
     .modes = M(MODE_TOUR),
     .field = F(tour.from),
     .help = "start square, a chess name: a1 (the default) is\nthe "
             "bottom-left corner; 'all' adds up every start\n(counted once "
             "per orbit of the board's symmetry)",
     .group = G_TOUR},
    {.name = "closed",
     .kind = OPT_FLAG,
     .modes = M(MODE_TOUR),
     .field = F(tour.closed),
     .help = "only tours that end a knight's move from the start",
     .group = G_TOUR},
    {.name = "list",
     .kind = OPT_CUSTOM,
     .has_arg = optional_argument,
     .arg = "[=N]",
     .modes = M(MODE_TOUR),
     .parse = options_arg_list,
     .help = "print the tours (the first N) as square sequences",
     .group = G_TOUR},
    {.name = "watch",
     .kind = OPT_FLAG,
     .modes = M(MODE_TOUR),
     .field = F(tour.watch),
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
     .parse = options_arg_nodes,
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

const size_t options_nopts = sizeof options_opts / sizeof options_opts[0];
_Static_assert(sizeof options_opts / sizeof options_opts[0] <= OPTIONS_MAX,
               "OPTIONS_MAX (options-int.h) holds every option");

static const char *const group_order[] = {
    G_BOARD, G_GAME,       G_SOLVE, G_SELFPLAY, G_BENCH,
    G_BOOK,  G_STATESPACE, G_TOUR,  G_REVIEW,
};

bool
options_takes_arg(const struct opt_def *d)
{
	if (d->kind == OPT_FLAG)
		return false;
	if (d->kind == OPT_CUSTOM)
		return d->has_arg != no_argument || d->arg != NULL;
	return true;
}

int
options_has_arg(const struct opt_def *d)
{
	if (d->has_arg == optional_argument)
		return optional_argument;
	return options_takes_arg(d) ? required_argument : no_argument;
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
		for (size_t i = 0; i < options_nmodes; i++)
			usage_lines(f, &options_modes[i], &first);
		fputs("\nConnect Four with a task-parallel (OpenMP) alpha-beta "
		      "search that you can\nwatch thread by thread.  Positions "
		      "are written as the 1-based columns\nplayed from the "
		      "empty board, e.g. 4453.\n",
		      f);
		for (size_t g = 0; g < sizeof group_order / sizeof *group_order;
		     g++) {
			fprintf(f, "\n%s:\n", group_order[g]);
			for (size_t i = 0; i < options_nopts; i++)
				if (options_opts[i].group == group_order[g] &&
				    options_opts[i].help != NULL)
					usage_option(f, &options_opts[i]);
		}
		fputc('\n', f);
		for (size_t i = 0; i < options_nopts; i++)
			if (options_opts[i].group == NULL)
				usage_option(f, &options_opts[i]);
		fputc('\n', f);
		if (keys != NULL)
			keys(f);
		fputs(options_modes[0].about, f);
		fputs("Each mode's own options: dropfour MODE --help.  See "
		      "dropfour(6).\n",
		      f);
	} else {
		const struct mode_def *m = options_mode_find(mode);
		usage_lines(f, m, &first);
		fputs("\nOptions:\n", f);
		for (size_t i = 0; i < options_nopts; i++)
			if ((options_opts[i].modes & M(mode)) &&
			    options_opts[i].help != NULL)
				usage_option(f, &options_opts[i]);
		fputc('\n', f);
		fputs(m->about, f);
		fputs("See dropfour(6).\n", f);
	}
	fputs("\nReport bugs to: " PACKAGE_BUGREPORT "\n", f);
}
