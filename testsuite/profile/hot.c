/* hot.c -- a hot leaf the user leaves out of the profile (exclude=),
 * which calls back into profiled code. */
int cold(int x);

int hot(int x) { return cold(x) * 2; }
