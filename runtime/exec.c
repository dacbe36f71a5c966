/* exec.c -- exec wrappers that write the counts first (arcov.h).
 *
 * exec replaces the process image, counters and exit handlers included,
 * so whatever was counted before it would be lost.  Each wrapper dumps,
 * then makes the libc call of the same name; the list forms build the
 * argument vector the way libc does, on the stack.
 */
#include <config.h>

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "arcov.h"
#include "internal.h"

/* The number of arguments from @arg up to the NULL that ends them. */
static size_t arg_count(const char *arg, va_list ap)
{
	va_list count;
	size_t n = 0;

	va_copy(count, ap);
	for (; arg; arg = va_arg(count, const char *))
		n++;
	va_end(count);
	return n;
}

/* Copy @arg and the variadic arguments up to NULL into @argv; with @envp,
 * also fetch the environment that follows the NULL. */
static void arg_fill(char **argv, const char *arg, va_list ap,
		     char *const **envp)
{
	size_t i = 0;

	argv[0] = (char *)arg;
	while (argv[i])
		argv[++i] = va_arg(ap, char *);
	if (envp)
		*envp = va_arg(ap, char *const *);
}

/*
 * The list forms build their argument vector on the stack, as libc's own
 * do: a vfork() child that execs must not allocate from the heap it
 * shares with its parent, and a successful exec never returns to free it.
 * Each expands to the body of one wrapper: count, build, dump, exec.
 */
#define EXEC_LIST(arg, envp, call)					\
	do {								\
		va_list ap;						\
		size_t n;						\
									\
		va_start(ap, arg);					\
		n = arg_count(arg, ap);					\
		va_end(ap);						\
		if (n >= INT_MAX) {					\
			errno = E2BIG;					\
			return -1;					\
		}							\
		{							\
			char *argv[n + 1];				\
									\
			va_start(ap, arg);				\
			arg_fill(argv, arg, ap, envp);			\
			va_end(ap);					\
			arcov_dump();					\
			return call;					\
		}							\
	} while (0)

/**
 * arcov_execl - arcov_dump(), then execl().
 */
ARCOV_PUBLIC int arcov_execl(const char *path, const char *arg, ...)
{
	EXEC_LIST(arg, NULL, execve(path, argv, environ));
}

/**
 * arcov_execlp - arcov_dump(), then execlp().
 */
ARCOV_PUBLIC int arcov_execlp(const char *file, const char *arg, ...)
{
	EXEC_LIST(arg, NULL, execvp(file, argv));
}

/**
 * arcov_execle - arcov_dump(), then execle().
 */
ARCOV_PUBLIC int arcov_execle(const char *path, const char *arg, ...)
{
	char *const *envp = NULL;

	EXEC_LIST(arg, &envp, execve(path, argv, envp));
}

/**
 * arcov_execv - arcov_dump(), then execv().
 */
ARCOV_PUBLIC int arcov_execv(const char *path, char *const argv[])
{
	arcov_dump();
	return execv(path, argv);
}

/**
 * arcov_execvp - arcov_dump(), then execvp().
 */
ARCOV_PUBLIC int arcov_execvp(const char *file, char *const argv[])
{
	arcov_dump();
	return execvp(file, argv);
}

/**
 * arcov_execvpe - arcov_dump(), then execvpe().
 */
ARCOV_PUBLIC int arcov_execvpe(const char *file, char *const argv[],
			       char *const envp[])
{
	arcov_dump();
	return execvpe(file, argv, envp);
}

/**
 * arcov_execve - arcov_dump(), then execve().
 */
ARCOV_PUBLIC int arcov_execve(const char *path, char *const argv[],
			      char *const envp[])
{
	arcov_dump();
	return execve(path, argv, envp);
}

/**
 * arcov_fexecve - arcov_dump(), then fexecve().
 */
ARCOV_PUBLIC int arcov_fexecve(int fd, char *const argv[], char *const envp[])
{
	arcov_dump();
	return fexecve(fd, argv, envp);
}
