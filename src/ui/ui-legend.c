/* ui-legend.c -- the panel's legend (i): every field of the live panel,
 * named as on screen, with how it is computed.  Drawn in the panel's place
 * while it is on; Up and Down scroll it, i or Esc closes it, and every
 * other key works as in the game (the search goes on underneath).
 * docs/panel.md gives the same definitions at length.
 */
#include "config.h"

#include <string.h>

#include "ui/ui-int.h"

struct legend_entry {
	const char *field; /* as on screen; NULL: a section's heading */
	const char *text;
};

static const struct legend_entry legend[] = {
    {NULL, "Title"},
    {"Search:", "what the panel shows (AI's move N, hint, analysis) and "
                "that search's own elapsed time, as in Totals"},
    {"thinking", "the AI's search running; since restart: a toggle "
                 "started it again"},
    {"done in", "a finished search left on show, the game's history, "
                "not a search running"},
    {"stopped at", "a search ended without an answer (new game, undo, "
                   "the speedup screen, a toggle): its rows as it left them"},
    {"pondering", "perfect play: the AI thinks on your time; its own "
                  "last search stays on show"},
    {"from the", "book (or table): no search chose it, no thread "
                 "activity shown"},
    {"idle", "no search yet; paused: the AI waits (space)"},
    {NULL, "Threads (ranks under MPI)"},
    {"#", "OpenMP thread number (rk: MPI rank)"},
    {"p0 p1", "the threads of the proof beside the search: the exact "
              "solver, on a table of its own; never under a root column"},
    {"work share", "the thread's nodes / all nodes of the search"},
    {"nodes", "positions the thread searched"},
    {"n/s", "the thread's nodes / the search's elapsed time"},
    {"busy", "time inside search work / elapsed time; the rest is idle: "
             "waiting for work or for other threads"},
    {"1s", "busy over this search's last second of snapshots"},
    {"run", "tasks (split-point children) the thread ran"},
    {"stoln", "of those, tasks another thread created"},
    {"tasks thr", "MPI: tasks handed to the rank, its threads"},
    {"+N more", "rows that do not fit: their work share and mean busy"},
    {NULL, "Load balance"},
    {"imbalance", "max busy / mean busy time of the threads (the load "
                  "imbalance factor; 1.00 is even)"},
    {"(x%)", "percent imbalance: (max - mean) / max busy time, the "
             "share of the busiest thread's time the others sit idle"},
    {"work a-b%", "the smallest and largest work shares"},
    {"N on C cores", "more threads than processors: they take turns, "
                     "so busy includes time waiting for a core"},
    {NULL, "Timeline"},
    {"cell", "one snapshot (0.08 s) of this search, newest at the "
             "right: its height is the busy share of that interval"},
    {"dot", "idle throughout; inverse: the thread stole a task"},
    {"c4 p7", "working under root column 4, at the split point of ply "
              "7; root: the root's own split"},
    {"idle", "no work in the newest interval"},
    {"proof", "a thread of the proof (row pN), proving the whole "
              "position"},
    {"-", "the search is over"},
    {NULL, "Totals"},
    {"nodes n/s", "all threads' nodes; nodes / elapsed time"},
    {"n x busy", "the search's own threads x mean busy x node speed = "
                 "the rate against one thread; threads at work: "
                 "threads x busy, before the one-thread rate is known"},
    {"node speed", "nodes per busy second of a thread / those of one "
                   "thread alone on this position (measured after the "
                   "AI's move); none when that rate, measured under "
                   "other load, would give more than the cores"},
    {"played", "the AI's move against the search's best: the level's "
               "own pick, a forced win or block, or the book"},
    {"depth", "the last iteration finished (d/D: of the limit D); "
              "exact: the solver; a proof beside on N: the solver on N "
              "threads of its own beside the search"},
    {"proving", "the proof runs (all its parts); proven: every column "
                "of the root done; gave up: its time ran out or the "
                "search stopped it"},
    {"TT full", "transposition table slots in use"},
    {"hits", "table probes that found their position / probes"},
    {"spawned", "tasks created; stolen: run by another thread"},
    {"tasks, msgs", "MPI: tasks N to P ranks, handed to the ranks; "
                    "msgs: messages both ways between rank 0 and the "
                    "ranks, their rate and bytes a second"},
    {"hand-off", "MPI: the mean time from a task asked to the task "
                 "running (each rank's tasks after its first), the "
                 "tasks measured in brackets"},
    {"waits", "for work (MPI): the ranks' time with nothing in hand "
              "while no task was ready (young brothers wait), summed"},
    {"table across", "machines (MPI, --dist-upper): the exact solver's "
                     "stores of the upper positions sent to every "
                     "machine's table: entries, msgs and bytes so far"},
    {"us a message", "rank 0's processor time a message of that table "
                     "(taking it in, merging it, sending it on); short: "
                     "us a msg, us/msg"},
    {"PV", "the principal variation, of the depth named: the line both "
           "sides are expected to play"},
    {NULL, "Root columns"},
    {"score", "each column's value for the side to move; nodes under "
              "it; [N threads] the search's threads at work there now; "
              "bar: its share of the root's nodes"},
    {"d12", "the iteration (depth) the value comes from"},
    {"from depth N", "dimmed: a value of an older iteration than the "
                     "newest in the rows"},
    {"searching", "a thread is on it; waiting: not started in this "
                  "iteration"},
    {"unfinished", "the search ended before the column (its time, a "
                   "stop, the proof first)"},
    {"not needed", "an earlier column was already the move"},
    {"full", "no move there"},
    {"?", "no value for the column yet in this search"},
    {"book, exact", "the opening book's exact value; not in the book: "
                    "it holds no value there"},
    {NULL, "Board: under each column"},
    {"W5 L12 D", "a win in 5, a loss in 12, a draw (exact); +37: a "
                 "heuristic value; dim: from an older depth"},
    {"bar", "its height and colour tell the outcome: wins tall, draws "
            "half, losses low"},
    {"spinner", "the column is being searched"},
    {">= <=", "only a bound: at least, at most"},
    {NULL, "The AI's searches this game"},
    {"row", "one per AI move: time, nodes, n/s, busy (mean of the "
            "threads), imbal (max/mean busy), threads, depth"},
    {NULL, "Settings"},
    {"threads a/b", "threads used / the most allowed"},
    {"split", "how the search is divided (deep, root, lazy)"},
    {"restart", "last toggle's delay until the new search ran"},
    {"MPI", "ranks: the distributed search's own depth and time"},
};

/* The speedup screen's columns (i there). */
static const struct legend_entry legend_speedup[] = {
    {NULL, "Speedup: one run per thread count and split scheme"},
    {"thr", "threads of the run; *: more threads than cores"},
    {"split", "deep, root or lazy (docs/parallel-search.md)"},
    {"time", "the run's seconds (~: too short to compare)"},
    {"speedup", "the one-thread run's time / this run's"},
    {"busy", "the threads' busy time / (threads x time)"},
    {"speed", "nodes per busy second of a thread / one thread's"},
    {"ovhd", "node overhead: this run's nodes / one thread's"},
    {"imbal", "max / mean busy time of the threads"},
    {"= ", "speedup = thr x busy x speed / ovhd"},
    {"* r l .", "chart: deep, root, lazy; dots the ideal line"},
};

#define NLEGEND ((int)(sizeof legend / sizeof legend[0]))
#define FIELD_W 12

/* Lines of entry e at text width tw (its text wrapped at spaces); when buf
 * is not NULL, line k of it into buf. */
static int
entry_lines(const struct legend_entry *e, int tw, int k, char *buf, size_t len)
{
	const char *s = e->text;
	int n = 0;

	if (e->field == NULL || tw < 8) {
		if (buf != NULL && k == 0)
			snprintf(buf, len, "%s", s);
		return 1;
	}
	while (*s != '\0') {
		int take = (int)strlen(s);
		if (take > tw) {
			take = tw;
			while (take > 0 && s[take] != ' ')
				take--;
			if (take == 0)
				take = tw;
		}
		if (buf != NULL && n == k)
			snprintf(buf, len, "%.*s", take, s);
		n++;
		s += take;
		while (*s == ' ')
			s++;
	}
	return n;
}

/* The speedup screen's legend over its table and chart, from row y. */
void
ui_legend_speedup(struct ui *ui, int y)
{
	char buf[200];
	const int n = (int)(sizeof legend_speedup / sizeof legend_speedup[0]);

	for (int i = 0; i < n && y + i < ui->lines - 1; i++) {
		const struct legend_entry *e = &legend_speedup[i];
		move(y + i, 0);
		clrtoeol();
		if (e->field == NULL) {
			attron(A_BOLD);
			mvaddnstr(y + i, 1, e->text, ui->cols - 2);
			attroff(A_BOLD);
			continue;
		}
		snprintf(buf, sizeof buf, "%-8s %s", e->field, e->text);
		mvaddnstr(y + i, 1, buf, ui->cols - 2);
	}
}

void
ui_legend_draw(struct ui *ui, WINDOW *w)
{
	int W = getmaxx(w), H = getmaxy(w);
	int tw = W - 4 - FIELD_W - 1, rows = H - 2, total = 0, line = 0;
	char buf[160];

	for (int i = 0; i < NLEGEND; i++)
		total += entry_lines(&legend[i], tw, -1, NULL, 0);
	if (ui->legend_scroll > total - rows)
		ui->legend_scroll = total - rows > 0 ? total - rows : 0;
	werase(w);
	/* The box ends under the last entry when all of them fit: on a
	 * tall terminal the rows left over stay outside the box. */
	if (total < rows) {
		H = total + 2;
		rows = total;
	}
	WINDOW *box = derwin(w, H, W, 0, 0);
	ui_box(ui, box != NULL ? box : w);
	if (box != NULL)
		delwin(box);
	touchwin(w);
	wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	wmove(w, 0, 2);
	ui_addn(w, " Legend: what the panel's numbers are ", W - 4);
	wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
	for (int i = 0; i < NLEGEND; i++) {
		const struct legend_entry *e = &legend[i];
		int n = entry_lines(e, tw, -1, NULL, 0);
		for (int k = 0; k < n; k++, line++) {
			int y = 1 + line - ui->legend_scroll;
			if (y < 1 || y > rows)
				continue;
			entry_lines(e, tw, k, buf, sizeof buf);
			if (e->field == NULL) {
				wattron(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
				ui_puts_box(w, y, 2, buf);
				wattroff(w, ui_attr(ui, UI_C_HEAD) | A_BOLD);
				continue;
			}
			if (k == 0) {
				wattron(w, A_BOLD);
				ui_puts_box(w, y, 2, e->field);
				wattroff(w, A_BOLD);
			}
			ui_puts_box(w, y, 2 + FIELD_W + 1, buf);
		}
	}
	wattron(w, A_DIM);
	const char *foot = total > rows ? " Up/Down, i closes " : " i closes ";
	wmove(w, H - 1,
	      W - 2 - ui_cells(foot) > 1 ? W - 2 - ui_cells(foot) : 1);
	ui_addn(w, foot, W - 2);
	wattroff(w, A_DIM);
	wnoutrefresh(w);
}
