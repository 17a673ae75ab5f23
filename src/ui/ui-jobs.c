/* ui-jobs.c -- what the engine does for the curses game: starting and
 * cancelling searches (the AI's move, hints, analysis, the speedup
 * screen's runs), taking their results, playing the AI's moves when their
 * turn comes, and the statistics snapshots the panel draws.
 *
 * The main thread never waits on the engine: ui_poll(), once per loop
 * turn, asks whether the search in flight has finished (engine_poll) and
 * takes a snapshot 12 times a second while one runs.
 */
#include "config.h"

#include <string.h>

#include "book/book.h"
#include "search/node/choose.h"
#include "search/policy/level.h"
#include "ui/ui-int.h"

#define UI_TICK        0.08 /* seconds between snapshots while searching */
#define UI_MSG_SECONDS 8.0  /* how long a status message stays */
#define UI_AI_AI_PACE  0.6  /* seconds between moves when AIs play */
/* An exact answer in fewer nodes than this came from the book or the
 * table, not from a search. */
#define UI_SOURCE_MAX_NODES 64

/* "book" or "table" for an exact answer that took (almost) no search,
 * NULL for a search. */
static const char *
ui_answer_source(const struct ui *ui, const struct search_result *r)
{
	const board_t *b = &ui->cur.root;
	int score;

	if (r->kind != SCORE_EXACT || r->nodes > UI_SOURCE_MAX_NODES)
		return NULL;
	if (ui->session->book != NULL &&
	    book_probe(ui->session->book, b, &score))
		return "book";
	return "table";
}

static bool
ui_job_is_current(const struct ui *ui)
{
	return ui->job != UI_JOB_NONE &&
	       ui->job_key == board_key(&ui->game.board) &&
	       ui->job_moves == ui->game.board.moves;
}

void
ui_take_snapshot(struct ui *ui)
{
	engine_snapshot(ui->engine, &ui->snap);
	ui->have_snap = true;
}

/* A job of the game (its searches are the panel's). */
static bool
ui_game_job(enum ui_job job)
{
	return job == UI_JOB_MOVE || job == UI_JOB_HINT ||
	       job == UI_JOB_ANALYSIS;
}

void
ui_cancel(struct ui *ui)
{
	if (ui->job != UI_JOB_NONE) {
		engine_cancel(ui->engine);
		ui_take_snapshot(ui);
		if (ui_game_job(ui->job))
			ui_search_stop(ui);
		ui->job = UI_JOB_NONE;
		ui->latency_pending = false;
		ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	}
}

void
ui_job_start(struct ui *ui, enum ui_job job, const board_t *b,
             const struct search_limits *lim)
{
	ui_take_snapshot(ui);
	ui->job_searches = ui->snap.searches;
	/* The AI's think goes on over a restart (a toggle) of the same
	 * position's search: its clock does not start again. */
	ui->restarted = job == UI_JOB_MOVE && ui->job == UI_JOB_MOVE &&
	                ui->job_key == board_key(b) &&
	                ui->job_moves == b->moves;
	if (!ui->restarted)
		ui->think_t0 = ui_now();
	if (ui->job != UI_JOB_NONE && ui_game_job(ui->job))
		ui_search_stop(ui); /* the search it replaces */
	if (ui_game_job(job))
		ui_search_begin(ui, job, b, ui->restarted);
	ui->job_id = engine_start(ui->engine, b, lim);
	ui->job = job;
	ui->job_key = board_key(b);
	ui->job_moves = b->moves;
	ui->job_depth = lim->depth;
	ui->job_root = *b;
	ui->job_t0 = ui_now();
	ui->next_tick = ui->job_t0 + 0.01;
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	ui_log(ui, "start job %d id %llu threads %d depth %d perfect %d",
	       (int)job, (unsigned long long)ui->job_id, lim->threads,
	       lim->depth, ui->perfect);
}

void
ui_start(struct ui *ui, enum ui_job job)
{
	struct search_limits lim;

	ui_limits(ui, &lim);
	/* Hints and analysis are advice: they take the book also where the
	 * level's own moves do not. */
	if ((job == UI_JOB_HINT || job == UI_JOB_ANALYSIS) &&
	    ui->session->book != NULL)
		lim.book = book_oracle(ui->session->book);
	if (job == UI_JOB_ANALYSIS || job == UI_JOB_PONDER) {
		/* The scores of the human's every move, all exact: shown
		 * (analysis), or only left in the table (ponder), where the
		 * AI's search after the human's move finds the score of its
		 * root and asks only which column reaches it. */
		lim.analyze = true;
		lim.move_only = false;
	}
	ui_job_start(ui, job, &ui->game.board, &lim);
}

/* Ponder on the human's turn: perfect play against the AI, not done yet
 * for this position, and not paused. */
static bool
ui_should_ponder(const struct ui *ui)
{
	const board_t *b = &ui->game.board;

	return ui->ponder && ui->perfect && !ui->analysis && !ui->paused &&
	       ui_has_ai(ui) &&
	       !(ui->pondered && ui->ponder_key == board_key(b) &&
	         ui->ponder_moves == b->moves);
}

void
ui_think(struct ui *ui)
{
	const board_t *b = &ui->game.board;
	enum ui_job want = UI_JOB_NONE;
	bb_t key = board_key(b);

	if (ui->speedup.on)
		return;
	if (ui->review != NULL) { /* the review has the machine */
		ui_cancel(ui);
		return;
	}
	if (ui->game.state == GAME_ON && !ui->move_pending) {
		if (game_current_player(&ui->game) == PLAYER_AI)
			want = ui->paused ? UI_JOB_NONE : UI_JOB_MOVE;
		else if (ui->job == UI_JOB_HINT && ui_job_is_current(ui))
			return; /* a hint is on its way */
		else if (ui->analysis && !(ui->have_res && ui->res_key == key &&
		                           ui->res_moves == b->moves))
			want = UI_JOB_ANALYSIS;
		else if (ui_should_ponder(ui))
			want = UI_JOB_PONDER;
	}
	if (want == UI_JOB_NONE) {
		ui_cancel(ui);
		return;
	}
	if (ui->job == want && ui_job_is_current(ui))
		return;
	/* The engine brings its new table's pages in while it waits (a
	 * fraction of a second after the start, more on a virtual machine
	 * whose fresh memory comes from the host); a search started before
	 * that faults them in at random and stopped at depth 5 with a few
	 * hundred nodes.  The first search waits for it; ui_poll() calls
	 * again. */
	if (ui->job == UI_JOB_NONE && !engine_warm(ui->engine)) {
		if (!ui->start_deferred)
			ui_log(ui, "waiting for the table");
		ui->start_deferred = true;
		return;
	}
	if (ui->start_deferred)
		ui_log(ui, "table in");
	ui->start_deferred = false;
	ui_start(ui, want);
}

/* A move for a partial result that has none: the best column scored so
 * far, or the legal column nearest the centre (choose_column()'s rule for
 * equal columns). */
static int
ui_fallback_move(const struct ui *ui, const struct search_result *r)
{
	const board_t *b = &ui->game.board;
	double zero[BOARD_MAX_WIDTH] = {0};
	bool legal[BOARD_MAX_WIDTH];

	int best = choose_best_column(b, r, 0);
	if (best >= 0)
		return best;
	for (int c = 0; c < b->w; c++)
		legal[c] = board_can_play(b, c);
	return choose_column(b, zero, legal, 0);
}

void
ui_game_over(struct ui *ui)
{
	ui_cancel(ui);
	ui->move_pending = false;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	ui_log(ui, "game over: %s", game_state_string(ui->game.state));
}

bool
ui_drop(struct ui *ui, int col, bool by_ai)
{
	struct game *g = &ui->game;
	enum board_err err;

	if (g->state != GAME_ON) {
		ui_message(ui, true,
		           "the game is over: n new game, v review, u undo");
		return false;
	}
	if (!by_ai && game_current_player(g) == PLAYER_AI) {
		if (g->player[0] == PLAYER_AI && g->player[1] == PLAYER_AI)
			ui_message(ui, true,
			           "the AIs are playing "
			           "(space pauses, s swaps)");
		else
			ui_message(ui, true,
			           "the AI is thinking: wait, "
			           "or press m to make it move now");
		return false;
	}
	if (col < 0 || col >= g->w) {
		ui_message(ui, true, "there is no column %c (1-%c)",
		           col < 0 ? '?' : ui_col_char(col),
		           ui_col_char(g->w - 1));
		return false;
	}
	err = game_play(g, col);
	if (err == BOARD_ERR_FULL) {
		ui_message(ui, true, "column %c is full", ui_col_char(col));
		return false;
	}
	if (err != BOARD_OK) {
		ui_message(ui, true, "%s", board_err_string(err));
		return false;
	}
	ui_log(ui, "move %d col %d by %s", g->nmoves, col + 1,
	       by_ai ? "ai" : "human");
	/* A message is about the move before: it goes with the next one;
	 * but the question of a q pressed while the AI's move waited to be
	 * shown stands (q again still quits). */
	if (!ui->quit_asked)
		ui->msg[0] = '\0';
	if (!by_ai)
		ui->cursor = col;
	ui->hint_col = -1;
	ui_board_animate(ui, col);
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
	if (g->state != GAME_ON)
		ui_game_over(ui);
	else
		ui_think(ui);
	return true;
}

void
ui_snapshot(struct ui *ui)
{
	ui_take_snapshot(ui);
	if (ui->one_nps == 0)
		ui->one_nps = engine_one_thread_nps(ui->engine);
	if (ui_game_job(ui->job))
		ui_search_update(ui);
	else if (ui->job == UI_JOB_SPEEDUP)
		ui_timeline_sample(&ui->tl, &ui->snap);
	ui->dirty |= UI_DIRTY_PANEL | UI_DIRTY_BOARD | UI_DIRTY_STATUS;
	if (ui->latency_pending && ui->snap.searches > ui->job_searches) {
		ui->latency_ms = engine_start_latency(ui->engine) * 1e3;
		ui->latency_pending = false;
		ui_log(ui, "toggle %s: start latency %.3f ms",
		       ui->latency_why ? ui->latency_why : "?", ui->latency_ms);
	}
}

/* The value of col in r is the one its root row shows (the search's
 * own, of r's depth). */
static bool
ui_row_agrees(const struct ui *ui, const struct search_result *r, int col)
{
	const struct stats_snapshot *s = &ui->cur.snap;
	const struct stats_column_snap *row = &s->col[col];

	return col < s->ncols && row->state == COL_DONE &&
	       row->kind == r->col_kind[col] &&
	       row->score == r->col_score[col] &&
	       (s->exact || row->depth == r->depth);
}

/* The search's best move col in words that agree with the root rows
 * beside them: whose score it is, proven or heuristic, and where it comes
 * from when not from the rows. */
static void
ui_move_best_words(struct ui *ui, const struct search_result *r, int col,
                   const char *mine)
{
	const enum score_kind k = col < r->ncols ? r->col_kind[col] : r->kind;
	const bool proven =
	    k == SCORE_EXACT || k == SCORE_LOWER || k == SCORE_UPPER;
	const char c = ui_col_char(col);

	if (ui->cur.proof_state == MODEL_PROOF_PROVEN)
		/* The proof beside the search proved the root: its move,
		 * not the depth-limited search's (whose root columns the
		 * panel shows). */
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s), proven by the proof beside the search", c,
		         mine);
	else if (ui_row_agrees(ui, r, col))
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s), the best row, %s", c, mine,
		         proven ? "proven" : "heuristic, the AI's score");
	else if (proven)
		/* A proof before the search (one thread), or its table:
		 * the rows are the depth-limited search's own. */
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s) proven by the proof; the rows: the search's "
		         "heuristic",
		         c, mine);
	else
		/* The rows: the deeper iteration, stopped unfinished. */
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s), best at depth %d, the last whole one (the "
		         "AI's, heuristic)",
		         c, mine, r->depth);
}

/* The AI's move col on the game's position against its search r, in words
 * for the panel: what chose it and, when not the search, the search's best
 * beside it. */
static void
ui_move_why(struct ui *ui, const struct search_result *r, int col)
{
	const board_t *b = &ui->game.board;
	char mine[40], best[40];
	const char *who = ui->level >= 0 ? levels[ui->level].name : "the AI";

	level_col_words(b, r, col, mine, sizeof mine);
	level_col_words(b, r, r->best, best, sizeof best);
	if (ui->move_source != NULL || col == r->best || r->best < 0)
		snprintf(ui->move_why_short, sizeof ui->move_why_short,
		         "%c (%s)%s%s", ui_col_char(col), mine,
		         ui->move_source ? ", " : "",
		         ui->move_source ? ui->move_source : "");
	else
		snprintf(ui->move_why_short, sizeof ui->move_why_short,
		         "%c (%s), best %c (%s)", ui_col_char(col), mine,
		         ui_col_char(r->best), best);
	if (ui->move_source != NULL) {
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s) from the %s: no search chose it",
		         ui_col_char(col), mine, ui->move_source);
		return;
	}
	switch (level_why(b, r, col)) {
	case LEVEL_REASON_BEST:
		ui_move_best_words(ui, r, col, mine);
		break;
	case LEVEL_REASON_WIN:
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c wins at once: no search chose it",
		         ui_col_char(col));
		break;
	case LEVEL_REASON_BLOCK:
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c a forced block, no search chose it; "
		         "the search's best is %c (%s)",
		         ui_col_char(col), ui_col_char(r->best), best);
		break;
	case LEVEL_REASON_PICK:
		snprintf(ui->move_why, sizeof ui->move_why,
		         "%c (%s), %s's pick; the search's best is %c (%s)",
		         ui_col_char(col), mine, who, ui_col_char(r->best),
		         best);
		break;
	}
}

/* One entry of the game's search history from the finished search's
 * snapshot s. */
static void
ui_history_add(struct ui *ui, const struct stats_snapshot *s)
{
	struct ui_history *h = &ui->hist;
	struct ui_history_entry e = {
	    .ply = ui->game.nmoves + 1,
	    .secs = s->elapsed,
	    .nodes = s->nodes,
	    .nps = s->nps,
	    .threads = s->nthreads,
	    .depth = s->exact ? -1 : s->depth,
	    .ranks = s->ranks,
	    .id = s->searches,
	};
	if (s->nthreads <= 0)
		return;
	e.busy =
	    s->elapsed > 0 ? s->busy_total_s / s->nthreads / s->elapsed : 0;
	e.imbalance = s->imbalance;
	if (h->n == UI_HISTORY) {
		memmove(&h->e[0], &h->e[1], sizeof h->e[0] * (UI_HISTORY - 1));
		h->n--;
	}
	h->e[h->n++] = e;
}

static void
ui_finished(struct ui *ui, const struct search_result *r)
{
	enum ui_job job = ui->job;

	ui_snapshot(ui);
	if (ui_game_job(job))
		ui_search_end(ui, ui_answer_source(ui, r));
	ui->job = UI_JOB_NONE;
	if (job == UI_JOB_PONDER) {
		/* Nothing to show: the scores are for the AI's next move. */
		ui->pondered = !r->partial;
		ui->ponder_key = ui->job_key;
		ui->ponder_moves = ui->job_moves;
		ui_log(ui, "done ponder nodes %llu %.3fs%s",
		       (unsigned long long)r->nodes, r->seconds,
		       r->partial ? " partial" : "");
		return;
	}
	ui->res = *r;
	ui->have_res = true;
	ui->res_id = ui->cur.id;
	ui->res_key = ui->job_key;
	ui->res_moves = ui->job_moves;
	ui_log(ui, "done job %d move %d score %d nodes %llu %.3fs%s", (int)job,
	       r->move + 1, r->score, (unsigned long long)r->nodes, r->seconds,
	       r->partial ? " partial" : "");
	if (ui->job_key != board_key(&ui->game.board) ||
	    ui->job_moves != ui->game.board.moves)
		return;
	switch (job) {
	case UI_JOB_MOVE:
		/* Kept for the panel while the AI ponders on the human's
		 * time; an answer without a search says where it came from. */
		ui->move_think = ui_now() - ui->think_t0;
		ui->move_source = ui->cur.source;
		ui->move_pending = true;
		ui->move_col =
		    r->move >= 0 && board_can_play(&ui->game.board, r->move)
		        ? r->move
		        : ui_fallback_move(ui, r);
		ui_move_why(ui, r, ui->move_col);
		if (ui->move_source == NULL)
			ui_history_add(ui, &ui->cur.snap);
		ui->move = ui->cur;
		/* the panel's one-thread rate, on the position searched,
		 * measured while the engine waits for the human */
		ui->pos_nps = -1;
		ui->pos_nps_id = 0;
		if (ui->move_source == NULL && ui->session->runner == NULL) {
			ui->pos_nps = 0;
			ui->pos_nps_id = engine_measure_position(
			    ui->engine, &ui->game.board, ui->cur.snap.exact);
		}
		break;
	case UI_JOB_HINT:
		/* The search's best column, not the one the level would
		 * play: a level's slips are how the AI plays, not advice
		 * (and the score shown with the hint is the best column's). */
		ui->hint_col = r->best >= 0 ? r->best : ui_fallback_move(ui, r);
		if (ui->hint_col >= 0) {
			ui->cursor = ui->hint_col;
			ui_hint_say(ui, ui->hint_col);
		}
		break;
	default:
		break;
	}
}

void
ui_poll(struct ui *ui)
{
	struct search_result r;
	double now = ui_now();

	if (!ui->speedup.on && ui->job != UI_JOB_NONE &&
	    engine_poll(ui->engine, ui->job_id, &r)) {
		ui_finished(ui, &r);
		ui_think(ui);
	}
	if (ui->start_deferred && engine_warm(ui->engine))
		ui_think(ui);
	if (ui->pos_nps_id != 0 && ui->pos_nps == 0) {
		ui->pos_nps = engine_position_nps(ui->engine, ui->pos_nps_id);
		if (ui->pos_nps != 0)
			ui->dirty |= UI_DIRTY_PANEL;
	}
	if (ui->job != UI_JOB_NONE && now >= ui->next_tick) {
		ui_snapshot(ui);
		ui->next_tick = now + UI_TICK;
	}
	if (ui->move_pending && !ui_board_animating(ui) &&
	    now >= ui->move_not_before) {
		bool ai_ai = ui->game.player[0] == PLAYER_AI &&
		             ui->game.player[1] == PLAYER_AI;
		ui->move_pending = false;
		if (ui->move_col >= 0 &&
		    game_current_player(&ui->game) == PLAYER_AI)
			ui_drop(ui, ui->move_col, true);
		ui->move_not_before = ui_now() + (ai_ai ? UI_AI_AI_PACE : 0);
		ui_think(ui);
	}
	if (ui->msg[0] != '\0' && now - ui->msg_time > UI_MSG_SECONDS) {
		ui->msg[0] = '\0';
		ui->dirty |= UI_DIRTY_STATUS;
	}
	if (ui->anim.on)
		ui->dirty |= UI_DIRTY_BOARD;
}
