/* Included first by the files whose loops move or fold payloads (combine, strided element
 * copies, streamed copies): every loop there starts on a 64-byte line. Where the linker puts a
 * small loop decides its speed otherwise: one that spans two lines ran at half the rate on AMD
 * EPYC (a strided 8-byte copy of 64 KiB 7.6 against 4.5 us, a 16-byte sum loop of 4-64 KiB 17
 * against 34 GB/s), and a change elsewhere in the library that moved the sum of longs by 32
 * bytes made 4-PE sum-reduces of 512 KiB-1 MiB 13-28% slower (benches/RESULTS.md). GCC only;
 * other compilers keep their own placement. */
#ifndef SHOAL_CORE_LOOP_ALIGN_H
#define SHOAL_CORE_LOOP_ALIGN_H

#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("align-loops=64")
#endif

#endif
