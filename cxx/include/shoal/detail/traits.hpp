// C++ type -> C routine: the facade's link to the typed C API, generated from the X-macro type
// tables of <shoal/typetable.h> (the same tables that declare the C routines), one piece per
// family of routines. How a type picks its routine: traits/chain.hpp.
#ifndef SHOAL_CXX_DETAIL_TRAITS_HPP
#define SHOAL_CXX_DETAIL_TRAITS_HPP

#include <shoal/detail/traits/predicates.hpp> // has_typed_rma<T>, is_amo_standard<T>, ...
#include <shoal/detail/traits/rma.hpp>        // rma<T>: put, get, their nbi forms, p, g, iput, iget
#include <shoal/detail/traits/signal.hpp>     // rma_signal<T>: put_signal, put_signal_nbi
#include <shoal/detail/traits/amo.hpp>        // amo<T>: every atomic
#include <shoal/detail/traits/p2p.hpp>        // p2p<T>: wait_until, test and their forms
#include <shoal/detail/traits/coll.hpp>       // coll<T>: broadcast, collect, fcollect, alltoall(s)
#include <shoal/detail/traits/reduce.hpp>     // reduce<T> (teams), to_all<T> (active sets)

#endif
