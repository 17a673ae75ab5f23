#!/bin/sh
# book.sh -- `dropfour book build` stopped, killed and resumed.
#
# Run by `make check` with $DROPFOUR naming the binary.  The reference is an
# uninterrupted one-thread build of the 5x4 board to ply 10 (42k positions
# searched, a fraction of a second; the 5x5 board to ply 6, then 8, when
# a build ends before a signal lands); every other build of parts 1 and 2
# must end with the same bytes.
# A part that cannot do its work (every build too fast for its signal)
# skips the test (exit 77), never passes:
#   1. two threads, stopped by SIGINT once the journal holds a batch: exit
#      130, a message, the journal kept and no book; then killed with
#      SIGKILL once the journal has grown; then run again to the end;
#   2. an unfinished batch at the end of the journal (as a crash mid-write
#      leaves it) is cut off and solved again;
#   3. a journal of another build, a bad --ply: refused, exit 1 / 2,
#      nothing written;
#   4. using a book: --book, $DROPFOUR_BOOK and --no-book give solve the
#      same scores (the book's own positions and deeper ones); a missing,
#      damaged or other-size book named by --book or $DROPFOUR_BOOK is an
#      error that names the file.

. "$(dirname "$0")/lib-check.sh"
check_begin book

# The board and depth of the builds of parts 1 and 2: the 5x4 board to
# ply 10, unless a build ends before the signals of part 1 land (a fast
# machine: the journal's first batch comes late in a build, once the
# positions are counted): then the 5x5 board to ply 6, then 8, whose
# positions take longer to solve.  (In the background
# the command is written out in full, so that $! is dropfour's own pid and
# not a subshell's.)
build() {
	"$DROPFOUR" book build "$@"
}

# ---- 1. SIGINT, SIGKILL, resume ----------------------------------------------
# stop_kill ARGS...: a two-thread build stopped by SIGINT once its journal
# holds a batch, then run again and killed by SIGKILL once the journal has
# grown.  False, with the build's files removed, if a build ended before
# its signal (nothing checked then); a signal that landed is checked.
b=$tmp/b.book
j=$b.journal
stop_kill() {
	rm -f "$b" "$j"
	"$DROPFOUR" book build "$@" -j2 -o "$b" >"$tmp/b1.out" 2>&1 &
	pid=$!
	got=$(wait_growth "$j" 32 $pid)
	kill -INT $pid 2>/dev/null
	wait $pid
	status=$?
	if [ $status -eq 0 ]; then
		echo "# $*: the build ended before SIGINT"
		rm -f "$b" "$j"
		return 1
	fi
	[ $status -eq 130 ] || fail "SIGINT: exit $status, expected 130: $(cat "$tmp/b1.out")"
	[ "$got" -gt 32 ] || fail "SIGINT: the journal never grew past its header"
	grep -q 'run the same command again' "$tmp/b1.out" || fail "SIGINT: no message: $(cat "$tmp/b1.out")"
	[ -f "$j" ] || fail "SIGINT: no journal kept"
	[ ! -e "$b" ] || fail "SIGINT: a book was written"
	echo "# SIGINT after $got journal bytes: exit $status"
	before=$(size "$j")
	"$DROPFOUR" book build "$@" -j2 -o "$b" >"$tmp/b2.out" 2>&1 &
	pid=$!
	got=$(wait_growth "$j" "$before" $pid)
	kill -KILL $pid 2>/dev/null
	wait $pid
	status=$?
	if [ $status -eq 0 ]; then
		echo "# $*: the build ended before SIGKILL"
		rm -f "$b" "$j"
		return 1
	fi
	[ $status -eq 137 ] || fail "SIGKILL: exit $status, expected 137: $(cat "$tmp/b2.out")"
	[ "$got" -gt "$before" ] || fail "SIGKILL: the journal did not grow from $before bytes"
	[ ! -e "$b" ] || fail "SIGKILL: a book was written"
	echo "# SIGKILL after the journal grew from $before to $got bytes"
	return 0
}
landed=no
for size in "5 4 10" "5 5 6" "5 5 8"; do
	# shellcheck disable=SC2086
	set -- $size
	set -- -W "$1" -H "$2" --ply "$3" -m 16
	if stop_kill "$@"; then
		landed=yes
		break
	fi
done
[ $landed = yes ] ||
	check_skip "every build (5x4 ply 10, 5x5 ply 6 and 8) ended before its signal landed"

# The reference: an uninterrupted one-thread build of the same.
build "$@" -j1 -o "$tmp/ref.book" >"$tmp/ref.out" 2>&1 || fail "reference build: $(cat "$tmp/ref.out")"
"$DROPFOUR" book info "$tmp/ref.book" >/dev/null || fail "book info on the reference"

build "$@" -j2 -o "$b" >"$tmp/b3.out" 2>&1 || fail "resumed build: $(cat "$tmp/b3.out")"
grep -q 'resuming' "$tmp/b3.out" || fail "resumed build: no 'resuming' line: $(cat "$tmp/b3.out")"
cmp -s "$b" "$tmp/ref.book" || fail "stopped, killed and resumed: not the reference's bytes"
[ ! -e "$j" ] || fail "the journal is left after the book was written"

# ---- 2. an unfinished batch --------------------------------------------------
c=$tmp/c.book
"$DROPFOUR" book build "$@" -j1 -o "$c" >"$tmp/c1.out" 2>&1 &
pid=$!
wait_growth "$c.journal" 32 $pid >/dev/null
kill -KILL $pid 2>/dev/null
wait $pid
status=$?
[ $status -ne 0 ] && [ -f "$c.journal" ] ||
	check_skip "the one-thread build ($*) ended before it could be killed"
printf '\100\000\000\000partial' >>"$c.journal"
build "$@" -j1 -o "$c" >"$tmp/c2.out" 2>&1 || fail "after an unfinished batch: $(cat "$tmp/c2.out")"
grep -q 'dropped an unfinished batch' "$tmp/c2.out" || fail "unfinished batch: not reported: $(cat "$tmp/c2.out")"
cmp -s "$c" "$tmp/ref.book" || fail "after an unfinished batch: not the reference's bytes"

# ---- 3. refusals ---------------------------------------------------------------
# From here on the 5x4 board to ply 10, whatever parts 1 and 2 used.
if [ "$*" != "-W 5 -H 4 --ply 10 -m 16" ]; then
	set -- -W 5 -H 4 --ply 10 -m 16
	build "$@" -j1 -o "$tmp/ref.book" >"$tmp/ref.out" 2>&1 || fail "5x4 reference build: $(cat "$tmp/ref.out")"
fi
d=$tmp/d.book
# The header of a ply-3 build's journal under the name of a ply-10 one.
printf 'DROP4JN\032\001\000\000\000\005\004\003\000\001\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000\000' >"$d.journal"
build "$@" -j1 -o "$d" >"$tmp/d.out" 2>&1
status=$?
[ $status -eq 1 ] || fail "another build's journal: exit $status, expected 1"
grep -q 'the journal of another build (5x4 board, ply 3)' "$tmp/d.out" || fail "another build's journal: $(cat "$tmp/d.out")"
"$DROPFOUR" book build -W 5 -H 4 >"$tmp/e.out" 2>&1
[ $? -eq 2 ] || fail "no --ply: exit status"
grep -q 'needs --ply' "$tmp/e.out" || fail "no --ply: $(cat "$tmp/e.out")"
"$DROPFOUR" book build -W 4 -H 4 --ply 16 -o "$tmp/f.book" >"$tmp/f.out" 2>&1
[ $? -eq 2 ] || fail "--ply 16 on 4x4: exit status"
[ ! -e "$tmp/f.book" ] && [ ! -e "$tmp/f.book.journal" ] || fail "--ply 16: files written"
printf 'not a book' >"$tmp/g.book"
"$DROPFOUR" book info "$tmp/g.book" >"$tmp/g.out" 2>&1
[ $? -eq 1 ] || fail "book info on a bad file: exit status"
grep -q 'too short for a book' "$tmp/g.out" || fail "book info on a bad file: $(cat "$tmp/g.out")"

# ---- 4. using a book -----------------------------------------------------------
# Positions of up to 12 stones, of which the book (ply 10) holds most.
printf '%s\n' - 3 31 313 3132 31324 3132415 31324152 313241525 3132415253 \
	31324152534 313241525345 2 25 254 2541 25413 >"$tmp/pos"
"$DROPFOUR" solve -W 5 -H 4 -m 16 --no-book "$tmp/pos" >"$tmp/nobook" 2>&1 || fail "solve --no-book"
"$DROPFOUR" solve -W 5 -H 4 -m 16 --book "$tmp/ref.book" "$tmp/pos" >"$tmp/book" 2>&1 || fail "solve --book"
DROPFOUR_BOOK=$tmp/ref.book "$DROPFOUR" solve -W 5 -H 4 -m 16 "$tmp/pos" >"$tmp/env" 2>&1 || fail "solve with DROPFOUR_BOOK"
cut -d' ' -f1,2 "$tmp/nobook" >"$tmp/s1"
cut -d' ' -f1,2 "$tmp/book" >"$tmp/s2"
cut -d' ' -f1,2 "$tmp/env" >"$tmp/s3"
cmp -s "$tmp/s1" "$tmp/s2" && cmp -s "$tmp/s1" "$tmp/s3" || fail "solve: scores differ with and without the book"
nodes() { awk '{ n += $3 } END { print n + 0 }' "$1"; }
[ "$(nodes "$tmp/book")" -lt "$(nodes "$tmp/nobook")" ] || fail "solve: the book saved no nodes"
echo "# solve: $(nodes "$tmp/nobook") nodes without the book, $(nodes "$tmp/book") with"
"$DROPFOUR" solve -W 5 -H 4 --book "$tmp/nope.book" "$tmp/pos" >"$tmp/h.out" 2>&1
[ $? -eq 1 ] || fail "--book of a missing file: exit status"
grep -q "nope.book: No such file" "$tmp/h.out" || fail "--book missing: $(cat "$tmp/h.out")"
DROPFOUR_BOOK=$tmp/g.book "$DROPFOUR" solve -W 5 -H 4 "$tmp/pos" >"$tmp/h.out" 2>&1
[ $? -eq 1 ] || fail "DROPFOUR_BOOK of a damaged file: exit status"
grep -q "g.book: too short" "$tmp/h.out" || fail "DROPFOUR_BOOK damaged: $(cat "$tmp/h.out")"
"$DROPFOUR" solve -W 6 -H 4 --book "$tmp/ref.book" "$tmp/pos" >"$tmp/h.out" 2>&1
[ $? -eq 1 ] || fail "--book of another size: exit status"
grep -q "a book of 5x4 positions, but the board is 6x4" "$tmp/h.out" || fail "--book other size: $(cat "$tmp/h.out")"
DROPFOUR_BOOK=$tmp/nope.book "$DROPFOUR" solve -W 5 -H 4 --no-book "$tmp/pos" >/dev/null 2>&1 ||
	fail "--no-book did not override DROPFOUR_BOOK"

check_end
