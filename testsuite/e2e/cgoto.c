/* cgoto.c -- calls that longjmp out of their block.  A computed goto's
 * target is entered only through the dispatch (a fake arc from entry) and
 * left through the call (a fake arc to exit); its count is what entered
 * it, longjmps included, not what went on after the call.  The "break;"
 * after a call runs only when the call returned.  A "default:" that
 * does nothing and is never taken reads 0, not the count of the code
 * after the switch, where its label is. */
#include <setjmp.h>
#include <stdio.h>

#define check(c) ((void)0)

static jmp_buf env;
static int errors, round_no;

static void op(int pc)	/*@13*/
{
	if (round_no % 2 && pc == 4)	/*@+*/
		longjmp(env, 1);	/*@2*/
}	/*@11*/

static int kind(int pc)	/*@24*/
{
	switch (pc % 3) {	/*@24*/
	case 1:	/*@13*/
		op(pc);	/*@13*/
		break;	/*@11*/
	case 2:	/*@8*/
		pc++;	/*@8*/
		break;	/*@8*/
	default:	/*@3*/
		return 0;	/*@3*/
	}
	return 1;	/*@19*/
}

static int run(const int *code, int n)	/*@5*/
{
	static void *const tab[] = { &&l_add, &&l_op, &&l_end };
	int pc = 0, acc = 0;	/*@5*/

	goto *tab[code[pc]];	/*@5*/
l_add:	/*@10*/
	acc++;	/*@10*/
	pc++;	/*@10*/
	goto *tab[code[pc]];	/*@10*/
l_op:	/*@24*/
	acc += kind(pc);	/*@24*/
	pc++;	/*@22*/
	goto *tab[code[pc]];	/*@22*/
l_end:	/*@3*/
	return acc + n;	/*@3*/
}

static int cmp(int op, int a, int b)	/*@4*/
{
	int i = 0;	/*@4*/

	if (a > 0) {	/*@4*/
		switch (op) {	/*@4*/
		case 0: i = a < b; break;	/*@2*/
		case 1: i = a <= b; break;	/*@2*/
		default: check(0);	/*@0*/
		}
	}
	return i;	/*@4*/
}

int main(void)	/*@1*/
{
	static const int prog[] = { 0, 1, 1, 0, 1, 1, 1, 1, 2 };
	int r = 0;	/*@1*/
	for (int k = 0; k < 5; k++) {	/*@+*/
		if (setjmp(env)) {	/*@+*/
			errors++;	/*@2*/
			continue;	/*@2*/
		}
		round_no = k;	/*@5*/
		r += run(prog, k);	/*@+*/
	}
	for (int k = 0; k < 4; k++)	/*@+*/
		r += cmp(k % 2, k + 1, 2);	/*@+*/
	printf("%d %d\n", r, errors);	/*@1*/
	return 0;	/*@1*/
}
