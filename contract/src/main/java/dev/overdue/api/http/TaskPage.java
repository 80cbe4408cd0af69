package dev.overdue.api.http;

import java.util.List;

/**
 * A page of a task list. {@code next} is the cursor of the following page, null on the last one.
 * Lists come from Temporal's visibility store, which trails the workflows by up to a second or two
 * (docs/reference/http-api.md has the measurement): an action on a row that changed meanwhile is
 * answered with what the task is now.
 *
 * @param scanned the approvals read to make the list; when {@code complete} is false the list
 *     stopped at the API's scan limit, and a narrower filter finds the rest
 */
public record TaskPage(List<TaskSummary> tasks, String next, int scanned, boolean complete) {}
