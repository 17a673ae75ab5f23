#!/bin/sh
# outputs.sh -- files and streams a program can trust: what every -o and
# --csv does with what its path names, standard output that fails, input
# files of any line ends, and what is refused before any work.
#
#   1. Line ends: positions and games with CR (old Mac), CRLF and LF lines
#      read as the same lines (solve, bench solve, review).
#   2. Every output file (book build -o, statespace -o, bench speedup
#      --csv): a regular file is replaced, a symbolic link followed (the
#      link kept, the file it names written, also a dangling one), a FIFO
#      written in place; a folder or a path in a missing folder refused at
#      once (exit 2, nothing printed on standard output).
#   3. Standard output that fails: a closed pipe (SIGPIPE as the shell
#      leaves it) and a closed descriptor are one "write error" message and
#      exit 1 in solve, review --plain, bench solve, book info, statespace
#      and tour.
#   4. book info on a FIFO with no writer: refused at once; on options of
#      book build: refused.  solve --threads 3,1: refused.
#   5. bench solve names a wrong score's line; statespace 7x6 is refused
#      at once with its size, pointing to dropfour-mpi; a 7x6 book to ply
#      30 is refused at once with the memory its plan needs.
#   6. As root, on nodes made here with mknod (never /dev's own): a
#      /dev/full-like device (1,7) given to every -o and --csv fails with
#      one message and stays a device; a /dev/null-like one (1,3) works and
#      stays; standard output on the full device is one message, exit 1.
#      Not root: this part is skipped (exit 77 when all else passed).

. "$(dirname "$0")/lib-check.sh"
check_begin outputs
D=$DROPFOUR
case $D in /*) ;; *) D=$(pwd)/$D ;; esac
cd "$tmp" || exit 99

# one_line DESC FILE ERE: FILE holds exactly one line, matching ERE.
one_line() {
	[ "$(wc -l <"$2")" -eq 1 ] && grep -Eq -- "$3" "$2" ||
		fail "$1: expected one line /$3/, got: $(cat "$2")"
}

# ---- 1. line ends ----------------------------------------------------------
printf '44\n4\n1\n' >lf
printf '44\r4\r1\r' >cr
printf '44\r\n4\r\n1\r\n' >crlf
printf '44\r4\n1' >mixed
"$D" solve -W 5 -H 4 -j1 lf | cut -d' ' -f1,2 >lf.out
[ "$(wc -l <lf.out)" -eq 3 ] || fail "solve LF: $(cat lf.out)"
for f in cr crlf mixed; do
	"$D" solve -W 5 -H 4 -j1 $f >$f.raw 2>$f.err
	s=$?
	cut -d' ' -f1,2 $f.raw >$f.out
	[ $s -eq 0 ] && cmp -s lf.out $f.out ||
		fail "solve with $f line ends: exit $s, $(cat $f.out $f.err)"
done
printf '44 0\r4 1\r' >cr.set
"$D" bench solve -W 5 -H 4 -j1 cr.set >bench.out 2>&1
grep -Eq '^cr\.set +2 ' bench.out || fail "bench solve, CR lines: $(cat bench.out)"
printf 'dropfour-game 1\rsize 5x4\rmoves 4453\r' >game.cr
"$D" review --plain -j1 game.cr >review.out 2>&1 ||
	fail "review of a CR game: $(cat review.out)"
[ "$(wc -l <review.out)" -eq 4 ] || fail "review of a CR game: $(cat review.out)"

# ---- 2. output files -------------------------------------------------------
# out_cmd KIND PATH: the command writing PATH with KIND's option.
out_run() {
	kind=$1
	path=$2
	case $kind in
	book) "$D" book build -W 5 -H 4 --ply 4 -j1 -o "$path" ;;
	statespace) "$D" statespace -W 4 -H 4 -j1 -o "$path" ;;
	csv) "$D" bench speedup -W 5 -H 4 --threads 1 -m 8 --csv "$path" \
		"$tmp/lf" </dev/null ;;
	esac
}
# is_output KIND FILE: FILE holds what KIND writes.
is_output() {
	case $1 in
	book | statespace) "$D" book info "$2" >/dev/null 2>&1 ;;
	csv) head -n 1 "$2" | grep -q '^threads,seconds,' ;;
	esac
}
for kind in book statespace csv; do
	mkdir "$kind.d" && cd "$kind.d" || exit 99
	# a regular file: replaced
	echo old >file
	out_run $kind file >out 2>err || fail "$kind: regular file: $(cat err)"
	is_output $kind file || fail "$kind: regular file not replaced"
	# a symbolic link: followed, the link kept
	echo old >target
	ln -s target link
	out_run $kind link >out 2>err || fail "$kind: symlink: $(cat err)"
	[ -L link ] || fail "$kind: the symlink was replaced"
	is_output $kind target || fail "$kind: the symlink's file not written"
	# a dangling link: the file it names made
	ln -s made dangling
	out_run $kind dangling >out 2>err || fail "$kind: dangling symlink: $(cat err)"
	[ -L dangling ] && is_output $kind made ||
		fail "$kind: dangling symlink: link or file wrong"
	# a FIFO: written in place, read here
	mkfifo fifo
	cat fifo >fifo.got &
	out_run $kind fifo >out 2>err || fail "$kind: FIFO: $(cat err)"
	wait
	[ -p fifo ] || fail "$kind: the FIFO was replaced"
	is_output $kind fifo.got || fail "$kind: nothing good through the FIFO"
	# a folder and a missing folder: refused before any work
	mkdir dir
	out_run $kind dir >out 2>err
	s=$?
	[ $s -eq 2 ] && [ ! -s out ] && grep -q 'is a folder' err ||
		fail "$kind: -o a folder: exit $s, $(cat out err)"
	out_run $kind nothere/x >out 2>err
	s=$?
	[ $s -eq 2 ] && [ ! -s out ] &&
		grep -q 'the folder nothere does not exist' err ||
		fail "$kind: a missing folder: exit $s, $(cat out err)"
	[ -z "$(ls -a | grep -E '\.tmp|journal|lock')" ] ||
		fail "$kind: files left behind: $(ls -a)"
	cd .. || exit 99
done
echo "# output files: regular, symlink, dangling symlink, FIFO, folder, missing folder"

# ---- 3. standard output that fails ----------------------------------------
printf '44\n' >one
printf '44 0\n' >one.set
modes="solve:-W 5 -H 4 -j1 one
review:--plain -W 5 -H 4 -j1 4453
bench:solve -W 5 -H 4 -j1 one.set
book:info $DROPFOUR_DATADIR/dropfour-7x6.book
statespace:-W 4 -H 4 -j1
tour:-W 5 -H 5 -j1"
# Each mode once more with a pipe whose reader is gone before it writes
# (the reader exits at once; the writer starts half a second later), and
# with standard output closed.
while IFS=: read -r mode args; do
	# shellcheck disable=SC2086
	(
		sleep 0.5
		"$D" $mode $args 2>"pipe.$mode.err"
		echo $? >"pipe.$mode.rc"
	) | true
	one_line "$mode | (closed pipe)" "pipe.$mode.err" \
		'^dropfour: write error: Broken pipe$'
	[ "$(cat "pipe.$mode.rc")" = 1 ] ||
		fail "$mode | (closed pipe): exit $(cat "pipe.$mode.rc")"
	# shellcheck disable=SC2086
	"$D" $mode $args >&- 2>"closed.$mode.err"
	s=$?
	[ $s -eq 1 ] || fail "$mode >&-: exit $s"
	one_line "$mode >&-" "closed.$mode.err" \
		'^dropfour: write error: Bad file descriptor$'
done <<END
$modes
END

# ---- 4. refused at once ----------------------------------------------------
mkfifo book.fifo
timeout 10 "$D" book info book.fifo >out 2>err
s=$?
[ $s -eq 1 ] && grep -q 'not a regular file' err ||
	fail "book info on a FIFO: exit $s, $(cat err)"
"$D" book info -W 5 "$DROPFOUR_DATADIR/dropfour-7x6.book" >out 2>err
s=$?
[ $s -eq 2 ] && grep -q -- '--width does not apply to book info' err ||
	fail "book info -W 5: exit $s, $(cat err)"
echo 44 | "$D" solve -W 5 -H 4 --threads 3,1 >out 2>err
s=$?
[ $s -eq 2 ] && [ ! -s out ] && grep -q 'a list of thread counts' err ||
	fail "solve --threads 3,1: exit $s, $(cat out err)"

# ---- 5. what is said -------------------------------------------------------
printf '44 0\n4 1\n' >wrong.set
"$D" bench solve -W 5 -H 4 -j1 wrong.set >out 2>err
s=$?
[ $s -eq 1 ] && grep -q "wrong.set:2: 4: expected 1, got 0" err ||
	fail "bench solve, a wrong score: exit $s, $(cat out err)"
timeout 10 "$D" statespace >out 2>err
s=$?
[ $s -eq 1 ] && [ ! -s out ] && grep -q 'statespace 7x6: 4.53T positions' err &&
	grep -q 'beyond one machine; dropfour-mpi statespace' err ||
	fail "statespace 7x6: exit $s, $(cat out err)"
timeout 10 "$D" book build --ply 30 -o b30.book >out 2>err
s=$?
[ $s -eq 1 ] && [ ! -e b30.book.journal ] &&
	grep -q 'book build 7x6 --ply 30: at most about .* positions' err ||
	fail "book build --ply 30: exit $s, $(cat out err)"

# ---- 6. devices made here ---------------------------------------------------
if [ "$(id -u)" -ne 0 ]; then
	check_skip "not root: the mknod devices (all else passed)"
fi
mknod full c 1 7 && mknod null c 1 3 || check_skip "mknod failed"
for kind in book statespace csv; do
	out_run $kind full >out 2>err
	s=$?
	[ $s -eq 1 ] && grep -q 'full: No space left on device' err ||
		fail "$kind -o (1,7 device): exit $s, $(cat err)"
	[ -c full ] || fail "$kind: the 1,7 device was replaced"
	out_run $kind null >out 2>err || fail "$kind -o (1,3 device): $(cat err)"
	[ -c null ] || fail "$kind: the 1,3 device was replaced"
done
while IFS=: read -r mode args; do
	# shellcheck disable=SC2086
	"$D" $mode $args >full 2>"full.$mode.err"
	s=$?
	[ $s -eq 1 ] || fail "$mode >(1,7 device): exit $s"
	one_line "$mode >(1,7 device)" "full.$mode.err" \
		'^dropfour: write error: No space left on device$'
done <<END
$modes
END
[ -c full ] || fail "the 1,7 device was replaced"
check_end
