/* engine-cli-go.c -- the engine protocol's searches: `go` and its limits
 * (a simple time manager for wtime/btime), `analyze`, `stop`, `ponderhit`,
 * the info lines while a search runs and the bestmove that ends it
 * (docs/engine-protocol.md). */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book/book.h"
#include "cli/engine-cli-int.h"
#include "core/score.h"
#include "core/util.h"
#include "search/policy/level.h"
#include "search/node/settings.h"

/* The time of a go with clock words but no clock for the side to move
 * (docs/engine-protocol.md). */
#define ENGINE_DEFAULT_MOVETIME_S 1.0

/* How long a stop waits for a search that has not begun (its request
 * still queued behind the search before) before a sound move at once. */
#define ENGINE_START_WAIT_S 0.005

/* How often info lines come while a search runs. */
#define INFO_EVERY_S 0.25

static const char *
kind_word(enum score_kind k)
{
	switch (k) {
	case SCORE_HEURISTIC:
		return "heuristic";
	case SCORE_EXACT:
		return "proven";
	case SCORE_LOWER:
		return "lower";
	case SCORE_UPPER:
		return "upper";
	default:
		return "none";
	}
}

/* " pv M1 M2 ..." in move strings (eng_move(): 1..9, a..g, or P@d1 with
 * UCI_Variant cfour) at line + n, played out from the position. */
static size_t
go_pv(const struct eng *g, char *line, size_t n, size_t size, const int *pv,
      int len)
{
	board_t b = g->pos;
	if (len > 0 && n + 4 < size)
		n += (size_t)snprintf(line + n, size - n, " pv");
	for (int i = 0; i < len && n + 12 < size; i++) {
		char m[12];
		if (pv[i] < 0 || pv[i] >= b.w || !board_can_play(&b, pv[i]))
			break;
		n += (size_t)snprintf(line + n, size - n, " %s",
		                      eng_move(g, &b, pv[i], m));
		board_play(&b, pv[i]);
	}
	return n;
}

/* " score ..." of a column or the root into buf: dropfour's own
 * "S kind K", or in strict UCI `cp N` (a heuristic value, or 0 for a
 * proven draw) or `mate N` (a proven win in N of the mover's moves,
 * negative a loss), a proven bound with UCI's lowerbound/upperbound; ""
 * when nothing is known and not show_none. */
static const char *
go_score(const struct eng *g, enum score_kind kind, int score, bool show_none,
         char *buf, size_t len)
{
	char num[16];
	if (kind == SCORE_NONE && (eng_strict(g) || !show_none)) {
		buf[0] = '\0';
		return buf;
	}
	if (!eng_strict(g)) {
		snprintf(buf, len, " score %s kind %s",
		         kind == SCORE_NONE
		             ? "?"
		             : score_number(kind, score, num, sizeof num),
		         kind_word(kind));
		return buf;
	}
	if (kind == SCORE_HEURISTIC) {
		snprintf(buf, len, " score cp %d", score);
		return buf;
	}
	struct score_parts p;
	score_parts(&g->pos, kind == SCORE_HEURISTIC ? kind : SCORE_EXACT,
	            score, &p);
	const char *bound = kind == SCORE_LOWER   ? " lowerbound"
	                    : kind == SCORE_UPPER ? " upperbound"
	                                          : "";
	if (score > 0)
		snprintf(buf, len, " score mate %d%s", p.stones, bound);
	else if (score < 0)
		snprintf(buf, len, " score mate -%d%s", p.stones, bound);
	else
		snprintf(buf, len, " score cp 0%s", bound);
	return buf;
}

/* A column's place among the others for MultiPV: proven wins first (the
 * sooner the better), then draws and heuristic values, then proven losses
 * (the later the better). */
static long
col_rank(enum score_kind kind, int score)
{
	if (kind == SCORE_HEURISTIC)
		return score > 99999 ? 99999 : score < -99999 ? -99999 : score;
	return score > 0 ? 100000L + score : score < 0 ? -100000L + score : 0;
}

/* The legal columns that have a score, best first (centre first among
 * equals) into col; returns how many. */
static int
go_ranked(const board_t *b, const enum score_kind *kind, const int *score,
          int first, int *col)
{
	const int *order = board_centre_order(b->w);
	int n = 0;
	/* the move the search names (bestmove, the pv's first) is multipv
	 * 1, whatever the ranks of the others' scores */
	if (first >= 0 && first < b->w && board_can_play(b, first) &&
	    kind[first] != SCORE_NONE)
		col[n++] = first;
	const int top = n;
	for (int i = 0; i < b->w; i++) {
		int c = order[i];
		if (!board_can_play(b, c) || kind[c] == SCORE_NONE ||
		    (top && c == first))
			continue;
		int k = n++;
		long key = col_rank(kind[c], score[c]);
		while (k > top &&
		       col_rank(kind[col[k - 1]], score[col[k - 1]]) < key) {
			col[k] = col[k - 1];
			k--;
		}
		col[k] = c;
	}
	return n;
}

/* The MultiPV lines of a search: for its best g->multipv columns, the
 * move it names (first) first, then best first, "info depth D seldepth
 * S multipv K score ..." and `tail`, then the column's line (the
 * principal variation for the column it starts with, else the column
 * alone). */
static void
go_multipv(struct eng *g, int depth, int seldepth, const enum score_kind *kind,
           const int *score, int first, const char *tail, const int *pv,
           int pv_len)
{
	int col[BOARD_MAX_WIDTH];
	int n = go_ranked(&g->pos, kind, score, first, col);
	if (n > g->multipv)
		n = g->multipv;
	for (int k = 0; k < n; k++) {
		char line[2048], sc[64];
		int c = col[k];
		size_t at = (size_t)snprintf(
		    line, sizeof line,
		    "info depth %d seldepth %d multipv %d%s%s", depth,
		    seldepth > depth ? seldepth : depth, k + 1,
		    go_score(g, kind[c], score[c], true, sc, sizeof sc), tail);
		if (pv_len > 0 && pv[0] == c)
			go_pv(g, line, at, sizeof line, pv, pv_len);
		else
			go_pv(g, line, at, sizeof line, &c, 1);
		eng_say(g, "%s", line);
	}
}

/* An info line of the running search (MultiPV: a line for each of its
 * best columns so far); none before it has begun (the stats still hold
 * the last one).  Its score is the principal variation's first column's,
 * with that column's kind. */
static void
go_info(struct eng *g)
{
	struct stats_snapshot s;
	char line[2048], tail[1024], sc[64];
	size_t n = 0, t = 0;

	g->last_info = util_now_s();
	engine_snapshot(g->e, &s);
	if (s.searches <= g->searches0)
		return;
	double elapsed = util_now_s() - g->t0;
	for (int c = 0; c < s.ncols && c < g->pos.w; c++)
		if (s.col[c].state == COL_SEARCHING) {
			char m[12];
			t += (size_t)snprintf(tail + t, sizeof tail - t,
			                      " currmove %s",
			                      eng_move(g, &g->pos, c, m));
			break;
		}
	/* nps: the nodes over the time since go, as the line shows them
	 * (the search's own rate counts from its own start) */
	t += (size_t)snprintf(tail + t, sizeof tail - t,
	                      " nodes %llu nps %.0f time %.0f hashfull %d",
	                      (unsigned long long)s.nodes,
	                      elapsed > 0 ? (double)s.nodes / elapsed : 0,
	                      elapsed * 1e3, (int)(s.tt_fill * 1000));
	if (!eng_strict(g)) {
		t += (size_t)snprintf(tail + t, sizeof tail - t,
		                      " threads %d tnodes ", s.nthreads);
		for (int i = 0; i < s.nthreads && t < sizeof tail - 32; i++)
			t += (size_t)snprintf(
			    tail + t, sizeof tail - t, "%s%llu", i ? "," : "",
			    (unsigned long long)s.thread[i].nodes);
	}
	int seldepth = s.seldepth > s.depth ? s.seldepth : s.depth;
	if (g->multipv > 1) {
		enum score_kind kind[BOARD_MAX_WIDTH] = {SCORE_NONE};
		int score[BOARD_MAX_WIDTH] = {0};
		for (int c = 0; c < s.ncols && c < g->pos.w; c++)
			if (s.col[c].state == COL_DONE ||
			    s.col[c].state == COL_WAITING) {
				kind[c] = s.col[c].kind;
				score[c] = s.col[c].score;
			}
		go_multipv(g, s.depth, seldepth, kind, score,
		           s.pv_len > 0 ? s.pv[0] : -1, tail, s.pv, s.pv_len);
		return;
	}
	n += (size_t)snprintf(line + n, sizeof line - n,
	                      "info depth %d seldepth %d", s.depth, seldepth);
	int best = s.pv_len > 0 ? s.pv[0] : -1;
	if (best >= 0 && best < s.ncols && s.col[best].state == COL_DONE &&
	    s.col[best].kind != SCORE_NONE)
		n += (size_t)snprintf(line + n, sizeof line - n, "%s",
		                      go_score(g, s.col[best].kind,
		                               s.col[best].score, false, sc,
		                               sizeof sc));
	n += (size_t)snprintf(line + n, sizeof line - n, "%s", tail);
	n = go_pv(g, line, n, sizeof line, s.pv, s.pv_len);
	eng_say(g, "%s", line);
}

/* The move of a search that found none before its stop: the best column
 * it proved anything of, else a winning column, else the first column in
 * centre-first order that does not hand the opponent a win, else the
 * first legal one (-1 on a full board); *kind says what its score is. */
static int
go_fallback(const struct eng *g, const struct search_result *r, int *score,
            enum score_kind *kind)
{
	const board_t *b = &g->pos;
	int best = -1;
	*kind = SCORE_NONE;
	*score = 0;
	for (int c = 0; c < r->ncols && c < b->w; c++)
		if (board_can_play(b, c) &&
		    (r->col_kind[c] == SCORE_EXACT ||
		     r->col_kind[c] == SCORE_LOWER) &&
		    (best < 0 || r->col_score[c] > r->col_score[best]))
			best = c;
	if (best >= 0) {
		*kind = r->col_kind[best];
		*score = r->col_score[best];
		return best;
	}
	int win = board_winning_column(b);
	if (win >= 0)
		return win;
	const int *order = board_centre_order(b->w);
	bb_t safe = board_non_losing_moves(b);
	for (int i = 0; i < b->w; i++)
		if (board_can_play(b, order[i]) &&
		    (safe & board_column_mask(b, order[i])))
			return order[i];
	for (int i = 0; i < b->w; i++)
		if (board_can_play(b, order[i]))
			return order[i];
	return -1;
}

/* analyze's answer: every column's exact score. */
static void
go_scores(struct eng *g, const struct search_result *r)
{
	char num[16], line[256];
	size_t n = (size_t)snprintf(line, sizeof line, "scores");
	for (int c = 0; c < g->pos.w; c++) {
		const char *t;
		if (!board_can_play(&g->pos, c))
			t = "-";
		else if (r->col_kind[c] == SCORE_EXACT)
			t = score_number(SCORE_EXACT, r->col_score[c], num,
			                 sizeof num);
		else
			t = "?";
		n += (size_t)snprintf(line + n, sizeof line - n, " %s", t);
	}
	eng_say(g, "%s", line);
}

/* The end of a search: its last info line, made of the result so that it
 * agrees with the bestmove after it, and the bestmove: dropfour's
 * "bestmove C score S kind K", or in strict UCI "bestmove M [ponder P]"
 * after an "info string score S kind K" (dropfour's own fields). */
static void
go_result(struct eng *g, const struct search_result *r)
{
	char line[512], num[16], sc[64], m[8];
	int move = r->move, score = r->score;
	enum score_kind kind = r->kind;
	/* A level's own move (not the search's best): its column's score. */
	if (move >= 0 && move != r->best && r->col_kind[move] != SCORE_NONE) {
		score = r->col_score[move];
		kind = r->col_kind[move];
	}

	if (g->kind == GO_ANALYZE) {
		go_scores(g, r);
		return;
	}
	if (move < 0 || !board_can_play(&g->pos, move))
		move = go_fallback(g, r, &score, &kind);
	if (move < 0) {
		eng_bestmove_none(g);
		return;
	}
	struct stats_snapshot snap;
	engine_snapshot(g->e, &snap);
	int seldepth = snap.seldepth > r->depth ? snap.seldepth : r->depth;
	double ms = (util_now_s() - g->t0) * 1e3;
	if (g->multipv > 1) {
		char tail[128];
		snprintf(tail, sizeof tail, " nodes %llu time %.0f",
		         (unsigned long long)r->nodes, ms);
		go_multipv(g, r->depth, seldepth, r->col_kind, r->col_score,
		           move, tail, r->pv, r->pv_len);
	}
	const enum score_kind shown =
	    kind == SCORE_HEURISTIC || kind == SCORE_NONE ? kind : SCORE_EXACT;
	/* a bound keeps its word (lowerbound, upperbound): never an exact
	 * mate for what is only a bound */
	size_t n = (size_t)snprintf(
	    line, sizeof line,
	    "info depth %d seldepth %d%s nodes %llu time %.0f", r->depth,
	    seldepth, go_score(g, kind, score, true, sc, sizeof sc),
	    (unsigned long long)r->nodes, ms);
	const bool own_pv =
	    move == r->move && r->pv_len > 0 && r->pv[0] == move;
	if (own_pv)
		go_pv(g, line, n, sizeof line, r->pv, r->pv_len);
	else
		go_pv(g, line, n, sizeof line, &move, 1);
	eng_say(g, "%s", line);
	const char *s = kind == SCORE_NONE
	                    ? "?"
	                    : score_number(shown, score, num, sizeof num);
	if (!eng_strict(g)) {
		eng_say(g, "bestmove %s score %s kind %s",
		        eng_move(g, &g->pos, move, m), s, kind_word(kind));
		return;
	}
	eng_say(g, "info string score %s kind %s", s, kind_word(kind));
	char ponder[32] = "";
	if (own_pv && r->pv_len > 1 && !board_is_winning_move(&g->pos, move)) {
		board_t b = g->pos;
		board_play(&b, move);
		if (r->pv[1] >= 0 && r->pv[1] < b.w &&
		    board_can_play(&b, r->pv[1]) && !board_is_full(&b)) {
			char pm[12];
			snprintf(ponder, sizeof ponder, " ponder %s",
			         eng_move(g, &b, r->pv[1], pm));
		}
	}
	eng_say(g, "bestmove %s%s", eng_move(g, &g->pos, move, m), ponder);
}

void
eng_bestmove_none(struct eng *g)
{
	const bool full = board_is_full(&g->pos) && g->pos_ok;
	if (eng_strict(g))
		eng_say(g, "bestmove (none)");
	else
		eng_say(g, "bestmove none score %s kind %s", full ? "0" : "?",
		        full ? "proven" : "none");
}

static void
go_done(struct eng *g, const struct search_result *r)
{
	go_result(g, r);
	g->kind = GO_NONE;
	g->hold = g->ponder = false;
	g->deadline = 0;
}

void
eng_finish(struct eng *g)
{
	struct search_result r;
	if (g->kind == GO_NONE)
		return;
	/* engine_stop() acts on a search the worker has taken: asked again
	 * until the result comes */
	while (!engine_poll(g->e, g->id, &r)) {
		engine_stop(g->e);
		usleep(200);
	}
	go_done(g, &r);
}

static void go_answer_now(struct eng *g);

/* Stop the search and answer at once where it can: its own result if it
 * is in, else a depth-limited search's last finished iteration, which
 * its statistics hold (go_answer_now()).  An exact search (perfect,
 * analyze) may hold more than its statistics show: false, its result to
 * be waited for, as briefly as it unwinds. */
static bool
go_stop_answer(struct eng *g)
{
	struct search_result r;
	engine_stop(g->e);
	if (engine_poll(g->e, g->id, &r)) {
		go_done(g, &r);
		return true;
	}
	if (g->kind != GO_DEPTH)
		return false;
	go_answer_now(g);
	return true;
}

void
eng_tick(struct eng *g)
{
	struct search_result r;
	if (g->kind == GO_NONE)
		return;
	if (g->deadline > 0 && util_now_s() >= g->deadline) {
		g->stopped = true;
		g->hold = false;
		/* its time is up: answered now, as a stop is (the search's
		 * own clock ends it about now too) */
		if (go_stop_answer(g))
			return;
	}
	if ((!g->hold || g->stopped) && engine_poll(g->e, g->id, &r)) {
		go_done(g, &r);
		return;
	}
	if (util_now_s() - g->last_info >= INFO_EVERY_S)
		go_info(g);
}

static void
go_start(struct eng *g, enum go_kind kind, struct search_limits *lim)
{
	struct stats_snapshot s;
	if (g->hooks != NULL && g->hooks->node_cap > 0 &&
	    (lim->node_limit == 0 || lim->node_limit > g->hooks->node_cap))
		lim->node_limit = g->hooks->node_cap;
	engine_snapshot(g->e, &s);
	g->searches0 = s.searches;
	g->kind = kind;
	g->stopped = false;
	g->t0 = g->last_info = util_now_s();
	if (g->hooks != NULL && g->hooks->started != NULL)
		g->hooks->started(g->hooks->ctx, &g->pos, kind == GO_ANALYZE);
	g->id = engine_start(g->e, &g->pos, lim);
	if (g->eof_stop) { /* the input has ended: answer at once */
		g->stopped = true;
		g->hold = false;
		engine_stop(g->e);
	}
	if (g->debug) {
		char what[256];
		search_limits_describe(lim, what, sizeof what);
		eng_say(g, "info string search: %s", what);
	}
}

static void
go_limits(struct eng *g, struct search_limits *lim)
{
	search_limits_default(lim);
	lim->threads = g->threads;
	lim->book = g->book != NULL ? book_oracle(g->book) : NULL;
}

/* A move at once: the book, a win in one, a block, or the best of the
 * first iterations of ENGINE_AT_ONCE_S seconds; no proof. */
static void
go_at_once(struct eng *g, struct search_limits *lim)
{
	lim->mode = SEARCH_DEPTH;
	lim->depth = SEARCH_MAX_DEPTH;
	lim->threads = 1; /* no team to start */
	lim->time_limit = ENGINE_AT_ONCE_S;
	lim->prove_cells = 0;
	lim->practical = false;
	g->hold = g->ponder = false;
	g->deadline = util_now_s() + ENGINE_AT_ONCE_S;
	go_start(g, GO_DEPTH, lim);
}

/* go's depth-limited search: its depth, nodes and time (the answer's
 * guard a little before the end), and the proof within the budget. */
static void
go_depth(struct eng *g, const struct go_args *a, const struct level *lv,
         double budget, struct search_limits *lim)
{
	lim->mode = SEARCH_DEPTH;
	lim->depth = a->depth > 0 ? (int)a->depth : SEARCH_MAX_DEPTH;
	if (a->nodes > 0)
		lim->node_limit = (uint64_t)a->nodes;
	if (!a->ponder && !a->infinite && budget > 0) {
		lim->time_limit = budget;
		/* the search's own limit ends it; this one is a guard, a
		 * little earlier, at which the answer comes from the
		 * search's statistics if the search has not ended (on a
		 * busy machine its threads may wait for a core) */
		g->deadline = util_now_s() + go_guard(budget);
	}
	/* Proof within the budget: a search for a time, or until stop, first
	 * tries to solve a position with few empty cells (a share of its
	 * time, or PROVE_UNTIMED_S); one to a given depth or node count is
	 * the depth-limited search asked for, and a level that chooses for
	 * itself does not prove. */
	lim->prove_cells = 0;
	const int share = lv != NULL ? lv->prove_share : PROVE_SHARE_PCT;
	if (a->depth <= 0 && a->nodes <= 0 && share > 0 &&
	    lim->root_columns == 0) {
		search_limits_set_proof_share(lim, share);
		/* without a Level: the engine's best play, practical too */
		lim->practical = lv == NULL || lv->practical;
	}
	go_start(g, GO_DEPTH, lim);
}

/* The seconds go gives its search: movetime, the clock's share, the
 * default move time for clock words without a clock for the side to
 * move; -1 a move at once (movetime at or below ENGINE_AT_ONCE_MS, a
 * clock run out); 0 none. */
static double
go_time(const struct eng *g, const struct go_args *a)
{
	double budget = a->movetime == GO_UNSET ? go_budget(g, a)
	                : a->movetime <= ENGINE_AT_ONCE_MS
	                    ? -1
	                    : (double)a->movetime / 1e3;
	const bool clock_words =
	    a->time[0] != GO_UNSET || a->time[1] != GO_UNSET ||
	    a->inc[0] != GO_UNSET || a->inc[1] != GO_UNSET || a->movestogo > 0;
	if (budget == 0 && clock_words && !a->infinite)
		budget = ENGINE_DEFAULT_MOVETIME_S;
	return budget;
}

void
eng_cmd_go(struct eng *g, int argc, char **argv)
{
	struct search_limits lim;
	struct go_args a;
	/* every go is answered by a bestmove: none where there is no move
	 * (after the error line) */
	if (!g->pos_ok) {
		eng_error(g, "go: no position (the last position command was "
		             "refused)");
		eng_bestmove_none(g);
		return;
	}
	if (g->pos.over || board_is_full(&g->pos)) {
		eng_error(g, "go: the game is over");
		eng_bestmove_none(g);
		return;
	}
	if (go_parse(g, argc, argv, &a) != 0) {
		eng_bestmove_none(g);
		return;
	}
	go_limits(g, &lim);
	const struct level *lv = g->level >= 0 ? &levels[g->level] : NULL;
	double budget = go_time(g, &a);
	/* go searchmoves: the root's columns; a proof of the whole position
	 * would answer for the others too, so there is none */
	lim.root_columns = a.searchmoves;
	if (budget < 0 && !a.infinite && !a.ponder) {
		go_at_once(g, &lim);
		return;
	}
	/* go mate N: the exact solve, whose score says whether the mover
	 * wins within N moves (score mate M, M <= N) */
	if (a.mate > 0) {
		a.perfect = true;
		if (g->debug)
			eng_say(g, "info string go mate %ld: an exact solve",
			        a.mate);
	}
	/* A level (setoption Level) searches as the game's --level does:
	 * its own time budget unless go gives one, its book or none, and
	 * its choice of move; level perfect is go perfect. */
	if (lv != NULL && !a.perfect) {
		level_limits(lv, &lim);
		lim.time_limit = 0; /* go's budget, below */
		if (budget <= 0 && !lv->perfect)
			budget = lv->think;
		a.perfect = lv->perfect;
	}
	g->hold = a.infinite || a.ponder ||
	          (argc == 1 && lv == NULL); /* plain `go`: until stop */
	g->ponder = a.ponder;
	g->ponder_s = !a.ponder ? 0 : budget < 0 ? ENGINE_AT_ONCE_S : budget;
	g->deadline = 0;
	if (!a.perfect) {
		go_depth(g, &a, lv, budget, &lim);
		return;
	}
	/* the root's score first (book, table or a solve), then the column
	 * that reaches it: the game's perfect play; among searchmoves, each
	 * of them exactly */
	search_limits_set_perfect(&lim, PERFECT_BOUND_S);
	if (lim.root_columns != 0)
		lim.move_only = false;
	go_start(g, GO_PERFECT, &lim);
}

void
eng_cmd_analyze(struct eng *g, int argc, char **argv)
{
	(void)argv;
	struct search_limits lim;
	if (argc != 1) {
		eng_error(g, "analyze takes no argument");
		return;
	}
	if (!g->pos_ok) {
		eng_error(g, "analyze: no position (the last position command "
		             "was refused)");
		return;
	}
	if (g->pos.over || board_is_full(&g->pos)) {
		eng_error(g, "analyze: the game is over");
		return;
	}
	go_limits(g, &lim);
	lim.mode = SEARCH_EXACT;
	lim.analyze = true;
	g->hold = g->ponder = false;
	g->deadline = 0;
	go_start(g, GO_ANALYZE, &lim);
}

/* Whether the snapshot's principal variation starts with a legal move. */
static bool
pv_move(const struct eng *g, const struct stats_snapshot *s)
{
	return s->pv_len > 0 && s->pv[0] >= 0 && s->pv[0] < g->pos.w &&
	       board_can_play(&g->pos, s->pv[0]);
}

/* The answer to a stop of a depth-limited search that has not ended
 * yet: what its statistics say now (the last finished iteration's
 * principal variation and scores), marked partial; the search unwinds on
 * the engine's thread meanwhile and its own result is not waited for (a
 * new go stops it first).  So a stop is answered as soon as the thread
 * that reads the commands runs, even when the search's threads wait for
 * a core (another engine on the same machine): one wake-up, not one for
 * each of the search's threads. */
static void
go_answer_now(struct eng *g)
{
	struct stats_snapshot s;
	struct search_result r;
	engine_snapshot(g->e, &s);
	memset(&r, 0, sizeof r);
	r.move = r.best = -1;
	r.partial = true;
	r.ncols = g->pos.w;
	/* Not begun yet (the engine's thread still unwinds the search
	 * before, on a busy machine), or no iteration finished (a search
	 * just begun, the book's answer on its way, a proof first on one
	 * thread): its own answer if it comes within ENGINE_START_WAIT_S
	 * (a stop is seen at its first look), else a sound move at once
	 * (go_fallback(): a win, else a move that does not lose at once),
	 * its score unknown; the search is stopped meanwhile. */
	for (double until = util_now_s() + ENGINE_START_WAIT_S;
	     s.searches <= g->searches0 || !pv_move(g, &s);
	     engine_snapshot(g->e, &s)) {
		struct search_result own;
		if (engine_poll(g->e, g->id, &own)) {
			go_done(g, &own);
			return;
		}
		if (util_now_s() >= until) {
			go_done(g, &r);
			return;
		}
		usleep(200);
	}
	r.depth = s.depth;
	r.nodes = s.nodes;
	for (int c = 0; c < s.ncols && c < g->pos.w; c++)
		if (s.col[c].state == COL_DONE ||
		    s.col[c].state == COL_WAITING) {
			r.col_kind[c] = s.col[c].kind;
			r.col_score[c] = s.col[c].score;
		}
	r.pv_len = s.pv_len < STATS_PV_MAX ? s.pv_len : STATS_PV_MAX;
	memcpy(r.pv, s.pv, sizeof r.pv[0] * (size_t)r.pv_len);
	r.move = r.best = r.pv[0];
	r.kind = r.col_kind[r.move];
	r.score = r.col_score[r.move];
	go_done(g, &r);
}

void
eng_cmd_stop(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	if (!eng_stop_now(g))
		eng_finish(g);
}

bool
eng_stop_now(struct eng *g)
{
	g->stopped = true;
	return g->kind == GO_NONE || go_stop_answer(g);
}

/* The move pondered on was played: the search goes on as a normal one,
 * for the time its go gave (none: until stop). */
void
eng_cmd_ponderhit(struct eng *g, int argc, char **argv)
{
	(void)argc, (void)argv;
	if (g->kind == GO_NONE || !g->ponder)
		return;
	g->ponder = false;
	if (g->ponder_s > 0) {
		g->hold = false;
		g->deadline = util_now_s() + g->ponder_s;
	}
}
