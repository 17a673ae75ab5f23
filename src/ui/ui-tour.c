/* ui-tour.c -- `dropfour tour --watch`: the knight's tour count, live.
 *
 * The count runs in its own pthread (tour_count(), OpenMP inside); this,
 * the main thread, samples it 15 times a second: stats_snapshot() of the
 * engine's per-thread slots, which the game's panel code draws (share,
 * nodes, speed, busy, balance), and the tour slots, whose paths the board
 * shows for one thread at a time.  Drawing reads only the samples.
 *
 * Keys: t (or Tab) the next thread's path, T the previous one, q quits
 * (stopping the count).  When the count is over the screen stays, with the
 * result, until q; the report of `dropfour tour` then goes to stdout.
 */
#include "config.h"

#include <langinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/tour-cli.h"
#include "ui/ui-int.h"
#include "ui/ui.h"
#include "core/util.h"

#define TOUR_UI_TICK_MS 66 /* about 15 redraws a second */

struct watch {
	struct ui ui; /* for the shared drawing helpers: utf8, colour */
	struct tour_plan plan;
	struct tour_run *run;
	uint64_t *counts;
	struct tour_result res;
	struct search_stop stop; /* the count's (tour_params.stop) */
	atomic_bool done;
	/* Samples. */
	struct stats_snapshot snap;
	uint64_t tours; /* found so far, all threads */
	uint64_t thread_tours[STATS_MAX_THREADS];
	int show; /* the thread whose path is shown */
	uint8_t path[TOUR_MAX_SQUARES];
	int len;
	/* The first tour found (listed by the count, one only): the board
	 * shows it once the count is over. */
	uint8_t first[TOUR_MAX_SQUARES];
	int first_len;
	double t0;
	char desc[160];
};

static void *
watch_count(void *arg)
{
	struct watch *wt = arg;
	const struct tour_plan *p = &wt->plan;

	tour_count(&p->b, p->pre, p->n, &p->par, wt->run, wt->counts, &wt->res);
	atomic_store(&wt->done, true);
	return NULL;
}

/* The count's list callback, called once: keep the tour. */
static void
watch_first(void *arg, const uint8_t *sq, int n)
{
	struct watch *wt = arg;
	memcpy(wt->first, sq, (size_t)n);
	wt->first_len = n;
}

static void
watch_sample(struct watch *wt)
{
	stats_snapshot(&wt->run->stats, &wt->snap);
	wt->tours = 0;
	for (int i = 0; i < wt->snap.nthreads; i++) {
		wt->thread_tours[i] = atomic_load_explicit(
		    &wt->run->slot[i].tours, memory_order_relaxed);
		wt->tours += wt->thread_tours[i];
	}
	if (wt->show >= wt->snap.nthreads)
		wt->show = 0;
	if (atomic_load(&wt->done) && wt->first_len > 0) {
		/* Over: a whole tour, and the figures of the report. */
		memcpy(wt->path, wt->first, (size_t)wt->first_len);
		wt->len = wt->first_len;
		wt->tours = tour_cli_plan_total(&wt->plan, wt->counts);
	} else {
		wt->len = tour_slot_path(&wt->run->slot[wt->show], wt->path);
	}
}

/* The board: each square of the shown path with its step number, the
 * knight on the last one, dots for the squares still free. */
static void
draw_board(struct watch *wt, int y0, int x0)
{
	const struct tour_board *b = &wt->plan.b;
	int step[TOUR_MAX_SQUARES] = {0};
	char buf[64];

	for (int i = 0; i < wt->len; i++)
		step[wt->path[i]] = i + 1;
	for (int r = b->h - 1; r >= 0; r--) {
		int y = y0 + (b->h - 1 - r);
		mvprintw(y, x0, "%d ", r + 1);
		for (int f = 0; f < b->w; f++) {
			int sq = r * 8 + f, s = step[sq];
			bool last = wt->len > 0 && sq == wt->path[wt->len - 1];
			if (last) {
				attron(ui_attr(&wt->ui, UI_C_P2) | A_BOLD);
				printw("  %s", wt->ui.utf8 ? "\u265e" : "N");
				attroff(ui_attr(&wt->ui, UI_C_P2) | A_BOLD);
			} else if (s > 0) {
				attron(ui_attr(&wt->ui,
				               s == 1 ? UI_C_P1 : UI_C_BAR));
				printw(" %2d", s);
				attroff(ui_attr(&wt->ui,
				                s == 1 ? UI_C_P1 : UI_C_BAR));
			} else {
				attron(A_DIM);
				printw("  %s", wt->ui.utf8 ? "\u00b7" : ".");
				attroff(A_DIM);
			}
		}
	}
	move(y0 + b->h, x0 + 2);
	for (int f = 0; f < b->w; f++)
		printw("  %c", 'a' + f);
	if (atomic_load(&wt->done) && wt->first_len > 0)
		snprintf(buf, sizeof buf, "first tour %d/%d", wt->len, b->n);
	else
		snprintf(buf, sizeof buf, "thread %d: %d/%d", wt->show, wt->len,
		         b->n);
	attron(A_BOLD);
	mvaddstr(y0 + b->h + 1, x0, buf);
	attroff(A_BOLD);
}

static void
draw(struct watch *wt)
{
	const struct stats_snapshot *s = &wt->snap;
	int H = LINES, W = COLS;
	int bw = wt->plan.b.w * 3 + 3, bh = wt->plan.b.h + 2;
	if (bw < 16) /* room for "thread N: 12/34" */
		bw = 16;
	char a[16], b[16], c[16], buf[256];
	bool done = atomic_load(&wt->done);

	erase();
	attron(ui_attr(&wt->ui, UI_C_TITLE));
	mvhline(0, 0, ' ', W);
	snprintf(buf, sizeof buf, " dropfour tour: %s", wt->desc);
	ui_puts(stdscr, 0, 0, buf);
	attroff(ui_attr(&wt->ui, UI_C_TITLE));
	if (W < bw + 2 + UI_PANEL_MIN_W || H < bh + 4 || H < s->nthreads + 10) {
		ui_puts(stdscr, 2, 1,
		        "The terminal is too small for this "
		        "board and panel: make it larger, or q.");
		refresh();
		return;
	}
	draw_board(wt, 2, 1);

	/* The panel: the game's per-thread rows and balance line. */
	int px = bw + 2, pw = W - px - 1, y = 2;
	attron(ui_attr(&wt->ui, UI_C_HEAD) | A_BOLD);
	mvaddstr(1, px, "Threads");
	attroff(ui_attr(&wt->ui, UI_C_HEAD) | A_BOLD);
	y += ui_panel_threads(&wt->ui, stdscr, y, px, pw, H - 9, s, NULL);
	ui_panel_balance(&wt->ui, stdscr, y++, px, pw, s);
	y++;
	/* Once over, the time, nodes and rates are the report's. */
	double el = done ? wt->res.seconds : util_now_s() - wt->t0;
	double nodes = done ? (double)wt->res.nodes : (double)s->nodes;
	double nps = done ? (el > 0 ? nodes / el : 0) : s->nps;
	attron(ui_attr(&wt->ui, UI_C_HEAD) | A_BOLD);
	mvaddstr(y++, px, done ? "Count (done)" : "Count");
	attroff(ui_attr(&wt->ui, UI_C_HEAD) | A_BOLD);
	snprintf(buf, sizeof buf, "tours %llu  %s tours/s",
	         (unsigned long long)wt->tours,
	         util_si(a, sizeof a, el > 0 ? (double)wt->tours / el : 0));
	attron(A_BOLD);
	ui_puts(stdscr, y++, px, buf);
	attroff(A_BOLD);
	if (done && el < 1)
		snprintf(buf, sizeof buf, "nodes %s  %s n/s  %.1f ms",
		         util_si(b, sizeof b, nodes), util_si(c, sizeof c, nps),
		         el * 1000);
	else
		snprintf(buf, sizeof buf, "nodes %s  %s n/s  %.1f s",
		         util_si(b, sizeof b, nodes), util_si(c, sizeof c, nps),
		         el);
	ui_puts(stdscr, y++, px, buf);
	snprintf(buf, sizeof buf, "tasks %llu done, %s spawned, %s stolen",
	         (unsigned long long)atomic_load(&wt->run->tasks),
	         util_si(a, sizeof a, (double)s->spawned),
	         util_si(b, sizeof b, (double)s->stolen));
	ui_puts(stdscr, y++, px, buf);
	if (done && !wt->res.stopped) {
		snprintf(buf, sizeof buf, "total: tours %llu",
		         (unsigned long long)tour_cli_plan_total(&wt->plan,
		                                                 wt->counts));
		attron(ui_attr(&wt->ui, UI_C_WIN) | A_BOLD);
		ui_puts(stdscr, y++, px, buf);
		attroff(ui_attr(&wt->ui, UI_C_WIN) | A_BOLD);
	}

	attron(ui_attr(&wt->ui, UI_C_KEY));
	mvhline(H - 1, 0, ' ', W);
	ui_puts(stdscr, H - 1, 0,
	        done ? " q quit   t/T next/previous thread   (count finished)"
	             : " q quit   t/T next/previous thread");
	attroff(ui_attr(&wt->ui, UI_C_KEY));
	refresh();
}

int
ui_tour_main(const struct options *o, struct cli_session *session)
{
	(void)session; /* loads nothing */
	struct watch *wt = xcalloc(1, sizeof *wt);
	int status = CLI_EXIT_OK;
	pthread_t th;

	if (tour_cli_plan_make(o, 4, 7, false, &wt->plan) != 0) {
		free(wt);
		return CLI_EXIT_USAGE;
	}
	if (o->tour.list) {
		cli_error("--list and --watch cannot be combined");
		tour_cli_plan_free(&wt->plan);
		free(wt);
		return CLI_EXIT_USAGE;
	}
	wt->ui.o = o;
	wt->ui.utf8 = !o->ascii && strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	tour_cli_plan_describe(&wt->plan, wt->desc, sizeof wt->desc);
	wt->run = xmalloc(sizeof *wt->run);
	tour_run_init(wt->run);
	wt->counts = xcalloc((size_t)wt->plan.n, sizeof *wt->counts);
	atomic_init(&wt->done, false);
	search_stop_init(&wt->stop, NULL);
	wt->plan.par.stop = &wt->stop;
	wt->plan.par.list = watch_first;
	wt->plan.par.list_arg = wt;
	wt->plan.par.list_max = 1;

	/* The game's terminal handling: quit and suspend signals set flags,
	 * fatal ones and exit() restore the terminal. */
	ui_term_signals();
	if (!ui_term_start(&wt->ui)) {
		cli_error("cannot start curses for TERM=%s",
		          getenv("TERM") ? getenv("TERM") : "");
		ui_term_signals_default();
		status = CLI_EXIT_FAILURE;
		goto out;
	}
	/* The counting threads leave the signals to this one. */
	sigset_t old;
	ui_term_block_signals(&old);
	wt->t0 = util_now_s();
	pthread_create(&th, NULL, watch_count, wt);
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	bool quit = false;
	while (!quit && !ui_term_quit_signal()) {
		if (ui_term_stop_asked())
			ui_term_suspend(&wt->ui);
		watch_sample(wt);
		draw(wt);
		timeout(TOUR_UI_TICK_MS);
		int ch = getch();
		switch (ch) {
		case 'q':
		case 'Q':
			quit = true;
			break;
		case 't':
		case '\t':
			if (wt->snap.nthreads > 0)
				wt->show = (wt->show + 1) % wt->snap.nthreads;
			break;
		case 'T':
		case KEY_BTAB:
			if (wt->snap.nthreads > 0)
				wt->show = (wt->show + wt->snap.nthreads - 1) %
				           wt->snap.nthreads;
			break;
		default:
			break;
		}
	}
	/* Terminal first, then the count. */
	ui_term_end();
	search_stop_request(&wt->stop);
	pthread_join(th, NULL);
	if (wt->res.stopped) {
		/* Left before the end (q or a signal): not a count. */
		cli_error("interrupted after %.1f s: %llu tours "
		          "counted so far (incomplete)",
		          wt->res.seconds, (unsigned long long)wt->tours);
		status = ui_term_quit_signal()
		             ? cli_signal_status(ui_term_quit_signal())
		             : CLI_EXIT_FAILURE;
	} else {
		if (ui_term_quit_signal())
			status = cli_signal_status(ui_term_quit_signal());
		tour_cli_report(&wt->plan, wt->counts, &wt->res);
	}
out:
	free(wt->counts);
	free(wt->run);
	tour_cli_plan_free(&wt->plan);
	free(wt);
	return status;
}
