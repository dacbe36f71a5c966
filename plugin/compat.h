/* compat.h -- every GCC header the plugin needs, and every GCC-version #if.
 *
 * The rest of the plugin includes only this file (plus arcov-plugin.h, and
 * plugin.cc the version stamp plugin-version.h, which defines data), so
 * supporting another GCC release means touching this header alone.  GCC's
 * headers must come first and in this order: gcc-plugin.h pulls in config.h
 * and system.h, which the others assume.
 */
#ifndef ARCOV_COMPAT_H
#define ARCOV_COMPAT_H

#include "gcc-plugin.h"
#include "bversion.h"

#if BUILDING_GCC_MAJOR < 12 || BUILDING_GCC_MAJOR > 13
#error "arcov supports the plugin API of GCC 12 and 13 only"
#endif

#include "tree.h"
#include "tree-pass.h"
#include "context.h"
#include "function.h"
#include "basic-block.h"
#include "cfgloop.h"
#include "gimple.h"
#include "gimple-iterator.h"
#include "gimple-expr.h"
#include "predict.h"
#include "gimple-predict.h"
#include "cfganal.h"
#include "tree-cfg.h"
#include "gimplify.h"
#include "stringpool.h"
#include "stor-layout.h"
#include "varasm.h"
#include "cgraph.h"
#include "attribs.h"
#include "output.h"
#include "diagnostic-core.h"
#include "builtins.h"
#include "memmodel.h"
#include "langhooks.h"
#include "toplev.h"
#include "opts.h"

#endif
