/* ui-timeline.c -- the panel's timeline: each thread's activity over the
 * last seconds (busy, idle, stealing), sampled from the snapshots while a
 * search runs (ui_timeline_sample(), called by ui-jobs.c) and drawn
 * scrolling beside where each thread works (the root column and the ply
 * of its split point). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"

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

unsigned char
ui_timeline_at(const struct ui_timeline *tl, int i, int k)
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
	unsigned char v = ui_timeline_at(&ui->tl, i, 0) & ~UI_TL_STOLE;

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
int
ui_panel_timeline(struct ui *ui, WINDOW *w, int y, int width, int maxrows,
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
		if (i >= s->nthreads - s->beside_rows) /* the proof's */
			ui_panel_printf(w, y + i, 2, "p%d %-6s",
			                i - (s->nthreads - s->beside_rows),
			                "proof");
		else
			ui_panel_printf(w, y + i, 2, "%2d %-6s", i, where);
		for (int k = strip - 1; k >= 0; k--) {
			unsigned char v = ui_timeline_at(&ui->tl, i, k);
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
