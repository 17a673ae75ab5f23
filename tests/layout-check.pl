#!/usr/bin/perl
# layout-check.pl SCREEN -- the box on the right of a captured game screen
# (the panel, or the review or legend in its place) is whole: its top row
# has both corners, every row below keeps its left and right border (or a
# rule's ends) up to the bottom row's corners, and no row is longer than
# the screen.  Prints what is wrong and exits 1; used by tests/layout.sh.
#
# layout-check.pl --block SCREEN -- the same, and no rectangle of blank
# cells anywhere on the screen (its last two rows aside) is larger than the
# board's frame: the space below and beside is used.
#
# layout-check.pl --blank SCREEN -- the same, and the box uses its rows:
# a row inside the box is blank when nothing but spaces lies between its
# borders (a rule is never blank); the box's rules cut it into sections
# (its top row to the first rule, rule to rule, the last rule to its
# bottom row).  It fails when more than a third of the rows between the
# box's top and bottom rows are blank, or when a section that shows
# something (at least one row not blank) has more than a third of its
# rows blank.  For large terminals, where a box that ran to the screen's
# bottom left rows empty.
use strict;
use warnings;
use utf8;
use open qw(:std :encoding(UTF-8));

my $blank = @ARGV && $ARGV[0] eq '--blank' ? shift @ARGV : undef;
my $block = @ARGV && $ARGV[0] eq '--block' ? shift @ARGV : undef;
my ($file) = @ARGV;
open my $fh, '<', $file or die "layout-check: $file: $!\n";
my @rows = <$fh>;
close $fh;
chomp @rows;

my ($top, $left, $right);
for my $i (0 .. $#rows) {
	my $l = index $rows[$i], "\x{250c}";    # ┌
	next if $l < 0;
	($top, $left) = ($i, $l);
	$right = index $rows[$i], "\x{2510}", $l;    # ┐
	last;
}
defined $top or do { print "no panel box (no top-left corner)\n"; exit 1 };
$right > $left or do {
	print "row $top: the top row lost its right corner: $rows[$top]\n";
	exit 1;
};
my $width = length $rows[$top];
for my $i ($top + 1 .. $#rows) {
	my $r = $rows[$i];
	my ($a, $b) = (substr($r, $left, 1), length $r > $right ? substr($r, $right, 1) : '');
	if ($a eq "\x{2514}") {    # └
		$b eq "\x{2518}" and exit(blank_check($top, $i) || ($block ? block_check() : 0));
		print "row $i: the bottom row lost its right corner: $r\n";
		exit 1;
	}
	if ($a !~ /[\x{2502}\x{251c}]/ || $b !~ /[\x{2502}\x{2524}]/) {
		print "row $i: a border is lost (left '$a', right '$b'): $r\n";
		exit 1;
	}
	if (length($r) > $width && $width > 0 && $i > 0) {
		print "row $i: longer than the screen: $r\n";
		exit 1;
	}
}
print "no bottom row of the box\n";
exit 1;

# The largest rectangle of blank cells on the screen (the status and key
# rows, the last two, left out) against the board's frame (its rounded or
# square corners): with --block, fail when the blank block is larger.
sub block_check {
	my @scr = @rows[0 .. $#rows - 2];
	my ($bt, $bl, $bb, $br);
	for my $i (0 .. $#scr) {
		my $l = index $scr[$i], "\x{256d}";    # ╭
		$l = index $scr[$i], "+-" if $l < 0 && !defined $bt;
		if ($l >= 0 && !defined $bt) {
			($bt, $bl) = ($i, $l);
			my $r = index $scr[$i], "\x{256e}", $l;    # ╮
			$br = $r > $l ? $r : length $scr[$i];
		}
		$bb = $i if defined $bt && index($scr[$i], "\x{2570}") >= 0;  # ╰
	}
	return 0 unless defined $bt && defined $bb;
	my $board = ($bb - $bt + 1) * ($br - $bl + 1);
	my $w = 0;
	for (@scr) { $w = length if length > $w }
	my @h = (0) x $w;
	my ($best, $at) = (0, "");
	for my $i (0 .. $#scr) {
		my $r = $scr[$i] . (' ' x ($w - length $scr[$i]));
		for my $x (0 .. $w - 1) {
			$h[$x] = substr($r, $x, 1) eq ' ' ? $h[$x] + 1 : 0;
		}
		my @st;
		for my $x (0 .. $w) {
			my $hx = $x < $w ? $h[$x] : 0;
			while (@st && $h[$st[-1]] >= $hx) {
				my $top = pop @st;
				my $left = @st ? $st[-1] + 1 : 0;
				my $area = $h[$top] * ($x - $left);
				($best, $at) = ($area, "$h[$top]x" . ($x - $left) .
				    " ending row $i, columns $left-" . ($x - 1))
				    if $area > $best;
			}
			push @st, $x;
		}
	}
	if ($best > $board) {
		print "a blank block of $at ($best cells) is larger than the " .
		    "board ($board cells)\n";
		return 1;
	}
	return 0;
}

# blank_check TOP BOTTOM: 0 when the box from row TOP to row BOTTOM uses
# its rows as the comment above says (always 0 without --blank).
sub blank_check {
	my ($t, $btm) = @_;
	return 0 unless $blank;
	my @sec = ([]);
	my ($empty, $rows) = (0, 0);
	for my $i ($t + 1 .. $btm - 1) {
		if (substr($rows[$i], $left, 1) eq "\x{251c}") {    # ├
			push @sec, [];
			next;
		}
		my $in = substr $rows[$i], $left + 1, $right - $left - 1;
		my $is = $in =~ /^\s*$/ ? 1 : 0;
		push @{$sec[-1]}, [$i, $is];
		($empty, $rows) = ($empty + $is, $rows + 1);
	}
	if ($rows > 0 && 3 * $empty > $rows) {
		print "the box (rows $t-$btm) is $empty of $rows rows blank\n";
		return 1;
	}
	for my $s (@sec) {
		my $n = @$s;
		my $e = grep { $_->[1] } @$s;
		next if $n == 0 || $e == $n;
		if (3 * $e > $n) {
			print "the section from row $s->[0][0] is $e of $n "
			    . "rows blank\n";
			return 1;
		}
	}
	return 0;
}
