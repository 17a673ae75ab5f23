#!/bin/sh
# conventions.sh -- the command line's conventions, each pinned where it
# once failed: a malformed settings file warns once (the game restarts
# itself for its OpenMP wait policy before it reads the file); "unknown
# mode" lists every mode word of the table; dropfour-mpi's messages and
# --help say dropfour-mpi; a program run from its build tree finds the
# shipped book in the source tree, and a run with no book says so once;
# bad usage exits 2; and in the sources, no program name written by hand,
# no exit() but cli_fatal()'s, no exit status written as a number.
#
# Run by `make check` with $DROPFOUR (the build tree's binary),
# $DROPFOUR_MPI and $MPIRUN.  The score of 4453 (-2) is Pascal Pons'
# published one (tests/data/pons-sample.txt, Test_L3_R1).

. "$(dirname "$0")/lib-check.sh"
check_begin conventions
D=$DROPFOUR
case $D in /*) ;; *) D=$(pwd)/$D ;; esac

# ---- 1. a malformed settings file: one warning ---------------------------
printf 'this is not a setting\n' >"$tmp/settings"
echo q | env -u OMP_WAIT_POLICY DROPFOUR_CONFIG="$tmp/settings" \
	"$D" --text >/dev/null 2>"$tmp/err"
n=$(grep -c 'warning:' "$tmp/err")
[ "$n" -eq 1 ] || fail "malformed settings: $n warnings, expected 1: $(cat "$tmp/err")"
grep -q "^dropfour: warning: $tmp/settings:1:" "$tmp/err" ||
	fail "malformed settings: the warning names no file and line: $(cat "$tmp/err")"
cmp -s "$tmp/settings" - <<'END' || fail "the malformed settings file was changed"
this is not a setting
END

# ---- 2. unknown mode: every word of the table, exit 2 ----------------------
"$D" frobnicate >/dev/null 2>"$tmp/err"
s=$?
[ $s -eq 2 ] || fail "unknown mode: exit $s, expected 2"
# The mode words are those that --help shows on its usage lines.
words=$("$D" --help | sed -n 's/^\(Usage:\|  or: \) dropfour \([a-z][a-z]*\) .*/\2/p' | sort -u)
[ -n "$words" ] || fail "no mode words found in --help"
for w in $words review; do
	grep -q "[(, ]$w[,)]" "$tmp/err" ||
		fail "unknown mode: '$w' missing from: $(head -n 1 "$tmp/err")"
done

# ---- 3. exit statuses -----------------------------------------------------
"$D" --threads=0 solve </dev/null >/dev/null 2>&1
s=$?
[ $s -eq 2 ] || fail "--threads=0: exit $s, expected 2"
"$D" solve --help >/dev/null 2>&1
s=$?
[ $s -eq 0 ] || fail "solve --help: exit $s, expected 0"

# ---- 4. the book from the build tree ----------------------------------------
# $DROPFOUR is the build tree's binary (make check): without
# DROPFOUR_DATADIR it must still find the source tree's data/.  4453 is
# in the book (4 stones): a handful of nodes with it, millions without.
if [ -n "${DROPFOUR_DATADIR:-}" ] && [ -f "$DROPFOUR_DATADIR/dropfour-7x6.book" ]; then
	echo 4453 | env -u DROPFOUR_DATADIR "$D" solve -j1 >"$tmp/out" 2>"$tmp/err"
	read -r pos score nodes _ <"$tmp/out"
	[ "$pos $score" = "4453 -2" ] || fail "4453 from the build tree: $(cat "$tmp/out")"
	[ "${nodes:-0}" -lt 1000 ] ||
		fail "4453 from the build tree: $nodes nodes, the book was not found"
	[ ! -s "$tmp/err" ] || fail "4453 from the build tree said: $(cat "$tmp/err")"
else
	fail "no shipped book in DROPFOUR_DATADIR='${DROPFOUR_DATADIR:-}'"
fi
# No book anywhere: one note, and the right answer all the same.
mkdir "$tmp/empty"
printf '4453\n44\n' | DROPFOUR_DATADIR=$tmp/empty "$D" solve -j1 >"$tmp/out" 2>"$tmp/err"
[ "$(cut -d' ' -f1-2 "$tmp/out" | head -n 1)" = "4453 -2" ] ||
	fail "4453 with no book: $(cat "$tmp/out")"
[ "$(wc -l <"$tmp/err")" -eq 1 ] && grep -q '^dropfour: note: no opening book' "$tmp/err" ||
	fail "no book: expected one note, got: $(cat "$tmp/err")"
# --no-book asks for none: nothing to say.
echo 4453 | DROPFOUR_DATADIR=$tmp/empty "$D" solve -j1 --no-book >/dev/null 2>"$tmp/err"
[ ! -s "$tmp/err" ] || fail "--no-book said: $(cat "$tmp/err")"

# ---- 5. dropfour-mpi names itself -------------------------------------------
if [ -n "${DROPFOUR_MPI:-}" ] && [ -x "$DROPFOUR_MPI" ] &&
	command -v "${MPIRUN:-mpirun}" >/dev/null 2>&1; then
	check_mpi_env
	mpi() { "${MPIRUN:-mpirun}" -n 1 --oversubscribe "$DROPFOUR_MPI" "$@"; }
	mpi solve -W 99 </dev/null >/dev/null 2>"$tmp/err"
	grep -q '^dropfour-mpi: impossible board size 99x6' "$tmp/err" ||
		fail "dropfour-mpi solve -W 99: $(head -n 3 "$tmp/err")"
	! grep -q '^dropfour:' "$tmp/err" || fail "dropfour-mpi said 'dropfour:'"
	mpi solve --frobnicate </dev/null >/dev/null 2>"$tmp/err"
	grep -q "^Try 'dropfour-mpi --help'" "$tmp/err" ||
		fail "dropfour-mpi: the hint names another program: $(cat "$tmp/err")"
	# --help after the mode word prints the help; it never runs the mode.
	echo 4453 | mpi solve --help >"$tmp/out" 2>"$tmp/err"
	s=$?
	[ $s -eq 0 ] && grep -q '^Usage:' "$tmp/out" && ! grep -q '^4453 ' "$tmp/out" ||
		fail "dropfour-mpi solve --help: exit $s: $(head -n 3 "$tmp/out")"
else
	check_part_skip "dropfour-mpi names itself" "no dropfour-mpi or mpirun"
fi

# ---- 6. the sources keep the conventions ------------------------------------
# No message starts with its program's name by hand (cli_error() names the
# running one); no exit() outside cli.c's cli_fatal() in the command line,
# none in the library at all; no exit status written as a number where a
# mode's status is made (cli.h's CLI_EXIT_*).  Comment lines are left out.
src=${srcdir:-.}/src
code() { # FILE...: "file:line:text" of the lines that are not comments
	grep -nHv -E '^[[:space:]]*(/\*|\*|//)' "$@" 2>/dev/null
}
code $(find "$src" -name '*.[ch]' ! -path "$src/cli/cli.h") |
	grep -E '"([^"]*(%s|\\r|\\n))?dropfour(-mpi)?: ' >"$tmp/names"
[ ! -s "$tmp/names" ] ||
	fail_with "$tmp/names" "a program's name written in a message (use cli_error())"
code "$src"/cli/*.c "$src"/mpi/*.c "$src"/dropfour.c |
	grep -v "^$src/cli/cli\.c:" |
	grep -E '(^|[^_[:alnum:]])exit\(' >"$tmp/exits"
code $(find "$src/core" "$src/book" "$src/statespace" "$src/tour" \
	"$src/search" -name '*.c') |
	grep -E '(^|[^_[:alnum:]])exit\(' >>"$tmp/exits"
[ ! -s "$tmp/exits" ] ||
	fail_with "$tmp/exits" "exit() outside cli_fatal() (a mode returns its status)"
# Numbers as statuses: a status variable set to one, MPI_Abort() given
# one, or a mode's main function (NAME_main, main) returning one.
code "$src"/cli/*.c "$src"/mpi/*.c "$src"/dropfour.c |
	grep -E '(status|rc)[[:space:]]*\|?=[[:space:]]*[1-9][0-9]*;|MPI_Abort\([^,]*,[[:space:]]*[0-9]+\)|\?[[:space:]]*[A-Z_]+[[:space:]]*:[[:space:]]*[1-9][0-9]*;' \
	>"$tmp/statuses"
for f in "$src"/cli/*.c "$src"/mpi/*.c "$src"/dropfour.c; do
	awk -v f="$f" '
		/^[a-z_0-9]+\(/ { fn = $0; sub(/\(.*/, "", fn) }
		/^}/ { fn = "" }
		(fn == "main" || fn ~ /_main$/) &&
		    /return[[:space:]]+[1-9][0-9]*;/ { print f ":" FNR ":" $0 }
	' "$f"
done >>"$tmp/statuses"
[ ! -s "$tmp/statuses" ] ||
	fail_with "$tmp/statuses" "an exit status written as a number (cli.h's CLI_EXIT_*)"

# ---- 7. the library reads no environment ------------------------------------
# The tests' switches (DROPFOUR_SEARCH_BITS, DROPFOUR_LEAF_OWN_AFTER) and
# $TMPDIR are read by the programs (src/cli/) and passed to the library as
# parameters (search_opts, the tmpdir fields).
lib_src=$(dirname "$0")/../src
hits=$(cd "$lib_src" && grep -rn getenv core search book statespace tour)
[ -z "$hits" ] || fail "the library reads the environment: $hits"

# ---- 8. awk prints that write where they print -----------------------------
# In awk's `print x, (a > b ? y : z)` without parentheses around the whole
# list, gawk reads the ">" as a redirection and writes a file named after
# the rest (a bench once left files "*" and "0" at the top of the tree;
# mawk prints as meant, so only this look catches it everywhere).  Such a
# list goes in parentheses: `printf("%d", a > b ? y : z)`.
top_dir=$(dirname "$0")/..
grep -nE '\<printf?[[:space:]]+"[^"]*"[^;}>]*,[^;}]*\([^;})]*[^-]>[^=&>][^;})]*\)' \
	"$top_dir"/bench/*.sh "$top_dir"/tests/*.sh "$top_dir"/run 2>/dev/null |
	grep -v '>&2' >"$tmp/awkgt" || :
[ ! -s "$tmp/awkgt" ] ||
	fail_with "$tmp/awkgt" "an awk print whose '>' redirects under gawk (put the list in parentheses)"

check_end
