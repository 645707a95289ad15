// expect-error: conversion from
// Borrowing a C team handle is explicit: shoal::TeamRef(SHMEM_TEAM_WORLD).
#include <shoal/shoal.hpp>
void f()
{
#if SHOAL_MISUSE
    shoal::TeamRef r = SHMEM_TEAM_WORLD;
#else
    shoal::TeamRef r(SHMEM_TEAM_WORLD);
#endif
    (void)r;
}
