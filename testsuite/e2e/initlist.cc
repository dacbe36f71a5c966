// initlist.cc -- an array of class objects built from a braced list
// (issue 29; jsoncpp's CharReaderAllowDropNullTest specs, pugixml's
// xpath_node lists): GCC gives most of the elements' construction the
// line of the function's closing brace and the list's '};', and a
// line of the list only the call on it.
#include <functional>
#include <string>

using F = std::function<int(int)>;

static F add(std::string s, F f)	/*@2*/
{
	return [=](int x) { return f(x) + (int)s.size(); };	/*@+*/
}	/*@2*/

static F same()	/*@4*/
{
	return [](int x) { return x; };	/*@+*/
}

struct Spec {
	int line;
	std::string doc;
	F on;
	~Spec() {}	/*@6*/
};

static int run()	/*@2*/
{
	const Spec specs[] = {
		{__LINE__, "ab", add("a", same())},	/*@+*/
		{__LINE__, "cd", same()},
		{__LINE__, "ef", nullptr},
	};	/*@+*/
	int n = 0;	/*@2*/

	for (const auto &s : specs)	/*@+*/
		n += s.on ? s.on(s.line) : 0;	/*@+*/
	return n;	/*@+*/
}	/*@+*/

int main()	/*@1*/
{
	int n = 0;	/*@1*/

	for (int i = 0; i < 2; i++)	/*@+*/
		n += run();	/*@2*/
	return n == 0;	/*@1*/
}
