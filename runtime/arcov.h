/* arcov.h -- what an instrumented program may call in libarcov.
 *
 * The runtime writes every registered object's .da at exit and when a
 * shared library is unloaded.  These calls let a program write earlier:
 * long-running servers, programs that end in _exit() or a signal, and
 * programs that exec.  Everything here is safe to call from any thread.
 * The layout the compiler plugin emits is in <arcov-abi.h>.
 */
#ifndef ARCOV_H
#define ARCOV_H

#include <unistd.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_dump - write the counts gathered so far to the .da files now,
 * then continue counting from zero (so nothing is counted twice).
 */
void arcov_dump(void);

/**
 * arcov_reset - discard the counts gathered so far.
 */
void arcov_reset(void);

/*
 * exec wrappers: arcov_dump(), then the libc call of the same name.  The
 * new program image would otherwise take the counts with it.  When the
 * exec fails, the counts are already written and the program continues
 * counting from zero.  The plugin redirects calls to these.
 */
int arcov_execl(const char *path, const char *arg, ...);
int arcov_execlp(const char *file, const char *arg, ...);
int arcov_execle(const char *path, const char *arg, ...);
int arcov_execv(const char *path, char *const argv[]);
int arcov_execvp(const char *file, char *const argv[]);
int arcov_execvpe(const char *file, char *const argv[], char *const envp[]);
int arcov_execve(const char *path, char *const argv[], char *const envp[]);
int arcov_fexecve(int fd, char *const argv[], char *const envp[]);

#ifdef __cplusplus
}
#endif

#endif
