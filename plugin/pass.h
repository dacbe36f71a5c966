/* pass.h -- turn plain C functions into GCC pass objects.
 *
 * GCC passes are C++ classes; these two macros keep the classes out of
 * sight so the plugin body reads as C.  Each defines a class and a
 * function "opt_pass *MAKE(void)" returning a fresh instance for
 * register_callback(PLUGIN_PASS_MANAGER_SETUP):
 *
 *   ARCOV_GIMPLE_PASS(MAKE, "name", gate, execute, properties_required)
 *	bool gate(function *); unsigned int execute(function *);
 *	run once per function.
 *   ARCOV_SIMPLE_IPA_PASS(MAKE, "name", gate, execute)
 *	bool gate(void); unsigned int execute(void); run once per unit.
 *   ARCOV_IPA_PASS(MAKE, "name", gate, execute)
 *	the same, as a regular IPA pass with no summaries of its own: GCC
 *	places a new pass only beside passes of its own type.
 *
 * A GIMPLE pass can be registered beside every instance of a pass that
 * runs more than once (clone() makes the copies).
 */
#ifndef ARCOV_PASS_H
#define ARCOV_PASS_H

#define ARCOV_PASS_DATA(type, name, props)				\
	{								\
		type,		/* type */				\
		name,		/* name */				\
		OPTGROUP_NONE,	/* optinfo_flags */			\
		TV_NONE,	/* tv_id */				\
		props,		/* properties_required */		\
		0,		/* properties_provided */		\
		0,		/* properties_destroyed */		\
		0,		/* todo_flags_start */			\
		0,		/* todo_flags_finish */			\
	}

/* The class and its maker; CTOR_ARGS, in parentheses, construct the base;
 * GATE and EXECUTE are calls that may use "fun". */
#define ARCOV_PASS_CLASS(make, base, ctor_args, type, name, props,	\
			 gate_call, execute_call)			\
	namespace {							\
	const pass_data make##_data =					\
		ARCOV_PASS_DATA(type, name, props);			\
	class make##_class : public base {				\
	public:								\
		make##_class() : base ctor_args {}			\
		bool gate(function *fun) final override			\
		{							\
			return gate_call;				\
		}							\
		unsigned int execute(function *fun) final override	\
		{							\
			return execute_call;				\
		}							\
		opt_pass *clone() final override			\
		{							\
			return new make##_class();			\
		}							\
	};								\
	}								\
	static opt_pass *make(void)					\
	{								\
		return new make##_class();				\
	}

#define ARCOV_GIMPLE_PASS(make, name, gate_fn, execute_fn, props)	\
	ARCOV_PASS_CLASS(make, gimple_opt_pass, (make##_data, g),	\
			 GIMPLE_PASS, name, props,			\
			 gate_fn(fun), execute_fn(fun))

#define ARCOV_SIMPLE_IPA_PASS(make, name, gate_fn, execute_fn)		\
	ARCOV_PASS_CLASS(make, simple_ipa_opt_pass, (make##_data, g),	\
			 SIMPLE_IPA_PASS, name, 0,			\
			 gate_fn(), execute_fn())

#define ARCOV_RTL_PASS(make, name, gate_fn, execute_fn)		\
	ARCOV_PASS_CLASS(make, rtl_opt_pass, (make##_data, g),		\
			 RTL_PASS, name, 0, gate_fn(fun), execute_fn(fun))

/* No summary of its own to generate, stream or apply. */
#define ARCOV_IPA_PASS(make, name, gate_fn, execute_fn)		\
	ARCOV_PASS_CLASS(make, ipa_opt_pass_d,				\
			 (make##_data, g, NULL, NULL, NULL, NULL, NULL,	\
			  NULL, 0, NULL, NULL),				\
			 IPA_PASS, name, 0, gate_fn(), execute_fn())

#endif
