/* Whole-number settings of the environment (SHOAL_SPIN_POLLS, SHOAL_SLICE_US, ...): one parse
 * and one error line for all of them. */
#ifndef SHOAL_CORE_ENV_LONG_H
#define SHOAL_CORE_ENV_LONG_H

/* NAME's value when it is a decimal from min to max; fallback when NAME is unset or empty.
 * Anything else stops shmem_init with "NAME=VALUE is not WHAT from MIN to MAX". */
long shoal_env_long(const char *name, long min, long max, const char *what, long fallback);

/* The same for a value already read (a setting that also takes words such as auto): or_words
 * ("auto", or NULL) is named at the end of the error line. */
long shoal_env_long_of(const char *name, const char *value, long min, long max, const char *what,
                       const char *or_words);

#endif
