// ternary.cc -- "return c ? f () : g ();" with each arm on a line of its
// own, counted once per run (issue 29; pugixml's convert_buffer): after
// either arm's call the value goes back to the condition's line to be
// stored, which is the statement the condition started, not a new entry.
struct D1 { int k; };
struct D2 { int k; };

template <typename D>
static bool conv(const char *&out, int &len, const char *c, int size, D d)	/*@+*/
{
	out = c + d.k;	/*@+*/
	len = size;	/*@+*/
	return size > 2;	/*@+*/
}

static bool little() { return true; }	/*@5*/

static bool convert(const char *&out, int &len, int enc, const char *c, int size)	/*@7*/
{
	if (enc == 1 || enc == 2)	/*@+*/
	{
		int native = little() ? 2 : 1;	/*@+*/

		return (native == enc) ?	/*@5*/
			conv(out, len, c, size, D1()) :	/*@2*/
			conv(out, len, c, size, D2());	/*@+*/
	}
	return false;	/*@2*/
}

int main()	/*@1*/
{
	const char buf[8] = "abcdefg";	/*@1*/
	const char *o;
	int l, r = 0;	/*@1*/

	for (int i = 0; i < 7; i++)	/*@+*/
		r += convert(o, l, 1 + i % 3, buf, i);	/*@7*/
	return r != 3;	/*@1*/
}
