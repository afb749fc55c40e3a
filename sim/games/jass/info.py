"""Jass (Schieber and Differenzler): the game as implemented (metadata and options).

The complete rules as implemented, with the source of each, are the Jass
section of ``docs/rules.md``; this is their summary beside the code.

Cards: 36, suits ``S H D C`` (Roses, Shields, Bells, Acorns), ranks
6 7 8 9 10 Under Ober King Ace. Four players; seats in play order, the first
hand is the seat after the dealer.

Both variants
  * Follow the suit led if able, else any card; a trump may be played at any
    time instead; trump led → a trump must be played if held, except that a
    player whose only trump is the Under (Buur) may play anything.
  * Trick: the highest trump, else the highest card of the suit led. Trump
    order Under > 9 > A > K > O > 10 > 8 > 7 > 6 (Under 20 points, 9 14).
    Obenabe: no trump, Ace high, 8s worth 8. Unenufe: no trump, 6 high, 6s
    worth 11, 8s worth 8, Aces 0. Last trick +5: 157 card points a deal.

Schieber (teams 0+2 against 1+3)
  * The first hand of the first deal is random; it moves one seat each deal.
    It chooses trump (a suit), Obenabe or Unenufe, or pushes: then its
    partner must choose.
  * Under-trumping ban: when a non-trump was led and the trick holds a trump,
    no trump lower than the highest trump in it may be played, unless the
    hand holds nothing but trumps. Following suit is always allowed.
  * Weis (declared or not, a player's decision, before the first card):
    sequences of 3/4/5/6/7/8/9 in a suit (order 6…A in every mode) 20/50/
    100/150/200/250/300; four 10s, Obers, Kings, Aces 100 (Unenufe: four 6s
    instead of four Aces), four 9s 150, four Unders 200. A card may be in one
    sequence and one four of a kind. Only the team with the best declared
    meld scores, all melds of both its players. Best: higher value; four of a
    kind over a sequence; higher top card (Unenufe: the lower wins); a
    sequence in trump; the player nearer the first hand.
  * Stöck: trump Ober and King in one hand as dealt (suit modes) → 20.
  * Match: a team that takes all nine tricks → +100.
  * Multipliers (option ``multipliers``) multiply tricks, Weis, Stöck, match.
  * Game to ``target`` points. "Thanks, enough": the team that has just taken
    a trick (the last one too) may claim; right (its counted points reach the
    target) → it wins at once, wrong → it loses at once. Otherwise at the end
    of a deal the points are counted Stöck → Weis → tricks, the team that took
    the last trick counting its tricks first; the first team to reach the
    target wins.

Differenzler (four individual players)
  * 4 deals; the dealer moves one seat per deal (first dealer random). The
    dealer's last card is turned up and sets trump (the dealer keeps it).
  * Each player predicts his card points 0…157 in play order from the first
    hand (option ``predictions``: ``hidden`` or ``open``).
  * Penalty per deal |points − prediction|; lowest total after 4 deals wins;
    a tie for the lowest plays one more deal between all players, repeated
    until the tie is broken (option ``tie_deals``: ``unlimited``, or at most
    that many extra deals, then the tied players share).
  * No Obenabe/Unenufe, Weis, Stöck, match, multipliers, under-trumping ban.
"""
from ...options import Option
from ...registry import GameInfo, Variant, register

MULTIPLIER_TABLES = ("default", "flat", "classic")
PREDICTIONS = ("hidden", "open")
TIE_DEALS_UNLIMITED = "unlimited"
TIE_DEALS_RANGE = (0, 1000)
DEFAULT_TARGET = 2500
TARGET_RANGE = (100, 10_000)

# the factor per mode S H D C obe une (Roses, Shields, Bells, Acorns, Obenabe, Unenufe)
MULTIPLIERS = {
    "default": (1, 2, 2, 1, 3, 4),
    "flat": (1, 1, 1, 1, 1, 1),
    "classic": (1, 2, 2, 1, 3, 3),
}

JASS = register(GameInfo(
    name="jass",
    title="Jass",
    family="jass",
    summary="36 Swiss cards, trump with Buur and Nell; Schieber (teams, Weis, to a target) "
            "or Differenzler (predict your points)",
    min_players=4, max_players=4, default_players=4,
    options=(
        Option("multipliers", "default",
               "factor per mode: default Roses/Acorns x1, Shields/Bells x2, Obenabe x3, Unenufe x4; "
               "flat all x1; classic as default but Unenufe x3",
               choices=MULTIPLIER_TABLES),
        Option("target", DEFAULT_TARGET, "points a team needs to win the game",
               int_range=TARGET_RANGE),
        Option("predictions", "hidden",
               "whether each player sees the others' predictions (open) or only his own (hidden)",
               choices=PREDICTIONS),
        Option("tie_deals", TIE_DEALS_UNLIMITED,
               "Differenzler tie for the lowest penalty after 4 deals: play extra deals until it is "
               "broken (unlimited) or at most this many, then the tied players share the win",
               choices=(TIE_DEALS_UNLIMITED,), int_range=TIE_DEALS_RANGE),
    ),
    impl="sim.games.jass.game:JASS_GAME",
    variants=(
        Variant("schieber", "two teams; choose trump or push; Weis, Stöck, match; to a target",
                options=("multipliers", "target")),
        Variant("differenzler", "four players, four deals; predict your card points, lowest penalty wins",
                options=("predictions", "tie_deals")),
    ),
))
