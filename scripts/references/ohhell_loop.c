/* The fastest one core plays random Oh Hell: a bare loop, the reference of
 * scripts/bench_references.py for the engine's oh_hell-random row.
 *
 * The game is the engine's (4 players, 12 cards each from 52, the dealer's
 * "hook", classic scoring): each deal draws the 48 cards dealt and the turned
 * card (its suit is trump) by a partial Fisher-Yates shuffle; the three seats
 * left of the dealer bid uniformly 0..12, the dealer uniformly among the bids
 * the hook leaves; then 12 tricks, the seat left of the dealer leading the
 * first, each seat playing uniformly among its legal cards (follow suit if
 * able), the highest trump winning, else the highest card of the suit led;
 * a seat scores its tricks, + 10 when it made its bid; the deal passes left.
 *
 * What it leaves out is what makes it a limit: no records, no options, no
 * players but random ones, one compiled loop. Hands are bitmasks (card =
 * suit * 16 + rank, so a suit is one 16-bit lane); the generator and the
 * draw are the engine's (xoshiro256**, Lemire's multiply-shift on the high
 * 32 bits), so both pay the same for randomness.
 *
 *   gcc -O3 -march=native -o ohhell_loop ohhell_loop.c
 *   ./ohhell_loop [seconds=3] [seed=1]
 *
 * It prints its deals/s and, to show it plays the engine's game, a seat's mean
 * score, the share of bids met and the mean square of the tricks a seat takes
 * (tests/test_bench_references.py holds them to the engine's). -DCHECKED adds
 * checks of every play and deal (aborts on a broken rule).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#define PLAYERS 4
#define HAND 12
#define LANE(suit) (0xFFFFull << (16 * (suit)))

typedef struct { uint64_t s[4]; } Rng;

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static inline uint64_t next_u64(Rng *r) {
    uint64_t *s = r->s;
    uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rotl(s[3], 45);
    return out;
}

/* uniform in [0, n) (bias below n / 2^32, as the engine's) */
static inline unsigned below(Rng *r, unsigned n) {
    return (unsigned)(((next_u64(r) >> 32) * n) >> 32);
}

static void seed_rng(Rng *r, uint64_t seed) {   /* splitmix64, the usual seeding */
    for (int i = 0; i < 4; i++) {
        uint64_t z = (seed += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        r->s[i] = z ^ (z >> 31);
    }
}

/* the k-th lowest card of a set (k < its size) */
static inline int nth_card(uint64_t set, unsigned k) {
#ifdef __BMI2__
    return __builtin_ctzll(_pdep_u64(1ull << k, set));
#else
    while (k--) set &= set - 1;
    return __builtin_ctzll(set);
#endif
}

static inline int random_card(Rng *r, uint64_t legal) {
    return nth_card(legal, below(r, (unsigned)__builtin_popcountll(legal)));
}

typedef struct {
    Rng rng;
    uint8_t deck[52];
    int dealer;
    uint64_t points, bids_met, tricks2;   /* totals over the deals: what the loop computes is used */
} Table;

#ifdef CHECKED
static void check(int ok, const char *what) {
    if (!ok) { fprintf(stderr, "broken rule: %s\n", what); abort(); }
}
#endif

static void play_deals(Table *t, long deals) {
    Rng r = t->rng;                  /* a local copy stays in registers */
    uint8_t *deck = t->deck;
    int dealer = t->dealer;
    uint64_t points = 0, met = 0, tricks2 = 0;
    for (long d = 0; d < deals; d++) {
        for (int i = 0; i < PLAYERS * HAND + 1; i++) {   /* the dealt cards and the turned one */
            int j = i + (int)below(&r, 52 - i);
            uint8_t c = deck[i]; deck[i] = deck[j]; deck[j] = c;
        }
        uint64_t hand[PLAYERS] = {0, 0, 0, 0};
        for (int i = 0; i < PLAYERS * HAND; i++) hand[i / HAND] |= 1ull << deck[i];
        const uint64_t trumps = LANE(deck[PLAYERS * HAND] >> 4);

        int bid[PLAYERS], total = 0;
        for (int i = 1; i < PLAYERS; i++) {
            int b = (int)below(&r, HAND + 1);
            bid[(dealer + i) % PLAYERS] = b;
            total += b;
        }
        int hook = HAND - total;     /* the dealer's forbidden bid, when it is one */
        if (hook >= 0) {
            int b = (int)below(&r, HAND);
            bid[dealer] = b + (b >= hook);
        } else {
            bid[dealer] = (int)below(&r, HAND + 1);
        }
#ifdef CHECKED
        check(bid[0] + bid[1] + bid[2] + bid[3] != HAND, "the hook");
#endif

        int tricks[PLAYERS] = {0, 0, 0, 0};
        int leader = (dealer + 1) % PLAYERS;
        for (int k = 0; k < HAND; k++) {
            int card[PLAYERS];
            card[0] = random_card(&r, hand[leader]);
            const uint64_t led = LANE(card[0] >> 4);
            uint64_t trick = 1ull << card[0];
            hand[leader] ^= trick;
            for (int i = 1; i < PLAYERS; i++) {
                int seat = (leader + i) % PLAYERS;
                uint64_t follow = hand[seat] & led;
                uint64_t legal = follow ? follow : hand[seat];
                card[i] = random_card(&r, legal);
#ifdef CHECKED
                check(legal >> card[i] & 1, "a card not held or not following suit");
#endif
                hand[seat] ^= 1ull << card[i];
                trick |= 1ull << card[i];
            }
            /* the winner is the trick's highest trump, else its highest card of the suit led;
               found once per trick from the trick's set instead of after every card */
            uint64_t best = (trick & trumps) ? trick & trumps : trick & led;
            int top = 63 - __builtin_clzll(best);
            int pos = (card[1] == top) + 2 * (card[2] == top) + 3 * (card[3] == top);
            leader = (leader + pos) % PLAYERS;
            tricks[leader]++;
        }
#ifdef CHECKED
        check(!(hand[0] | hand[1] | hand[2] | hand[3]), "cards left in a hand");
        check(tricks[0] + tricks[1] + tricks[2] + tricks[3] == HAND, "tricks do not add up");
#endif
        for (int p = 0; p < PLAYERS; p++) {
            int made = tricks[p] == bid[p];
            points += (uint64_t)(tricks[p] + 10 * made);
            met += (uint64_t)made;
            tricks2 += (uint64_t)(tricks[p] * tricks[p]);
        }
        dealer = (dealer + 1) % PLAYERS;
    }
    t->rng = r; t->dealer = dealer;
    t->points += points; t->bids_met += met; t->tricks2 += tricks2;
}

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 3.0;
    uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
    if (argc > 3 || !(seconds > 0)) {
        fprintf(stderr, "usage: %s [seconds > 0] [seed]\n", argv[0]);
        return 2;
    }
    Table t = {.dealer = 0};
    seed_rng(&t.rng, seed);
    for (int i = 0; i < 52; i++) t.deck[i] = (uint8_t)((i / 13) * 16 + i % 13);
    play_deals(&t, 20000);           /* warm the caches and the clock */
    t.points = t.bids_met = t.tricks2 = 0;
    /* batches of 50,000 deals (~20 ms): reading the clock between them costs nothing */
    long deals = 0;
    double t0 = now(), elapsed;
    do {
        play_deals(&t, 50000);
        deals += 50000;
    } while ((elapsed = now() - t0) < seconds);
    printf("C loop, 4-player 12-card random Oh Hell: %ld deals in %.3f s, "
           "a seat's mean score %.3f, bids met %.2f %%, mean square of tricks %.3f: %.0f deals/s\n",
           deals, elapsed, (double)t.points / (PLAYERS * deals), 100.0 * (double)t.bids_met / (PLAYERS * deals),
           (double)t.tricks2 / (PLAYERS * deals), deals / elapsed);
    return 0;
}
