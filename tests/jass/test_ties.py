"""The Differenzler tie for the lowest penalty total: extra deals until it is broken
(option ``tie_deals``: ``unlimited`` by default, or a most), and the room the records
of a game without a most are given."""
import numpy as np
import pytest

from sim import registry
from sim.errors import TricksimError
from sim.games.jass import obs as O
from sim.games.jass.state_nb import STATE_SIZE, differenzler_end_nb
from sim.games.jass.records import END_EXTRA_DEALS, END_FOUR_DEALS, END_TIE_CAP
from sim.rng_nb import chunk_states
from sim.study import Study
from sim.engine import Engine

from .test_records import check_common, check_differenzler, run

JASS = registry.game("jass")
UNLIMITED = -1


def end_after(penalties, deals, tie_deals):
    st = np.zeros(STATE_SIZE, dtype=np.int64)
    st[O.PENALTIES:O.PENALTIES + 4] = penalties
    return int(differenzler_end_nb(st, deals, tie_deals))


def test_a_tie_plays_on_as_long_as_it_lasts_by_default():
    tied = [30, 12, 12, 40]
    assert end_after(tied, 3, UNLIMITED) == -1                 # the 4 deals come first
    for deals in (4, 5, 24, 25, 500):                          # 24: the most there used to be
        assert end_after(tied, deals, UNLIMITED) == -1
    assert end_after([30, 12, 13, 40], 4, UNLIMITED) == END_FOUR_DEALS
    assert end_after([30, 12, 13, 40], 500, UNLIMITED) == END_EXTRA_DEALS


@pytest.mark.parametrize("cap", [0, 1, 3])
def test_a_tie_left_after_tie_deals_extra_deals_is_shared(cap):
    tied = [7, 7, 7, 9]
    for deals in range(4, 4 + cap):
        assert end_after(tied, deals, cap) == -1
    assert end_after(tied, 4 + cap, cap) == END_TIE_CAP
    assert end_after([7, 6, 7, 9], 4 + cap, cap) == (END_EXTRA_DEALS if cap else END_FOUR_DEALS)


def test_a_study_with_tie_deals_0_shares_the_win_of_a_tie():
    # tie_deals=0: a tie after the 4 deals is shared at once
    study = Study.create("jass", variant="differenzler", lineup=["random"], boards=1500, seed=21,
                         options={"tie_deals": 0})
    records = run(study)
    check_common(study, records)
    check_differenzler(study, records)
    games = records["games"]
    shared = games[games["end"] == END_TIE_CAP]
    assert len(shared) > 0, "the sample must hold a tie after the 4 deals"
    assert (games["extra_deals"] == 0).all() and (shared["deals"] == 4).all()
    assert set(np.round(shared["win"], 4).tolist()) <= {0.0, 0.5, 0.3333, 0.25}


def test_tie_deals_takes_unlimited_or_a_whole_number():
    assert Study.create("jass", variant="differenzler", lineup=["random"],
                        boards=1).option_dict["tie_deals"] == "unlimited"
    with pytest.raises(TricksimError) as caught:
        Study.create("jass", variant="differenzler", lineup=["random"], boards=1,
                     options={"tie_deals": "forever"})
    assert "tie_deals takes unlimited or a whole number from 0 to 1000" in str(caught.value)


def test_a_game_longer_than_its_room_is_played_again_into_bigger_arrays(monkeypatch):
    # without a most, a board is given room for its 4 deals; one that needs extra deals
    # runs out, is dropped and played again from its start into arrays twice as big
    study = Study.create("jass", variant="differenzler", lineup=["random"], boards=1500, seed=21,
                         chunk_boards=1500)
    roomy = Engine(study).run_chunk(0, 1500, chunk_states(21, 0))
    assert (roomy["games"]["extra_deals"] > 0).any(), "the sample must hold a tie-break deal"
    monkeypatch.setattr(type(JASS), "capacity", lambda self, study, n: (4 * 4, 4 * n))
    tight = Engine(study).run_chunk(0, 1500, chunk_states(21, 0))
    for table in JASS.tables:
        assert np.array_equal(roomy[table], tight[table])
