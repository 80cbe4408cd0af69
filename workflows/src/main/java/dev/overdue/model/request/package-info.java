/**
 * A request as it is written, read and checked: the strict JSON reading ({@code RequestJson}),
 * the validator and its limits ({@code RequestValidator}, {@code RequestLimits}), and each part's
 * definitions and their problems: handlers ({@code HandlerDefinitions}, parsed into
 * {@code TimerHandler}s), owners ({@code StepOwnerDefinitions}), four eyes
 * ({@code DutyDefinitions}), schedules, forms ({@code StepForm}, {@code FormField}), Mustache
 * templates ({@code TemplateSyntax}).
 *
 * <p>It knows no running approval: it may import {@code schedule}, {@code expression} and
 * {@code auth}, never tasks, timers or the process, which are built from what it read.
 */
package dev.overdue.model.request;
