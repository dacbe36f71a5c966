/* counter.h -- the library of the build-system test project. */
int counter_sign(int x);
int counter_sum(const int *v, int n);
