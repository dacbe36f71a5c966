/* semihost.h -- the two ARM semihosting calls the sample needs: text to
 * the debugger's console (qemu's standard output) and the end of the
 * program with a status. */
#ifndef SEMIHOST_H
#define SEMIHOST_H

void semihost_write0(const char *s);
void semihost_exit(int ok) __attribute__((noreturn));

#endif
