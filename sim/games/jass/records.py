"""Record dtypes of Jass runs (Schieber and Differenzler) and how their columns read.

``DEALS``: one row per (game, deal, seat). ``GAMES``: one row per (game,
seat). A *board* is one run of the deal stream (the first hand of the first
deal and every deal's cards); with ``seating=duplicate`` each board is
played once per rotation of the lineup, so rows of the same board share
their cards (see ``game.py`` for what the rotations are in Schieber).

Points: *raw* points are before the multiplier; ``team_score`` and
``total`` are counted (multiplied) points. In Schieber the team of seat
``s`` is ``s % 2``; in Differenzler ``team`` is the seat itself.
"""
import numpy as np

DEALS = np.dtype([
    ("game", np.int64),          # unique id of the game in the study
    ("board", np.int64),         # id of the cards dealt (shared by duplicate rotations)
    ("deal", np.int16),          # index of the deal in the game, from 0 (Differenzler: >= 4 is a tie-break deal)
    ("seat", np.int8),
    ("player", np.int8),         # lineup slot playing this seat (see the manifest's players)
    ("team", np.int8),           # Schieber: seat % 2; Differenzler: the seat
    ("dealer", np.int8),
    ("position", np.int8),       # play order in this deal: 0 = first hand (after the dealer) … 3 = dealer
    ("hand", np.uint64),         # the 9 cards dealt to this seat, a bitmask (card id = suit * 9 + rank)
    ("mode", np.int8),           # 0..3 trump suit S H D C, 4 Obenabe, 5 Unenufe (Differenzler: the turned suit)
    ("chooser", np.int8),        # Schieber: seat that chose the mode; Differenzler: -1
    ("pushed", np.int8),         # Schieber: 1 when the first hand pushed to the partner
    ("multiplier", np.int8),     # the mode's multiplier (1 in Differenzler)
    ("trump_card", np.int8),     # Differenzler: the dealer's turned-up card; -1 in Schieber
    ("trumps_held", np.int8),    # cards of the trump suit dealt to this seat (0 in Obenabe / Unenufe)
    ("tricks", np.int8),         # tricks this seat took
    ("points", np.int16),        # raw card points this seat took (the last trick's 5 included)
    ("last_trick", np.int8),     # 1 when this seat took the last trick of the deal
    ("weis_held", np.int16),     # Schieber: raw points of all melds in the hand as dealt
    ("weis_declared", np.int16), # Schieber: raw points this seat declared (0: declared nothing)
    ("weis_scored", np.int16),   # Schieber: raw Weis points credited for this seat's melds (its team had the best Weis)
    ("stoeck", np.int8),         # Schieber: 1 when this seat held trump Ober + King (a suit mode); counts 20 raw
                                 # (in a deal cut short by a claim only once both cards were played)
    ("match", np.int8),          # Schieber: 1 when this seat's team took every trick (+100 raw)
    ("team_score", np.int32),    # Schieber: the team's counted points of this deal = multiplier ×
                                 # (card points + Weis + Stöck + match); a deal cut short by a claim
                                 # counts what was counted at the claim. Differenzler: the seat's points
    ("total", np.int32),         # Schieber: team's game total after this deal; Differenzler: penalty total
    ("prediction", np.int16),    # Differenzler: the prediction 0..157; -1 in Schieber
    ("penalty", np.int16),       # Differenzler: |points - prediction|; 0 in Schieber
    ("complete", np.int8),       # 1 when all 9 tricks were played (0: a claim ended the game mid-deal)
])

GAMES = np.dtype([
    ("game", np.int64),
    ("board", np.int64),
    ("seat", np.int8),
    ("player", np.int8),
    ("team", np.int8),           # Schieber: seat % 2; Differenzler: the seat
    ("first_dealer", np.int8),   # dealer of the first deal (its first hand is the next seat)
    ("start_position", np.int8), # play position of this seat in the first deal (0 = first hand)
    ("total", np.int32),         # Schieber: team's final game total; Differenzler: penalty total
    ("rank", np.int8),           # 1 = best. Schieber: 1 winning team, 2 losing team.
                                 # Differenzler: by lowest penalty total, tied totals share the better rank
    ("win", np.float32),         # Schieber: 1 or 0. Differenzler: 1 for the single lowest total;
                                 # 1 / k to each of k players still tied after the last allowed extra deal
                                 # (option tie_deals)
    ("end", np.int8),            # how the game ended, see END_KINDS
    ("claim_seat", np.int8),     # Schieber: seat that claimed "Thanks, enough" (-1 none)
    ("deals", np.int16),         # deals played (the last one possibly cut short by a claim)
    ("extra_deals", np.int16),   # Differenzler: tie-break deals played after the 4th
])

END_TRICKS = 0        # Schieber: reached while counting the tricks at the end of a deal
END_STOECK = 1        # Schieber: reached while counting Stöck at the end of a deal
END_WEIS = 2          # Schieber: reached while counting Weis at the end of a deal
END_CLAIM_RIGHT = 3   # Schieber: a right "Thanks, enough" claim won
END_CLAIM_WRONG = 4   # Schieber: a wrong claim lost (the other team wins)
END_FOUR_DEALS = 5    # Differenzler: a single lowest total after the 4 deals
END_EXTRA_DEALS = 6   # Differenzler: a tie broken by one or more extra deals
END_TIE_CAP = 7       # Differenzler: still tied after the `tie_deals` extra deals allowed: shared win

END_KINDS = {
    END_TRICKS: "target reached counting tricks at the end of a deal",
    END_STOECK: "target reached counting Stöck at the end of a deal",
    END_WEIS: "target reached counting Weis at the end of a deal",
    END_CLAIM_RIGHT: "right claim (Thanks, enough)",
    END_CLAIM_WRONG: "wrong claim: the claiming team lost",
    END_FOUR_DEALS: "lowest penalty total after four deals",
    END_EXTRA_DEALS: "tie broken by extra deals",
    END_TIE_CAP: "tie left after the maximum of extra deals: win shared",
}
