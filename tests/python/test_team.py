"""Teams: world, shared, split_strided, split_2d, translate, destroy."""
import pytest
import shoal


def test_world_and_shared(pe):
    me, n, right, left = pe
    assert shoal.team_my_pe(shoal.TEAM_WORLD) == me and shoal.team_n_pes() == n
    assert shoal.TEAM_SHARED.n_pes() == n      # shoalrun: every PE on this node
    assert shoal.team_translate_pe(shoal.TEAM_SHARED, shoal.TEAM_SHARED.my_pe(), shoal.TEAM_WORLD) == me


def test_split_2d_and_translate(pe):
    me, n, right, left = pe
    xrange = 2 if n > 1 else 1
    row, col = shoal.team_split_2d(shoal.TEAM_WORLD, xrange)
    assert row.my_pe() == me % xrange and row.n_pes() == min(xrange, n - me // xrange * xrange)
    assert col.my_pe() == me // xrange
    assert shoal.team_translate_pe(row, 0, shoal.TEAM_WORLD) == me - me % xrange
    shoal.team_destroy(row)
    shoal.team_destroy(col)
    with pytest.raises(shoal.Error, match="shoal.team_my_pe: team was destroyed"):
        shoal.team_my_pe(row)


def test_bad_team_input(pe):
    me, n, right, left = pe
    with pytest.raises(shoal.Error, match=f"shoal.team_split_strided: start {n} is out of range"):
        shoal.team_split_strided(shoal.TEAM_WORLD, n, 1, 1)
    with pytest.raises(shoal.Error, match="reaches index"):
        shoal.team_split_strided(shoal.TEAM_WORLD, 0, 1, n + 1)
    with pytest.raises(shoal.Error, match="world and shared teams are not destroyed"):
        shoal.team_destroy(shoal.TEAM_WORLD)
