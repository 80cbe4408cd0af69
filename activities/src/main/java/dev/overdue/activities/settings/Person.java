package dev.overdue.activities.settings;

/**
 * A user in the directory. {@code channel}: {@code email} (the default when an e-mail address is
 * given), {@code webhook} (to the endpoint named by {@code webhook}) or {@code log}.
 */
public record Person(
    String name, String email, String channel, String webhook, String manager, String timeZone) {}
