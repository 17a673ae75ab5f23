/* ui-board.c -- the board window: frame, tokens, the falling animation,
 * the cursor, the last move and the winning four, and under every column
 * that column's score for the side to move as the search knows it now.
 *
 * Layout (board window rows, h = board height):
 *   0          cursor above the selected column
 *   1          top of the frame
 *   2 .. h+1   the cells, top row first
 *   h+2        bottom of the frame
 *   h+3        column numbers
 *   h+4        score glyph: a bar whose height and colour tell the
 *              outcome, and beside it a mark (a spinner while the column
 *              is searched, >= or <= when the value is only a bound)
 *   h+5        score: W5 (win in 5), L12, D (draw), +37 (heuristic)
 *   h+6        the selected column's score in words
 *   h+8        the moves so far, when there is room
 * A column is ui->cw cells wide (4, or 6 or 8 on a large terminal; 3 or 2 when
 * a wide board would not fit beside the panel otherwise, and then the
 * score row under each column keeps only its bar and mark: the selected
 * column's score is in words below) and a row
 * ui->ch high (1, 2 or 3): the rows above below the cells move down by
 * ui->ch * h - h; its token sits at x = cell_x(col).
 * The animation is only a picture: the game already holds the move, and a
 * new move simply replaces a token still in flight.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui-int.h"

#define BOARD_X 2

struct col_view {
	bool show;
	int state; /* enum col_state or MODEL_COL_* */
	enum score_kind kind;
	int score;
	int depth;  /* the iteration of the score, 0: exact */
	bool stale; /* older than the newest iteration: dimmed */
};

/* The x of the frame's right side for columns cw wide: one blank beside
 * the outermost tokens at every width. */
static int
frame_right(int cw, int W)
{
	return BOARD_X + cw * W + (cw < 4 ? 4 - cw : 0);
}

void
ui_board_size_at(const struct ui *ui, int cw, int ch, int *w, int *h)
{
	*w = frame_right(cw, ui->game.w) + 1 + 2;
	*h = ch * ui->game.h + 7;
}

void
ui_board_size(const struct ui *ui, int *w, int *h)
{
	ui_board_size_at(ui, ui->cw, ui->ch, w, h);
}

int
ui_board_column_at(const struct ui *ui, int x)
{
	int c;

	if (x <= BOARD_X || x >= frame_right(ui->cw, ui->game.w))
		return -1;
	c = (x - BOARD_X - 1) / ui->cw;
	return c < ui->game.w ? c : ui->game.w - 1;
}

/* The first screen column of column c's token, and the top screen row of
 * board row r (0 the bottom). */
static int
cell_x(const struct ui *ui, int c)
{
	return BOARD_X + 2 + ui->cw * c;
}

static int
cell_y(const struct ui *ui, int r)
{
	return 2 + ui->ch * (ui->game.h - 1 - r);
}

/* The offset of a large token's middle from its first cell: 1 in the
 * 6-cell columns (4-cell tokens), 2 in the 8-cell ones (6-cell tokens). */
static int
mid_off(const struct ui *ui)
{
	return ui->cw > 4 ? (ui->cw - 4) / 2 : 0;
}

/* Where a column's number, cursor and score sit: under its token's
 * middle. */
static int
mid_x(const struct ui *ui, int c)
{
	return cell_x(ui, c) + mid_off(ui);
}

void
ui_board_animate(struct ui *ui, int col)
{
	const board_t *b = &ui->game.board;
	int row = board_column_height(b, col) - 1;
	int dist = 2 + (b->h - 1 - row);

	if (row < 0 || !ui->motion) /* reduced motion: the token is there */
		return;
	ui->anim.on = true;
	ui->anim.col = col;
	ui->anim.row = row;
	ui->anim.player = board_cell(b, col, row);
	ui->anim.t0 = ui_now();
	ui->anim.duration = 0.04 + 0.025 * dist;
	ui->dirty |= UI_DIRTY_BOARD;
}

bool
ui_board_animating(struct ui *ui)
{
	if (ui->anim.on && ui_now() >= ui->anim.t0 + ui->anim.duration) {
		ui->anim.on = false;
		ui->dirty |= UI_DIRTY_BOARD;
	}
	return ui->anim.on;
}

/* Where the column scores come from: the root rows of the frame's model
 * (ui-model.c) when its search is of the position on the board, the same
 * values as the panel's rows, stale ones dimmed; else nothing. */
static void
column_views(const struct ui *ui, struct col_view *cv)
{
	const struct panel_model *m = &ui->model;
	const board_t *b = &ui->game.board;

	memset(cv, 0, sizeof(struct col_view) * BOARD_MAX_WIDTH);
	if (ui->game.state != GAME_ON || !m->board_live)
		return;
	for (int c = 0; c < b->w; c++) {
		if (!board_can_play(b, c))
			continue;
		if (c >= m->ncols) {
			cv[c].show = m->running;
			cv[c].state = COL_WAITING;
			continue;
		}
		const struct model_column *mc = &m->col[c];
		cv[c].show = m->running || mc->kind != SCORE_NONE;
		cv[c].state = mc->state;
		cv[c].kind = mc->kind;
		cv[c].score = mc->score;
		cv[c].depth = mc->depth;
		cv[c].stale = mc->stale;
	}
}

/* Bar height 1..8: wins tall (sooner taller), draws half, losses low. */
static int
score_level(const board_t *b, enum score_kind kind, int s)
{
	int lv;

	if (kind == SCORE_HEURISTIC)
		return 1 + (int)lround(7 * (0.5 + 0.5 * tanh(s / 24.0)));
	if (s > 0) {
		int max = board_max_score(b) > 0 ? board_max_score(b) : 1;
		lv = 5 + (int)lround(3.0 * s / max);
		return lv > 8 ? 8 : lv;
	}
	if (s < 0) {
		int span = -board_min_score(b) - 1;
		double f = span > 0 ? (double)(-s - 1) / span : 0;
		lv = 3 - (int)lround(2 * f);
		return lv < 1 ? 1 : lv;
	}
	return 4;
}

static enum ui_color
score_color(enum score_kind kind, int s)
{
	if (kind == SCORE_HEURISTIC)
		return UI_C_HEUR;
	return s > 0 ? UI_C_WIN : s < 0 ? UI_C_LOSS : UI_C_DRAW;
}

static const char *
spinner(const struct ui *ui)
{
	static const char *const utf[] = {
	    "\u280b", "\u2819", "\u2839", "\u2838", "\u283c",
	    "\u2834", "\u2826", "\u2827", "\u2807", "\u280f"};
	static const char *const asc[] = {"|", "/", "-", "\\"};
	int t = (int)(ui_now() * 12);

	if (!ui->motion) /* reduced motion: a still mark */
		return ui->utf8 ? "\u2026" : "*";
	return ui->utf8 ? utf[t % 10] : asc[t % 4];
}

/* A token in cells taller than 3 rows, drawn to the cell's size (ch rows
 * of cw - 2 cells, one blank each side): a disc for player 1, a diamond
 * for player 2, each row a run centred in the token.  The caller sets the
 * attributes. */
static void
draw_shape(struct ui *ui, WINDOW *w, int y, int x, int player)
{
	int tw = ui->cw - 2;

	for (int i = 0; i < ui->ch; i++) {
		/* v: the row's middle, -1 (top) to 1 (bottom). */
		double v = (2.0 * i + 1) / ui->ch - 1;
		double f = player == 1 ? sqrt(1 - v * v) : 1 - fabs(v);
		int len = (int)(tw * f + 0.5);

		if (len < 2)
			len = 2;
		if ((tw - len) % 2 != 0)
			len++;
		if (len > tw)
			len = tw;
		wmove(w, y + i, x + (tw - len) / 2);
		for (int j = 0; j < len; j++) {
			const char *c;
			if (player == 1)
				c = ui->utf8 ? "\u2588" : "X";
			else if (j == 0)
				c = !ui->utf8 ? (v < 0 ? "/" : "\\")
				    : v < 0   ? "\u25e2"
				              : "\u25e5";
			else if (j == len - 1)
				c = !ui->utf8 ? (v < 0 ? "\\" : "/")
				    : v < 0   ? "\u25e3"
				              : "\u25e4";
			else
				c = ui->utf8 ? "\u2588" : "O";
			waddstr(w, c);
		}
	}
}

static void
draw_cell(struct ui *ui, WINDOW *w, int y, int x, int player, attr_t extra)
{
	/* The large tokens, two rows of four cells: a disc and a diamond
	 * (shapes, not colour alone, tell the sides apart). */
	static const char *const big_utf8[3][2] = {
	    {"", ""},
	    {"\u2584\u2588\u2588\u2584", "\u2580\u2588\u2588\u2580"},
	    {" \u25e2\u25e3 ", " \u25e5\u25e4 "}};
	static const char *const big_ascii[3][2] = {
	    {"", ""}, {"\\XX/", "/XX\\"}, {"/OO\\", "\\OO/"}};
	/* The largest, three rows of six cells. */
	static const char *const huge_utf8[3][3] = {
	    {"", "", ""},
	    {" \u2584\u2588\u2588\u2584 ",
	     "\u2588\u2588\u2588\u2588\u2588\u2588",
	     " \u2580\u2588\u2588\u2580 "},
	    {"  \u25e2\u25e3  ", " \u2588\u2588\u2588\u2588 ",
	     "  \u25e5\u25e4  "}};
	static const char *const huge_ascii[3][3] = {
	    {"", "", ""},
	    {" \\XX/ ", " XXXX ", " /XX\\ "},
	    {"  /\\  ", " <OO> ", "  \\/  "}};

	if (player == 0) {
		wattron(w, A_DIM);
		mvwaddstr(w, y + (ui->ch > 2 ? ui->ch / 2 : 0), x + mid_off(ui),
		          ui->utf8 ? "\u00b7" : ".");
		wattroff(w, A_DIM);
		return;
	}
	attr_t a = ui_attr(ui, player == 1 ? UI_C_P1 : UI_C_P2) | extra;
	if (ui->color)
		a |= A_BOLD;
	wattron(w, a);
	if (ui->ch > 3) {
		draw_shape(ui, w, y, x, player);
	} else if (ui->ch > 2) {
		const char *const *huge =
		    ui->utf8 ? huge_utf8[player] : huge_ascii[player];
		for (int i = 0; i < 3; i++)
			mvwaddstr(w, y + i, x, huge[i]);
	} else if (ui->ch > 1) {
		const char *const *big =
		    ui->utf8 ? big_utf8[player] : big_ascii[player];
		mvwaddstr(w, y, x, big[0]);
		mvwaddstr(w, y + 1, x, big[1]);
	} else {
		mvwaddstr(w, y, x, ui_token(ui, player));
	}
	wattroff(w, a);
}

static void
draw_frame(struct ui *ui, WINDOW *w, int W, int H)
{
	const char *hz = ui->utf8 ? "\u2500" : "-";
	attr_t a = ui_attr(ui, UI_C_FRAME);
	int right = frame_right(ui->cw, W), rows = ui->ch * H;

	wattron(w, a);
	mvwaddstr(w, 1, BOARD_X, ui->utf8 ? "\u256d" : "+");
	for (int x = BOARD_X + 1; x < right; x++)
		waddstr(w, hz);
	waddstr(w, ui->utf8 ? "\u256e" : "+");
	for (int y = 2; y < 2 + rows; y++) {
		mvwaddstr(w, y, BOARD_X, ui->utf8 ? "\u2502" : "|");
		mvwaddstr(w, y, right, ui->utf8 ? "\u2502" : "|");
	}
	mvwaddstr(w, 2 + rows, BOARD_X, ui->utf8 ? "\u2570" : "+");
	for (int x = BOARD_X + 1; x < right; x++)
		waddstr(w, hz);
	waddstr(w, ui->utf8 ? "\u256f" : "+");
	wattroff(w, a);
}

static void
draw_scores(struct ui *ui, WINDOW *w, int y, const struct col_view *cv)
{
	const board_t *b = &ui->game.board;
	char buf[16];

	for (int c = 0; c < b->w; c++) {
		int x = mid_x(ui, c) - 1, n;
		const struct col_view *v = &cv[c];
		attr_t a;

		if (!v->show)
			continue;
		if (v->kind == SCORE_NONE) {
			if (v->state == COL_SEARCHING) {
				mvwaddstr(w, y + 1, x + 1, spinner(ui));
			} else {
				wattron(w, A_DIM);
				mvwaddstr(w, y + 1, x + 1,
				          ui->utf8 ? "\u00b7" : ".");
				wattroff(w, A_DIM);
			}
			continue;
		}
		a = ui_attr(ui, score_color(v->kind, v->score));
		/* the glyph: a bar of 1..8 eighths, three cells wide (one
		 * in narrow columns, its mark and no number under it) */
		int lv = score_level(b, v->kind, v->score);
		const bool narrow = ui->cw < 4;
		const int bw = narrow ? 1 : 3, mx = narrow ? x + 1 : x + 3,
		          my = narrow ? y + 1 : y;
		if (narrow)
			x++;
		static const char *const bars[] = {
		    " ",      "\u2581", "\u2582", "\u2583", "\u2584",
		    "\u2585", "\u2586", "\u2587", "\u2588"};
		static const char asc[] = " _.-=+*#@";
		wattron(w, a | (v->kind == SCORE_LOWER ||
		                        v->kind == SCORE_UPPER || v->stale
		                    ? A_DIM
		                    : 0));
		for (int i = 0; i < bw; i++) {
			if (ui->utf8)
				mvwaddstr(w, y, x + i, bars[lv]);
			else
				mvwaddch(w, y, x + i, (chtype)asc[lv]);
		}
		wattroff(w, a | A_DIM);
		/* the mark, in the gap: still searched, or only a bound */
		if (v->state == COL_SEARCHING)
			mvwaddstr(w, my, mx, spinner(ui));
		else if (v->kind == SCORE_LOWER)
			mvwaddstr(w, my, mx, ui->utf8 ? "\u2265" : ">");
		else if (v->kind == SCORE_UPPER)
			mvwaddstr(w, my, mx, ui->utf8 ? "\u2264" : "<");
		if (narrow)
			continue;
		/* the number */
		score_short(b, v->kind, v->score, buf, sizeof buf);
		n = (int)strlen(buf);
		wattron(w, a | (v->stale                 ? A_DIM
		                : v->kind == SCORE_EXACT ? A_BOLD
		                                         : 0));
		mvwaddstr(w, y + 1, x + (n >= 3 ? 0 : 1), buf);
		wattroff(w, a | A_BOLD | A_DIM);
	}
}

/* The selected column's score in words, or what to press for scores. */
static void
draw_words(struct ui *ui, WINDOW *w, int y, const struct col_view *cv)
{
	const board_t *b = &ui->game.board;
	const struct col_view *v = &cv[ui->cursor];
	char words[64], buf[128];

	if (ui->game.state != GAME_ON)
		return;
	if (!board_can_play(b, ui->cursor)) {
		snprintf(buf, sizeof buf, "%c: full", ui_col_char(ui->cursor));
	} else if (v->show && v->kind != SCORE_NONE) {
		char from[32] = "";
		score_words(b, v->kind, v->score, words, sizeof words);
		if (v->stale)
			snprintf(from, sizeof from, " (from depth %d)",
			         v->depth);
		else if (v->kind == SCORE_HEURISTIC && v->depth > 0)
			snprintf(from, sizeof from, " (depth %d)", v->depth);
		else if (v->kind == SCORE_HEURISTIC)
			snprintf(from, sizeof from, " (heuristic)");
		snprintf(buf, sizeof buf, "%c: %s%s%s", ui_col_char(ui->cursor),
		         words, from, v->state == COL_SEARCHING ? " ..." : "");
	} else if (v->show) {
		snprintf(buf, sizeof buf, "%c: %s", ui_col_char(ui->cursor),
		         v->state == COL_SEARCHING ? "searching..."
		                                   : "waiting");
	} else if (game_current_player(&ui->game) == PLAYER_HUMAN) {
		/* The longest that fits the board's window (59x16: 19
		 * columns), never a word cut. */
		static const char *const say[] = {"scores: h hint, a analysis",
		                                  "h hint, a analysis",
		                                  "h hint, a scores", "h hint"};
		const int room = getmaxx(w) - BOARD_X;
		size_t k = 0;
		while (k + 1 < sizeof say / sizeof say[0] &&
		       (int)strlen(say[k]) > room)
			k++;
		wattron(w, A_DIM);
		ui_puts(w, y, BOARD_X, say[k]);
		wattroff(w, A_DIM);
		return;
	} else {
		return;
	}
	if (ui->hint_col == ui->cursor)
		strncat(buf, "  < hint", sizeof buf - strlen(buf) - 1);
	ui_puts(w, y, BOARD_X, buf);
}

static void
draw_moves(struct ui *ui, WINDOW *w, int y)
{
	char moves[BOARD_MAX_CELLS + 1], buf[BOARD_MAX_CELLS + 16];
	int room = getmaxx(w) - BOARD_X - 1, n;

	if (y >= getmaxy(w) || ui->game.nmoves == 0)
		return;
	game_moves_string(&ui->game, moves, sizeof moves);
	n = (int)strlen(moves);
	if (n + 7 <= room)
		snprintf(buf, sizeof buf, "moves %s", moves);
	else
		snprintf(buf, sizeof buf, "moves ..%s",
		         moves + n - (room - 9 > 0 ? room - 9 : 0));
	wattron(w, A_DIM);
	ui_puts(w, y, BOARD_X, buf);
	wattroff(w, A_DIM);
}

void
ui_board_draw(struct ui *ui, WINDOW *w)
{
	const struct game *g = &ui->game;
	const board_t *b = &g->board;
	int W = b->w, H = b->h, last = -1, lastrow = -1, fall_y = -1;
	int below = ui->ch * H; /* rows of cells */
	struct col_view cv[BOARD_MAX_WIDTH];
	char num[12];

	werase(w);
	ui_board_animating(ui);
	if (g->nmoves > 0) {
		last = g->moves[g->nmoves - 1];
		lastrow = board_column_height(b, last) - 1;
	}
	if (ui->anim.on) {
		double t = (ui_now() - ui->anim.t0) / ui->anim.duration;
		int target = cell_y(ui, ui->anim.row);
		fall_y = (int)(target * t * t);
		if (fall_y >= target)
			fall_y = -1;
	}

	/* 1. the cursor */
	if (g->state == GAME_ON && !(ui->anim.on && fall_y >= 0)) {
		int p = game_to_move(g);
		bool mine = game_current_player(g) == PLAYER_HUMAN;
		attr_t a = ui_attr(ui, p == 1 ? UI_C_P1 : UI_C_P2) |
		           (mine ? A_BOLD : A_DIM);
		wattron(w, a);
		mvwaddstr(w, 0, mid_x(ui, ui->cursor),
		          ui->utf8 ? "\u25bc" : "v");
		wattroff(w, a);
	}

	/* 2. frame and cells */
	draw_frame(ui, w, W, H);
	for (int r = H - 1; r >= 0; r--) {
		int y = cell_y(ui, r);
		for (int c = 0; c < W; c++) {
			int p = board_cell(b, c, r);
			int bit = c * (H + 1) + r;
			attr_t extra = 0;
			if (ui->anim.on && c == ui->anim.col &&
			    r == ui->anim.row && fall_y >= 0)
				p = 0;
			if ((g->four >> bit) & 1)
				extra |= A_REVERSE;
			else if (c == last && r == lastrow)
				extra |= A_UNDERLINE;
			draw_cell(ui, w, y, cell_x(ui, c), p, extra);
		}
	}
	if (fall_y >= 0)
		draw_cell(ui, w, fall_y, cell_x(ui, ui->anim.col),
		          ui->anim.player, 0);

	/* 3. column numbers: the cursor's bold, a hint's reversed */
	for (int c = 0; c < W; c++) {
		attr_t a = c == ui->cursor ? A_BOLD : A_DIM;
		if (c == ui->hint_col)
			a = A_REVERSE | A_BOLD | ui_attr(ui, UI_C_WIN);
		snprintf(num, sizeof num, "%c", ui_col_char(c));
		wattron(w, a);
		mvwaddstr(w, below + 3, mid_x(ui, c), num);
		wattroff(w, a);
	}

	/* 4. column scores */
	column_views(ui, cv);
	draw_scores(ui, w, below + 4, cv);
	draw_words(ui, w, below + 6, cv);
	draw_moves(ui, w, below + 8);
	wnoutrefresh(w);
}

/* The cell size for a cols x lines terminal, and the size the game then
 * needs (ui->need_w, need_h). */
void
ui_fit(struct ui *ui)
{
	int bw, bh;

	/* Large cells when the terminal has room for them and the panel
	 * keeps UI_PANEL_WIDE columns and the lines for its sections. */
	ui->cw = 4;
	ui->ch = 1;
	ui_board_size_at(ui, 6, 2, &bw, &bh);
	if (ui->cols >= bw + UI_PANEL_WIDE && ui->lines >= bh + 3 + 14) {
		ui->cw = 6;
		ui->ch = 2;
	}
	/* Larger cells on a large terminal, the panel keeping
	 * UI_PANEL_LARGE columns beside them: from 8x3 the cells grow a
	 * row and two columns at a time (a cell about as wide as it is
	 * tall on the screen) while the board and the panel still fit. */
	for (int ch = 3; ch <= UI_CELL_MAX_H; ch++) {
		int cw = 2 * ch + 2;
		ui_board_size_at(ui, cw, ch, &bw, &bh);
		if (ui->cols < bw + UI_PANEL_LARGE || ui->lines < bh + 3 + 14)
			break;
		ui->cw = cw;
		ui->ch = ch;
	}
	/* A wide board narrows its columns to 3 or 2 cells before the
	 * terminal is called too small. */
	for (int cw = 3; ui->cw <= 4 && cw >= 2; cw--) {
		ui_board_size(ui, &bw, &bh);
		if (ui->cols >= bw + UI_PANEL_MIN_W)
			break;
		ui->cw = cw;
	}
	ui_board_size(ui, &bw, &bh);
	ui->need_w = bw + UI_PANEL_MIN_W;
	ui->need_h = (bh > UI_PANEL_MIN_H ? bh : UI_PANEL_MIN_H) + 3;
}

void
ui_min_size(int w, int h, int *cols, int *lines)
{
	struct ui *ui = xcalloc(1, sizeof *ui);

	ui->game.w = w;
	ui->game.h = h;
	ui_fit(ui); /* 0x0: the narrowest cells */
	*cols = ui->need_w;
	*lines = ui->need_h;
	free(ui);
}
