package dev.overdue.workflow;

/**
 * {@link BoundedStateWorkflowTest} at the scale: 20,000 expiries, 80 runs. It runs in
 * {@code mvn verify} (so in CI), not in {@code mvn test}: the time-skipping service takes 6–9 ms an
 * expiry (each warning is an activity and its workflow tasks), so 20,000 took 123–176 s to expire
 * and 20 s to walk the 79–80 runs' trails on the shared 2-core machine (load average 6–14) — too
 * slow for the unit tests, which run the same with 2,000.
 */
class BoundedStateIT extends BoundedStateWorkflowTest {
  @Override
  int expiries() {
    return 20_000;
  }
}
