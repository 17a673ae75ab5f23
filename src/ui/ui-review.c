/* ui-review.c -- the review of the game in the curses game (the v key):
 * the exact value after every move as a chart where the panel was, the
 * moves that changed the outcome listed with the best columns there.
 *
 * The review (search/engine/review.c) runs on a pthread of its own with its own
 * table; it fills a copy of the plies under a mutex and the main thread
 * draws from that copy once per loop turn, so the screen never waits.
 * Closing the review (v, q, Esc) sets the stop flag and joins the thread
 * (a stopped review returns within milliseconds).
 */
#include "config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/output.h"
#include "book/book.h"
#include "core/util.h"
#include "search/engine/review.h"
#include "ui/ui-int.h"

/* The review's table: small, the positions of one game. */
#define UI_REVIEW_TT_MB 64

struct ui_review {
	pthread_t thread;
	pthread_mutex_t lock;
	struct search_stop stop;
	atomic_int done; /* plies finished */
	bool running, finished;
	int w, h, n;
	int moves[BOARD_MAX_CELLS];
	struct review_ply plies[BOARD_MAX_CELLS]; /* under lock */
	struct review_params params;
	double t0, seconds;
};

static void
on_ply(void *arg, int done, int total, const struct review_ply *p)
{
	struct ui_review *r = arg;
	(void)total;
	pthread_mutex_lock(&r->lock);
	r->plies[p->ply - 1] = *p;
	pthread_mutex_unlock(&r->lock);
	atomic_store(&r->done, done);
}

static void *
review_thread(void *arg)
{
	struct ui_review *r = arg;
	struct review_ply out[BOARD_MAX_CELLS];
	struct search *s = output_search_new(UI_REVIEW_TT_MB);

	review_run(s, r->w, r->h, r->moves, r->n, &r->params, out);
	search_free(s);
	return NULL;
}

bool
ui_review_open(struct ui *ui)
{
	const struct game *g = &ui->game;
	struct ui_review *r;

	if (g->nmoves == 0) {
		ui_message(ui, true, "nothing to review: no move yet");
		return false;
	}
	ui_cancel(ui);
	r = xcalloc(1, sizeof *r);
	pthread_mutex_init(&r->lock, NULL);
	search_stop_init(&r->stop, NULL);
	atomic_init(&r->done, 0);
	r->w = g->w;
	r->h = g->h;
	r->n = g->nmoves;
	memcpy(r->moves, g->moves, sizeof(int) * (size_t)g->nmoves);
	review_params_default(&r->params);
	r->params.limits.threads = ui->threads;
	r->params.limits.split = ui->split;
	r->params.limits.book =
	    ui->session->book != NULL ? book_oracle(ui->session->book) : NULL;
	r->params.limits.stop = &r->stop;
	r->params.progress = on_ply;
	r->params.arg = r;
	r->t0 = ui_now();
	if (pthread_create(&r->thread, NULL, review_thread, r) != 0) {
		pthread_mutex_destroy(&r->lock);
		free(r);
		ui_message(ui, true, "cannot start the review");
		return false;
	}
	r->running = true;
	ui->review = r;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	ui_log(ui, "review %d moves", r->n);
	return true;
}

void
ui_review_close(struct ui *ui)
{
	struct ui_review *r = ui->review;

	if (r == NULL)
		return;
	search_stop_request(&r->stop);
	if (r->running)
		pthread_join(r->thread, NULL);
	pthread_mutex_destroy(&r->lock);
	free(r);
	ui->review = NULL;
	/* The review's own message ("review: ... (v or q: back)") goes with
	 * it. */
	if (strncmp(ui->msg, "review", 6) == 0)
		ui->msg[0] = '\0';
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	ui_think(ui);
}

bool
ui_review_poll(struct ui *ui)
{
	struct ui_review *r = ui->review;

	if (r == NULL || r->finished)
		return false;
	if (atomic_load(&r->done) >= r->n) {
		pthread_join(r->thread, NULL);
		r->running = false;
		r->finished = true;
		r->seconds = ui_now() - r->t0;
		ui_log(ui, "review done %.3fs", r->seconds);
	}
	return true;
}

/* The value after ply p from the first player's view. */
static int
first_view(const struct review_ply *p)
{
	return p->ply % 2 == 1 ? p->after : -p->after;
}

/* The title row: how far the review is, or how long it took. */
static void
review_title(struct ui *ui, WINDOW *w, const struct ui_review *r, int done)
{
	int W = getmaxx(w);
	char buf[160];

	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	if (r->finished)
		snprintf(buf, sizeof buf, " Review: %d moves, %.1fs ", r->n,
		         r->seconds);
	else
		snprintf(buf, sizeof buf, " Review: %d of %d moves... ", done,
		         r->n);
	wmove(w, 0, 2);
	ui_addn(w, buf, W - 4);
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
}

/* The move changed the outcome: a win or a draw thrown (a slower win or
 * a faster loss keeps it). */
static bool
outcome_changed(const struct review_ply *p)
{
	return p->done && p->change != REVIEW_KEPT &&
	       p->change != REVIEW_SLOWER_WIN &&
	       p->change != REVIEW_FASTER_LOSS;
}

/* The move kept the outcome but lost time: a slower win, a faster loss. */
static bool
lost_time(const struct review_ply *p)
{
	return p->done && (p->change == REVIEW_SLOWER_WIN ||
	                   p->change == REVIEW_FASTER_LOSS);
}

/* One move's column of the chart at x, bw cells wide: a bar of up to R
 * rows from the axis (scaled to maxabs), a dot when not reviewed yet, a
 * '!' on the axis when the move changed the outcome. */
static void
review_bar(struct ui *ui, WINDOW *w, const struct review_ply *p, int x, int bw,
           int axis, int R, int maxabs)
{
	if (!p->done) {
		wattron(w, A_DIM);
		mvwaddstr(w, axis, x, ui->utf8 ? "\u00b7" : ".");
		wattroff(w, A_DIM);
		return;
	}
	int v = first_view(p);
	int rows = v == 0 ? 0 : (abs(v) * R + maxabs - 1) / maxabs;
	attr_t a = ui_attr(ui, v > 0 ? UI_C_P1 : UI_C_P2);
	if (v == 0) {
		mvwaddstr(w, axis, x, ui->utf8 ? "\u2500" : "-");
	} else {
		wattron(w, a);
		for (int k = 1; k <= rows; k++)
			for (int j = 0; j < (bw > 1 ? bw - 1 : 1); j++)
				mvwaddstr(w, v > 0 ? axis - k : axis + k, x + j,
				          ui->utf8
				              ? (v > 0 ? "\u2588" : "\u2593")
				              : (v > 0 ? "#" : "%"));
		wattroff(w, a);
	}
	/* The value itself past the bar's end (a wide column): two bars of
	 * one row are told apart by their numbers. */
	int ty = v > 0 ? axis - rows - 1 : axis + rows + 1;
	if (v != 0 && bw >= 2 && ty >= 1 && ty <= axis + R) {
		char num[8];
		snprintf(num, sizeof num, "%d", abs(v) > 99 ? 99 : abs(v));
		wattron(w, A_DIM);
		mvwaddnstr(w, ty, x, num, bw);
		wattroff(w, A_DIM);
	}
	if (outcome_changed(p)) {
		wattron(w, ui_attr(ui, UI_C_WARN) | A_BOLD);
		mvwaddch(w, axis, x, '!');
		wattroff(w, ui_attr(ui, UI_C_WARN) | A_BOLD);
	}
}

/* The chart: R rows above the axis (the first player ahead), R below,
 * one column a move.  It gives up rows for the list of turning points
 * (changed of them): up to eight lines of it (seven and "... and N
 * more").  Returns the first row below the chart's move numbers. */
static int
review_chart(struct ui *ui, WINDOW *w, const struct ui_review *r,
             const struct review_ply *plies, int changed)
{
	int W = getmaxx(w), H = getmaxy(w);
	int maxabs = 1, R, ndone = 0;

	for (int i = 0; i < r->n; i++) {
		ndone += plies[i].done;
		if (plies[i].done && abs(first_view(&plies[i])) > maxabs)
			maxabs = abs(first_view(&plies[i]));
	}
	int listed = changed;
	for (int i = 0; i < r->n; i++)
		listed += lost_time(&plies[i]);
	int want = listed + 1 < 8 ? listed + 1 : 8;
	R = (H - 8 - want) / 2;
	if (R > 6)
		R = 6;
	/* No value yet: a row each side of the axis, not rows of nothing. */
	if (R < 1 || ndone == 0)
		R = 1;
	int x0 = 7, axis = 1 + R, cols = W - x0 - 2;
	int step = r->n > cols ? (r->n + cols - 1) / cols : 1;
	/* Cells a move: up to 3 (a bar of 2 and a gap) when there is room. */
	int bw = cols / (r->n > 0 ? r->n : 1);
	bw = bw > 3 ? 3 : bw < 1 ? 1 : bw;
	mvwprintw(w, 1, 1, "%4s", ui_side_name(ui, 1));
	mvwprintw(w, axis, 1, "%4s", "draw");
	mvwprintw(w, axis + R, 1, "%4s", ui_side_name(ui, 2));
	/* the scale: what a full column means */
	if (R >= 2)
		mvwprintw(w, 2, 1, "%4s", "");
	if (ndone > 0 && R >= 2) {
		char sc[16];
		snprintf(sc, sizeof sc, "%+d", maxabs);
		mvwaddnstr(w, 2, 1, sc, 5);
		snprintf(sc, sizeof sc, "%+d", -maxabs);
		mvwaddnstr(w, axis + R - 1, 1, sc, 5);
	}
	for (int i = 0, x = x0; i < r->n && x + bw <= W - 1;
	     i += step, x += bw) {
		/* Every fifth move numbered under the chart. */
		if ((i + 1) % 5 == 0 && bw >= 2 && axis + R + 1 < H - 1)
			mvwprintw(w, axis + R + 1, x, "%d", i + 1);
		review_bar(ui, w, &plies[i], x, bw, axis, R, maxabs);
	}
	return axis + R + 3;
}

/* One move of the list in words: "2. red 4: a draw thrown; best 3". */
static void
review_line(const struct ui *ui, const struct ui_review *r,
            const struct review_ply *p, char *buf, size_t size)
{
	char best[40] = "";
	int len = 0;
	for (int c = 0; c < r->w && len < 30; c++)
		if (p->best & (1u << c))
			len += snprintf(best + len, sizeof best - len, "%s%c",
			                len ? "," : "", ui_col_char(c));
	snprintf(buf, size, "%2d. %s %c: %s; best %s", p->ply,
	         ui_side_name(ui, 2 - p->ply % 2), ui_col_char(p->col),
	         review_change_words(p->change), best);
}

/* The moves that changed the outcome (changed of them) and those that
 * lost time, in words, from row y.  Returns the row below its last line. */
static int
review_list(struct ui *ui, WINDOW *w, const struct ui_review *r,
            const struct review_ply *plies, int changed, int y)
{
	int H = getmaxy(w);
	int shown = 0;
	char buf[160];

	int slower = 0;
	for (int i = 0; i < r->n; i++)
		slower +=
		    plies[i].done && (plies[i].change == REVIEW_SLOWER_WIN ||
		                      plies[i].change == REVIEW_FASTER_LOSS);
	int len = snprintf(buf, sizeof buf, "%d move%s changed the outcome (!)",
	                   changed, changed == 1 ? "" : "s");
	if (slower > 0)
		snprintf(buf + len, sizeof buf - len,
		         ", %d more lost time:", slower);
	else
		snprintf(buf + len, sizeof buf - len, ":");
	if (changed + slower > 0 || r->finished)
		ui_puts_box(w, y++, 2,
		            changed + slower || !r->finished
		                ? buf
		                : "every move kept the value: no "
		                  "mistake");
	/* Rows y .. H - 3 are the list's (H - 2 is the footer's): the
	 * last of them says how many more when they do not all fit.  The
	 * moves that changed the outcome, then those that lost time. */
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < r->n && y < H - 2; i++) {
			const struct review_ply *p = &plies[i];
			if (pass == 0 ? !outcome_changed(p) : !lost_time(p))
				continue;
			if (y == H - 3 && changed + slower - shown > 1)
				break;
			review_line(ui, r, p, buf, sizeof buf);
			ui_puts_box(w, y++, 2, buf);
			shown++;
		}
	changed += slower;
	if (shown < changed && y < H - 2) {
		snprintf(buf, sizeof buf, "... and %d more (dropfour review)",
		         changed - shown);
		ui_puts_box(w, y++, 2, buf);
	}
	return y;
}

void
ui_review_draw(struct ui *ui, WINDOW *w)
{
	struct ui_review *r = ui->review;
	struct review_ply plies[BOARD_MAX_CELLS];
	int H = getmaxy(w), done = atomic_load(&r->done);

	pthread_mutex_lock(&r->lock);
	memcpy(plies, r->plies, sizeof(struct review_ply) * (size_t)r->n);
	pthread_mutex_unlock(&r->lock);

	werase(w);
	int changed = 0;
	for (int i = 0; i < r->n; i++)
		changed += outcome_changed(&plies[i]);
	int y = review_chart(ui, w, r, plies, changed);
	y = review_list(ui, w, r, plies, changed, y);
	/* The box ends under the list, the footer right below it: on a
	 * tall terminal the rows left over stay outside the box. */
	if (y + 2 < H) {
		H = y + 2;
		wmove(w, H, 0);
		wclrtobot(w);
	}
	WINDOW *box = derwin(w, H, getmaxx(w), 0, 0);
	ui_box(ui, box != NULL ? box : w);
	if (box != NULL)
		delwin(box);
	touchwin(w);
	review_title(ui, w, r, done);
	wattron(w, A_DIM);
	ui_puts_box(w, H - 2, 2, "v or q: back to the game");
	wattroff(w, A_DIM);
	wnoutrefresh(w);
}
