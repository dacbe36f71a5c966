/* exec.c -- exec wrappers that write the counts first (arcov.h).
 *
 * exec replaces the process image, counters and exit handlers included,
 * so whatever was counted before it would be lost.  Each wrapper dumps,
 * then makes the libc call of the same name; the list forms build the
 * argument vector the way libc does.
 */
#include <config.h>

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <unistd.h>

#include "arcov.h"
#include "internal.h"

/* Collect @arg and the variadic arguments up to NULL into a malloc'd
 * vector; with @envp, also fetch the environment that follows the NULL. */
static char **arg_vector(const char *arg, va_list ap, char *const **envp)
{
	const char *p;
	va_list count;
	size_t n = 0, i = 0;
	char **argv;

	va_copy(count, ap);
	for (p = arg; p; p = va_arg(count, const char *))
		n++;
	va_end(count);
	argv = malloc((n + 1) * sizeof *argv);
	if (!argv) {
		errno = ENOMEM;
		return NULL;
	}
	argv[0] = (char *)arg;
	while (argv[i])
		argv[++i] = va_arg(ap, char *);
	if (envp)
		*envp = va_arg(ap, char *const *);
	return argv;
}

/* Dump, then exec @argv: by PATH search when @search, else @path with
 * @envp.  Only returns on failure, with errno from the exec. */
static int exec_list(const char *path, char **argv, int search,
		     char *const *envp)
{
	int saved;

	if (!argv)
		return -1;
	arcov_dump();
	if (search)
		execvp(path, argv);
	else
		execve(path, argv, envp);
	saved = errno;
	free(argv);
	errno = saved;
	return -1;
}

/**
 * arcov_execl - arcov_dump(), then execl().
 */
ARCOV_PUBLIC int arcov_execl(const char *path, const char *arg, ...)
{
	va_list ap;
	char **argv;

	va_start(ap, arg);
	argv = arg_vector(arg, ap, NULL);
	va_end(ap);
	return exec_list(path, argv, 0, environ);
}

/**
 * arcov_execlp - arcov_dump(), then execlp().
 */
ARCOV_PUBLIC int arcov_execlp(const char *file, const char *arg, ...)
{
	va_list ap;
	char **argv;

	va_start(ap, arg);
	argv = arg_vector(arg, ap, NULL);
	va_end(ap);
	return exec_list(file, argv, 1, NULL);
}

/**
 * arcov_execle - arcov_dump(), then execle().
 */
ARCOV_PUBLIC int arcov_execle(const char *path, const char *arg, ...)
{
	char *const *envp = NULL;
	va_list ap;
	char **argv;

	va_start(ap, arg);
	argv = arg_vector(arg, ap, &envp);
	va_end(ap);
	return exec_list(path, argv, 0, envp);
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
