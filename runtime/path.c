/* path.c -- where a .da goes: ARCOV_PREFIX and ARCOV_PREFIX_STRIP, read
 * with secure_getenv() so a setuid or setgid program never writes where
 * its caller says.
 */
#include <config.h>

#include <stdlib.h>

#include "fileio.h"
#include "internal.h"

void arcov_rt_place_read(struct arcov_rt_place *pl)
{
	pl->prefix = secure_getenv("ARCOV_PREFIX");
	pl->strip = arcov_path_strip_count(secure_getenv("ARCOV_PREFIX_STRIP"));
}

char *arcov_rt_da_path(const struct arcov_rt_place *pl, const char *da_path)
{
	return arcov_path_relocate(pl->prefix, pl->strip, da_path);
}
