/**
 * The task API's own answers, beyond the workflow's ({@code dev.overdue.api}): its lists, the
 * caller, the actions allowed. The API writes them and the inbox reads them, so each shape is
 * written once.
 */
package dev.overdue.api.http;
