/* ui-speedup.c -- the speedup screen: the reports' speedup graph, live.
 *
 * It searches the current position with 1, 2, ... N threads in turn (N is
 * the thread setting, at least 2), each run on an empty transposition
 * table.  During a run it draws the per-thread rows of the live panel; as
 * each run finishes it adds a row to the table (time, speedup, efficiency,
 * nodes, node overhead) and a point to the speedup curve, drawn against the
 * ideal line.  Perfect play solves exactly; depth-limited play searches to
 * the depth setting.  The runs start through the job API (ui_job_start())
 * and the keys are the key table's (p, + -, T t act as in the game and
 * restart the runs through ui_settings_changed()).
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "ui/ui-int.h"

/* The shallowest depth-limited run of the speedup screen. */
#define UI_SPEEDUP_MIN_DEPTH 16
#include "core/util.h"

static void
speedup_run(struct ui *ui, int t)
{
	struct ui_speedup *su = &ui->speedup;

	engine_clear(ui->engine);
	su->lim.threads = t;
	su->cur = t;
	ui_job_start(ui, UI_JOB_SPEEDUP, &su->root, &su->lim);
	su->t0 = ui->job_t0;
}

/* From one thread to n, with the current settings. */
static void
speedup_begin(struct ui *ui, int n)
{
	struct ui_speedup *su = &ui->speedup;

	if (ui->job != UI_JOB_NONE)
		engine_cancel(ui->engine);
	ui->job = UI_JOB_NONE;
	memset(su, 0, sizeof *su);
	su->on = true;
	su->n = n < 2 ? 2 : n > ui->max_threads ? ui->max_threads : n;
	su->root = ui->game.board;
	ui_limits(ui, &su->lim);
	su->lim.time_limit = 0;
	su->lim.node_limit = 0;
	su->lim.analyze = false;
	su->lim.level = NULL;
	/* Runs of a few milliseconds time noise: a depth-limited run goes
	 * at least UI_SPEEDUP_MIN_DEPTH deep (or as deep as the AI's last
	 * search went), a second or so on one thread. */
	if (su->lim.mode == SEARCH_DEPTH) {
		int d = ui->level >= 0 ? 0 : ui->depth;
		if (ui->have_move_snap && ui->move_snap.depth > d)
			d = ui->move_snap.depth;
		if (d < UI_SPEEDUP_MIN_DEPTH)
			d = UI_SPEEDUP_MIN_DEPTH;
		su->lim.depth = d;
	}
	su->move = -1;
	speedup_run(ui, 1);
}

void
ui_speedup_open(struct ui *ui)
{
	if (ui->game.state != GAME_ON) {
		ui_message(ui, true, "the game is over: nothing to solve");
		return;
	}
	ui->move_pending = false;
	ui->anim.on = false;
	speedup_begin(ui, ui->threads > 1 ? ui->threads : util_ncpus());
	clearok(curscr, TRUE);
	ui->dirty |= UI_DIRTY_ALL;
}

void
ui_speedup_restart(struct ui *ui)
{
	/* The thread setting (T, t) is the largest thread count. */
	speedup_begin(ui, ui->threads);
	ui->dirty |= UI_DIRTY_PANEL;
}

void
ui_speedup_close(struct ui *ui)
{
	if (ui->job == UI_JOB_SPEEDUP)
		engine_cancel(ui->engine);
	ui->job = UI_JOB_NONE;
	ui->speedup.on = false;
	ui->have_res = false;
	ui->dirty |= UI_DIRTY_ALL;
	ui_think(ui);
}

bool
ui_speedup_poll(struct ui *ui)
{
	struct ui_speedup *su = &ui->speedup;
	struct search_result r;

	if (!su->on || ui->job != UI_JOB_SPEEDUP ||
	    !engine_poll(ui->engine, ui->job_id, &r))
		return false;
	ui->job = UI_JOB_NONE;
	ui_snapshot(ui);
	su->secs[su->cur] = r.seconds > 0 ? r.seconds : ui_now() - su->t0;
	su->nodes[su->cur] = r.nodes;
	if (su->cur == 1) {
		su->score = r.score;
		su->kind = r.kind;
		su->move = r.move;
	}
	ui_log(ui, "speedup threads %d time %.4f nodes %llu", su->cur,
	       su->secs[su->cur], (unsigned long long)r.nodes);
	if (su->cur < su->n)
		speedup_run(ui, su->cur + 1);
	else
		su->finished = true;
	ui->dirty |= UI_DIRTY_PANEL;
	return true;
}

/* The table of finished runs; returns the rows used. */
static int
speedup_table(struct ui *ui, int y, int x, int width, int maxrows)
{
	struct ui_speedup *su = &ui->speedup;
	char tm[16], nd[16], buf[128];
	int ncpu = util_ncpus(), used = 0;

	attron(A_BOLD);
	mvaddnstr(y, x, "thr     time speedup  eff  nodes  ovhd", width);
	attroff(A_BOLD);
	used++;
	for (int t = 1; t <= su->n && used < maxrows; t++, used++) {
		if (su->secs[t] > 0) {
			double s = su->secs[1] / su->secs[t];
			snprintf(tm, sizeof tm, "%.3fs", su->secs[t]);
			snprintf(buf, sizeof buf,
			         "%2d%c %8s %6.2fx %3.0f%% %6s "
			         "%5.2f",
			         t, t > ncpu ? '*' : ' ', tm, s, 100 * s / t,
			         util_si(nd, sizeof nd, (double)su->nodes[t]),
			         su->nodes[1] ? (double)su->nodes[t] /
			                            (double)su->nodes[1]
			                      : 0);
			mvaddnstr(y + used, x, buf, width);
		} else if (t == su->cur && ui->job == UI_JOB_SPEEDUP) {
			snprintf(buf, sizeof buf, "%2d%c %7.1fs  running", t,
			         t > ncpu ? '*' : ' ', ui_now() - su->t0);
			attron(A_BOLD);
			mvaddnstr(y + used, x, buf, width);
			attroff(A_BOLD);
		} else {
			snprintf(buf, sizeof buf, "%2d%c        -", t,
			         t > ncpu ? '*' : ' ');
			attron(A_DIM);
			mvaddnstr(y + used, x, buf, width);
			attroff(A_DIM);
		}
	}
	if (su->n > ncpu && used < maxrows) {
		snprintf(buf, sizeof buf, " * more threads than the %d cores",
		         ncpu);
		attron(A_DIM);
		mvaddnstr(y + used, x, buf, width);
		attroff(A_DIM);
		used++;
	}
	return used;
}

/* Speedup against threads, with the ideal line y = x. */
static void
speedup_chart(struct ui *ui, int y0, int x0, int w, int h)
{
	struct ui_speedup *su = &ui->speedup;
	int n = su->n, pr = h - 3, pw = w - 5, xa = x0 + 3;
	double ymax = n;
	const char *ideal = ui->utf8 ? "\u00b7" : ".";
	const char *pt = ui->utf8 ? "\u25cf" : "*";
	/* The path differs from the ideal line by shape, not colour alone. */
	const char *path = "+";
	attr_t ma = ui_attr(ui, UI_C_BAR) | A_BOLD;
	char lab[16];

	if (pr < 3 || pw < 2 * n || pw < 8)
		return;
	for (int t = 1; t <= n; t++)
		if (su->secs[t] > 0 && su->secs[1] / su->secs[t] > ymax)
			ymax = ceil(su->secs[1] / su->secs[t]);
#define ROW(v) (y0 + 1 + (pr - 1) - (int)lround((v) / ymax * (pr - 1)))
#define COL(t)                                                                 \
	(xa + 1 + (int)lround(((t)-1) * (double)(pw - 2) / (n > 1 ? n - 1 : 1)))
	attron(A_BOLD);
	mvaddnstr(y0, x0, "speedup", w);
	attroff(A_BOLD);
	attron(ma);
	printw("  %s", pt);
	attroff(ma);
	printw(" measured  %s ideal", ideal);
	/* axes */
	for (int r = 0; r < pr; r++)
		mvaddstr(y0 + 1 + r, xa, ui->utf8 ? "\u2502" : "|");
	mvaddstr(y0 + 1 + pr, xa, ui->utf8 ? "\u2514" : "+");
	for (int x = xa + 1; x < xa + pw; x++)
		addstr(ui->utf8 ? "\u2500" : "-");
	for (int v = 0; v <= (int)ymax; v++) {
		if ((int)ymax > pr - 1 && v % 2 && v != (int)ymax)
			continue;
		snprintf(lab, sizeof lab, "%2d", v);
		mvaddstr(ROW(v), x0, lab);
	}
	for (int t = 1; t <= n; t++) {
		if (n > (pw - 2) / 3 && t % 2 == 0 && t != n)
			continue;
		snprintf(lab, sizeof lab, "%d", t);
		mvaddstr(y0 + 2 + pr, COL(t), lab);
	}
	/* the ideal line, then the measured path and points on top */
	attron(A_DIM);
	for (int x = xa + 1; x < xa + pw; x++) {
		double t = 1 + (x - xa - 1) * (double)(n - 1) / (pw - 2);
		if (t <= n)
			mvaddstr(ROW(t), x, ideal);
	}
	attroff(A_DIM);
	attron(ui_attr(ui, UI_C_BAR));
	for (int t = 1; t < n; t++) {
		if (!(su->secs[t] > 0 && su->secs[t + 1] > 0))
			continue;
		double s0 = su->secs[1] / su->secs[t];
		double s1 = su->secs[1] / su->secs[t + 1];
		for (int x = COL(t) + 1; x < COL(t + 1); x++) {
			double f = (double)(x - COL(t)) / (COL(t + 1) - COL(t));
			mvaddstr(ROW(s0 + f * (s1 - s0)), x, path);
		}
	}
	attroff(ui_attr(ui, UI_C_BAR));
	attron(ma);
	for (int t = 1; t <= n; t++)
		if (su->secs[t] > 0)
			mvaddstr(ROW(su->secs[1] / su->secs[t]), COL(t), pt);
	attroff(ma);
#undef ROW
#undef COL
}

void
ui_speedup_draw(struct ui *ui)
{
	struct ui_speedup *su = &ui->speedup;
	char moves[BOARD_MAX_CELLS + 1], buf[256], words[64];
	int y, width = ui->cols - 2, trows, tw;

	erase();
	/* title */
	attron(ui_attr(ui, UI_C_TITLE));
	mvhline(0, 0, ' ', ui->cols);
	game_moves_string(&ui->game, moves, sizeof moves);
	snprintf(buf, sizeof buf, " Speedup   position %s (%dx%d)   %s",
	         moves[0] ? moves : "(empty)", su->root.w, su->root.h,
	         su->lim.mode == SEARCH_EXACT ? "exact solve" : "");
	if (su->lim.mode != SEARCH_EXACT)
		snprintf(buf + strlen(buf), sizeof buf - strlen(buf),
		         "depth %d search (p: exact)", su->lim.depth);
	attron(A_BOLD);
	mvaddnstr(0, 0, buf, ui->cols);
	attroff(A_BOLD);
	attroff(ui_attr(ui, UI_C_TITLE));

	/* what runs now, and the answer once known */
	if (ui->job == UI_JOB_SPEEDUP)
		snprintf(buf, sizeof buf, "Run %d of %d: %d thread%s, %.1fs",
		         su->cur, su->n, su->cur, su->cur == 1 ? "" : "s",
		         ui_now() - su->t0);
	else
		snprintf(buf, sizeof buf, "Done: %d runs", su->n);
	attron(A_BOLD);
	mvaddnstr(1, 1, buf, width);
	attroff(A_BOLD);
	if (su->secs[1] > 0) {
		score_words(&su->root, su->kind, su->score, words,
		            sizeof words);
		snprintf(buf, sizeof buf, "   score %s, best column %d", words,
		         su->move + 1);
		addnstr(buf, ui->cols - getcurx(stdscr) - 1);
	}

	/* the live per-thread rows */
	trows = ui->snap.nthreads + 1;
	if (trows > (ui->lines - 4) / 2)
		trows = (ui->lines - 4) / 2;
	tw = width < 72 ? width : 72;
	y = 2 + ui_panel_threads(ui, stdscr, 2, 1, tw, trows, &ui->snap);
	attron(ui_attr(ui, UI_C_FRAME));
	mvhline(y, 0, ui->utf8 ? 0 : '-', ui->cols);
	attroff(ui_attr(ui, UI_C_FRAME));
	y++;

	/* the table on the left, the curve on the right */
	int h = ui->lines - 1 - y;
	speedup_table(ui, y, 1, 40, h);
	speedup_chart(ui, y, 42, ui->cols - 43, h);

	ui_keys_bar(ui, stdscr, ui->lines - 1, UI_SCREEN_SPEEDUP);
	wnoutrefresh(stdscr);
}
