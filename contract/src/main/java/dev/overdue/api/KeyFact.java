package dev.overdue.api;

/**
 * One of a request's key fields ({@code keyFields}) as work lists show it: its key in {@code data},
 * the data form's title for it ("Amount (EUR)") or null, and its value now (any JSON value; null
 * when the data has none). The approval keeps it in its memo, so a list shows it without asking.
 */
public record KeyFact(String key, String label, Object value) {}
