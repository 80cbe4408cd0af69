package dev.overdue.api.http;

import java.util.List;

/**
 * A page of a task list, read from the task index (docs/guide/work-lists.md). {@code next} is the
 * cursor of the following page, null on the last one. The index has a change before the Update
 * that made it is answered; a change by a timer shows within the workflow task that made it.
 *
 * @param scanned the rows read to make this page (at most one more than its size)
 * @param complete always true: a list from the task index has every row that matches, however many
 *     (kept for clients of the lists read from Temporal's visibility store, which stopped at a scan
 *     limit)
 * @param total how many rows the list has in all, across its pages
 */
public record TaskPage(List<TaskSummary> tasks, String next, int scanned, boolean complete, long total) {}
