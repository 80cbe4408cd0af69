package dev.overdue.api;

/**
 * One change of a timer's limit or date, for its derivation trail: when, by whom (the command's
 * {@code user}, or who the process says), what, and the old and new values.
 */
public record TimerChange(
    String at,
    String by,
    String change,
    String oldLimit,
    String newLimit,
    String oldExpiresAt,
    String newExpiresAt) {}
