/* The pause of a spinning wait: tells the CPU (and a hypervisor) that this thread only polls. */
#ifndef SHOAL_SYNC_RELAX_H
#define SHOAL_SYNC_RELAX_H

static inline void shoal_cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

#endif
