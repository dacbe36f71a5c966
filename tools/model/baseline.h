/* baseline.h -- the baseline of differential coverage (diffcov.h): an
 * lcov tracefile of the earlier run, or a saved tree of the earlier
 * build's notes and data (a copy of the build tree after its run, or
 * arcov-merge's output beside those notes), loaded as a project and
 * reduced to each source's lines with code and their counts.
 */
#ifndef ARCOV_BASELINE_H
#define ARCOV_BASELINE_H

#include "error.h"
#include "project.h"
#include "tracefile.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * arcov_baseline_read - the baseline @path into @t: a directory is a
 * tree, whose every object (.bbg) below it is loaded with @o's source
 * options (path maps, prefix; all runs, not --run's), each line with code
 * counted; anything else is a tracefile (tracefile_read()).  A tree's
 * lines carry no exclusion: the earlier sources are not at hand, only
 * today's (diffcov.c applies their markers to the sources the diff does
 * not change); *@tree says which it was.  What loading a tree says goes to stderr, "arcov:
 * baseline: ..." first.  Returns 0 or a negative ARCOV_E* with the reason
 * in @err; @t is released with tracefile_free() whatever the result.
 */
int arcov_baseline_read(struct tracefile *t, const char *path,
			const struct arcov_project_opts *o, int *tree,
			struct arcov_err *err);

#ifdef __cplusplus
}
#endif

#endif
