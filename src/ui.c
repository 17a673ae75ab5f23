/* ui.c -- the curses game: set-up and teardown, signals, the timed input
 * loop, the key table and the title and status lines.
 *
 * The main thread is the only one that calls curses.  It never waits on the
 * engine: each loop turn polls for a finished search (engine_poll), takes a
 * statistics snapshot 12 times a second while a search runs, handles at most
 * one key (getch with a timeout of 5-100 ms) and redraws the windows whose
 * dirty bit is set.  Signals only set flags that the loop reads: SIGINT and
 * SIGTERM end the game, SIGTSTP suspends it; SIGWINCH is left to curses,
 * which turns it into KEY_RESIZE.  The terminal is restored on every way
 * out (quit, signals, exit() from a fatal error, crashes).
 */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "setup.h"
#include "text.h"
#include "ui-int.h"
#include "ui.h"
#include "util.h"

#define UI_TICK         0.08 /* seconds between snapshots while searching */
#define UI_MSG_SECONDS  8.0  /* how long a status message stays */
#define UI_AI_AI_PACE   0.6  /* seconds between moves when AIs play */
#define UI_SAVE_DEFAULT "dropfour-save.txt"

static volatile sig_atomic_t ui_sig_quit;
static volatile sig_atomic_t ui_sig_tstp;
static volatile sig_atomic_t ui_curses_on;

/* ---- small helpers used by every ui file ------------------------------ */

double
ui_now(void)
{
	return util_now_s();
}

void
ui_message(struct ui *ui, bool warn, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_warn = warn;
	ui->msg_time = ui_now();
	ui->dirty |= UI_DIRTY_STATUS;
}

void
ui_log(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	if (ui->log == NULL)
		return;
	fprintf(ui->log, "%.6f ", ui_now());
	va_start(ap, fmt);
	vfprintf(ui->log, fmt, ap);
	va_end(ap);
	fputc('\n', ui->log);
	fflush(ui->log);
}

void
ui_limits(const struct ui *ui, struct search_limits *lim)
{
	struct options o = *ui->o;

	o.depth = ui->depth;
	o.perfect = ui->perfect;
	o.threads = ui->threads;
	o.split = ui->split;
	o.time_limit = ui->time_limit;
	options_limits(&o, lim);
}

const char *
ui_player_name(const struct ui *ui, int player)
{
	static const char *const both_human[] = {"Player 1", "Player 2"};
	static const char *const both_ai[] = {"AI 1", "AI 2"};
	const enum player_kind *k = ui->game.player;

	if (k[0] == k[1])
		return k[0] == PLAYER_HUMAN ? both_human[player - 1]
		                            : both_ai[player - 1];
	return k[player - 1] == PLAYER_HUMAN ? "You" : "AI";
}

const char *
ui_token(const struct ui *ui, int player)
{
	if (!ui->utf8)
		return player == 1 ? "X" : "O";
	if (ui->color)
		return "\u25cf";                  /* ● */
	return player == 1 ? "\u25cf" : "\u25cb"; /* ● ○ */
}

attr_t
ui_attr(const struct ui *ui, enum ui_color c)
{
	if (ui->color)
		return COLOR_PAIR(c);
	switch (c) {
	case UI_C_TITLE:
	case UI_C_KEY:
		return A_REVERSE;
	case UI_C_HEAD:
	case UI_C_WARN:
	case UI_C_WIN:
		return A_BOLD;
	case UI_C_FRAME:
	case UI_C_HEUR:
		return A_NORMAL;
	default:
		return A_NORMAL;
	}
}

void
ui_box(const struct ui *ui, WINDOW *w)
{
	attr_t a = ui_attr(ui, UI_C_FRAME);

	wattron(w, a);
	if (ui->utf8)
		wborder_set(w, WACS_VLINE, WACS_VLINE, WACS_HLINE, WACS_HLINE,
		            WACS_ULCORNER, WACS_URCORNER, WACS_LLCORNER,
		            WACS_LRCORNER);
	else
		wborder(w, '|', '|', '-', '-', '+', '+', '+', '+');
	wattroff(w, a);
}

void
ui_puts(WINDOW *w, int y, int x, const char *s)
{
	int maxx = getmaxx(w);

	if (x >= maxx || y < 0 || y >= getmaxy(w))
		return;
	mvwaddnstr(w, y, x, s, -1);
	/* waddnstr wraps at the right edge; undo anything that spilled. */
	if (getcury(w) != y) {
		wmove(w, y + 1, 0);
		wclrtoeol(w);
		wmove(w, y, maxx - 1);
	}
}

void
ui_bar(const struct ui *ui, WINDOW *w, int y, int x, int width, double v,
       double t, attr_t attr)
{
	static const char *const eighth[] = {"",       "\u258f", "\u258e",
	                                     "\u258d", "\u258c", "\u258b",
	                                     "\u258a", "\u2589"};
	double f = t > 0 ? v / t : 0;
	int i, n;

	if (f < 0)
		f = 0;
	if (f > 1)
		f = 1;
	if (width < 1)
		return;
	if (!ui->utf8) {
		n = (int)ceil(f * width - 1e-9);
		mvwaddch(w, y, x, '[');
		wattron(w, attr);
		for (i = 0; i < width; i++)
			waddch(w, i < n ? '#' : ' ');
		wattroff(w, attr);
		waddch(w, ']');
		return;
	}
	n = (int)ceil(f * width * 8 - 1e-9);
	mvwaddstr(w, y, x, "\u2595"); /* ▕ */
	wattron(w, attr);
	for (i = 0; i < width; i++) {
		int e = n - i * 8;
		if (e >= 8)
			waddstr(w, "\u2588");
		else if (e > 0)
			waddstr(w, eighth[e]);
		else
			waddch(w, ' ');
	}
	wattroff(w, attr);
	waddstr(w, "\u258f"); /* ▏ */
}

/* ---- engine jobs ------------------------------------------------------ */

static bool
ui_job_is_current(const struct ui *ui)
{
	return ui->job != UI_JOB_NONE &&
	       ui->job_key == board_key(&ui->game.board) &&
	       ui->job_moves == ui->game.board.moves;
}

static void
ui_cancel(struct ui *ui)
{
	if (ui->job != UI_JOB_NONE) {
		engine_cancel(ui->engine);
		ui->job = UI_JOB_NONE;
		ui->latency_pending = false;
		engine_snapshot(ui->engine, &ui->snap);
		ui->have_snap = true;
		ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	}
}

static void
ui_start(struct ui *ui, enum ui_job job)
{
	struct search_limits lim;
	const board_t *b = &ui->game.board;

	ui_limits(ui, &lim);
	if (job == UI_JOB_ANALYSIS)
		lim.analyze = true;
	engine_snapshot(ui->engine, &ui->snap);
	ui->have_snap = true;
	ui->job_searches = ui->snap.searches;
	ui->job_id = engine_start(ui->engine, b, &lim);
	ui->job = job;
	ui->job_key = board_key(b);
	ui->job_moves = b->moves;
	ui->job_root = *b;
	ui->job_t0 = ui_now();
	ui->next_tick = ui->job_t0 + 0.01;
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	ui_log(ui, "start job %d id %llu threads %d depth %d perfect %d",
	       (int)job, (unsigned long long)ui->job_id, lim.threads, lim.depth,
	       ui->perfect);
}

/* Decide what the engine should be doing now, and make it so. */
void
ui_think(struct ui *ui)
{
	const board_t *b = &ui->game.board;
	enum ui_job want = UI_JOB_NONE;
	uint64_t key = board_key(b);

	if (ui->speedup.on)
		return;
	if (ui->game.state == GAME_ON && !ui->move_pending) {
		if (game_current_player(&ui->game) == PLAYER_AI)
			want = ui->paused ? UI_JOB_NONE : UI_JOB_MOVE;
		else if (ui->job == UI_JOB_HINT && ui_job_is_current(ui))
			return; /* a hint is on its way */
		else if (ui->analysis && !(ui->have_res && ui->res_key == key &&
		                           ui->res_moves == b->moves))
			want = UI_JOB_ANALYSIS;
	}
	if (want == UI_JOB_NONE) {
		ui_cancel(ui);
		return;
	}
	if (ui->job == want && ui_job_is_current(ui))
		return;
	ui_start(ui, want);
}

/* The settings changed: a running search restarts at once with them. */
static void
ui_settings_changed(struct ui *ui, const char *why)
{
	ui->have_res = false;
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_TITLE | UI_DIRTY_BOARD;
	if (ui->job != UI_JOB_NONE && ui->job != UI_JOB_SPEEDUP) {
		ui_start(ui, ui->job);
		ui->latency_pending = true;
		ui->latency_why = why;
		ui_log(ui, "toggle %s: search restarted", why);
	} else {
		ui_think(ui);
	}
}

/* A move for a partial result that has none: the best column scored so
 * far, or the legal column nearest the centre (search_choose()'s rule for
 * equal columns). */
static int
ui_fallback_move(const struct ui *ui, const struct search_result *r)
{
	const board_t *b = &ui->game.board;
	double zero[BOARD_MAX_WIDTH] = { 0 };
	bool legal[BOARD_MAX_WIDTH];

	int best = search_best_column(b, r, 0);
	if (best >= 0)
		return best;
	for (int c = 0; c < b->w; c++)
		legal[c] = board_can_play(b, c);
	return search_choose(b, zero, legal, 0);
}

static void
ui_game_over(struct ui *ui)
{
	ui_cancel(ui);
	ui->move_pending = false;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	ui_log(ui, "game over: %s", game_state_string(ui->game.state));
}

/* Drop a token; by_ai moves skip the whose-turn checks. */
static bool
ui_drop(struct ui *ui, int col, bool by_ai)
{
	struct game *g = &ui->game;
	enum board_err err;

	if (g->state != GAME_ON) {
		ui_message(ui, true, "the game is over: n new game, u undo");
		return false;
	}
	if (!by_ai && game_current_player(g) == PLAYER_AI) {
		if (g->player[0] == PLAYER_AI && g->player[1] == PLAYER_AI)
			ui_message(ui, true,
			           "the AIs are playing "
			           "(space pauses, s swaps)");
		else
			ui_message(ui, true,
			           "the AI is thinking: wait, "
			           "or press m to make it move now");
		return false;
	}
	if (col < 0 || col >= g->w) {
		ui_message(ui, true, "there is no column %d (1-%d)", col + 1,
		           g->w);
		return false;
	}
	err = game_play(g, col);
	if (err == BOARD_ERR_FULL) {
		ui_message(ui, true, "column %d is full", col + 1);
		return false;
	}
	if (err != BOARD_OK) {
		ui_message(ui, true, "%s", board_err_string(err));
		return false;
	}
	ui_log(ui, "move %d col %d by %s", g->nmoves, col + 1,
	       by_ai ? "ai" : "human");
	if (!by_ai)
		ui->cursor = col;
	ui->hint_col = -1;
	if (ui->msg_warn)
		ui->msg[0] = '\0';
	ui_board_animate(ui, col);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	if (g->state != GAME_ON)
		ui_game_over(ui);
	else
		ui_think(ui);
	return true;
}

void
ui_snapshot(struct ui *ui)
{
	engine_snapshot(ui->engine, &ui->snap);
	ui->have_snap = true;
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	if (ui->latency_pending && ui->snap.searches > ui->job_searches) {
		ui->latency_ms = engine_start_latency(ui->engine) * 1e3;
		ui->latency_pending = false;
		ui_log(ui, "toggle %s: start latency %.3f ms",
		       ui->latency_why ? ui->latency_why : "?", ui->latency_ms);
	}
}

static void
ui_finished(struct ui *ui, const struct search_result *r)
{
	enum ui_job job = ui->job;
	char words[64];

	ui->job = UI_JOB_NONE;
	ui_snapshot(ui);
	ui->res = *r;
	ui->have_res = true;
	ui->res_key = ui->job_key;
	ui->res_moves = ui->job_moves;
	ui_log(ui, "done job %d move %d score %d nodes %llu %.3fs%s", (int)job,
	       r->move + 1, r->score, (unsigned long long)r->nodes, r->seconds,
	       r->partial ? " partial" : "");
	if (ui->job_key != board_key(&ui->game.board) ||
	    ui->job_moves != ui->game.board.moves)
		return;
	switch (job) {
	case UI_JOB_MOVE:
		ui->move_pending = true;
		ui->move_col =
		    r->move >= 0 && board_can_play(&ui->game.board, r->move)
		        ? r->move
		        : ui_fallback_move(ui, r);
		break;
	case UI_JOB_HINT:
		ui->hint_col = r->move >= 0 ? r->move : ui_fallback_move(ui, r);
		if (ui->hint_col >= 0) {
			ui->cursor = ui->hint_col;
			score_words(&ui->game.board, r->kind, r->score,
			                   words, sizeof words);
			ui_message(ui, false, "hint: column %d (%s)",
			           ui->hint_col + 1, words);
		}
		break;
	default:
		break;
	}
}

/* One loop turn's look at the engine. */
static void
ui_poll(struct ui *ui)
{
	struct search_result r;
	double now = ui_now();

	if (ui->speedup.on) {
		if (ui_speedup_poll(ui))
			ui->dirty |= UI_DIRTY_PANEL;
	} else if (ui->job != UI_JOB_NONE &&
	           engine_poll(ui->engine, ui->job_id, &r)) {
		ui_finished(ui, &r);
		ui_think(ui);
	}
	if (ui->job != UI_JOB_NONE && now >= ui->next_tick) {
		ui_snapshot(ui);
		ui->next_tick = now + UI_TICK;
	}
	if (ui->move_pending && !ui_board_animating(ui) &&
	    now >= ui->move_not_before) {
		bool ai_ai = ui->game.player[0] == PLAYER_AI &&
		             ui->game.player[1] == PLAYER_AI;
		ui->move_pending = false;
		if (ui->move_col >= 0 &&
		    game_current_player(&ui->game) == PLAYER_AI)
			ui_drop(ui, ui->move_col, true);
		ui->move_not_before = ui_now() + (ai_ai ? UI_AI_AI_PACE : 0);
		ui_think(ui);
	}
	if (ui->msg[0] != '\0' && now - ui->msg_time > UI_MSG_SECONDS) {
		ui->msg[0] = '\0';
		ui->dirty |= UI_DIRTY_STATUS;
	}
	if (ui->anim.on)
		ui->dirty |= UI_DIRTY_BOARD;
}

/* ---- keys ------------------------------------------------------------- */

static void
key_drop(struct ui *ui, int ch)
{
	ui_drop(ui, ch - '1', false);
}

static void
key_cursor(struct ui *ui, int ch)
{
	int w = ui->game.w;

	ui->cursor = (ui->cursor + (ch == KEY_LEFT ? w - 1 : 1)) % w;
	ui->dirty |= UI_DIRTY_BOARD;
}

static void
key_enter(struct ui *ui, int ch)
{
	(void)ch;
	ui_drop(ui, ui->cursor, false);
}

static void
key_depth(struct ui *ui, int ch)
{
	int d = ui->depth + ((ch == '+' || ch == '=') ? 1 : -1);
	static char why[32];

	if (d < 1 || d > SEARCH_MAX_DEPTH) {
		ui_message(ui, true, "depth stays %d (1-%d)", ui->depth,
		           SEARCH_MAX_DEPTH);
		return;
	}
	ui->depth = d;
	if (ui->perfect)
		ui_message(ui, false,
		           "depth %d: depth-limited play "
		           "(p: perfect play)",
		           d);
	else
		ui_message(ui, false, "depth %d", d);
	ui->perfect = false;
	snprintf(why, sizeof why, "depth %d", d);
	ui_settings_changed(ui, why);
}

static void
key_threads(struct ui *ui, int ch)
{
	int t = ui->threads + (ch == 'T' ? 1 : -1);
	static char why[32];

	if (t < 1 || t > ui->max_threads) {
		ui_message(ui, true, "threads stay %d (1-%d)", ui->threads,
		           ui->max_threads);
		return;
	}
	ui->threads = t;
	ui_message(ui, false, "%d thread%s", t, t == 1 ? "" : "s");
	snprintf(why, sizeof why, "threads %d", t);
	ui_settings_changed(ui, why);
}

static void
key_perfect(struct ui *ui, int ch)
{
	(void)ch;
	ui->perfect = !ui->perfect;
	if (ui->perfect)
		ui_message(ui, false, "perfect play: the exact solver");
	else
		ui_message(ui, false, "depth-limited play, depth %d",
		           ui->depth);
	ui_settings_changed(ui, ui->perfect ? "perfect on" : "perfect off");
}

static bool
ui_has_human(const struct ui *ui)
{
	return ui->game.player[0] == PLAYER_HUMAN ||
	       ui->game.player[1] == PLAYER_HUMAN;
}

static bool
ui_has_ai(const struct ui *ui)
{
	return ui->game.player[0] == PLAYER_AI ||
	       ui->game.player[1] == PLAYER_AI;
}

static void
ui_reset_view(struct ui *ui)
{
	ui_cancel(ui);
	ui->move_pending = false;
	ui->anim.on = false;
	ui->hint_col = -1;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

static void
key_undo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_undo(&ui->game)) {
		ui_message(ui, true, "nothing to undo");
		ui_think(ui);
		return;
	}
	n++;
	if (ui_has_human(ui)) {
		/* Against the AI, undo its reply and your move together. */
		while (game_current_player(&ui->game) == PLAYER_AI &&
		       game_undo(&ui->game))
			n++;
	} else {
		ui->paused = true;
	}
	ui_message(ui, false, "took back %d move%s%s", n, n == 1 ? "" : "s",
	           ui->paused ? " (paused: space resumes)" : "");
	ui_think(ui);
}

static void
key_redo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_redo(&ui->game)) {
		ui_message(ui, true, "nothing to redo");
		ui_think(ui);
		return;
	}
	n++;
	while (ui_has_human(ui) &&
	       game_current_player(&ui->game) == PLAYER_AI &&
	       ui->game.nredo > 0 && game_redo(&ui->game))
		n++;
	ui_board_animate(ui, ui->game.moves[ui->game.nmoves - 1]);
	ui_message(ui, false, "replayed %d move%s", n, n == 1 ? "" : "s");
	if (ui->game.state != GAME_ON)
		ui_game_over(ui);
	ui_think(ui);
}

static void
key_hint(struct ui *ui, int ch)
{
	const board_t *b = &ui->game.board;
	char words[64];

	(void)ch;
	if (ui->game.state != GAME_ON) {
		ui_message(ui, true, "the game is over: no hint");
		return;
	}
	if (game_current_player(&ui->game) == PLAYER_AI) {
		ui_message(ui, true, "hints are for your turn");
		return;
	}
	if (ui->have_res && ui->res_key == board_key(b) &&
	    ui->res_moves == b->moves && ui->res.move >= 0 &&
	    !ui->res.partial) {
		ui->hint_col = ui->cursor = ui->res.move;
		score_words(b, ui->res.kind, ui->res.score, words,
		                   sizeof words);
		ui_message(ui, false, "hint: column %d (%s)", ui->hint_col + 1,
		           words);
		ui->dirty |= UI_DIRTY_BOARD;
		return;
	}
	ui_start(ui, UI_JOB_HINT);
	ui_message(ui, false, "looking for a hint... (m: now)");
}

static void
key_swap(struct ui *ui, int ch)
{
	enum player_kind *k = ui->game.player;
	enum player_kind t;

	(void)ch;
	if (k[0] == k[1]) {
		ui_message(ui, true, "both sides are %s: nothing to swap",
		           k[0] == PLAYER_HUMAN ? "human" : "the AI");
		return;
	}
	ui_reset_view(ui);
	t = k[0];
	k[0] = k[1];
	k[1] = t;
	ui->play = k[0] == PLAYER_HUMAN ? PLAY_HUMAN_AI : PLAY_AI_HUMAN;
	ui_message(ui, false, "you now play %s (player %d)",
	           ui->utf8 && ui->color
	               ? (k[0] == PLAYER_HUMAN ? "red" : "yellow")
	               : ui_token(ui, k[0] == PLAYER_HUMAN ? 1 : 2),
	           k[0] == PLAYER_HUMAN ? 1 : 2);
	ui_think(ui);
}

static void
key_move_now(struct ui *ui, int ch)
{
	(void)ch;
	if (ui->job == UI_JOB_MOVE || ui->job == UI_JOB_HINT) {
		engine_stop(ui->engine);
		ui_message(ui, false, "stopped: the best move so far");
		return;
	}
	if (ui->game.state == GAME_ON &&
	    game_current_player(&ui->game) == PLAYER_AI && ui->paused) {
		ui->paused = false;
		ui_think(ui);
		ui_message(ui, false, "resumed");
		return;
	}
	ui_message(ui, true, "the AI is not thinking");
}

static void
key_analysis(struct ui *ui, int ch)
{
	(void)ch;
	ui->analysis = !ui->analysis;
	ui_message(ui, false, "analysis %s",
	           ui->analysis ? "on: column "
	                          "scores on your turn"
	                        : "off");
	if (!ui->analysis && ui->job == UI_JOB_ANALYSIS)
		ui_cancel(ui);
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD;
	ui_think(ui);
}

static void
key_speedup(struct ui *ui, int ch)
{
	(void)ch;
	ui_speedup_open(ui);
}

static void
key_pause(struct ui *ui, int ch)
{
	(void)ch;
	if (!ui_has_ai(ui)) {
		ui_message(ui, true, "no AI to pause");
		return;
	}
	ui->paused = !ui->paused;
	if (ui->paused && ui->job == UI_JOB_MOVE)
		ui_cancel(ui);
	ui->move_pending = ui->paused ? false : ui->move_pending;
	ui_message(ui, false, ui->paused ? "paused" : "resumed");
	ui->dirty |= UI_DIRTY_STATUS | UI_DIRTY_PANEL;
	ui_think(ui);
}

static void
key_new(struct ui *ui, int ch)
{
	enum player_kind k0 = ui->game.player[0], k1 = ui->game.player[1];

	(void)ch;
	ui_reset_view(ui);
	game_init(&ui->game, ui->game.w, ui->game.h);
	ui->game.player[0] = k0;
	ui->game.player[1] = k1;
	ui->have_res = false;
	ui->cursor = (ui->game.w - 1) / 2;
	ui_message(ui, false, "new game");
	ui_think(ui);
}

static void
key_save(struct ui *ui, int ch)
{
	const char *path = getenv("DROPFOUR_SAVE");

	(void)ch;
	if (path == NULL || path[0] == '\0')
		path = UI_SAVE_DEFAULT;
	if (game_save(&ui->game, path) != 0)
		ui_message(ui, true, "cannot save to %s: %s", path,
		           strerror(errno));
	else
		ui_message(ui, false, "saved to %s (dropfour --load %s)", path,
		           path);
}

static void
key_help(struct ui *ui, int ch)
{
	(void)ch;
	ui->help = true;
	ui->help_scroll = 0;
	ui->dirty |= UI_DIRTY_PANEL;
}

static void
key_quit(struct ui *ui, int ch)
{
	(void)ch;
	ui->quit = true;
}

static void
key_mouse(struct ui *ui, int ch)
{
	MEVENT ev;
	int y, x, col;

	(void)ch;
	if (getmouse(&ev) != OK || ui->wboard == NULL)
		return;
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return;
	y = ev.y;
	x = ev.x;
	if (!wmouse_trafo(ui->wboard, &y, &x, FALSE))
		return;
	col = ui_board_column_at(ui, x);
	if (col < 0)
		return;
	ui->cursor = col;
	ui_drop(ui, col, false);
}

/* Every key of the game: what the help overlay and the man page list. */
const struct ui_key ui_keys[] = {
    {.keys = "1-9",
     .what = "drop into that column",
     .fn = key_drop,
     .codes = {'1', '2', '3', '4', '5', '6', '7', '8', '9'}},
    {.keys = "Left Right",
     .what = "move the cursor",
     .fn = key_cursor,
     .codes = {KEY_LEFT, KEY_RIGHT}},
    {.keys = "Enter",
     .what = "drop at the cursor",
     .fn = key_enter,
     .codes = {'\n', '\r', KEY_ENTER}},
    {.keys = "+ -",
     .what = "depth up / down",
     .fn = key_depth,
     .codes = {'+', '=', '-', '_'}},
    {.keys = "T t",
     .what = "threads up / down",
     .fn = key_threads,
     .codes = {'T', 't'}},
    {.keys = "u",
     .what = "undo (and the AI's reply)",
     .fn = key_undo,
     .codes = {'u'}},
    {.keys = "r", .what = "redo", .fn = key_redo, .codes = {'r'}},
    {.keys = "h",
     .what = "hint: best move for you",
     .fn = key_hint,
     .codes = {'h'}},
    {.keys = "s",
     .what = "swap sides with the AI",
     .fn = key_swap,
     .codes = {'s'}},
    {.keys = "p",
     .what = "perfect play on / off",
     .fn = key_perfect,
     .codes = {'p'}},
    {.keys = "m",
     .what = "make the AI move now",
     .fn = key_move_now,
     .codes = {'m'}},
    {.keys = "a",
     .what = "analysis on / off",
     .fn = key_analysis,
     .codes = {'a'}},
    {.keys = "S",
     .what = "speedup: 1..N threads",
     .fn = key_speedup,
     .codes = {'S'}},
    {.keys = "space",
     .what = "pause / resume the AI",
     .fn = key_pause,
     .codes = {' '}},
    {.keys = "n", .what = "new game", .fn = key_new, .codes = {'n'}},
    {.keys = "w", .what = "save the game", .fn = key_save, .codes = {'w'}},
    {.keys = "?", .what = "this help", .fn = key_help, .codes = {'?'}},
    {.keys = "q", .what = "quit", .fn = key_quit, .codes = {'q'}},
    {.keys = NULL, /* not listed: the mouse */
     .what = NULL,
     .fn = key_mouse,
     .codes = {KEY_MOUSE}},
};
const int ui_nkeys = (int)(sizeof ui_keys / sizeof ui_keys[0]);

static void
ui_key(struct ui *ui, int ch)
{
	if (ui->help) {
		/* Any key closes the help; arrows scroll it. */
		if (ch == KEY_DOWN || ch == KEY_NPAGE)
			ui->help_scroll++;
		else if (ch == KEY_UP || ch == KEY_PPAGE)
			ui->help_scroll -= ui->help_scroll > 0;
		else
			ui->help = false;
		ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
		return;
	}
	if (ui->speedup.on) {
		ui_speedup_key(ui, ch);
		return;
	}
	for (int i = 0; i < ui_nkeys; i++) {
		for (int j = 0; j < 10 && ui_keys[i].codes[j] != 0; j++) {
			if (ui_keys[i].codes[j] == ch) {
				ui_keys[i].fn(ui, ch);
				ui->dirty |= UI_DIRTY_TITLE;
				return;
			}
		}
	}
	if (ch != KEY_RESIZE && ch != 27)
		ui_message(ui, true, "no such key (? shows the keys)");
}

/* ---- drawing ---------------------------------------------------------- */

static void
ui_free_windows(struct ui *ui)
{
	WINDOW **w[] = {&ui->wtitle, &ui->wboard, &ui->wpanel, &ui->wstatus};

	for (size_t i = 0; i < sizeof w / sizeof w[0]; i++) {
		if (*w[i] != NULL)
			delwin(*w[i]);
		*w[i] = NULL;
	}
}

static void
ui_layout(struct ui *ui)
{
	int bw, bh, pw, body;

	ui_free_windows(ui);
	/* Nothing of an earlier screen (too small, speedup) may show
	 * around the windows. */
	werase(stdscr);
	wnoutrefresh(stdscr);
	getmaxyx(stdscr, ui->lines, ui->cols);
	ui_board_size(ui, &bw, &bh);
	ui->need_w = bw + UI_PANEL_MIN_W;
	ui->need_h = (bh > UI_PANEL_MIN_H ? bh : UI_PANEL_MIN_H) + 3;
	ui->too_small = ui->cols < ui->need_w || ui->lines < ui->need_h;
	clearok(curscr, TRUE);
	ui->dirty = UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	if (ui->too_small)
		return;
	body = ui->lines - 3;
	pw = ui->cols - bw;
	if (pw > 76)
		pw = 76;
	ui->wtitle = newwin(1, ui->cols, 0, 0);
	ui->wboard = newwin(body, bw, 1, 0);
	ui->wpanel = newwin(body, pw, 1, bw);
	ui->wstatus = newwin(2, ui->cols, ui->lines - 2, 0);
	ui_log(ui, "layout %dx%d", ui->cols, ui->lines);
}

static void
ui_draw_title(struct ui *ui)
{
	WINDOW *w = ui->wtitle;
	const struct game *g = &ui->game;
	char buf[256];

	werase(w);
	wbkgdset(w, ' ' | ui_attr(ui, UI_C_TITLE));
	werase(w);
	wattron(w, ui_attr(ui, UI_C_TITLE) | A_BOLD);
	ui_puts(w, 0, 1, PACKAGE_STRING);
	wattroff(w, A_BOLD);
	snprintf(buf, sizeof buf, "  %s %s vs %s %s   %dx%d   move %d   %s",
	         ui_player_name(ui, 1),
	         ui->color && ui->utf8 ? "(red)" : ui_token(ui, 1),
	         ui_player_name(ui, 2),
	         ui->color && ui->utf8 ? "(yellow)" : ui_token(ui, 2), g->w,
	         g->h, g->nmoves + 1,
	         ui->perfect ? "perfect play" : "depth-limited");
	ui_puts(w, 0, (int)strlen(PACKAGE_STRING) + 1, buf);
	snprintf(buf, sizeof buf, "? help ");
	if (ui->cols > 70)
		ui_puts(w, 0, ui->cols - (int)strlen(buf), buf);
	wattroff(w, ui_attr(ui, UI_C_TITLE));
	wnoutrefresh(w);
}

static void
ui_draw_status(struct ui *ui)
{
	static const struct {
		const char *key, *ascii, *label;
	} bar[] = {
	    {"1-9", "1-9", "Drop"}, {"\u2190\u2192\u23ce", "<>Ent", "Aim"},
	    {"+-", "+-", "Depth"},  {"Tt", "Tt", "Threads"},
	    {"u", "u", "Undo"},     {"h", "h", "Hint"},
	    {"a", "a", "Analysis"}, {"S", "S", "Speedup"},
	    {"?", "?", "Help"},     {"q", "q", "Quit"},
	};
	WINDOW *w = ui->wstatus;
	const struct game *g = &ui->game;
	char buf[256];
	int tomove = game_to_move(g), x;
	attr_t tok;

	werase(w);
	/* Line 1: whose turn, the result, and the last message. */
	wmove(w, 0, 1);
	if (g->state == GAME_WIN1 || g->state == GAME_WIN2) {
		int p = g->state == GAME_WIN1 ? 1 : 2;
		const char *name = ui_player_name(ui, p);
		tok = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		wattron(w, tok);
		waddstr(w, ui_token(ui, p));
		wattroff(w, tok);
		wattron(w, A_BOLD);
		snprintf(buf, sizeof buf, " %s (%s) %s! ", name,
		         ui_token(ui, p),
		         strcmp(name, "You") == 0 ? "win" : "wins");
		waddstr(w, buf);
		wattroff(w, A_BOLD);
		waddstr(w, " n new game, u undo, q quit");
	} else if (g->state == GAME_DRAW) {
		wattron(w, A_BOLD);
		waddstr(w, "Draw: the board is full.");
		wattroff(w, A_BOLD);
		waddstr(w, "  n new game, u undo, q quit");
	} else {
		tok = ui_attr(ui, tomove == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		wattron(w, tok);
		waddstr(w, ui_token(ui, tomove));
		wattroff(w, tok);
		if (game_current_player(g) == PLAYER_HUMAN) {
			const char *name = ui_player_name(ui, tomove);
			if (strcmp(name, "You") == 0)
				snprintf(buf, sizeof buf, " Your turn");
			else
				snprintf(buf, sizeof buf, " %s to move", name);
		} else if (ui->paused) {
			snprintf(buf, sizeof buf, " %s paused (space resumes)",
			         ui_player_name(ui, tomove));
		} else if (ui->job == UI_JOB_MOVE) {
			snprintf(buf, sizeof buf, " %s thinking %.1fs",
			         ui_player_name(ui, tomove),
			         ui_now() - ui->job_t0);
		} else {
			snprintf(buf, sizeof buf, " %s to move",
			         ui_player_name(ui, tomove));
		}
		wattron(w, A_BOLD);
		waddstr(w, buf);
		wattroff(w, A_BOLD);
	}
	if (ui->msg[0] != '\0') {
		attr_t a = ui->msg_warn ? ui_attr(ui, UI_C_WARN) | A_BOLD : 0;
		waddstr(w, "  ");
		wattron(w, a);
		if (getcurx(w) < ui->cols - 1)
			waddnstr(w, ui->msg, ui->cols - 1 - getcurx(w));
		wattroff(w, a);
	}
	/* Line 2: the key bar, htop style. */
	x = 0;
	for (size_t i = 0; i < sizeof bar / sizeof bar[0]; i++) {
		const char *k = ui->utf8 ? bar[i].key : bar[i].ascii;
		int kw =
		    ui->utf8 ? (i == 1 ? 3 : (int)strlen(k)) : (int)strlen(k);
		int need = kw + (int)strlen(bar[i].label) + 1;
		if (x + need > ui->cols)
			break;
		wattron(w, ui_attr(ui, UI_C_KEY) | A_BOLD);
		mvwaddstr(w, 1, x, k);
		wattroff(w, ui_attr(ui, UI_C_KEY) | A_BOLD);
		waddstr(w, bar[i].label);
		x += need;
	}
	wnoutrefresh(w);
}

static void
ui_draw_too_small(struct ui *ui)
{
	char buf[80];
	int n;

	erase();
	n = snprintf(buf, sizeof buf, "terminal too small (need %dx%d)",
	             ui->need_w, ui->need_h);
	if (n > ui->cols)
		n = ui->cols;
	mvaddnstr(ui->lines / 2,
	          (ui->cols - n) / 2 > 0 ? (ui->cols - n) / 2 : 0, buf,
	          ui->cols);
	n = snprintf(buf, sizeof buf, "now %dx%d, q quits", ui->cols,
	             ui->lines);
	if (ui->lines > 2)
		mvaddnstr(ui->lines / 2 + 1,
		          (ui->cols - n) / 2 > 0 ? (ui->cols - n) / 2 : 0, buf,
		          ui->cols);
	wnoutrefresh(stdscr);
}

static void
ui_draw(struct ui *ui)
{
	if (ui->dirty & UI_DIRTY_LAYOUT)
		ui_layout(ui);
	if (ui->dirty == 0)
		return;
	if (ui->too_small) {
		ui_draw_too_small(ui);
	} else if (ui->speedup.on) {
		ui_speedup_draw(ui);
		if (ui->help)
			ui_help_draw(ui);
	} else {
		if (ui->dirty & UI_DIRTY_TITLE)
			ui_draw_title(ui);
		if (ui->dirty & UI_DIRTY_BOARD)
			ui_board_draw(ui, ui->wboard);
		if (ui->dirty & UI_DIRTY_PANEL)
			ui_panel_draw(ui, ui->wpanel);
		if (ui->dirty & UI_DIRTY_STATUS)
			ui_draw_status(ui);
		if (ui->help)
			ui_help_draw(ui);
	}
	doupdate();
	ui->dirty = 0;
}

/* How long getch may wait: short while something moves on screen. */
static int
ui_timeout(struct ui *ui)
{
	double now = ui_now(), wait = 0.1;

	if (ui->anim.on)
		wait = 0.015;
	else if (ui->move_pending)
		wait = ui->move_not_before - now;
	if (ui->job != UI_JOB_NONE && ui->next_tick - now < wait)
		wait = ui->next_tick - now;
	if (wait < 0.005)
		wait = 0.005;
	if (wait > 0.1)
		wait = 0.1;
	return (int)(wait * 1000);
}

/* ---- signals and the terminal ----------------------------------------- */

static void
ui_on_signal(int sig)
{
	if (sig == SIGTSTP)
		ui_sig_tstp = 1;
	else
		ui_sig_quit = sig;
}

static void
ui_on_fatal(int sig)
{
	if (ui_curses_on) {
		ui_curses_on = 0;
		endwin();
	}
	signal(sig, SIG_DFL);
	raise(sig);
}

static void
ui_atexit(void)
{
	if (ui_curses_on) {
		ui_curses_on = 0;
		endwin();
	}
}

static void
ui_signals(void)
{
	static const int fatal[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT};
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sigemptyset(&sa.sa_mask);
	sa.sa_handler = ui_on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTSTP, &sa, NULL);
	sa.sa_handler = ui_on_fatal;
	sa.sa_flags = SA_RESETHAND;
	for (size_t i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
		sigaction(fatal[i], &sa, NULL);
}

/* Back to the default actions (before the plain-text fallback). */
static void
ui_signals_default(void)
{
	static const int sigs[] = {SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGSEGV,
	                           SIGBUS, SIGFPE,  SIGILL, SIGABRT};

	for (size_t i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		signal(sigs[i], SIG_DFL);
}

static void
ui_suspend(struct ui *ui)
{
	struct sigaction sa, old;

	ui_sig_tstp = 0;
	ui_log(ui, "suspend");
	curs_set(1);
	endwin();
	memset(&sa, 0, sizeof sa);
	sa.sa_handler = SIG_DFL;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTSTP, &sa, &old);
	kill(getpid(), SIGTSTP); /* stops here until SIGCONT */
	sigaction(SIGTSTP, &old, NULL);
	ui_log(ui, "resume");
	refresh();
	curs_set(0);
	ui->dirty |= UI_DIRTY_ALL;
}

static bool
ui_curses_init(struct ui *ui)
{
	SCREEN *scr = newterm(NULL, stdout, stdin);

	if (scr == NULL)
		return false;
	set_term(scr);
	ui_curses_on = 1;
	cbreak();
	noecho();
	nonl();
	intrflush(stdscr, FALSE);
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	/* getch() refreshes stdscr: refresh it once now, so that later it
	 * has nothing to draw over the windows. */
	refresh();
	mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED, NULL);
	mouseinterval(0);
	ui->color = has_colors() && !ui->o->no_color;
	if (ui->color) {
		start_color();
		use_default_colors();
		init_pair(UI_C_P1, COLOR_RED, -1);
		init_pair(UI_C_P2, COLOR_YELLOW, -1);
		init_pair(UI_C_FRAME, COLOR_BLUE, -1);
		init_pair(UI_C_WIN, COLOR_GREEN, -1);
		init_pair(UI_C_DRAW, COLOR_YELLOW, -1);
		init_pair(UI_C_LOSS, COLOR_RED, -1);
		init_pair(UI_C_HEUR, COLOR_CYAN, -1);
		init_pair(UI_C_TITLE, COLOR_BLACK, COLOR_CYAN);
		init_pair(UI_C_KEY, COLOR_BLACK, COLOR_CYAN);
		init_pair(UI_C_BAR, COLOR_GREEN, -1);
		init_pair(UI_C_BAR2, COLOR_MAGENTA, -1);
		init_pair(UI_C_HEAD, COLOR_CYAN, -1);
		init_pair(UI_C_WARN, COLOR_RED, -1);
	}
	return true;
}

/* ---- the game --------------------------------------------------------- */

int
ui_main(const struct options *o)
{
	struct ui *ui = xcalloc(1, sizeof *ui);
	sigset_t block, old;
	const char *logpath = getenv("DROPFOUR_LOG");
	int status = 0;

	ui->o = o;
	ui->play = o->play;
	ui->depth = o->depth;
	ui->perfect = o->perfect;
	ui->threads = o->threads;
	ui->max_threads = 4 * util_ncpus();
	if (ui->max_threads < 8)
		ui->max_threads = 8;
	if (ui->max_threads < o->threads)
		ui->max_threads = o->threads;
	if (ui->max_threads > STATS_MAX_THREADS)
		ui->max_threads = STATS_MAX_THREADS;
	ui->split = o->split;
	ui->time_limit = o->time_limit;
	ui->analysis = o->analysis;
	ui->hint_col = -1;
	ui->utf8 = !o->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if ((status = setup_game(&ui->game, o)) != 0) {
		free(ui);
		return status;
	}
	ui->cursor = (ui->game.w - 1) / 2;
	if (logpath != NULL && logpath[0] != '\0') {
		ui->log = fopen(logpath, "a");
		if (ui->log == NULL)
			fprintf(stderr, "dropfour: cannot open %s: %s\n",
			        logpath, strerror(errno));
	}
	ui_log(ui, "start pid %ld", (long)getpid());

	/* Search threads inherit a mask that leaves the terminal's signals
	 * to the main thread, so they interrupt its getch(). */
	ui_signals();
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigaddset(&block, SIGTSTP);
	sigaddset(&block, SIGWINCH);
	pthread_sigmask(SIG_BLOCK, &block, &old);
	ui->engine = engine_new(o->tt_mb);
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	atexit(ui_atexit);
	if (!ui_curses_init(ui)) {
		fprintf(stderr,
		        "dropfour: cannot start curses for TERM=%s: "
		        "playing in plain text\n",
		        getenv("TERM") ? getenv("TERM") : "");
		engine_free(ui->engine);
		if (ui->log)
			fclose(ui->log);
		free(ui);
		ui_signals_default();
		return text_main(o);
	}
	ui->dirty = UI_DIRTY_ALL;
	if (ui->game.state != GAME_ON)
		ui_message(ui, false, "this game is over: n new game, u undo");
	ui_think(ui);

	while (!ui->quit && !ui_sig_quit) {
		int ch;

		if (ui_sig_tstp)
			ui_suspend(ui);
		ui_poll(ui);
		ui_draw(ui);
		timeout(ui_timeout(ui));
		ch = getch();
		if (ch == ERR)
			continue;
		if (ch == KEY_RESIZE) {
			ui->dirty |= UI_DIRTY_LAYOUT;
			continue;
		}
		if (ui->too_small) {
			if (ch == 'q')
				ui->quit = true;
			continue;
		}
		double t0 = ui_now();
		ui_key(ui, ch);
		/* Draw right away so the key shows within this turn. */
		ui_draw(ui);
		ui_log(ui, "key %d shown in %.3f ms", ch,
		       (ui_now() - t0) * 1e3);
	}

	/* Terminal first, so the shell is back at once; then the engine. */
	ui_free_windows(ui);
	curs_set(1);
	ui_curses_on = 0;
	endwin();
	if (ui_sig_quit) {
		ui_log(ui, "signal %d", (int)ui_sig_quit);
		status = 128 + ui_sig_quit;
	}
	ui_log(ui, "quit");
	engine_free(ui->engine);
	if (ui->log)
		fclose(ui->log);
	free(ui);
	return status;
}
