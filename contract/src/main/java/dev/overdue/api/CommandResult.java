package dev.overdue.api;

/** What an accepted Update returns: the command and a one-line account of what it changed. */
public record CommandResult(String command, String message) {}
