/* fork.c -- parent and child both run code after fork(); every
 * execution must be recorded exactly once, those before the fork by the
 * parent only.  work() runs 4 times: work(2) and work(5) in the parent,
 * work(3) and work(1) in the child, 2 + 5 + 3 + 1 = 11 iterations. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int work(int n)	/*@4*/
{
	int s = 0;	/*@4*/
	for (int i = 0; i < n; i++)	/*@+*/
		s += i;	/*@11*/
	return s;	/*@4*/
}

int main(void)	/*@1*/
{
	int st = 0;	/*@1*/
	work(2);	/*@1*/
	pid_t pid = fork();	/*@2*/
	if (pid == 0) {	/*@2*/
		work(3);	/*@1*/
		exit(work(1) == 0 ? 0 : 1);	/*@1*/
	}
	work(5);	/*@1*/
	waitpid(pid, &st, 0);	/*@1*/
	return WEXITSTATUS(st);	/*@1*/
}
