/* continuous-unit.c -- the counted work of continuous.c. */
volatile unsigned long sink;

void unit(unsigned long i);

void unit(unsigned long i)
{
	if (i % 3 == 0)		/* unit */
		sink += 3;	/* thirds */
	else
		sink += 1;	/* others */
}
