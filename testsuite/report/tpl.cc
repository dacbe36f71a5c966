// tpl.cc -- the program report-gcovr-groups.sh builds with the plugin: a
// template whose two instances share their lines, each taking one arm of
// the branch, so the line's branches are a group's.
template <typename T> T pick(T a, T b)
{
	if (a > b)
		return a;
	return b;
}

int main()
{
	return pick(1, 2) + (int)pick(2.0, 1.0) - 4;
}
