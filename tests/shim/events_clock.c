/*
 * events_clock: the events' times are the host's clock, however the shim
 * reads it (the TSC's ticks where the kernel keeps time by them, turned
 * into unix time by the writer).  Three memsets 30 ms apart: each event
 * starts within the run, which began when the shim was loaded (a count of
 * ticks left unturned would not); the gaps between them are the sleeps'
 * at least, and one of the three less than 30 ms more (a busy machine may
 * hold the program up after any sleep, rarely after all three); each
 * memset's own duration is shorter than a sleep, and under a millisecond
 * for five of the seven at least (a loaded machine preempted one inside
 * its call for more, once in CI).  A memset of 64 MiB takes tens of
 * milliseconds, its duration a count of ticks turned into time by the
 * rate alone: the next call starts after it ends, and soon after, for one
 * of three at least (a rate wrong by a tenth would make it none; one is
 * enough, as a busy machine may hold the program up after any of them).
 */
// devtrace-sql: SELECT count(*) FROM events, runs WHERE start_ns < started_ns OR start_ns + duration_ns > ended_ns => 0
// devtrace-sql: SELECT min(gap >= sleep) || ' ' || max(gap <= sleep + 29) FROM (SELECT (b.start_ns - a.start_ns) / 1000000 AS gap, a.sleep FROM (SELECT seq, start_ns, CASE row_number() OVER (ORDER BY seq) WHEN 3 THEN 2 ELSE 30 END AS sleep FROM events WHERE api = 'cudaMemset' AND bytes = 256) a JOIN events b ON b.seq = (SELECT min(seq) FROM events c WHERE c.seq > a.seq AND c.api = 'cudaMemset') ORDER BY a.seq LIMIT 3) => 1 1
// devtrace-sql: SELECT count(*) FROM events WHERE api = 'cudaMemset' AND bytes = 256 AND duration_ns BETWEEN 0 AND 30000000 => 7
// devtrace-sql: SELECT count(*) >= 5 FROM events WHERE api = 'cudaMemset' AND bytes = 256 AND duration_ns BETWEEN 0 AND 1000000 => 1
// devtrace-sql: SELECT count(*) FROM events a JOIN events b ON b.seq = a.seq + 1 WHERE a.api = 'cudaMemset' AND a.bytes > 256 AND b.start_ns < a.start_ns + a.duration_ns => 0
// devtrace-sql: SELECT max(b.start_ns - a.start_ns - a.duration_ns <= a.duration_ns / 10) FROM events a JOIN events b ON b.seq = a.seq + 1 WHERE a.api = 'cudaMemset' AND a.bytes > 256 => 1
#include <time.h>

#include "shim_test.h"

#define BIG (64u << 20)

static void sleep_ms(long ms)
{
    struct timespec t = { ms / 1000, (ms % 1000) * 1000000 }, left;
    while (nanosleep(&t, &left) != 0)
        t = left;
}

int main(void)
{
    float *dev = NULL, *big = NULL;
    SAY(cudaMalloc((void **)&dev, 256));
    SAY(cudaMemset(dev, 0, 256));
    sleep_ms(30);
    SAY(cudaMemset(dev, 0, 256));
    sleep_ms(30);
    SAY(cudaMemset(dev, 0, 256));
    sleep_ms(2);
    SAY(cudaMemset(dev, 0, 256));
    SAY(cudaMalloc((void **)&big, BIG));
    for (int i = 0; i < 3; i++) {
        SAY(cudaMemset(big, 1, BIG));
        SAY(cudaMemset(dev, 0, 256));
    }
    SAY(cudaFree(big));
    SAY(cudaFree(dev));
    return 0;
}
