/* ui-threads.c -- the search's threads in rows, and the load balance
 * under them: the live panel's (ui-panel.c) and the same rows on the
 * speedup screen (ui-speedup.c) and the tour screen (ui-tour.c).  A row
 * is a thread's work share as a bar and a percentage, its nodes, nodes
 * per second, busy % over the search and over the last second, tasks run
 * and stolen; the balance line is the busy-time imbalance (max / mean
 * busy time, and (max - mean) / max), the spread of the work shares and
 * oversubscription.  Drawn from a stats_snapshot only (docs/panel.md).
 */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"

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
	ui_panel_add(w, buf);
	wattroff(w, ui_attr(ui, bc));
}

int
ui_panel_threads(const struct ui *ui, WINDOW *w, int y, int x, int width,
                 int maxrows, const struct stats_snapshot *s,
                 const double *recent)
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
		ui_panel_add(w, buf);
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

		/* The proof's threads beside the search: p0, p1, ... */
		if (i >= s->nthreads - s->beside_rows)
			ui_panel_printf(w, yy, x, "p%d",
			                i - (s->nthreads - s->beside_rows));
		else
			ui_panel_printf(w, yy, x, "%2d", i);
		ui_bar(ui, w, yy, x + 3, bw, t->share, 1.0,
		       ui_attr(ui, UI_C_BAR));
		snprintf(buf, sizeof buf, " %3.0f%% %5s %5s ", t->share * 100,
		         util_si(a, sizeof a, (double)t->nodes),
		         util_si(b, sizeof b, t->nps));
		ui_puts_box(w, yy, x + 5 + bw, buf);
		busy_cell(ui, w, t->busy);
		if (!compact) {
			ui_panel_add(w, " ");
			busy_cell(ui, w,
			          s->running && recent != NULL ? recent[i]
			                                       : t->busy);
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
			ui_panel_add(w, buf);
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
