package dev.overdue.workflow;

/**
 * {@link BoundedStateWorkflowTest} at the scale: 20,000 expiries over many runs. It runs in
 * {@code mvn verify} (so in CI), not in {@code mvn test}: each expiry is a workflow task of its
 * own, and the time-skipping service slows as the closed runs pile up (before version shape-10,
 * when each warning was an activity too, 2,000 expiries took 5–28 s, 20,000 took 123–176 s to
 * expire and 20 s to walk the runs' trails on the shared 2-core machine) — too slow for the unit
 * tests, which run 2,000.
 */
class BoundedStateIT extends BoundedStateWorkflowTest {
  @Override
  int expiries() {
    return 20_000;
  }
}
