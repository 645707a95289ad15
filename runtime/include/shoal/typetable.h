/* Shoal type tables: the one place that lists which C types each OpenSHMEM routine family
 * takes. Every typed routine (declaration, definition, C11 generic association, C++ trait)
 * is generated from these X-macros: X(TYPE, TYPENAME, A), where A is
 * whatever the caller passes through (an operation name, a suffix) or nothing used. */
#ifndef SHOAL_TYPETABLE_H
#define SHOAL_TYPETABLE_H

#include <stddef.h>
#include <stdint.h>

/* Standard C types of the RMA tables (these are also the C11 generic associations: the
 * fixed-width aliases below would be duplicate _Generic entries). */
#define SHOAL_RMA_STD_TYPES(X, A)                                                              \
    X(float, float, A) X(double, double, A) X(long double, longdouble, A) X(char, char, A)             \
    X(signed char, schar, A) X(short, short, A) X(int, int, A) X(long, long, A)                        \
    X(long long, longlong, A) X(unsigned char, uchar, A) X(unsigned short, ushort, A)               \
    X(unsigned int, uint, A) X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)

#define SHOAL_FIXED_INT_TYPES(X, A)                                                            \
    X(int8_t, int8, A) X(int16_t, int16, A) X(int32_t, int32, A) X(int64_t, int64, A)                 \
    X(uint8_t, uint8, A) X(uint16_t, uint16, A) X(uint32_t, uint32, A) X(uint64_t, uint64, A)         \
    X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)

/* OpenSHMEM 1.5 Table 5: put/get/p/g/iput/iget/nbi/put_signal/broadcast/collect/alltoall. */
#define SHOAL_RMA_TYPES(X, A) SHOAL_RMA_STD_TYPES(X, A) SHOAL_FIXED_INT_TYPES(X, A)

/* Bit widths of the SIZE forms (shmem_put32 ...). X(BITS, BYTES). */
#define SHOAL_SIZES(X, A) X(8, 1, A) X(16, 2, A) X(32, 4, A) X(64, 8, A) X(128, 16, A)

/* Table 6: standard AMO types (compare_swap, fetch_inc, inc, fetch_add, add). */
#define SHOAL_AMO_STD_GENERIC_TYPES(X, A)                                                      \
    X(int, int, A) X(long, long, A) X(long long, longlong, A) X(unsigned int, uint, A)                 \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define SHOAL_AMO_STD_TYPES(X, A)                                                              \
    SHOAL_AMO_STD_GENERIC_TYPES(X, A) X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A) \
    X(uint64_t, uint64, A) X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)
/* Extended AMO types (fetch, set, swap): the standard ones plus float and double. */
#define SHOAL_AMO_EXT_FLOAT_TYPES(X, A) X(float, float, A) X(double, double, A)
#define SHOAL_AMO_EXT_TYPES(X, A) SHOAL_AMO_STD_TYPES(X, A) SHOAL_AMO_EXT_FLOAT_TYPES(X, A)
/* Bitwise AMO types (fetch_and/or/xor, and/or/xor). */
#define SHOAL_AMO_BIT_GENERIC_TYPES(X, A)                                                      \
    X(unsigned int, uint, A) X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define SHOAL_AMO_BIT_TYPES(X, A)                                                              \
    SHOAL_AMO_BIT_GENERIC_TYPES(X, A) X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A) \
    X(uint64_t, uint64, A)

/* The signed fixed-width members of the bitwise AMO table: in C11 _Generic they are distinct
 * from the unsigned standard types (the unsigned aliases would be duplicates). */
#define SHOAL_AMO_BIT_SIGNED_TYPES(X, A) X(int32_t, int32, A) X(int64_t, int64, A)
/* Deprecated AMOs (shmem_int_fadd, shmem_long_swap, ...): their types. */
#define SHOAL_OLD_AMO_TYPES(X, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)

/* Table 9: point-to-point synchronisation types (wait_until, test and their forms). */
#define SHOAL_P2P_GENERIC_TYPES(X, A)                                                          \
    X(short, short, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)                       \
    X(unsigned short, ushort, A) X(unsigned int, uint, A) X(unsigned long, ulong, A)                \
    X(unsigned long long, ulonglong, A)
#define SHOAL_P2P_TYPES(X, A)                                                                  \
    SHOAL_P2P_GENERIC_TYPES(X, A) X(int32_t, int32, A) X(int64_t, int64, A) X(uint32_t, uint32, A)     \
    X(uint64_t, uint64, A) X(size_t, size, A) X(ptrdiff_t, ptrdiff, A)

/* Team-based reductions (OpenSHMEM 1.5 Table 10). The *_GENERIC subsets hold only standard
 * C types: they are the C11 _Generic associations, where the aliases would be duplicates. */
#define SHOAL_REDUCE_BITWISE_GENERIC_TYPES(X, A)                                            \
    X(unsigned char, uchar, A) X(unsigned short, ushort, A) X(unsigned int, uint, A)        \
    X(unsigned long, ulong, A) X(unsigned long long, ulonglong, A)
#define SHOAL_REDUCE_BITWISE_TYPES(X, A)                                                    \
    SHOAL_REDUCE_BITWISE_GENERIC_TYPES(X, A) X(int8_t, int8, A) X(int16_t, int16, A)        \
    X(int32_t, int32, A) X(int64_t, int64, A) X(uint8_t, uint8, A) X(uint16_t, uint16, A)   \
    X(uint32_t, uint32, A) X(uint64_t, uint64, A) X(size_t, size, A)
/* The signed fixed-width members of the bitwise table (distinct C11 associations). */
#define SHOAL_REDUCE_BITWISE_SIGNED_TYPES(X, A)                                             \
    X(int8_t, int8, A) X(int16_t, int16, A) X(int32_t, int32, A) X(int64_t, int64, A)
#define SHOAL_REDUCE_MINMAX_GENERIC_TYPES(X, A)                                             \
    X(char, char, A) X(signed char, schar, A) X(short, short, A) X(int, int, A)             \
    X(long, long, A) X(long long, longlong, A) X(unsigned char, uchar, A)                   \
    X(unsigned short, ushort, A) X(unsigned int, uint, A) X(unsigned long, ulong, A)        \
    X(unsigned long long, ulonglong, A) X(float, float, A) X(double, double, A)             \
    X(long double, longdouble, A)
#define SHOAL_REDUCE_MINMAX_TYPES(X, A)                                                     \
    SHOAL_REDUCE_MINMAX_GENERIC_TYPES(X, A) SHOAL_FIXED_INT_TYPES(X, A)
#define SHOAL_REDUCE_COMPLEX_TYPES(X, A)                                                    \
    X(double _Complex, complexd, A) X(float _Complex, complexf, A)
#define SHOAL_REDUCE_ARITH_TYPES(X, A) SHOAL_REDUCE_MINMAX_TYPES(X, A) SHOAL_REDUCE_COMPLEX_TYPES(X, A)

/* Active-set reductions (TYPENAME_OP_to_all; reference page tables). */
#define SHOAL_TOALL_BITWISE_TYPES(X, A)                                                     \
    X(short, short, A) X(int, int, A) X(long, long, A) X(long long, longlong, A)
#define SHOAL_TOALL_MINMAX_TYPES(X, A)                                                      \
    SHOAL_TOALL_BITWISE_TYPES(X, A) X(float, float, A) X(double, double, A)                 \
    X(long double, longdouble, A)
#define SHOAL_TOALL_ARITH_TYPES(X, A) SHOAL_TOALL_MINMAX_TYPES(X, A) SHOAL_REDUCE_COMPLEX_TYPES(X, A)
/* Fortran-era names of the sum_to_all page (sum only). */
#define SHOAL_TOALL_FORTRAN_TYPES(X, A)                                                     \
    X(int32_t, int4, A) X(int64_t, int8, A) X(float, real4, A) X(double, real8, A)
#define SHOAL_TOALL_FORTRAN_COMPLEX_TYPES(X, A)                                             \
    X(float _Complex, comp4, A) X(double _Complex, comp8, A)

/* NVSHMEM's 16-bit floating types (C++: cuda_fp16.h, cuda_bf16.h): rows of its RMA, its
 * broadcast/collect/alltoall and its min/max/sum/prod reductions, never of AMOs or waits. The C
 * runtime handles them as their bits (uint16_t) and computes in float. */
#define SHOAL_HALF_TYPES(X, A) X(half, half, A) X(__nv_bfloat16, bfloat16, A)

/* Row filter: TABLE(SHOAL_NO_LONGDOUBLE, X) applies X(T, NAME, ) to every row but long double
 * (what GPUs and NVSHMEM lack). */
#define SHOAL_TT_SECOND_(a, b, ...) b
#define SHOAL_TT_SECOND(...) SHOAL_TT_SECOND_(__VA_ARGS__)
#define SHOAL_TT_KEEP(X, T, NAME) X(T, NAME, )
#define SHOAL_TT_DROP(X, T, NAME)
#define SHOAL_TT_IS_longdouble ~, SHOAL_TT_DROP
#define SHOAL_NO_LONGDOUBLE(T, NAME, X) SHOAL_TT_SECOND(SHOAL_TT_IS_##NAME, SHOAL_TT_KEEP, ~)(X, T, NAME)

/* Operations of each reduction class, X(OP). */
#define SHOAL_BITWISE_OPS(X) X(and) X(or) X(xor)
#define SHOAL_MINMAX_OPS(X) X(max) X(min)
#define SHOAL_ARITH_OPS(X) X(sum) X(prod)

#endif
