package dev.overdue.api;

/** One timer as the {@code timers} query shows it. Instants are ISO-8601 strings, null when unset. */
public record TimerInfo(
    String name,
    String kind,
    String step,
    String state,
    String limit,
    String expiresAt,
    boolean expired,
    boolean cleared,
    int firings,
    TimerDerivation derivation) {

  public TimerInfo(
      String name,
      String kind,
      String step,
      String state,
      String limit,
      String expiresAt,
      boolean expired,
      boolean cleared,
      int firings) {
    this(name, kind, step, state, limit, expiresAt, expired, cleared, firings, null);
  }
}
