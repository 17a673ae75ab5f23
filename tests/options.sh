#!/bin/sh
# options.sh -- the options table in src/cli/options.c is the one list of
# the command line's options: getopt's tables, every --help and the check
# that an option applies to its mode are made from it.  Here:
#   1. the man page names every option that `dropfour --help` lists (an
#      option added to the table and forgotten in dropfour(6) fails);
#   2. each mode's --help lists that mode's options only;
#   3. an option that does not apply to the mode is refused (exit 2, a
#      message naming the option and the mode), never silently ignored.
#
# Run by `make check` with $DROPFOUR naming the binary and $srcdir the
# source tree.
: "${srcdir:=.}"
. "$srcdir/tests/lib-check.sh"
check_begin options
man=$srcdir/man/dropfour.6.in
[ -f "$man" ] || { echo "options.sh: $man is missing" >&2; exit 99; }

# 1. Every --name of the whole --help, against the man page's \-\-name.
"$DROPFOUR" --help >"$tmp/help" || fail "dropfour --help failed"
names=$(grep -oE '^ +(-[A-Za-z], )?--[a-z][a-z-]*' "$tmp/help" |
	sed 's/.*--//' | sort -u)
n=$(printf '%s\n' "$names" | grep -c .)
[ "$n" -ge 40 ] || fail "only $n options in --help"
sed 's/\\-/-/g' "$man" >"$tmp/man"
for name in $names; do
	grep -Eq -- "--$name([^a-z-]|\$)" "$tmp/man" ||
	    fail "the man page does not name --$name"
done

# 2. A mode's --help: its own options, not the others'.
help_has() { # MODE... -- OPTION: the mode's --help lists --OPTION
	"$DROPFOUR" "$@" --help >"$tmp/mode-help" 2>&1 ||
	    fail "dropfour $* --help failed"
}
help_has solve
grep -q -- '--analyze' "$tmp/mode-help" || fail "solve --help lacks --analyze"
for o in depth output games memory-mb from; do
	grep -q -- "--$o" "$tmp/mode-help" && fail "solve --help lists --$o"
done
head -n 1 "$tmp/mode-help" | grep -q '^Usage: dropfour solve ' ||
    fail "solve --help does not start with solve's usage"
help_has tour
grep -q -- '--closed' "$tmp/mode-help" || fail "tour --help lacks --closed"
grep -q -- '--weak' "$tmp/mode-help" && fail "tour --help lists --weak"

# 3. Options that do not apply are refused.
refused() { # OPTION MODE-WORDS...
	opt=$1
	shift
	"$DROPFOUR" "$@" "$opt" </dev/null >"$tmp/out" 2>&1
	st=$?
	[ "$st" -eq 2 ] || fail "$* $opt: exit $st, expected 2"
	name=${opt%%=*}
	grep -q -- "^dropfour: $name does not apply to" "$tmp/out" ||
	    fail "$* $opt: no message naming $name ($(head -n 1 "$tmp/out"))"
}
refused --depth=3 solve
refused --time=1 statespace
refused --output=x solve
refused --games=3 solve
refused --ply=4 statespace
refused --weak selfplay
refused --closed --text

# The walk: for every mode, each option of the whole --help that the
# mode's --help does not list is refused by that mode (never accepted and
# ignored).
grep -oE '^ +(-[A-Za-z], )?--[a-z][a-z-]*(=[A-Z]+|\[=[A-Z]+\])?' "$tmp/help" |
	sed 's/.*--//' | sort -u >"$tmp/all"
for mode in solve selfplay bench book statespace tour engine review; do
	"$DROPFOUR" $mode --help >"$tmp/mh" 2>&1
	while read -r spec; do
		name=${spec%%[=[]*}
		grep -Eq -- "--$name([^a-z-]|\$)" "$tmp/mh" && continue
		case $spec in *=*) arg="--$name=1" ;; *) arg="--$name" ;; esac
		"$DROPFOUR" $mode "$arg" </dev/null >"$tmp/out" 2>&1
		st=$?
		[ $st -eq 2 ] && grep -Eq -- "--$name does not apply to|invalid argument .* for --$name" "$tmp/out" ||
			fail "$mode $arg: exit $st, not refused ($(head -n 1 "$tmp/out"))"
	done <"$tmp/all"
done
# bench: --csv for the benchmarks that write a table (bench solve through
# the shared output helpers: a folder refused), --repeat for speedup
printf '4453 -2\n' >"$tmp/set"
"$DROPFOUR" bench solve --csv "$tmp/b.csv" -j1 "$tmp/set" >"$tmp/out" 2>&1 &&
	[ "$(sed -n 2p "$tmp/b.csv" | cut -d, -f1,2,6,7)" = "set,1,1,1" ] ||
	fail_with "$tmp/out" "bench solve --csv: $(cat "$tmp/b.csv" 2>&1)"
"$DROPFOUR" bench solve --csv "$tmp" -j1 "$tmp/set" >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail_with "$tmp/out" "bench solve --csv FOLDER: not refused"
"$DROPFOUR" bench ordering --csv "$tmp/o.csv" >"$tmp/out" 2>&1
[ $? -eq 2 ] && [ ! -e "$tmp/o.csv" ] || fail_with "$tmp/out" "bench ordering --csv: not refused"
"$DROPFOUR" bench solve --repeat 3 "$tmp/set" >"$tmp/out" 2>&1
[ $? -eq 2 ] || fail_with "$tmp/out" "bench solve --repeat: not refused"

# The same options are taken where they apply.
echo 4453 | "$DROPFOUR" solve --no-book -j1 >"$tmp/out" 2>&1 ||
    fail "solve --no-book -j1 refused: $(cat "$tmp/out")"

echo "options.sh: $n options checked against the man page"
check_end
