/* options.c -- one getopt_long table for every mode of dropfour. */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book/book.h"
#include "cli/options.h"
#include "core/util.h"

void
options_usage(FILE *f, void (*keys)(FILE *))
{
	fputs(
"Usage: dropfour [OPTION]...                 play in the terminal\n"
"  or:  dropfour --text [OPTION]...          play with plain lines of text\n"
"  or:  dropfour solve [OPTION]... [FILE]    solve positions, one per line\n"
"  or:  dropfour selfplay [OPTION]...        AI against AI, no screen\n"
"  or:  dropfour bench solve FILE...         solver benchmark on test sets\n"
"  or:  dropfour bench speedup [FILE]        parallel speedup and efficiency\n"
"  or:  dropfour bench ordering [POSITION]... move ordering on and off\n"
"  or:  dropfour book build --ply N [-o FILE] build an opening book\n"
"  or:  dropfour statespace [OPTION]...      every position of a small board,\n"
"                                            counted and solved\n"
"  or:  dropfour book info FILE              check a book, print its header\n"
"  or:  dropfour tour [OPTION]...            count knight's tours\n"
"  or:  dropfour bench speedup --tour        speedup of the tour counter\n"
"  or:  dropfour bench tour-sample [K]       estimate a big count (7x7)\n"
"\n"
"Connect Four with a task-parallel (OpenMP) alpha-beta search that you can\n"
"watch thread by thread.  Positions are written as the 1-based columns\n"
"played from the empty board, e.g. 4453.\n"
"\n"
"Board and search:\n"
"  -W, --width=W          board width, 4..9 (default 7)\n"
"  -H, --height=H         board height, at least 4, width*(height+1) <= 64\n"
"                         (default 6)\n"
"  -d, --depth=D          depth-limited play: search D plies (default 12)\n"
"  -p, --perfect          perfect play: the exact solver\n"
"  -j, --threads=T        search threads (default: the number of cores);\n"
"                         for bench speedup a list such as 1,2,3,4; for\n"
"                         selfplay a list used move by move, in turn\n"
"      --split=SCHEME     deep (default, measured fastest: young brothers\n"
"                         wait at every level, idle threads join split\n"
"                         points), root (one task per root column) or lazy\n"
"                         (shared-table SMP)\n"
"      --split-depth=N    plies below the root where nodes may split\n"
"                         (default: any for the solver, 8 for depth play)\n"
"  -t, --time=S           think at most S seconds per move (iterative\n"
"                         deepening; no new iteration past half of S)\n"
"      --eval=KIND        heuristic (default) or average (averaged outcomes;\n"
"                         no pruning: depth 8 unless --depth is given)\n"
"      --no-ordering      search moves centre first, without threat ordering\n"
"      --seed=N           random tie-break among equal moves (self-play)\n"
"  -m, --tt-mb=M          transposition table size in MB (default 256)\n"
"      --book=FILE        opening book for solve, selfplay, perfect play,\n"
"                         hints and analysis (default: $DROPFOUR_BOOK, else\n"
"                         the shipped 7x6 book)\n"
"      --no-book          use no opening book\n"
"\n"
"Game:\n"
"      --mode=MODE        human-ai (default), ai-human, ai-ai, human-human\n"
"      --position=MOVES   start from this position\n"
"      --load=FILE        load a saved game\n"
"      --analysis         show the engine's column scores on your turn\n"
"      --no-ponder        perfect play: the AI does not think on your turn\n"
"                         (by default it does, its scores hidden, so it\n"
"                         answers at once)\n"
"      --text             plain line-based game (also used when stdin or\n"
"                         stdout is not a terminal, or TERM is dumb)\n"
"      --no-color         monochrome (also when NO_COLOR is set)\n"
"      --ascii            ASCII tokens and borders only\n"
"\n"
"solve:\n"
"      --weak             only win (1), draw (0) or loss (-1)\n"
"      --analyze          print the score of every column ('-' if full)\n"
"  Prints '<position> <score> <nodes> <microseconds>' per line ('-' for the\n"
"  empty position).  Reads FILE or standard input.\n"
"\n"
"selfplay:\n"
"      --games=N          number of games (default 1)\n"
"      --seed=N           tie-break seed of the first game (default 1);\n"
"                         game i uses N+i\n"
"  Prints every move, one 'result: ...' line per game and a summary.\n"
"\n"
"book build:\n"
"      --ply=N            every position with at most N stones (required)\n"
"  -o, --output=FILE      the book file (default dropfour-WxH-plyN.book);\n"
"                         FILE.journal keeps solved positions: run the same\n"
"                         command again to continue a stopped build\n"
"  -j, --threads=T        positions solved at once (default: the cores)\n"
"      --progress         draw the progress line even when standard error\n"
"                         is not a terminal (dropfour-mpi's rank 0)\n"
"\n"
"bench solve FILE...:\n"
"  Per test-set file: positions, mean time, mean nodes, nodes per second\n"
"  and how many scores matched the file.\n"
"bench speedup [FILE]:\n"
"  Solves the positions once per thread count (--threads LIST, default\n"
"  1..max(4, cores)) and prints time, speedup, efficiency, nodes, node\n"
"  overhead, load balance, busy time and tasks, then the speedup curve.\n"
"      --csv=FILE         also write the table as CSV\n"
"      --repeat=N         run every position at every thread count, in\n"
"                         turn, N times and keep each one's fastest run\n"
"                         (default 1; for noisy machines)\n"
"bench ordering:\n"
"      --time=S           go deeper while a row takes under S s (default 1.5)\n"
"  One thread unless --threads is given; --csv=FILE writes CSV.\n"
"\n"
"statespace (-W W -H H, at most 63 bits: width * (height + 1) <= 63):\n"
"  Builds every position reachable from the empty board ply by ply (each\n"
"  once; mirror images distinct; finished games counted, not expanded),\n"
"  then values every one exactly, from the last ply back (the scale of\n"
"  solve).  Prints one row per ply: positions, terminal, won, drawn and\n"
"  lost for the side to move, the time of each pass; then the pass rates,\n"
"  the peak memory, the empty board's value and the totals.\n"
"  -j, --threads=T        OpenMP threads for both passes\n"
"      --memory-mb=M      levels in memory up to M MB, the rest in files\n"
"                         (default: half of the machine's memory)\n"
"      --tmpdir=DIR       where level files go (default $TMPDIR or /tmp);\n"
"                         they are removed as soon as they are created\n"
"      --state=DIR        save every finished level in DIR (made if\n"
"                         missing) so that a stopped run (Ctrl-C, kill,\n"
"                         power cut) goes on from there when the same\n"
"                         command is run again; removed when the run ends\n"
"      --keep-state       keep DIR after the run (a rerun then only reads)\n"
"  -o, --output=FILE      write the solved table as a book (--book FILE)\n"
"tour (knight's tours, boards up to 8x8, default -W 4 -H 7):\n"
"      --from=SQUARE      start square, a chess name: a1 (the default) is\n"
"                         the bottom-left corner; 'all' adds up every start\n"
"                         (counted once per orbit of the board's symmetry)\n"
"      --closed           only tours that end a knight's move from the start\n"
"      --list[=N]         print the tours (the first N) as square sequences\n"
"      --watch            a live screen: the board with one thread's path\n"
"                         (t: next thread), the per-thread panel; q quits\n"
"      --split-depth=D    moves below the start that spawn tasks (default 5)\n"
"  Prints the tours per first move, per-thread nodes and tours, nodes per\n"
"  second and time; the last line reads 'tours N'.\n"
"bench speedup --tour [-W W -H H]:\n"
"  Counts every tour of the board (default 6x6, all start squares) once\n"
"  per thread count: the same table, --csv and curve as for the solver.\n"
"bench tour-sample [K] [-W W -H H] [--split-depth L] [--seed S]:\n"
"  Counts K (default 200) random prefixes of L (9) squares of the board\n"
"  (default 7x7, all starts) and estimates the whole count, its work and\n"
"  its time on 1 to 64 machines of 16 cores.\n"
"\n"
"  -h, --help             show this help and exit\n"
"  -V, --version          show the version and exit\n"
"\n", f);
	if (keys != NULL)
		keys(f);
	fputs(
"In --text mode type a column, or u undo, r redo, b board, w FILE save,\n"
"h help, q quit.  See dropfour(6).\n"
"\n"
"Report bugs to: " PACKAGE_BUGREPORT "\n", f);
}

enum {
	OPT_SPLIT = 256,
	OPT_SPLIT_DEPTH,
	OPT_EVAL,
	OPT_NO_ORDERING,
	OPT_SEED,
	OPT_MODE,
	OPT_POSITION,
	OPT_LOAD,
	OPT_ANALYSIS,
	OPT_NO_PONDER,
	OPT_TEXT,
	OPT_NO_COLOR,
	OPT_ASCII,
	OPT_WEAK,
	OPT_ANALYZE,
	OPT_GAMES,
	OPT_CSV,
	OPT_REPEAT,
	OPT_BOOK,
	OPT_NO_BOOK,
	OPT_PLY,
	/* statespace */
	OPT_MEMORY_MB,
	OPT_TMPDIR,
	OPT_STATE,
	OPT_KEEP_STATE,
	OPT_PROGRESS,
	OPT_FROM,
	OPT_CLOSED,
	OPT_LIST,
	OPT_WATCH,
	OPT_TOUR,
};

static const struct option long_options[] = {
	{ "width", required_argument, NULL, 'W' },
	{ "height", required_argument, NULL, 'H' },
	{ "depth", required_argument, NULL, 'd' },
	{ "perfect", no_argument, NULL, 'p' },
	{ "threads", required_argument, NULL, 'j' },
	{ "split", required_argument, NULL, OPT_SPLIT },
	{ "split-depth", required_argument, NULL, OPT_SPLIT_DEPTH },
	{ "time", required_argument, NULL, 't' },
	{ "eval", required_argument, NULL, OPT_EVAL },
	{ "no-ordering", no_argument, NULL, OPT_NO_ORDERING },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "tt-mb", required_argument, NULL, 'm' },
	{ "mode", required_argument, NULL, OPT_MODE },
	{ "position", required_argument, NULL, OPT_POSITION },
	{ "load", required_argument, NULL, OPT_LOAD },
	{ "analysis", no_argument, NULL, OPT_ANALYSIS },
	{ "no-ponder", no_argument, NULL, OPT_NO_PONDER },
	{ "text", no_argument, NULL, OPT_TEXT },
	{ "no-color", no_argument, NULL, OPT_NO_COLOR },
	{ "no-colour", no_argument, NULL, OPT_NO_COLOR },
	{ "ascii", no_argument, NULL, OPT_ASCII },
	{ "weak", no_argument, NULL, OPT_WEAK },
	{ "analyze", no_argument, NULL, OPT_ANALYZE },
	{ "games", required_argument, NULL, OPT_GAMES },
	{ "csv", required_argument, NULL, OPT_CSV },
	{ "repeat", required_argument, NULL, OPT_REPEAT },
	{ "book", required_argument, NULL, OPT_BOOK },
	{ "no-book", no_argument, NULL, OPT_NO_BOOK },
	{ "ply", required_argument, NULL, OPT_PLY },
	{ "output", required_argument, NULL, 'o' }, /* book build, statespace */
	/* statespace */
	{ "memory-mb", required_argument, NULL, OPT_MEMORY_MB },
	{ "tmpdir", required_argument, NULL, OPT_TMPDIR },
	{ "state", required_argument, NULL, OPT_STATE },
	{ "keep-state", no_argument, NULL, OPT_KEEP_STATE },
	{ "progress", no_argument, NULL, OPT_PROGRESS },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "closed", no_argument, NULL, OPT_CLOSED },
	{ "list", optional_argument, NULL, OPT_LIST },
	{ "watch", no_argument, NULL, OPT_WATCH },
	{ "tour", no_argument, NULL, OPT_TOUR },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 },
};

static const struct {
	const char *name;
	enum run_mode mode;
} mode_words[] = {
	{ "solve", MODE_SOLVE },
	{ "selfplay", MODE_SELFPLAY },
	{ "bench", MODE_BENCH },
	{ "book", MODE_BOOK },
	{ "play", MODE_PLAY },
	{ "statespace", MODE_STATESPACE },
	{ "tour", MODE_TOUR },
};

static const char *const play_names[] = {
	[PLAY_HUMAN_AI] = "human-ai",
	[PLAY_AI_HUMAN] = "ai-human",
	[PLAY_AI_AI] = "ai-ai",
	[PLAY_HUMAN_HUMAN] = "human-human",
};

static int
bad(const char *opt, const char *arg, const char *why)
{
	fprintf(stderr, "dropfour: invalid argument '%s' for --%s: %s\n", arg,
	    opt, why);
	fputs("Try 'dropfour --help' for more information.\n", stderr);
	return -1;
}

static int
parse_long(const char *arg, long lo, long hi, long *out)
{
	char *end;
	errno = 0;
	long v = strtol(arg, &end, 10);
	if (errno != 0 || end == arg || *end != '\0' || v < lo || v > hi)
		return -1;
	*out = v;
	return 0;
}

static int
parse_threads(struct options *o, const char *arg)
{
	const char *p = arg;
	o->nthread_list = 0;
	for (;;) {
		char *end;
		errno = 0;
		long v = strtol(p, &end, 10);
		if (errno || end == p || v < 1 || v > STATS_MAX_THREADS)
			return -1;
		if (o->nthread_list == OPTIONS_MAX_THREAD_LIST)
			return -1;
		o->thread_list[o->nthread_list++] = (int)v;
		if (*end == '\0')
			break;
		if (*end != ',')
			return -1;
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

int
options_parse(struct options *o, int argc, char **argv)
{
	long v;
	int c, i;

	memset(o, 0, sizeof *o);
	o->width = BOARD_DEFAULT_WIDTH;
	o->height = BOARD_DEFAULT_HEIGHT;
	o->tt_mb = TT_DEFAULT_MB;
	o->threads = util_ncpus();
	o->depth = 12;
	o->games = 1;
	o->repeat = 1;
	o->split = SPLIT_DEEP;
	o->ply = -1;
	const char *nc = getenv("NO_COLOR");
	o->no_color = nc != NULL && nc[0] != '\0';

	/* A mode word may come first. */
	if (argc > 1 && argv[1][0] != '-') {
		for (i = 0; i < (int)(sizeof mode_words / sizeof mode_words[0]);
		     i++) {
			if (strcmp(argv[1], mode_words[i].name) == 0) {
				o->mode = mode_words[i].mode;
				argv[1] = argv[0];
				argv++;
				argc--;
				break;
			}
		}
	}

	/* 0, not 1: glibc's getopt then forgets everything of an earlier
	 * parse, also a pointer into the middle of an argument ("-Xp" stops
	 * at X and keeps "p"), which the next parse would read (found by
	 * tests/fuzz/fuzz-options.c). */
	optind = 0;
	opterr = 1;
	while ((c = getopt_long(argc, argv, "W:H:d:pj:t:m:o:hV", long_options,
		    NULL)) != -1) {
		switch (c) {
		case 'W':
			if (parse_long(optarg, 1, 1000, &v))
				return bad("width", optarg, "not a number");
			o->width = (int)v;
			o->width_given = true;
			break;
		case 'H':
			if (parse_long(optarg, 1, 1000, &v))
				return bad("height", optarg, "not a number");
			o->height = (int)v;
			o->height_given = true;
			break;
		case 'd':
			if (parse_long(optarg, 1, SEARCH_MAX_DEPTH, &v))
				return bad("depth", optarg,
				    "must be a whole number from 1 to 64");
			o->depth = (int)v;
			o->depth_given = true;
			o->perfect = false;
			break;
		case 'p':
			o->perfect = true;
			break;
		case 'j':
			if (parse_threads(o, optarg))
				return bad("threads", optarg,
				    "must be 1..64, or a list such as 1,2,4");
			break;
		case OPT_SPLIT:
			i = lookup(search_split_names, SPLIT_NSCHEMES, optarg);
			if (i < 0)
				return bad("split", optarg,
				    "must be deep, root or lazy");
			o->split = (enum split_scheme)i;
			o->split_given = true;
			break;
		case OPT_SPLIT_DEPTH:
			if (parse_long(optarg, 1, 40, &v))
				return bad("split-depth", optarg,
				    "must be 1..40");
			o->split_depth = (int)v;
			break;
		case 't': {
			char *end;
			errno = 0;
			double d = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(d > 0) ||
			    d > 86400)
				return bad("time", optarg,
				    "must be a positive number of seconds");
			o->time_limit = d;
			break;
		}
		case OPT_EVAL:
			if (strcmp(optarg, "average") == 0)
				o->eval_average = true;
			else if (strcmp(optarg, "heuristic") == 0)
				o->eval_average = false;
			else
				return bad("eval", optarg,
				    "must be heuristic or average");
			break;
		case OPT_NO_ORDERING:
			o->no_ordering = true;
			break;
		case OPT_SEED: {
			char *end;
			errno = 0;
			/* strtoull() takes "-1" as 2^64 - 1: refuse signs. */
			unsigned long long s = strtoull(optarg, &end, 10);
			if (errno || end == optarg || *end ||
			    optarg[strspn(optarg, " \t")] == '-' ||
			    optarg[strspn(optarg, " \t")] == '+')
				return bad("seed", optarg,
				    "must be a whole number from 0 to "
				    "18446744073709551615");
			o->seed = s;
			o->seed_given = true;
			break;
		}
		case 'm':
			if (parse_long(optarg, 1, 1 << 20, &v))
				return bad("tt-mb", optarg,
				    "must be a number of megabytes");
			o->tt_mb = (size_t)v;
			break;
		case OPT_MODE:
			i = lookup(play_names, 4, optarg);
			if (i < 0)
				return bad("mode", optarg,
				    "must be human-ai, ai-human, ai-ai or "
				    "human-human");
			o->play = (enum play_mode)i;
			break;
		case OPT_POSITION:
			o->position = optarg;
			break;
		case OPT_LOAD:
			o->load = optarg;
			break;
		case OPT_ANALYSIS:
			o->analysis = true;
			break;
		case OPT_NO_PONDER:
			o->no_ponder = true;
			break;
		case OPT_TEXT:
			if (o->mode == MODE_PLAY)
				o->mode = MODE_TEXT;
			break;
		case OPT_NO_COLOR:
			o->no_color = true;
			break;
		case OPT_ASCII:
			o->ascii = true;
			break;
		case OPT_WEAK:
			o->weak = true;
			break;
		case OPT_ANALYZE:
			o->analyze = true;
			break;
		case OPT_GAMES:
			if (parse_long(optarg, 1, 1000000, &v))
				return bad("games", optarg,
				    "must be a positive number");
			o->games = (int)v;
			break;
		case OPT_CSV:
			o->csv = optarg;
			break;
		case OPT_REPEAT:
			if (parse_long(optarg, 1, 1000, &v))
				return bad("repeat", optarg, "must be 1..1000");
			o->repeat = (int)v;
			break;
		case OPT_BOOK:
			o->book = optarg;
			o->no_book = false;
			break;
		case OPT_NO_BOOK:
			o->no_book = true;
			break;
		case OPT_PLY:
			if (parse_long(optarg, 0, BOARD_MAX_CELLS, &v))
				return bad("ply", optarg, "must be 0..64");
			o->ply = (int)v;
			break;
		case 'o': /* book build, statespace */
			o->output = optarg;
			break;
		/* statespace */
		case OPT_MEMORY_MB:
			if (parse_long(optarg, 1, 1L << 30, &v))
				return bad("memory-mb", optarg,
				    "must be a number of megabytes");
			o->memory_mb = (size_t)v;
			break;
		case OPT_TMPDIR:
			o->tmpdir = optarg;
			break;
		case OPT_STATE:
			o->state_dir = optarg;
			break;
		case OPT_KEEP_STATE:
			o->keep_state = true;
			break;
		/* end statespace */
		case OPT_PROGRESS:
			o->progress = true;
			break;
		/* knight's tours */
		case OPT_FROM:
			o->tour_from = optarg;
			break;
		case OPT_CLOSED:
			o->tour_closed = true;
			break;
		case OPT_LIST: {
			char *end;
			errno = 0;
			unsigned long long n = optarg ? strtoull(optarg, &end, 10) : 0;
			if (optarg && (errno || end == optarg || *end || n == 0 ||
			    optarg[0] == '-'))
				return bad("list", optarg,
				    "must be a positive number of tours");
			o->tour_list = true;
			o->tour_list_max = n;
			break;
		}
		case OPT_WATCH:
			o->tour_watch = true;
			break;
		case OPT_TOUR:
			o->tour_bench = true;
			break;
		case 'h':
			return 2;
		case 'V':
			printf("%s\n", PACKAGE_STRING);
			puts("Copyright (C) 2026 the dropfour developers.\n"
			     "License: MIT.  There is NO WARRANTY.");
			return 1;
		default:
			fputs("Try 'dropfour --help' for more information.\n",
			    stderr);
			return -1;
		}
	}
	if (o->eval_average && !o->depth_given)
		o->depth = 8;
	/* Tour boards are checked by the tour code (up to 8x8). */
	o->tour_board = o->mode == MODE_TOUR || o->tour_bench ||
	    (o->mode == MODE_BENCH && optind < argc &&
	     strcmp(argv[optind], "tour-sample") == 0);
	const char *why = o->tour_board ? NULL :
	    board_size_error(o->width, o->height);
	if (why != NULL) {
		fprintf(stderr, "dropfour: impossible board size %dx%d: %s\n",
		    o->width, o->height, why);
		return -1;
	}
	if (o->weak && o->analyze) {
		fputs("dropfour: --weak and --analyze cannot be combined\n",
		    stderr);
		return -1;
	}
	if ((o->position != NULL || o->load != NULL) &&
	    (o->mode == MODE_SOLVE || o->mode == MODE_BENCH)) {
		fprintf(stderr, "dropfour: --%s is for the game and selfplay: "
		    "%s reads its positions from FILE\n",
		    o->position != NULL ? "position" : "load",
		    o->mode == MODE_SOLVE ? "solve" : "bench");
		return -1;
	}
	o->argc = argc - optind;
	o->argv = argv + optind;
	if ((o->tour_from || o->tour_closed || o->tour_list || o->tour_watch) &&
	    o->mode != MODE_TOUR) {
		fputs("dropfour: --from, --closed, --list and --watch belong to "
		      "the tour mode\n", stderr);
		return -1;
	}
	if (o->tour_bench && o->mode != MODE_BENCH) {
		fputs("dropfour: --tour belongs to bench speedup\n", stderr);
		return -1;
	}
	if (o->mode != MODE_SOLVE && o->mode != MODE_BENCH &&
	    o->mode != MODE_BOOK && o->argc > 0) {
		fprintf(stderr, "dropfour: unexpected argument '%s'\n",
		    o->argv[0]);
		fputs("Try 'dropfour --help' for more information.\n", stderr);
		return -1;
	}
	return 0;
}

void
options_limits(const struct options *o, struct search_limits *lim)
{
	search_limits_default(lim);
	lim->mode = o->perfect ? SEARCH_EXACT :
	    o->eval_average ? SEARCH_AVERAGE : SEARCH_DEPTH;
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
