package dev.overdue.api.http;

import java.util.List;

/** What the caller may do with an approval now: the task actions the workflow would accept from them. */
public record Actions(List<String> actions) {}
