/* ui-panel.c -- the live search panel beside the board.
 *
 * Drawn only from ui->snap, the stats_snapshot that ui-jobs.c takes with
 * engine_snapshot() 12 times a second while a search runs (and once when
 * it ends); never from live counters.  From the top:
 *   one row per search thread: work share (its nodes over all) as a bar
 *     and a percentage, nodes, nodes per second, busy % over the search
 *     and over the last second, tasks run and stolen;
 *   the load balance: the busy-time imbalance (max / mean busy time, and
 *     the percent imbalance (max - mean) / max), the spread of the work
 *     shares, oversubscription;
 *   the timeline: each thread's activity over the last seconds (busy,
 *     idle, stealing) scrolling while the search runs, and where it works
 *     (the root column and the ply of its split point);
 *   totals: nodes, nodes per second, time, depth reached (or exact),
 *     transposition table fill and hit rate, tasks, principal variation,
 *     and the move played against the search's best;
 *   the root columns with the threads in each, when there is room;
 *   the history of the AI's searches in this game, when there is room;
 *   a one-line legend under each section when rows are left over;
 *   and at the bottom the settings the keys change.
 * Every text is clipped inside the box (ui_puts_box()): from the smallest
 * terminal the game accepts to the largest, no row loses its border.
 * docs/panel.md defines every field; `i` shows the same definitions over
 * the panel (ui-legend.c).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "search/level.h"
#include "ui/ui-int.h"

/* A separator across the box, with an optional label: ├─ label ───┤ */
static void
panel_rule(const struct ui *ui, WINDOW *w, int y, const char *label)
{
	int W = getmaxx(w);
	attr_t a = ui_attr(ui, UI_C_FRAME);

	wattron(w, a);
	mvwaddstr(w, y, 0, ui->utf8 ? "\u251c" : "+");
	for (int x = 1; x < W - 1; x++)
		waddstr(w, ui->utf8 ? "\u2500" : "-");
	waddstr(w, ui->utf8 ? "\u2524" : "+");
	wattroff(w, a);
	if (label != NULL && W > 8) {
		char buf[96];
		snprintf(buf, sizeof buf, " %s ", label);
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wmove(w, y, 2);
		ui_addn(w, buf, W - 4);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	}
}

/* printf into row y from column x, clipped inside the box. */
static void panel_printf(WINDOW *w, int y, int x, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void
panel_printf(WINDOW *w, int y, int x, const char *fmt, ...)
{
	char buf[256];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	ui_puts_box(w, y, x, buf);
}

/* Add s at the cursor, clipped before the right border. */
static void
panel_add(WINDOW *w, const char *s)
{
	ui_addn(w, s, ui_room(w));
}

/* A dim one-line legend at row y (the large layouts). */
static void
panel_legend_line(WINDOW *w, int y, const char *s)
{
	wattron(w, A_DIM);
	ui_puts_box(w, y, 2, s);
	wattroff(w, A_DIM);
}

/* ---- busy time and load balance -------------------------------------- */

/* Busy fraction of thread i over the last second (the newest timeline
 * samples that add up to a second), or over the search when the timeline
 * has none of this search. */
static double
busy_recent(const struct ui *ui, const struct stats_snapshot *s, int i)
{
	const struct ui_timeline *tl = &ui->tl;
	double t = 0, b = 0;

	for (int k = 0; k < tl->len && t < 1.0; k++) {
		int at = (tl->head - 1 - k + 2 * UI_TIMELINE) % UI_TIMELINE;
		t += tl->dt[at];
		b += tl->busy[i][at] * tl->dt[at];
	}
	return t > 0 ? b / t : s->thread[i].busy;
}

/* The thread row: the thread number, the share bar (ROW_BAR_MIN to
 * ROW_BAR_MAX cells) and, in ROW_FIXED_W cells around it, the share, nodes,
 * n/s and busy; then, unless compact, busy over the last second, tasks run
 * and stolen (ROW_TASKS_W). */
#define ROW_FIXED_W 27
#define ROW_TASKS_W 17
#define ROW_BAR_MIN 2
#define ROW_BAR_MAX 40
/* The narrowest bar worth keeping the task columns for. */
#define ROW_BAR_WITH_TASKS 5

/* Widths of the thread row; compact rows drop the last-second busy and
 * tasks run and stolen. */
static void
row_geometry(int width, bool *compact, int *bw)
{
	*compact = width < ROW_FIXED_W + ROW_TASKS_W + ROW_BAR_WITH_TASKS;
	*bw = width - ROW_FIXED_W - (*compact ? 0 : ROW_TASKS_W);
	if (*bw > ROW_BAR_MAX)
		*bw = ROW_BAR_MAX;
	if (*bw < ROW_BAR_MIN)
		*bw = ROW_BAR_MIN;
}

static void
busy_cell(const struct ui *ui, WINDOW *w, double f)
{
	char buf[8];
	int busy = (int)(f * 100 + 0.5);
	enum ui_color bc = busy >= 90   ? UI_C_WIN
	                   : busy >= 50 ? UI_C_DRAW
	                                : UI_C_LOSS;

	snprintf(buf, sizeof buf, "%3d%%", busy);
	wattron(w, ui_attr(ui, bc));
	panel_add(w, buf);
	wattroff(w, ui_attr(ui, bc));
}

int
ui_panel_threads(const struct ui *ui, WINDOW *w, int y, int x, int width,
                 int maxrows, const struct stats_snapshot *s)
{
	char a[16], b[16], c[16], d[16], buf[128];
	bool compact;
	int bw, n = s->nthreads, shown, used = 0;

	if (maxrows < 2)
		return 0;
	row_geometry(width, &compact, &bw);
	/* the header */
	wattron(w, A_BOLD);
	/* A distributed search's rows are its ranks: tasks and threads in
	 * place of tasks run and stolen. */
	snprintf(buf, sizeof buf, "%2s %-*s %5s %5s %4s", s->ranks ? "rk" : "#",
	         bw + 7, "work share", "nodes", "n/s", "busy");
	ui_puts_box(w, y, x, buf);
	if (!compact) {
		snprintf(buf, sizeof buf, " %4s %5s %5s", "1s",
		         s->ranks ? "tasks" : "run",
		         s->ranks ? "thr" : "stoln");
		panel_add(w, buf);
	}
	wattroff(w, A_BOLD);
	used++;
	if (n <= 0) {
		wattron(w, A_DIM);
		ui_puts_box(w, y + 1, x, " -  no search yet");
		wattroff(w, A_DIM);
		return 2;
	}
	shown = n;
	if (shown > maxrows - 1)
		shown = maxrows - 2; /* leave a row for "+N more" */
	for (int i = 0; i < shown; i++) {
		const struct stats_thread_snap *t = &s->thread[i];
		int yy = y + used;

		panel_printf(w, yy, x, "%2d", i);
		ui_bar(ui, w, yy, x + 3, bw, t->share, 1.0,
		       ui_attr(ui, UI_C_BAR));
		snprintf(buf, sizeof buf, " %3.0f%% %5s %5s ", t->share * 100,
		         util_si(a, sizeof a, (double)t->nodes),
		         util_si(b, sizeof b, t->nps));
		ui_puts_box(w, yy, x + 5 + bw, buf);
		busy_cell(ui, w, t->busy);
		if (!compact) {
			panel_add(w, " ");
			busy_cell(ui, w,
			          s->running ? busy_recent(ui, s, i) : t->busy);
			if (s->ranks)
				snprintf(buf, sizeof buf, " %5s %5s",
				         util_si(c, sizeof c, (double)t->run),
				         t->spawned
				             ? util_si(d, sizeof d,
				                       (double)t->spawned)
				             : "own");
			else
				snprintf(
				    buf, sizeof buf, " %5s %5s",
				    util_si(c, sizeof c, (double)t->run),
				    util_si(d, sizeof d, (double)t->stolen));
			panel_add(w, buf);
		}
		used++;
	}
	if (shown < n) {
		double busy = 0, share = 0;
		for (int i = shown; i < n; i++) {
			busy += s->thread[i].busy;
			share += s->thread[i].share;
		}
		wattron(w, A_DIM);
		snprintf(buf, sizeof buf,
		         "   +%d more: %.0f%% work, %.0f%% busy", n - shown,
		         share * 100, busy * 100 / (n - shown));
		ui_puts_box(w, y + used, x, buf);
		wattroff(w, A_DIM);
		used++;
	}
	return used;
}

void
ui_panel_balance(const struct ui *ui, WINDOW *w, int y, int x, int width,
                 const struct stats_snapshot *s)
{
	double lo = 1, hi = 0, ratio, pct;
	char buf[160], over[48] = "";
	int len;

	if (s->nthreads <= 1 || s->nodes == 0) {
		wattron(w, A_DIM);
		ui_puts_box(w, y, x,
		            s->nthreads == 1
		                ? "imbalance: one thread, nothing to balance"
		                : "imbalance: -");
		wattroff(w, A_DIM);
		return;
	}
	for (int i = 0; i < s->nthreads; i++) {
		if (s->thread[i].share < lo)
			lo = s->thread[i].share;
		if (s->thread[i].share > hi)
			hi = s->thread[i].share;
	}
	ratio = s->imbalance;
	pct = s->imbalance_pct;
	/* More threads than processors: they take turns on the cores, and
	 * their busy time says so. */
	if (!s->ranks && s->oversubscribed)
		snprintf(over, sizeof over, "  %d on %d cores", s->nthreads,
		         s->cpus);
	len = snprintf(buf, sizeof buf,
	               "imbalance %.2f (%.1f%%)  work %.1f-%.1f%%%s", ratio,
	               pct, lo * 100, hi * 100, over);
	if (len > width)
		len = snprintf(buf, sizeof buf, "imbalance %.2f (%.0f%%)%s",
		               ratio, pct, over[0] ? " oversub" : "");
	if (len > width)
		snprintf(buf, sizeof buf, "imb %.2f", ratio);
	wattron(w, ratio > 1.10 ? ui_attr(ui, UI_C_WARN) : 0);
	ui_puts_box(w, y, x, buf);
	wattroff(w, ratio > 1.10 ? ui_attr(ui, UI_C_WARN) : 0);
}

/* ---- the timeline ---------------------------------------------------- */

void
ui_timeline_sample(struct ui *ui)
{
	struct ui_timeline *tl = &ui->tl;
	const struct stats_snapshot *s = &ui->snap;

	if (ui->job == UI_JOB_NONE || s->nthreads <= 0)
		return;
	if (s->searches != tl->prev_searches) {
		/* A new search: its counters start from zero. */
		tl->prev_searches = s->searches;
		tl->prev_t = 0;
		for (int i = 0; i < STATS_MAX_THREADS; i++) {
			tl->prev_busy[i] = 0;
			tl->prev_stolen[i] = 0;
		}
	}
	double dt = s->elapsed - tl->prev_t;
	if (dt < 0.005)
		return;
	for (int i = 0; i < STATS_MAX_THREADS; i++) {
		unsigned char v = 0;
		float f = 0;
		if (i < s->nthreads) {
			const struct stats_thread_snap *t = &s->thread[i];
			double fb = (t->busy_s - tl->prev_busy[i]) / dt;
			fb = fb < 0 ? 0 : fb > 1 ? 1 : fb;
			f = (float)fb;
			v = (unsigned char)(1 + (int)(fb * 8 + 0.5));
			if (t->stolen > tl->prev_stolen[i])
				v |= UI_TL_STOLE;
			tl->prev_busy[i] = t->busy_s;
			tl->prev_stolen[i] = t->stolen;
		}
		tl->v[i][tl->head] = v;
		tl->busy[i][tl->head] = f;
	}
	tl->dt[tl->head] = (float)dt;
	tl->prev_t = s->elapsed;
	tl->head = (tl->head + 1) % UI_TIMELINE;
	if (tl->len < UI_TIMELINE)
		tl->len++;
}

/* Sample k back from the newest (0 the newest) of thread i, 0 if none. */
static unsigned char
tl_at(const struct ui_timeline *tl, int i, int k)
{
	if (k >= tl->len)
		return 0;
	return tl->v[i][(tl->head - 1 - k + 2 * UI_TIMELINE) % UI_TIMELINE];
}

/* Where thread i of s works, in at most 6 cells: "c4 p7", "root", or
 * "idle" when its newest sample is idle. */
static void
tl_where(const struct ui *ui, const struct stats_snapshot *s, int i, char *buf,
         size_t len)
{
	const struct stats_thread_snap *t = &s->thread[i];
	unsigned char v = tl_at(&ui->tl, i, 0) & ~UI_TL_STOLE;

	if (!s->running || v <= 1)
		snprintf(buf, len, "%s", s->running ? "idle" : "-");
	else if (t->root_col < 0)
		snprintf(buf, len, "root");
	else if (t->ply > 0 && t->ply < 100)
		snprintf(buf, len, "c%c p%d", ui_col_char(t->root_col), t->ply);
	else
		snprintf(buf, len, "c%c", ui_col_char(t->root_col));
}

/* One row a thread from row y: "  0 c4 p7 ▁▂▅▇██▇" (the newest sample at
 * the right); returns the rows used. */
static int
panel_timeline(struct ui *ui, WINDOW *w, int y, int width, int maxrows,
               const struct stats_snapshot *s)
{
	static const char *const blocks[] = {"\u00b7", "\u2581", "\u2582",
	                                     "\u2583", "\u2584", "\u2585",
	                                     "\u2586", "\u2587", "\u2588"};
	static const char ascii[] = ".--==+**#";
	char where[16];
	int n = s->nthreads < maxrows ? s->nthreads : maxrows;
	int strip = width - 10;

	if (strip < 4)
		return 0;
	if (strip > UI_TIMELINE)
		strip = UI_TIMELINE;
	for (int i = 0; i < n; i++) {
		tl_where(ui, s, i, where, sizeof where);
		panel_printf(w, y + i, 2, "%2d %-6s", i, where);
		for (int k = strip - 1; k >= 0; k--) {
			unsigned char v = tl_at(&ui->tl, i, k);
			int level = v & ~UI_TL_STOLE;
			wmove(w, y + i, 2 + 10 + (strip - 1 - k));
			if (level == 0) {
				waddch(w, ' ');
				continue;
			}
			attr_t a = level <= 1 ? A_DIM
			           : v & UI_TL_STOLE
			               ? ui_attr(ui, UI_C_BAR2) | A_REVERSE
			               : ui_attr(ui, UI_C_BAR);
			wattron(w, a);
			if (ui->utf8)
				waddstr(w, blocks[level - 1]);
			else
				waddch(w, (chtype)ascii[level - 1]);
			wattroff(w, a);
		}
	}
	return n;
}

/* ---- the title --------------------------------------------------------- */

/* What the snapshot on show is: "AI's move", "hint", "analysis". */
static const char *
snap_name(const struct ui *ui, const struct stats_snapshot *s)
{
	if (s == &ui->move_snap)
		return "AI's move";
	switch (ui->snap_job) {
	case UI_JOB_MOVE:
		return "AI's move";
	case UI_JOB_HINT:
		return "hint";
	case UI_JOB_ANALYSIS:
		return "analysis";
	default:
		return "last search";
	}
}

static void
panel_title(struct ui *ui, WINDOW *w, const struct stats_snapshot *s)
{
	char buf[128];
	const char *what;
	int p = game_to_move(&ui->game), room = getmaxx(w) - 5;

	if (room < 4)
		return;
	wmove(w, 0, 2);
	switch (ui->job) {
	case UI_JOB_MOVE: {
		attr_t a = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		snprintf(buf, sizeof buf, " Search: %s ",
		         ui_player_name(ui, p));
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		room -= ui_addn(w, buf, room);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wattron(w, a);
		room -= ui_addn(w, ui_token(ui, p), room);
		wattroff(w, a);
		/* The time of the search on show: a toggle restarts it. */
		if (s->ranks)
			snprintf(buf, sizeof buf, " thinking %.1fs, %d ranks ",
			         s->elapsed, s->nthreads);
		else
			snprintf(buf, sizeof buf, " thinking %.1fs ",
			         s->elapsed);
		wattron(w, A_BOLD);
		ui_addn(w, buf, room);
		wattroff(w, A_BOLD);
		return;
	}
	case UI_JOB_HINT:
		snprintf(buf, sizeof buf, "hint %.1fs", s->elapsed);
		what = buf;
		break;
	case UI_JOB_ANALYSIS:
		snprintf(buf, sizeof buf, "analysis %.1fs", s->elapsed);
		what = buf;
		break;
	case UI_JOB_PONDER:
		/* The AI's own last search stays on show below. */
		if (ui->have_move_snap)
			snprintf(buf, sizeof buf,
			         "AI's move %.2fs%s%s, pondering %.0fs",
			         ui->move_snap.elapsed,
			         ui->move_source ? ", " : "",
			         ui->move_source ? ui->move_source : "",
			         ui_now() - ui->job_t0);
		else
			snprintf(buf, sizeof buf, "AI pondering %.0fs",
			         ui_now() - ui->job_t0);
		what = buf;
		break;
	default:
		if (ui->paused)
			what = "paused";
		else if (ui->have_move_snap && ui->move_source != NULL &&
		         ui->res_moves + 1 == ui->game.board.moves) {
			snprintf(buf, sizeof buf, "AI's move from the %s",
			         ui->move_source);
			what = buf;
		} else if (ui->have_snap && s->nthreads > 0) {
			/* The time of the search the panel shows, as its
			 * totals give it. */
			snprintf(buf, sizeof buf, "%s, %.2fs", snap_name(ui, s),
			         s->elapsed);
			what = buf;
		} else
			what = "idle";
		break;
	}
	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	room -= ui_addn(w, " Search: ", room);
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	if (ui->job != UI_JOB_NONE)
		wattron(w, A_BOLD);
	ui_addn(w, what, room);
	ui_addn(w, " ", room - ui_cells(what));
	wattroff(w, A_BOLD);
}

/* ---- totals ------------------------------------------------------------ */

/* Rows the totals take: four, the move played when there is one, and
 * the speed's factors when they are known. */
static bool
has_factors(const struct ui *ui, const struct stats_snapshot *s)
{
	return ui->one_nps > 0 && s->nodes > 0 && s->nthreads > 0 &&
	       !s->ranks && s->elapsed > 0;
}

static int
totals_rows(const struct ui *ui, const struct stats_snapshot *s)
{
	return 4 + (ui->move_why[0] != '\0' && s == &ui->move_snap) +
	       has_factors(ui, s);
}

/* The speed's factors that can be measured live: the threads' mean busy
 * fraction, and the node rate per busy thread against one thread alone
 * (engine_calibrate(): measured once this session, on a fixed position).
 * Their product times the threads is the rate against one thread. */
static void
panel_factors(const struct ui *ui, WINDOW *w, int y, int width,
              const struct stats_snapshot *s)
{
	char a[16];
	struct stats_speedup f;

	stats_live_factors(s, ui->one_nps, &f);
	const double busy = f.busy, speed = f.node_speed;
	char buf[160];
	int len =
	    snprintf(buf, sizeof buf,
	             "%d x busy %.0f%% x node speed %.2f = %.2f x one "
	             "thread alone (%s n/s, measured this session)",
	             s->nthreads, busy * 100, speed, s->nthreads * busy * speed,
	             util_si(a, sizeof a, ui->one_nps));
	if (len > width)
		len = snprintf(
		    buf, sizeof buf,
		    "%d x busy %.0f%% x node speed %.2f = %.2f x one "
		    "thread",
		    s->nthreads, busy * 100, speed, s->nthreads * busy * speed);
	if (len > width)
		snprintf(buf, sizeof buf,
		         "%d x busy %.0f%% x speed %.2f = %.2f", s->nthreads,
		         busy * 100, speed, s->nthreads * busy * speed);
	ui_puts_box(w, y, 2, buf);
}

static int
panel_totals(struct ui *ui, WINDOW *w, int y, int width, int rows,
             const struct stats_snapshot *s, bool hidden)
{
	char a[16], b[16], buf[256];
	int len, used = 0;

	if (rows <= 0)
		return 0;
	panel_printf(w, y + used++, 2, "nodes %s  %s n/s  %.2fs",
	             util_si(a, sizeof a, (double)s->nodes),
	             util_si(b, sizeof b, s->nps), s->elapsed);

	if (used < rows && has_factors(ui, s))
		panel_factors(ui, w, y + used++, width, s);

	/* The move played against the search's best (the AI's own). */
	if (used < rows && ui->move_why[0] != '\0' && s == &ui->move_snap) {
		wattron(w, A_BOLD);
		panel_printf(w, y + used++, 2, "played %s",
		             7 + ui_cells(ui->move_why) <= width
		                 ? ui->move_why
		                 : ui->move_why_short);
		wattroff(w, A_BOLD);
	}

	if (used < rows) {
		if (s->nthreads == 0)
			snprintf(buf, sizeof buf, "depth -");
		else if (s->exact)
			snprintf(buf, sizeof buf, "%s",
			         s->running ? "solving, exact" : "exact");
		else if (ui->level >= 0)
			snprintf(buf, sizeof buf, "depth %d", s->depth);
		else
			snprintf(buf, sizeof buf, "depth %d/%d", s->depth,
			         ui->perfect ? s->depth : ui->depth);
		len = (int)strlen(buf);
		if (s->beside > 0 && s->running) {
			snprintf(buf + len, sizeof buf - len,
			         ", a proof beside on %d", s->beside);
			len = (int)strlen(buf);
		}
		if (s->ranks) /* every rank has a table of its own */
			snprintf(buf + len, sizeof buf - len,
			         "  a table a rank");
		else
			snprintf(buf + len, sizeof buf - len,
			         "  TT %.0f%% full, %.0f%% hits",
			         s->tt_fill * 100, s->tt_hitrate * 100);
		ui_puts_box(w, y + used++, 2, buf);
	}

	if (used < rows) {
		if (s->ranks) {
			uint64_t tasks = 0;
			for (int i = 0; i < s->nthreads; i++)
				tasks += s->thread[i].run;
			snprintf(
			    buf, sizeof buf, "tasks %s handed out to %d ranks",
			    util_si(a, sizeof a, (double)tasks), s->nthreads);
		} else {
			snprintf(buf, sizeof buf, "tasks %s spawned, %s stolen",
			         util_si(a, sizeof a, (double)s->spawned),
			         util_si(b, sizeof b, (double)s->stolen));
		}
		ui_puts_box(w, y + used++, 2, buf);
	}

	if (used < rows) {
		len = snprintf(buf, sizeof buf, "PV%s",
		               hidden ? " hidden (the AI's ponder)" : "");
		for (int i = 0; i < s->pv_len && !hidden && len < 200; i++)
			len += snprintf(buf + len, sizeof buf - len, " %c",
			                board_col_char(s->pv[i]));
		if (len > width && width > 3) {
			buf[width - 3] = '\0';
			strcat(buf, "...");
		}
		ui_puts_box(w, y + used++, 2, buf);
	}
	return used;
}

/* ---- root columns ------------------------------------------------------ */

/* The root columns of the snapshot's search, in words; on a wide panel
 * each column's share of the root's nodes as a bar. */
static void
panel_columns(struct ui *ui, WINDOW *w, int y, int rows, int width,
              const struct stats_snapshot *s, bool hidden)
{
	char words[64], a[16], buf[160];
	static const char *const state[] = {
	    [COL_ILLEGAL] = "full",        [COL_WAITING] = "waiting",
	    [COL_SEARCHING] = "searching", [COL_DONE] = "",
	    [COL_SKIPPED] = "not needed",
	};
	/* Words need the root: that of the last search started. */
	const board_t *root = &ui->job_root;
	bool same = ui->job_root.w > 0;
	uint64_t total = 0;
	int bar = width >= 70 ? width - 56 : 0;

	if (bar > 30)
		bar = 30;
	for (int c = 0; c < s->ncols; c++)
		total += s->col[c].nodes;
	for (int c = 0; c < s->ncols && c < rows; c++) {
		const struct stats_column_snap *col = &s->col[c];
		if (col->state == COL_ILLEGAL) {
			snprintf(buf, sizeof buf, "%c  -", ui_col_char(c));
		} else if (hidden || col->kind == SCORE_NONE || !same) {
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c),
			         hidden                      ? "hidden"
			         : col->kind != SCORE_NONE   ? ""
			         : col->state == COL_SKIPPED ? "-"
			                                     : "?",
			         util_si(a, sizeof a, (double)col->nodes),
			         state[col->state]);
		} else {
			score_words(root, col->kind, col->score, words,
			            sizeof words);
			snprintf(buf, sizeof buf, "%c  %-16s %5s %s",
			         ui_col_char(c), words,
			         util_si(a, sizeof a, (double)col->nodes),
			         state[col->state]);
		}
		/* The threads working under this column now. */
		int in = 0;
		for (int i = 0; s->running && i < s->nthreads; i++)
			in += s->thread[i].root_col == c &&
			      (tl_at(&ui->tl, i, 0) & ~UI_TL_STOLE) > 1;
		if (in > 0) {
			size_t len = strlen(buf);
			snprintf(buf + len, sizeof buf - len, " [%d %s%s]", in,
			         s->ranks ? "rank" : "thread",
			         in == 1 ? "" : "s");
		}
		ui_puts_box(w, y + c, 2, buf);
		if (bar > 0 && col->state != COL_ILLEGAL && total > 0)
			ui_bar(ui, w, y + c, width + 1 - bar - 2, bar,
			       (double)col->nodes, (double)total,
			       ui_attr(ui, UI_C_BAR2));
	}
}

/* ---- the game's searches ----------------------------------------------- */

/* The AI's searches of this game, the newest last: one row each with its
 * move, time, nodes, rate, busy, imbalance, threads and depth; on a wide
 * panel its time as a bar against the longest shown (the chart). */
static int
panel_history(struct ui *ui, WINDOW *w, int y, int rows, int width)
{
	const struct ui_history *h = &ui->hist;
	char a[16], b[16], dp[16];
	int n = h->n < rows - 1 ? h->n : rows - 1, first = h->n - n;
	int bar = width >= 64 ? width - 52 : 0;
	double tmax = 0;

	if (rows < 2)
		return 0;
	if (bar > 40)
		bar = 40;
	wattron(w, A_BOLD);
	panel_printf(w, y, 2, "%4s %6s %5s %5s %4s %5s %3s %5s%s", "move",
	             "time", "nodes", "n/s", "busy", "imbal", "thr", "depth",
	             bar > 0 ? "  time" : "");
	wattroff(w, A_BOLD);
	if (n == 0) {
		wattron(w, A_DIM);
		ui_puts_box(w, y + 1, 2, "no search of the AI's yet");
		wattroff(w, A_DIM);
		return 2;
	}
	for (int i = first; i < h->n; i++)
		if (h->e[i].secs > tmax)
			tmax = h->e[i].secs;
	for (int i = first; i < h->n; i++) {
		const struct ui_history_entry *e = &h->e[i];
		int yy = y + 1 + i - first;
		if (e->depth < 0)
			snprintf(dp, sizeof dp, "exact");
		else
			snprintf(dp, sizeof dp, "%d", e->depth);
		panel_printf(w, yy, 2,
		             "%4d %5.2fs %5s %5s %3.0f%% %5.2f %3d %5s", e->ply,
		             e->secs, util_si(a, sizeof a, (double)e->nodes),
		             util_si(b, sizeof b, e->nps), e->busy * 100,
		             e->imbalance, e->threads, dp);
		if (bar > 0)
			ui_bar(ui, w, yy, 2 + 48, bar, e->secs, tmax,
			       ui_attr(ui, UI_C_BAR));
	}
	return 1 + n;
}

/* ---- settings ---------------------------------------------------------- */

static void
panel_settings(struct ui *ui, WINDOW *w, int y, int width)
{
	char buf[160], t[32];
	int len;

	if (ui->level >= 0)
		len = snprintf(buf, sizeof buf, "level %s",
		               levels[ui->level].name);
	else if (ui->perfect)
		len = snprintf(buf, sizeof buf, "perfect play");
	else
		len = snprintf(buf, sizeof buf, "depth %d", ui->depth);
	snprintf(buf + len, sizeof buf - len, "  threads %d/%d  split %s",
	         ui->threads, ui->max_threads, search_split_names[ui->split]);
	ui_puts_box(w, y, 2, buf);

	if (ui->level >= 0 && !levels[ui->level].perfect)
		snprintf(t, sizeof t, "%gs",
		         ui->time_limit > 0 ? ui->time_limit
		                            : levels[ui->level].think);
	else if (ui->time_limit > 0)
		snprintf(t, sizeof t, "%gs", ui->time_limit);
	else
		snprintf(t, sizeof t, "none");
	len = snprintf(buf, sizeof buf, "time %s  analysis %s", t,
	               ui->analysis ? "on" : "off");
	/* Pondering is for perfect play only. */
	if (ui->perfect)
		len += snprintf(buf + len, sizeof buf - len, "  ponder %s",
		                ui->ponder ? "on" : "off");
	/* The last restart's delay, when it fits whole. */
	char lat[32];
	int ll = snprintf(lat, sizeof lat, "  restart %.2fms", ui->latency_ms);
	if (ui->latency_ms > 0 && len + ll <= width)
		strcat(buf, lat);
	/* The legend's key, when it fits whole. */
	if ((int)strlen(buf) + 12 <= width)
		strcat(buf, "  i: legend");
	wattron(w, A_DIM);
	ui_puts_box(w, y + 1, 2, buf);
	wattroff(w, A_DIM);
}

/* ---- the layout -------------------------------------------------------- */

/* Rows of each section, decided from the room: the threads (header and
 * rows), the load line, the timeline, the totals, the root columns, the
 * history, and a legend line under each when rows are left over. */
struct panel_plan {
	int threads, load, timeline, totals, columns, history;
	bool legend_threads, legend_timeline, legend_totals, legend_history;
};

static void
panel_plan(const struct ui *ui, const struct stats_snapshot *s, int rows,
           struct panel_plan *p)
{
	int n = s->nthreads > 0 ? s->nthreads : 1, left = rows;
	int want_totals = totals_rows(ui, s);

	memset(p, 0, sizeof *p);
	/* The threads' header and up to two rows (or one and "+N more"). */
	p->threads = 1 + n < 3 ? 1 + n : 3;
	p->threads = p->threads < left ? p->threads : left;
	left -= p->threads;
	if (left >= 1) {
		p->load = 1;
		left--;
	}
	/* The totals: a rule and at least two rows, or nothing. */
	if (left >= 3) {
		p->totals = want_totals < left - 1 ? want_totals : left - 1;
		left -= 1 + p->totals;
	}
	/* Every thread's row, when there is room. */
	int more = 1 + n - p->threads;
	more = more < left ? more : left;
	p->threads += more;
	left -= more;
	/* The timeline: a rule and a row a thread. */
	if (left >= 2 && s->nthreads > 0) {
		p->timeline = s->nthreads < left - 1 ? s->nthreads : left - 1;
		left -= 1 + p->timeline;
	}
	/* The root columns, whole. */
	if (s->ncols > 0 && left >= 1 + s->ncols) {
		p->columns = s->ncols;
		left -= 1 + s->ncols;
	}
	/* The history: a rule, its header and at least two searches. */
	if (left >= 4) {
		p->history =
		    left - 1 < 1 + UI_HISTORY ? left - 1 : 1 + UI_HISTORY;
		if (p->history > 1 + ui->hist.n + 2)
			p->history = 1 + (ui->hist.n > 2 ? ui->hist.n : 2);
		left -= 1 + p->history;
	}
	/* A legend line under each section that is shown whole. */
	if (left > 0 && p->threads == 1 + n && p->load) {
		p->legend_threads = true;
		left--;
	}
	if (left > 0 && p->timeline) {
		p->legend_timeline = true;
		left--;
	}
	if (left > 0 && p->totals) {
		p->legend_totals = true;
		left--;
	}
	if (left > 0 && p->history) {
		p->legend_history = true;
		left--;
	}
}

void
ui_panel_draw(struct ui *ui, WINDOW *w)
{
	int W = getmaxx(w), H = getmaxy(w);
	int width = W - 4, y, bottom = H - 4;
	/* While the AI ponders (and after), its own last search stays on
	 * show: a ponder's snapshot is never drawn. */
	const struct stats_snapshot *s =
	    (ui->scores_hidden || ui->job == UI_JOB_NONE) &&
	            ui->have_move_snap &&
	            (ui->scores_hidden || ui->snap_job == UI_JOB_MOVE ||
	             ui->snap_job == UI_JOB_PONDER)
	        ? &ui->move_snap
	        : &ui->snap;
	/* The AI's own search is shown whole; only a ponder's is hidden. */
	const bool hidden = ui->scores_hidden && s == &ui->snap;
	struct panel_plan p;

	werase(w);
	ui_box(ui, w);
	panel_title(ui, w, s);
	/* Settings take the bottom three rows (rule included). */
	panel_rule(ui, w, bottom, "Settings");
	panel_settings(ui, w, H - 3, width);

	panel_plan(ui, s, bottom - 1, &p);
	y = 1;
	y += ui_panel_threads(ui, w, y, 1, width + 1, p.threads, s);
	if (p.legend_threads)
		panel_legend_line(w, y++,
		                  width >= 68 ? "work: its nodes/all  busy: "
		                                "searching/elapsed  1s: busy, "
		                                "last second"
		                              : "work: nodes/all  busy: "
		                                "search/elapsed");
	if (p.load)
		ui_panel_balance(ui, w, y++, 2, width, s);
	if (p.timeline) {
		panel_rule(ui, w, y++,
		           s->ranks ? "Timeline of the ranks: busy, idle"
		                    : "Timeline: busy, idle, stolen");
		y += panel_timeline(ui, w, y, width, p.timeline, s);
		if (p.legend_timeline)
			panel_legend_line(w, y++,
			                  width >= 64
			                      ? "a cell a snapshot (0.08s): "
			                        "height busy, dot idle, "
			                        "inverse a steal"
			                      : "a cell 0.08s: height busy, "
			                        "inverse steal");
	}
	if (p.totals) {
		panel_rule(ui, w, y++, "Totals");
		y += panel_totals(ui, w, y, width, p.totals, s, hidden);
		if (p.legend_totals)
			panel_legend_line(w, y++,
			                  width >= 60
			                      ? "TT: table slots used, "
			                        "probes that hit  PV: the "
			                        "line expected"
			                      : "TT: slots used, hits  PV: "
			                        "line expected");
	}
	if (p.columns) {
		panel_rule(ui, w, y++, "Root columns");
		panel_columns(ui, w, y, p.columns, width, s, hidden);
		y += p.columns;
	}
	if (p.history) {
		panel_rule(ui, w, y++, "The AI's searches this game");
		y += panel_history(ui, w, y, p.history, width);
		if (p.legend_history)
			panel_legend_line(w, y++,
			                  width >= 56
			                      ? "imbal: max/mean busy time "
			                        "of the threads (1.00: even)"
			                      : "imbal: max/mean busy time");
	}
	wnoutrefresh(w);
}
