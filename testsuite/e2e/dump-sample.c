/* dump-sample.c -- the function of doc/formats.md §2.4, and a caller. */
int f(int x)
{
  if (x)
    return 1;
  return 0;
}

int main(int argc, char **argv)
{
  (void)argv;
  return f(argc) + f(0) - 1;
}
