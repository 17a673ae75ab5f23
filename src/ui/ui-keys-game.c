/* ui-keys-game.c -- the keys that play the game: a drop (a column key,
 * the cursor and Enter, a click), undo and redo, a hint, swapping sides,
 * the AI's move now and its pause, a new game, saving, quitting.  The key
 * table (ui-keys.c) names these handlers. */
#include "config.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "ui/ui-int.h"

#define UI_SAVE_DEFAULT "dropfour-save.txt"

/* 1-9, and A-G for columns 10 to 16 of a wide board. */
void
ui_keys_game_drop(struct ui *ui, int ch)
{
	ui_drop(ui, board_char_col(ch), false);
}

/* Home and End: the cursor to the first or the last column. */
void
ui_keys_game_cursor_end(struct ui *ui, int ch)
{
	ui->cursor = ch == KEY_HOME ? 0 : ui->game.w - 1;
	ui->dirty |= UI_DIRTY_BOARD;
}

void
ui_keys_game_cursor(struct ui *ui, int ch)
{
	int w = ui->game.w;

	ui->cursor = (ui->cursor + (ch == KEY_LEFT ? w - 1 : 1)) % w;
	ui->dirty |= UI_DIRTY_BOARD;
}

void
ui_keys_game_enter(struct ui *ui, int ch)
{
	(void)ch;
	ui_drop(ui, ui->cursor, false);
}

/* What a change of position leaves behind: the search, the pending move,
 * the animation and the hint. */
static void
ui_reset_view(struct ui *ui)
{
	ui_cancel(ui);
	ui->move_pending = false;
	ui->anim.on = false;
	ui->hint_col = -1;
	ui->dirty |= UI_DIRTY_ALL & ~UI_DIRTY_LAYOUT;
}

void
ui_keys_game_undo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_undo(&ui->game)) {
		ui_message(ui, true, "nothing to undo");
		ui_think(ui);
		return;
	}
	n++;
	if (ui_has_human(ui)) {
		/* Against the AI, undo its reply and your move together. */
		while (game_current_player(&ui->game) == PLAYER_AI &&
		       game_undo(&ui->game))
			n++;
	} else {
		ui->paused = true;
	}
	/* The searches of the moves taken back leave the history. */
	while (ui->hist.n > 0 &&
	       ui->hist.e[ui->hist.n - 1].ply > ui->game.nmoves)
		ui->hist.n--;
	ui_message(ui, false, "took back %d move%s%s", n, n == 1 ? "" : "s",
	           ui->paused ? " (paused: space resumes)" : "");
	ui_think(ui);
}

void
ui_keys_game_redo(struct ui *ui, int ch)
{
	int n = 0;

	(void)ch;
	ui_reset_view(ui);
	if (!game_redo(&ui->game)) {
		ui_message(ui, true, "nothing to redo");
		ui_think(ui);
		return;
	}
	n++;
	while (ui_has_human(ui) &&
	       game_current_player(&ui->game) == PLAYER_AI &&
	       ui->game.nredo > 0 && game_redo(&ui->game))
		n++;
	ui_board_animate(ui, ui->game.moves[ui->game.nmoves - 1]);
	ui_message(ui, false, "replayed %d move%s", n, n == 1 ? "" : "s");
	if (ui->game.state != GAME_ON)
		ui_game_over(ui);
	ui_think(ui);
}

void
ui_keys_game_hint(struct ui *ui, int ch)
{
	const board_t *b = &ui->game.board;

	(void)ch;
	if (ui->game.state != GAME_ON) {
		ui_message(ui, true, "the game is over: no hint");
		return;
	}
	if (game_current_player(&ui->game) == PLAYER_AI) {
		ui_message(ui, true, "hints are for your turn");
		return;
	}
	if (ui->have_res && ui->res_key == board_key(b) &&
	    ui->res_moves == b->moves && ui->res.best >= 0 &&
	    !ui->res.partial) {
		ui->hint_col = ui->cursor = ui->res.best;
		ui_hint_say(ui, ui->hint_col);
		ui->dirty |= UI_DIRTY_BOARD;
		return;
	}
	ui_start(ui, UI_JOB_HINT);
	ui_message(ui, false, "looking for a hint... (m: now)");
}

void
ui_keys_game_swap(struct ui *ui, int ch)
{
	enum player_kind *k = ui->game.player;
	enum player_kind t;

	(void)ch;
	if (k[0] == k[1]) {
		ui_message(ui, true, "both sides are %s: nothing to swap",
		           k[0] == PLAYER_HUMAN ? "human" : "the AI");
		return;
	}
	ui_reset_view(ui);
	t = k[0];
	k[0] = k[1];
	k[1] = t;
	ui->play = k[0] == PLAYER_HUMAN ? PLAY_HUMAN_AI : PLAY_AI_HUMAN;
	ui_message(ui, false, "you now play %s (player %d)",
	           ui->utf8 && ui->color
	               ? (k[0] == PLAYER_HUMAN ? "red" : "yellow")
	               : ui_token(ui, k[0] == PLAYER_HUMAN ? 1 : 2),
	           k[0] == PLAYER_HUMAN ? 1 : 2);
	ui_think(ui);
}

void
ui_keys_game_move_now(struct ui *ui, int ch)
{
	(void)ch;
	if (ui->job == UI_JOB_MOVE || ui->job == UI_JOB_HINT) {
		engine_stop(ui->engine);
		ui_message(ui, false, "stopped: the best move so far");
		return;
	}
	if (ui->game.state == GAME_ON &&
	    game_current_player(&ui->game) == PLAYER_AI && ui->paused) {
		ui->paused = false;
		ui_think(ui);
		ui_message(ui, false, "resumed");
		return;
	}
	/* What m does, on a turn where it has nothing to do. */
	if (ui->game.state != GAME_ON)
		ui_message(ui, true,
		           "m makes the AI move now; the game is over "
		           "(n new game)");
	else
		ui_message(ui, true,
		           "m makes the AI move now when it thinks; "
		           "it is your turn (h: a hint)");
}

void
ui_keys_game_pause(struct ui *ui, int ch)
{
	(void)ch;
	if (!ui_has_ai(ui)) {
		ui_message(ui, true, "no AI to pause");
		return;
	}
	ui->paused = !ui->paused;
	if (ui->paused && ui->job == UI_JOB_MOVE)
		ui_cancel(ui);
	ui->move_pending = ui->paused ? false : ui->move_pending;
	ui_message(ui, false, ui->paused ? "paused" : "resumed");
	ui->dirty |= UI_DIRTY_STATUS | UI_DIRTY_PANEL;
	ui_think(ui);
}

void
ui_keys_game_new(struct ui *ui, int ch)
{
	enum player_kind k0 = ui->game.player[0], k1 = ui->game.player[1];

	(void)ch;
	ui_reset_view(ui);
	ui_score_game(ui);
	game_init(&ui->game, ui->game.w, ui->game.h);
	/* Against the AI, who starts alternates from game to game. */
	bool swap = (k0 == PLAYER_AI) != (k1 == PLAYER_AI);
	ui->game.player[0] = swap ? k1 : k0;
	ui->game.player[1] = swap ? k0 : k1;
	ui->have_res = false;
	ui->hist.n = 0; /* the history is this game's */
	ui->move_why[0] = '\0';
	ui_search_forget(ui); /* and so are the searches on show */
	ui->cursor = (ui->game.w - 1) / 2;
	ui->seed += 0x9e3779b97f4a7c15ull;
	ui_message(ui, false, "new game: %s %s first", ui_player_name(ui, 1),
	           ui_side_name(ui, 1));
	ui_think(ui);
}

void
ui_keys_game_save(struct ui *ui, int ch)
{
	const char *path = getenv("DROPFOUR_SAVE");

	(void)ch;
	if (path == NULL || path[0] == '\0')
		path = UI_SAVE_DEFAULT;
	if (game_save(&ui->game, path) != 0)
		ui_message(ui, true, "cannot save to %s: %s", path,
		           strerror(errno));
	else
		ui_message(ui, false, "saved to %s (dropfour --load %s)", path,
		           path);
}

void
ui_keys_game_quit(struct ui *ui, int ch)
{
	(void)ch;
	/* A game in progress is not left on one key: q again quits, any
	 * other key plays on. */
	if (ui->game.state == GAME_ON && ui->game.nmoves > 0 &&
	    ui_has_human(ui) && !ui->quit_asked) {
		ui->quit_asked = true;
		ui_message(ui, true,
		           "q again quits this game (s saves it); any "
		           "other key plays on");
		return;
	}
	ui->quit = true;
}

void
ui_keys_game_mouse(struct ui *ui, int ch)
{
	MEVENT ev;
	int y, x, col;

	(void)ch;
	if (getmouse(&ev) != OK || ui->wboard == NULL)
		return;
	if (!(ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED)))
		return; /* the release, asked for so that none is swallowed */
	y = ev.y;
	x = ev.x;
	if (!wmouse_trafo(ui->wboard, &y, &x, FALSE))
		return;
	col = ui_board_column_at(ui, x);
	if (col < 0)
		return;
	ui->cursor = col;
	ui_drop(ui, col, false);
}
