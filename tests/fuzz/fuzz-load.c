/* fuzz-load.c -- saved games (`--load FILE`, game_load()).
 *
 * Input: the file's bytes.  It is loaded into a 7x6 game with two AI
 * players.  Promises held: a refused file leaves the game exactly as it
 * was and says why in a NUL-terminated message that fits its buffer (also
 * a short one); a loaded game is a legal position of a possible size, its
 * players those of the file's players line when it has one (a line
 * starting "players ") and the game's own otherwise, and saving it then
 * loading the save gives the same game.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "core/game.h"

static bool
same_game(const struct game *a, const struct game *b)
{
	return a->w == b->w && a->h == b->h && a->nmoves == b->nmoves &&
	       memcmp(a->moves, b->moves,
	              sizeof a->moves[0] * (size_t)a->nmoves) == 0 &&
	       a->board.mask == b->board.mask &&
	       a->board.current == b->board.current && a->state == b->state &&
	       a->player[0] == b->player[0] && a->player[1] == b->player[1];
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], err[256], tiny[8];
	struct game g, before;

	const char *save_path = fuzz_scratch("save.txt");
	int fd = fuzz_memory_file(data, size, path, sizeof path);

	memset(&g, 0, sizeof g);
	g.player[0] = g.player[1] = PLAYER_AI;
	game_init(&g, BOARD_DEFAULT_WIDTH, BOARD_DEFAULT_HEIGHT);
	game_play(&g, 3);
	before = g;
	memset(err, 'Z', sizeof err);
	int r = game_load(&g, path, err, sizeof err);
	if (r != 0) {
		fuzz_require(r == -1);
		fuzz_require(memcmp(&g, &before, sizeof g) == 0);
		fuzz_require(memchr(err, '\0', sizeof err) != NULL);
		fuzz_require(strncmp(err, path, strlen(path)) == 0);
		/* The same refusal into a buffer too short for it. */
		memset(tiny, 'Z', sizeof tiny);
		fuzz_require(game_load(&g, path, tiny, sizeof tiny - 1) == -1);
		fuzz_require(tiny[sizeof tiny - 2] == '\0');
		fuzz_require(tiny[sizeof tiny - 1] == 'Z');
		close(fd);
		return 0;
	}
	close(fd);
	fuzz_require(board_size_error(g.w, g.h) == NULL);
	if (g.players_loaded) {
		/* A line of its own: after LF or a lone CR (a line end too). */
		fuzz_require(size >= 8 &&
		             (memcmp(data, "players ", 8) == 0 ||
		              memmem(data, size, "\nplayers ", 9) ||
		              memmem(data, size, "\rplayers ", 9)));
		for (int p = 0; p < 2; p++)
			fuzz_require(g.player[p] == PLAYER_HUMAN ||
			             g.player[p] == PLAYER_AI);
	} else {
		fuzz_require(g.player[0] == PLAYER_AI &&
		             g.player[1] == PLAYER_AI);
	}
	fuzz_require(g.nmoves == g.board.moves && g.nredo == 0);
	fuzz_require(g.nmoves <= g.w * g.h);

	/* The position replays from its moves. */
	char moves[BOARD_MAX_CELLS + 1];
	board_t b;
	game_moves_string(&g, moves, sizeof moves);
	fuzz_require(strlen(moves) == (size_t)g.nmoves);
	fuzz_require(board_parse(&b, g.w, g.h, moves, (size_t)-1, NULL) ==
	             BOARD_OK);
	fuzz_require(b.mask == g.board.mask && b.current == g.board.current);

	/* Save, load again: the same game. */
	struct game again;
	memset(&again, 0, sizeof again);
	again.player[0] = again.player[1] = PLAYER_AI;
	game_init(&again, 5, 4);
	fuzz_require(game_save(&g, save_path) == 0);
	fuzz_require(game_load(&again, save_path, err, sizeof err) == 0);
	fuzz_require(same_game(&g, &again));
	return 0;
}
