package dev.overdue.api;

import java.util.List;
import java.util.Map;

/** The {@code status} query: the whole approval at a glance, its data as it stands now. */
public record StatusInfo(
    String requestId,
    String title,
    String requester,
    String state,
    String suspendedReason,
    String currentStep,
    List<StepInfo> steps,
    List<TimerInfo> timers,
    List<WarningInfo> warnings,
    Map<String, Object> data) {}
