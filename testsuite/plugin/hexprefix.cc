// hexprefix.cc -- tinyxml2's XMLUtil::IsPrefixHex(): plain, phiopt makes
// the last test's branch the value returned ("p[1] == 'x' || p[1] ==
// 'X'"), its arms empty once their constants are PHI arguments.  With
// the plugin each arm held its increment, the branch stayed, and the
// split-off part weighed 9 against 7 in the inliners' summaries
// (18 against 16 in tinyxml2); now the arms' increments move into the
// test (early-increments.cc).  diagnostics.sh holds every function's
// size to the plain build's.
bool is_prefix_hex(const char *p)
{
	return p && *p == '0' && (p[1] == 'x' || p[1] == 'X');
}

int base_of(const char *p)
{
	return is_prefix_hex(p) ? 16 : 10;
}
