// lambda.cc -- a lambda's statements each counted once per call: "this",
// captured by reference, is a value expression carrying the place of its
// first use, so the second assertion loads it on the first one's line
// after its own call (issue 29; jsoncpp's test lambdas), whatever comes
// first in the block after that call.
struct Result {
	int fails;
};

template <typename T, typename U>
static Result &checkEqual(Result &r, T expected, U actual, const char *expr)	/*@10*/
{
	if (static_cast<U>(expected) != actual)	/*@10*/
		r.fails++;	/*@2*/
	return r;	/*@10*/
}

#define ASSERT_EQUAL(expected, actual) \
	checkEqual(*result_, expected, actual, #expected " == " #actual)

struct V {
	long s, l;
	long getStart() const { return s; }	/*@5*/
	long getLimit() const { return l; }	/*@5*/
};

struct Test {
	Result *result_;
	int run()	/*@1*/
	{
		V vs[3] = { {0, 5}, {1, 4}, {2, 2} };	/*@1*/
		auto checkOffsets = [&](const V &v, int start, int limit) {	/*@3*/
			ASSERT_EQUAL(start, v.getStart());	/*@3*/
			ASSERT_EQUAL(limit, v.getLimit());	/*@3*/
		};	/*@+*/
		for (int i = 0; i < 3; i++)	/*@+*/
			checkOffsets(vs[i], i, 5 - i);	/*@3*/
		return result_->fails;	/*@1*/
	}
};

// A fixture as jsoncpp's tests declare them: the macro starts its
// functions on one line, a gcov 12 function group, and run()'s lines are
// its own records in the JSON report, the closure's place on line 61
// among them.  The assertion of line 60 copies its call's value after the
// call ("+ 1"), so the load of "this" on line 59's place comes after a
// statement of line 60 in their block.
#define FIXTURE(name) \
	struct name : Test { \
		static const char *title() { return #name; } \
		int run(); \
	}; \
	int name::run()

FIXTURE(Offsets)	/*@+*/
{
	V vs[2] = { {0, 5}, {1, 4} };	/*@1*/
	auto check = [&](const V &v, int start, int limit) {	/*@2*/
		ASSERT_EQUAL(start, v.getStart());	/*@2*/
		ASSERT_EQUAL(limit + 1, v.getLimit() + 1);	/*@2*/
	};	/*@+*/
	check(vs[0], 0, 5);	/*@1*/
	check(vs[1], 1, 5);	/*@1*/
	return result_->fails + (Offsets::title()[0] != 'O');	/*@1*/
}

int main()	/*@1*/
{
	Result r = { 0 };	/*@1*/
	Test t = { &r };	/*@1*/
	Offsets o;
	o.result_ = &r;	/*@1*/
	return t.run() != 1 || o.run() != 2;	/*@+*/
}
