package dev.overdue.api.http;

import java.util.List;

/** The caller as the task API reads them (never their token): who a page is for, and whether they administer Overdue. */
public record Me(String user, List<String> groups, boolean admin) {}
