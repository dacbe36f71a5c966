/* inexact.c -- two functions; report-inexact.sh makes bad()'s counters
 * contradict its flow graph and holds the reports to what follows. */
static volatile int sink;

static void ok(int x)
{
	if (x > 2)
		sink = 1;
	else
		sink = 0;
}

static void bad(int x)
{
	if (x & 1)
		sink = x * 3;
	else
		sink = x / 2;
}

int main(void)
{
	for (int i = 0; i < 10; i++) {
		ok(i);
		bad(i);
	}
	return 0;
}
