/* dump.h -- arcov-dump's printer, kept out of main() so the program stays a
 * thin wrapper and the printing can be reused by other tools.
 */
#ifndef ARCOV_DUMP_H
#define ARCOV_DUMP_H

#include <stdio.h>
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_dump_file - print one .bb, .bbg or .da file in readable form.
 * @out:  where the dump goes
 * @path: the file; a .bb, .bbg or .da suffix names its format, any other
 *        name is read as a .da if it starts with the .da magic
 * @err:  receives "FILE: offset N: what is wrong" on failure, may be NULL
 *
 * The whole file is parsed before anything is printed, so a file that
 * cannot be read or parsed leaves @out untouched.  The output format is
 * described at the top of dump.c.  Returns 0 or a negative ARCOV_E* code.
 */
int arcov_dump_file(FILE *out, const char *path, struct arcov_err *err);

#ifdef __cplusplus
}
#endif

#endif
