/* winline.c -- an inline function the plain build inlines at -O2,
 * near --param max-inline-insns-single: its increments, atomic ones
 * too (-pthread -fPIC), must not make the inliner give up (-Winline). */
static inline int mix(const int *v, int n)
{
	int s = 0;

	if (v[0] > n)
		s += v[0] * 3;
	else
		s -= 1;
	if (v[1] > n)
		s += v[1] * 4;
	else
		s -= 2;
	if (v[2] > n)
		s += v[2] * 5;
	else
		s -= 3;
	if (v[3] > n)
		s += v[3] * 6;
	else
		s -= 4;
	if (v[4] > n)
		s += v[4] * 7;
	else
		s -= 5;
	if (v[5] > n)
		s += v[5] * 8;
	else
		s -= 6;
	if (v[6] > n)
		s += v[6] * 9;
	else
		s -= 7;
	if (v[7] > n)
		s += v[7] * 10;
	else
		s -= 8;
	if (v[8] > n)
		s += v[8] * 11;
	else
		s -= 9;
	if (v[9] > n)
		s += v[9] * 12;
	else
		s -= 10;
	return s;
}

int use(const int *v, int n);

int use(const int *v, int n)
{
	return mix(v, n) + mix(v + 1, n + 1);
}
