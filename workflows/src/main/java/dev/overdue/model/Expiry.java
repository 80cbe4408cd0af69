package dev.overdue.model;

import java.time.Instant;
import java.util.List;

/** A timer that just expired, with the handlers to run for it. {@code step} is null for process and user timers. */
public record Expiry(
    String timer, String step, Instant expiresAt, int firing, List<TimerHandler> handlers) {}
