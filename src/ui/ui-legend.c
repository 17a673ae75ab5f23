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
    {"Search:", "what the panel shows (AI's move, hint, analysis) and "
                "that search's elapsed time, as in Totals"},
    {NULL, "Threads (ranks under MPI)"},
    {"#", "OpenMP thread number (rk: MPI rank)"},
    {"work share", "the thread's nodes / all nodes of the search"},
    {"nodes", "positions the thread searched"},
    {"n/s", "the thread's nodes / the search's elapsed time"},
    {"busy", "time inside search work / elapsed time; the rest is idle: "
             "waiting for work or for other threads"},
    {"1s", "busy over the last second of snapshots"},
    {"run", "tasks (split-point children) the thread ran"},
    {"stoln", "of those, tasks another thread created"},
    {"tasks thr", "MPI: tasks handed to the rank, its threads"},
    {NULL, "Load balance"},
    {"imbalance", "max busy / mean busy time of the threads (the load "
                  "imbalance factor; 1.00 is even)"},
    {"(x%)", "percent imbalance: (max - mean) / max busy time, the "
             "share of the busiest thread's time the others sit idle"},
    {"work a-b%", "the smallest and largest work shares"},
    {"N on C cores", "more threads than processors: they take turns, "
                     "so busy includes time waiting for a core"},
    {NULL, "Timeline"},
    {"cell", "one snapshot (0.08 s), newest at the right: its height "
             "is the busy share of that interval"},
    {"dot", "idle throughout; inverse: the thread stole a task"},
    {"c4 p7", "working under root column 4, at the split point of ply "
              "7; root: the root's own split"},
    {NULL, "Totals"},
    {"nodes n/s", "all threads' nodes; nodes / elapsed time"},
    {"n x busy", "threads x mean busy x node speed (rate per busy "
                 "thread / one thread alone, measured once this "
                 "session) = the rate against one thread"},
    {"played", "the AI's move against the search's best: the level's "
               "own pick, a forced win or block, or the book"},
    {"depth", "the last iteration finished (d/D: of the limit D); "
              "exact: the solver; a proof beside on N: the solver on N "
              "threads of its own beside the search"},
    {"TT full", "transposition table slots in use"},
    {"hits", "table probes that found their position / probes"},
    {"spawned", "tasks created; stolen: run by another thread"},
    {"PV", "the principal variation: the line both sides are expected "
           "to play"},
    {NULL, "Root columns"},
    {"score", "each column's value for the side to move; nodes under "
              "it; [N threads] at work there now; bar: its share of the "
              "root's nodes"},
    {NULL, "The AI's searches this game"},
    {"row", "one per AI move: time, nodes, n/s, busy (mean of the "
            "threads), imbal (max/mean busy), threads, depth"},
    {NULL, "Settings"},
    {"threads a/b", "threads used / the most allowed"},
    {"split", "how the search is divided (deep, root, lazy)"},
    {"restart", "last toggle's delay until the new search ran"},
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
