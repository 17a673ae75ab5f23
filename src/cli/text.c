/* text.c -- the plain line-based front-end.
 *
 * `dropfour --text`, and the fallback when there is no usable terminal.  It
 * prints the board, reads one line per move, and answers bad input with a
 * reason before asking again.  The AI's move comes with every column's
 * score, the nodes each thread searched and the time taken.  It reads a
 * pipe as well as a person: lines read from something other than a
 * terminal are echoed, so a transcript reads like a session, and the end of
 * input ends the game cleanly (exit status 0).
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "search/policy/level.h"
#include "search/engine/engine.h"
#include "core/game.h"
#include "cli/options.h"
#include "core/score.h"
#include "search/search.h"
#include "cli/setup.h"
#include "search/node/stats.h"
#include "cli/text-int.h"
#include "cli/text.h"
#include "core/util.h"

struct text_cmd {
	const char *names; /* the first is shown first in the help */
	const char *args;
	const char *help;
	enum text_next (*fn)(struct text *, const char *);
};

static enum text_next text_cmd_undo(struct text *, const char *);
static enum text_next text_cmd_redo(struct text *, const char *);
static enum text_next text_cmd_board(struct text *, const char *);
static enum text_next text_cmd_save(struct text *, const char *);
static enum text_next text_cmd_help(struct text *, const char *);
static enum text_next text_cmd_quit(struct text *, const char *);

static const struct text_cmd text_cmds[] = {
    {.names = "u undo",
     .fn = text_cmd_undo,
     .help = "take back your last move (and the AI's reply)"},
    {.names = "r redo",
     .fn = text_cmd_redo,
     .help = "play again what was taken back"},
    {.names = "b board",
     .fn = text_cmd_board,
     .help = "show the board and the moves so far"},
    {.names = "w save",
     .args = " FILE",
     .fn = text_cmd_save,
     .help = "save the game to FILE"},
    {.names = "h ? help", .fn = text_cmd_help, .help = "this help"},
    {.names = "q quit exit", .fn = text_cmd_quit, .help = "leave the game"},
};

static char
text_glyph(int player)
{
	return player == 1 ? 'X' : 'O';
}

static void
text_print_board(struct text *t)
{
	char buf[1024], moves[BOARD_MAX_CELLS + 1];

	board_format(&t->g.board, buf, sizeof buf);
	game_moves_string(&t->g, moves, sizeof moves);
	printf("\n%s", buf);
	printf("moves: %s\n", moves[0] != '\0' ? moves : "(none)");
}

/* The AI's move: search, report, play. */
int
text_ai_move(struct text *t)
{
	struct search_result r;
	struct stats_snapshot *snap = xmalloc(sizeof *snap);
	char what[128], words[64], si[16], si2[16];
	board_t root = t->g.board;
	int who = game_to_move(&t->g);

	search_limits_describe(&t->lim, what, sizeof what);
	printf("%c (AI) is thinking: %s...\n", text_glyph(who), what);
	fflush(stdout);

	/* A search of the caller's (across the ranks) reports its own
	 * workers; the engine, made the first time it is needed, its
	 * threads. */
	bool own = t->search != NULL &&
	           t->search(t->search_ctx, &root, &t->lim, &r) == 0;
	if (!own) {
		if (t->e == NULL) {
			t->e = output_engine_new(t->o->tt_mb);
			/* The table's pages in before the first search, as
			 * the game does: on its clock their faults cut a
			 * timed move at 256 MB to depth 3. */
			engine_ready(t->e);
		}
		uint64_t id = engine_start(t->e, &root, &t->lim);
		engine_wait(t->e, id, &r);
		engine_snapshot(t->e, snap);
	}
	if (r.move < 0 || game_play(&t->g, r.move) != BOARD_OK) {
		cli_error("the engine found no move");
		free(snap);
		return -1;
	}

	/* The played column's own score; the search's best beside it when
	 * the level (or a forced move) chose another column. */
	printf("%c (AI) plays %d: %s", text_glyph(who), r.move + 1,
	       level_col_words(&root, &r, r.move, words, sizeof words));
	if (r.depth > 0 && r.kind == SCORE_HEURISTIC)
		printf(", depth %d", r.depth);
	printf(", %.3f s%s\n", r.seconds, r.partial ? " (stopped early)" : "");
	enum level_reason why = level_why(&root, &r, r.move);
	if (why != LEVEL_REASON_BEST)
		printf("  %s; the search's best is %d: %s\n",
		       why == LEVEL_REASON_WIN     ? "a win in one"
		       : why == LEVEL_REASON_BLOCK ? "a forced block"
		                                   : "the level's own choice",
		       r.best + 1,
		       level_col_words(&root, &r, r.best, words, sizeof words));

	printf("  scores:");
	for (int c = 0; c < root.w; c++) {
		if (!board_can_play(&root, c))
			printf("  %d: full", c + 1);
		else if (r.col_kind[c] == SCORE_NONE)
			printf("  %d: .", c + 1);
		else
			printf("  %d: %s", c + 1,
			       score_words(&root, r.col_kind[c], r.col_score[c],
			                   words, sizeof words));
	}
	printf("\n");
	if (own) {
		free(snap);
		return 0;
	}

	int nthreads = snap->nthreads;
	if (nthreads < 1 || nthreads > STATS_MAX_THREADS)
		nthreads = 1;
	printf("  nodes: %s (%s/s) on %d thread%s:",
	       util_si(si, sizeof si, (double)r.nodes),
	       util_si(si2, sizeof si2,
	               r.seconds > 0 ? (double)r.nodes / r.seconds : 0.0),
	       nthreads, nthreads == 1 ? "" : "s");
	for (int i = 0; i < nthreads; i++)
		printf(" #%d %s", i,
		       util_si(si, sizeof si, (double)snap->thread[i].nodes));
	printf("\n");
	free(snap);
	return 0;
}

static void
text_print_help(struct text *t)
{
	printf("Type a column number, 1 to %d, to drop a stone there", t->g.w);
	if (t->g.w > 9)
		printf(" (columns 10 to %d also by their names under the "
		       "board, a to %c, except b: the board command)",
		       t->g.w, board_col_char(t->g.w - 1));
	printf(".  Commands:\n");
	for (size_t i = 0; i < sizeof text_cmds / sizeof text_cmds[0]; i++) {
		const struct text_cmd *c = &text_cmds[i];
		char name[32];
		snprintf(name, sizeof name, "%s%s", c->names,
		         c->args != NULL ? c->args : "");
		printf("  %-18s %s\n", name, c->help);
	}
	printf("X moves first; four in a row (across, up or diagonal) "
	       "wins.\n"
	       "After each AI move, the score of every column: '.' not "
	       "searched, 'full' a full column.\n");
}

static bool
text_human_turn(struct text *t)
{
	return t->g.state == GAME_ON &&
	       game_current_player(&t->g) == PLAYER_HUMAN;
}

static enum text_next
text_cmd_undo(struct text *t, const char *arg)
{
	int k = t->g.nmoves - 1;

	(void)arg;
	/* Back to the last position where a human was to move: the AI's
	 * replies go too. */
	while (k >= 0 && t->g.player[k % 2] != PLAYER_HUMAN)
		k--;
	if (k < 0) {
		printf("Nothing to undo.\n");
		return TEXT_ASK;
	}
	while (t->g.nmoves > k)
		game_undo(&t->g);
	return TEXT_BOARD;
}

static enum text_next
text_cmd_redo(struct text *t, const char *arg)
{
	(void)arg;
	if (!game_redo(&t->g)) {
		printf("Nothing to redo.\n");
		return TEXT_ASK;
	}
	while (t->g.state == GAME_ON && !text_human_turn(t) && t->g.nredo > 0)
		game_redo(&t->g);
	return TEXT_BOARD;
}

static enum text_next
text_cmd_board(struct text *t, const char *arg)
{
	(void)t;
	(void)arg;
	return TEXT_BOARD;
}

static enum text_next
text_cmd_save(struct text *t, const char *arg)
{
	if (arg == NULL || *arg == '\0') {
		printf("Save where?  Type w and a file name: w game.txt\n");
		return TEXT_ASK;
	}
	if (game_save(&t->g, arg) != 0)
		printf("Cannot save to %s: %s\n", arg, strerror(errno));
	else
		printf("Saved to %s.\n", arg);
	return TEXT_ASK;
}

static enum text_next
text_cmd_help(struct text *t, const char *arg)
{
	(void)arg;
	text_print_help(t);
	return TEXT_ASK;
}

static enum text_next
text_cmd_quit(struct text *t, const char *arg)
{
	(void)t;
	(void)arg;
	return TEXT_QUIT;
}

/* A column number typed by a human; prints the reason when refused. */
static enum text_next
text_column(struct text *t, const char *s)
{
	const int w = t->g.w;
	long n = 0;

	for (const char *p = s; *p != '\0'; p++) {
		if (!isdigit((unsigned char)*p)) {
			printf("'%s' is not a column: type a number from 1 to "
			       "%d (h for help).\n",
			       s, w);
			return TEXT_ASK;
		}
		if (n < 1000)
			n = n * 10 + (*p - '0');
	}
	if (n < 1 || n > w) {
		printf("There is no column %s: the columns are 1 to %d.\n", s,
		       w);
		return TEXT_ASK;
	}
	switch (game_play(&t->g, (int)n - 1)) {
	case BOARD_OK:
		return TEXT_BOARD;
	case BOARD_ERR_FULL:
		printf("Column %ld is full: pick another one.\n", n);
		return TEXT_ASK;
	default:
		printf("Cannot play column %ld now.\n", n);
		return TEXT_ASK;
	}
}

/* The command named by the `len` bytes at `word`, or NULL. */
static const struct text_cmd *
text_find(const char *word, size_t len)
{
	for (size_t i = 0; i < sizeof text_cmds / sizeof text_cmds[0]; i++) {
		const char *p = text_cmds[i].names;
		while (*p != '\0') {
			size_t n = strcspn(p, " ");
			if (n == len && strncasecmp(p, word, len) == 0)
				return &text_cmds[i];
			p += n;
			p += strspn(p, " ");
		}
	}
	return NULL;
}

static void
text_unknown(struct text *t, const char *s)
{
	printf("'%s' is not a column or a command: type a number from 1 to "
	       "%d, or h for help.\n",
	       s, t->g.w);
}

/* One line of input: a column or a command. */
enum text_next
text_handle(struct text *t, char *s)
{
	char *end, *arg;

	while (isspace((unsigned char)*s))
		s++;
	end = s + strlen(s);
	while (end > s && isspace((unsigned char)end[-1]))
		*--end = '\0';
	if (*s == '\0') {
		printf("Type a column number from 1 to %d (h for help).\n",
		       t->g.w);
		return TEXT_ASK;
	}
	if (isdigit((unsigned char)*s))
		return text_column(t, s);
	/* Columns 10 to 16 also by their names in the board's footer, a to
	 * g (either case), unless the letter is a command (b: board). */
	const int lc = s[1] == '\0' ? board_char_col(*s) : -1;
	if (lc >= 9 && text_find(s, 1) == NULL) {
		char num[8];
		snprintf(num, sizeof num, "%d", lc + 1);
		return text_column(t, num);
	}

	arg = s + strcspn(s, " \t");
	if (*arg != '\0' && text_find(s, (size_t)(arg - s)) == NULL) {
		text_unknown(t, s);
		return TEXT_ASK;
	}
	if (*arg != '\0') {
		*arg++ = '\0';
		while (isspace((unsigned char)*arg))
			arg++;
	}
	const struct text_cmd *c = text_find(s, strlen(s));
	if (c == NULL) {
		text_unknown(t, s);
		return TEXT_ASK;
	}
	return c->fn(t, arg);
}

/* Read a line; false at the end of input. */
static bool
text_read(struct text *t)
{
	ssize_t n = getline(&t->line, &t->linecap, stdin);

	if (n < 0)
		return false;
	if (t->echo) {
		fputs(t->line, stdout);
		if (n == 0 || t->line[n - 1] != '\n')
			putchar('\n');
	}
	return true;
}

/* Perfect play against the AI: the AI thinks on the human's turn (as the
 * curses game does), scoring every move the human can make, so that its
 * search after the move finds its root's score in the table and only asks
 * which column reaches it.  Nothing is shown until the human has typed a
 * line.  Returns whether a ponder was started. */
static bool
text_ponder_start(struct text *t)
{
	if (!t->o->perfect || t->o->game.no_ponder || !text_human_turn(t) ||
	    !game_has_ai(&t->g) || t->search != NULL)
		return false;
	if (t->e == NULL)
		t->e = output_engine_new(t->o->tt_mb);
	struct search_limits lim = search_limits_for_ponder(&t->lim);
	struct stats_snapshot *snap = xmalloc(sizeof *snap);
	engine_snapshot(t->e, snap);
	t->ponder_after = snap->searches; /* the searches before it */
	free(snap);
	t->ponder_id = engine_start(t->e, &t->g.board, &lim);
	return true;
}

/* The human has typed a line: stop pondering and say what it did. */
static void
text_ponder_stop(struct text *t)
{
	struct stats_snapshot *snap = xmalloc(sizeof *snap);
	struct search_result r;
	char si[16];

	bool done = engine_poll(t->e, t->ponder_id, &r);
	engine_snapshot(t->e, snap);
	engine_cancel(t->e);
	if (snap->searches > t->ponder_after && snap->nodes > 0)
		printf("  (the AI pondered on your time: %s nodes, %.2f s%s)\n",
		       util_si(si, sizeof si, (double)snap->nodes),
		       snap->elapsed, done ? ", every move scored" : "");
	free(snap);
}

static void
text_print_end(struct text *t)
{
	switch (t->g.state) {
	case GAME_WIN1:
	case GAME_WIN2:
		printf("%c wins.\n",
		       text_glyph(t->g.state == GAME_WIN1 ? 1 : 2));
		break;
	case GAME_DRAW:
		printf("Draw: the board is full.\n");
		break;
	case GAME_ON:
		break;
	}
}

int
text_setup(struct text *t)
{
	if (setup_game(&t->g, t->o) != 0)
		return CLI_EXIT_USAGE;
	options_limits(t->o, t->session->book, &t->lim);
	/* Perfect play scores every column, not just the best one. */
	t->lim.analyze = true;
	return 0;
}

int
text_main(const struct options *o, struct cli_session *session)
{
	return text_play(o, session, NULL, NULL);
}

int
text_play(const struct options *o, struct cli_session *session,
          text_search_fn *search, void *ctx)
{
	struct text t;
	int status = 0;

	memset(&t, 0, sizeof t);
	t.o = o;
	t.session = session;
	t.search = search;
	t.search_ctx = ctx;
	t.echo = !isatty(STDIN_FILENO);
	if ((status = text_setup(&t)) != 0)
		return status;

	printf("dropfour %dx%d: X %s, O %s.  Type h for help.\n", t.g.w, t.g.h,
	       t.g.player[0] == PLAYER_AI ? "(AI)" : "(you)",
	       t.g.player[1] == PLAYER_AI ? "(AI)" : "(you)");
	text_print_board(&t);
	for (;;) {
		if (t.g.state != GAME_ON) {
			text_print_end(&t);
			break;
		}
		if (game_current_player(&t.g) == PLAYER_AI) {
			if (text_ai_move(&t) != 0) {
				status = CLI_EXIT_FAILURE;
				break;
			}
			text_print_board(&t);
			continue;
		}

		if (t.g.w > 9)
			printf("%c to move, column 1-%d (10-%d are a-%c; h for "
			       "help): ",
			       text_glyph(game_to_move(&t.g)), t.g.w, t.g.w,
			       board_col_char(t.g.w - 1));
		else
			printf("%c to move, column 1-%d (h for help): ",
			       text_glyph(game_to_move(&t.g)), t.g.w);
		fflush(stdout);
		bool pondering = text_ponder_start(&t);
		bool got = text_read(&t);
		if (pondering)
			text_ponder_stop(&t);
		if (!got) {
			printf("\nEnd of input: leaving the game "
			       "unfinished.\n");
			break;
		}
		enum text_next next = text_handle(&t, t.line);
		if (next == TEXT_QUIT) {
			printf("Bye.\n");
			break;
		}
		if (next == TEXT_BOARD)
			text_print_board(&t);
	}
	fflush(stdout);
	if (t.e != NULL)
		engine_free(t.e);
	free(t.line);
	return status;
}
