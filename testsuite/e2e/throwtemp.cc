// throwtemp.cc -- a call that throws with a temporary on its line: the
// temporary's cleanup, on the same line, runs on the way of the exception
// without the line being entered again (issue 29; jsoncpp's
// throwRuntimeError("...") lines).
#include <stdexcept>
#include <string>

[[noreturn]] static void fail(const std::string &msg)	/*@4*/
{
	throw std::runtime_error(msg);	/*@4*/
}

static int check(int depth)	/*@6*/
{
	if (depth > 3)	/*@6*/
		fail("Exceeded stack limit in check().");	/*@2*/
	return depth;	/*@4*/
}

static std::string where(int i)	/*@2*/
{
	return std::string("at ") + std::to_string(i);	/*@2*/
}

static int parse(int i)	/*@5*/
{
	if (i & 1)	/*@5*/
		fail(where(i) + ": odd");	/*@2*/
	return i;	/*@3*/
}

int main()	/*@1*/
{
	int n = 0;	/*@1*/

	for (int i = 0; i < 6; i++)	/*@+*/
		try { n += check(i); } catch (const std::exception &) { n--; }	/*@6*/
	for (int i = 0; i < 5; i++)	/*@+*/
		try { n += parse(i); } catch (const std::exception &) { n--; }	/*@5*/
	return n != 4 + 6 - 2;	/*@1*/
}
