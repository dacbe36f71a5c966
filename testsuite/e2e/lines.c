/* lines.c -- which blocks list which lines (doc/notes-format.md §4,
 * "Lines" and "Fall-through flag"): every line with code is marked with
 * what it executed.  e2e-lines.sh also reads gcov 3.3's view
 * (arcov --legacy=3.3 -b), where plus1() and main() are straight-line code
 * and must show no branch. */
#include <stdio.h>

static int plus1(int x)	/*@1*/
{
	return x + 1;	/*@1*/
}

static int step(int n)	/*@5*/
{
	return n == 5;	/*@5*/
}

/* The loop's back jump is an empty block that the front end gives the
 * line of the body's first statement: "n++" ran 5 times, not 4. */
static int until_five(void)	/*@1*/
{
	int n = 0, err;	/*@1*/

	for (;;) {
		n++;	/*@5*/
		err = step(n);	/*@5*/
		if (err)	/*@5*/
			break;	/*@1*/
		if (n < 0)	/*@4*/
			return 1;	/*@0*/
	}
	return 0;	/*@1*/
}

struct pool {
	char buf[64];
	int n;
};

/* The body starts with a loop: the opening line counts the 3 calls, not
 * the 35 passes of the loop. */
static const char *copy(struct pool *p, const char *s)	/*@3*/
{
	do {
		p->buf[p->n++] = *s;	/*@35*/
	} while (*s++);	/*@35*/
	return p->buf;	/*@3*/
}

/* The back jump leaves the block of "bits += 3" with the line of "n++":
 * "n++" ran 5 times, and the line does not take the 4 jumps too. */
static int pull(int need)	/*@1*/
{
	int bits = 0, n = 0;	/*@1*/

	for (;;) {
		n++;	/*@5*/
		if (bits >= need)	/*@5*/
			break;	/*@1*/
		bits += 3;	/*@4*/
	}
	return n;	/*@1*/
}

/* A "continue" at the end of a condition's last line is a statement of
 * that line: its jump keeps the line, which gcov 12 reads as the 2 times
 * the condition got that far plus the 2 continues from line 73. */
static int matches(const char *m, const char *s, int n)	/*@1*/
{
	int k = 0;	/*@1*/

	do {
		if (m[0] != s[0] ||	/*@+*/
		    m[1] != s[1]) continue;	/*@+*/
		k++;	/*@2*/
	} while (m++, --n > 0);	/*@4*/
	return k;	/*@1*/
}

/* A call that may not return ends its block with a fake arc; the "break;"
 * after it is still that block's goto, and its line is listed. */
static int flushed(int what)	/*@3*/
{
	int r = 0;	/*@3*/

	switch (what) {	/*@3*/
	case 0:	/*@2*/
		fflush(stdout);	/*@2*/
		break;	/*@2*/
	default:	/*@1*/
		r = -1;	/*@1*/
	}
	return r;	/*@3*/
}

int main(void)	/*@1*/
{
	struct pool p = { { 0 }, 0 };	/*@1*/
	int t = plus1(3) + pull(10) + matches("abcab", "ab", 4);	/*@1*/

	t += flushed(0) + flushed(0) + flushed(1);	/*@1*/

	t += until_five();	/*@1*/
	copy(&p, "hello world");	/*@1*/
	copy(&p, "abcdefghijk");	/*@1*/
	copy(&p, "0123456789");	/*@1*/
	printf("%d %d\n", t, p.n);	/*@1*/
	return 0;	/*@1*/
}
