// returnjoin.cc -- returns out of a range-for: each "return dflt;" line
// counted once per return taken (issue 29; jsoncpp's Path::resolve).
// Lowering copies the cleanup of the loop's scope (the ends of its
// iterators' lifetimes, no code) once for all the returns that leave it,
// in a block that takes the first return's place: lines 26 and 28 go
// through it, which counted as entries of line 23 too (gcov 12: 5).
#include <string>
#include <vector>

struct Value {
	std::string s;
	Value(const char *p) : s(p) {}	/*@9*/
	Value(const Value &v) : s(v.s) {}	/*@3*/
	~Value() {}	/*@12*/
};

static Value resolve(const std::vector<int> &args, const Value &dflt, int stop)	/*@6*/
{
	int n = 0;	/*@6*/
	for (const auto &a : args) {	/*@+*/
		if (a == 1) {	/*@23*/
			if (n++ == stop)	/*@10*/
				return dflt;	/*@2*/
		} else if (a == 2) {	/*@13*/
			if (n++ == stop + 1)	/*@13*/
				return dflt;	/*@1*/
			if (n == 100)	/*@12*/
				return dflt;	/*@0*/
		}
	}
	return Value("end");	/*@3*/
}

int main()	/*@1*/
{
	static const int kinds[] = { 1, 2, 2, 1, 2 };
	std::vector<int> v(kinds, kinds + 5);	/*@1*/
	size_t r = 0;	/*@1*/

	for (int stop = 0; stop < 6; stop++)	/*@+*/
		r += resolve(v, Value("d"), stop).s.size();	/*@6*/
	return r != 12;	/*@1*/
}	/*@+*/
