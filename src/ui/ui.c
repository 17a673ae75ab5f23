/* ui.c -- the curses game's main loop and layout: set-up and teardown,
 * the timed input loop, the windows and what goes where, the title and
 * status lines.  What every ui file shares (the clock, messages, the log,
 * the search limits of the settings) is ui-common.c's.
 *
 * The main thread is the only one that calls curses.  It never waits on the
 * engine: each loop turn polls the review and the speedup screen's runs
 * (ui-review.c, ui-speedup.c) and a finished search (ui_poll in
 * ui-jobs.c), handles at most one key (getch with a timeout of 5-100 ms,
 * ui_key in ui-keys.c) and redraws the windows whose dirty bit is set.
 * The terminal and signals are ui-term.c's.
 *
 * The files of the curses front-end, each with one job:
 *   ui.c          this loop, the layout, the title and status lines
 *   ui-common.c   what they all use: clock, messages, log, limits, names
 *   ui-jobs.c     engine jobs: the AI's move, hints, analysis, snapshots
 *   ui-keys.c     the key table and the dispatch through it
 *   ui-keys-game.c, ui-keys-search.c, ui-keys-view.c
 *                 the key handlers: play, the search, the views
 *   ui-keybar.c   the key bar
 *   ui-term.c     curses start and end, colours, signals
 *   ui-draw.c     drawing primitives (tokens, attributes, frames, bars)
 *   ui-board.c    the board window, the column scores, the cell size
 *   ui-model.c    the frame's model: one search's values, each with its
 *                 origin (ui-frames.c writes it for --frame-log)
 *   ui-panel.c    the search panel (ui-threads.c, ui-timeline.c: its
 *                 thread rows and timeline), drawn from the model
 *   ui-review.c   the review of a game
 *   ui-help.c     the help overlay
 *   ui-speedup.c  the speedup screen
 *   ui-legend.c, ui-tour.c  the legend; `tour --watch`
 * They share ui-int.h and nothing else.
 */
#include "config.h"

#include <errno.h>
#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/output.h"
#include "cli/setup.h"
#include "cli/prefs.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"
#include "ui/ui.h"
#include "core/util.h"

/* Add the result of the game on show (if it is over) to the tallies t[]:
 * you, AI, player 1, player 2, draws. */
static void
ui_tally(const struct ui *ui, int t[5])
{
	const struct game *g = &ui->game;
	int p = g->state == GAME_WIN1 ? 1 : g->state == GAME_WIN2 ? 2 : 0;

	if (g->state == GAME_ON)
		return;
	if (p == 0)
		t[4]++;
	else if (g->player[0] != g->player[1])
		t[g->player[p - 1] == PLAYER_HUMAN ? 0 : 1]++;
	else
		t[1 + p]++;
}

void
ui_score_game(struct ui *ui)
{
	int t[5] = {ui->score_you, ui->score_ai, ui->score_p[0], ui->score_p[1],
	            ui->score_draws};

	ui_tally(ui, t);
	ui->score_you = t[0];
	ui->score_ai = t[1];
	ui->score_p[0] = t[2];
	ui->score_p[1] = t[3];
	ui->score_draws = t[4];
	ui->dirty |= UI_DIRTY_TITLE;
}

int
ui_settings_save(struct ui *ui)
{
	struct prefs *c = ui->session->prefs;

	if (c == NULL || c->broken)
		return 0;
	/* Options given on the command line apply to that run only: a
	 * setting is saved when the game's keys changed it. */
	bool changed = false;
#define UI_SAVE(field, start, value)                                           \
	if ((value) != (start)) {                                              \
		c->field = (value);                                            \
		changed = true;                                                \
	}
	UI_SAVE(level, ui->start_level, ui->level);
	UI_SAVE(threads, ui->start_threads, ui->threads);
	UI_SAVE(depth, ui->start_depth, ui->depth);
	UI_SAVE(split, ui->start_split, (int)ui->split);
	UI_SAVE(motion, ui->start_motion, ui->motion);
	UI_SAVE(mouse, ui->start_mouse, ui->mouse);
#undef UI_SAVE
	return changed ? prefs_save(c) : 0;
}

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
	ui_fit(ui);
	ui_board_size(ui, &bw, &bh);
	ui->too_small = ui->cols < ui->need_w || ui->lines < ui->need_h;
	clearok(curscr, TRUE);
	ui->dirty = UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	if (ui->too_small)
		return;
	body = ui->lines - 3;
	/* Narrow columns leave the board window room for the score in
	 * words under it when the panel can spare it. */
	if (bw < UI_BOARD_MIN_W)
		bw = ui->cols - UI_PANEL_MIN_W < UI_BOARD_MIN_W
		         ? ui->cols - UI_PANEL_MIN_W
		         : UI_BOARD_MIN_W;
	pw = ui->cols - bw;
	if (pw > UI_PANEL_MAX_W)
		pw = UI_PANEL_MAX_W;
	ui->wtitle = newwin(1, ui->cols, 0, 0);
	ui->wboard = newwin(body, bw, 1, 0);
	ui->wpanel = newwin(body, pw, 1, bw);
	ui->wstatus = newwin(2, ui->cols, ui->lines - 2, 0);
	ui_log(ui, "layout %dx%d", ui->cols, ui->lines);
}

/*
 * The title line: the program, the players, the board, the move, the kind
 * of play and, right-aligned, "? help".  When they do not all fit, parts
 * go by priority (the program name first, the players last) instead of
 * one part overwriting another.
 */
static void
ui_draw_title(struct ui *ui)
{
	enum { T_NAME, T_PLAYERS, T_SIZE, T_MOVE, T_PLAY, T_HELP, T_N };
	/* Dropped first to last. */
	static const int drop_order[] = {T_NAME, T_SIZE, T_HELP,
	                                 T_PLAY, T_MOVE, T_PLAYERS};
	WINDOW *w = ui->wtitle;
	const struct game *g = &ui->game;
	char part[T_N][96];
	bool on[T_N];
	int width = 0, sep[T_N] = {1, 2, 3, 3, 3, 0};

	snprintf(part[T_NAME], sizeof part[T_NAME], "%s", PACKAGE_STRING);
	snprintf(part[T_PLAYERS], sizeof part[T_PLAYERS], "%s %s vs %s %s",
	         ui_player_name(ui, 1),
	         ui->color && ui->utf8 ? "(red)" : ui_token(ui, 1),
	         ui_player_name(ui, 2),
	         ui->color && ui->utf8 ? "(yellow)" : ui_token(ui, 2));
	snprintf(part[T_SIZE], sizeof part[T_SIZE], "%dx%d", g->w, g->h);
	snprintf(part[T_MOVE], sizeof part[T_MOVE], "move %d", g->nmoves + 1);
	if (ui->level >= 0)
		snprintf(part[T_PLAY], sizeof part[T_PLAY], "level %s",
		         levels[ui->level].name);
	else if (ui->perfect)
		snprintf(part[T_PLAY], sizeof part[T_PLAY], "perfect play");
	else
		snprintf(part[T_PLAY], sizeof part[T_PLAY], "depth %d",
		         ui->depth);
	/* The session's score counts the game on show as soon as it is
	 * over (n banks it; an undo takes it back off). */
	int t[5] = {ui->score_you, ui->score_ai, ui->score_p[0], ui->score_p[1],
	            ui->score_draws};
	ui_tally(ui, t);
	if (t[0] + t[1] + t[2] + t[3] + t[4] > 0) {
		size_t len = strlen(part[T_PLAY]);
		if (ui->game.player[0] != ui->game.player[1])
			snprintf(part[T_PLAY] + len, sizeof part[T_PLAY] - len,
			         "  You %d:%d AI", t[0], t[1]);
		else
			snprintf(part[T_PLAY] + len, sizeof part[T_PLAY] - len,
			         "  %d:%d", t[2], t[3]);
		len = strlen(part[T_PLAY]);
		if (t[4] > 0)
			snprintf(part[T_PLAY] + len, sizeof part[T_PLAY] - len,
			         " (%d draw%s)", t[4], t[4] == 1 ? "" : "s");
	}
	snprintf(part[T_HELP], sizeof part[T_HELP], "? help ");
	for (int i = 0; i < T_N; i++) {
		on[i] = true;
		width += sep[i] + ui_cells(part[i]);
	}
	width += 1; /* at least one blank before "? help" */
	for (int i = 0; i < T_N && width > ui->cols; i++) {
		int d = drop_order[i];
		on[d] = false;
		width -= sep[d] + ui_cells(part[d]);
	}
	/* The first part shown needs no more than the one blank. */
	werase(w);
	wbkgdset(w, ' ' | ui_attr(ui, UI_C_TITLE));
	werase(w);
	wattron(w, ui_attr(ui, UI_C_TITLE));
	wmove(w, 0, 0);
	for (int i = 0, first = 1; i < T_HELP; i++) {
		if (!on[i])
			continue;
		wmove(w, 0, getcurx(w) + (first ? 1 : sep[i]));
		first = 0;
		if (i == T_NAME)
			wattron(w, A_BOLD);
		waddnstr(w, part[i], -1);
		wattroff(w, A_BOLD);
	}
	if (on[T_HELP])
		ui_puts(w, 0, ui->cols - ui_cells(part[T_HELP]), part[T_HELP]);
	wattroff(w, ui_attr(ui, UI_C_TITLE));
	wnoutrefresh(w);
}

/* The status line's start: the result when the game is over, else whose
 * turn it is and what that side is doing. */
static void
status_turn(struct ui *ui, WINDOW *w)
{
	const struct game *g = &ui->game;
	char buf[256];
	int tomove = game_to_move(g);
	attr_t tok;

	if (g->state == GAME_WIN1 || g->state == GAME_WIN2) {
		int p = g->state == GAME_WIN1 ? 1 : 2;
		const char *name = ui_player_name(ui, p);
		tok = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		wattron(w, tok);
		waddstr(w, ui_token(ui, p));
		wattroff(w, tok);
		wattron(w, A_BOLD);
		snprintf(buf, sizeof buf, " %s (%s) %s! ", name,
		         ui_side_name(ui, p),
		         strcmp(name, "You") == 0 ? "win" : "wins");
		waddstr(w, buf);
		wattroff(w, A_BOLD);
		if (ui->msg[0] == '\0')
			waddstr(w, " n new game, v review, u undo, q quit");
	} else if (g->state == GAME_DRAW) {
		wattron(w, A_BOLD);
		waddstr(w, "Draw: the board is full.");
		wattroff(w, A_BOLD);
		if (ui->msg[0] == '\0')
			waddstr(w, "  n new game, v review, u undo, q quit");
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
			         ui_now() - ui->think_t0);
		} else {
			snprintf(buf, sizeof buf, " %s to move",
			         ui_player_name(ui, tomove));
		}
		wattron(w, A_BOLD);
		waddstr(w, buf);
		wattroff(w, A_BOLD);
	}
}

/* The message after the turn; one too long for the rest of the line goes
 * on over the key bar's line while it lasts (UI_MSG_SECONDS), cut at a
 * space, so that it is read whole.  Returns whether the key bar still has
 * its line. */
static bool
status_message(struct ui *ui, WINDOW *w)
{
	bool bar = true;
	if (ui->msg[0] == '\0')
		return bar;
	attr_t a = ui->msg_warn ? ui_attr(ui, UI_C_WARN) | A_BOLD : 0;
	int room = ui->cols - 1 - getcurx(w) - 2;
	int len = (int)strlen(ui->msg), cut = len;
	if (ui_cells(ui->msg) > room) {
		/* Bytes of the first room cells, back to a space. */
		int cells = 0;
		for (cut = 0; cut < len; cut++) {
			if (((unsigned char)ui->msg[cut] & 0xc0) == 0x80)
				continue;
			if (cells == room)
				break;
			cells++;
		}
		while (cut > 0 && ui->msg[cut] != ' ')
			cut--;
		if (ui->game.state != GAME_ON || cut == 0) {
			/* The line is the result's: all on line 2. */
			wmove(w, 1, 0);
			cut = 0;
		}
		bar = false;
	}
	if (cut > 0)
		waddstr(w, "  ");
	wattron(w, a);
	if (cut > 0)
		waddnstr(w, ui->msg, cut);
	if (cut < len) {
		const char *rest = ui->msg + cut + (ui->msg[cut] == ' ');
		mvwaddnstr(w, 1, 1, rest, -1);
		if (getcury(w) != 1) { /* never onto a third line */
			wmove(w, 1, ui->cols - 1);
			wclrtoeol(w);
		}
	}
	wattroff(w, a);
	return bar;
}

static void
ui_draw_status(struct ui *ui)
{
	WINDOW *w = ui->wstatus;

	werase(w);
	/* Line 1: whose turn, the result, and the last message. */
	wmove(w, 0, 1);
	status_turn(ui, w);
	bool bar = status_message(ui, w);
	/* Line 2: the key bar, htop style. */
	if (bar)
		ui_keybar_draw(ui, w, 1, UI_SCREEN_GAME);
	wnoutrefresh(w);
}

/* The too-small screen: its words wrapped to the terminal's width (each
 * line whole: at 40x10 and 16x7 the one line was cut), centred. */
static void
ui_draw_too_small(struct ui *ui)
{
	char text[160], line[8][160];
	int n = 0, w = ui->cols > 1 ? ui->cols : 1;

	erase();
	snprintf(text, sizeof text,
	         "terminal too small (need %dx%d for the %dx%d board); now "
	         "%dx%d, q quits",
	         ui->need_w, ui->need_h, ui->game.w, ui->game.h, ui->cols,
	         ui->lines);
	line[0][0] = '\0';
	for (char *save = NULL, *word = strtok_r(text, " ", &save);
	     word != NULL && n < 8; word = strtok_r(NULL, " ", &save)) {
		size_t len = strlen(line[n]);
		if (len > 0 && (int)(len + 1 + strlen(word)) > w) {
			if (++n == 8)
				break;
			line[n][0] = '\0';
			len = 0;
		}
		snprintf(line[n] + len, sizeof line[n] - len, "%s%s",
		         len ? " " : "", word);
	}
	if (n < 8 && line[n][0] != '\0')
		n++;
	int y0 = (ui->lines - n) / 2 > 0 ? (ui->lines - n) / 2 : 0;
	for (int i = 0; i < n && y0 + i < ui->lines; i++) {
		int len = (int)strlen(line[i]);
		mvaddnstr(y0 + i, (w - len) / 2 > 0 ? (w - len) / 2 : 0,
		          line[i], w);
	}
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
		ui_model_build(ui);
		ui_frames_write(ui, "speedup");
		ui_speedup_draw(ui);
		if (ui->help)
			ui_help_draw(ui);
	} else {
		/* One model a frame, from one search (ui-model.c): the
		 * board's scores and the panel draw from it alone. */
		if (ui->dirty & (UI_DIRTY_BOARD | UI_DIRTY_PANEL)) {
			ui_model_build(ui);
			ui_frames_write(ui, ui->review != NULL ? "review"
			                    : ui->legend       ? "legend"
			                    : ui->help         ? "help"
			                                       : "panel");
		}
		if (ui->dirty & UI_DIRTY_TITLE)
			ui_draw_title(ui);
		if (ui->dirty & UI_DIRTY_BOARD)
			ui_board_draw(ui, ui->wboard);
		if ((ui->dirty & UI_DIRTY_PANEL) && ui->review != NULL)
			ui_review_draw(ui, ui->wpanel);
		else if ((ui->dirty & UI_DIRTY_PANEL) && ui->legend)
			ui_legend_draw(ui, ui->wpanel);
		else if (ui->dirty & UI_DIRTY_PANEL)
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
	if (ui->repaint_at > 0 && ui->repaint_at - now < wait)
		wait = ui->repaint_at - now;
	if (wait < 0.005)
		wait = 0.005;
	if (wait > 0.1)
		wait = 0.1;
	return (int)(wait * 1000);
}

/* A new game's state from the options: the settings, the game (NULL
 * after a bad position is reported), the log DROPFOUR_LOG names. */
static struct ui *
ui_new(const struct options *o, struct cli_session *session)
{
	struct ui *ui = xcalloc(1, sizeof *ui);
	const char *logpath = getenv("DROPFOUR_LOG");

	ui->o = o;
	ui->session = session;
	ui->play = o->game.play;
	ui->depth = o->depth;
	ui->perfect = o->perfect;
	ui->threads = o->threads;
	ui->max_threads = options_game_max_threads(o);
	ui->split = o->split;
	ui->time_limit = o->time_limit;
	ui->analysis = o->game.analysis;
	ui->ponder = !o->game.no_ponder;
	ui->mouse = !o->game.no_mouse;
	ui->motion = !o->game.reduced_motion;
	ui->level = o->level[0];
	ui->seed =
	    o->seed_given ? o->seed : (uint64_t)time(NULL) ^ (uint64_t)getpid();
	ui->start_level = ui->level;
	ui->start_threads = ui->threads;
	ui->start_depth = ui->depth;
	ui->start_split = (int)ui->split;
	ui->start_motion = ui->motion;
	ui->start_mouse = ui->mouse;
	ui->hint_col = -1;
	ui->utf8 = !o->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if (setup_game(&ui->game, o) != 0) {
		free(ui);
		return NULL;
	}
	ui->cursor = (ui->game.w - 1) / 2;
	if (logpath != NULL && logpath[0] != '\0') {
		ui->log = fopen(logpath, "a");
		if (ui->log == NULL)
			cli_error("cannot open %s: %s", logpath,
			          strerror(errno));
	}
	ui_frames_open(ui, o->frame_log);
	ui_log(ui, "start pid %ld", (long)getpid());
	return ui;
}

/* The engine, made with the terminal's signals blocked: search threads
 * inherit a mask that leaves them to the main thread, so they interrupt
 * its getch(). */
static void
ui_engine_start(struct ui *ui)
{
	sigset_t old;

	ui_term_signals();
	ui_term_block_signals(&old);
	ui->engine = output_engine_new(ui->o->tt_mb);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (ui->session->runner != NULL)
		engine_set_runner(ui->engine, ui->session->runner);
	else /* the one-thread figure of the panel's node speed */
		engine_calibrate(ui->engine);
}

/* The timed input loop, until q or a signal that quits. */
static void
ui_loop(struct ui *ui)
{
	while (!ui->quit && !ui_term_quit_signal()) {
		int ch;

		if (ui_term_stop_asked())
			ui_term_suspend(ui);
		if (ui->repaint_at > 0 && ui_now() >= ui->repaint_at) {
			ui->repaint_at = 0;
			clearok(curscr, TRUE);
			ui->dirty |= UI_DIRTY_ALL;
		}
		if (ui_review_poll(ui))
			ui->dirty |= UI_DIRTY_PANEL;
		if (ui->speedup.on && ui_speedup_poll(ui))
			ui->dirty |= UI_DIRTY_PANEL;
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
		if (ui->repaint_key) {
			ui->repaint_key = false;
			clearok(curscr, TRUE);
			ui->dirty |= UI_DIRTY_ALL;
		}
		double t0 = ui_now();
		ui_key(ui, ch);
		/* Draw right away so the key shows within this turn. */
		ui_draw(ui);
		ui_log(ui, "key %d shown in %.3f ms", ch,
		       (ui_now() - t0) * 1e3);
	}
}

/* The way out: the terminal first, so the shell is back at once; then the
 * settings and the engine.  Returns the exit status (a signal's when one
 * quit). */
static int
ui_end(struct ui *ui)
{
	int status = 0;

	ui_review_close(ui);
	ui_free_windows(ui);
	ui_term_end();
	/* The settings once, on the way out (an fsync'ed write at every
	 * toggle would sit between the key and the search's restart). */
	if (ui_settings_save(ui) != 0)
		cli_error("cannot save the settings to %s: %s",
		          ui->session->prefs->path, strerror(errno));
	if (ui_term_quit_signal()) {
		ui_log(ui, "signal %d", ui_term_quit_signal());
		status = cli_signal_status(ui_term_quit_signal());
	}
	ui_log(ui, "quit");
	ui_frames_close(ui);
	engine_free(ui->engine);
	if (ui->log)
		fclose(ui->log);
	free(ui);
	return status;
}

int
ui_main(const struct options *o, struct cli_session *session)
{
	struct ui *ui = ui_new(o, session);

	if (ui == NULL)
		return CLI_EXIT_USAGE;
	ui_engine_start(ui);
	if (!ui_term_start(ui)) {
		cli_error("cannot start curses for TERM=%s: "
		          "playing in plain text",
		          getenv("TERM") ? getenv("TERM") : "");
		engine_free(ui->engine);
		if (ui->log)
			fclose(ui->log);
		free(ui);
		ui_term_signals_default();
		return UI_NO_CURSES;
	}
	ui->dirty = UI_DIRTY_ALL;
	if (ui->game.state != GAME_ON)
		ui_message(ui, false,
		           "this game is over: n new game, v review, u undo");
	if (session->prefs != NULL && session->prefs->broken)
		ui_message(ui, true, "settings: %s", session->prefs->warning);
	ui_think(ui);
	ui_loop(ui);
	return ui_end(ui);
}
