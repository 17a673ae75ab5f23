/* ui-panel.c -- the live search panel beside the board.
 *
 * Drawn only from ui->snap, the stats_snapshot that ui-jobs.c takes with
 * engine_snapshot() 12 times a second while a search runs (and once when
 * it ends); never from live counters.  From the top:
 *   one row per search thread: share of the nodes as a bar and a
 *     percentage, nodes, nodes per second, busy %, tasks run and stolen;
 *   the load balance: spread between the busiest and the idlest thread;
 *   the timeline: each thread's activity over the last seconds (busy,
 *     idle, stealing) scrolling while the search runs, and where it works
 *     (the root column and the ply of its split point);
 *   totals: nodes, nodes per second, time, depth reached (or exact),
 *     transposition table fill and hit rate, tasks, principal variation;
 *   the root columns with the threads in each, when there is room;
 *   and at the bottom the settings the keys change.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "search/level.h"
#include "ui/ui-int.h"
#include "core/util.h"

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
	if (label != NULL) {
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		mvwprintw(w, y, 2, " %s ", label);
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	}
}

/* The thread row: the thread number, the share bar (ROW_BAR_MIN to
 * ROW_BAR_MAX cells) and, in ROW_FIXED_W cells around it, the share, nodes,
 * n/s and busy; then, unless compact, tasks run and stolen (ROW_TASKS_W). */
#define ROW_FIXED_W 27
#define ROW_TASKS_W 12
#define ROW_BAR_MIN 2
#define ROW_BAR_MAX 20
/* The narrowest bar worth keeping the task columns for. */
#define ROW_BAR_WITH_TASKS 5

/* Widths of the thread row; compact rows drop tasks run and stolen. */
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
	         bw + 7, "share", "nodes", "n/s", "busy");
	ui_puts(w, y, x, buf);
	if (!compact)
		mvwprintw(w, y, x + ROW_FIXED_W + 1 + bw, "%5s %5s",
		          s->ranks ? "tasks" : "run",
		          s->ranks ? "thr" : "stoln");
	wattroff(w, A_BOLD);
	used++;
	if (n <= 0) {
		wattron(w, A_DIM);
		ui_puts(w, y + 1, x, " -  no search yet");
		wattroff(w, A_DIM);
		return 2;
	}
	shown = n;
	if (shown > maxrows - 1)
		shown = maxrows - 2; /* leave a row for "+N more" */
	for (int i = 0; i < shown; i++) {
		const struct stats_thread_snap *t = &s->thread[i];
		int busy = (int)(t->busy * 100 + 0.5);
		enum ui_color bc = busy >= 90   ? UI_C_WIN
		                   : busy >= 50 ? UI_C_DRAW
		                                : UI_C_LOSS;
		int yy = y + used;

		mvwprintw(w, yy, x, "%2d", i);
		ui_bar(ui, w, yy, x + 3, bw, t->share, 1.0,
		       ui_attr(ui, UI_C_BAR));
		snprintf(buf, sizeof buf, " %3.0f%% %5s %5s ", t->share * 100,
		         util_si(a, sizeof a, (double)t->nodes),
		         util_si(b, sizeof b, t->nps));
		ui_puts(w, yy, x + 5 + bw, buf);
		wattron(w, ui_attr(ui, bc));
		wprintw(w, "%3d%%", busy);
		wattroff(w, ui_attr(ui, bc));
		if (!compact && s->ranks)
			wprintw(w, " %5s %5s",
			        util_si(c, sizeof c, (double)t->run),
			        t->spawned
			            ? util_si(d, sizeof d, (double)t->spawned)
			            : "own");
		else if (!compact)
			wprintw(w, " %5s %5s",
			        util_si(c, sizeof c, (double)t->run),
			        util_si(d, sizeof d, (double)t->stolen));
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
		         "   +%d more: %.0f%% of the nodes, "
		         "%.0f%% busy",
		         n - shown, share * 100, busy * 100 / (n - shown));
		ui_puts(w, y + used, x, buf);
		wattroff(w, A_DIM);
		used++;
	}
	return used;
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
		if (i < s->nthreads) {
			const struct stats_thread_snap *t = &s->thread[i];
			double f = (t->busy_s - tl->prev_busy[i]) / dt;
			f = f < 0 ? 0 : f > 1 ? 1 : f;
			v = (unsigned char)(1 + (int)(f * 8 + 0.5));
			if (t->stolen > tl->prev_stolen[i])
				v |= UI_TL_STOLE;
			tl->prev_busy[i] = t->busy_s;
			tl->prev_stolen[i] = t->stolen;
		}
		tl->v[i][tl->head] = v;
	}
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
	for (int i = 0; i < n; i++) {
		tl_where(ui, s, i, where, sizeof where);
		mvwprintw(w, y + i, 2, "%2d %-6s", i, where);
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

static void
panel_title(struct ui *ui, WINDOW *w)
{
	const struct stats_snapshot *s = &ui->snap;
	char buf[96];
	const char *what;
	int p = game_to_move(&ui->game);

	switch (ui->job) {
	case UI_JOB_MOVE: {
		attr_t a = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) | A_BOLD;
		wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		mvwprintw(w, 0, 2, " Search: %s ", ui_player_name(ui, p));
		wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
		wattron(w, a);
		waddstr(w, ui_token(ui, p));
		wattroff(w, a);
		wattron(w, A_BOLD);
		if (s->ranks)
			wprintw(w, " thinking %.1fs, %d ranks ",
			        ui_now() - ui->think_t0, s->nthreads);
		else
			wprintw(w, " thinking %.1fs ", ui_now() - ui->think_t0);
		wattroff(w, A_BOLD);
		return;
	}
	case UI_JOB_HINT:
		snprintf(buf, sizeof buf, "hint search %.1fs",
		         ui_now() - ui->job_t0);
		what = buf;
		break;
	case UI_JOB_ANALYSIS:
		snprintf(buf, sizeof buf, "analysis %.1fs",
		         ui_now() - ui->job_t0);
		what = buf;
		break;
	case UI_JOB_PONDER:
		/* The AI's own last search stays on show below. */
		if (ui->have_move_snap)
			snprintf(buf, sizeof buf,
			         "AI's move: %.1fs%s%s, pondering %.1fs",
			         ui->move_think, ui->move_source ? ", " : "",
			         ui->move_source ? ui->move_source : "",
			         ui_now() - ui->job_t0);
		else
			snprintf(buf, sizeof buf,
			         "AI pondering on your time %.1fs",
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
			snprintf(buf, sizeof buf, "last search, %.1fs",
			         ui->have_move_snap ? ui->move_think
			                            : s->elapsed);
			what = buf;
		} else
			what = "idle";
		break;
	}
	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	mvwprintw(w, 0, 2, " Search: ");
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	if (ui->job != UI_JOB_NONE)
		wattron(w, A_BOLD);
	wprintw(w, "%s ", what);
	wattroff(w, A_BOLD);
}

void
ui_panel_balance(const struct ui *ui, WINDOW *w, int y, int x, int width,
                 const struct stats_snapshot *s)
{
	double lo = 1, hi = 0;
	char buf[128];

	(void)ui;
	if (s->nthreads <= 1 || s->nodes == 0) {
		wattron(w, A_DIM);
		ui_puts(w, y, x,
		        s->nthreads == 1 ? "work share: one thread"
		                         : "work share: -");
		wattroff(w, A_DIM);
		return;
	}
	for (int i = 0; i < s->nthreads; i++) {
		if (s->thread[i].share < lo)
			lo = s->thread[i].share;
		if (s->thread[i].share > hi)
			hi = s->thread[i].share;
	}
	snprintf(buf, sizeof buf,
	         "work share %3.0f%% (%.1f%%-%.1f%%)  imbalance %.2f%s",
	         s->work_share * 100, lo * 100, hi * 100, s->imbalance,
	         s->oversubscribed ? "  oversubscribed" : "");
	if ((int)strlen(buf) > width)
		snprintf(buf, sizeof buf, "work share %3.0f%%  imbalance %.2f",
		         s->work_share * 100, s->imbalance);
	ui_puts(w, y, x, buf);
}

static int
panel_totals(struct ui *ui, WINDOW *w, int y, int width,
             const struct stats_snapshot *s, bool hidden)
{
	char a[16], b[16], buf[256];
	int len;

	snprintf(buf, sizeof buf, "nodes %s  %s n/s  %.2fs",
	         util_si(a, sizeof a, (double)s->nodes),
	         util_si(b, sizeof b, s->nps), s->elapsed);
	ui_puts(w, y, 2, buf);

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
	if (s->ranks) /* every rank has a table of its own */
		snprintf(buf + len, sizeof buf - len, "  a table a rank");
	else
		snprintf(buf + len, sizeof buf - len,
		         "  TT %.0f%% full, %.0f%% hits", s->tt_fill * 100,
		         s->tt_hitrate * 100);
	ui_puts(w, y + 1, 2, buf);

	if (s->ranks) {
		uint64_t tasks = 0;
		for (int i = 0; i < s->nthreads; i++)
			tasks += s->thread[i].run;
		snprintf(buf, sizeof buf, "tasks %s handed out to %d ranks",
		         util_si(a, sizeof a, (double)tasks), s->nthreads);
	} else {
		snprintf(buf, sizeof buf, "tasks %s spawned, %s stolen",
		         util_si(a, sizeof a, (double)s->spawned),
		         util_si(b, sizeof b, (double)s->stolen));
	}
	ui_puts(w, y + 2, 2, buf);

	len = snprintf(buf, sizeof buf, "PV%s",
	               hidden ? " hidden (the AI's ponder)" : "");
	for (int i = 0; i < s->pv_len && !hidden && len < width && len < 200;
	     i++)
		len += snprintf(buf + len, sizeof buf - len, " %c",
		                board_col_char(s->pv[i]));
	if (len > width) {
		buf[width - 3] = '\0';
		strcat(buf, "...");
	}
	ui_puts(w, y + 3, 2, buf);
	return 4;
}

/* The root columns of the snapshot's search, in words. */
static void
panel_columns(struct ui *ui, WINDOW *w, int y, int rows, int width,
              const struct stats_snapshot *s, bool hidden)
{
	char words[64], a[16], buf[128];
	static const char *const state[] = {
	    [COL_ILLEGAL] = "full",        [COL_WAITING] = "waiting",
	    [COL_SEARCHING] = "searching", [COL_DONE] = "",
	    [COL_SKIPPED] = "not needed",
	};
	/* Words need the root: that of the last search started. */
	const board_t *root = &ui->job_root;
	bool same = ui->job_root.w > 0;
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
		if ((int)strlen(buf) > width)
			buf[width] = '\0';
		ui_puts(w, y + c, 2, buf);
	}
}

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
	if ((int)strlen(buf) > width)
		buf[width] = '\0';
	ui_puts(w, y, 2, buf);

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
	if ((int)strlen(buf) > width)
		buf[width] = '\0';
	wattron(w, A_DIM);
	ui_puts(w, y + 1, 2, buf);
	wattroff(w, A_DIM);
}

void
ui_panel_draw(struct ui *ui, WINDOW *w)
{
	int W = getmaxx(w), H = getmaxy(w);
	int width = W - 4, y, rows, trows, bottom = H - 4;
	/* While the AI ponders (and after), its own last search stays on
	 * show: a ponder's snapshot is never drawn. */
	const struct stats_snapshot *s = ui->scores_hidden && ui->have_move_snap
	                                     ? &ui->move_snap
	                                     : &ui->snap;

	/* The AI's own search is shown whole; only a ponder's is hidden. */
	const bool hidden = ui->scores_hidden && s == &ui->snap;

	werase(w);
	ui_box(ui, w);
	panel_title(ui, w);
	/* Settings take the bottom three rows (rule included). */
	panel_rule(ui, w, bottom, "Settings");
	panel_settings(ui, w, H - 3, width);

	/* Rows for the threads: what the fixed parts leave (balance, the
	 * timeline's rule and a row, the totals' rule and 4 rows). */
	rows = bottom - 1;
	trows = rows - 9;
	if (trows > s->nthreads + 1)
		trows = s->nthreads + 1;
	if (trows < 2)
		trows = 2;
	y = 1;
	y += ui_panel_threads(ui, w, y, 1, width + 1, trows, s);
	if (y < bottom - 1)
		ui_panel_balance(ui, w, y++, 2, width, s);
	/* The timeline: every thread when there is room, after the totals'
	 * five rows are kept. */
	int tl_rows = bottom - y - 1 - 5;
	if (tl_rows > s->nthreads)
		tl_rows = s->nthreads;
	if (tl_rows >= 1 && s->nthreads > 0) {
		panel_rule(ui, w, y++,
		           s->ranks ? "Timeline of the ranks: busy, idle"
		                    : "Timeline: busy, idle, stolen");
		y += panel_timeline(ui, w, y, width, tl_rows, s);
	}
	if (y + 5 <= bottom) {
		panel_rule(ui, w, y++, "Totals");
		y += panel_totals(ui, w, y, width, s, hidden);
	}
	if (s->ncols > 0 && y + 1 + s->ncols <= bottom) {
		panel_rule(ui, w, y++, "Root columns");
		panel_columns(ui, w, y, bottom - y, width, s, hidden);
	}
	wnoutrefresh(w);
}
