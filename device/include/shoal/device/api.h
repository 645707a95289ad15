// The whole Shoal device API (namespace shoal::device): include this from a .cu file (nvcc)
// or, for the host emulation, a C++ file built with -I<cuda>/include/cccl.
#ifndef SHOAL_DEVICE_API_H
#define SHOAL_DEVICE_API_H

#include <shoal/device/amo.h>
#include <shoal/device/barrier.h>
#include <shoal/device/coll.h>
#include <shoal/device/config.h>
#include <shoal/device/fail.h>
#include <shoal/device/geometry.h>
#include <shoal/device/order.h>
#include <shoal/device/reduce.h>
#include <shoal/device/rma.h>
#include <shoal/device/scope.h>
#include <shoal/device/signal.h>
#include <shoal/device/team.h>
#include <shoal/device/wait.h>

#endif
