/* Every environment variable Shoal reads, in one table: name, default, 1 when the value is a
 * size (K/M/G/T), meaning. shoal-info prints it; tools/test/env_table_test.sh checks that
 * every variable the sources read is in it and that README.md documents every row. The
 * launcher's own variables (SHOAL_LOCAL_*, core/local_protocol.h) are not settings. */
#ifndef SHOAL_CORE_ENV_TABLE_H
#define SHOAL_CORE_ENV_TABLE_H

/* SHOAL_CHECK's default: 1 in debug builds (meson buildtype debug or debugoptimized, where
 * shoal_config.h sets SHOAL_CHECK_DEFAULT), else 0. */
#if SHOAL_CHECK_DEFAULT
#define SHOAL_CHECK_DEFAULT_STR "1"
#else
#define SHOAL_CHECK_DEFAULT_STR "0"
#endif

#define SHOAL_ENV_TABLE(X)                                                                       \
    X("SHOAL_SYMMETRIC_SIZE", "512M", 1, "host symmetric heap per PE (K/M/G/T suffixes)")        \
    X("SHMEM_SYMMETRIC_SIZE", "(unset)", 1, "the OpenSHMEM name of the same; SHOAL_ wins")       \
    X("SHOAL_SYMMETRIC_DEVICE_SIZE", "256M", 1, "GPU symmetric heap per PE (CUDA builds)")       \
    X("SHOAL_DEVICE", "(node-local index)", 0,                                                   \
      "GPU of this PE's device heap (modulo the GPU count by default)")                          \
    X("SHOAL_CUDA_PLUGIN", "(beside libshoal)", 0,                                               \
      "path of libshoal_cuda.so, loaded on the first device allocation")                         \
    X("SHOAL_TRANSPORT", "auto", 0,                                                              \
      "auto (same node: shm, else SHOAL_OFFNODE) | shm | mpi | tcp (mpi, tcp: every peer)")      \
    X("SHOAL_OFFNODE", "auto", 0,                                                                \
      "transport to other nodes: auto (mpi if every node has an RDMA device, else tcp) | mpi | tcp") \
    X("SHOAL_TCP_IF", "(first non-loopback)", 0, "network interface the tcp transport listens on") \
    X("SHOAL_TCP_LANES", "4", 0,                                                               \
      "tcp connections per pair of PEs (1..8); large payloads are cut across them")             \
    X("SHOAL_TCP_CONNECT_DELAY_MS", "0", 0,                                                    \
      "tests: ms a PE waits before connecting to its peers (strangers reach listeners first)")  \
    X("SHOAL_MPI_ATOMICS", "am", 0,                                                              \
      "am (off-node AMOs done by the target's CPU) | rma (MPI-3 atomics, every AMO through MPI)") \
    X("SHOAL_INFO", "0", 0, "1: PE 0 prints the configuration at shmem_init")                    \
    X("SHOAL_DEBUG", "0", 0,                                                                     \
      "1: PEs print mappings and CPU at init, and moves off busy CPUs; 2: each window too")      \
    X("SHOAL_BIND", "auto", 0, "auto (bind PEs to CPUs when oversubscribed) | core | none")      \
    X("SHOAL_SPIN_POLLS", "(auto)", 0,                                                           \
      "polls a wait spins before it gets out of the way (auto: 256, or 0 when oversubscribed)")  \
    X("SHOAL_SPIN_FREE_US", "10000", 0,                                                        \
      "us a wait on a CPU no other task took lately spins past its nap point (0: nap at once)") \
    X("SHOAL_SLICE_US", "100", 0,                                                                \
      "oversubscribed PEs ask the kernel for time slices this short, in us (0: kernel default)") \
    X("SHOAL_AVOID_BUSY", "1", 0,                                                               \
      "oversubscribed PEs leave a CPU that unrelated load holds while another is free (0: never)") \
    X("SHOAL_WAIT_SLEEP", "0", 0,                                                               \
      "1: oversubscribed waits sleep at once, as they do under unrelated load (for tests)")      \
    X("SHOAL_MAX_TEAMS", "64", 0, "team slots per job (teams alive at once)")                    \
    X("SHOAL_COLL_FLAT_MAX", "8", 0,                                                             \
      "members up to which collectives run one round, every peer direct (1..8; above: log-depth)") \
    X("SHOAL_COLL_BCAST_DIRECT", "off", 0,                                                       \
      "broadcast bytes from which the root copies into every dest (push: needs every dest free)") \
    X("SHOAL_COLL_BCAST_PULL", "1024", 0,                                                        \
      "broadcast bytes from which members copy from the root's source (oversubscribed: 6641)")   \
    X("SHOAL_COLL_REDUCE_DIRECT", "1024", 0,                                                     \
      "reduction bytes from which shares are reduced through the mapping (oversub.: 1 mailbox)") \
    X("SHOAL_COLL_FCOLLECT_PUSH", "256", 0,                                                      \
      "fcollect bytes per PE from which blocks go straight into every dest (oversub.: 512)")     \
    X("SHOAL_COLL_COLLECT_PUSH", "0", 0,                                                         \
      "collect bytes (largest block) from which blocks past the first round go straight")       \
    X("SHOAL_COLL_COLLECT_LEAD", "128", 0,                                                       \
      "collect bytes per PE up to which a block rides the first round (oversub.: 512; > 4: 1K)") \
    X("SHOAL_COLL_ALLTOALL_PUSH", "256", 0,                                                      \
      "alltoall(s) bytes per block from which blocks go straight into the dests (oversub.: 512)") \
    X("SHOAL_COLL_SPIN", "(auto)", 0,                                                            \
      "polls a collective spins for a PE on another core (auto: 256, oversubscribed 64)")        \
    X("SHOAL_COLL_MOVSB", "1M", 0,                                                               \
      "bytes per copy from which collectives copy with rep movsb (x86-64 with ERMS, else off)")  \
    X("SHOAL_COLL_STREAM", "64M", 0,                                                             \
      "bytes a collective reads and writes in all from which its copies bypass the cache")       \
    X("SHOAL_COLL_CHANNEL", "off", 0,                                                            \
      "bytes a member sends in one round through the pair channels (oversubscribed: 12800)")     \
    X("SHOAL_COLL_OUTBOX", "off", 0,                                                             \
      "bytes of a PE's outbox for collects and reductions (oversubscribed: 32768)")              \
    X("SHOAL_CHECK", SHOAL_CHECK_DEFAULT_STR, 0,                                                 \
      "1: every collective call is compared with the other PEs' before it runs (debug builds: 1)") \
    X("SHOAL_HANG_TIMEOUT", "60", 0,                                                             \
      "seconds a wait lasts before the PE names it and the PE it waits for (0: never)")          \
    X("SHOAL_HANG_ABORT", "0", 0,                                                                \
      "seconds a wait lasts before the PE names it and stops the job (0: never)")               \
    X("SHOAL_UNWIND_TIMEOUT", "10", 0,                                                           \
      "C++: seconds an exception's unwind waits for every PE to unwind too")

#endif
