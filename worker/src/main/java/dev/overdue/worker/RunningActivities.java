package dev.overdue.worker;

import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Counts the activities this worker is running, so that a drain can say what it waits for and
 * what it abandoned: the SDK does not tell.
 */
final class RunningActivities extends WorkerInterceptorBase {
  private final AtomicInteger running = new AtomicInteger();

  int count() {
    return running.get();
  }

  @Override
  public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
    return new ActivityInboundCallsInterceptorBase(next) {
      @Override
      public ActivityOutput execute(ActivityInput input) {
        running.incrementAndGet();
        try {
          return super.execute(input);
        } finally {
          running.decrementAndGet();
        }
      }
    };
  }
}
