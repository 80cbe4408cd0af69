package dev.overdue.api;

/** A warning on the process ({@code step} null) or on a step's task. */
public record WarningInfo(String at, String timer, String step, String message) {}
