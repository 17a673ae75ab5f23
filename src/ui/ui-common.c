/* ui-common.c -- what every file of the curses game uses, and that calls
 * none of them: the clock (ui_now()), the status line's message and the
 * log (ui_message(), ui_log()), the game's search limits from its
 * settings (ui_limits()), the players' and sides' names, who plays
 * (ui_has_human(), ui_has_ai()) and which screen is up (ui_screen()). */
#include "config.h"

#include <stdarg.h>
#include <stdio.h>

#include "cli/options.h"
#include "core/util.h"
#include "ui/ui-int.h"

double
ui_now(void)
{
	return util_now_s();
}

void
ui_message(struct ui *ui, bool warn, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(ui->msg, sizeof ui->msg, fmt, ap);
	va_end(ap);
	ui->msg_warn = warn;
	ui->msg_time = ui_now();
	ui->dirty |= UI_DIRTY_STATUS;
}

void
ui_log(struct ui *ui, const char *fmt, ...)
{
	va_list ap;

	if (ui->log == NULL)
		return;
	fprintf(ui->log, "%.6f ", ui_now());
	va_start(ap, fmt);
	vfprintf(ui->log, fmt, ap);
	va_end(ap);
	fputc('\n', ui->log);
	fflush(ui->log);
}

void
ui_limits(const struct ui *ui, struct search_limits *lim)
{
	struct options o = *ui->o;

	o.depth = ui->depth;
	o.perfect = ui->perfect;
	o.threads = ui->threads;
	o.split = ui->split;
	o.time_limit = ui->time_limit;
	o.level[0] = o.level[1] = ui->level;
	/* The levels' noise changes from game to game; the expert's
	 * settings keep --seed (0: no random tie-breaks). */
	if (ui->level >= 0)
		o.seed = ui->seed + (uint64_t)ui->game.nmoves;
	options_limits(&o, ui->session->book, lim);
}

const char *
ui_player_name(const struct ui *ui, int player)
{
	static const char *const both_human[] = {"Player 1", "Player 2"};
	static const char *const both_ai[] = {"AI 1", "AI 2"};
	const enum player_kind *k = ui->game.player;

	if (k[0] == k[1])
		return k[0] == PLAYER_HUMAN ? both_human[player - 1]
		                            : both_ai[player - 1];
	return k[player - 1] == PLAYER_HUMAN ? "You" : "AI";
}

const char *
ui_side_name(const struct ui *ui, int player)
{
	if (ui->color)
		return player == 1 ? "red" : "yellow";
	return ui_token(ui, player);
}

bool
ui_has_human(const struct ui *ui)
{
	return ui->game.player[0] == PLAYER_HUMAN ||
	       ui->game.player[1] == PLAYER_HUMAN;
}

bool
ui_has_ai(const struct ui *ui)
{
	return game_has_ai(&ui->game);
}

enum ui_screen
ui_screen(const struct ui *ui)
{
	return ui->speedup.on ? UI_SCREEN_SPEEDUP : UI_SCREEN_GAME;
}

void
ui_hint_say(struct ui *ui, int col)
{
	const struct search_result *r = &ui->res;
	char words[64];
	const bool own = col >= 0 && col < r->ncols && col < BOARD_MAX_WIDTH &&
	                 r->col_kind[col] != SCORE_NONE;
	ui->hint_kind = own ? r->col_kind[col] : r->kind;
	ui->hint_score = own ? r->col_score[col] : r->score;
	ui->hint_id = ui->res_id;
	score_words(&ui->game.board, ui->hint_kind, ui->hint_score, words,
	            sizeof words);
	ui_message(ui, false, "hint: column %c (%s)", ui_col_char(col), words);
}
