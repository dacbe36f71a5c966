/* runs.cc -- run counters: one increment for several counters that always
 * run together, and the table the runtime adds them back with.
 *
 * The plugin instruments before inlining (doc/design.md, "Where the
 * plugin works"), so an inlined std:: helper brings its own increments
 * into every caller, and a straight stretch of code that calls three
 * helpers in a row increments three or more different counters, one
 * after the other, with nothing between them that could stop the
 * stretch: they always count the same.  merge-increments.cc finds such
 * a stretch after the optimizers; here it gets one counter of its own,
 * a run counter, that the stretch increments once instead, and a table
 * entry listing the run's members (each counter, and how many times the
 * stretch incremented it).  At every dump the runtime adds each run
 * counter's value, times the multiplicity, to its members before
 * anything reads the counts (runtime/runs.c); run counters never reach
 * the .da, so the data files and the notes are what they were.
 *
 * Where they live: the unit's counter array and its arcov_object are
 * made in the IPA pass (emit.cc, ap_emit_object()), before inlining, when
 * nobody knows how many runs there will be; the functions are optimized
 * and expanded one after the other afterwards, and GCC writes the unit's
 * variables out only once every function is expanded (at -O1 and above,
 * where top-level reordering is on; the merge pass runs only there).  So
 * the run counters are the arrays' tail, after the unit's counters (and
 * in a thread's copy after its head and counters), and each function's
 * runs lengthen the arrays and the table before the variables are
 * written; the object points to the table from the start, whose first
 * word says how many runs there are.  Should GCC write a variable out
 * earlier (-fno-toplevel-reorder writes them in order with the
 * functions), no more runs are made from then on: ap_runs_allowed()
 * asks whether any is written yet, and the increments stay.
 *
 * Runs with the same members (the same helper inlined into several
 * places) share one run counter.  Not made: in the continuous mode,
 * whose live file maps the counters alone and must hold every count the
 * moment it is made (doc/live-file.md), freestanding (its runtime and
 * stream know no runs), or at link time (-flto's partitions, which
 * cannot grow the arrays of the unit that made them); nor with
 * -fplugin-arg-arcov-no-runs.
 */
#include "compat.h"
#include "arcov-plugin.h"

tree ap_runs_var;			/* the table: a GC root (plugin.cc) */
static uint32_t unit_counters;		/* the unit's counters before runs */
static uint32_t nruns, nwords;
static bool dirty;			/* runs not yet in the arrays' types */
/* Members, as a string, to their run; the keys are ours to free. */
static hash_map<nofree_string_hash, unsigned> *known;
static vec<char *> keys;

static tree word(uint32_t v)
{
	return build_int_cst(uint32_type_node, v);
}

/**
 * ap_runs_table - the run table for the object to point to, with no run
 * in it yet, or NULL_TREE when this unit makes none; @ncounters is the
 * unit's number of counters, after which the run counters go.
 */
tree ap_runs_table(uint32_t ncounters)
{
	vec<constructor_elt, va_gc> *elts = NULL;
	tree type;

	if (!ap_opts.runs || ap_opts.continuous || ap_opts.freestanding ||
	    in_lto_p || !optimize ||
	    !(ap_increments_are_asm() || ap_opts.atomic))
		return NULL_TREE;
	unit_counters = ncounters;
	type = build_array_type(uint32_type_node, build_index_type(size_int(1)));
	ap_runs_var = ap_static_var(type, "LARCOVR");
	TREE_READONLY(ap_runs_var) = 1;
	CONSTRUCTOR_APPEND_ELT(elts, size_int(0), word(0));
	CONSTRUCTOR_APPEND_ELT(elts, size_int(1), word(0));
	DECL_INITIAL(ap_runs_var) = build_constructor(type, elts);
	varpool_node::finalize_decl(ap_runs_var);
	varpool_node::get(ap_runs_var)->analyze();
	return ap_runs_var;
}

/**
 * ap_runs_allowed - whether a run counter can still be made: the unit
 * has a table, and neither it nor a counter array nor the object has
 * been written out.
 */
bool ap_runs_allowed(void)
{
	return ap_runs_var && !TREE_ASM_WRITTEN(ap_runs_var) &&
	       !ap_counters_written() && nruns < UINT32_MAX - unit_counters &&
	       !in_lto_p;
}

static int by_index(const void *pa, const void *pb)
{
	const struct ap_run_member *a = (const struct ap_run_member *)pa;
	const struct ap_run_member *b = (const struct ap_run_member *)pb;

	return a->index < b->index ? -1 : a->index > b->index;
}

/**
 * ap_run_counter - the run counter for the @k >= 2 members @m (sorted
 * here), into *@index, a counter index after the unit's; *@fresh says
 * whether it is new.  False when no run can be made.
 */
bool ap_run_counter(struct ap_run_member *m, unsigned int k, uint32_t *index,
		    bool *fresh)
{
	vec<constructor_elt, va_gc> *elts;
	struct obstack ob;
	unsigned int i, *slot;
	char buf[32], *key;
	bool existed;

	if (!ap_runs_allowed() || k < 2 ||
	    nwords > UINT32_MAX - 3 - 2 * k)
		return false;
	qsort(m, k, sizeof *m, by_index);
	obstack_init(&ob);
	for (i = 0; i < k; i++) {
		snprintf(buf, sizeof buf, "%u*%u ", m[i].index, m[i].times);
		obstack_grow(&ob, buf, strlen(buf));
	}
	obstack_1grow(&ob, 0);
	key = (char *)obstack_finish(&ob);
	if (!known)
		known = new hash_map<nofree_string_hash, unsigned>;
	slot = known->get(key);
	if (slot) {
		obstack_free(&ob, NULL);
		*index = unit_counters + *slot;
		*fresh = false;
		return true;
	}
	key = xstrdup(key);
	obstack_free(&ob, NULL);
	keys.safe_push(key);
	existed = known->put(key, nruns);
	gcc_checking_assert(!existed);
	/* The entry goes on the table's constructor in place: the table
	 * grows by a few words per run, never copied. */
	elts = CONSTRUCTOR_ELTS(DECL_INITIAL(ap_runs_var));
	CONSTRUCTOR_APPEND_ELT(elts, size_int(2 + nwords), word(k));
	for (i = 0; i < k; i++) {
		CONSTRUCTOR_APPEND_ELT(elts, size_int(3 + nwords + 2 * i),
				       word(m[i].index));
		CONSTRUCTOR_APPEND_ELT(elts, size_int(4 + nwords + 2 * i),
				       word(m[i].times));
	}
	CONSTRUCTOR_ELTS(DECL_INITIAL(ap_runs_var)) = elts;
	nwords += 1 + 2 * k;
	*index = unit_counters + nruns++;
	*fresh = true;
	dirty = true;
	return true;
}

/**
 * ap_runs_commit - give the counter arrays and the table the lengths
 * that the runs made so far need; after each function's runs, before
 * anything is expanded to RTL.
 */
void ap_runs_commit(void)
{
	vec<constructor_elt, va_gc> *elts;
	tree type;

	if (!dirty)
		return;
	dirty = false;
	ap_counters_resize(unit_counters + nruns);
	elts = CONSTRUCTOR_ELTS(DECL_INITIAL(ap_runs_var));
	(*elts)[0].value = word(nruns);
	(*elts)[1].value = word(nwords);
	type = build_array_type(uint32_type_node,
				build_index_type(size_int(1 + nwords)));
	TREE_TYPE(DECL_INITIAL(ap_runs_var)) = type;
	TREE_TYPE(ap_runs_var) = type;
	DECL_SIZE(ap_runs_var) = NULL_TREE;
	DECL_SIZE_UNIT(ap_runs_var) = NULL_TREE;
	layout_decl(ap_runs_var, 0);
}

/**
 * ap_runs_release - forget the unit's runs (at the end of the
 * compilation).
 */
void ap_runs_release(void)
{
	unsigned int i;
	char *key;

	delete known;
	known = NULL;
	FOR_EACH_VEC_ELT(keys, i, key)
		free(key);
	keys.release();
}
