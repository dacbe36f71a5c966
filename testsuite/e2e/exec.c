/* exec.c -- a program that counts, then replaces itself with exec: the
 * counts made before the exec must be in the .da, next to those of the
 * new image.  Run without arguments it execs itself with one. */
#include <stdio.h>
#include <unistd.h>

static int work(int n)	/*@2*/
{
	int s = 0;	/*@2*/
	for (int i = 0; i < n; i++)	/*@+*/
		s += i;	/*@7*/
	return s;	/*@2*/
}

int main(int argc, char **argv)	/*@2*/
{
	if (argc > 1) {	/*@2*/
		printf("%d\n", work(4));	/*@1*/
		return 0;	/*@1*/
	}
	printf("%d\n", work(3));	/*@1*/
	fflush(stdout);	/*@1*/
	execl(argv[0], argv[0], "again", (char *)0);	/*@1*/
	perror("execl");	/*@0*/
	return 1;	/*@0*/
}
