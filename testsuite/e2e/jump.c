/* jump.c -- setjmp/longjmp across frames, and exit() in mid-function:
 * counts made before exit() must reach the .da. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

static jmp_buf env;

static void thrower(int i)	/*@10*/
{
	if (i % 3 == 0)	/*@10*/
		longjmp(env, i);	/*@3*/
}	/*@7*/

static int try_all(int n)	/*@1*/
{
	int caught = 0;	/*@1*/
	for (int i = 1; i <= n; i++) {	/*@+*/
		if (setjmp(env)) {	/*@+*/
			caught++;	/*@3*/
			continue;	/*@3*/
		}
		thrower(i);	/*@10*/
	}
	return caught;	/*@1*/
}

static void finish(int code)	/*@1*/
{
	printf("finishing\n");	/*@1*/
	exit(code);	/*@1*/
	printf("never\n");
}

int main(void)	/*@1*/
{
	printf("%d\n", try_all(10));	/*@1*/
	finish(3);	/*@1*/
	return 0;	/*@0*/
}
