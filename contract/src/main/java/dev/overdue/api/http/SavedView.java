package dev.overdue.api.http;

/**
 * A saved list: a name and the list's query string, kept in the task index, opened as whoever
 * opens it (docs/guide/work-lists.md).
 *
 * @param id a random UUID
 * @param owner the user who saved it; only they delete it
 * @param name unique among the owner's views, 1 to 80 characters
 * @param query the list's query string, such as {@code view=claimable&data.amount>=10000&sort=due};
 *     {@code list=requests} in it names the caller's requests
 * @param sharedWith the group it is shared with, or null for its owner only
 * @param createdAt ISO-8601 instant
 */
public record SavedView(String id, String owner, String name, String query, String sharedWith, String createdAt) {}
