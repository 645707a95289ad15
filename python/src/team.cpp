// Teams: world and shared, split_strided, split_2d, translate, destroy.
#include "common.hpp"

namespace shoalpy {

namespace {

py::object wrap(shmem_team_t t)
{
    if (t == SHMEM_TEAM_INVALID) return py::none();  // this PE is not a member
    return py::cast(Team{t});
}

int n_of(py::handle team, const char *routine)
{
    return shmem_team_n_pes(team_of(team, routine));
}

}  // namespace

void def_team(py::module_ &m)
{
    auto none = py::none();
    py::class_<Team>(m, "Team", "A team handle (shoal.TEAM_WORLD, TEAM_SHARED, or one split from them).")
        .def_property_readonly("handle", [](Team &t) { return reinterpret_cast<std::uintptr_t>(t.handle); })
        .def("my_pe", [](py::object t) { return shmem_team_my_pe(team_of(t, "Team.my_pe")); }, "This PE's index in the team.")
        .def("n_pes", [](py::object t) { return n_of(t, "Team.n_pes"); }, "Number of PEs in the team.")
        .def("__eq__", [](Team &a, py::object b) { return py::isinstance<Team>(b) && b.cast<Team &>().handle == a.handle; })
        .def("__hash__", [](Team &t) { return reinterpret_cast<std::uintptr_t>(t.handle); })
        .def("__repr__", [](Team &t) {
            auto h = reinterpret_cast<std::uintptr_t>(t.handle);
            return h == 1 ? std::string("shoal.TEAM_WORLD") : h == 2 ? std::string("shoal.TEAM_SHARED")
                   : h == 0 ? std::string("shoal.Team(destroyed)") : "shoal.Team(" + std::to_string(h) + ")";
        });
    m.attr("TEAM_WORLD") = Team{SHMEM_TEAM_WORLD};
    m.attr("TEAM_SHARED") = Team{SHMEM_TEAM_SHARED};

    m.def("team_my_pe", [](py::handle t) { return shmem_team_my_pe(team_of(t, "team_my_pe")); },
          py::arg("team") = none, "This PE's index in team (None: the world).");
    m.def("team_n_pes", [](py::handle t) { return n_of(t, "team_n_pes"); }, py::arg("team") = none,
          "Number of PEs in team (None: the world).");
    m.def("team_split_strided", [](py::handle parent, int start, int stride, int size) {
        const char *r = "team_split_strided";
        shmem_team_t p = team_of(parent, r);
        int n = shmem_team_n_pes(p);
        check_pe(start, n, r, "start");
        if (size < 1) fail(r, "size " + std::to_string(size) + " is not positive");
        if (stride < 1 && size > 1) fail(r, "stride " + std::to_string(stride) + " is not positive");
        long last = start + static_cast<long>(stride) * (size - 1);
        if (last >= n)
            fail(r, "start " + std::to_string(start) + ", stride " + std::to_string(stride) + ", size " +
                        std::to_string(size) + " reaches index " + std::to_string(last) + " of a team of " + std::to_string(n));
        shmem_team_t t = SHMEM_TEAM_INVALID;
        {
            py::gil_scoped_release nogil;
            if (shmem_team_split_strided(p, start, stride, size, nullptr, 0, &t) != 0 && t != SHMEM_TEAM_INVALID)
                t = SHMEM_TEAM_INVALID;
        }
        return wrap(t);
    }, py::arg("parent"), py::arg("start"), py::arg("stride"), py::arg("size"),
       "Collective over parent: a team of parent's indices start, start+stride, ... (size of them); None on non-members.");
    m.def("team_split_2d", [](py::handle parent, int xrange) {
        const char *r = "team_split_2d";
        shmem_team_t p = team_of(parent, r);
        if (xrange < 1) fail(r, "xrange " + std::to_string(xrange) + " is not positive");
        shmem_team_t x = SHMEM_TEAM_INVALID, y = SHMEM_TEAM_INVALID;
        {
            py::gil_scoped_release nogil;
            shmem_team_split_2d(p, xrange, nullptr, 0, &x, nullptr, 0, &y);
        }
        return py::make_tuple(wrap(x), wrap(y));
    }, py::arg("parent"), py::arg("xrange"),
       "Collective over parent: (row team of xrange PEs, column team) of a 2-D grid.");
    m.def("team_translate_pe", [](py::handle src, int pe, py::handle dst) {
        return shmem_team_translate_pe(team_of(src, "team_translate_pe"), pe, team_of(dst, "team_translate_pe"));
    }, py::arg("src_team"), py::arg("src_pe"), py::arg("dest_team"),
       "src_pe's index in dest_team, or -1 where it is not a member.");
    m.def("team_destroy", [](py::handle team) {
        if (!py::isinstance<Team>(team)) fail("team_destroy", "team " + py::repr(team).cast<std::string>() + " is not a shoal.Team");
        Team &t = team.cast<Team &>();
        if (t.handle == SHMEM_TEAM_WORLD || t.handle == SHMEM_TEAM_SHARED)
            fail("team_destroy", "the world and shared teams are not destroyed");
        team_of(team, "team_destroy");
        shmem_team_destroy(t.handle);
        t.handle = SHMEM_TEAM_INVALID;
    }, py::arg("team"), "Release a split team (local; later calls on it raise shoal.Error).");
}

}  // namespace shoalpy
