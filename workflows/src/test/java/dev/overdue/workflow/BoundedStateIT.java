package dev.overdue.workflow;

/**
 * {@link BoundedStateWorkflowTest} at the scale: 20,000 expiries, 80 runs. It runs in
 * {@code mvn verify} (so in CI), not in {@code mvn test}: the time-skipping service takes about 9 ms
 * an expiry (each warning is an activity, about twelve history events), so 20,000 took 176 s to
 * expire and 20 s to walk the 80 runs' trails on the shared 2-core machine — too slow for the unit
 * tests, which run the same with 2,000.
 */
class BoundedStateIT extends BoundedStateWorkflowTest {
  @Override
  int expiries() {
    return 20_000;
  }
}
