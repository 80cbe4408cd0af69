package dev.overdue.activities.settings;

/** The worker's own subject and body for one event, replacing Overdue's defaults. */
public record TemplateSettings(String subject, String body) {}
