package dev.overdue.api;

/**
 * One comment on a step's task (WS-HumanTask addComment): when, on which step, by whom, and what
 * it says. The {@code comments} query and {@code status} list the latest ones, oldest first.
 */
public record CommentInfo(String at, String step, String user, String text) {}
