/* nvshmemx.h: the error-reporting macros NVSHMEM's headers give programs (its examples and
 * perftests use them): print where and what to stderr, then exit, jump to a label, or go on. */
#ifndef SHOAL_NVSHMEM_ERROR_H
#define SHOAL_NVSHMEM_ERROR_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One report: "file:line: " (plus the extra text), the caller's printf-style message, newline. */
#define SHOAL_NVI_REPORT(stream, extra, ...)                                                       \
    do {                                                                                           \
        fprintf(stream, "%s:%d: %s%s", __FILE__, __LINE__, extra, *(extra) ? ": " : "");           \
        fprintf(stream, __VA_ARGS__);                                                              \
        fprintf(stream, "\n");                                                                     \
    } while (0)

#define NVSHMEMI_ERROR_PRINT(...) SHOAL_NVI_REPORT(stderr, "", __VA_ARGS__)
#define NVSHMEMI_ERROR_EXIT(...)                                                                   \
    do {                                                                                           \
        NVSHMEMI_ERROR_PRINT(__VA_ARGS__);                                                         \
        exit(-1);                                                                                  \
    } while (0)
#define NVSHMEMI_WARN_PRINT(...)                                                                   \
    do {                                                                                           \
        fprintf(stdout, "WARN: ");                                                                 \
        fprintf(stdout, __VA_ARGS__);                                                              \
        fprintf(stdout, "\n");                                                                     \
    } while (0)
/* status = err and goto label, after the report, when the condition holds. */
#define SHOAL_NVI_JMP_IF(cond, status, err, label, ...)                                            \
    do {                                                                                           \
        if (cond) {                                                                                \
            SHOAL_NVI_REPORT(stderr, "", __VA_ARGS__);                                             \
            (status) = (err);                                                                      \
            goto label;                                                                            \
        }                                                                                          \
    } while (0)
#define NVSHMEMI_ERROR_JMP(status, err, label, ...) SHOAL_NVI_JMP_IF(1, status, err, label, __VA_ARGS__)
#define NVSHMEMI_NULL_ERROR_JMP(var, status, err, label, ...)                                      \
    SHOAL_NVI_JMP_IF((var) == NULL, status, err, label, __VA_ARGS__)
#define NVSHMEMI_EQ_ERROR_JMP(status, expected, err, label, ...)                                   \
    SHOAL_NVI_JMP_IF((status) == (expected), status, err, label, __VA_ARGS__)
#define NVSHMEMI_NE_ERROR_JMP(status, expected, err, label, ...)                                   \
    SHOAL_NVI_JMP_IF((status) != (expected), status, err, label, __VA_ARGS__)
#define NVSHMEMI_NZ_ERROR_JMP(status, err, label, ...) SHOAL_NVI_JMP_IF((status) != 0, status, err, label, __VA_ARGS__)
#define NVSHMEMI_CHECK_ERROR_JMP(statement, status, err, label, ...)                               \
    SHOAL_NVI_JMP_IF(statement, status, err, label, __VA_ARGS__)
#define NVSHMEMI_NZ_EXIT(status, ...)                                                              \
    do {                                                                                           \
        if ((status) != 0) {                                                                       \
            SHOAL_NVI_REPORT(stderr, strerror(errno), __VA_ARGS__);                                \
            exit(-1);                                                                              \
        }                                                                                          \
    } while (0)
#define NVSHMEMI_NZ_SYSCHECK_EXIT(sys_status, ...)                                                 \
    do {                                                                                           \
        if ((sys_status) != 0) {                                                                   \
            SHOAL_NVI_REPORT(stderr, strerror(sys_status), __VA_ARGS__);                           \
            exit(-1);                                                                              \
        }                                                                                          \
    } while (0)

#endif
