// alwaysinline.cc -- bodies GCC copies into every caller (always_inline)
// and never emits: a member of two extern template instances (as
// std::string's and std::wstring's _M_use_local_data) and a static
// function.  Their lines ran in the callers' copies; neither their
// declarator lines nor a call whose value nothing takes hold any
// instruction (issue 29).
template <typename T> struct Box {
	T v;
	__attribute__((always_inline)) void clear()
	{
		v = T();	/*@+*/
	}	/*@+*/
	template <typename U> void put(U u)	/*@+*/
	{
		clear();
		v += u;	/*@+*/
	}	/*@+*/
};
extern template struct Box<int>;
extern template struct Box<long>;

static inline __attribute__((always_inline)) int
twice(int x)
{
	return 2 * x;	/*@6*/
}

int main()	/*@1*/
{
	Box<int> b;
	Box<long> c;
	int n = 0;	/*@1*/

	for (int i = 0; i < 6; i++) {	/*@+*/
		b.put(1L);	/*@6*/
		c.put(2L);	/*@6*/
		n += twice(b.v);	/*@6*/
	}
	return n != 12;	/*@1*/
}
