/* ui-timeline.c -- the panel's timeline: each thread's activity over the
 * last seconds (busy, idle, stealing), sampled from the snapshots while a
 * search runs (ui_timeline_sample(), called by ui-model.c for the game's
 * searches and ui-jobs.c for the speedup screen's): one timeline a
 * search, empty when it starts.  Drawn scrolling beside where each thread
 * works, from the frame's model (ui-model.c). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/util.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"

void
ui_timeline_sample(struct ui_timeline *tl, const struct stats_snapshot *s)
{
	if (s->nthreads <= 0 || s->searches == 0)
		return;
	if (s->searches != tl->prev_searches) {
		/* A new search: a new timeline, its counters from zero;
		 * nothing of the search before stays in its window. */
		memset(tl, 0, sizeof *tl);
		tl->prev_searches = s->searches;
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

void
ui_timeline_recent(const struct ui_timeline *tl, const struct stats_snapshot *s,
                   double *recent)
{
	for (int i = 0; i < s->nthreads; i++) {
		double t = 0, b = 0;
		for (int k = 0; tl != NULL && k < tl->len && t < 1.0; k++) {
			int at =
			    (tl->head - 1 - k + 2 * UI_TIMELINE) % UI_TIMELINE;
			t += tl->dt[at];
			b += tl->busy[i][at] * tl->dt[at];
		}
		recent[i] = t > 0 ? b / t : s->thread[i].busy;
	}
}

unsigned char
ui_timeline_at(const struct ui_timeline *tl, int i, int k)
{
	if (k >= tl->len)
		return 0;
	return tl->v[i][(tl->head - 1 - k + 2 * UI_TIMELINE) % UI_TIMELINE];
}

/* The cell of thread i, k samples back, on row r (0 the bottom) of a
 * bar `height` rows tall: the level 0-8 of eighths there, -1 no sample. */
static int
tl_level(const struct ui_timeline *tl, int i, int k, int r, int height)
{
	if (tl == NULL || k >= tl->len)
		return -1;
	int at = (tl->head - 1 - k + 2 * UI_TIMELINE) % UI_TIMELINE;
	if (height <= 1)
		return (tl->v[i][at] & ~UI_TL_STOLE) - 1;
	int e = (int)(tl->busy[i][at] * 8 * height + 0.5) - 8 * r;
	return e < 0 ? 0 : e > 8 ? 8 : e;
}

/* Rows a thread from row y: "  0 c4 p7 ▁▂▅▇██▇" (the newest sample at
 * the right), each bar `height` rows tall, where it works from the model
 * (struct model_thread); returns the rows used. */
int
ui_panel_timeline(struct ui *ui, WINDOW *w, int y, int width, int maxrows,
                  int height, const struct panel_model *m)
{
	static const char *const blocks[] = {"\u00b7", "\u2581", "\u2582",
	                                     "\u2583", "\u2584", "\u2585",
	                                     "\u2586", "\u2587", "\u2588"};
	static const char ascii[] = ".--==+**#";
	const struct stats_snapshot *s = &m->s;
	int n = s->nthreads < maxrows ? s->nthreads : maxrows;
	int strip = width - 10;

	if (strip < 4)
		return 0;
	if (strip > UI_TIMELINE)
		strip = UI_TIMELINE;
	if (height < 1)
		height = 1;
	for (int i = 0; i < n; i++) {
		const int yt = y + i * height, yb = yt + height - 1;
		if (m->th[i].proof)
			ui_panel_printf(w, yb, 2, "p%d %-6s",
			                i - m->search_rows, m->th[i].where);
		else
			ui_panel_printf(w, yb, 2, "%2d %-6s", i,
			                m->th[i].where);
		for (int k = strip - 1; k >= 0; k--) {
			unsigned char v =
			    m->tl != NULL ? ui_timeline_at(m->tl, i, k) : 0;
			const int x = 2 + 10 + (strip - 1 - k);
			for (int r = 0; r < height; r++) {
				int level = tl_level(m->tl, i, k, r, height);
				wmove(w, yb - r, x);
				/* above the bar's top: blank, not a dot */
				if (level < 0 || (r > 0 && level == 0)) {
					waddch(w, ' ');
					continue;
				}
				attr_t a =
				    level == 0 ? A_DIM
				    : v & UI_TL_STOLE
				        ? ui_attr(ui, UI_C_BAR2) | A_REVERSE
				        : ui_attr(ui, UI_C_BAR);
				wattron(w, a);
				if (ui->utf8)
					waddstr(w, blocks[level]);
				else
					waddch(w, (chtype)ascii[level]);
				wattroff(w, a);
			}
		}
	}
	return n * height;
}
