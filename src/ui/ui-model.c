/* ui-model.c -- the frame's model (ui-model.h): one search of the game,
 * its own state, and the model the panel, the board's column scores and
 * the frame log draw from.
 *
 * Each search of the game (the AI's move, a hint, analysis) gets a fresh
 * struct ui_search when it starts (ui_search_begin()): its snapshot, the
 * proof beside it, its timeline and its recent busy start empty, so
 * nothing of an earlier search can show as this one's.  The snapshots the
 * engine gives (ui->snap, 12 a second) go into it only once its search has
 * begun (the engine's `searches` past the count at the start), with the
 * proof's rows appended only when the proof ran in this search (its own
 * count past the one at the start).  The speedup screen's and a ponder's
 * searches never go into it: they are not the game's searches on show.
 *
 * ui_model_build(), once per frame, picks the search on show -- the one
 * running, the AI's last move while it ponders, else the last one -- and
 * derives every value with its origin: where each thread works (the
 * proof's never under a root column), each root row's depth (older ones
 * marked stale), the proof's state (it only goes forward: proving, then
 * proven or gave up, its counts frozen once it stopped), and the speed's
 * factors over the search's own threads against one thread of the same
 * kind of search.
 */
#include "config.h"

#include <string.h>

#include "book/book.h"
#include "ui/ui-int.h"

/* The shortest search whose node speed the factors compare. */
#define UI_MODEL_FACTORS_MIN_S 0.05

void
ui_search_begin(struct ui *ui, enum ui_job job, const board_t *root,
                bool restarted)
{
	struct ui_search *c = &ui->cur;
	struct stats_snapshot p;

	memset(c, 0, sizeof *c);
	c->have = true;
	c->job = job;
	c->running = true;
	c->restarted = restarted;
	c->root = *root;
	c->ply = root->moves + 1;
	c->asked_depth = ui->depth;
	c->before = ui->snap.searches;
	c->proof0 = engine_snapshot_beside(ui->engine, &p) ? p.searches : 0;
}

bool
ui_proof_proven(const struct stats_snapshot *p)
{
	bool proven = p->ncols > 0;
	for (int c = 0; c < p->ncols; c++)
		if (p->col[c].state == COL_WAITING ||
		    p->col[c].state == COL_SEARCHING)
			proven = false;
	return proven && !p->running;
}

void
ui_search_forget(struct ui *ui)
{
	memset(&ui->cur, 0, sizeof ui->cur);
	memset(&ui->move, 0, sizeof ui->move);
}

/* The proof beside the search: read while it runs (the search's `beside`
 * says it is on, over all its parts), frozen once it stopped. */
static void
search_proof(struct ui *ui, struct ui_search *c, const struct stats_snapshot *s)
{
	struct stats_snapshot p;

	if (c->proof_state == MODEL_PROOF_PROVEN ||
	    c->proof_state == MODEL_PROOF_GAVE_UP)
		return;
	if (engine_snapshot_beside(ui->engine, &p) && p.searches > c->proof0 &&
	    p.nthreads > 0) {
		c->proof = p;
		c->proof_ours = true;
	}
	if (s->beside > 0 && s->running) {
		c->proof_state = MODEL_PROOF_PROVING;
		return;
	}
	if (s->beside > 0 && ui->job == c->job && c->running) {
		/* the search ended, the proof goes on (its checks) */
		c->proof_state = MODEL_PROOF_PROVING;
		return;
	}
	if (c->proof_ours && !c->proof.running)
		c->proof_state = ui_proof_proven(&c->proof)
		                     ? MODEL_PROOF_PROVEN
		                     : MODEL_PROOF_GAVE_UP;
	else if (c->proof_state == MODEL_PROOF_PROVING)
		c->proof_state = MODEL_PROOF_GAVE_UP;
}

void
ui_search_update(struct ui *ui)
{
	struct ui_search *c = &ui->cur;

	/* Only once its search began: before, the engine's statistics are
	 * still the search before's. */
	if (!c->have || !c->running || ui->job != c->job ||
	    ui->snap.searches <= c->before)
		return;
	c->id = ui->snap.searches;
	c->snap = ui->snap;
	c->main_elapsed = ui->snap.elapsed;
	if (!ui->snap.ranks) {
		search_proof(ui, c, &ui->snap);
		if (c->proof_ours &&
		    !stats_snapshot_add_beside(&c->snap, &c->proof))
			c->snap.beside_rows = 0;
	}
	ui_timeline_sample(&c->tl, &c->snap);
}

void
ui_search_end(struct ui *ui, const char *source)
{
	struct ui_search *c = &ui->cur;

	if (!c->have || !c->running)
		return;
	ui_search_update(ui);
	if (c->proof_state == MODEL_PROOF_PROVING)
		search_proof(ui, c, &ui->snap);
	c->running = false;
	c->snap.running = false;
	c->source = source;
	if (source != NULL)
		c->proof_state = MODEL_PROOF_NONE;
}

void
ui_search_stop(struct ui *ui)
{
	const bool was = ui->cur.have && ui->cur.running;

	ui_search_end(ui, NULL);
	if (was)
		ui->cur.stopped = true;
}

/* The words the panel's rows, timeline, title, proof and network rows
 * (under MPI) show beside the numbers: ui-legend.c defines each
 * (tests/legend.sh holds it to that, and holds the words of
 * ui_model_col_state(), model_threads() and model_label() to this
 * list). */
const char *const ui_panel_words[] = {
    "waiting",      "searching", "not needed", "unfinished",    "book, exact",
    "full",         "proof",     "idle",       "root",          "-",
    "proving",      "proven",    "gave up",    "thinking",      "done in",
    "stopped at",   "pondering", "from the",   "paused",        "d12",
    "from depth N", "p0 p1",     "node speed", "since restart", "?",
    "hand-off",     "msgs",      "us a msg",   "table across",  "waits",
};

const char *
ui_model_col_state(int state)
{
	static const char *const words[] = {
	    [COL_ILLEGAL] = "full",
	    [COL_WAITING] = "waiting",
	    [COL_SEARCHING] = "searching",
	    [COL_DONE] = "",
	    [COL_SKIPPED] = "not needed",
	    [MODEL_COL_UNFINISHED] = "unfinished",
	    [MODEL_COL_BOOK] = "book, exact",
	};
	return state >= 0 && state <= MODEL_COL_BOOK ? words[state] : "?";
}

/* The book's exact value of column c of root (the mover's): false where
 * the book does not hold the position after it. */
static bool
book_column(const struct ui *ui, const board_t *root, int c,
            struct model_column *col)
{
	board_t nb = *root;
	int known;

	col->kind = SCORE_EXACT;
	col->depth = 0;
	if (board_is_winning_move(root, c)) {
		col->score = board_max_score(root);
		return true;
	}
	board_play(&nb, c);
	if (!book_probe(ui->session->book, &nb, &known))
		return false;
	col->score = -known;
	return true;
}

/* Where each thread works now, and the threads under each root column:
 * the search's threads only (the proof proves the whole position). */
static void
model_threads(struct panel_model *m)
{
	const struct stats_snapshot *s = &m->s;

	for (int i = 0; i < s->nthreads; i++) {
		struct model_thread *t = &m->th[i];
		const struct stats_thread_snap *st = &s->thread[i];
		unsigned char v =
		    m->tl != NULL ? ui_timeline_at(m->tl, i, 0) & ~UI_TL_STOLE
		                  : 0;
		t->proof = i >= m->search_rows;
		t->active = m->running && v > 1;
		t->col = -2;
		t->ply = st->ply;
		if (t->proof)
			snprintf(t->where, sizeof t->where, "%s",
			         m->running && m->proof == MODEL_PROOF_PROVING
			             ? "proof"
			             : "-");
		else if (!m->running)
			snprintf(t->where, sizeof t->where, "-");
		else if (!t->active)
			snprintf(t->where, sizeof t->where, "idle");
		else if (st->root_col < 0) {
			t->col = -1;
			snprintf(t->where, sizeof t->where, "root");
		} else {
			t->col = st->root_col;
			if (st->ply > 0 && st->ply < 100)
				snprintf(t->where, sizeof t->where, "c%c p%d",
				         ui_col_char(st->root_col), st->ply);
			else
				snprintf(t->where, sizeof t->where, "c%c",
				         ui_col_char(st->root_col));
		}
	}
}

/* The root rows: the search's own, each score with the iteration that
 * gave it; a column the search left is "unfinished", keeping the value of
 * its last iteration, stale; after a move from the book, the book's. */
static void
model_columns(struct ui *ui, struct panel_model *m, const struct ui_search *c)
{
	const struct stats_snapshot *s = &m->s;
	const bool book = c->source != NULL && strcmp(c->source, "book") == 0 &&
	                  ui->session->book != NULL;

	m->ncols = book ? c->root.w : s->ncols;
	m->newest_depth = 0;
	for (int k = 0; k < m->ncols; k++) {
		struct model_column *col = &m->col[k];
		const struct stats_column_snap *sc = &s->col[k];
		memset(col, 0, sizeof *col);
		if (!board_can_play(&c->root, k)) {
			col->state = COL_ILLEGAL;
			continue;
		}
		if (book) {
			col->state = MODEL_COL_BOOK;
			if (!book_column(ui, &c->root, k, col))
				col->kind = SCORE_NONE;
			continue;
		}
		col->state = (int)sc->state;
		col->kind = sc->kind;
		col->score = sc->score;
		/* An exact value (a win at once, the book's) holds at every
		 * depth: only a heuristic one has an iteration. */
		col->depth =
		    s->exact || sc->kind != SCORE_HEURISTIC ? 0 : sc->depth;
		col->nodes = sc->nodes;
		if (!m->running &&
		    (sc->state == COL_SEARCHING || sc->state == COL_WAITING))
			col->state = MODEL_COL_UNFINISHED;
		if (col->kind != SCORE_NONE && col->depth > m->newest_depth)
			m->newest_depth = col->depth;
	}
	for (int k = 0; k < m->ncols; k++) {
		struct model_column *col = &m->col[k];
		col->stale = col->kind != SCORE_NONE && col->depth > 0 &&
		             col->depth < m->newest_depth;
		if (col->state != COL_SEARCHING)
			continue;
		for (int i = 0; i < m->search_rows; i++)
			col->threads += m->th[i].active && m->th[i].col == k;
	}
}

/* The speed's factors over the search's own threads: the proof's are of
 * another kind of search (exact).  The node speed compares with one
 * thread of the same search: one thread on the position searched, in the
 * same mode (engine_measure_position(), after the AI's move); the
 * session's figure, of another position and depth, runs at another node
 * rate (a beginner's one-ply search at twice it), so until then only the
 * threads and their busy share are known (f->on false). */
static void
model_factors(struct ui *ui, struct panel_model *m, const struct ui_search *c)
{
	struct model_factors *f = &m->f;
	const struct stats_snapshot *s = &m->s;
	const int n = m->search_rows;
	double busy = 0;
	uint64_t nodes = 0;

	memset(f, 0, sizeof *f);
	f->exact = s->exact;
	f->session = ui->one_nps;
	f->here = c->job == UI_JOB_MOVE && c->id == ui->move.id &&
	          ui->pos_nps > 0 && ui->pos_nps_id != 0;
	f->base = f->here ? ui->pos_nps : 0;
	if (n <= 0 || s->ranks || c->main_elapsed <= 0)
		return;
	for (int i = 0; i < n; i++) {
		busy += s->thread[i].busy_s;
		nodes += s->thread[i].nodes;
	}
	if (busy <= 0 || nodes == 0)
		return;
	f->threads = n;
	f->busy = busy / (n * c->main_elapsed);
	if (f->busy > 1)
		f->busy = 1;
	/* A search of a few milliseconds has no node rate to compare:
	 * its threads barely started. */
	if (f->base <= 0 || c->main_elapsed < UI_MODEL_FACTORS_MIN_S)
		return;
	const double speed = ((double)nodes / busy) / f->base;
	/* The search's rate over one thread's cannot pass the cores: a
	 * product above them says the one-thread rate was measured while
	 * other work slowed it (a loaded machine), and is not compared. */
	if (s->cpus > 0 && n * f->busy * speed > s->cpus) {
		f->unfair = true;
		return;
	}
	f->on = true;
	f->speed = speed;
	f->product = n * f->busy * f->speed;
}

/* The title's words for the search on show (struct panel_model, label). */
static void
model_label(const struct ui *ui, struct panel_model *m)
{
	char name[32];
	const size_t size = sizeof m->label;
	char *buf = m->label;

	switch (m->kind) {
	case MODEL_MOVE:
		snprintf(name, sizeof name, "AI's move %d", m->ply);
		break;
	case MODEL_HINT:
		snprintf(name, sizeof name, "hint");
		break;
	case MODEL_ANALYSIS:
		snprintf(name, sizeof name, "analysis");
		break;
	default:
		snprintf(buf, size, "%s", ui->paused ? "paused" : "idle");
		return;
	}
	if (m->running && m->kind == MODEL_MOVE && m->s.ranks)
		snprintf(buf, size, "thinking %.1fs, %d ranks", m->elapsed,
		         m->s.nthreads);
	else if (m->running && m->kind == MODEL_MOVE)
		/* The time of the search on show: a toggle restarts it, and
		 * the title says so (the status line's think goes on). */
		snprintf(buf, size, "thinking %.1fs%s", m->elapsed,
		         m->restarted ? " since restart" : "");
	else if (m->running)
		snprintf(buf, size, "%s %.1fs", name, m->elapsed);
	else if (m->source != NULL)
		snprintf(buf, size, "%s from the %s, no search", name,
		         m->source);
	else if (m->stopped)
		/* Ended without an answer (a new game, an undo, the speedup
		 * screen, a toggle): its rows are where it was stopped. */
		snprintf(buf, size, "%s, stopped at %.2fs", name, m->elapsed);
	else
		/* A finished search stays on show, named as done: the
		 * game's history, not a search running. */
		snprintf(buf, size, "%s, done in %.2fs", name, m->elapsed);
	if (!m->running && m->source != NULL)
		snprintf(m->label_short, sizeof m->label_short, "%s: %s", name,
		         m->source);
	else
		snprintf(m->label_short, sizeof m->label_short, "%s", buf);
	size_t len = strlen(buf);
	if (ui->job == UI_JOB_PONDER)
		snprintf(buf + len, size - len, ", pondering %.0fs",
		         ui_now() - ui->job_t0);
	else if (ui->paused)
		snprintf(buf + len, size - len, ", paused");
}

void
ui_model_build(struct ui *ui)
{
	struct panel_model *m = &ui->model;
	const struct ui_search *c;

	memset(m, 0, sizeof *m);
	m->frame = ++ui->frames;
	model_label(ui, m);
	/* The search on show: the AI's last move while it ponders (and the
	 * copy of it the AI's move left, with what it played), else the
	 * game's search running or last. */
	if (ui->job == UI_JOB_PONDER && ui->move.have)
		c = &ui->move;
	else if (ui->cur.have && !ui->cur.running && ui->move.have &&
	         ui->cur.job == UI_JOB_MOVE && ui->cur.id == ui->move.id &&
	         ui->cur.ply == ui->move.ply)
		c = &ui->move;
	else if (ui->cur.have)
		c = &ui->cur;
	else
		c = ui->move.have ? &ui->move : NULL;
	if (c == NULL)
		return;
	m->kind = c->job == UI_JOB_MOVE   ? MODEL_MOVE
	          : c->job == UI_JOB_HINT ? MODEL_HINT
	                                  : MODEL_ANALYSIS;
	m->running = c->running && ui->job == c->job;
	m->hidden = ui->job == UI_JOB_PONDER;
	m->restarted = c->restarted;
	m->stopped = c->stopped;
	m->source = c->source;
	m->ply = c->ply;
	m->id = c->id;
	m->root = c->root;
	m->have_root = true;
	m->elapsed = c->snap.elapsed;
	m->s = c->snap;
	m->s.running = m->running;
	if (c->source != NULL) {
		/* no search chose the move: no thread activity to show */
		m->s.nthreads = 0;
		m->s.beside_rows = 0;
		m->s.nodes = 0;
		m->s.nps = 0;
		m->s.spawned = m->s.stolen = 0;
		m->s.tt_fill = m->s.tt_hitrate = 0;
		m->s.depth = 0;
		m->s.pv_len = 0;
		m->elapsed = 0;
	}
	m->search_rows = m->s.nthreads - m->s.beside_rows;
	m->tl = c->tl.len > 0 && c->source == NULL ? &c->tl : NULL;
	m->proof = c->proof_state;
	if (m->s.beside_rows > 0 || m->proof != MODEL_PROOF_NONE) {
		m->proof_threads = m->s.beside_rows;
		m->proof_s = c->proof.elapsed;
		m->proof_nodes = c->proof_ours ? c->proof.nodes : 0;
	}
	double recent[STATS_MAX_THREADS];
	ui_timeline_recent(m->tl, &m->s, recent);
	for (int i = 0; i < m->s.nthreads; i++)
		m->th[i].recent = recent[i];
	model_threads(m);
	model_columns(ui, m, c);
	model_factors(ui, m, c);
	if (c == &ui->move && ui->move_why[0] != '\0') {
		m->why = ui->move_why;
		m->why_short = ui->move_why_short;
	}
	model_label(ui, m);
	m->board_live = board_key(&c->root) == board_key(&ui->game.board) &&
	                c->root.moves == ui->game.board.moves && !m->hidden &&
	                ui->game.state == GAME_ON;
}
