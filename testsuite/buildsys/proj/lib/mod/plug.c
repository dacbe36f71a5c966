/* plug.c -- a loadable module named after its source (libtool: plug.la
 * from plug.c), which src/app/main.c opens with dlopen(). */
int plug_twice(int x);

int plug_twice(int x)	/*@2*/
{
	return 2 * x;	/*@2*/
}
