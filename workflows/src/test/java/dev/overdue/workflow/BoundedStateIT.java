package dev.overdue.workflow;

/**
 * {@link BoundedStateWorkflowTest} at the scale: 20,000 expiries, 76–80 runs. It runs in
 * {@code mvn verify} (so in CI), not in {@code mvn test}: each warning is an activity and its
 * workflow tasks, and the time-skipping service slows as the closed runs pile up (2,000 expiries
 * take 5–28 s, 20,000 took 123–176 s to expire and 20 s to walk the runs' trails on the shared
 * 2-core machine, 2.4–3.3 minutes in all) — too slow for the unit tests, which run 2,000.
 */
class BoundedStateIT extends BoundedStateWorkflowTest {
  @Override
  int expiries() {
    return 20_000;
  }
}
