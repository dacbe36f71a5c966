// header.cc -- JsonCpp's Value::size() reduced: GCC's function splitting
// (fnsplit) splits the assertion's call off size() when the header, the
// type's load and the switch, is small enough, as in the plain build.
// The per-thread entry check's load, test and call (an asm weighed as 5)
// sat in that header until the check was one internal call weighing
// nothing (early-increments.cc): the plugin's build kept size() whole.
// diagnostics.sh holds the functions split to the plain build's.
#include <cassert>
#include <map>

struct V {
	int type;
	std::map<unsigned, int> *m;
	unsigned size() const;
};

unsigned V::size() const
{
	switch (type) {
	case 0: case 1: case 2: case 3: case 4: case 5:
		return 0;
	case 6:
		if (!m->empty()) {
			std::map<unsigned, int>::const_iterator last = m->end();
			--last;
			return last->first + 1;
		}
		return 0;
	case 7:
		return unsigned(m->size());
	}
	assert(false);
	return 0;
}

bool empty(const V &v)
{
	return v.size() == 0;
}
