/* label.c -- a label the source names is passed by every arrival at its
 * block: falling into it, its gotos, and a loop's back jump that carries
 * its place (issue 29, case 3).  A case label's line reads only the jumps
 * to it (cgoto.c). */
static int f(const char *in)	/*@1*/
{
	int n = 0;	/*@1*/

	do {
again:	/*@6*/
		while (*in == ' ')	/*@+*/
			in++;	/*@3*/
		if (*in == '\n') {	/*@6*/
			do {
				n++;	/*@3*/
				in++;	/*@3*/
			} while (*in == '\n');	/*@3*/
			goto again;	/*@2*/
		}
	} while (*in++);	/*@4*/
	return n;	/*@1*/
}

static int g(int k)	/*@3*/
{
	int i = 0;	/*@3*/

top:	/*@6*/
	i++;	/*@6*/
	if (i < k)	/*@6*/
		goto top;	/*@3*/
	switch (k) {	/*@3*/
	case 1:	/*@1*/
		break;	/*@1*/
	default:	/*@2*/
		i = -i;	/*@2*/
	}
	return i;	/*@3*/
}

int main(void)	/*@1*/
{
	int s = f(" a\n\n b\n c");	/*@1*/

	for (int k = 1; k <= 3; k++)	/*@+*/
		s += g(k);	/*@3*/
	return s != -1;	/*@1*/
}
