// split.cc -- a small range test called from two functions, as JsonCpp's
// InRange() (json_value.cpp): GCC's function splitting (fnsplit) keeps
// it whole in the plain build, its second comparison too small a part to
// call.  It sums its candidates' sizes itself (ipa-split.cc), and the
// increments on that comparison's arcs, one instruction each there as
// asm statements, made the part big enough: the plugin's build split
// in_range() in two and inlined only the head where the plain build
// inlines it all.  diagnostics.sh holds the functions split to the plain
// build's.
extern void fail(const char *);

template <typename T, typename U>
static inline bool in_range(double d, T min, U max)
{
	return d >= static_cast<double>(min) && d <= static_cast<double>(max);
}

struct V {
	int kind;
	double real;
	int i;
};

int as_int(const V &v)
{
	switch (v.kind) {
	case 0:
		return v.i;
	case 1:
		if (!in_range(v.real, -2147483647 - 1, 2147483647))
			fail("double out of Int range");
		return int(v.real);
	default:
		break;
	}
	fail("not an Int");
	return 0;
}

unsigned as_uint(const V &v)
{
	switch (v.kind) {
	case 0:
		return v.i;
	case 1:
		if (!in_range(v.real, 0, 2147483647))
			fail("double out of UInt range");
		return unsigned(v.real);
	default:
		break;
	}
	fail("not a UInt");
	return 0;
}
