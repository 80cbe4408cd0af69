package dev.overdue.api.http;

/**
 * How many tasks each of the caller's lists has now, from the task index: what the inbox shows
 * beside each list's name ("Open to me 12").
 *
 * @param mine open tasks the caller claimed
 * @param claimable tasks offered to the caller that a claim by them would be taken for
 * @param requested the caller's own requests still open
 * @param all every open approval: for administrators only, null for anyone else
 */
public record TaskCounts(long mine, long claimable, long requested, Long all) {}
