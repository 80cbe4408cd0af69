package dev.overdue.api;

import java.util.List;

/** The {@code status} query: the whole approval at a glance. */
public record StatusInfo(
    String requestId,
    String title,
    String requester,
    String state,
    String suspendedReason,
    String currentStep,
    List<StepInfo> steps,
    List<TimerInfo> timers,
    List<WarningInfo> warnings) {}
