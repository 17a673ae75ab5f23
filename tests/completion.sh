#!/bin/sh
# completion.sh -- the bash completion written by `dropfour --completion
# bash` from the option table (src/cli/completion.c): sourced in bash and
# asked as bash asks it (COMP_WORDS, COMP_CWORD, then _dropfour), it
# completes the mode words (every one of options_modes[]), each mode's
# long options as its --help lists them, and the words of --level,
# --split, --eval and --mode; the build's dropfour.bash is the same
# script.
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin completion
command -v bash >/dev/null 2>&1 || check_skip "no bash"

"$DROPFOUR" --completion bash >"$tmp/c.bash" || fail "--completion bash: exit $?"
if [ -f dropfour.bash ]; then
	cmp -s dropfour.bash "$tmp/c.bash" || fail "dropfour.bash is not what --completion bash prints"
fi
"$DROPFOUR" --completion fish >/dev/null 2>"$tmp/err" && fail "--completion fish: no error"
grep -q 'bash, zsh' "$tmp/err" || fail_with "$tmp/err" "--completion fish: the shells not named"
"$DROPFOUR" --completion zsh | grep -q '^autoload -U +X bashcompinit && bashcompinit$' ||
	fail "--completion zsh: no bashcompinit"

# complete WORDS...: the last word is the one completed; prints the
# replies sorted, one per line.
complete_words() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
		_dropfour; [ ${#COMPREPLY[@]} -eq 0 ] || printf "%s\n" "${COMPREPLY[@]}" | sort' \
		complete "$tmp/c.bash" "$@"
}
expect() {
	what=$1 want=$2
	shift 2
	got=$(complete_words "$@" | tr '\n' ' ')
	[ "$got" = "$want" ] || fail "$what: got '$got', expected '$want'"
}

expect "dropfour so<TAB>" "solve " dropfour so
# help_options MODE PREFIX: the long options MODE's --help lists that
# start with PREFIX, sorted, on one line.
help_options() {
	"$DROPFOUR" $1 --help | grep -E '^ +(-[A-Za-z0-9], )?--' |
		sed -E 's/^ +//; s/  .*//' | grep -o -- '--[a-z0-9-]*' |
		grep -- "^$2" | sort -u | tr '\n' ' '
}
# solve takes no --l option today; the game and selfplay take some.
expect "dropfour solve --l<TAB>" "$(help_options solve --l)" dropfour solve --l
want=$(help_options selfplay --l)
[ -n "$want" ] || fail "selfplay --help names no --l option"
expect "dropfour selfplay --l<TAB>" "$want" dropfour selfplay --l
for m in solve review engine tour; do
	expect "dropfour $m --<TAB>" "$(help_options $m --)" dropfour $m --
done
# options before the mode word, and after it
expect "dropfour -j 2 bench --th<TAB>" "--threads " dropfour -j 2 bench --th
expect "dropfour --level <TAB>" "beginner casual club expert perfect strong " \
	dropfour --level ''
expect "dropfour selfplay --level=c<TAB>" "casual club " dropfour selfplay --level = c
expect "dropfour solve --split <TAB>" "deep lazy root " dropfour solve --split ''
expect "dropfour --eval=<TAB>" "average heuristic " dropfour --eval =
expect "dropfour --mode ai<TAB>" "ai-ai ai-human " dropfour --mode ai
# a FILE argument completes file names
: >"$tmp/solve-me.txt"
expect "dropfour solve FILE" "$tmp/solve-me.txt " dropfour solve "$tmp/solve-me"

# every mode word of the table
modes=$(sed -n 's/^ *\.word = "\([a-z]*\)",.*/\1/p' "$srcdir/src/cli/options-table.c" | sort | tr '\n' ' ')
[ -n "$modes" ] || fail "no mode words found in options-table.c"
expect "dropfour <TAB>" "$modes" dropfour ''
check_end
