// The end of a piece of the type -> routine chains (chain.hpp): its macros go.
#undef SHOAL_DETAIL_IF
#undef SHOAL_DETAIL_DVP
#undef SHOAL_DETAIL_C_DVP
#undef SHOAL_DETAIL_SP
#undef SHOAL_DETAIL_C_SP
