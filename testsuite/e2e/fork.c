/* fork.c -- parent and child both run code after fork(); every
 * execution must be recorded exactly once, those before the fork by the
 * parent only. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int work(int n)
{
	int s = 0;
	for (int i = 0; i < n; i++)
		s += i;
	return s;
}

int main(void)
{
	int st = 0;
	work(2);
	pid_t pid = fork();
	if (pid == 0) {
		work(3);
		exit(work(1) == 0 ? 0 : 1);
	}
	work(5);
	waitpid(pid, &st, 0);
	return WEXITSTATUS(st);
}
